// test/test_gcm.cpp: AES-GCM and GMAC (NIST SP 800-38D) with AES-128/192/256: one-shot seal and
// open, the streaming encryptor and decryptor, on every AES-GCM backend this build and CPU can run.
// Expected values come from outside the code under test:
//  * NIST CAVP gcmEncryptExtIV{128,192,256}.rsp and gcmDecrypt{128,192,256}.rsp (every case,
//    FAIL cases included), read at run time from the Debian package python3-cryptography-vectors
//    (directory FASTPRIM_VECTORS_DIR, else the package's install path).
//  * OpenSSL libcrypto (EVP aes-*-gcm) for differential tests on random keys, IVs, AAD, lengths,
//    tag lengths and split points.
//  * An independent bit-serial GHASH (SP 800-38D algorithm 1, written here) only to construct IVs
//    whose pre-counter block J0 sits just below the 32-bit counter wrap; the results of those
//    messages are compared with OpenSSL, and the constructed J0 with OpenSSL's keystream.
#define BOOST_TEST_MODULE gcm
#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "fastprim/aes_gcm.hpp"
#include "support/backends.hpp"
#include "support/cavp.hpp"
#include "support/guarded.hpp"
#include "support/openssl_ref.hpp"
#include "support/random.hpp"

namespace {

namespace bdata = boost::unit_test::data;
using fastprim::aes_gcm;
using fastprim::aes_gcm_decryptor;
using fastprim::aes_gcm_encryptor;
using fastprim::backend;
using fastprim::errc;
using fastprim_test::from_hex;
using fastprim_test::hex;
using fastprim_test::openssl_aes;
using fastprim_test::openssl_gcm_open;
using fastprim_test::openssl_gcm_seal;
using bytes = std::vector<std::byte>;
using cspan = std::span<const std::byte>;
using mspan = std::span<std::byte>;

// Every backend usable here (under FASTPRIM_BACKEND=scalar: what dispatch picks).
const std::vector<backend> backends = fastprim::detail::usable_backends<fastprim::primitive::aes_gcm>();

constexpr std::size_t tag_lengths[] = {16, 15, 14, 13, 12, 8, 4};
constexpr std::size_t iv_lengths[] = {12, 1, 8, 16, 60};

aes_gcm make(cspan key, backend b) {
  auto r = aes_gcm::create(key, b);
  BOOST_REQUIRE_MESSAGE(r.has_value(), r.message());
  BOOST_REQUIRE(r->backend() == b);
  BOOST_REQUIRE(r->key_size() == key.size());
  return *r;
}

bool all_zero(cspan s) {
  return std::all_of(s.begin(), s.end(), [](std::byte x) { return x == std::byte{0}; });
}

bytes rand_bytes(std::mt19937_64& rng, std::size_t n) {
  bytes v(n);
  for (auto& x : v) x = std::byte(rng());
  return v;
}

void require(const fastprim::result<void>& r) { BOOST_TEST_REQUIRE(r.has_value(), r.message()); }

// ---- GF(2^128) of SP 800-38D 6.3, bit by bit (algorithm 1): blocks as big-endian integers ------
using u128 = unsigned __int128;
u128 load(cspan b) {
  u128 v = 0;
  for (int i = 0; i < 16; ++i) v = (v << 8) | std::to_integer<unsigned>(b[std::size_t(i)]);
  return v;
}
bytes store(u128 v) {
  bytes b(16);
  for (int i = 15; i >= 0; --i, v >>= 8) b[std::size_t(i)] = std::byte(static_cast<unsigned>(v & 0xff));
  return b;
}
u128 gf_mul(u128 x, u128 y) {
  const u128 r = u128{0xe1} << 120;
  u128 z = 0, v = y;
  for (int i = 0; i < 128; ++i) {
    if ((x >> (127 - i)) & 1) z ^= v;
    v = (v & 1) ? (v >> 1) ^ r : v >> 1;
  }
  return z;
}
u128 gf_inv(u128 x) {            // x^(2^128 - 2)
  u128 result = u128{1} << 127;  // the field's 1 is the bit string 10...0
  for (int i = 0; i < 127; ++i) {
    x = gf_mul(x, x);  // x^(2^(i+1))
    result = gf_mul(result, x);
  }
  return result;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(gcm)

BOOST_AUTO_TEST_CASE(backends_found) {
  BOOST_TEST_MESSAGE("AES-GCM backends here:");
  for (backend b : backends) BOOST_TEST_MESSAGE("  " << b);
  BOOST_TEST(!backends.empty());
  BOOST_TEST((std::find(backends.begin(), backends.end(), backend::scalar) != backends.end()));
  auto g = aes_gcm::create(bytes(16));
  BOOST_REQUIRE(g.has_value());
  // create() binds the first usable backend of the best-first order (the forced one under
  // FASTPRIM_BACKEND).
  BOOST_TEST(g->backend() == backends.front());
}

// ---- NIST CAVP ---------------------------------------------------------------------------------------
// Encrypt files: seal out of place and in place gives CT and Tag (Taglen of the section). Decrypt
// files: open gives PT; a FAIL case returns errc::auth_failed with the output all zero.
BOOST_DATA_TEST_CASE(nist_cavp, bdata::make(backends), b) {
  std::size_t n_enc = 0, n_dec = 0, n_fail = 0;
  for (const char* kind : {"gcmEncryptExtIV", "gcmDecrypt"})
    for (int bits : {128, 192, 256}) {
      const auto& recs =
          fastprim_test::read_cavp("ciphers/AES/GCM/" + std::string(kind) + std::to_string(bits) + ".rsp");
      BOOST_TEST(recs.size() == 7875u, kind << bits << ": " << recs.size() << " records");
      const bool enc = kind[3] == 'E';
      bytes cached_key;
      std::optional<aes_gcm> g;
      for (const auto& r : recs) {
        const bytes key = r.bytes("Key"), iv = r.bytes("IV"), aad = r.bytes("AAD"), ct = r.bytes("CT"),
                    tag = r.bytes("Tag");
        BOOST_REQUIRE(key.size() * 8 == std::size_t(bits));
        if (key != cached_key) {
          g.emplace(make(key, b));
          cached_key = key;
        }
        const std::string at =
            r.file + " Count " + std::to_string(r.count) + " IVlen " + std::to_string(iv.size());
        if (enc) {
          const bytes pt = r.bytes("PT");
          bytes out(pt.size(), std::byte{0xa5}), t(tag.size());
          require(g->seal(iv, aad, pt, out, t));
          BOOST_TEST(hex(out) == hex(ct), at);
          BOOST_TEST(hex(t) == hex(tag), at);
          bytes io = pt, t2(tag.size());
          require(g->seal(iv, aad, io, io, t2));
          BOOST_TEST(hex(io) == hex(ct), at << " in place");
          BOOST_TEST(hex(t2) == hex(tag), at << " in place");
          ++n_enc;
        } else {
          bytes out(ct.size(), std::byte{0xa5});
          const auto res = g->open(iv, aad, ct, tag, out);
          bytes io = ct;
          const auto res2 = g->open(iv, aad, io, tag, io);
          if (r.fail) {
            BOOST_TEST((res.code() == errc::auth_failed), at << " FAIL case accepted");
            BOOST_TEST(all_zero(out), at << " FAIL case: output not zeroed");
            BOOST_TEST((res2.code() == errc::auth_failed), at << " FAIL case accepted in place");
            BOOST_TEST(all_zero(io), at << " FAIL case in place: output not zeroed");
            ++n_fail;
          } else {
            BOOST_TEST(res.has_value(), at << ": " << res.message());
            BOOST_TEST(hex(out) == hex(r.bytes("PT")), at);
            BOOST_TEST(res2.has_value(), at << " in place: " << res2.message());
            BOOST_TEST(hex(io) == hex(r.bytes("PT")), at << " in place");
          }
          ++n_dec;
        }
      }
    }
  BOOST_TEST_MESSAGE(b << ": " << n_enc << " encrypt and " << n_dec << " decrypt CAVP cases, " << n_fail
                       << " FAIL");
  BOOST_TEST(n_enc == 3 * 7875u);
  BOOST_TEST(n_dec == 3 * 7875u);
  BOOST_TEST(n_fail == 4011u + 3978u + 3919u);  // the FAIL lines of gcmDecrypt128/192/256.rsp
}

// ---- differential against OpenSSL ----------------------------------------------------------------------
namespace {
// One message: seal (out of place at a misaligned offset, or in place) against EVP, and open of
// EVP's ciphertext and tag, on `g` (key `key`).
void differential_one(const aes_gcm& g, const bytes& key, const bytes& iv, const bytes& aad, const bytes& pt,
                      std::size_t tag_len, bool in_place, std::size_t off, const std::string& at) {
  const auto want = openssl_gcm_seal(key, iv, aad, pt, tag_len);
  bytes buf(pt.size() + 32, std::byte{0x5c}), tag(tag_len);
  const mspan io(buf.data() + off, pt.size());
  if (in_place) {
    std::copy(pt.begin(), pt.end(), io.begin());
    require(g.seal(iv, aad, io, io, tag));
  } else {
    require(g.seal(iv, aad, pt, io, tag));
  }
  BOOST_TEST(hex(io) == hex(want.ct), at << " seal");
  BOOST_TEST(hex(tag) == hex(want.tag), at << " seal tag");
  // open of OpenSSL's output
  bytes obuf(pt.size() + 32, std::byte{0x3c});
  const mspan o(obuf.data() + (off ^ 5) % 16, pt.size());
  if (in_place) {
    std::copy(want.ct.begin(), want.ct.end(), o.begin());
    require(g.open(iv, aad, o, want.tag, o));
  } else {
    require(g.open(iv, aad, want.ct, want.tag, o));
  }
  BOOST_TEST(hex(o) == hex(pt), at << " open");
}
}  // namespace

// Every length 0..2100 (all tails, the 4-, 8-, 16- and 32-block groups of the backends, and
// x86_vaes's whole-message paths up to 127 blocks and past them), with IV lengths 1, 8, 12, 16, 60,
// random AAD, every tag length, in place and not.
BOOST_DATA_TEST_CASE(differential_every_length, bdata::make(backends), b) {
  std::mt19937_64 rng(0x6c3 + static_cast<unsigned>(b));
  for (std::size_t n = 0; n <= 2100; ++n) {
    const bytes key = rand_bytes(rng, 16 + 8 * (n % 3));
    const aes_gcm g = make(key, b);
    const bytes iv = rand_bytes(rng, iv_lengths[n % 5]);
    const std::size_t aad_len = n % 11 == 0 ? 0 : rng() % (n % 7 == 0 ? 600 : 40);
    const bytes aad = rand_bytes(rng, aad_len), pt = rand_bytes(rng, n);
    const std::size_t tag_len = tag_lengths[(n / 5) % 7];
    differential_one(g, key, iv, aad, pt, tag_len, n % 2 == 1, rng() % 16,
                     "n " + std::to_string(n) + " iv " + std::to_string(iv.size()) + " aad " +
                         std::to_string(aad_len) + " tag " + std::to_string(tag_len));
  }
}

// The 12-byte-IV paths by data and AAD length: every data length 0..300 with AAD lengths around
// the tiny path's limit (32 bytes) and the one-reduction limit (64 blocks in all), so that each
// path meets 1..4 blocks with a long AAD, a last zmm with and without a free lane, and the AAD
// hashed ahead of the data.
BOOST_DATA_TEST_CASE(differential_paths_by_aad_length, bdata::make(backends), b) {
  std::mt19937_64 rng(0x6c4 + static_cast<unsigned>(b));
  constexpr std::size_t aad_lengths[] = {0, 1, 16, 31, 32, 33, 48, 64, 100, 700, 1000, 1100};
  for (std::size_t n = 0; n <= 300; ++n)
    for (std::size_t aad_len : aad_lengths) {
      const bytes key = rand_bytes(rng, 16 + 8 * ((n + aad_len) % 3));
      const aes_gcm g = make(key, b);
      const bytes iv = rand_bytes(rng, 12), aad = rand_bytes(rng, aad_len), pt = rand_bytes(rng, n);
      differential_one(g, key, iv, aad, pt, 16, (n + aad_len) % 2 == 1, rng() % 16,
                       "n " + std::to_string(n) + " aad " + std::to_string(aad_len));
    }
}

// Long messages at each 16-byte position of a 64-byte line, in place and not: the bulk kernels
// choose their first blocks (head) from the counter and the data's address (x86_vaes: open aligns
// `in` when it cannot align both).
BOOST_DATA_TEST_CASE(differential_data_alignment, bdata::make(backends), b) {
  std::mt19937_64 rng(0x5a17 + static_cast<unsigned>(b));
  const std::size_t sizes[] = {1024 * 16, 1024 * 16 + 7, 1031 * 16 + 9, 2050 * 16};
  for (std::size_t pos = 0; pos < 64; pos += 16) {
    for (std::size_t n : sizes) {
      const bytes key = rand_bytes(rng, 16 + 16 * (pos / 32)), iv = rand_bytes(rng, 12),
                  aad = rand_bytes(rng, pos), pt = rand_bytes(rng, n);
      const aes_gcm g = make(key, b);
      const auto want = openssl_gcm_seal(key, iv, aad, pt);
      bytes ibuf(n + 128), obuf(n + 128), tag(16);
      const auto at = [pos](bytes& v) {
        const auto a = reinterpret_cast<std::uintptr_t>(v.data());
        return v.data() + ((64 - a % 64) % 64 + pos);
      };
      const mspan in(at(ibuf), n), out(at(obuf), n);
      const std::string ctx = "pos " + std::to_string(pos) + " n " + std::to_string(n);
      std::copy(pt.begin(), pt.end(), in.begin());
      require(g.seal(iv, aad, in, out, tag));
      BOOST_TEST(hex(out) == hex(want.ct), ctx << " seal");
      BOOST_TEST(hex(tag) == hex(want.tag), ctx << " seal tag");
      require(g.seal(iv, aad, in, in, tag));  // in place
      BOOST_TEST(hex(in) == hex(want.ct), ctx << " seal in place");
      require(g.open(iv, aad, in, want.tag, out));
      BOOST_TEST(hex(out) == hex(pt), ctx << " open");
      require(g.open(iv, aad, in, want.tag, in));  // in place
      BOOST_TEST(hex(in) == hex(pt), ctx << " open in place");
    }
  }
}

// Data, AAD and IV that start right after, or end right before, an inaccessible page: every length
// 0..300 (the tiny, short and mid kernels' tails and masked windows), then longer ones through the
// mid and bulk paths, each placement of `in` and `out`, in place too. A read or write past a
// buffer faults; the masked windows that reach the guard pages take the page-edge path.
BOOST_DATA_TEST_CASE(page_edges, bdata::make(backends), b) {
  std::mt19937_64 rng(0x9e6e + static_cast<unsigned>(b));
  const fastprim_test::guarded gi, go, gv, ga;
  std::vector<std::size_t> sizes;
  for (std::size_t n = 0; n <= 300; ++n) sizes.push_back(n);
  for (std::size_t n : {1000u, 1420u, 2031u, 2032u, 2047u, 2100u, 4000u}) sizes.push_back(n);
  for (std::size_t n : sizes) {
    const bytes key = rand_bytes(rng, n % 2 == 0 ? 16 : 32), pt = rand_bytes(rng, n);
    const bytes aad_v = rand_bytes(rng, n % 5 == 0 ? 0 : rng() % 40);
    const aes_gcm g = make(key, b);
    const mspan iv = n % 2 == 0 ? gv.at_end(12) : gv.at_start(12);
    const bytes iv_v = rand_bytes(rng, 12);
    std::copy(iv_v.begin(), iv_v.end(), iv.begin());
    const mspan aad = n % 3 == 0 ? ga.at_start(aad_v.size()) : ga.at_end(aad_v.size());
    std::copy(aad_v.begin(), aad_v.end(), aad.begin());
    const auto want = openssl_gcm_seal(key, iv_v, aad_v, pt);
    for (int place = 0; place < 4; ++place) {
      const mspan in = place & 1 ? gi.at_end(n) : gi.at_start(n),
                  out = place & 2 ? go.at_end(n) : go.at_start(n);
      const std::string ctx = "n " + std::to_string(n) + " placement " + std::to_string(place);
      bytes tag(16);
      std::copy(pt.begin(), pt.end(), in.begin());
      require(g.seal(iv, aad, in, out, tag));
      BOOST_TEST_REQUIRE(hex(out) == hex(want.ct), ctx << " seal");
      BOOST_TEST_REQUIRE(hex(tag) == hex(want.tag), ctx << " seal tag");
      require(g.open(iv, aad, out, want.tag, in));
      BOOST_TEST_REQUIRE(hex(in) == hex(pt), ctx << " open");
      require(g.seal(iv, aad, in, in, tag));
      BOOST_TEST_REQUIRE(hex(in) == hex(want.ct), ctx << " seal in place");
      require(g.open(iv, aad, in, want.tag, in));
      BOOST_TEST_REQUIRE(hex(in) == hex(pt), ctx << " open in place");
    }
  }
}

// GMAC (no data): every AAD length 0..1100 (the whole-message kernels' tiny, one-reduction and
// 64-block paths; 1008 bytes is the last that fits one reduction with the length block), then
// random lengths up to 20 KiB; the 12-byte IV mostly, every IV length sometimes.
BOOST_DATA_TEST_CASE(differential_gmac, bdata::make(backends), b) {
  std::mt19937_64 rng(0x9a3c + static_cast<unsigned>(b));
  for (std::size_t i = 0; i <= 1140; ++i) {
    const std::size_t aad_len = i <= 1100 ? i : rng() % (20 * 1024);
    const bytes key = rand_bytes(rng, 16 + 8 * (i % 3));
    const aes_gcm g = make(key, b);
    const bytes iv = rand_bytes(rng, i % 4 == 3 ? iv_lengths[i % 5] : 12);
    differential_one(g, key, iv, rand_bytes(rng, aad_len), {}, tag_lengths[i % 7], i % 2 == 1, rng() % 16,
                     "gmac aad " + std::to_string(aad_len) + " iv " + std::to_string(iv.size()));
  }
}

// Random lengths up to 200 KiB (many blocks through every bulk loop) and random AAD up to 5 KiB;
// up to 48 KiB under qemu-user and the sanitizers (still thousands of blocks: CI time).
#if FASTPRIM_TEST_EMULATED || defined(__SANITIZE_ADDRESS__)
constexpr std::size_t long_max = 48 * 1024;
#else
constexpr std::size_t long_max = 200 * 1024;
#endif
BOOST_DATA_TEST_CASE(differential_long, bdata::make(backends), b) {
  std::mt19937_64 rng(0x10f6 + static_cast<unsigned>(b));
  for (int t = 0; t < 40; ++t) {
    const bytes key = rand_bytes(rng, 16 + 8 * std::size_t(t % 3));
    const aes_gcm g = make(key, b);
    const bytes iv = rand_bytes(rng, iv_lengths[std::size_t(t) % 5]);
    const std::size_t n = t == 0 ? long_max : rng() % (long_max + 1);
    const bytes aad = rand_bytes(rng, t % 4 == 0 ? rng() % 5000 : rng() % 64), pt = rand_bytes(rng, n);
    differential_one(g, key, iv, aad, pt, tag_lengths[std::size_t(t) % 7], t % 2 == 0, rng() % 16,
                     "t " + std::to_string(t) + " n " + std::to_string(n));
  }
}

// ---- tampering -------------------------------------------------------------------------------------------
// Any single flipped bit of the ciphertext, the tag, the AAD or the IV (first, last and sampled
// positions): open returns errc::auth_failed and the output is all zero.
BOOST_DATA_TEST_CASE(tampering, bdata::make(backends), b) {
  std::mt19937_64 rng(0x7a3);
  for (std::size_t n : {0u, 1u, 15u, 16u, 17u, 64u, 255u, 1000u}) {
    const std::size_t tag_len = tag_lengths[n % 7];
    const bytes key = rand_bytes(rng, 32), iv = rand_bytes(rng, n % 3 == 0 ? 12 : 16 + n % 5),
                aad = rand_bytes(rng, 1 + n % 37), pt = rand_bytes(rng, n);
    const aes_gcm g = make(key, b);
    const auto sealed = openssl_gcm_seal(key, iv, aad, pt, tag_len);
    // The untampered message opens.
    bytes out(n, std::byte{0xa5});
    require(g.open(iv, aad, sealed.ct, sealed.tag, out));
    BOOST_TEST(hex(out) == hex(pt));
    // Bit positions of a field of `len` bytes: its first and last bits and a few sampled ones.
    auto positions = [&](std::size_t len) {
      std::vector<std::size_t> p;
      if (len == 0) return p;
      p = {0, 7, 8 * len - 1, 8 * len - 8};
      for (int i = 0; i < 6; ++i) p.push_back(rng() % (8 * len));
      return p;
    };
    enum field { ct, tag, aad_f, iv_f };
    for (field f : {ct, tag, aad_f, iv_f}) {
      bytes c = sealed.ct, t = sealed.tag, a = aad, v = iv;
      bytes& target = f == ct ? c : f == tag ? t : f == aad_f ? a : v;
      for (std::size_t bit : positions(target.size())) {
        target[bit / 8] ^= std::byte(1u << (bit % 8));
        BOOST_TEST_REQUIRE(!openssl_gcm_open(key, v, a, c, t).has_value());  // OpenSSL rejects it too
        bytes o(n, std::byte{0xa5});
        const auto r = g.open(v, a, c, t, o);
        BOOST_TEST((r.code() == errc::auth_failed), "n " << n << " field " << int(f) << " bit " << bit);
        BOOST_TEST(all_zero(o), "n " << n << " field " << int(f) << " bit " << bit << ": output not zeroed");
        bytes io = c;  // in place
        BOOST_TEST((g.open(v, a, io, t, io).code() == errc::auth_failed));
        BOOST_TEST(all_zero(io));
        target[bit / 8] ^= std::byte(1u << (bit % 8));
      }
    }
    // A truncated tag of another allowed length is a different tag: it must not verify either.
    if (tag_len > 4) {
      bytes o(n);
      const bytes shorter(sealed.tag.begin(), sealed.tag.begin() + 4);
      const auto full = openssl_gcm_seal(key, iv, aad, pt, 16);
      // (the 4-byte prefix of the real tag is the real 4-byte tag: it verifies)
      require(g.open(iv, aad, sealed.ct, shorter, o));
      bytes wrong = shorter;
      wrong[3] ^= std::byte{0x80};
      BOOST_TEST((g.open(iv, aad, sealed.ct, wrong, o).code() == errc::auth_failed));
      BOOST_TEST(hex(std::span(full.tag).first(tag_len)) == hex(sealed.tag));
    }
  }
}

// ---- streaming -------------------------------------------------------------------------------------------
namespace {
// Cuts [0, n] into pieces at random points, empty pieces included.
std::vector<std::size_t> random_cuts(std::mt19937_64& rng, std::size_t n) {
  std::vector<std::size_t> c{0, n};
  const std::size_t k = rng() % 8;
  for (std::size_t i = 0; i < k; ++i) c.push_back(n == 0 ? 0 : rng() % (n + 1));
  if (rng() % 2) c.push_back(c[2 % c.size()]);  // an empty piece
  std::sort(c.begin(), c.end());
  return c;
}
}  // namespace

BOOST_DATA_TEST_CASE(streaming_splits, bdata::make(backends), b) {
  std::mt19937_64 rng(0x57e);
  for (int t = 0; t < 150; ++t) {
    const bytes key = rand_bytes(rng, 16 + 8 * std::size_t(t % 3));
    const aes_gcm g = make(key, b);
    const bytes iv = rand_bytes(rng, iv_lengths[std::size_t(t) % 5]);
    const std::size_t n = t < 20 ? std::size_t(t) : t % 10 == 0 ? rng() % 5000 : rng() % 300;
    const bytes aad = rand_bytes(rng, t % 7 == 0 ? 0 : rng() % 100), pt = rand_bytes(rng, n);
    const std::size_t tag_len = tag_lengths[std::size_t(t) % 7];
    const auto want = openssl_gcm_seal(key, iv, aad, pt, tag_len);
    const auto aad_cuts = random_cuts(rng, aad.size()), data_cuts = random_cuts(rng, n);
    const std::string at = "t " + std::to_string(t) + " n " + std::to_string(n);

    // encrypt
    auto e = g.encryptor(iv);
    BOOST_TEST_REQUIRE(e.has_value(), e.message());
    for (std::size_t i = 0; i + 1 < aad_cuts.size(); ++i)
      require(e->aad(cspan(aad).subspan(aad_cuts[i], aad_cuts[i + 1] - aad_cuts[i])));
    bytes ct(n), tag(tag_len);
    for (std::size_t i = 0; i + 1 < data_cuts.size(); ++i) {
      const std::size_t a = data_cuts[i], len = data_cuts[i + 1] - a;
      require(e->update(cspan(pt).subspan(a, len), mspan(ct).subspan(a, len)));
    }
    require(e->finish(tag));
    BOOST_TEST(hex(ct) == hex(want.ct), at << " encryptor");
    BOOST_TEST(hex(tag) == hex(want.tag), at << " encryptor tag");

    // decrypt (in place), the right tag and then a wrong one
    for (bool good : {true, false}) {
      auto d = g.decryptor(iv);
      BOOST_TEST_REQUIRE(d.has_value(), d.message());
      for (std::size_t i = 0; i + 1 < aad_cuts.size(); ++i)
        require(d->aad(cspan(aad).subspan(aad_cuts[i], aad_cuts[i + 1] - aad_cuts[i])));
      bytes io = want.ct;
      for (std::size_t i = 0; i + 1 < data_cuts.size(); ++i) {
        const std::size_t a = data_cuts[i], len = data_cuts[i + 1] - a;
        require(d->update(mspan(io).subspan(a, len), mspan(io).subspan(a, len)));
      }
      BOOST_TEST(hex(io) == hex(pt), at << " decryptor");
      bytes t = want.tag;
      if (!good) t[std::size_t(t.size() - 1 - std::size_t(rng() % t.size()))] ^= std::byte(1u << (rng() % 8));
      const auto r = d->finish(t);
      if (good) {
        BOOST_TEST(r.has_value(), at << " decryptor finish: " << r.message());
      } else {
        BOOST_TEST((r.code() == errc::auth_failed), at << " decryptor accepted a bad tag");
      }
    }
  }
}

// Byte at a time, every split point of the data into two calls, and a fork by copy at each.
BOOST_DATA_TEST_CASE(streaming_every_split_and_fork, bdata::make(backends), b) {
  std::mt19937_64 rng(0xf04);
  const bytes key = rand_bytes(rng, 16), iv = rand_bytes(rng, 12), aad = rand_bytes(rng, 37),
              pt = rand_bytes(rng, 100);
  const aes_gcm g = make(key, b);
  const auto want = openssl_gcm_seal(key, iv, aad, pt);
  {
    auto e = g.encryptor(iv);
    for (std::size_t i = 0; i < aad.size(); ++i) require(e->aad(cspan(aad).subspan(i, 1)));
    bytes ct(pt.size()), tag(16);
    for (std::size_t i = 0; i < pt.size(); ++i)
      require(e->update(cspan(pt).subspan(i, 1), mspan(ct).subspan(i, 1)));
    require(e->finish(tag));
    BOOST_TEST(hex(ct) == hex(want.ct));
    BOOST_TEST(hex(tag) == hex(want.tag));
  }
  for (std::size_t cut = 0; cut <= pt.size(); ++cut) {
    auto e = g.encryptor(iv);
    require(e->aad(cspan(aad).first(cut % aad.size())));
    aes_gcm_encryptor in_aad = *e;  // a fork in the AAD
    require(e->aad(cspan(aad).subspan(cut % aad.size())));
    bytes ct(pt.size()), tag(16);
    require(e->update(cspan(pt).first(cut), mspan(ct).first(cut)));
    aes_gcm_encryptor fork = *e;  // a fork in the data
    require(e->update(cspan(pt).subspan(cut), mspan(ct).subspan(cut)));
    require(e->finish(tag));
    BOOST_TEST(hex(ct) == hex(want.ct), "cut " << cut);
    BOOST_TEST(hex(tag) == hex(want.tag), "cut " << cut);
    bytes ct2(pt.size() - cut), tag2(16);
    require(fork.update(cspan(pt).subspan(cut), ct2));
    require(fork.finish(tag2));
    BOOST_TEST(hex(ct2) == hex(cspan(want.ct).subspan(cut)), "fork at " << cut);
    BOOST_TEST(hex(tag2) == hex(want.tag), "fork at " << cut);
    bytes ct3(pt.size()), tag3(16);
    require(in_aad.aad(cspan(aad).subspan(cut % aad.size())));
    require(in_aad.update(pt, ct3));
    require(in_aad.finish(tag3));
    BOOST_TEST(hex(ct3) == hex(want.ct), "AAD fork at " << cut);
    BOOST_TEST(hex(tag3) == hex(want.tag), "AAD fork at " << cut);
    // The decryptor forked mid-message.
    auto d = g.decryptor(iv);
    require(d->aad(aad));
    bytes p(pt.size());
    require(d->update(cspan(want.ct).first(cut), mspan(p).first(cut)));
    aes_gcm_decryptor dfork = *d;
    require(d->update(cspan(want.ct).subspan(cut), mspan(p).subspan(cut)));
    require(d->finish(want.tag));
    BOOST_TEST(hex(p) == hex(pt));
    bytes p2(pt.size() - cut);
    require(dfork.update(cspan(want.ct).subspan(cut), p2));
    require(dfork.finish(want.tag));
    BOOST_TEST(hex(p2) == hex(cspan(pt).subspan(cut)), "decryptor fork at " << cut);
  }
}

// aad() after update() is errc::bad_state; so is any call after finish(), whatever its outcome.
BOOST_DATA_TEST_CASE(streaming_order_rules, bdata::make(backends), b) {
  const bytes key = from_hex("feffe9928665731c6d6a8f9467308308"), iv = from_hex("cafebabefacedbaddecaf888");
  const aes_gcm g = make(key, b);
  const bytes aad(20, std::byte{1}), pt(40, std::byte{2});
  const auto want = openssl_gcm_seal(key, iv, aad, pt);
  bytes out(64), tag(16);
  {
    auto e = g.encryptor(iv);
    require(e->aad(aad));
    require(e->update(cspan(pt).first(7), mspan(out).first(7)));
    BOOST_TEST((e->aad(aad).code() == errc::bad_state));
    BOOST_TEST((e->aad(cspan(aad).first(1)).code() == errc::bad_state));
    // The refused call changed nothing: the message goes on.
    require(e->update(cspan(pt).subspan(7), mspan(out).subspan(7, 33)));
    BOOST_TEST((e->finish(mspan(tag).first(5)).code() == errc::bad_tag_length));  // not finished by it
    require(e->finish(tag));
    BOOST_TEST(hex(cspan(out).first(40)) == hex(want.ct));
    BOOST_TEST(hex(tag) == hex(want.tag));
    BOOST_TEST((e->aad(aad).code() == errc::bad_state));
    BOOST_TEST((e->update(pt, out).code() == errc::bad_state));
    BOOST_TEST((e->update(cspan{}, mspan{}).code() == errc::bad_state));
    BOOST_TEST((e->finish(tag).code() == errc::bad_state));
  }
  for (bool good : {true, false}) {
    auto d = g.decryptor(iv);
    require(d->aad(aad));
    require(d->update(want.ct, out));
    BOOST_TEST((d->aad(aad).code() == errc::bad_state));
    bytes t = want.tag;
    if (!good) t[0] ^= std::byte{1};
    BOOST_TEST((d->finish(t).code() == (good ? errc::ok : errc::auth_failed)));
    BOOST_TEST((d->aad(aad).code() == errc::bad_state));
    BOOST_TEST((d->update(want.ct, out).code() == errc::bad_state));
    BOOST_TEST((d->finish(want.tag).code() == errc::bad_state), "a second finish must not verify");
  }
  // An encryptor with no AAD and no data is GMAC of nothing; AAD only is GMAC.
  auto e = g.encryptor(iv);
  require(e->aad(aad));
  require(e->finish(tag));
  BOOST_TEST(hex(tag) == hex(openssl_gcm_seal(key, iv, aad, {}).tag));
}

// ---- misuse
// ------------------------------------------------------------------------------------------------
BOOST_DATA_TEST_CASE(misuse, bdata::make(backends), b) {
  for (std::size_t n : {0u, 1u, 8u, 15u, 17u, 20u, 23u, 25u, 31u, 33u, 48u, 64u}) {
    auto r = aes_gcm::create(bytes(n), b);
    BOOST_TEST((r.code() == errc::bad_key_length), "key length " << n);
    BOOST_TEST(!r.message().empty());
    BOOST_TEST((aes_gcm::create(bytes(n)).code() == errc::bad_key_length));
  }
  const bytes key = from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
  const aes_gcm g = make(key, b);
  BOOST_TEST(g.key_size() == 32u);
  const bytes iv(12, std::byte{9}), aad(5, std::byte{3}), pt(64, std::byte{7});
  bytes out(64, std::byte{0xee}), tag(16, std::byte{0xee});
  const bytes untouched(64, std::byte{0xee});
  // Empty IV.
  BOOST_TEST((g.seal(cspan{}, aad, pt, out, tag).code() == errc::bad_iv_length));
  BOOST_TEST((g.open(cspan{}, aad, pt, tag, out).code() == errc::bad_iv_length));
  BOOST_TEST((g.encryptor(cspan{}).code() == errc::bad_iv_length));
  BOOST_TEST((g.decryptor(cspan{}).code() == errc::bad_iv_length));
  BOOST_TEST(out == untouched);
  // Tag lengths SP 800-38D does not allow.
  for (std::size_t t : {0u, 1u, 3u, 5u, 9u, 11u, 17u}) {
    bytes bad_tag(t, std::byte{0xee});
    BOOST_TEST((g.seal(iv, aad, pt, out, bad_tag).code() == errc::bad_tag_length), "tag " << t);
    BOOST_TEST((g.open(iv, aad, pt, bad_tag, out).code() == errc::bad_tag_length), "tag " << t);
    auto e = g.encryptor(iv);
    BOOST_TEST((e->finish(bad_tag).code() == errc::bad_tag_length));
    auto d = g.decryptor(iv);
    BOOST_TEST((d->finish(bad_tag).code() == errc::bad_tag_length));
    BOOST_TEST(out == untouched);
    BOOST_TEST(std::all_of(bad_tag.begin(), bad_tag.end(), [](std::byte x) { return x == std::byte{0xee}; }));
  }
  // Every allowed tag length works, and is a prefix of the full tag (OpenSSL's).
  for (std::size_t t : tag_lengths) {
    bytes tg(t), o(pt.size());
    require(g.seal(iv, aad, pt, o, tg));
    BOOST_TEST(hex(tg) == hex(openssl_gcm_seal(key, iv, aad, pt, t).tag));
    require(g.open(iv, aad, o, tg, o));
    BOOST_TEST((o == pt));
  }
  // Short output; nothing written.
  BOOST_TEST((g.seal(iv, aad, pt, mspan(out).first(63), tag).code() == errc::short_output));
  BOOST_TEST((g.open(iv, aad, pt, tag, mspan(out).first(0)).code() == errc::short_output));
  BOOST_TEST(out == untouched);
  {
    auto e = g.encryptor(iv);
    BOOST_TEST((e->update(pt, mspan(out).first(10)).code() == errc::short_output));
    auto d = g.decryptor(iv);
    BOOST_TEST((d->update(pt, mspan(out).first(10)).code() == errc::short_output));
    BOOST_TEST(out == untouched);
  }
  // A longer output is fine and untouched past the input.
  require(g.seal(iv, aad, cspan(pt).first(10), out, tag));
  BOOST_TEST((out[10] == std::byte{0xee}));
  // Partial overlap, both directions; in == out works (the differential cases check its values).
  bytes buf(160, std::byte{4});
  for (std::size_t d : {1u, 8u, 15u, 16u, 48u}) {
    BOOST_TEST(
        (g.seal(iv, aad, cspan(buf).subspan(d, 64), mspan(buf).first(64), tag).code() == errc::overlap),
        "d " << d);
    BOOST_TEST(
        (g.seal(iv, aad, cspan(buf).first(64), mspan(buf).subspan(d, 64), tag).code() == errc::overlap));
    BOOST_TEST(
        (g.open(iv, aad, cspan(buf).subspan(d, 64), tag, mspan(buf).first(64)).code() == errc::overlap));
    BOOST_TEST(
        (g.open(iv, aad, cspan(buf).first(64), tag, mspan(buf).subspan(d, 64)).code() == errc::overlap));
    auto e = g.encryptor(iv);
    BOOST_TEST((e->update(cspan(buf).first(64), mspan(buf).subspan(d, 64)).code() == errc::overlap));
    auto dd = g.decryptor(iv);
    BOOST_TEST((dd->update(cspan(buf).subspan(d, 64), mspan(buf).first(64)).code() == errc::overlap));
  }
  require(g.seal(iv, aad, cspan(buf).first(64), mspan(buf).first(64), tag));
  require(g.seal(iv, aad, cspan(buf).first(64), mspan(buf).subspan(64, 64), tag));  // adjacent
  // GMAC: no plaintext, no output.
  require(g.seal(iv, aad, cspan{}, mspan{}, tag));
  BOOST_TEST(hex(tag) == hex(openssl_gcm_seal(key, iv, aad, {}).tag));
  require(g.open(iv, aad, cspan{}, tag, mspan{}));
  // Empty AAD and empty everything.
  require(g.seal(iv, cspan{}, cspan{}, mspan{}, tag));
  BOOST_TEST(hex(tag) == hex(openssl_gcm_seal(key, iv, {}, {}).tag));
}

// Copies (of a key, and of a stream mid-message) give identical results; a moved-from object
// still works (moving copies, error.hpp), also after move assignment over another object.
BOOST_DATA_TEST_CASE(copies_and_moved_from, bdata::make(backends), b) {
  const bytes key = from_hex("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b"),
              iv = from_hex("00112233445566778899aabb"), aad(21, std::byte{0x61}),
              pt = fastprim_test::pattern(77, 3);
  const auto want = openssl_gcm_seal(key, iv, aad, pt);
  const auto check = [&](const aes_gcm& g, const char* what) {
    BOOST_TEST(g.backend() == b, what);
    BOOST_TEST(g.key_size() == 24u, what);
    bytes ct(pt.size()), tag(16), back(pt.size());
    require(g.seal(iv, aad, pt, ct, tag));
    BOOST_TEST(hex(ct) == hex(want.ct), what);
    BOOST_TEST(hex(tag) == hex(want.tag), what);
    require(g.open(iv, aad, ct, tag, back));
    BOOST_TEST((back == pt), what);
  };
  aes_gcm a = make(key, b);
  const aes_gcm copy = a;
  check(copy, "copy");
  const aes_gcm moved = std::move(a);
  check(a, "moved-from");
  check(moved, "moved-into");
  aes_gcm other = make(bytes(16, std::byte{1}), b);
  other = std::move(a);
  check(a, "moved-from (assignment)");
  check(other, "move-assigned");
  other = copy;
  check(other, "copy-assigned");

  // Streams: moved mid-message, both go on to OpenSSL's result.
  const std::size_t cut = 29;
  for (int assign = 0; assign < 2; ++assign) {
    auto e = a.encryptor(iv);
    require(e->aad(aad));
    bytes head(cut);
    require(e->update(cspan(pt).first(cut), head));
    aes_gcm_encryptor src = *e;
    auto other_stream = a.encryptor(from_hex("ffffffffffffffffffffffff"));
    aes_gcm_encryptor dst = *other_stream;
    if (assign)
      dst = std::move(src);
    else
      dst = aes_gcm_encryptor(std::move(src));
    for (aes_gcm_encryptor* s : {&src, &dst}) {
      bytes rest(pt.size() - cut), tag(16);
      require(s->update(cspan(pt).subspan(cut), rest));
      require(s->finish(tag));
      BOOST_TEST(hex(rest) == hex(cspan(want.ct).subspan(cut)));
      BOOST_TEST(hex(tag) == hex(want.tag));
      BOOST_TEST(s->key().backend() == b);
    }
    auto d = a.decryptor(iv);
    require(d->aad(aad));
    require(d->update(cspan(want.ct).first(cut), head));
    aes_gcm_decryptor dsrc = *d;
    aes_gcm_decryptor ddst = std::move(dsrc);
    for (aes_gcm_decryptor* s : {&dsrc, &ddst}) {
      bytes rest(pt.size() - cut);
      require(s->update(cspan(want.ct).subspan(cut), rest));
      require(s->finish(want.tag));
      BOOST_TEST(hex(rest) == hex(cspan(pt).subspan(cut)));
    }
  }
}

static_assert(std::is_nothrow_move_constructible_v<aes_gcm> && std::is_nothrow_move_assignable_v<aes_gcm>);
static_assert(std::is_nothrow_move_constructible_v<aes_gcm_encryptor> &&
              std::is_nothrow_move_constructible_v<aes_gcm_decryptor>);
static_assert(!std::is_default_constructible_v<aes_gcm>);

BOOST_AUTO_TEST_CASE(unavailable_backends) {
  fastprim_test::check_aes_mode_backends<fastprim::primitive::aes_gcm>(
      [](backend b) { return aes_gcm::create(bytes(16), b); });
}

// ---- the 32-bit counter wrap (inc32, SP 800-38D 6.2) ------------------------------------------------------
// With a 12-byte IV the counter starts at 2 and cannot wrap; with any other length J0 is a GHASH
// of the IV, and its low 32 bits can sit anywhere. Here J0 is chosen and the 16-byte IV solved
// for it: J0 = IV*H^2 + L*H (L the length block), so IV = (J0 + L*H) * H^-2, H = E_K(0) from
// OpenSSL. The constructed J0 is confirmed through OpenSSL's keystream (the first ciphertext
// block of a zero message is E_K(inc32(J0))), and then the whole message, whose counter wraps
// from ffffffff to 00000000 inside it at every offset of the backends' block groups, against
// OpenSSL: seal, open and the streams.
BOOST_DATA_TEST_CASE(counter_wrap, bdata::make(backends), b) {
  std::mt19937_64 rng(0xc0de);
  std::size_t wraps_inside = 0;
  for (std::size_t klen : {16u, 24u, 32u}) {
    const bytes key = rand_bytes(rng, klen);
    const aes_gcm g = make(key, b);
    const u128 h = load(openssl_aes("ecb", key, {}, bytes(16), true));
    const u128 h2inv = gf_inv(gf_mul(h, h));
    BOOST_REQUIRE(gf_mul(h2inv, gf_mul(h, h)) == u128{1} << 127);
    const u128 len_block = 128;  // 0^64 || [len(IV) = 128 bits]_64
    for (std::uint32_t back :
         {0u, 1u, 2u, 3u, 5u, 7u, 8u, 9u, 15u, 16u, 17u, 31u, 32u, 33u, 63u, 100u, 255u, 256u}) {
      // J0 whose low 32 bits are 2^32 - 1 - back: the first block uses 2^32 - back (0 if back = 0).
      u128 j0 = load(rand_bytes(rng, 16));
      j0 = (j0 & ~u128{0xffffffff}) | (0xffffffffu - back);
      const bytes iv = store(gf_mul(j0 ^ gf_mul(len_block, h), h2inv));
      // OpenSSL confirms J0: its keystream starts with E_K(inc32(J0)).
      bytes ctr1 = store(j0);
      const std::uint32_t low = 0xffffffffu - back + 1;
      for (int i = 0; i < 4; ++i) ctr1[std::size_t(12 + i)] = std::byte(low >> (24 - 8 * i));
      BOOST_TEST_REQUIRE(
          hex(openssl_gcm_seal(key, iv, {}, bytes(16)).ct) == hex(openssl_aes("ecb", key, {}, ctr1, true)),
          "constructed IV does not give J0 (back " << back << ")");
      for (std::size_t n : {std::size_t(16) * (back + 2) + 5, std::size_t(4096 + 16 * 33 + 7)}) {
        const bytes aad = rand_bytes(rng, 13), pt = rand_bytes(rng, n);
        const std::string at =
            "key " + std::to_string(klen) + " back " + std::to_string(back) + " n " + std::to_string(n);
        if (n > 16 * (std::size_t(back) + 1)) ++wraps_inside;
        differential_one(g, key, iv, aad, pt, 16, false, 3, at);
        differential_one(g, key, iv, aad, pt, 12, true, 0, at + " in place");
        // Streamed in pieces that straddle the wrap.
        const auto want = openssl_gcm_seal(key, iv, aad, pt);
        auto e = g.encryptor(iv);
        require(e->aad(aad));
        bytes ct(n), tag(16);
        std::size_t pos = 0;
        while (pos < n) {
          const std::size_t len = std::min<std::size_t>(n - pos, 1 + rng() % 100);
          require(e->update(cspan(pt).subspan(pos, len), mspan(ct).subspan(pos, len)));
          pos += len;
        }
        require(e->finish(tag));
        BOOST_TEST(hex(ct) == hex(want.ct), at << " streamed");
        BOOST_TEST(hex(tag) == hex(want.tag), at << " streamed");
      }
    }
  }
  BOOST_TEST(wraps_inside >= 50u);
}

// Many random 16-byte IVs and a message over 4 KiB: J0 anywhere (a wrap inside is rare; the
// constructed cases above make sure of it).
BOOST_DATA_TEST_CASE(random_long_ivs, bdata::make(backends), b) {
  std::mt19937_64 rng(0x1616);
  const bytes key = rand_bytes(rng, 16);
  const aes_gcm g = make(key, b);
  for (int t = 0; t < 100; ++t) {
    const bytes iv = rand_bytes(rng, 16), aad = rand_bytes(rng, std::size_t(t)),
                pt = rand_bytes(rng, 4096 + std::size_t(t) * 7);
    differential_one(g, key, iv, aad, pt, 16, t % 2 == 0, std::size_t(t) % 16, "t " + std::to_string(t));
  }
}

BOOST_AUTO_TEST_SUITE_END()
