// fuzz/fuzz_aes.cpp: AES-128/192/256 ECB, CBC and CTR, the streaming CTR object and PKCS#7
// against OpenSSL libcrypto (EVP), on the backend an input byte picks. Properties, per op:
//  0-3 ECB/CBC encrypt/decrypt: out of place == OpenSSL; in place == the same; misaligned input
//      and output buffers == the same; chunked at block-aligned split points (CBC: the next IV
//      is the last ciphertext block) == the same; the inverse operation restores the input; a
//      copy of the key object gives the same; a length that is not a multiple of 16 is
//      errc::bad_length and leaves the output untouched.
//  4   CTR, any length, counter blocks biased towards carries (the low bytes 0xff): aes::ctr ==
//      OpenSSL (the whole block is one 128-bit big-endian counter); in place and misaligned ==
//      the same; aes_ctr over arbitrary split points, a copy forking the stream, and reset()
//      == the same.
//  5   PKCS#7 pad: the padded length and bytes are right (checked here independently); in
//      place == out of place; CBC or ECB of the padded data == OpenSSL with its padding on;
//      unpad(pad(x)) == |x|; pad and unpad with any block size 1..255; a short output is
//      errc::short_output, block sizes 0 and 256 are errc::bad_argument.
//  6   PKCS#7 unpad of arbitrary data: an error exactly when OpenSSL's padding check (EVP
//      decryption with padding of the ECB encryption of the data) fails, else the same length;
//      with any block size: the same verdict as a plain reference check written here.
//  7   errors: key lengths other than 16/24/32, backends that do not implement AES or are not
//      usable here, IVs that are not 16 bytes, short outputs, partially overlapping in/out
//      (ECB, CBC, CTR, aes_ctr, single blocks), a single block that is not 16 bytes: each is
//      the documented errc, and nothing is written.
//
// Input layout: op, backend, key size, 32 key bytes, 16 IV bytes, IV carry bias, flags,
// nsplit, nsplit x u16 split, then the data.
#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <vector>

#include "fastprim/aes.hpp"
#include "fastprim/pkcs7.hpp"
#include "fuzz.hpp"

namespace {

using fastprim::aes;
using fastprim::aes_ctr;
using fastprim::backend;
using fastprim::errc;
using fastprim::primitive;
using bspan = std::span<const std::byte>;
using bytes = std::vector<std::byte>;

enum class mode { ecb, cbc, ctr };

// ---- OpenSSL -------------------------------------------------------------------------------------
const EVP_CIPHER* cipher(mode m, std::size_t key_len) {
  static const auto table = [] {
    std::array<std::array<EVP_CIPHER*, 3>, 3> t{};
    const char* names[3][3] = {{"AES-128-ECB", "AES-192-ECB", "AES-256-ECB"},
                               {"AES-128-CBC", "AES-192-CBC", "AES-256-CBC"},
                               {"AES-128-CTR", "AES-192-CTR", "AES-256-CTR"}};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) t[i][j] = EVP_CIPHER_fetch(nullptr, names[i][j], nullptr);
    return t;
  }();
  return table[static_cast<int>(m)][(key_len - 16) / 8];
}

const unsigned char* uc(bspan s) {
  static const unsigned char empty = 0;
  return s.empty() ? &empty : reinterpret_cast<const unsigned char*>(s.data());
}

// OpenSSL's result, or nullopt if it reports an error (with `pad`: a padding check failure).
std::optional<bytes> ossl(mode m, bool enc, bool pad, bspan key, bspan iv, bspan in) {
  static EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  FUZZ_CHECK(EVP_CipherInit_ex2(ctx, cipher(m, key.size()), uc(key), m == mode::ecb ? nullptr : uc(iv),
                                enc ? 1 : 0, nullptr) == 1);
  EVP_CIPHER_CTX_set_padding(ctx, pad ? 1 : 0);
  bytes out(in.size() + 32);
  auto* o = reinterpret_cast<unsigned char*>(out.data());
  int n1 = 0, n2 = 0;
  FUZZ_CHECK(EVP_CipherUpdate(ctx, o, &n1, uc(in), static_cast<int>(in.size())) == 1);
  if (EVP_CipherFinal_ex(ctx, o + n1, &n2) != 1) return std::nullopt;
  out.resize(static_cast<std::size_t>(n1 + n2));
  return out;
}

// ---- helpers ---------------------------------------------------------------------------------------
void check_same(bspan got, bspan want, const char* what, bspan key, bspan iv, bspan in, backend b) {
  FUZZ_CHECK_OR(
      fuzz::same(got, want),
      (std::fprintf(stderr, "  %s, backend %s\n", what, std::string(fastprim::to_string(b)).c_str()),
       fuzz::print_hex("key", key), fuzz::print_hex("iv", iv), fuzz::print_hex("input", in),
       fuzz::print_hex("fastprim", got), fuzz::print_hex("OpenSSL", want)));
}

// A buffer with room for misaligned views: view(off, n) starts `off` bytes into a 64-aligned block.
struct buffer {
  explicit buffer(std::size_t n) : v(n + 128, std::byte{0x5c}) {}
  std::span<std::byte> view(std::size_t off, std::size_t n) {
    const auto base = reinterpret_cast<std::uintptr_t>(v.data());
    const std::size_t skip = ((64 - base % 64) % 64) + off % 64;
    return std::span(v).subspan(skip, n);
  }
  std::vector<std::byte> v;
};

struct params {
  unsigned op;
  backend b;
  bspan key;
  std::array<std::byte, 16> iv;
  std::uint8_t flags;
  std::vector<std::uint16_t> splits;
  bspan data;
  // Sorted split offsets in [0, n], each rounded down to a multiple of `unit`.
  std::vector<std::size_t> cuts(std::size_t n, std::size_t unit) const {
    std::vector<std::size_t> c;
    for (std::uint16_t s : splits) c.push_back((s % (n / unit + 1)) * unit);
    c.push_back(n);
    std::sort(c.begin(), c.end());
    return c;
  }
};

// ---- ECB / CBC ------------------------------------------------------------------------------------
fastprim::result<void> run(const aes& c, mode m, bool enc, bspan iv, bspan in, std::span<std::byte> out) {
  if (m == mode::ecb) return enc ? c.encrypt_ecb(in, out) : c.decrypt_ecb(in, out);
  if (m == mode::cbc) return enc ? c.encrypt_cbc(iv, in, out) : c.decrypt_cbc(iv, in, out);
  return c.ctr(iv, in, out);
}

void fuzz_ecb_cbc(const params& p, const aes& c, mode m, bool enc) {
  const bspan iv = p.iv;
  const bspan in = p.data.first(p.data.size() / 16 * 16);
  const auto want = ossl(m, enc, false, p.key, iv, in);
  FUZZ_CHECK(want.has_value());
  bytes out(in.size());
  FUZZ_CHECK(run(c, m, enc, iv, in, out).has_value());
  check_same(out, *want, "out of place", p.key, iv, in, c.backend());

  bytes inplace(in.begin(), in.end());
  FUZZ_CHECK(run(c, m, enc, iv, inplace, inplace).has_value());
  check_same(inplace, *want, "in place", p.key, iv, in, c.backend());

  buffer bi(in.size()), bo(in.size());
  const auto vin = bi.view(p.flags & 15, in.size());
  const auto vout = bo.view((p.flags >> 4) & 15, in.size());
  std::copy(in.begin(), in.end(), vin.begin());
  FUZZ_CHECK(run(c, m, enc, iv, vin, vout).has_value());
  check_same(vout, *want, "misaligned buffers", p.key, iv, in, c.backend());

  // Chunks at block boundaries; CBC carries the last ciphertext block as the next IV.
  bytes chunked(in.size());
  std::array<std::byte, 16> chain = p.iv;
  std::size_t from = 0;
  for (std::size_t to : p.cuts(in.size(), 16)) {
    const bspan part = in.subspan(from, to - from);
    FUZZ_CHECK(run(c, m, enc, chain, part, std::span(chunked).subspan(from, to - from)).has_value());
    if (to > from) {
      const bspan last_ct = enc ? bspan(chunked).subspan(to - 16, 16) : in.subspan(to - 16, 16);
      std::copy(last_ct.begin(), last_ct.end(), chain.begin());
    }
    from = to;
  }
  check_same(chunked, *want, "chunked", p.key, iv, in, c.backend());

  bytes back(in.size());
  FUZZ_CHECK(run(c, m, !enc, iv, out, back).has_value());
  check_same(back, in, "inverse restores the input", p.key, iv, in, c.backend());

  const aes copy = c;
  bytes out2(in.size());
  FUZZ_CHECK(run(copy, m, enc, iv, in, out2).has_value());
  check_same(out2, *want, "copied key object", p.key, iv, in, c.backend());

  if (p.data.size() % 16 != 0) {
    bytes untouched(p.data.size(), std::byte{0x77});
    FUZZ_CHECK(run(c, m, enc, iv, p.data, untouched).code() == errc::bad_length);
    FUZZ_CHECK(
        std::all_of(untouched.begin(), untouched.end(), [](std::byte x) { return x == std::byte{0x77}; }));
  }
}

// ---- CTR ------------------------------------------------------------------------------------------
void fuzz_ctr(const params& p, const aes& c) {
  const bspan iv = p.iv;
  const bspan in = p.data;
  const auto want = ossl(mode::ctr, true, false, p.key, iv, in);
  FUZZ_CHECK(want.has_value());
  bytes out(in.size());
  FUZZ_CHECK(c.ctr(iv, in, out).has_value());
  check_same(out, *want, "CTR", p.key, iv, in, c.backend());

  bytes inplace(in.begin(), in.end());
  FUZZ_CHECK(c.ctr(iv, inplace, inplace).has_value());
  check_same(inplace, *want, "CTR in place", p.key, iv, in, c.backend());

  buffer bi(in.size()), bo(in.size());
  const auto vin = bi.view(p.flags & 15, in.size());
  const auto vout = bo.view((p.flags >> 4) & 15, in.size());
  std::copy(in.begin(), in.end(), vin.begin());
  FUZZ_CHECK(c.ctr(iv, vin, vout).has_value());
  check_same(vout, *want, "CTR misaligned", p.key, iv, in, c.backend());

  // The stream over arbitrary split points, forked by a copy at one of them.
  auto s = aes_ctr::create(c, iv);
  FUZZ_CHECK(s.has_value());
  const auto cuts = p.cuts(in.size(), 1);
  const std::size_t fork_at = p.flags % cuts.size();
  bytes streamed(in.size()), forked(in.size());
  std::optional<aes_ctr> f;
  std::size_t from = 0;
  for (std::size_t i = 0; i < cuts.size(); ++i) {
    const std::size_t to = cuts[i];
    FUZZ_CHECK(
        s->update(in.subspan(from, to - from), std::span(streamed).subspan(from, to - from)).has_value());
    if (i == fork_at) {
      f.emplace(*s);
      std::copy(streamed.begin(), streamed.begin() + static_cast<std::ptrdiff_t>(to), forked.begin());
      FUZZ_CHECK(f->update(in.subspan(to), std::span(forked).subspan(to)).has_value());
    }
    from = to;
  }
  check_same(streamed, *want, "aes_ctr over split points", p.key, iv, in, c.backend());
  check_same(forked, *want, "aes_ctr forked", p.key, iv, in, c.backend());
  FUZZ_CHECK(s->reset(iv).has_value());
  bytes again(in.size());
  FUZZ_CHECK(s->update(in, again).has_value());
  check_same(again, *want, "aes_ctr after reset", p.key, iv, in, c.backend());
}

// ---- PKCS#7 -----------------------------------------------------------------------------------------
// The plain reference check: the message length, or nullopt.
std::optional<std::size_t> ref_unpad(bspan d, std::size_t block) {
  if (d.empty() || d.size() % block != 0) return std::nullopt;
  const std::size_t pad = std::to_integer<std::size_t>(d.back());
  if (pad == 0 || pad > block) return std::nullopt;
  for (std::size_t i = d.size() - pad; i < d.size(); ++i)
    if (std::to_integer<std::size_t>(d[i]) != pad) return std::nullopt;
  return d.size() - pad;
}

void fuzz_pad(const params& p, const aes& c) {
  const bspan in = p.data;
  const std::size_t n = in.size();
  const std::size_t total = fastprim::pkcs7_padded_size(n);
  FUZZ_CHECK(total > n && total - n <= 16 && total % 16 == 0);
  bytes padded(total + 1, std::byte{0x33});
  const auto r = fastprim::pkcs7_pad(in, padded);
  FUZZ_CHECK(r.has_value() && *r == total);
  FUZZ_CHECK(fuzz::same(bspan(padded).first(n), in));
  for (std::size_t i = n; i < total; ++i) FUZZ_CHECK(padded[i] == std::byte(total - n));
  FUZZ_CHECK(padded[total] == std::byte{0x33});
  padded.pop_back();

  bytes inplace(total);
  std::copy(in.begin(), in.end(), inplace.begin());
  FUZZ_CHECK(fastprim::pkcs7_pad(bspan(inplace).first(n), inplace).has_value());
  FUZZ_CHECK(inplace == padded);

  const mode m = (p.flags & 1) ? mode::ecb : mode::cbc;
  const auto want = ossl(m, true, true, p.key, p.iv, in);
  FUZZ_CHECK(want.has_value());
  bytes ct(total);
  FUZZ_CHECK(run(c, m, true, p.iv, padded, ct).has_value());
  check_same(ct, *want, "padded encryption", p.key, p.iv, in, c.backend());

  const auto u = fastprim::pkcs7_unpad(padded);
  FUZZ_CHECK(u.has_value() && *u == n);

  bytes short_out(total - 1, std::byte{0x44});
  FUZZ_CHECK(fastprim::pkcs7_pad(in, short_out).code() == errc::short_output);
  FUZZ_CHECK(
      std::all_of(short_out.begin(), short_out.end(), [](std::byte x) { return x == std::byte{0x44}; }));

  // Any block size.
  const std::size_t bs = 1 + p.flags % 255;
  const std::size_t tb = fastprim::pkcs7_padded_size(n, bs);
  FUZZ_CHECK(tb > n && tb - n <= bs && tb % bs == 0);
  bytes pb(tb);
  const auto rb = fastprim::pkcs7_pad(in, pb, bs);
  FUZZ_CHECK(rb.has_value() && *rb == tb);
  const auto ub = fastprim::pkcs7_unpad(pb, bs);
  FUZZ_CHECK(ub.has_value() && *ub == n);
  FUZZ_CHECK(ref_unpad(pb, bs) == n);
  FUZZ_CHECK(fastprim::pkcs7_pad(in, pb, 0).code() == errc::bad_argument);
  FUZZ_CHECK(fastprim::pkcs7_pad(in, pb, 256).code() == errc::bad_argument);
  FUZZ_CHECK(fastprim::pkcs7_unpad(pb, 0).code() == errc::bad_argument);
  FUZZ_CHECK(fastprim::pkcs7_unpad(pb, 256).code() == errc::bad_argument);
}

void fuzz_unpad(const params& p) {
  const bspan d = p.data.first(p.data.size() / 16 * 16);
  const auto u = fastprim::pkcs7_unpad(d);
  if (d.empty()) {
    FUZZ_CHECK(u.code() == errc::bad_length);
  } else {
    // OpenSSL's check: decrypting E(d) with padding on removes exactly the padding of d.
    const auto ct = ossl(mode::ecb, true, false, p.key, p.iv, d);
    FUZZ_CHECK(ct.has_value());
    const auto plain = ossl(mode::ecb, false, true, p.key, p.iv, *ct);
    FUZZ_CHECK_OR(
        u.has_value() == plain.has_value(),
        (fuzz::print_hex("data", d), std::fprintf(stderr, "  fastprim %s, OpenSSL %s\n",
                                                  u ? "accepts" : "rejects", plain ? "accepts" : "rejects")));
    if (u) {
      FUZZ_CHECK(*u == plain->size());
      FUZZ_CHECK(fuzz::same(bspan(*plain), d.first(*u)));
    } else {
      FUZZ_CHECK(u.code() == errc::bad_padding);
    }
  }
  // Any block size, against the reference check; lengths that are not a multiple are errors.
  const std::size_t bs = 1 + p.flags % 255;
  const auto ub = fastprim::pkcs7_unpad(p.data, bs);
  const auto rb = ref_unpad(p.data, bs);
  FUZZ_CHECK(ub.has_value() == rb.has_value());
  if (ub) FUZZ_CHECK(*ub == *rb);
  if (p.data.empty() || p.data.size() % bs != 0)
    FUZZ_CHECK(ub.code() == errc::bad_length);
  else if (!ub)
    FUZZ_CHECK(ub.code() == errc::bad_padding);
}

// ---- errors ------------------------------------------------------------------------------------------
// The backends that implement AES are the ones in its dispatch table (dispatch/aes.hpp).
bool is_aes_backend(backend b) {
  const auto table = fastprim::detail::order<primitive::aes>();
  return std::find(table.begin(), table.end(), b) != table.end();
}

template <class F>
void expect_error_untouched(errc want, std::span<std::byte> watched, F call) {
  const bytes before(watched.begin(), watched.end());
  const errc got = call().code();
  FUZZ_CHECK_OR(got == want, std::fprintf(stderr, "  got '%s', expected '%s'\n",
                                          std::string(fastprim::message(got)).c_str(),
                                          std::string(fastprim::message(want)).c_str()));
  FUZZ_CHECK(std::equal(before.begin(), before.end(), watched.begin()));
}

void fuzz_errors(const params& p, fuzz::input& in) {
  // Keys of other lengths.
  const std::size_t klen = in.below(65);
  const bytes key(klen, std::byte{0x2b});
  const auto bad_key = aes::create(key);
  FUZZ_CHECK(bad_key.has_value() == (klen == 16 || klen == 24 || klen == 32));
  if (!bad_key) FUZZ_CHECK(bad_key.code() == errc::bad_key_length);
  // Backends.
  const auto& usable = fuzz::backends<primitive::aes>();
  for (backend b : fastprim::all_backends) {
    const auto r = aes::create(p.key, b);
    if (std::find(usable.begin(), usable.end(), b) != usable.end()) FUZZ_CHECK(r.has_value());
    if (!is_aes_backend(b)) FUZZ_CHECK(r.code() == errc::unavailable_backend);
    if (r) FUZZ_CHECK(r->backend() == b && r->key_size() == p.key.size());
  }

  const aes c = *aes::create(p.key, p.b);
  const bspan data = p.data;
  const std::size_t n = data.size() / 16 * 16;
  const bspan blocks = data.first(n);
  bytes out(data.size() + 32, std::byte{0x11});

  // IVs that are not 16 bytes.
  const std::size_t ivlen = in.below(33);
  const bytes iv(ivlen, std::byte{0x01});
  if (ivlen != 16) {
    expect_error_untouched(errc::bad_iv_length, out, [&] { return c.encrypt_cbc(iv, blocks, out); });
    expect_error_untouched(errc::bad_iv_length, out, [&] { return c.decrypt_cbc(iv, blocks, out); });
    expect_error_untouched(errc::bad_iv_length, out, [&] { return c.ctr(iv, data, out); });
    FUZZ_CHECK(aes_ctr::create(c, bspan(iv)).code() == errc::bad_iv_length);
    auto s = aes_ctr::create(c, bspan(p.iv));
    FUZZ_CHECK(s.has_value() && s->reset(iv).code() == errc::bad_iv_length);
  }

  // Short outputs.
  if (n != 0) {
    const auto so = std::span(out).first(n - 1 - in.below(std::min<std::size_t>(n, 255)));
    expect_error_untouched(errc::short_output, out, [&] { return c.encrypt_ecb(blocks, so); });
    expect_error_untouched(errc::short_output, out, [&] { return c.decrypt_ecb(blocks, so); });
    expect_error_untouched(errc::short_output, out, [&] { return c.encrypt_cbc(p.iv, blocks, so); });
    expect_error_untouched(errc::short_output, out, [&] { return c.decrypt_cbc(p.iv, blocks, so); });
    expect_error_untouched(errc::short_output, out, [&] { return c.ctr(p.iv, blocks, so); });
  }

  // Partial overlap inside one buffer: in at 16, out at 16 + d, 0 < |d| < length.
  if (data.size() >= 2) {
    const std::size_t len = data.size();
    bytes buf(len * 2 + 64, std::byte{0x22});
    std::copy(data.begin(), data.end(), buf.begin() + 32);
    const std::size_t d = 1 + in.below(std::min<std::size_t>(len - 1, 255));  // 1 <= d < len
    const bool ahead = (p.flags & 1) != 0;
    const std::size_t ib = 32, ob = ahead ? 32 + d : 32 - std::min<std::size_t>(d, 32);
    if (ob != ib) {
      const bspan vin = std::span(buf).subspan(ib, len);
      const auto vout = std::span(buf).subspan(ob, len);
      expect_error_untouched(errc::overlap, buf, [&] { return c.ctr(p.iv, vin, vout); });
      auto s = aes_ctr::create(c, bspan(p.iv));
      expect_error_untouched(errc::overlap, buf, [&] { return s->update(vin, vout); });
      if (len >= 16) {
        const std::size_t m = len / 16 * 16;
        if (ob < ib + m && ib < ob + m) {
          expect_error_untouched(errc::overlap, buf,
                                 [&] { return c.encrypt_ecb(vin.first(m), vout.first(m)); });
          expect_error_untouched(errc::overlap, buf,
                                 [&] { return c.decrypt_ecb(vin.first(m), vout.first(m)); });
          expect_error_untouched(errc::overlap, buf,
                                 [&] { return c.encrypt_cbc(p.iv, vin.first(m), vout.first(m)); });
          expect_error_untouched(errc::overlap, buf,
                                 [&] { return c.decrypt_cbc(p.iv, vin.first(m), vout.first(m)); });
        }
        if (ob < ib + 16 && ib < ob + 16) {
          expect_error_untouched(errc::overlap, buf,
                                 [&] { return c.encrypt_block(vin.first(16), vout.first(16)); });
          expect_error_untouched(errc::overlap, buf,
                                 [&] { return c.decrypt_block(vin.first(16), vout.first(16)); });
        }
      }
    }
  }

  // Single blocks: exactly 16 bytes in; equal to ECB on that block otherwise.
  const bspan one = data.first(std::min<std::size_t>(data.size(), 17));
  if (one.size() != 16) {
    expect_error_untouched(errc::bad_length, out, [&] { return c.encrypt_block(one, out); });
    expect_error_untouched(errc::bad_length, out, [&] { return c.decrypt_block(one, out); });
  } else {
    bytes a(16), b(16);
    FUZZ_CHECK(c.encrypt_block(one, a).has_value() && c.encrypt_ecb(one, b).has_value() && a == b);
    FUZZ_CHECK(c.decrypt_block(one, a).has_value() && c.decrypt_ecb(one, b).has_value() && a == b);
    expect_error_untouched(errc::short_output, out,
                           [&] { return c.encrypt_block(one, std::span(out).first(15)); });
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::input in{data, size};
  params p;
  p.op = in.below(8);
  p.b = fuzz::pick_backend<primitive::aes>(in.u8());
  const std::size_t key_len = 16 + 8 * in.below(3);
  const bspan key32 = in.bytes(32);
  static std::array<std::byte, 32> key_buf;
  key_buf.fill(std::byte{0});
  std::copy(key32.begin(), key32.end(), key_buf.begin());
  p.key = bspan(key_buf).first(key_len);
  const bspan iv = in.bytes(16);
  p.iv.fill(std::byte{0});
  std::copy(iv.begin(), iv.end(), p.iv.begin());
  // Counter carries: the low `k` bytes of the counter block set to 0xff.
  const unsigned bias = in.u8();
  if (bias >= 128)
    for (unsigned i = 16 - (bias & 15); i < 16; ++i) p.iv[i] = std::byte{0xff};
  p.flags = in.u8();
  const std::size_t nsplit = in.below(9);
  for (std::size_t i = 0; i < nsplit; ++i) p.splits.push_back(in.u16());
  // The error op reads four more bytes before its data.
  std::uint8_t extra[4] = {};
  if (p.op == 7)
    for (auto& e : extra) e = in.u8();
  p.data = in.rest();

  const auto c = aes::create(p.key, p.b);
  FUZZ_CHECK(c.has_value() && c->backend() == p.b && c->key_size() == key_len);
  switch (p.op) {
    case 0:
    case 1:
      fuzz_ecb_cbc(p, *c, mode::ecb, p.op == 0);
      break;
    case 2:
    case 3:
      fuzz_ecb_cbc(p, *c, mode::cbc, p.op == 2);
      break;
    case 4:
      fuzz_ctr(p, *c);
      break;
    case 5:
      fuzz_pad(p, *c);
      break;
    case 6:
      fuzz_unpad(p);
      break;
    default: {
      fuzz::input ein{extra, sizeof extra};
      fuzz_errors(p, ein);
      break;
    }
  }
  return 0;
}
