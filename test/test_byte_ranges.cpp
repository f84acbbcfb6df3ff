// test/test_byte_ranges.cpp: the one rule for byte arguments (bytes.hpp). Every public function
// that takes bytes is called with std::string, std::string_view, std::vector<std::uint8_t>,
// std::vector<char>, std::array<std::byte, N>, std::vector<signed char>, std::u8string, an
// unsigned char array, const and rvalue forms, and spans of each (inputs), and with every
// writable one of them (outputs); each result must equal the result of the std::byte span
// overload. One case per primitive also checks an outside value: FIPS 197 C.1 (AES-128), the
// FIPS 180-4 "abc" digests (SHA-1, SHA-256), test case 4 of the GCM specification and a NIST CAVP
// GMAC case (AES-GCM), NIST CAVP XTSGenAES records (AES-XTS: AES-128 and AES-256 data units, one
// with ciphertext stealing, and a plain64 sector), RFC 4231 case 2 and RFC 2202 case 2 (HMAC),
// xxhsum's XXH64 of "abc", RFC 5652's padding rule (PKCS#7). The static_asserts and the calls of
// `compile_and_resolve` are the compile-only part: what must resolve, and what must not compile.
// The batches (sha1_batch, sha256_batch, xxh64_batch) take spans of std::byte spans only; PAC
// takes std::uint64_t spans.
#define BOOST_TEST_MODULE byte_ranges
#include <algorithm>
#include <array>
#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <cstdint>
#include <list>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fastprim/aes.hpp"
#include "fastprim/aes_gcm.hpp"
#include "fastprim/aes_xts.hpp"
#include "fastprim/hmac.hpp"
#include "fastprim/pkcs7.hpp"
#include "fastprim/sha1.hpp"
#include "fastprim/sha256.hpp"
#include "fastprim/xxh64.hpp"

namespace fp = fastprim;
using bytes = std::vector<std::byte>;
#define FWD(x) std::forward<decltype(x)>(x)

// ---- the concepts --------------------------------------------------------------------------------------
static_assert(fp::byte_input<std::string> && fp::byte_input<const std::string&> &&
              fp::byte_input<std::string_view>);
static_assert(fp::byte_input<std::vector<std::uint8_t>&> && fp::byte_input<const std::vector<char>&>);
static_assert(fp::byte_input<std::array<std::byte, 16>&> && fp::byte_input<std::span<const std::byte, 16>>);
static_assert(fp::byte_input<std::u8string> && fp::byte_input<std::vector<signed char>>);
static_assert(fp::byte_input<const unsigned char (&)[16]> && fp::byte_input<std::byte (&)[4]>);
// String literals keep string semantics: char and char8_t arrays are not byte inputs.
static_assert(!fp::byte_input<const char (&)[4]> && !fp::byte_input<char (&)[4]> &&
              !fp::byte_input<const char8_t (&)[4]>);
static_assert(!fp::byte_input<const char*> && !fp::byte_input<std::vector<int>> &&
              !fp::byte_input<std::list<char>> && !fp::byte_input<std::wstring>);
static_assert(fp::byte_output<std::string&> && fp::byte_output<std::vector<std::uint8_t>&> &&
              fp::byte_output<std::span<char>> && fp::byte_output<std::array<std::byte, 4>&> &&
              fp::byte_output<char (&)[4]> && fp::byte_output<std::u8string&>);
static_assert(!fp::byte_output<std::string_view> && !fp::byte_output<const std::vector<char>&> &&
              !fp::byte_output<std::span<const std::byte>> &&
              !fp::byte_output<const std::array<std::byte, 4>&>);

// What must not compile.
template <class T>
concept sha256_hashable = requires(T&& t) {
  fp::sha256::hash(std::forward<T>(t));
};
template <class K>
concept aes_creatable = requires(K&& k) {
  fp::aes::create(std::forward<K>(k));
};
template <class O>
concept ecb_output = requires(const fp::aes& a, const std::vector<char>& in, O&& o) {
  a.encrypt_ecb(in, std::forward<O>(o));
};
static_assert(sha256_hashable<const char (&)[4]> && sha256_hashable<const char*> &&
              sha256_hashable<std::string> && sha256_hashable<std::vector<std::uint8_t>&>);
static_assert(!sha256_hashable<std::vector<int>&> && !sha256_hashable<std::list<char>&>);
static_assert(aes_creatable<std::vector<char>&> && aes_creatable<std::string> &&
              !aes_creatable<const char (&)[17]>);
static_assert(ecb_output<std::vector<char>&> && ecb_output<std::span<std::uint8_t>> &&
              !ecb_output<std::string_view> && !ecb_output<const std::vector<char>&>);

// The one-shot hashes of any byte range stay constant expressions.
static_assert(fp::sha256::hash(std::array<unsigned char, 3>{'a', 'b', 'c'})[0] == std::byte{0xba});
static_assert(fp::sha1::hash(std::u8string_view(u8"abc"))[0] == std::byte{0xa9});
static_assert(fp::xxh64(std::array<char8_t, 3>{u8'a', u8'b', u8'c'}) == 0x44bc2cf5ad770999u);
static_assert(fp::xxh64("abc") == 0x44bc2cf5ad770999u &&
              fp::xxh64(std::string_view("abc")) == 0x44bc2cf5ad770999u);

namespace {

bytes from_hex(std::string_view h) {
  bytes b(h.size() / 2);
  auto nib = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = std::byte(nib(h[2 * i]) << 4 | nib(h[2 * i + 1]));
  return b;
}
bytes from_string(std::string_view s) {
  const auto* p = reinterpret_cast<const std::byte*>(s.data());
  return bytes(p, p + s.size());
}
// The bytes of any container (char arrays included).
template <class C>
bytes bytes_of(const C& c) {
  const auto* p = reinterpret_cast<const std::byte*>(std::data(c));
  return bytes(p, p + std::size(c) * sizeof(*std::data(c)));
}
template <std::size_t N>
bytes bytes_of(const std::array<std::byte, N>& a) {
  return bytes(a.begin(), a.end());
}
std::span<const std::byte> in_span(const bytes& v) { return v; }

// Calls f(label, x) with the N bytes of `v` in every input container of the rule.
template <std::size_t N, class F>
void each_input(const bytes& v, F&& f) {
  BOOST_TEST_REQUIRE(v.size() == N);
  std::string s(reinterpret_cast<const char*>(v.data()), v.size());
  const std::string_view sv(s);
  std::vector<std::uint8_t> u(s.begin(), s.end());
  std::vector<char> c(s.begin(), s.end());
  std::vector<signed char> sc(s.begin(), s.end());
  std::u8string u8(s.begin(), s.end());
  std::array<std::byte, N> a;
  std::copy(v.begin(), v.end(), a.begin());
  unsigned char raw[N];
  std::copy(u.begin(), u.end(), raw);
  f("std::string", s);
  f("const std::string", std::as_const(s));
  f("std::string (rvalue)", std::string(s));
  f("std::string_view", sv);
  f("std::vector<std::uint8_t>", u);
  f("const std::vector<std::uint8_t>", std::as_const(u));
  f("std::vector<std::uint8_t> (rvalue)", std::vector<std::uint8_t>(u));
  f("std::vector<char>", c);
  f("const std::vector<char>", std::as_const(c));
  f("std::array<std::byte, N>", a);
  f("const std::array<std::byte, N>", std::as_const(a));
  f("std::vector<signed char>", sc);
  f("std::u8string", u8);
  f("unsigned char[N]", raw);
  f("std::span<const char> of std::string", std::span<const char>(s));
  f("std::span<char> of std::string", std::span<char>(s));
  f("std::span<const char> of std::string_view", std::span(sv));
  f("std::span<const std::uint8_t>", std::span<const std::uint8_t>(u));
  f("std::span<std::uint8_t>", std::span<std::uint8_t>(u));
  f("std::span<const char> of std::vector<char>", std::span<const char>(c));
  f("std::span<char> of std::vector<char>", std::span<char>(c));
  f("std::span<const std::byte, N> of std::array", std::span<const std::byte, N>(a));
  f("std::span<std::byte> of std::array", std::span<std::byte>(a));
  f("std::span<const char8_t>", std::span<const char8_t>(u8));
  f("std::span<const std::byte> (the base overload)", in_span(v));
}

// Calls f(out) with every writable container of N bytes; afterwards the container must hold `want`.
template <std::size_t N, class F>
void each_output(const bytes& want, F&& f) {
  const auto check = [&](const char* label, const auto& storage, auto&& out) {
    BOOST_TEST_CONTEXT("output " << label) {
      f(FWD(out));
      BOOST_TEST(bytes_of(storage) == want);
    }
  };
  // clang-format off
  { std::string o(N, '\0'); check("std::string", o, o); }
  { std::string o(N, '\0'); check("std::span<char> of std::string", o, std::span<char>(o)); }
  { std::vector<std::uint8_t> o(N); check("std::vector<std::uint8_t>", o, o); }
  { std::vector<std::uint8_t> o(N); check("std::span<std::uint8_t>", o, std::span<std::uint8_t>(o)); }
  { std::vector<char> o(N); check("std::vector<char>", o, o); }
  { std::vector<char> o(N); check("std::span<char> of std::vector<char>", o, std::span<char>(o)); }
  { std::array<std::byte, N> o{}; check("std::array<std::byte, N>", o, o); }
  { std::array<std::byte, N> o{}; check("std::span<std::byte, N>", o, std::span<std::byte, N>(o)); }
  { std::vector<signed char> o(N); check("std::vector<signed char>", o, o); }
  { std::u8string o(N, u8'\0'); check("std::u8string", o, o); }
  { unsigned char o[N] = {}; check("unsigned char[N]", o, o); }
  { char o[N] = {}; check("char[N]", o, o); }
  { bytes o(N); check("std::span<std::byte> (the base overload)", o, std::span<std::byte>(o)); }
  // clang-format on
}

// ---- AES: FIPS 197 appendix C.1 (AES-128) -----------------------------------------------------------
const bytes aes_key = from_hex("000102030405060708090a0b0c0d0e0f");
const bytes aes_pt = from_hex("00112233445566778899aabbccddeeff");
const bytes aes_ct = from_hex("69c4e0d86a7b0430d8cdb78070b4c55a");
const bytes iv = from_hex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
const bytes msg64 = from_hex(
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
const bytes msg37(msg64.begin(), msg64.begin() + 37);

fp::aes base_aes() {
  auto a = fp::aes::create(std::span<const std::byte>(aes_key));
  BOOST_TEST_REQUIRE(a.has_value(), a.message());
  return *a;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(byte_ranges)

// Everything the issue found rejected or ambiguous resolves, to the std::byte overload's result.
BOOST_AUTO_TEST_CASE(compile_and_resolve) {
  const std::string s = "abc";
  const std::vector<std::uint8_t> u{'a', 'b', 'c'};
  const bytes b = from_string("abc");
  BOOST_TEST(fp::xxh64(s, 7) == fp::xxh64(in_span(b), 7));
  BOOST_TEST(fp::xxh64(std::string("abc"), 7) == fp::xxh64(in_span(b), 7));
  BOOST_TEST(bytes_of(fp::sha256::hash(u)) == bytes_of(fp::sha256::hash(in_span(b))));
  BOOST_TEST(bytes_of(fp::sha1::hash(u)) == bytes_of(fp::sha1::hash(in_span(b))));
  BOOST_TEST(bytes_of(fp::sha256{}.update(u).digest()) == bytes_of(fp::sha256::hash(in_span(b))));
  const fp::hmac<fp::sha256> mac{"key"};
  const auto tag = mac.compute(u);
  BOOST_TEST(bytes_of(tag) == bytes_of(mac.compute(in_span(b))));
  BOOST_TEST(mac.verify(std::string_view("abc"), tag));
  BOOST_TEST(mac.verify("abc", tag));
  BOOST_TEST(mac.verify(s, tag));
  BOOST_TEST(!mac.verify("abd", tag));
  const fp::aes a = base_aes();
  std::vector<char> in(aes_pt.size()), out(16);
  std::copy(aes_pt.begin(), aes_pt.end(), reinterpret_cast<std::byte*>(in.data()));
  BOOST_TEST_REQUIRE(a.encrypt_ecb(in, out).has_value());
  BOOST_TEST(bytes_of(out) == aes_ct);
  BOOST_TEST(a.encrypt_ecb({}, {}).has_value());  // the std::byte overload: empty input is no block
  BOOST_TEST(a.decrypt_ecb({}, {}).has_value());
  // A literal is its characters, without the NUL, wherever a string_view overload exists.
  BOOST_TEST(bytes_of(fp::sha256::hash("abc")) == bytes_of(fp::sha256::hash(in_span(b))));
  const char* cstr = "abc";
  BOOST_TEST(fp::xxh64(cstr) == fp::xxh64(in_span(b)));
  BOOST_TEST(bytes_of(fp::hmac_sha256("key", "abc")) == bytes_of(fp::hmac_sha256(std::string("key"), s)));
}

// ---- AES
// ---------------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(aes_create) {
  const fp::backend dflt = base_aes().backend();
  each_input<16>(aes_key, [&](const char* label, auto&& k) {
    BOOST_TEST_CONTEXT("key " << label) {
      auto a = fp::aes::create(k);
      auto named = fp::aes::create(FWD(k), dflt);
      BOOST_TEST_REQUIRE(a.has_value());
      BOOST_TEST_REQUIRE(named.has_value());
      bytes out(16), out2(16);
      BOOST_TEST_REQUIRE(a->encrypt_block(in_span(aes_pt), std::span<std::byte>(out)).has_value());
      BOOST_TEST_REQUIRE(named->encrypt_block(in_span(aes_pt), std::span<std::byte>(out2)).has_value());
      BOOST_TEST(out == aes_ct);  // FIPS 197 C.1
      BOOST_TEST(out2 == aes_ct);
    }
  });
  BOOST_TEST((fp::aes::create(std::string(15, 'k')).code() == fp::errc::bad_key_length));
}

// Each byte argument of `call(a, x, y[, z])` in turn takes every container while the others are
// std::byte spans; `N` is the length of that argument.
BOOST_AUTO_TEST_CASE(aes_ecb_block) {
  const fp::aes a = base_aes();
  bytes ecb_ct(64), ecb_pt(64), blk_ct(16), blk_pt(16);
  BOOST_TEST_REQUIRE(a.encrypt_ecb(in_span(msg64), std::span<std::byte>(ecb_ct)).has_value());
  BOOST_TEST_REQUIRE(a.decrypt_ecb(in_span(ecb_ct), std::span<std::byte>(ecb_pt)).has_value());
  BOOST_TEST_REQUIRE(a.encrypt_block(in_span(aes_pt), std::span<std::byte>(blk_ct)).has_value());
  BOOST_TEST_REQUIRE(a.decrypt_block(in_span(aes_ct), std::span<std::byte>(blk_pt)).has_value());
  BOOST_TEST(ecb_pt == msg64);
  BOOST_TEST(blk_ct == aes_ct);
  BOOST_TEST(blk_pt == aes_pt);
  // in_case<N>(input, call, want): call(in, out) for `input` in every container, then out == want.
  const auto in_case = [&]<std::size_t N>(const bytes& input, auto call, const bytes& want) {
    each_input<N>(input, [&](const char* label, auto&& in) {
      BOOST_TEST_CONTEXT("input " << label) {
        bytes o(N);
        BOOST_TEST_REQUIRE(call(FWD(in), std::span<std::byte>(o)).has_value());
        BOOST_TEST(o == want);
      }
    });
  };
  in_case.operator()<64>(
      msg64, [&](auto&& in, auto out) { return a.encrypt_ecb(FWD(in), out); }, ecb_ct);
  in_case.operator()<64>(
      ecb_ct, [&](auto&& in, auto out) { return a.decrypt_ecb(FWD(in), out); }, msg64);
  in_case.operator()<16>(
      aes_pt, [&](auto&& in, auto out) { return a.encrypt_block(FWD(in), out); }, aes_ct);
  in_case.operator()<16>(
      aes_pt, [&](auto&& in, auto out) { return a.encrypt_ecb(FWD(in), out); }, aes_ct);  // one block
  in_case.operator()<16>(
      aes_ct, [&](auto&& in, auto out) { return a.decrypt_block(FWD(in), out); }, aes_pt);
  each_output<64>(
      ecb_ct, [&](auto&& out) { BOOST_TEST_REQUIRE(a.encrypt_ecb(in_span(msg64), FWD(out)).has_value()); });
  each_output<64>(
      msg64, [&](auto&& out) { BOOST_TEST_REQUIRE(a.decrypt_ecb(in_span(ecb_ct), FWD(out)).has_value()); });
  each_output<16>(aes_ct, [&](auto&& out) {
    BOOST_TEST_REQUIRE(a.encrypt_block(in_span(aes_pt), FWD(out)).has_value());
  });
  each_output<16>(aes_pt, [&](auto&& out) {
    BOOST_TEST_REQUIRE(a.decrypt_block(in_span(aes_ct), FWD(out)).has_value());
  });
  // The same container on both sides.
  {
    std::vector<char> in(64), out(64);
    std::copy(msg64.begin(), msg64.end(), reinterpret_cast<std::byte*>(in.data()));
    BOOST_TEST_REQUIRE(a.encrypt_ecb(in, out).has_value());
    BOOST_TEST(bytes_of(out) == ecb_ct);
    std::string s(reinterpret_cast<const char*>(msg64.data()), 64), t(64, '\0');
    BOOST_TEST_REQUIRE(a.encrypt_ecb(s, t).has_value());
    BOOST_TEST(bytes_of(t) == ecb_ct);
    BOOST_TEST_REQUIRE(a.encrypt_ecb(s, s).has_value());  // in place
    BOOST_TEST(bytes_of(s) == ecb_ct);
    std::vector<std::uint8_t> u(ecb_ct.size());
    std::copy(ecb_ct.begin(), ecb_ct.end(), reinterpret_cast<std::byte*>(u.data()));
    BOOST_TEST_REQUIRE(a.decrypt_ecb(u, u).has_value());
    BOOST_TEST(bytes_of(u) == msg64);
  }
}

BOOST_AUTO_TEST_CASE(aes_cbc_ctr) {
  const fp::aes a = base_aes();
  bytes cbc_ct(64), cbc_pt(64), ctr_ct(37);
  BOOST_TEST_REQUIRE(a.encrypt_cbc(in_span(iv), in_span(msg64), std::span<std::byte>(cbc_ct)).has_value());
  BOOST_TEST_REQUIRE(a.decrypt_cbc(in_span(iv), in_span(cbc_ct), std::span<std::byte>(cbc_pt)).has_value());
  BOOST_TEST_REQUIRE(a.ctr(in_span(iv), in_span(msg37), std::span<std::byte>(ctr_ct)).has_value());
  BOOST_TEST(cbc_pt == msg64);
  const auto o64 = [] { return bytes(64); };
  // iv
  each_input<16>(iv, [&](const char* label, auto&& v) {
    BOOST_TEST_CONTEXT("iv " << label) {
      bytes o = o64(), p = o64(), c(37);
      BOOST_TEST_REQUIRE(a.encrypt_cbc(v, in_span(msg64), std::span<std::byte>(o)).has_value());
      BOOST_TEST_REQUIRE(a.decrypt_cbc(v, in_span(cbc_ct), std::span<std::byte>(p)).has_value());
      BOOST_TEST_REQUIRE(a.ctr(FWD(v), in_span(msg37), std::span<std::byte>(c)).has_value());
      BOOST_TEST(o == cbc_ct);
      BOOST_TEST(p == msg64);
      BOOST_TEST(c == ctr_ct);
    }
  });
  // in
  each_input<64>(msg64, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      bytes o = o64();
      BOOST_TEST_REQUIRE(a.encrypt_cbc(in_span(iv), FWD(in), std::span<std::byte>(o)).has_value());
      BOOST_TEST(o == cbc_ct);
    }
  });
  each_input<64>(cbc_ct, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      bytes o = o64();
      BOOST_TEST_REQUIRE(a.decrypt_cbc(in_span(iv), FWD(in), std::span<std::byte>(o)).has_value());
      BOOST_TEST(o == msg64);
    }
  });
  each_input<37>(msg37, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      bytes o(37);
      BOOST_TEST_REQUIRE(a.ctr(in_span(iv), FWD(in), std::span<std::byte>(o)).has_value());
      BOOST_TEST(o == ctr_ct);
    }
  });
  // out
  each_output<64>(cbc_ct, [&](auto&& out) {
    BOOST_TEST_REQUIRE(a.encrypt_cbc(in_span(iv), in_span(msg64), FWD(out)).has_value());
  });
  each_output<64>(msg64, [&](auto&& out) {
    BOOST_TEST_REQUIRE(a.decrypt_cbc(in_span(iv), in_span(cbc_ct), FWD(out)).has_value());
  });
  each_output<37>(ctr_ct, [&](auto&& out) {
    BOOST_TEST_REQUIRE(a.ctr(in_span(iv), in_span(msg37), FWD(out)).has_value());
  });
  // all three the same kind
  {
    const std::vector<char> v(reinterpret_cast<const char*>(iv.data()),
                              reinterpret_cast<const char*>(iv.data()) + 16);
    const std::vector<char> in(reinterpret_cast<const char*>(msg37.data()),
                               reinterpret_cast<const char*>(msg37.data()) + 37);
    std::vector<char> out(37);
    BOOST_TEST_REQUIRE(a.ctr(v, in, out).has_value());
    BOOST_TEST(bytes_of(out) == ctr_ct);
  }
}

BOOST_AUTO_TEST_CASE(aes_ctr_stream) {
  const fp::aes a = base_aes();
  bytes want(37);
  BOOST_TEST_REQUIRE(a.ctr(in_span(iv), in_span(msg37), std::span<std::byte>(want)).has_value());
  // The stream split 5 + 32, with each argument in turn of every kind.
  const bytes head(msg37.begin(), msg37.begin() + 5), rest(msg37.begin() + 5, msg37.end());
  const bytes want_head(want.begin(), want.begin() + 5), want_rest(want.begin() + 5, want.end());
  const auto base_stream = [&] {
    auto s = fp::aes_ctr::create(a, in_span(iv));
    BOOST_TEST_REQUIRE(s.has_value());
    return *s;
  };
  const auto check_stream = [&](fp::aes_ctr& s) {
    bytes o(37);
    BOOST_TEST_REQUIRE(s.update(in_span(msg37), std::span<std::byte>(o)).has_value());
    BOOST_TEST(o == want);
  };
  each_input<16>(iv, [&](const char* label, auto&& v) {
    BOOST_TEST_CONTEXT("iv " << label) {
      auto s = fp::aes_ctr::create(a, v);
      BOOST_TEST_REQUIRE(s.has_value());
      check_stream(*s);
      auto t = fp::aes_ctr::create(in_span(aes_key), v);
      BOOST_TEST_REQUIRE(t.has_value());
      check_stream(*t);
      fp::aes_ctr r = base_stream();
      bytes skip(9);
      BOOST_TEST_REQUIRE(r.update(in_span(bytes(9)), std::span<std::byte>(skip)).has_value());
      BOOST_TEST_REQUIRE(r.reset(FWD(v)).has_value());
      check_stream(r);
    }
  });
  each_input<16>(aes_key, [&](const char* label, auto&& k) {
    BOOST_TEST_CONTEXT("key " << label) {
      auto s = fp::aes_ctr::create(FWD(k), in_span(iv));
      BOOST_TEST_REQUIRE(s.has_value());
      check_stream(*s);
    }
  });
  each_input<5>(head, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      fp::aes_ctr s = base_stream();
      bytes o(5), o2(32);
      BOOST_TEST_REQUIRE(s.update(FWD(in), std::span<std::byte>(o)).has_value());
      BOOST_TEST_REQUIRE(s.update(in_span(rest), std::span<std::byte>(o2)).has_value());
      BOOST_TEST(o == want_head);
      BOOST_TEST(o2 == want_rest);
    }
  });
  each_output<5>(want_head, [&](auto&& out) {
    fp::aes_ctr s = base_stream();
    BOOST_TEST_REQUIRE(s.update(in_span(head), FWD(out)).has_value());
  });
  {
    const std::string v(reinterpret_cast<const char*>(iv.data()), 16),
        k(reinterpret_cast<const char*>(aes_key.data()), 16);
    std::string in(reinterpret_cast<const char*>(msg37.data()), 37), out(37, '\0');
    auto s = fp::aes_ctr::create(k, v);
    BOOST_TEST_REQUIRE(s.has_value());
    BOOST_TEST_REQUIRE(s->update(in, out).has_value());
    BOOST_TEST(bytes_of(out) == want);
  }
}

namespace {

// ---- AES-GCM: test case 4 of McGrew & Viega, "The Galois/Counter Mode of Operation (GCM)" (the
// specification submitted to NIST; OpenSSL gives the same), and GMAC: gcmEncryptExtIV128.rsp,
// [PTlen = 0] [AADlen = 160] Count 0 (NIST CAVP) --------------------------------------------------
const bytes gcm_key = from_hex("feffe9928665731c6d6a8f9467308308");
const bytes gcm_iv = from_hex("cafebabefacedbaddecaf888");
const bytes gcm_aad = from_hex("feedfacedeadbeeffeedfacedeadbeefabaddad2");
const bytes gcm_pt = from_hex(
    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
    "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39");
const bytes gcm_ct = from_hex(
    "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
    "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091");
const bytes gcm_tag = from_hex("5bc94fbc3221a5db94fae95ae7121a47");

fp::aes_gcm base_gcm() {
  auto g = fp::aes_gcm::create(in_span(gcm_key));
  BOOST_TEST_REQUIRE(g.has_value(), g.message());
  return *g;
}

// What must not compile: a string literal (its NUL) as a key, an output that cannot be written.
template <class K>
concept gcm_creatable = requires(K&& k) {
  fp::aes_gcm::create(std::forward<K>(k));
};
template <class O>
concept gcm_seal_output = requires(const fp::aes_gcm& g, const bytes& v, O&& o,
                                   std::array<std::byte, 16>& t) {
  g.seal(v, v, v, std::forward<O>(o), t);
};
static_assert(gcm_creatable<std::string> && gcm_creatable<std::vector<std::uint8_t>&> &&
              gcm_creatable<std::array<std::byte, 16>&> && !gcm_creatable<const char (&)[17]>);
static_assert(gcm_seal_output<std::vector<char>&> && gcm_seal_output<std::span<std::uint8_t>> &&
              !gcm_seal_output<std::string_view> && !gcm_seal_output<const std::vector<char>&>);

}  // namespace

BOOST_AUTO_TEST_CASE(aes_gcm_create_seal_open) {
  const fp::aes_gcm g = base_gcm();
  bytes ct(60), tag(16), pt(60);
  BOOST_TEST_REQUIRE(g.seal(in_span(gcm_iv), in_span(gcm_aad), in_span(gcm_pt), std::span<std::byte>(ct),
                            std::span<std::byte>(tag))
                         .has_value());
  BOOST_TEST(ct == gcm_ct);
  BOOST_TEST(tag == gcm_tag);
  BOOST_TEST_REQUIRE(
      g.open(in_span(gcm_iv), in_span(gcm_aad), in_span(gcm_ct), in_span(gcm_tag), std::span<std::byte>(pt))
          .has_value());
  BOOST_TEST(pt == gcm_pt);
  // Each argument in turn in every container, the others std::byte spans.
  const auto seal_is_right = [&](auto&& k, auto&& v, auto&& a, auto&& in) {
    auto h = fp::aes_gcm::create(FWD(k));
    BOOST_TEST_REQUIRE(h.has_value());
    bytes c(60), t(16);
    BOOST_TEST_REQUIRE(
        h->seal(FWD(v), FWD(a), FWD(in), std::span<std::byte>(c), std::span<std::byte>(t)).has_value());
    BOOST_TEST(c == gcm_ct);
    BOOST_TEST(t == gcm_tag);
  };
  const auto open_is_right = [&](auto&& v, auto&& a, auto&& in, auto&& t) {
    bytes p(60);
    BOOST_TEST_REQUIRE(g.open(FWD(v), FWD(a), FWD(in), FWD(t), std::span<std::byte>(p)).has_value());
    BOOST_TEST(p == gcm_pt);
  };
  const auto k = in_span(gcm_key), v = in_span(gcm_iv), a = in_span(gcm_aad);
  each_input<16>(gcm_key, [&](const char* label, auto&& x) {
    BOOST_TEST_CONTEXT("key " << label) {
      seal_is_right(x, v, a, in_span(gcm_pt));
      auto named = fp::aes_gcm::create(FWD(x), g.backend());
      BOOST_TEST_REQUIRE(named.has_value());
      BOOST_TEST((named->backend() == g.backend()));
    }
  });
  each_input<12>(gcm_iv, [&](const char* label, auto&& x) {
    BOOST_TEST_CONTEXT("iv " << label) {
      seal_is_right(k, x, a, in_span(gcm_pt));
      open_is_right(FWD(x), a, in_span(gcm_ct), in_span(gcm_tag));
    }
  });
  each_input<20>(gcm_aad, [&](const char* label, auto&& x) {
    BOOST_TEST_CONTEXT("aad " << label) {
      seal_is_right(k, v, x, in_span(gcm_pt));
      open_is_right(v, FWD(x), in_span(gcm_ct), in_span(gcm_tag));
    }
  });
  each_input<60>(gcm_pt, [&](const char* label, auto&& x) {
    BOOST_TEST_CONTEXT("input " << label) { seal_is_right(k, v, a, FWD(x)); }
  });
  each_input<60>(gcm_ct, [&](const char* label, auto&& x) {
    BOOST_TEST_CONTEXT("input " << label) { open_is_right(v, a, FWD(x), in_span(gcm_tag)); }
  });
  each_input<16>(gcm_tag, [&](const char* label, auto&& x) {
    BOOST_TEST_CONTEXT("tag " << label) { open_is_right(v, a, in_span(gcm_ct), FWD(x)); }
  });
  each_output<60>(gcm_ct, [&](auto&& out) {
    bytes t(16);
    BOOST_TEST_REQUIRE(g.seal(v, a, in_span(gcm_pt), FWD(out), std::span<std::byte>(t)).has_value());
  });
  each_output<16>(gcm_tag, [&](auto&& out) {
    bytes c(60);
    BOOST_TEST_REQUIRE(g.seal(v, a, in_span(gcm_pt), std::span<std::byte>(c), FWD(out)).has_value());
  });
  each_output<60>(gcm_pt, [&](auto&& out) {
    BOOST_TEST_REQUIRE(g.open(v, a, in_span(gcm_ct), in_span(gcm_tag), FWD(out)).has_value());
  });
  // Whole containers on every side; in place in one std::string.
  {
    const std::string key_s(reinterpret_cast<const char*>(gcm_key.data()), 16);
    const std::vector<std::uint8_t> iv_u(reinterpret_cast<const std::uint8_t*>(gcm_iv.data()),
                                         reinterpret_cast<const std::uint8_t*>(gcm_iv.data()) + 12);
    std::array<std::byte, 20> aad_a;
    std::copy(gcm_aad.begin(), gcm_aad.end(), aad_a.begin());
    std::string io(reinterpret_cast<const char*>(gcm_pt.data()), 60);
    std::array<std::uint8_t, 16> t{};
    auto h = fp::aes_gcm::create(key_s);
    BOOST_TEST_REQUIRE(h.has_value());
    BOOST_TEST_REQUIRE(h->seal(iv_u, aad_a, io, io, t).has_value());
    BOOST_TEST(bytes_of(io) == gcm_ct);
    BOOST_TEST(bytes_of(t) == gcm_tag);
    BOOST_TEST_REQUIRE(h->open(iv_u, aad_a, io, t, io).has_value());
    BOOST_TEST(bytes_of(io) == gcm_pt);
    t[0] ^= 1;
    BOOST_TEST((h->open(iv_u, aad_a, io, t, io).code() == fp::errc::auth_failed));
  }
}

// GMAC: `{}` for the empty plaintext and its output.
BOOST_AUTO_TEST_CASE(aes_gcm_gmac_braces) {
  const std::string key = "\x2f\xb4\x5e\x5b\x8f\x99\x3a\x2b\xfe\xbc\x4b\x15\xb5\x33\xe0\xb4";
  const std::vector<std::uint8_t> iv{0x5b, 0x05, 0x75, 0x5f, 0x98, 0x4d, 0x2b, 0x90, 0xf9, 0x4b, 0x80, 0x27};
  const bytes aad = from_hex("e85491b2202caf1d7dce03b97e09331c32473941");
  const bytes want = from_hex("c75b7832b2a2d9bd827412b6ef5769db");
  auto g = fp::aes_gcm::create(key);
  BOOST_TEST_REQUIRE(g.has_value());
  std::array<std::byte, 16> tag{};
  BOOST_TEST_REQUIRE(g->seal(iv, aad, {}, {}, tag).has_value());
  BOOST_TEST(bytes_of(tag) == want);
  BOOST_TEST(g->open(iv, aad, {}, tag, {}).has_value());
  std::vector<char> short_tag(12);
  BOOST_TEST_REQUIRE(g->seal(iv, aad, {}, {}, short_tag).has_value());
  BOOST_TEST(bytes_of(short_tag) == bytes(want.begin(), want.begin() + 12));
  BOOST_TEST(g->open(iv, aad, {}, short_tag, {}).has_value());
  tag[15] ^= std::byte{1};
  BOOST_TEST((g->open(iv, aad, {}, tag, {}).code() == fp::errc::auth_failed));
  // Empty AAD too (an empty range of any kind; the AAD parameter has no `{}` default).
  BOOST_TEST(g->seal(iv, std::string_view{}, {}, {}, tag).has_value());
  BOOST_TEST(g->open(iv, std::string_view{}, {}, tag, {}).has_value());
}

BOOST_AUTO_TEST_CASE(aes_gcm_streams) {
  const fp::aes_gcm g = base_gcm();
  const bytes head(gcm_pt.begin(), gcm_pt.begin() + 7), rest(gcm_pt.begin() + 7, gcm_pt.end());
  const bytes ct_head(gcm_ct.begin(), gcm_ct.begin() + 7), ct_rest(gcm_ct.begin() + 7, gcm_ct.end());
  // The encryptor: aad(x), update(x, out), finish(tag) with each argument of every kind.
  const auto enc = [&](auto&& v) {
    auto e = g.encryptor(FWD(v));
    BOOST_TEST_REQUIRE(e.has_value());
    return *e;
  };
  const auto finish_right = [&](fp::aes_gcm_encryptor& e, const bytes& c_rest) {
    bytes c(53), t(16);
    BOOST_TEST_REQUIRE(e.update(in_span(rest), std::span<std::byte>(c)).has_value());
    BOOST_TEST_REQUIRE(e.finish(std::span<std::byte>(t)).has_value());
    BOOST_TEST(c == c_rest);
    BOOST_TEST(t == gcm_tag);
  };
  each_input<12>(gcm_iv, [&](const char* label, auto&& x) {
    BOOST_TEST_CONTEXT("iv " << label) {
      fp::aes_gcm_encryptor e = enc(x);
      bytes c(7);
      BOOST_TEST_REQUIRE(e.aad(in_span(gcm_aad)).has_value());
      BOOST_TEST_REQUIRE(e.update(in_span(head), std::span<std::byte>(c)).has_value());
      BOOST_TEST(c == ct_head);
      finish_right(e, ct_rest);
      auto d = g.decryptor(FWD(x));
      BOOST_TEST_REQUIRE(d.has_value());
      bytes p(60);
      BOOST_TEST_REQUIRE(d->aad(in_span(gcm_aad)).has_value());
      BOOST_TEST_REQUIRE(d->update(in_span(gcm_ct), std::span<std::byte>(p)).has_value());
      BOOST_TEST_REQUIRE(d->finish(in_span(gcm_tag)).has_value());
      BOOST_TEST(p == gcm_pt);
    }
  });
  each_input<20>(gcm_aad, [&](const char* label, auto&& x) {
    BOOST_TEST_CONTEXT("aad " << label) {
      fp::aes_gcm_encryptor e = enc(in_span(gcm_iv));
      bytes c(7);
      BOOST_TEST_REQUIRE(e.aad(x).has_value());
      BOOST_TEST_REQUIRE(e.update(in_span(head), std::span<std::byte>(c)).has_value());
      finish_right(e, ct_rest);
      auto d = g.decryptor(in_span(gcm_iv));
      bytes p(60);
      BOOST_TEST_REQUIRE(d->aad(FWD(x)).has_value());
      BOOST_TEST_REQUIRE(d->update(in_span(gcm_ct), std::span<std::byte>(p)).has_value());
      BOOST_TEST_REQUIRE(d->finish(in_span(gcm_tag)).has_value());
    }
  });
  each_input<7>(head, [&](const char* label, auto&& x) {
    BOOST_TEST_CONTEXT("input " << label) {
      fp::aes_gcm_encryptor e = enc(in_span(gcm_iv));
      bytes c(7);
      BOOST_TEST_REQUIRE(e.aad(in_span(gcm_aad)).has_value());
      BOOST_TEST_REQUIRE(e.update(FWD(x), std::span<std::byte>(c)).has_value());
      BOOST_TEST(c == ct_head);
      finish_right(e, ct_rest);
    }
  });
  each_input<60>(gcm_ct, [&](const char* label, auto&& x) {
    BOOST_TEST_CONTEXT("input " << label) {
      auto d = g.decryptor(in_span(gcm_iv));
      bytes p(60);
      BOOST_TEST_REQUIRE(d->aad(in_span(gcm_aad)).has_value());
      BOOST_TEST_REQUIRE(d->update(FWD(x), std::span<std::byte>(p)).has_value());
      BOOST_TEST_REQUIRE(d->finish(in_span(gcm_tag)).has_value());
      BOOST_TEST(p == gcm_pt);
    }
  });
  each_input<16>(gcm_tag, [&](const char* label, auto&& x) {
    BOOST_TEST_CONTEXT("tag " << label) {
      auto d = g.decryptor(in_span(gcm_iv));
      bytes p(60);
      BOOST_TEST_REQUIRE(d->aad(in_span(gcm_aad)).has_value());
      BOOST_TEST_REQUIRE(d->update(in_span(gcm_ct), std::span<std::byte>(p)).has_value());
      BOOST_TEST(d->finish(FWD(x)).has_value());
    }
  });
  each_output<60>(gcm_ct, [&](auto&& out) {
    fp::aes_gcm_encryptor e = enc(in_span(gcm_iv));
    BOOST_TEST_REQUIRE(e.aad(in_span(gcm_aad)).has_value());
    BOOST_TEST_REQUIRE(e.update(in_span(gcm_pt), FWD(out)).has_value());
  });
  each_output<16>(gcm_tag, [&](auto&& out) {
    fp::aes_gcm_encryptor e = enc(in_span(gcm_iv));
    bytes c(60);
    BOOST_TEST_REQUIRE(e.aad(in_span(gcm_aad)).has_value());
    BOOST_TEST_REQUIRE(e.update(in_span(gcm_pt), std::span<std::byte>(c)).has_value());
    BOOST_TEST_REQUIRE(e.finish(FWD(out)).has_value());
  });
  each_output<60>(gcm_pt, [&](auto&& out) {
    auto d = g.decryptor(in_span(gcm_iv));
    BOOST_TEST_REQUIRE(d->aad(in_span(gcm_aad)).has_value());
    BOOST_TEST_REQUIRE(d->update(in_span(gcm_ct), FWD(out)).has_value());
  });
  // Literals and strings in a chain of pieces; `{}` pieces are empty.
  fp::aes_gcm_encryptor e = enc(std::string(reinterpret_cast<const char*>(gcm_iv.data()), 12));
  BOOST_TEST_REQUIRE(e.aad(std::span(gcm_aad).first(3)).has_value());
  BOOST_TEST_REQUIRE(e.aad(std::span<const std::byte>{}).has_value());
  BOOST_TEST_REQUIRE(
      e.aad(std::vector<std::uint8_t>(reinterpret_cast<const std::uint8_t*>(gcm_aad.data()) + 3,
                                      reinterpret_cast<const std::uint8_t*>(gcm_aad.data()) + 20))
          .has_value());
  std::string c(60, '\0');
  BOOST_TEST_REQUIRE(e.update(std::string(reinterpret_cast<const char*>(gcm_pt.data()), 60), c).has_value());
  std::array<std::byte, 16> t;
  BOOST_TEST_REQUIRE(e.finish(t).has_value());
  BOOST_TEST(bytes_of(c) == gcm_ct);
  BOOST_TEST(bytes_of(t) == gcm_tag);
}

namespace {

// ---- AES-XTS: NIST CAVP XTSGenAES128.rsp / XTSGenAES256.rsp (python3-cryptography-vectors,
// ciphers/AES/XTS; tweak-128hexstr: the tweak i as 16 bytes; tweak-dataunitseqno: the data unit
// sequence number, i.e. dm-crypt's plain64 sector number) ----------------------------------------
struct xts_record {
  bytes key, tweak, pt, ct;
};
// tweak-128hexstr/XTSGenAES128.rsp [ENCRYPT] COUNT = 1: DataUnitLen = 128, one block.
const xts_record xts_one{from_hex("a1b90cba3f06ac353b2c343876081762090923026e91771815f29dab01932f2f"),
                         from_hex("4faef7117cda59c66e4b92013e768ad5"),
                         from_hex("ebabce95b14d3c8d6fb350390790311c"),
                         from_hex("778ae8b43cb98d5a825081d5be471c63")};
// tweak-128hexstr/XTSGenAES128.rsp [ENCRYPT] COUNT = 301: DataUnitLen = 200, 25 bytes (a block and a
// 9-byte tail: ciphertext stealing).
const xts_record xts_stolen{from_hex("394c97881abd989d29c703e48a72b397a7acf51b59649eeea9b33274d8541df4"),
                            from_hex("4b15c684a152d485fe9937d39b168c29"),
                            from_hex("2f3b9dcfbae729583b1d1ffdd16bb6fe2757329435662a78f0"),
                            from_hex("f3473802e38a3ffef4d4fb8e6aa266ebde553a64528a06463e")};
// tweak-128hexstr/XTSGenAES256.rsp [ENCRYPT] COUNT = 1: DataUnitLen = 256, a 64-byte key.
const xts_record xts_256{from_hex("1ea661c58d943a0e4801e42f4b0947149e7f9f8e3e68d0c7505210bd311a0e7c"
                                  "d6e13ffdf2418d8d1911c004cda58da3d619b7e2b9141e58318eea392cf41b08"),
                         from_hex("adf8d92627464ad2f0428e84a9f87564"),
                         from_hex("2eedea52cd8215e1acc647e810bbc3642e87287f8d2e57e36c0a24fbc12a202e"),
                         from_hex("cbaad0e2f6cea3f50b37f934d46a9b130b9d54f07e34f36af793e86f73c6d7db")};
// tweak-dataunitseqno/XTSGenAES128.rsp [ENCRYPT] COUNT = 101: DataUnitLen = 256,
// DataUnitSeqNumber = 232: one sector of 32 bytes (the tweak is unused: plain64 of 232).
constexpr std::uint64_t xts_sector_no = 232;
const xts_record xts_sector{from_hex("69438582e0a61b5e7a023adf2f419630ed537ccf9a4b2e09010eaf7b66bcf818"),
                            {},
                            from_hex("05c2c05e812bc4295f3ef64c8bc468ee946176449edc481785e6c6d9fbdd6b8f"),
                            from_hex("27259ec330a66591e265525cd1eb5017ba195a390e4f66ddfb7c1a4b0fb5e49d")};

fp::aes_xts base_xts(const bytes& key) {
  auto x = fp::aes_xts::create(in_span(key));
  BOOST_TEST_REQUIRE(x.has_value(), x.message());
  return *x;
}
std::string string_of(const bytes& b) {
  return std::string(reinterpret_cast<const char*>(b.data()), b.size());
}

// What must not compile: a string literal (its NUL) as a key or a tweak, an output that cannot be
// written.
template <class K>
concept xts_creatable = requires(K&& k) {
  fp::aes_xts::create(std::forward<K>(k));
};
template <class T>
concept xts_tweak = requires(const fp::aes_xts& x, const bytes& v, T&& t, bytes& o) {
  x.encrypt(std::forward<T>(t), v, o);
};
template <class O>
concept xts_output = requires(const fp::aes_xts& x, const bytes& v, O&& o) {
  x.encrypt(v, v, std::forward<O>(o));
};
template <class O>
concept xts_sectors_output = requires(const fp::aes_xts& x, const bytes& v, O&& o) {
  x.encrypt_sectors(0, 512, v, std::forward<O>(o));
};
static_assert(xts_creatable<std::string> && xts_creatable<std::vector<std::uint8_t>&> &&
              xts_creatable<std::array<std::byte, 64>&> && !xts_creatable<const char (&)[33]>);
static_assert(xts_tweak<std::string> && xts_tweak<std::array<std::uint8_t, 16>&> &&
              !xts_tweak<const char (&)[17]>);
static_assert(xts_output<std::vector<char>&> && xts_output<std::span<std::uint8_t>> &&
              !xts_output<std::string_view> && !xts_output<const std::vector<char>&>);
static_assert(xts_sectors_output<std::string&> && xts_sectors_output<std::span<char>> &&
              !xts_sectors_output<std::string_view> && !xts_sectors_output<const std::array<std::byte, 4>&>);

// One data unit of N bytes, each byte argument of encrypt and decrypt in turn in every container
// (the others std::byte spans); the std::byte span calls give the NIST record.
template <std::size_t N>
void xts_unit_case(const xts_record& r) {
  const fp::aes_xts x = base_xts(r.key);
  bytes ct(N), pt(N);
  BOOST_TEST_REQUIRE(x.encrypt(in_span(r.tweak), in_span(r.pt), std::span<std::byte>(ct)).has_value());
  BOOST_TEST_REQUIRE(x.decrypt(in_span(r.tweak), in_span(r.ct), std::span<std::byte>(pt)).has_value());
  BOOST_TEST(ct == r.ct);  // NIST CAVP
  BOOST_TEST(pt == r.pt);
  each_input<16>(r.tweak, [&](const char* label, auto&& t) {
    BOOST_TEST_CONTEXT("tweak " << label) {
      bytes c(N), p(N);
      BOOST_TEST_REQUIRE(x.encrypt(t, in_span(r.pt), std::span<std::byte>(c)).has_value());
      BOOST_TEST_REQUIRE(x.decrypt(FWD(t), in_span(r.ct), std::span<std::byte>(p)).has_value());
      BOOST_TEST(c == ct);
      BOOST_TEST(p == pt);
    }
  });
  each_input<N>(r.pt, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      bytes c(N);
      BOOST_TEST_REQUIRE(x.encrypt(in_span(r.tweak), FWD(in), std::span<std::byte>(c)).has_value());
      BOOST_TEST(c == ct);
    }
  });
  each_input<N>(r.ct, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      bytes p(N);
      BOOST_TEST_REQUIRE(x.decrypt(in_span(r.tweak), FWD(in), std::span<std::byte>(p)).has_value());
      BOOST_TEST(p == pt);
    }
  });
  each_output<N>(ct, [&](auto&& out) {
    BOOST_TEST_REQUIRE(x.encrypt(in_span(r.tweak), in_span(r.pt), FWD(out)).has_value());
  });
  each_output<N>(pt, [&](auto&& out) {
    BOOST_TEST_REQUIRE(x.decrypt(in_span(r.tweak), in_span(r.ct), FWD(out)).has_value());
  });
  // Whole containers on every side; in place in one std::string.
  {
    const std::vector<char> t(reinterpret_cast<const char*>(r.tweak.data()),
                              reinterpret_cast<const char*>(r.tweak.data()) + 16);
    std::vector<std::uint8_t> out(N);
    BOOST_TEST_REQUIRE(x.encrypt(t, string_of(r.pt), out).has_value());
    BOOST_TEST(bytes_of(out) == ct);
    std::string io = string_of(r.ct);
    BOOST_TEST_REQUIRE(x.decrypt(t, io, io).has_value());
    BOOST_TEST(bytes_of(io) == pt);
    BOOST_TEST_REQUIRE(x.encrypt(string_of(r.tweak), io, io).has_value());
    BOOST_TEST(bytes_of(io) == ct);
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(aes_xts_create) {
  // create(key) and create(key, backend) with the key in every container; the object encrypts the
  // record's data unit as the std::byte span call does, which is the NIST value.
  const auto key_case = [&]<std::size_t N>(const xts_record& r) {
    const fp::aes_xts base = base_xts(r.key);
    bytes want(r.pt.size());
    BOOST_TEST_REQUIRE(base.encrypt(in_span(r.tweak), in_span(r.pt), std::span<std::byte>(want)).has_value());
    BOOST_TEST(want == r.ct);  // NIST CAVP
    BOOST_TEST(base.key_size() == N);
    each_input<N>(r.key, [&](const char* label, auto&& k) {
      BOOST_TEST_CONTEXT("key " << label) {
        auto x = fp::aes_xts::create(k);
        auto named = fp::aes_xts::create(FWD(k), base.backend());
        BOOST_TEST_REQUIRE(x.has_value(), x.message());
        BOOST_TEST_REQUIRE(named.has_value(), named.message());
        BOOST_TEST((named->backend() == base.backend()));
        BOOST_TEST(x->key_size() == N);
        BOOST_TEST(named->key_size() == N);
        bytes out(r.pt.size()), out2(r.pt.size());
        BOOST_TEST_REQUIRE(
            x->encrypt(in_span(r.tweak), in_span(r.pt), std::span<std::byte>(out)).has_value());
        BOOST_TEST_REQUIRE(
            named->encrypt(in_span(r.tweak), in_span(r.pt), std::span<std::byte>(out2)).has_value());
        BOOST_TEST(out == want);
        BOOST_TEST(out2 == want);
      }
    });
  };
  key_case.operator()<32>(xts_one);
  key_case.operator()<64>(xts_256);
  BOOST_TEST((fp::aes_xts::create(std::string(31, 'k')).code() == fp::errc::bad_key_length));
  BOOST_TEST((fp::aes_xts::create(std::string(32, 'k')).code() == fp::errc::weak_key));  // K1 == K2
}

BOOST_AUTO_TEST_CASE(aes_xts_encrypt_decrypt) {
  xts_unit_case<16>(xts_one);
  xts_unit_case<25>(xts_stolen);
  xts_unit_case<32>(xts_256);
}

BOOST_AUTO_TEST_CASE(aes_xts_sectors) {
  const fp::aes_xts x = base_xts(xts_sector.key);
  const std::uint64_t s = xts_sector_no;
  bytes ct(32), pt(32);
  BOOST_TEST_REQUIRE(x.encrypt_sectors(s, 32, in_span(xts_sector.pt), std::span<std::byte>(ct)).has_value());
  BOOST_TEST_REQUIRE(x.decrypt_sectors(s, 32, in_span(xts_sector.ct), std::span<std::byte>(pt)).has_value());
  BOOST_TEST(ct == xts_sector.ct);  // NIST CAVP
  BOOST_TEST(pt == xts_sector.pt);
  each_input<32>(xts_sector.pt, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      bytes c(32);
      BOOST_TEST_REQUIRE(x.encrypt_sectors(s, 32, FWD(in), std::span<std::byte>(c)).has_value());
      BOOST_TEST(c == ct);
    }
  });
  each_input<32>(xts_sector.ct, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      bytes p(32);
      BOOST_TEST_REQUIRE(x.decrypt_sectors(s, 32, FWD(in), std::span<std::byte>(p)).has_value());
      BOOST_TEST(p == pt);
    }
  });
  each_output<32>(ct, [&](auto&& out) {
    BOOST_TEST_REQUIRE(x.encrypt_sectors(s, 32, in_span(xts_sector.pt), FWD(out)).has_value());
  });
  each_output<32>(pt, [&](auto&& out) {
    BOOST_TEST_REQUIRE(x.decrypt_sectors(s, 32, in_span(xts_sector.ct), FWD(out)).has_value());
  });
  // Strings on both sides, in place; `{}` for no sector at all (the std::byte overload).
  std::string io = string_of(xts_sector.pt);
  BOOST_TEST_REQUIRE(x.encrypt_sectors(s, 32, io, io).has_value());
  BOOST_TEST(bytes_of(io) == ct);
  std::vector<char> back(32);
  BOOST_TEST_REQUIRE(x.decrypt_sectors(s, 32, std::string_view(io), back).has_value());
  BOOST_TEST(bytes_of(back) == pt);
  BOOST_TEST(x.encrypt_sectors(s, 32, {}, {}).has_value());
  BOOST_TEST(x.decrypt_sectors(s, 32, {}, {}).has_value());
}

BOOST_AUTO_TEST_CASE(pkcs7) {
  const bytes msg13(msg64.begin(), msg64.begin() + 13);
  bytes padded(16);
  BOOST_TEST_REQUIRE(fp::pkcs7_pad(in_span(msg13), std::span<std::byte>(padded)).value() == 16u);
  // RFC 5652 6.3: 13 bytes in a 16-byte block take three bytes of value 3.
  BOOST_TEST((bytes(padded.begin(), padded.begin() + 13) == msg13));
  BOOST_TEST((bytes(padded.begin() + 13, padded.end()) == bytes(3, std::byte{3})));
  each_input<13>(msg13, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      bytes o(16);
      BOOST_TEST(fp::pkcs7_pad(FWD(in), std::span<std::byte>(o)).value() == 16u);
      BOOST_TEST(o == padded);
    }
  });
  each_output<16>(padded,
                  [&](auto&& out) { BOOST_TEST(fp::pkcs7_pad(in_span(msg13), FWD(out)).value() == 16u); });
  each_input<16>(padded, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) { BOOST_TEST(fp::pkcs7_unpad(FWD(in)).value() == 13u); }
  });
  std::vector<std::uint8_t> u(13, 'x'), uo(16);
  BOOST_TEST(fp::pkcs7_pad(u, uo).value() == 16u);
  BOOST_TEST(fp::pkcs7_unpad(uo).value() == 13u);
}

// ---- SHA-1 / SHA-256 -------------------------------------------------------------------------------------

template <class H>
void hasher_case(std::string_view abc_hex) {
  const bytes abc = from_string("abc"), longer(msg64.begin(), msg64.begin() + 50);
  const bytes want_abc = bytes_of(H::hash(in_span(abc)));
  BOOST_TEST(want_abc == from_hex(abc_hex));  // FIPS 180-4 examples
  const bytes want_longer = bytes_of(H::hash(in_span(longer)));
  each_input<3>(abc, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      BOOST_TEST(bytes_of(H::hash(in)) == want_abc);
      H h;
      h.update(FWD(in));
      BOOST_TEST(bytes_of(h.digest()) == want_abc);
    }
  });
  each_input<50>(longer, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      BOOST_TEST(bytes_of(H::hash(in)) == want_longer);
      BOOST_TEST(bytes_of(H{}.update(FWD(in)).digest()) == want_longer);
    }
  });
  // String semantics for literals and C strings.
  const char* cstr = "abc";
  BOOST_TEST(bytes_of(H::hash("abc")) == want_abc);
  BOOST_TEST(bytes_of(H::hash(cstr)) == want_abc);
  BOOST_TEST(bytes_of(H{}.update("ab").update(cstr + 2).digest()) == want_abc);
}

BOOST_AUTO_TEST_CASE(sha256_hash_update) {
  hasher_case<fp::sha256>("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}
BOOST_AUTO_TEST_CASE(sha1_hash_update) { hasher_case<fp::sha1>("a9993e364706816aba3e25717850c26c9cd0d89d"); }

// ---- HMAC: RFC 4231 / RFC 2202 test case 2
// ------------------------------------------------------------------

template <class H, class OneShot>
void hmac_case(std::string_view want_hex, OneShot one_shot) {
  using M = fp::hmac<H>;
  constexpr std::size_t T = M::tag_size;
  const bytes key = from_string("Jefe"), msg = from_string("what do ya want for nothing?");
  const M base{in_span(key)};
  const bytes tag = bytes_of(base.compute(in_span(msg)));
  BOOST_TEST(tag == from_hex(want_hex));
  bytes bad = tag;
  bad[3] ^= std::byte{4};
  // key
  each_input<4>(key, [&](const char* label, auto&& k) {
    BOOST_TEST_CONTEXT("key " << label) {
      const M m{FWD(k)};
      BOOST_TEST(bytes_of(m.compute(in_span(msg))) == tag);
    }
  });
  // message: update, compute, verify(msg, tag), one-shot
  each_input<28>(msg, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("message " << label) {
      M m = base;
      m.update(in);
      BOOST_TEST(bytes_of(m.digest()) == tag);
      BOOST_TEST(bytes_of(base.compute(in)) == tag);
      BOOST_TEST(base.verify(in, in_span(tag)));
      BOOST_TEST(!base.verify(in, in_span(bad)));
      BOOST_TEST(bytes_of(one_shot(in_span(key), in)) == tag);
      BOOST_TEST(bytes_of(one_shot(in, in)) == bytes_of(one_shot(in_span(msg), in_span(msg))));
    }
  });
  // tag: verify(tag) of the stream, verify(msg, tag), verify(string_view msg, tag)
  M streamed = base;
  streamed.update(in_span(msg));
  each_input<T>(tag, [&](const char* label, auto&& t) {
    BOOST_TEST_CONTEXT("tag " << label) {
      BOOST_TEST(streamed.verify(t));
      BOOST_TEST(base.verify(in_span(msg), t));
      BOOST_TEST(base.verify(std::string_view("what do ya want for nothing?"), t));
      BOOST_TEST(base.verify("what do ya want for nothing?", t));
      BOOST_TEST(!base.verify("what do ya want for nothing!", t));
    }
  });
  each_input<T>(bad, [&](const char* label, auto&& t) {
    BOOST_TEST_CONTEXT("bad tag " << label) {
      BOOST_TEST(!streamed.verify(t));
      BOOST_TEST(!base.verify("what do ya want for nothing?", t));
    }
  });
  // strings
  const M lit{"Jefe"};
  BOOST_TEST(bytes_of(lit.compute("what do ya want for nothing?")) == tag);
  BOOST_TEST(bytes_of(one_shot("Jefe", "what do ya want for nothing?")) == tag);
  BOOST_TEST(bytes_of(one_shot(std::string("Jefe"), "what do ya want for nothing?")) == tag);
  M s{std::string("Jefe")};
  s.update("what do ya ").update(std::string("want for nothing?"));
  BOOST_TEST(bytes_of(s.digest()) == tag);
}

BOOST_AUTO_TEST_CASE(hmac_sha256) {
  hmac_case<fp::sha256>("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
                        [](auto&& k, auto&& m) { return fp::hmac_sha256(FWD(k), FWD(m)); });
}
BOOST_AUTO_TEST_CASE(hmac_sha1) {
  hmac_case<fp::sha1>("effcdf6ae5eb2fa2d27416d5f184df9c259a7c79",
                      [](auto&& k, auto&& m) { return fp::hmac_sha1(FWD(k), FWD(m)); });
}

// ---- XXH64 ------------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(xxh64) {
  const bytes abc = from_string("abc"), longer(msg64.begin(), msg64.begin() + 45);
  BOOST_TEST(fp::xxh64(in_span(abc)) == 0x44bc2cf5ad770999u);  // xxhsum -H1
  const std::uint64_t want7 = fp::xxh64(in_span(abc), 7), want_longer = fp::xxh64(in_span(longer), 7);
  each_input<3>(abc, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      BOOST_TEST(fp::xxh64(in) == 0x44bc2cf5ad770999u);
      BOOST_TEST(fp::xxh64(in, 7) == want7);
      fp::xxh64_state s{7};
      s.update(FWD(in));
      BOOST_TEST(s.digest() == want7);
    }
  });
  each_input<45>(longer, [&](const char* label, auto&& in) {
    BOOST_TEST_CONTEXT("input " << label) {
      BOOST_TEST(fp::xxh64(in, 7) == want_longer);
      fp::xxh64_state s{7};
      s.update(FWD(in));
      BOOST_TEST(s.digest() == want_longer);
    }
  });
  fp::xxh64_state s{7};
  s.update("a");
  s.update(std::string("b"));
  s.update(std::string_view("c"));
  BOOST_TEST(s.digest() == want7);
}

// ---- batches: spans of std::byte spans; as_byte_input makes each from any range
// -----------------------------

BOOST_AUTO_TEST_CASE(batches) {
  const std::vector<std::string> words{"", "a", "abc", "message digest"};
  std::vector<std::span<const std::byte>> in;
  for (const std::string& w : words) in.push_back(fp::as_byte_input(w));
  std::vector<std::array<std::byte, 32>> d256(words.size());
  std::vector<std::array<std::byte, 20>> d1(words.size());
  std::vector<std::uint64_t> x(words.size());
  BOOST_TEST_REQUIRE(fp::sha256_batch(in, d256).has_value());
  BOOST_TEST_REQUIRE(fp::sha1_batch(in, d1).has_value());
  BOOST_TEST_REQUIRE(fp::xxh64_batch(in, x).has_value());
  for (std::size_t i = 0; i < words.size(); ++i) {
    BOOST_TEST(bytes_of(d256[i]) == bytes_of(fp::sha256::hash(words[i])));
    BOOST_TEST(bytes_of(d1[i]) == bytes_of(fp::sha1::hash(words[i])));
    BOOST_TEST(x[i] == fp::xxh64(words[i]));
  }
  BOOST_TEST(bytes_of(d256[2]) ==
             from_hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
}

BOOST_AUTO_TEST_SUITE_END()
