// test/test_authenc.cpp: encrypt-then-MAC (authenc.hpp): AES-CBC, AES-CTR and AES-XTS with
// HMAC-SHA-1 and HMAC-SHA-256, on every AES backend this build and CPU can run, with the one-pass
// kernels and without them. Expected values come from OpenSSL libcrypto: EVP aes-<bits>-cbc/ctr/xts
// over the input, then HMAC(mac_key, aad || ciphertext), truncated to the tag's length.
#define BOOST_TEST_MODULE authenc
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "fastprim/authenc.hpp"
#include "support/backends.hpp"
#include "support/cavp.hpp"
#include "support/openssl_ref.hpp"
#include "support/random.hpp"

namespace {

using fastprim::authenc;
using fastprim::backend;
using fastprim::cipher_mode;
using fastprim::errc;
using fastprim::primitive;
using fastprim_test::hex;
using fastprim_test::random_bytes;
using bytes = std::vector<std::byte>;
using cspan = std::span<const std::byte>;

const std::vector<backend> backends = fastprim::detail::usable_backends<primitive::authenc>();

template <class H>
const EVP_MD* md() {
  return std::is_same_v<H, fastprim::sha1> ? EVP_sha1() : EVP_sha256();
}

// What seal must produce, by OpenSSL.
template <class H>
std::pair<bytes, bytes> reference(cipher_mode m, cspan key, cspan mac_key, cspan iv, cspan aad, cspan in,
                                  std::size_t tag_len) {
  bytes ct = m == cipher_mode::xts
                 ? fastprim_test::openssl_xts(key, iv, in, true)
                 : fastprim_test::openssl_aes(m == cipher_mode::cbc ? "cbc" : "ctr", key, iv, in, true);
  bytes msg(aad.begin(), aad.end());
  msg.insert(msg.end(), ct.begin(), ct.end());
  bytes tag = fastprim_test::openssl_hmac(md<H>(), mac_key, msg);
  tag.resize(tag_len);
  return {ct, tag};
}

// got == want; only a mismatch pays for the hex dump (the sanitizer builds run this suite at -O0).
void expect_same(cspan got, cspan want, const std::string& where) {
  const bool ok = got.size() == want.size() && std::equal(got.begin(), got.end(), want.begin());
  BOOST_TEST(ok, where);
  if (!ok) BOOST_TEST_MESSAGE(where << ": got " << hex(got) << ", want " << hex(want));
}

template <class H>
authenc<H> make(cipher_mode m, cspan key, cspan mac_key, backend b) {
  auto r = authenc<H>::create(m, key, mac_key, b);
  BOOST_REQUIRE_MESSAGE(r.has_value(), r.message());
  BOOST_REQUIRE(r->backend() == b);
  BOOST_REQUIRE(r->mode() == m);
  return *r;
}

std::vector<std::size_t> key_sizes(cipher_mode m) {
  return m == cipher_mode::xts ? std::vector<std::size_t>{32, 64} : std::vector<std::size_t>{16, 24, 32};
}

// An input length the mode takes, near `n`.
std::size_t fit(cipher_mode m, std::size_t n) {
  if (m == cipher_mode::cbc) return n / 16 * 16;
  if (m == cipher_mode::xts) return std::max<std::size_t>(n, 16);
  return n;
}

// One case: seal against OpenSSL (in place and not), then open back (in place and not).
template <class H>
void check_case(const authenc<H>& ae, cipher_mode m, cspan key, cspan mac_key, std::size_t n,
                std::size_t aad_len, std::size_t tag_len, std::uint64_t seed) {
  const bytes iv = random_bytes(16, seed);
  const bytes aad = random_bytes(aad_len, seed + 1);
  const bytes in = random_bytes(n, seed + 2);
  const auto [ct, tag] = reference<H>(m, key, mac_key, iv, aad, in, tag_len);
  const std::string where = std::string(fastprim::to_string(m)) + " key " + std::to_string(key.size()) +
                            " n " + std::to_string(n) + " aad " + std::to_string(aad_len) + " tag " +
                            std::to_string(tag_len);
  bytes out(n), t(tag_len);
  BOOST_TEST_REQUIRE(ae.seal(iv, aad, in, out, t).has_value(), where);
  expect_same(out, ct, where);
  expect_same(t, tag, where);
  bytes inplace = in, t2(tag_len);
  BOOST_TEST_REQUIRE(ae.seal(iv, aad, inplace, inplace, t2).has_value(), where);
  expect_same(inplace, ct, where);
  expect_same(t2, tag, where);
  bytes back(n);
  BOOST_TEST_REQUIRE(ae.open(iv, aad, ct, tag, back).has_value(), where);
  expect_same(back, in, where);
  BOOST_TEST_REQUIRE(ae.open(iv, aad, inplace, tag, inplace).has_value(), where);
  expect_same(inplace, in, where);
}

// Every mode, hash input length and AAD length class, on backend b.
template <class H>
void differential(backend b, std::uint64_t seed0) {
  std::mt19937_64 rng(seed0);
  for (cipher_mode m : {cipher_mode::cbc, cipher_mode::ctr, cipher_mode::xts}) {
    for (std::size_t ks : key_sizes(m)) {
      const bytes key = random_bytes(ks, rng());
      const bytes mac_key = random_bytes(rng() % 150, rng());  // also longer than a block
      const authenc<H> ae = make<H>(m, key, mac_key, b);
      // Lengths around the 64-byte hash blocks and the 4-block steps of the one-pass kernel, and
      // past the 4 KiB chunks.
      for (std::size_t n : {0,   1,   15,  16,  17,  31,  32,  48,   63,   64,   65,   80,   96,   112,
                            127, 128, 129, 192, 255, 256, 320, 1000, 4095, 4096, 4097, 8192, 8200, 12345}) {
        if (m != cipher_mode::ctr && n == 0) continue;
        // No AAD, a random AAD inside one hash block and one past it: over the lengths, the
        // ciphertext starts at every offset of a hash block.
        for (std::size_t aad_len : {std::size_t{0}, 1 + rng() % 63, 64 + rng() % 137}) {
          const std::size_t tag_len = authenc<H>::min_tag_size + rng() % (H::digest_size - 9);
          check_case<H>(ae, m, key, mac_key, fit(m, n), aad_len, tag_len, rng());
        }
      }
    }
  }
}

bool x86_aes(backend b) { return b == backend::x86_aesni || b == backend::x86_vaes; }

// The one-pass kernel is bound exactly where dispatch.hpp says: CBC on an x86 AES backend while the
// hash runs on SHA-NI.
template <class H>
void check_one_pass(backend b) {
  const bytes key = random_bytes(16, 1), mac_key = random_bytes(32, 2);
  const backend hb = fastprim::detail::select<H::traits_type::id>().token;
  const bool expect = x86_aes(b) && hb == backend::x86_shani;
  BOOST_TEST(make<H>(cipher_mode::cbc, key, mac_key, b).one_pass() == expect,
             "backend " << b << " hash " << hb);
  BOOST_TEST(!make<H>(cipher_mode::ctr, key, mac_key, b).one_pass());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(authenc_suite)

BOOST_AUTO_TEST_CASE(openssl_differential_sha256) {
  for (backend b : backends) {
    BOOST_TEST_CONTEXT("backend " << b) {
      check_one_pass<fastprim::sha256>(b);
      differential<fastprim::sha256>(b, 0x5eed256);
    }
  }
}

BOOST_AUTO_TEST_CASE(openssl_differential_sha1) {
  for (backend b : backends) {
    BOOST_TEST_CONTEXT("backend " << b) {
      check_one_pass<fastprim::sha1>(b);
      differential<fastprim::sha1>(b, 0x5eed1);
    }
  }
}

// The chunked path on the x86 AES backends too: with the hash pinned off SHA-NI no key takes the
// one-pass kernel.
BOOST_AUTO_TEST_CASE(without_one_pass) {
  const auto hb = fastprim::detail::usable_backends<primitive::sha256>();
  const auto h1 = fastprim::detail::usable_backends<primitive::sha1>();
  const auto other = [](const std::vector<backend>& v) {
    for (backend x : v)
      if (x != backend::x86_shani) return x;
    return backend::scalar;
  };
  fastprim_test::pinned<primitive::sha256> p256(other(hb));
  fastprim_test::pinned<primitive::sha1> p1(other(h1));
  for (backend b : backends) {
    if (!x86_aes(b)) continue;
    BOOST_TEST_CONTEXT("backend " << b) {
      BOOST_TEST(
          !make<fastprim::sha256>(cipher_mode::cbc, random_bytes(16, 1), random_bytes(16, 2), b).one_pass());
      differential<fastprim::sha256>(b, 77);
      differential<fastprim::sha1>(b, 78);
    }
  }
}

// Long inputs, CTR's counter wrapping modulo 2^128, and the largest XTS unit.
BOOST_AUTO_TEST_CASE(long_inputs) {
#if FASTPRIM_TEST_EMULATED || defined(__SANITIZE_ADDRESS__)
  // Under qemu-user or the sanitizers the largest XTS unit alone costs minutes.
  constexpr std::size_t long_len = 1 << 18, xts_len = 1 << 20;
#else
  constexpr std::size_t long_len = 1 << 20, xts_len = fastprim::aes_xts::max_data_unit;
#endif
  for (backend b : backends) {
    BOOST_TEST_CONTEXT("backend " << b) {
      const bytes key = random_bytes(32, 3), mac_key = random_bytes(64, 4);
      const auto cbc = make<fastprim::sha256>(cipher_mode::cbc, key, mac_key, b);
      check_case<fastprim::sha256>(cbc, cipher_mode::cbc, key, mac_key, long_len, 5, 32, 10);
      const auto ctr = make<fastprim::sha1>(cipher_mode::ctr, key, mac_key, b);
      check_case<fastprim::sha1>(ctr, cipher_mode::ctr, key, mac_key, long_len + 7, 0, 20, 11);
      // The counter block ff..fd: after three blocks the 128-bit counter wraps to zero.
      bytes iv(16, std::byte{0xff});
      iv[15] = std::byte{0xfd};
      const bytes in = random_bytes(100, 12);
      const auto [ct, tag] = reference<fastprim::sha1>(cipher_mode::ctr, key, mac_key, iv, {}, in, 20);
      bytes out(100), t(20);
      BOOST_TEST_REQUIRE(ctr.seal(iv, cspan{}, in, out, t).has_value());
      expect_same(out, ct, "");
      expect_same(t, tag, "");
      const bytes xkey = random_bytes(64, 13);
      const auto xts = make<fastprim::sha256>(cipher_mode::xts, xkey, mac_key, b);
      check_case<fastprim::sha256>(xts, cipher_mode::xts, xkey, mac_key, xts_len, 70, 16, 14);
    }
  }
}

// Any flipped bit of the ciphertext, the tag or the AAD, or an AAD one byte longer, fails open with
// errc::auth_failed and an all-zero output. (The IV is not authenticated by itself: the tag covers
// aad || ciphertext; a protocol that must authenticate it puts it in the AAD, as ESP does.)
BOOST_AUTO_TEST_CASE(tampering) {
  for (backend b : backends) {
    for (cipher_mode m : {cipher_mode::cbc, cipher_mode::ctr, cipher_mode::xts}) {
      BOOST_TEST_CONTEXT("backend " << b << " mode " << fastprim::to_string(m)) {
        const bytes key = random_bytes(m == cipher_mode::xts ? 32 : 16, 20), mac_key = random_bytes(20, 21);
        const auto ae = make<fastprim::sha256>(m, key, mac_key, b);
        const bytes iv = random_bytes(16, 22), aad = random_bytes(9, 23), in = random_bytes(48, 24);
        bytes ct(48), tag(16);
        BOOST_TEST_REQUIRE(ae.seal(iv, aad, in, ct, tag).has_value());
        const auto fails = [&](const bytes& a, const bytes& c, const bytes& t, const char* what,
                               std::size_t bit) {
          bytes out(c.size(), std::byte{0xaa});
          const auto r = ae.open(iv, a, c, t, out);
          BOOST_TEST((r.code() == errc::auth_failed), what << " bit " << bit);
          BOOST_TEST(std::all_of(out.begin(), out.end(), [](std::byte x) { return x == std::byte{0}; }),
                     what << " bit " << bit);
        };
        for (std::size_t bit = 0; bit < 8 * ct.size(); ++bit) {
          bytes c = ct;
          c[bit / 8] ^= std::byte(1u << (bit % 8));
          fails(aad, c, tag, "ciphertext", bit);
        }
        for (std::size_t bit = 0; bit < 8 * tag.size(); ++bit) {
          bytes t = tag;
          t[bit / 8] ^= std::byte(1u << (bit % 8));
          fails(aad, ct, t, "tag", bit);
        }
        for (std::size_t bit = 0; bit < 8 * aad.size(); ++bit) {
          bytes a = aad;
          a[bit / 8] ^= std::byte(1u << (bit % 8));
          fails(a, ct, tag, "aad", bit);
        }
        bytes longer = aad;
        longer.push_back(std::byte{0});
        fails(longer, ct, tag, "aad one byte longer", 0);
        // A truncated tag verifies only as the prefix of the right one.
        bytes t12(tag.begin(), tag.begin() + 12), out(48);
        BOOST_TEST(ae.open(iv, aad, ct, t12, out).has_value());
        expect_same(out, in, "");
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(misuse) {
  const bytes k16 = random_bytes(16, 30), k32 = random_bytes(32, 31), mk = random_bytes(32, 32);
  const auto code = [](const auto& r) { return r.code(); };
  using A = authenc<fastprim::sha256>;
  // Keys: lengths per mode, equal XTS halves, a mode that does not exist.
  BOOST_TEST((code(A::create(cipher_mode::cbc, random_bytes(15, 1), mk)) == errc::bad_key_length));
  BOOST_TEST((code(A::create(cipher_mode::ctr, random_bytes(64, 1), mk)) == errc::bad_key_length));
  BOOST_TEST((code(A::create(cipher_mode::xts, k16, mk)) == errc::bad_key_length));
  BOOST_TEST((code(A::create(cipher_mode::xts, random_bytes(48, 1), mk)) == errc::bad_key_length));
  bytes weak(32);
  BOOST_TEST((code(A::create(cipher_mode::xts, weak, mk)) == errc::weak_key));
  BOOST_TEST((code(A::create(static_cast<cipher_mode>(9), k16, mk)) == errc::bad_argument));
  BOOST_TEST(A::create(cipher_mode::cbc, k16, bytes{}).has_value());  // an empty HMAC key is a key
  BOOST_TEST(
      std::string(A::create(cipher_mode::cbc, random_bytes(15, 1), mk).message()).find("16, 24 or 32") !=
      std::string::npos);
  fastprim_test::check_aes_mode_backends<primitive::authenc>(
      [&](backend b) { return A::create(cipher_mode::cbc, k16, mk, b); });

  for (backend b : backends) {
    BOOST_TEST_CONTEXT("backend " << b) {
      const A cbc = make<fastprim::sha256>(cipher_mode::cbc, k16, mk, b);
      const A xts = make<fastprim::sha256>(cipher_mode::xts, k32, mk, b);
      const A ctr = make<fastprim::sha256>(cipher_mode::ctr, k16, mk, b);
      const bytes iv(16), in(64);
      bytes out(64, std::byte{7}), tag(32);
      const auto untouched = [&] {
        return std::all_of(out.begin(), out.end(), [](std::byte x) { return x == std::byte{7}; });
      };
      BOOST_TEST((cbc.seal(bytes(15), bytes{}, in, out, tag).code() == errc::bad_iv_length));
      BOOST_TEST((cbc.seal(iv, bytes{}, in, out, bytes(9)).code() == errc::bad_tag_length));
      BOOST_TEST((cbc.seal(iv, bytes{}, in, out, bytes(33)).code() == errc::bad_tag_length));
      BOOST_TEST((authenc<fastprim::sha1>::create(cipher_mode::cbc, k16, mk, b)
                      ->seal(iv, bytes{}, in, out, bytes(21))
                      .code() == errc::bad_tag_length));
      BOOST_TEST((cbc.seal(iv, bytes{}, bytes(17), out, tag).code() == errc::bad_length));
      BOOST_TEST((xts.seal(iv, bytes{}, bytes(15), out, tag).code() == errc::bad_length));
      BOOST_TEST((ctr.seal(iv, bytes{}, in, std::span(out).first(63), tag).code() == errc::short_output));
      BOOST_TEST(
          (ctr.seal(iv, bytes{}, std::span(out).subspan(1, 32), std::span(out).subspan(0, 40), tag).code() ==
           errc::overlap));
      BOOST_TEST((cbc.open(iv, bytes{}, bytes(17), tag, out).code() == errc::bad_length));
      BOOST_TEST((cbc.open(iv, bytes{}, in, bytes(8), out).code() == errc::bad_tag_length));
      BOOST_TEST((xts.open(iv, bytes{}, in, tag, std::span(out).first(10)).code() == errc::short_output));
      BOOST_TEST(untouched());
      BOOST_TEST(std::string(cbc.seal(iv, bytes{}, in, out, bytes(9)).message()).find("10 bytes") !=
                 std::string::npos);
    }
  }
}

// Copies bind the same keys and backend; a moved-from key stays whole (error.hpp's rule).
BOOST_AUTO_TEST_CASE(copies) {
  const bytes key = random_bytes(24, 40), mk = random_bytes(70, 41), iv = random_bytes(16, 42),
              in = random_bytes(160, 43);
  for (backend b : backends) {
    auto a = make<fastprim::sha1>(cipher_mode::cbc, key, mk, b);
    const auto [ct, tag] = reference<fastprim::sha1>(cipher_mode::cbc, key, mk, iv, {}, in, 20);
    auto c = a;
    auto d = std::move(a);
    for (const auto* x : {&a, &c, &d}) {
      bytes out(160), t(20);
      BOOST_TEST_REQUIRE(x->seal(iv, cspan{}, in, out, t).has_value());
      expect_same(out, ct, "");
      expect_same(t, tag, "");
      BOOST_TEST(x->backend() == b);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
