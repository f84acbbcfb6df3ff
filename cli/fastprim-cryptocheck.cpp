// fastprim-cryptocheck: fastprim against outside references on random keys and inputs, for every
// algorithm and every backend this machine has (after FreeBSD's cryptocheck(1)). The references
// are OpenSSL's libcrypto (EVP ciphers and digests, HMAC) and libxxhash (XXH64).
//
//   fastprim-cryptocheck                      # every algorithm, every backend, every size
//   fastprim-cryptocheck -z -a aes-gcm128 -b x86_vaes,scalar --seed 42
//   FASTPRIM_BACKEND=scalar fastprim-cryptocheck -z
//
// One line per case (algorithm, size, backend): `aes-xts256 (4096) matched [x86_vaes]`, or
// MISMATCH with a hex hint on stderr. Every case of one algorithm and size gets the same inputs,
// drawn from the seed, the algorithm's name and the size: `--seed N` with any -a and -b repeats a
// case exactly. Keyed objects are built for each backend (`create(key, backend)`); the hashes,
// whose backend the dispatcher chooses, are pinned to each in turn and the line names the token
// dispatch then used. The list of backends honours FASTPRIM_BACKEND and FASTPRIM_DISABLE as the
// test suites do: with FASTPRIM_BACKEND set, only the one dispatch picks.
// Exit status: 0 all matched; 1 a mismatch or an error in a case; 2 bad usage (options, unknown
// tokens in FASTPRIM_BACKEND / FASTPRIM_DISABLE, nothing selected).
// The random inputs come from std::mt19937_64: test data, never key material.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <boost/program_options.hpp>
#include <charconv>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "cli_io.hpp"
#include "fastprim/fastprim.hpp"
#if __has_include("fastprim/authenc.hpp")
#include "fastprim/authenc.hpp"
#define FASTPRIM_CRYPTOCHECK_AUTHENC 1
#else
#define FASTPRIM_CRYPTOCHECK_AUTHENC 0
#endif

namespace {

using fastprim::backend;
using fastprim::primitive;
using bytes = std::vector<std::byte>;
using cbytes = std::span<const std::byte>;

constexpr const char* prog = "fastprim-cryptocheck";

std::string hex(cbytes b) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  for (std::byte x : b) {
    s += digits[std::to_integer<unsigned>(x) >> 4];
    s += digits[std::to_integer<unsigned>(x) & 15];
  }
  return s;
}

bytes be64(std::uint64_t v) {
  bytes b(8);
  for (int i = 0; i < 8; ++i) b[i] = std::byte(static_cast<unsigned char>(v >> (56 - 8 * i)));
  return b;
}

// ---- the references ---------------------------------------------------------------------------------
// Any failure of libcrypto throws: the case is then an error, never a silent match.

[[noreturn]] void ossl_fail(const std::string& what) {
  throw std::runtime_error("OpenSSL: " + what + " failed");
}

const unsigned char* ossl_in(cbytes s) {
  static const unsigned char empty = 0;  // OpenSSL rejects a null pointer even for length 0
  return s.empty() ? &empty : reinterpret_cast<const unsigned char*>(s.data());
}
unsigned char* ossl_out(bytes& b) { return reinterpret_cast<unsigned char*>(b.data()); }

struct ctx_free {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
};
using cipher_ctx = std::unique_ptr<EVP_CIPHER_CTX, ctx_free>;

cipher_ctx new_ctx() {
  cipher_ctx c(EVP_CIPHER_CTX_new());
  if (!c) ossl_fail("EVP_CIPHER_CTX_new");
  return c;
}

enum class mode { ecb, cbc, ctr, xts };
constexpr std::string_view to_string(mode m) {
  switch (m) {
    case mode::ecb:
      return "ecb";
    case mode::cbc:
      return "cbc";
    case mode::ctr:
      return "ctr";
    case mode::xts:
      return "xts";
  }
  return "?";
}

const EVP_CIPHER* evp_cipher(mode m, std::size_t key_size) {
  switch (m) {
    case mode::ecb:
      return key_size == 16 ? EVP_aes_128_ecb() : key_size == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
    case mode::cbc:
      return key_size == 16 ? EVP_aes_128_cbc() : key_size == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
    case mode::ctr:
      return key_size == 16 ? EVP_aes_128_ctr() : key_size == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
    case mode::xts:
      return key_size == 32 ? EVP_aes_128_xts() : EVP_aes_256_xts();  // K1 || K2
  }
  return nullptr;
}

// AES in mode `m` over `in`, no padding; `iv` empty for ECB (the tweak for XTS).
bytes ossl_aes(mode m, cbytes key, cbytes iv, cbytes in, bool enc) {
  cipher_ctx c = new_ctx();
  if (EVP_CipherInit_ex(c.get(), evp_cipher(m, key.size()), nullptr, ossl_in(key),
                        iv.empty() ? nullptr : ossl_in(iv), enc ? 1 : 0) != 1)
    ossl_fail("EVP_CipherInit_ex (aes-" + std::string(to_string(m)) + ")");
  EVP_CIPHER_CTX_set_padding(c.get(), 0);
  bytes out(in.size() + 16);
  int n = 0, m2 = 0;
  if (EVP_CipherUpdate(c.get(), ossl_out(out), &n, ossl_in(in), static_cast<int>(in.size())) != 1)
    ossl_fail("EVP_CipherUpdate");
  if (EVP_CipherFinal_ex(c.get(), ossl_out(out) + n, &m2) != 1) ossl_fail("EVP_CipherFinal_ex");
  out.resize(static_cast<std::size_t>(n + m2));
  return out;
}

// AES-GCM seal: ciphertext, then the full 16-byte tag (a shorter tag is its first bytes).
std::pair<bytes, bytes> ossl_gcm_seal(cbytes key, cbytes iv, cbytes aad, cbytes pt) {
  const EVP_CIPHER* ciph = key.size() == 16   ? EVP_aes_128_gcm()
                           : key.size() == 24 ? EVP_aes_192_gcm()
                                              : EVP_aes_256_gcm();
  cipher_ctx c = new_ctx();
  if (EVP_EncryptInit_ex(c.get(), ciph, nullptr, nullptr, nullptr) != 1 ||
      EVP_CIPHER_CTX_ctrl(c.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(iv.size()), nullptr) != 1 ||
      EVP_EncryptInit_ex(c.get(), nullptr, nullptr, ossl_in(key), ossl_in(iv)) != 1)
    ossl_fail("AES-GCM set-up");
  int n = 0, m = 0;
  if (!aad.empty() &&
      EVP_EncryptUpdate(c.get(), nullptr, &n, ossl_in(aad), static_cast<int>(aad.size())) != 1)
    ossl_fail("AES-GCM AAD");
  bytes ct(pt.size() + 16), tag(16);
  if (EVP_EncryptUpdate(c.get(), ossl_out(ct), &n, ossl_in(pt), static_cast<int>(pt.size())) != 1 ||
      EVP_EncryptFinal_ex(c.get(), ossl_out(ct) + n, &m) != 1 ||
      EVP_CIPHER_CTX_ctrl(c.get(), EVP_CTRL_GCM_GET_TAG, 16, tag.data()) != 1)
    ossl_fail("AES-GCM encryption");
  ct.resize(static_cast<std::size_t>(n + m));
  return {ct, tag};
}

bytes ossl_digest(const EVP_MD* md, cbytes msg) {
  bytes out(EVP_MAX_MD_SIZE);
  unsigned len = 0;
  if (EVP_Digest(ossl_in(msg), msg.size(), ossl_out(out), &len, md, nullptr) != 1) ossl_fail("EVP_Digest");
  out.resize(len);
  return out;
}

bytes ossl_hmac(const EVP_MD* md, cbytes key, cbytes msg) {
  bytes out(EVP_MAX_MD_SIZE);
  unsigned len = 0;
  if (HMAC(md, ossl_in(key), static_cast<int>(key.size()), ossl_in(msg), msg.size(), ossl_out(out), &len) ==
      nullptr)
    ossl_fail("HMAC");
  out.resize(len);
  return out;
}

bytes ref_xxh64(cbytes msg, std::uint64_t seed) { return be64(XXH64(ossl_in(msg), msg.size(), seed)); }

// ---- backends: the dispatch layer's lists and pins, by run-time primitive id ----------------------------

std::vector<backend> usable(primitive p) {
  return fastprim::detail::with_primitive(
      p, []<primitive P>() { return fastprim::detail::usable_backends<P>(); });
}
bool pin(primitive p, backend b) {
  return fastprim::detail::with_primitive(
      p, [b]<primitive P>() { return fastprim::detail::pin<P>(b).has_value(); });
}
void unpin(primitive p) {
  fastprim::detail::with_primitive(p, []<primitive P>() {
    fastprim::detail::unpin<P>();
    return true;
  });
}
// Pins `p` to `b` for the scope (nothing if `b` is empty), so that no pin outlives a run that throws.
struct pin_guard {
  primitive p;
  bool pinned;
  pin_guard(primitive prim, std::optional<backend> b) : p(prim), pinned(b && pin(prim, *b)) {}
  ~pin_guard() {
    if (pinned) unpin(p);
  }
  pin_guard(const pin_guard&) = delete;
  pin_guard& operator=(const pin_guard&) = delete;
};
// The backend dispatch uses for P now.
backend dispatched(primitive p) {
  return fastprim::detail::with_primitive(p,
                                          []<primitive P>() { return fastprim::detail::select<P>().token; });
}

// ---- one case: its inputs, and the comparisons that decide it --------------------------------------

// Set by --self-test-corrupt: the first comparison of the run sees one byte of fastprim's output
// flipped, so that a test can prove that the tool reports a mismatch and fails.
bool g_corrupt_pending = false;

// The checks of one backend: each failure keeps a short hint for stderr.
struct outcome {
  std::string ref;  // the reference's name, for the hints
  std::vector<std::string> faults;
  std::string prefix;  // put before each fault (the hash backend of an authenc run)
  std::string info;    // -v: what this backend's run took (authenc: one pass or chunked)

  void fault(std::string s) { faults.push_back(prefix + s); }

  // fastprim's bytes `got` against the reference's `want`.
  void same(std::string_view what, cbytes got, cbytes want) {
    bytes mine(got.begin(), got.end());
    if (g_corrupt_pending && !mine.empty()) {
      g_corrupt_pending = false;
      mine[mine.size() / 2] ^= std::byte{0x01};
    }
    if (mine.size() == want.size() && std::equal(mine.begin(), mine.end(), want.begin())) return;
    std::ostringstream s;
    s << what << ": ";
    if (mine.size() != want.size()) {
      s << "fastprim gave " << mine.size() << " bytes, " << ref << " " << want.size();
      fault(s.str());
      return;
    }
    std::size_t first = 0, count = 0;
    for (std::size_t i = mine.size(); i-- > 0;)
      if (mine[i] != want[i]) first = i, ++count;
    const std::size_t at = first - first % 16, n = std::min<std::size_t>(16, mine.size() - at);
    s << count << " of " << mine.size() << " bytes differ, the first at byte " << first << "\n    fastprim @"
      << at << ": " << hex(cbytes(mine).subspan(at, n)) << "\n    " << ref
      << std::string(8 - std::min<std::size_t>(8, ref.size()), ' ') << " @" << at << ": "
      << hex(want.subspan(at, n));
    fault(s.str());
  }
  // A fastprim call that must succeed.
  template <class T>
  bool ok(std::string_view what, const fastprim::result<T>& r) {
    if (r) return true;
    fault(std::string(what) + ": failed: " + std::string(r.message()));
    return false;
  }
  // A fastprim call that must fail with errc::auth_failed and leave `out` all zero.
  void rejected(std::string_view what, const fastprim::result<void>& r, cbytes out) {
    if (r) {
      fault(std::string(what) + ": accepted, want errc::auth_failed");
    } else if (r.code() != fastprim::errc::auth_failed) {
      fault(std::string(what) + ": want errc::auth_failed, got: " + std::string(r.message()));
    } else if (std::any_of(out.begin(), out.end(), [](std::byte x) { return x != std::byte{0}; })) {
      fault(std::string(what) + ": rejected, but the output is not all zero");
    }
  }
};

// What an algorithm's check draws its inputs from: the random source of the case, and its size.
struct job {
  std::mt19937_64 rng;
  std::size_t size;
  bool verbose;
  std::string notes;                // -v: the parameters of the case
  std::vector<backend> inner = {};  // the algorithm's inner primitive's backends (empty: dispatch's)

  bytes random(std::size_t n) {
    bytes b(n);
    for (std::size_t i = 0; i < n; i += 8) {
      const std::uint64_t v = rng();
      for (std::size_t k = 0; k < 8 && i + k < n; ++k)
        b[i + k] = std::byte(static_cast<unsigned char>(v >> (8 * k)));
    }
    return b;
  }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(rng() % n); }  // [0, n)
  std::size_t between(std::size_t lo, std::size_t hi) { return lo + below(hi - lo + 1); }        // [lo, hi]
  void note(const std::string& s) {
    if (verbose) notes += (notes.empty() ? "" : ", ") + s;
  }
};

// A backend run: the checks write to `o`; the return value is the token the line shows.
using backend_run = std::function<std::string(backend, outcome&)>;

// Runs a backend_run once per backend of the algorithm.
using each_backend = std::function<void(const backend_run&)>;

// ---- the algorithms -------------------------------------------------------------------------------

enum class sizes_rule { any, blocks, at_least_block };

struct algorithm {
  std::string name;
  std::string group;  // cipher, aead, digest, mac, eta (FreeBSD cryptocheck's groups)
  primitive prim;     // whose backends the cases run over
  bool pinned;        // dispatched (hashes): pin `prim` to each backend; keyed: create(key, b)
  sizes_rule rule;
  std::string ref;
  // A dispatched primitive that each backend's run also goes over (authenc: its hash), or none.
  std::optional<primitive> inner;
  // Draws the inputs and computes the reference once, then hands `each` the run of one backend.
  std::function<void(job&, const each_backend& each)> check;
};

// CBC and ECB take whole blocks, XTS at least one, CTR any length.
sizes_rule rule_for(mode m) {
  return m == mode::ctr ? sizes_rule::any : m == mode::xts ? sizes_rule::at_least_block : sizes_rule::blocks;
}

std::string create_failed(outcome& o, std::string_view msg) {
  o.fault("create: " + std::string(msg));
  return "";
}

// The 16-byte initial counter block of a CTR case: random, or close to a carry out of its low 32
// or 64 bits or to the wrap at 2^128, so that the message crosses it (an increment of too few
// bits shows).
bytes ctr_block(job& j) {
  bytes iv = j.random(16);
  const std::size_t kind = j.below(4);
  const std::size_t ff = kind == 0 ? 0 : kind == 1 ? 4 : kind == 2 ? 8 : 16;  // low bytes set to 0xff
  for (std::size_t i = 16 - ff; i < 16; ++i) iv[i] = std::byte{0xff};
  if (ff != 0) iv[15] = std::byte(static_cast<unsigned char>(0xff - j.below(8)));
  j.note("counter block " + hex(iv));
  return iv;
}

// A sector size for encrypt_sectors: the largest proper divisor of `n` of at least 16 bytes, so
// that there are several sectors and, for odd `n`, ciphertext stealing in each; `n` if none.
std::size_t sector_size_for(std::size_t n) {
  for (std::size_t k = 2; n / k >= 16; ++k)
    if (n % k == 0) return n / k;
  return n;
}

// dm-crypt plain64 through OpenSSL: sector i under the tweak first + i, 8 little-endian bytes
// then 8 zero bytes.
bytes ossl_xts_sectors(cbytes key, std::uint64_t first, std::size_t sector, cbytes in, bool enc) {
  bytes out;
  for (std::size_t off = 0; off < in.size(); off += sector, ++first) {
    bytes tweak(16);
    for (int i = 0; i < 8; ++i) tweak[i] = std::byte(static_cast<unsigned char>(first >> (8 * i)));
    const bytes s = ossl_aes(mode::xts, key, tweak, in.subspan(off, sector), enc);
    out.insert(out.end(), s.begin(), s.end());
  }
  return out;
}

algorithm cipher_alg(mode m, unsigned bits) {
  algorithm a{"aes-" + std::string(to_string(m)) + std::to_string(bits),
              "cipher",
              m == mode::xts ? primitive::aes_xts : primitive::aes,
              false,
              rule_for(m),
              "openssl",
              {},
              {}};
  a.check = [m, bits](job& j, const each_backend& each) {
    const bytes key = j.random(m == mode::xts ? bits / 4 : bits / 8);
    const bytes iv = m == mode::ecb ? bytes{} : m == mode::ctr ? ctr_block(j) : j.random(16);
    const bytes pt = j.random(j.size), ct_in = j.random(j.size);  // ct_in: what decryption gets
    const bytes ref_ct = ossl_aes(m, key, iv, pt, true);
    const bytes ref_pt = m == mode::ctr ? bytes{} : ossl_aes(m, key, iv, ct_in, false);
    const std::size_t split = j.below(j.size + 1);
    // XTS: also the sector interface.
    const std::size_t sector = sector_size_for(j.size);
    const std::uint64_t first = j.rng();
    bytes ref_sec_ct, ref_sec_pt;
    if (m == mode::xts) {
      ref_sec_ct = ossl_xts_sectors(key, first, sector, pt, true);
      ref_sec_pt = ossl_xts_sectors(key, first, sector, ct_in, false);
      j.note("sectors of " + std::to_string(sector) + " bytes from " + std::to_string(first));
    } else if (m == mode::ctr) {
      j.note("stream split at " + std::to_string(split));
    }
    each([&](backend b, outcome& o) -> std::string {
      bytes out(j.size);
      if (m == mode::xts) {
        auto x = fastprim::aes_xts::create(key, b);
        if (!x) return create_failed(o, x.message());
        if (o.ok("encrypt", x->encrypt(iv, pt, out))) o.same("encrypt", out, ref_ct);
        if (o.ok("decrypt", x->decrypt(iv, ct_in, out))) o.same("decrypt", out, ref_pt);
        if (o.ok("encrypt_sectors", x->encrypt_sectors(first, sector, pt, out)))
          o.same("encrypt_sectors", out, ref_sec_ct);
        if (o.ok("decrypt_sectors", x->decrypt_sectors(first, sector, ct_in, out)))
          o.same("decrypt_sectors", out, ref_sec_pt);
        return std::string(fastprim::to_string(x->backend()));
      }
      auto a = fastprim::aes::create(key, b);
      if (!a) return create_failed(o, a.message());
      if (m == mode::ecb) {
        if (o.ok("encrypt", a->encrypt_ecb(pt, out))) o.same("encrypt", out, ref_ct);
        if (o.ok("decrypt", a->decrypt_ecb(ct_in, out))) o.same("decrypt", out, ref_pt);
      } else if (m == mode::cbc) {
        if (o.ok("encrypt", a->encrypt_cbc(iv, pt, out))) o.same("encrypt", out, ref_ct);
        if (o.ok("decrypt", a->decrypt_cbc(iv, ct_in, out))) o.same("decrypt", out, ref_pt);
      } else {
        if (o.ok("ctr", a->ctr(iv, pt, out))) o.same("ctr", out, ref_ct);
        // The stream object, the input in two pieces split anywhere.
        auto s = fastprim::aes_ctr::create(*a, iv);
        bytes out2(j.size);
        if (o.ok("aes_ctr::create", s) &&
            o.ok("aes_ctr::update", s->update(cbytes(pt).first(split), std::span(out2).first(split))) &&
            o.ok("aes_ctr::update", s->update(cbytes(pt).subspan(split), std::span(out2).subspan(split))))
          o.same("aes_ctr stream", out2, ref_ct);
      }
      return std::string(fastprim::to_string(a->backend()));
    });
  };
  return a;
}

algorithm gcm_alg(unsigned bits) {
  algorithm a{"aes-gcm" + std::to_string(bits),
              "aead",
              primitive::aes_gcm,
              false,
              sizes_rule::any,
              "openssl",
              {},
              {}};
  a.check = [bits](job& j, const each_backend& each) {
    const bytes key = j.random(bits / 8), iv = j.random(12), aad = j.random(j.below(65));
    const bytes pt = j.random(j.size);
    const auto [ref_ct, ref_tag] = ossl_gcm_seal(key, iv, aad, pt);
    // A second message under an IV of another length (J0 is then GHASH of the IV), with a
    // tag of any allowed length.
    std::size_t iv2_len = j.between(1, 63);
    if (iv2_len == 12) iv2_len = 13;
    const bytes iv2 = j.random(iv2_len);
    constexpr std::size_t tag_lengths[] = {4, 8, 12, 13, 14, 15, 16};
    const std::size_t tag2_len = tag_lengths[j.below(std::size(tag_lengths))];
    const auto [ref_ct2, ref_tag2_full] = ossl_gcm_seal(key, iv2, aad, pt);
    const cbytes ref_tag2 = cbytes(ref_tag2_full).first(tag2_len);
    const std::size_t split = j.below(j.size + 1);
    j.note("aad " + std::to_string(aad.size()) + " bytes; second IV " + std::to_string(iv2_len) + " bytes, " +
           std::to_string(tag2_len) + "-byte tag; stream split at " + std::to_string(split));
    each([&](backend b, outcome& o) -> std::string {
      auto g = fastprim::aes_gcm::create(key, b);
      if (!g) return create_failed(o, g.message());
      bytes ct(j.size), tag(16), back(j.size);
      if (o.ok("seal", g->seal(iv, aad, pt, ct, tag))) {
        o.same("seal ciphertext", ct, ref_ct);
        o.same("seal tag", tag, ref_tag);
        if (o.ok("open of the sealed message", g->open(iv, aad, ct, tag, back)))
          o.same("open of the sealed message", back, pt);
        bytes bad = tag;
        bad[j.size % 16] ^= std::byte{0x80};
        std::fill(back.begin(), back.end(), std::byte{0x5a});
        o.rejected("open with a flipped tag bit", g->open(iv, aad, ct, bad, back), back);
      }
      bytes ct2(j.size), tag2(tag2_len);
      if (o.ok("seal, second IV", g->seal(iv2, aad, pt, ct2, tag2))) {
        o.same("seal ciphertext, second IV", ct2, ref_ct2);
        o.same("seal tag, second IV", tag2, ref_tag2);
        if (o.ok("open, second IV", g->open(iv2, aad, ct2, tag2, back))) o.same("open, second IV", back, pt);
      }
      // The streaming encryptor and decryptor, the AAD and the data each in two pieces.
      const std::size_t asplit = aad.size() / 2;
      auto e = g->encryptor(iv);
      bytes sct(j.size), stag(16);
      if (o.ok("encryptor", e) && o.ok("encryptor aad", e->aad(cbytes(aad).first(asplit))) &&
          o.ok("encryptor aad", e->aad(cbytes(aad).subspan(asplit))) &&
          o.ok("encryptor update", e->update(cbytes(pt).first(split), std::span(sct).first(split))) &&
          o.ok("encryptor update", e->update(cbytes(pt).subspan(split), std::span(sct).subspan(split))) &&
          o.ok("encryptor finish", e->finish(stag))) {
        o.same("encryptor ciphertext", sct, ref_ct);
        o.same("encryptor tag", stag, ref_tag);
      }
      auto d = g->decryptor(iv);
      bytes spt(j.size);
      if (o.ok("decryptor", d) && o.ok("decryptor aad", d->aad(aad)) &&
          o.ok("decryptor update", d->update(cbytes(ref_ct).first(split), std::span(spt).first(split))) &&
          o.ok("decryptor update", d->update(cbytes(ref_ct).subspan(split), std::span(spt).subspan(split))) &&
          o.ok("decryptor finish", d->finish(ref_tag)))
        o.same("decryptor plaintext", spt, pt);
      return std::string(fastprim::to_string(g->backend()));
    });
  };
  return a;
}

template <class H>
algorithm digest_alg(std::string name, primitive p, const EVP_MD* (*md)()) {
  algorithm a{std::move(name), "digest", p, true, sizes_rule::any, "openssl", {}, {}};
  a.check = [md](job& j, const each_backend& each) {
    const bytes msg = j.random(j.size);
    const bytes ref = ossl_digest(md(), msg);
    const std::size_t split = j.below(j.size + 1);
    j.note("update split at " + std::to_string(split));
    each([&](backend, outcome& o) -> std::string {
      o.same("hash", H::hash(msg), ref);
      H h;
      h.update(cbytes(msg).first(split)).update(cbytes(msg).subspan(split));
      o.same("update", h.digest(), ref);
      return "";
    });
  };
  return a;
}

template <class H>
algorithm hmac_alg(std::string name, primitive p, const EVP_MD* (*md)()) {
  algorithm a{std::move(name), "mac", p, true, sizes_rule::any, "openssl", {}, {}};
  a.check = [md](job& j, const each_backend& each) {
    // Keys longer than a block (64 bytes) are hashed first.
    const bytes key = j.random(j.between(0, 131)), msg = j.random(j.size);
    const bytes ref = ossl_hmac(md(), key, msg);
    const std::size_t split = j.below(j.size + 1);
    j.note("key " + std::to_string(key.size()) + " bytes; update split at " + std::to_string(split));
    each([&](backend, outcome& o) -> std::string {
      fastprim::hmac<H> m(key);
      o.same("compute", m.compute(msg), ref);
      m.update(cbytes(msg).first(split)).update(cbytes(msg).subspan(split));
      o.same("update", m.digest(), ref);
      return "";
    });
  };
  return a;
}

// The batch interfaces: 17 messages (one more than the widest batch has lanes), every other one
// of a random length up to the case size. `batch(msgs, out)` is fastprim's call; `ref(msg)` the
// reference's digest.
template <class Out, class Batch, class Ref>
algorithm batch_alg(std::string name, primitive p, std::string ref_name, Batch batch, Ref ref,
                    std::function<bytes(const Out&)> out_bytes) {
  algorithm a{std::move(name), "digest", p, true, sizes_rule::any, std::move(ref_name), {}, {}};
  a.check = [batch, ref, out_bytes](job& j, const each_backend& each) {
    std::vector<bytes> msgs, refs;
    const std::uint64_t seed = j.rng();  // XXH64's
    for (std::size_t i = 0; i < 17; ++i) {
      msgs.push_back(j.random(i % 2 == 0 ? j.size : j.below(j.size + 1)));
      refs.push_back(ref(msgs.back(), seed));
    }
    const std::vector<cbytes> views(msgs.begin(), msgs.end());
    each([&](backend, outcome& o) -> std::string {
      std::vector<Out> out(msgs.size());
      if (o.ok("batch", batch(views, out, seed)))
        for (std::size_t i = 0; i < msgs.size(); ++i)
          o.same("message " + std::to_string(i) + " (" + std::to_string(msgs[i].size()) + " bytes)",
                 out_bytes(out[i]), refs[i]);
      return "";
    });
  };
  return a;
}

algorithm xxh64_alg() {
  algorithm a{"xxh64", "digest", primitive::xxh64, true, sizes_rule::any, "libxxhash", {}, {}};
  a.check = [](job& j, const each_backend& each) {
    const bytes msg = j.random(j.size);
    const std::uint64_t seed = j.rng();
    const bytes ref = ref_xxh64(msg, seed);
    const std::size_t split = j.below(j.size + 1);
    j.note("seed " + std::to_string(seed) + "; update split at " + std::to_string(split));
    each([&](backend, outcome& o) -> std::string {
      o.same("xxh64", be64(fastprim::xxh64(msg, seed)), ref);
      fastprim::xxh64_state s(seed);
      s.update(cbytes(msg).first(split));
      s.update(cbytes(msg).subspan(split));
      o.same("xxh64_state", be64(s.digest()), ref);
      return "";
    });
  };
  return a;
}

#if FASTPRIM_CRYPTOCHECK_AUTHENC
// Cipher then HMAC (fastprim/authenc.hpp): out = E(in), tag = HMAC(mac_key, aad || out)
// truncated; the reference is OpenSSL's cipher and then its HMAC over the same bytes. The line
// names the AES backend; each is run once per backend of the hash (pinned before the key is
// built, which binds it), because CBC takes the one-pass AES + SHA kernel only with x86_shani.
template <class H>
algorithm authenc_alg(mode m, unsigned bits, std::string hash_name, const EVP_MD* (*md)()) {
  const fastprim::cipher_mode cm = m == mode::cbc   ? fastprim::cipher_mode::cbc
                                   : m == mode::ctr ? fastprim::cipher_mode::ctr
                                                    : fastprim::cipher_mode::xts;
  constexpr primitive hash_p = std::is_same_v<H, fastprim::sha1> ? primitive::sha1 : primitive::sha256;
  algorithm a{"aes-" + std::string(to_string(m)) + std::to_string(bits) + "+" + hash_name,
              "eta",
              primitive::authenc,
              false,
              rule_for(m),
              "openssl",
              hash_p,
              {}};
  a.check = [m, cm, bits, md, hash_p](job& j, const each_backend& each) {
    const bytes enc_key = j.random(m == mode::xts ? bits / 4 : bits / 8);
    const bytes mac_key = j.random(j.between(16, 80));
    const bytes iv = m == mode::ctr ? ctr_block(j) : j.random(16);
    const bytes aad = j.random(j.below(65)), pt = j.random(j.size);
    const std::size_t tag_len = j.between(fastprim::authenc<H>::min_tag_size, H::digest_size);
    const bytes ref_ct = ossl_aes(m, enc_key, iv, pt, true);
    bytes mac_in = aad;
    mac_in.insert(mac_in.end(), ref_ct.begin(), ref_ct.end());
    bytes ref_tag = ossl_hmac(md(), mac_key, mac_in);
    ref_tag.resize(tag_len);
    j.note("mac key " + std::to_string(mac_key.size()) + " bytes, aad " + std::to_string(aad.size()) +
           " bytes, " + std::to_string(tag_len) + "-byte tag");
    std::vector<std::optional<backend>> hashes(j.inner.begin(), j.inner.end());
    if (hashes.empty()) hashes.push_back(std::nullopt);  // as dispatch chooses
    each([&](backend b, outcome& o) -> std::string {
      for (const std::optional<backend>& hb : hashes) {
        const pin_guard g(hash_p, hb);
        if (hb && !g.pinned) {
          o.fault("cannot pin the hash to " + std::string(fastprim::to_string(*hb)));
          continue;
        }
        const std::string hash_token(fastprim::to_string(dispatched(hash_p)));
        o.prefix = "hash " + hash_token + ": ";
        if (auto ae = fastprim::authenc<H>::create(cm, enc_key, mac_key, b); !ae) {
          create_failed(o, ae.message());
        } else {
          o.info +=
              (o.info.empty() ? "" : ", ") + o.prefix + (ae->one_pass() ? "one pass" : "cipher then hash");
          bytes out(j.size), tag(tag_len), back(j.size);
          if (o.ok("seal", ae->seal(iv, aad, pt, out, tag))) {
            o.same("seal ciphertext", out, ref_ct);
            o.same("seal tag", tag, ref_tag);
          }
          if (o.ok("open", ae->open(iv, aad, ref_ct, ref_tag, back))) o.same("open", back, pt);
          bytes bad_tag = ref_tag;
          bad_tag[j.size % tag_len] ^= std::byte{0x01};
          std::fill(back.begin(), back.end(), std::byte{0x5a});
          o.rejected("open with a flipped tag bit", ae->open(iv, aad, ref_ct, bad_tag, back), back);
          bytes bad_ct = ref_ct;
          bad_ct[j.size / 2] ^= std::byte{0x10};
          std::fill(back.begin(), back.end(), std::byte{0x5a});
          o.rejected("open with a flipped ciphertext bit", ae->open(iv, aad, bad_ct, ref_tag, back), back);
          if (ae->backend() != b)
            o.fault("create for " + std::string(fastprim::to_string(b)) + " bound " +
                    std::string(fastprim::to_string(ae->backend())));
        }
      }
      o.prefix.clear();
      return std::string(fastprim::to_string(b));
    });
  };
  return a;
}
#endif

std::vector<algorithm> all_algorithms() {
  std::vector<algorithm> v;
  for (mode m : {mode::ecb, mode::cbc, mode::ctr})
    for (unsigned bits : {128u, 192u, 256u}) v.push_back(cipher_alg(m, bits));
  for (unsigned bits : {128u, 192u, 256u}) v.push_back(gcm_alg(bits));
  for (unsigned bits : {128u, 256u}) v.push_back(cipher_alg(mode::xts, bits));
  v.push_back(digest_alg<fastprim::sha1>("sha1", primitive::sha1, &EVP_sha1));
  v.push_back(digest_alg<fastprim::sha256>("sha256", primitive::sha256, &EVP_sha256));
  v.push_back(hmac_alg<fastprim::sha1>("hmac-sha1", primitive::sha1, &EVP_sha1));
  v.push_back(hmac_alg<fastprim::sha256>("hmac-sha256", primitive::sha256, &EVP_sha256));
  v.push_back(xxh64_alg());
  auto sha_ref = [](const EVP_MD* (*md)()) {
    return [md](cbytes m, std::uint64_t) { return ossl_digest(md(), m); };
  };
  v.push_back(batch_alg<std::array<std::byte, 20>>(
      "sha1-batch", primitive::sha1_batch, "openssl",
      [](std::span<const cbytes> m, std::span<std::array<std::byte, 20>> out, std::uint64_t) {
        return fastprim::sha1_batch(m, out);
      },
      sha_ref(&EVP_sha1), [](const std::array<std::byte, 20>& d) { return bytes(d.begin(), d.end()); }));
  v.push_back(batch_alg<std::array<std::byte, 32>>(
      "sha256-batch", primitive::sha256_batch, "openssl",
      [](std::span<const cbytes> m, std::span<std::array<std::byte, 32>> out, std::uint64_t) {
        return fastprim::sha256_batch(m, out);
      },
      sha_ref(&EVP_sha256), [](const std::array<std::byte, 32>& d) { return bytes(d.begin(), d.end()); }));
  v.push_back(batch_alg<std::uint64_t>(
      "xxh64-batch", primitive::xxh64_batch, "libxxhash",
      [](std::span<const cbytes> m, std::span<std::uint64_t> out, std::uint64_t seed) {
        return fastprim::xxh64_batch(m, out, seed);
      },
      [](cbytes m, std::uint64_t seed) { return ref_xxh64(m, seed); },
      [](const std::uint64_t& h) { return be64(h); }));
#if FASTPRIM_CRYPTOCHECK_AUTHENC
  for (mode m : {mode::cbc, mode::ctr, mode::xts})
    for (unsigned bits : {128u, 192u, 256u}) {
      if (m == mode::xts && bits == 192) continue;
      v.push_back(authenc_alg<fastprim::sha1>(m, bits, "sha1", &EVP_sha1));
      v.push_back(authenc_alg<fastprim::sha256>(m, bits, "sha256", &EVP_sha256));
    }
#endif
  return v;
}

// ---- sizes ---------------------------------------------------------------------------------------------

std::mt19937_64 rng_for(std::uint64_t seed, std::string_view what, std::uint64_t n) {
  std::uint64_t h = 0xcbf29ce484222325;  // FNV-1a of `what`
  for (char c : what) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3;
  std::seed_seq s{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                  static_cast<std::uint32_t>(h),    static_cast<std::uint32_t>(h >> 32),
                  static_cast<std::uint32_t>(n),    static_cast<std::uint32_t>(n >> 32)};
  return std::mt19937_64(s);
}

// The sizes before each mode's rule: fixed ones, and odd ones drawn from the seed.
std::vector<std::size_t> base_sizes(std::uint64_t seed, bool quick) {
  std::mt19937_64 r = rng_for(seed, "sizes", 0);
  auto odd = [&](std::size_t lo, std::size_t hi) {
    return lo + 2 * static_cast<std::size_t>(r() % ((hi - lo) / 2 + 1));
  };
  if (quick) return {16, 64, 4096, odd(17, 1023)};
  return {16, 32, 64, 512, 4096, 65536, odd(1, 15), odd(17, 511), odd(513, 8191), odd(8193, 65535)};
}

// CBC and ECB: rounded down to whole blocks; XTS: at least one block; then sorted, once each.
std::vector<std::size_t> sizes_for(sizes_rule rule, const std::vector<std::size_t>& base) {
  std::vector<std::size_t> v;
  for (std::size_t n : base) {
    if (rule == sizes_rule::blocks) n -= n % 16;
    if (rule != sizes_rule::any && n < 16) continue;
    v.push_back(n);
  }
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

// ---- the command line ------------------------------------------------------------------------------------

std::vector<std::string> split_list(const std::vector<std::string>& args) {
  std::vector<std::string> v;
  for (const std::string& a : args) {
    std::string_view s = a;
    while (!s.empty()) {
      const std::size_t comma = s.find(',');
      const std::string_view tok = s.substr(0, comma);
      if (!tok.empty()) v.emplace_back(tok);
      s = comma == std::string_view::npos ? std::string_view{} : s.substr(comma + 1);
    }
  }
  return v;
}

constexpr const char* usage_head =
    "usage: fastprim-cryptocheck [-z|--quick] [-a ALG]... [-b TOKEN]... [--seed N] [-v]\n"
    "Compares fastprim with OpenSSL (libcrypto) and libxxhash on random keys and inputs, on every\n"
    "backend this machine has; one line per case (algorithm, size, backend). Exit status 0 if all\n"
    "matched, 1 if not, 2 on bad usage.\n";
constexpr const char* usage_algs =
    "Algorithms (-a, repeatable or a comma list; default all):\n"
    "  aes-{ecb,cbc,ctr}{128,192,256}  aes-gcm{128,192,256}  aes-xts{128,256}  (512-bit key: xts256)\n"
    "  sha1 sha256 hmac-sha1 hmac-sha256 xxh64 sha1-batch sha256-batch xxh64-batch\n"
    "  aes-{cbc,ctr}{128,192,256}+{sha1,sha256}  aes-xts{128,256}+{sha1,sha256}  (cipher then HMAC)\n"
    "  groups: all, cipher, aead, digest, mac, eta (the cipher+HMAC ones)\n"
    "Backends (-b, repeatable or a comma list; default every one usable here): scalar, x86_aesni,\n"
    "  x86_vaes, x86_shani, armv8_ce, hwy_avx3_dl, hwy_avx3, hwy_avx2, hwy_ssse3, hwy_neon.\n"
    "  FASTPRIM_BACKEND=TOKEN limits each algorithm to the backend dispatch then picks;\n"
    "  FASTPRIM_DISABLE=T1,T2 drops backends.\n";

struct options {
  bool quick = false, verbose = false, corrupt = false;
  std::uint64_t seed = 0;
  std::vector<algorithm> algs;
  std::vector<backend> backends;  // empty: all
};

// The options, or the exit status to leave with.
std::variant<options, int> parse(int argc, char** argv) {
  namespace po = boost::program_options;
  po::options_description shown("Options");
  shown.add_options()                                                                                       //
      ("algorithm,a", po::value<std::vector<std::string>>()->composing(), "ALG: only these algorithms")     //
      ("backend,b", po::value<std::vector<std::string>>()->composing(), "TOKEN: only these backends")       //
      ("quick,z", po::bool_switch(), "quick mode: sizes 16, 64, 4096 and one odd size")                     //
      ("seed", po::value<std::string>(), "N: the random inputs' seed (default: a fresh one, printed)")      //
      ("verbose,v", po::bool_switch(), "also print the backends per algorithm and each case's parameters")  //
      ("help,h", "this help");
  po::options_description hidden;
  // Flips one byte of fastprim's output in the first comparison: proves the tool can fail.
  hidden.add_options()("self-test-corrupt", po::bool_switch());
  po::options_description all;
  all.add(shown).add(hidden);
  po::variables_map vm;
  try {
    const po::positional_options_description none;  // an operand is an error, not ignored
    po::store(po::command_line_parser(argc, argv).options(all).positional(none).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n%s", prog, e.what(), usage_head);
    return 2;
  }
  if (vm.count("help")) {
    std::ostringstream os;
    os << shown;
    std::printf("%s%s%s", usage_head, os.str().c_str(), usage_algs);
    return cli::close_stdout(prog) ? 0 : 1;
  }
  options o;
  o.quick = vm["quick"].as<bool>();
  o.verbose = vm["verbose"].as<bool>();
  o.corrupt = vm["self-test-corrupt"].as<bool>();
  if (vm.count("seed")) {
    const std::string& s = vm["seed"].as<std::string>();
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), o.seed);
    if (s.empty() || ec != std::errc{} || end != s.data() + s.size()) {
      std::fprintf(stderr, "%s: --seed wants a decimal number below 2^64, not '%s'\n", prog, s.c_str());
      return 2;
    }
  } else {
    std::random_device rd;
    o.seed = (std::uint64_t{rd()} << 32) ^ rd();
  }
  std::vector<algorithm> known = all_algorithms();
  const std::vector<std::string> names = vm.count("algorithm")
                                             ? split_list(vm["algorithm"].as<std::vector<std::string>>())
                                             : std::vector<std::string>{"all"};
  std::vector<bool> take(known.size());
  for (const std::string& n : names) {
    bool any = false;
    for (std::size_t i = 0; i < known.size(); ++i)
      if (n == "all" || n == known[i].name || n == known[i].group) take[i] = any = true;
    if (!any) {
      std::fprintf(stderr, "%s: unknown algorithm '%s'%s\n%s", prog, n.c_str(),
                   n.find('+') != std::string::npos && !FASTPRIM_CRYPTOCHECK_AUTHENC
                       ? " (this build has no fastprim/authenc.hpp)"
                       : "",
                   usage_algs);
      return 2;
    }
  }
  for (std::size_t i = 0; i < known.size(); ++i)
    if (take[i]) o.algs.push_back(std::move(known[i]));
  if (vm.count("backend"))
    for (const std::string& t : split_list(vm["backend"].as<std::vector<std::string>>())) {
      const auto b = fastprim::backend_from_string(t);
      if (!b) {
        std::fprintf(stderr, "%s: unknown backend '%s'\n%s", prog, t.c_str(), usage_algs);
        return 2;
      }
      o.backends.push_back(*b);
    }
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  auto parsed = parse(argc, argv);
  if (const int* status = std::get_if<int>(&parsed)) return *status;
  options& o = std::get<options>(parsed);
  // (The library has printed the unknown tokens.) A mistyped FASTPRIM_BACKEND=scalar must not pass
  // for a run on the portable backend.
  if (!fastprim::policy_error().empty()) {
    std::fprintf(stderr, "%s: not run: FASTPRIM_BACKEND or FASTPRIM_DISABLE names an unknown backend\n",
                 prog);
    return 2;
  }
  g_corrupt_pending = o.corrupt;
  const auto t0 = std::chrono::steady_clock::now();
  std::printf("%s: seed %llu (--seed %llu repeats this run)\n", prog, static_cast<unsigned long long>(o.seed),
              static_cast<unsigned long long>(o.seed));
  const std::vector<std::size_t> base = base_sizes(o.seed, o.quick);
  std::size_t cases = 0, failed = 0;
  auto selected = [&](primitive p) {
    std::vector<backend> v;
    for (backend b : usable(p))
      if (o.backends.empty() || std::find(o.backends.begin(), o.backends.end(), b) != o.backends.end())
        v.push_back(b);
    return v;
  };
  for (const algorithm& a : o.algs) {
    const std::vector<backend> bs = selected(a.prim);
    // The inner primitive's backends that -b names (all without -b); none: as dispatch chooses.
    const std::vector<backend> inner = a.inner ? selected(*a.inner) : std::vector<backend>{};
    if (o.verbose) {
      auto list = [](const std::vector<backend>& v) {
        std::string s;
        for (backend b : v) s += " " + std::string(fastprim::to_string(b));
        return v.empty() ? std::string(" (none selected)") : s;
      };
      std::printf("%s: backends of %s:%s", a.name.c_str(), std::string(fastprim::to_string(a.prim)).c_str(),
                  list(bs).c_str());
      if (a.inner)
        std::printf("; each with %s:%s", std::string(fastprim::to_string(*a.inner)).c_str(),
                    inner.empty() ? " as dispatch chooses" : list(inner).c_str());
      std::printf("\n");
    }
    if (bs.empty()) continue;
    for (std::size_t size : sizes_for(a.rule, base)) {
      job j{rng_for(o.seed, a.name, size), size, o.verbose, {}, inner};
      bool noted = false;
      const each_backend each = [&](const backend_run& run) {
        for (backend b : bs) {
          outcome out{a.ref, {}, {}, {}};
          std::string token;
          if (a.pinned) {
            const pin_guard g(a.prim, b);
            if (!g.pinned) out.fault("cannot pin the dispatcher to this backend");
            run(b, out);
            const backend used = dispatched(a.prim);
            token = std::string(fastprim::to_string(used));
            if (used != b)
              out.fault("dispatch used " + token + ", not the pinned " + std::string(fastprim::to_string(b)));
          } else {
            token = run(b, out);
            if (token.empty()) token = std::string(fastprim::to_string(b));
          }
          ++cases;
          const bool ok = out.faults.empty();
          failed += ok ? 0 : 1;
          std::printf("%s (%zu) %s [%s]\n", a.name.c_str(), size, ok ? "matched" : "MISMATCH", token.c_str());
          if (o.verbose && !noted && !j.notes.empty()) std::printf("  (%s)\n", j.notes.c_str());
          if (o.verbose && !out.info.empty()) std::printf("  [%s]\n", out.info.c_str());
          noted = true;
          std::fflush(stdout);
          for (const std::string& f : out.faults)
            std::fprintf(stderr, "%s: %s (%zu) [%s] %s\n", prog, a.name.c_str(), size, token.c_str(),
                         f.c_str());
        }
      };
      try {
        a.check(j, each);
      } catch (const std::exception& e) {
        ++cases;
        ++failed;
        std::printf("%s (%zu) ERROR\n", a.name.c_str(), size);
        std::fflush(stdout);
        std::fprintf(stderr, "%s: %s (%zu): %s\n", prog, a.name.c_str(), size, e.what());
      }
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (cases == 0) {
    std::fprintf(stderr, "%s: no case to run: no selected algorithm has a selected backend usable here\n",
                 prog);
    return 2;
  }
  if (failed == 0)
    std::printf("%s: %zu cases, all matched (seed %llu, %.1f s)\n", prog, cases,
                static_cast<unsigned long long>(o.seed), secs);
  else
    std::printf("%s: %zu of %zu cases FAILED (seed %llu, %.1f s; --seed %llu repeats them)\n", prog, failed,
                cases, static_cast<unsigned long long>(o.seed), secs,
                static_cast<unsigned long long>(o.seed));
  if (!cli::close_stdout(prog)) return 1;
  return failed == 0 ? 0 : 1;
}
