// fuzz/fuzz_gcm.cpp: AES-GCM and GMAC (aes_gcm, its encryptor and decryptor) against OpenSSL
// libcrypto (EVP aes-*-gcm), on the backend an input byte picks. Properties, per op:
//  0   round trip: seal == OpenSSL (ciphertext and tag, any IV length, AAD, data and allowed tag
//      length); in place and misaligned == the same; open of it gives the data back, out of place
//      and in place; the encryptor and decryptor over arbitrary split points of AAD and data
//      (empty pieces included) == the same, and a copy made mid-message (a fork) too; one flipped
//      bit of the ciphertext, tag, AAD or IV (position from the input) makes open return
//      errc::auth_failed with the output all zero, and OpenSSL rejects it as well.
//  1   open of garbage: the data is a ciphertext and a tag of the chosen length, as they come;
//      open succeeds exactly when OpenSSL's decryption verifies, and then gives OpenSSL's
//      plaintext; otherwise errc::auth_failed and the output all zero. The decryptor's finish()
//      gives the same verdict.
//  2   errors: key lengths other than 16/24/32, an empty IV, tag lengths SP 800-38D does not allow,
//      a short output, partially overlapping in/out, stream calls out of order (aad() after
//      update(), anything after finish()): each is the documented errc, and nothing is written.
//
// Input layout: op, backend, key size, 32 key bytes, IV length byte (< 128: 12 bytes, else 1 +
// byte % 64), 64 IV bytes, tag length index, flags, AAD length (u16 % 2048), the AAD, nsplit,
// nsplit x u16 split, then the data.
#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "fastprim/aes_gcm.hpp"
#include "fuzz.hpp"

namespace {

using fastprim::aes_gcm;
using fastprim::backend;
using fastprim::errc;
using fastprim::primitive;
using bspan = std::span<const std::byte>;
using mspan = std::span<std::byte>;
using bytes = std::vector<std::byte>;

constexpr std::size_t tag_lengths[] = {16, 15, 14, 13, 12, 8, 4};

// ---- OpenSSL -------------------------------------------------------------------------------------
const unsigned char* uc(bspan s) {
  static const unsigned char empty = 0;
  return s.empty() ? &empty : reinterpret_cast<const unsigned char*>(s.data());
}

EVP_CIPHER_CTX* ossl_start(bspan key, bspan iv, bspan aad, bool enc) {
  static EVP_CIPHER* ciphers[3] = {EVP_CIPHER_fetch(nullptr, "AES-128-GCM", nullptr),
                                   EVP_CIPHER_fetch(nullptr, "AES-192-GCM", nullptr),
                                   EVP_CIPHER_fetch(nullptr, "AES-256-GCM", nullptr)};
  static EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  FUZZ_CHECK(
      EVP_CipherInit_ex2(ctx, ciphers[(key.size() - 16) / 8], nullptr, nullptr, enc ? 1 : 0, nullptr) == 1);
  FUZZ_CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(iv.size()), nullptr) == 1);
  FUZZ_CHECK(EVP_CipherInit_ex2(ctx, nullptr, uc(key), uc(iv), enc ? 1 : 0, nullptr) == 1);
  int n = 0;
  if (!aad.empty())
    FUZZ_CHECK(EVP_CipherUpdate(ctx, nullptr, &n, uc(aad), static_cast<int>(aad.size())) == 1);
  return ctx;
}

struct sealed {
  bytes ct, tag;
};
sealed ossl_seal(bspan key, bspan iv, bspan aad, bspan pt, std::size_t tag_len) {
  EVP_CIPHER_CTX* ctx = ossl_start(key, iv, aad, true);
  sealed r{bytes(pt.size() + 16), bytes(16)};
  auto* o = reinterpret_cast<unsigned char*>(r.ct.data());
  int n1 = 0, n2 = 0;
  FUZZ_CHECK(EVP_CipherUpdate(ctx, o, &n1, uc(pt), static_cast<int>(pt.size())) == 1);
  FUZZ_CHECK(EVP_CipherFinal_ex(ctx, o + n1, &n2) == 1);
  r.ct.resize(static_cast<std::size_t>(n1 + n2));
  FUZZ_CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, r.tag.data()) == 1);
  r.tag.resize(tag_len);
  return r;
}
// The plaintext, or nullopt if OpenSSL rejects the tag.
std::optional<bytes> ossl_open(bspan key, bspan iv, bspan aad, bspan ct, bspan tag) {
  EVP_CIPHER_CTX* ctx = ossl_start(key, iv, aad, false);
  bytes pt(ct.size() + 16), t(tag.begin(), tag.end());
  auto* o = reinterpret_cast<unsigned char*>(pt.data());
  int n1 = 0, n2 = 0;
  FUZZ_CHECK(EVP_CipherUpdate(ctx, o, &n1, uc(ct), static_cast<int>(ct.size())) == 1);
  FUZZ_CHECK(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, static_cast<int>(t.size()), t.data()) == 1);
  if (EVP_CipherFinal_ex(ctx, o + n1, &n2) != 1) return std::nullopt;
  pt.resize(static_cast<std::size_t>(n1 + n2));
  return pt;
}

// ---- helpers ---------------------------------------------------------------------------------------
struct params {
  unsigned op;
  backend b;
  bspan key, iv, aad;
  std::size_t tag_len;
  std::uint8_t flags;
  std::vector<std::uint16_t> splits;
  bspan data;
  // Sorted split offsets in [0, n] (repeats give empty pieces), from `splits` starting at `first`.
  std::vector<std::size_t> cuts(std::size_t n, std::size_t first) const {
    std::vector<std::size_t> c{0, n};
    for (std::size_t i = first; i < splits.size(); i += 2) c.push_back(splits[i] % (n + 1));
    std::sort(c.begin(), c.end());
    return c;
  }
};

void check_same(bspan got, bspan want, const char* what, const params& p) {
  FUZZ_CHECK_OR(
      fuzz::same(got, want),
      (std::fprintf(stderr, "  %s, backend %s, tag %zu\n", what,
                    std::string(fastprim::to_string(p.b)).c_str(), p.tag_len),
       fuzz::print_hex("key", p.key), fuzz::print_hex("iv", p.iv), fuzz::print_hex("aad", p.aad),
       fuzz::print_hex("data", p.data), fuzz::print_hex("fastprim", got), fuzz::print_hex("OpenSSL", want)));
}
bool all_zero(bspan s) {
  return std::all_of(s.begin(), s.end(), [](std::byte x) { return x == std::byte{0}; });
}

// A buffer with room for misaligned views.
struct buffer {
  explicit buffer(std::size_t n) : v(n + 64, std::byte{0x5c}) {}
  mspan view(std::size_t off, std::size_t n) { return mspan(v).subspan(off % 64, n); }
  bytes v;
};

// ---- op 0: round trip ------------------------------------------------------------------------------
void round_trip(const params& p, const aes_gcm& g) {
  const sealed want = ossl_seal(p.key, p.iv, p.aad, p.data, p.tag_len);
  const std::size_t n = p.data.size();
  bytes tag(p.tag_len);
  buffer ob(n);
  const mspan out = ob.view(p.flags, n);
  FUZZ_CHECK(g.seal(p.iv, p.aad, p.data, out, tag).has_value());
  check_same(out, want.ct, "seal", p);
  check_same(tag, want.tag, "seal tag", p);
  // in place
  bytes io(p.data.begin(), p.data.end()), tag2(p.tag_len);
  FUZZ_CHECK(g.seal(p.iv, p.aad, io, io, tag2).has_value());
  check_same(io, want.ct, "seal in place", p);
  check_same(tag2, want.tag, "seal in place tag", p);
  // open, out of place and in place
  buffer pb(n);
  const mspan back = pb.view(p.flags >> 2, n);
  FUZZ_CHECK(g.open(p.iv, p.aad, want.ct, want.tag, back).has_value());
  check_same(back, p.data, "open", p);
  FUZZ_CHECK(g.open(p.iv, p.aad, io, tag2, io).has_value());
  check_same(io, p.data, "open in place", p);

  // streams over split points; a fork at the middle split
  const auto acuts = p.cuts(p.aad.size(), 0), dcuts = p.cuts(n, 1);
  auto e = g.encryptor(p.iv);
  FUZZ_CHECK(e.has_value());
  for (std::size_t i = 0; i + 1 < acuts.size(); ++i)
    FUZZ_CHECK(e->aad(p.aad.subspan(acuts[i], acuts[i + 1] - acuts[i])).has_value());
  bytes sct(n), stag(p.tag_len);
  std::optional<fastprim::aes_gcm_encryptor> fork;
  std::size_t fork_at = 0;
  for (std::size_t i = 0; i + 1 < dcuts.size(); ++i) {
    if (i == (dcuts.size() - 1) / 2) {
      fork.emplace(*e);
      fork_at = dcuts[i];
    }
    const std::size_t a = dcuts[i], len = dcuts[i + 1] - a;
    FUZZ_CHECK(e->update(p.data.subspan(a, len), mspan(sct).subspan(a, len)).has_value());
  }
  FUZZ_CHECK(e->finish(stag).has_value());
  check_same(sct, want.ct, "encryptor", p);
  check_same(stag, want.tag, "encryptor tag", p);
  FUZZ_CHECK(fork.has_value());
  bytes fct(n - fork_at), ftag(p.tag_len);
  FUZZ_CHECK(fork->update(p.data.subspan(fork_at), fct).has_value());
  FUZZ_CHECK(fork->finish(ftag).has_value());
  check_same(fct, bspan(want.ct).subspan(fork_at), "encryptor fork", p);
  check_same(ftag, want.tag, "encryptor fork tag", p);
  auto d = g.decryptor(p.iv);
  FUZZ_CHECK(d.has_value());
  for (std::size_t i = 0; i + 1 < acuts.size(); ++i)
    FUZZ_CHECK(d->aad(p.aad.subspan(acuts[i], acuts[i + 1] - acuts[i])).has_value());
  bytes spt(n);
  for (std::size_t i = 0; i + 1 < dcuts.size(); ++i) {
    const std::size_t a = dcuts[i], len = dcuts[i + 1] - a;
    FUZZ_CHECK(d->update(bspan(want.ct).subspan(a, len), mspan(spt).subspan(a, len)).has_value());
  }
  FUZZ_CHECK(d->finish(want.tag).has_value());
  check_same(spt, p.data, "decryptor", p);

  // one flipped bit
  bytes c = want.ct, t = want.tag, a(p.aad.begin(), p.aad.end()), v(p.iv.begin(), p.iv.end());
  const unsigned field = (p.flags >> 4) % 4;
  bytes& target = field == 0 ? c : field == 1 ? t : field == 2 ? a : v;
  if (target.empty()) return;  // no ciphertext or no AAD to flip
  const std::size_t bit = (p.splits.empty() ? 0 : p.splits.back()) % (8 * target.size());
  target[bit / 8] ^= std::byte(1u << (bit % 8));
  FUZZ_CHECK(!ossl_open(p.key, v, a, c, t).has_value());
  bytes o(n, std::byte{0xa5});
  const auto r = g.open(v, a, c, t, o);
  FUZZ_CHECK_OR(r.code() == errc::auth_failed && all_zero(o),
                (std::fprintf(stderr, "  field %u bit %zu\n", field, bit), fuzz::print_hex("output", o)));
}

// ---- op 1: open of garbage -------------------------------------------------------------------------
void open_garbage(const params& p, const aes_gcm& g) {
  const std::size_t tl = std::min(p.tag_len, p.data.size());
  if (tl != p.tag_len) return;  // too short for a tag: op 2 covers bad tag lengths
  const bspan ct = p.data.first(p.data.size() - tl), tag = p.data.last(tl);
  const auto want = ossl_open(p.key, p.iv, p.aad, ct, tag);
  bytes out(ct.size(), std::byte{0xa5});
  const auto r = g.open(p.iv, p.aad, ct, tag, out);
  FUZZ_CHECK_OR(r.has_value() == want.has_value(),
                (std::fprintf(stderr, "  fastprim %s, OpenSSL %s\n", r.has_value() ? "accepts" : "rejects",
                              want ? "accepts" : "rejects"),
                 fuzz::print_hex("key", p.key), fuzz::print_hex("iv", p.iv), fuzz::print_hex("aad", p.aad),
                 fuzz::print_hex("ct", ct), fuzz::print_hex("tag", tag)));
  if (want) {
    check_same(out, *want, "open of an accepted message", p);
  } else {
    FUZZ_CHECK(r.code() == errc::auth_failed);
    FUZZ_CHECK(all_zero(out));
  }
  auto d = g.decryptor(p.iv);
  FUZZ_CHECK(d.has_value());
  FUZZ_CHECK(d->aad(p.aad).has_value());
  bytes o2(ct.size());
  FUZZ_CHECK(d->update(ct, o2).has_value());
  FUZZ_CHECK(d->finish(tag).has_value() == want.has_value());
  if (want) check_same(o2, *want, "decryptor of an accepted message", p);
}

// ---- op 2: errors ------------------------------------------------------------------------------------
void errors(const params& p, const aes_gcm& g) {
  const std::size_t bad_key = p.flags % 40;
  if (bad_key != 16 && bad_key != 24 && bad_key != 32) {
    const bytes k(bad_key, std::byte{1});
    FUZZ_CHECK(aes_gcm::create(k, p.b).code() == errc::bad_key_length);
  }
  const std::size_t n = p.data.size();
  buffer ob(n + 32);
  const mspan all(ob.v);
  std::fill(all.begin(), all.end(), std::byte{0xee});
  const bytes untouched(all.begin(), all.end());
  const mspan out = ob.view(0, n);
  std::array<std::byte, 16> tag{};
  // an empty IV
  FUZZ_CHECK(g.seal(bspan{}, p.aad, p.data, out, tag).code() == errc::bad_iv_length);
  FUZZ_CHECK(g.open(bspan{}, p.aad, p.data, tag, out).code() == errc::bad_iv_length);
  FUZZ_CHECK(g.encryptor(bspan{}).code() == errc::bad_iv_length);
  // a tag length that is not allowed
  const std::size_t bad_tags[] = {0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 17};
  std::array<std::byte, 17> long_tag{};
  const mspan bt = mspan(long_tag).first(bad_tags[p.tag_len % 11]);
  FUZZ_CHECK(g.seal(p.iv, p.aad, p.data, out, bt).code() == errc::bad_tag_length);
  FUZZ_CHECK(g.open(p.iv, p.aad, p.data, bt, out).code() == errc::bad_tag_length);
  FUZZ_CHECK(all_zero(long_tag));
  // a short output
  if (n != 0) {
    FUZZ_CHECK(g.seal(p.iv, p.aad, p.data, out.first(n - 1 - p.flags % n), tag).code() == errc::short_output);
    FUZZ_CHECK(g.open(p.iv, p.aad, p.data, tag, out.first(n - 1 - p.flags % n)).code() == errc::short_output);
  }
  FUZZ_CHECK(fuzz::same(all, untouched));
  // partial overlap: out starts d bytes after (or before) in, within one buffer
  if (n >= 2) {
    const std::size_t d = 1 + p.flags % (std::min<std::size_t>(n, 33) - 1);  // 1 <= d < n
    std::copy(p.data.begin(), p.data.end(), ob.v.begin());
    const mspan lo = mspan(ob.v).first(n), hi = mspan(ob.v).subspan(d, n);
    FUZZ_CHECK(g.seal(p.iv, p.aad, lo, hi, tag).code() == errc::overlap);
    FUZZ_CHECK(g.seal(p.iv, p.aad, hi, lo, tag).code() == errc::overlap);
    FUZZ_CHECK(g.open(p.iv, p.aad, lo, tag, hi).code() == errc::overlap);
    auto e = g.encryptor(p.iv);
    FUZZ_CHECK(e->update(hi, lo).code() == errc::overlap);
    FUZZ_CHECK(fuzz::same(mspan(ob.v).first(n), p.data));
  }
  // order rules
  auto e = g.encryptor(p.iv);
  FUZZ_CHECK(e.has_value());
  bytes o(n);
  FUZZ_CHECK(e->aad(p.aad).has_value());
  FUZZ_CHECK(e->update(p.data, o).has_value());
  if (n != 0) FUZZ_CHECK(e->aad(p.aad).code() == errc::bad_state);
  FUZZ_CHECK(e->finish(mspan(tag).first(p.tag_len)).has_value());
  FUZZ_CHECK(e->aad(p.aad).code() == errc::bad_state);
  FUZZ_CHECK(e->update(p.data, o).code() == errc::bad_state);
  FUZZ_CHECK(e->finish(tag).code() == errc::bad_state);
  auto d = g.decryptor(p.iv);
  FUZZ_CHECK(d->update(p.data, o).has_value());
  (void)d->finish(mspan(tag).first(p.tag_len));
  FUZZ_CHECK(d->finish(mspan(tag).first(p.tag_len)).code() == errc::bad_state);
  FUZZ_CHECK(d->update(p.data, o).code() == errc::bad_state);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::input in(data, size);
  params p;
  p.op = in.u8() % 3;
  p.b = fuzz::pick_backend<primitive::aes_gcm>(in.u8());
  const std::size_t klen = 16 + 8 * in.below(3);
  const bspan keybytes = in.bytes(32);
  const std::uint8_t ivsel = in.u8();
  const std::size_t ivlen = ivsel < 128 ? 12 : 1 + ivsel % 64;
  const bspan ivbytes = in.bytes(64);
  p.tag_len = tag_lengths[in.below(7)];
  p.flags = in.u8();
  p.aad = in.bytes(in.u16() % 2048);
  const std::size_t nsplit = in.u8() % 16;
  for (std::size_t i = 0; i < nsplit; ++i) p.splits.push_back(in.u16());
  p.data = in.rest();
  // Short inputs: the key and IV padded with zeros, so every input decodes.
  std::array<std::byte, 32> key{};
  std::array<std::byte, 64> iv{};
  std::copy(keybytes.begin(), keybytes.end(), key.begin());
  std::copy(ivbytes.begin(), ivbytes.end(), iv.begin());
  p.key = bspan(key).first(klen);
  p.iv = bspan(iv).first(ivlen);

  auto g = aes_gcm::create(p.key, p.b);
  FUZZ_CHECK(g.has_value());
  FUZZ_CHECK(g->backend() == p.b);
  switch (p.op) {
    case 0:
      round_trip(p, *g);
      break;
    case 1:
      open_garbage(p, *g);
      break;
    default:
      errors(p, *g);
      break;
  }
  return 0;
}
