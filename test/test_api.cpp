// test/test_api.cpp: the moved-from rule (error.hpp): fastprim objects have no moved-from state.
// After `auto b = std::move(a)` (and after `c = std::move(a)`), every operation of `a` gives the
// same result as the same operation of `b` and as an outside reference: OpenSSL (AES, AES-GCM,
// AES-XTS, SHA-1, SHA-256, HMAC), libxxhash (XXH64) and the plain reference ComputePAC of
// test/support/pac_ref.hpp (PAC). One case per type and per operation, each over every backend usable
// here (AES, AES-GCM and AES-XTS objects are built on the named backend; the others are pinned
// through dispatch).
#define BOOST_TEST_MODULE api
#include <openssl/evp.h>
#include <xxhash.h>

#include <array>
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "fastprim/aes.hpp"
#include "fastprim/aes_gcm.hpp"
#include "fastprim/aes_xts.hpp"
#include "fastprim/dispatch.hpp"
#include "fastprim/hmac.hpp"
#include "fastprim/pac.hpp"
#include "fastprim/sha1.hpp"
#include "fastprim/sha256.hpp"
#include "fastprim/xxh64.hpp"
#include "support/backends.hpp"
#include "support/openssl_ref.hpp"
#include "support/pac_ref.hpp"
#include "support/random.hpp"

namespace fp = fastprim;
namespace bdata = boost::unit_test::data;
using fastprim_test::openssl_aes;
using fastprim_test::openssl_digest;
using fastprim_test::openssl_hmac;
using fastprim_test::pinned;
using fp::backend;
using fp::primitive;
using bytes = std::vector<std::byte>;

// Moving is copying: nothrow, and no type has a move constructor of its own that could empty
// the source.
static_assert(std::is_nothrow_move_constructible_v<fp::aes> && std::is_nothrow_move_assignable_v<fp::aes>);
static_assert(std::is_nothrow_move_constructible_v<fp::aes_ctr>);
static_assert(std::is_nothrow_move_constructible_v<fp::aes_gcm> &&
              std::is_nothrow_move_assignable_v<fp::aes_gcm>);
static_assert(std::is_nothrow_move_constructible_v<fp::aes_xts> &&
              std::is_nothrow_move_assignable_v<fp::aes_xts>);
static_assert(std::is_nothrow_move_constructible_v<fp::aes_gcm_encryptor> &&
              std::is_nothrow_move_constructible_v<fp::aes_gcm_decryptor>);
static_assert(std::is_nothrow_move_constructible_v<fp::sha256> &&
              std::is_nothrow_move_constructible_v<fp::sha1>);
static_assert(std::is_nothrow_move_constructible_v<fp::hmac<fp::sha256>>);
static_assert(std::is_nothrow_move_constructible_v<fp::xxh64_state>);
static_assert(std::is_nothrow_move_constructible_v<fp::pac::keyed_pac>);
// No empty(): there is no state in which an object could answer true.
template <class T>
concept has_empty = requires(const T& t) {
  t.empty();
};
static_assert(!has_empty<fp::aes_gcm> && !has_empty<fp::aes_gcm_encryptor> &&
              !has_empty<fp::aes_gcm_decryptor>);
static_assert(!has_empty<fp::aes_xts>);
static_assert(!has_empty<fp::aes> && !has_empty<fp::aes_ctr> && !has_empty<fp::hmac<fp::sha1>> &&
              !has_empty<fp::pac::keyed_pac>);
// Moving stays usable in constant expressions for the constexpr state.
static_assert([] {
  fp::xxh64_state s{5};
  fp::xxh64_state t{std::move(s)};
  t = std::move(s);
  return true;
}());

namespace {

// A known pattern (no zero byte) of n bytes: fastprim_test::pattern; cat joins two.
using fastprim_test::cat;
using fastprim_test::pattern;
using fastprim_test::to_bytes;
using fastprim_test::usable;

// ---- AES ---------------------------------------------------------------------------------------------

// One AES operation: its result from `c`, and the reference from OpenSSL.
struct aes_op {
  bytes (*run)(const fp::aes& c, const bytes& iv, const bytes& in);
  bytes (*want)(const bytes& key, const bytes& iv, const bytes& in);
  std::size_t len;  // of `in`
};

void require(const fp::result<void>& r) { BOOST_TEST_REQUIRE(r.has_value(), r.message()); }

// For every key size: `a` from create(key, b); `b2 = std::move(a)`; `c = std::move(a)` over an
// object of another key. Then op(a) == op(b2) == op(c) == OpenSSL, and the accessors agree.
void aes_moved_from(backend b, const aes_op& op) {
  for (std::size_t klen : {16u, 24u, 32u}) {
    BOOST_TEST_CONTEXT("backend " << b << ", key " << klen) {
      const bytes key = pattern(klen, 11), iv = pattern(16, 5), in = pattern(op.len, 3);
      const bytes want = op.want(key, iv, in);
      auto made = fp::aes::create(key, b);
      BOOST_TEST_REQUIRE(made.has_value(), made.message());
      fp::aes a = *made;
      const fp::aes b2 = std::move(a);
      BOOST_TEST(op.run(a, iv, in) == want);
      BOOST_TEST(op.run(b2, iv, in) == want);
      auto other = fp::aes::create(pattern(32, 99), b);
      BOOST_TEST_REQUIRE(other.has_value());
      fp::aes c = *other;
      c = std::move(a);
      BOOST_TEST(op.run(a, iv, in) == want);
      BOOST_TEST(op.run(c, iv, in) == want);
      for (const fp::aes* x : std::initializer_list<const fp::aes*>{&a, &b2, &c}) {
        BOOST_TEST(x->backend() == b);
        BOOST_TEST(x->key_size() == klen);
        BOOST_TEST(x->rounds() == klen / 4 + 6);
      }
    }
  }
}

// One call of the API, checked, on a fresh output of the input's length; and OpenSSL's result of
// the same mode (decryptions take `in` as ciphertext).
template <auto Call>
bytes run_op(const fp::aes& c, const bytes& iv, const bytes& in) {
  bytes out(in.size());
  require(Call(c, iv, in, out));
  return out;
}
template <bool Enc>
bytes ecb_ref(const bytes& key, const bytes&, const bytes& in) {
  return openssl_aes("ecb", key, {}, in, Enc);
}
template <bool Enc>
bytes cbc_ref(const bytes& key, const bytes& iv, const bytes& in) {
  return openssl_aes("cbc", key, iv, in, Enc);
}
bytes ctr_ref(const bytes& key, const bytes& iv, const bytes& in) {
  return openssl_aes("ctr", key, iv, in, true);
}

using iv_t = const bytes&;
const aes_op aes_encrypt_ecb_op{
    run_op<[](const fp::aes& c, iv_t, const bytes& in, bytes& out) { return c.encrypt_ecb(in, out); }>,
    ecb_ref<true>, 64};
const aes_op aes_encrypt_ecb_one_block_op{aes_encrypt_ecb_op.run, ecb_ref<true>, 16};
const aes_op aes_decrypt_ecb_op{
    run_op<[](const fp::aes& c, iv_t, const bytes& in, bytes& out) { return c.decrypt_ecb(in, out); }>,
    ecb_ref<false>, 64};
const aes_op aes_encrypt_cbc_op{
    run_op<[](const fp::aes& c, iv_t iv, const bytes& in, bytes& out) { return c.encrypt_cbc(iv, in, out); }>,
    cbc_ref<true>, 80};
const aes_op aes_decrypt_cbc_op{
    run_op<[](const fp::aes& c, iv_t iv, const bytes& in, bytes& out) { return c.decrypt_cbc(iv, in, out); }>,
    cbc_ref<false>, 80};
const aes_op aes_ctr_op{
    run_op<[](const fp::aes& c, iv_t iv, const bytes& in, bytes& out) { return c.ctr(iv, in, out); }>,
    ctr_ref, 77};
const aes_op aes_encrypt_block_op{
    run_op<[](const fp::aes& c, iv_t, const bytes& in, bytes& out) { return c.encrypt_block(in, out); }>,
    ecb_ref<true>, 16};
const aes_op aes_decrypt_block_op{
    run_op<[](const fp::aes& c, iv_t, const bytes& in, bytes& out) { return c.decrypt_block(in, out); }>,
    ecb_ref<false>, 16};

}  // namespace

// ---- aes_ctr -----------------------------------------------------------------------------------------

// (Outside the anonymous namespace: the data test cases' lambdas capture it.)
struct ctr_fixture {
  bytes key = pattern(32, 17), iv = pattern(16, 29), iv2 = pattern(16, 37), msg = pattern(77, 41);
  bytes want = openssl_aes("ctr", key, iv, msg, true);
  bytes head = bytes(msg.begin(), msg.begin() + 5), rest = bytes(msg.begin() + 5, msg.end());
  bytes want_rest = bytes(want.begin() + 5, want.end());

  // A stream on backend `b` that has used 5 bytes of its first keystream block (11 buffered).
  fp::aes_ctr started(backend b) const {
    auto c = fp::aes::create(key, b);
    BOOST_TEST_REQUIRE(c.has_value(), c.message());
    auto s = fp::aes_ctr::create(*c, iv);
    BOOST_TEST_REQUIRE(s.has_value(), s.message());
    bytes out(5);
    BOOST_TEST_REQUIRE(s->update(head, out).has_value());
    BOOST_TEST_REQUIRE((out == bytes(want.begin(), want.begin() + 5)));
    return *s;
  }
};

namespace {

// `a` started; `b2 = std::move(a)`; `c = std::move(a)` over another stream: f(a), f(b2), f(c)
// each on its own copy of the stream state, all equal to `want`.
template <class F>
void aes_ctr_moved_from(backend b, const ctr_fixture& fx, F f, const bytes& want) {
  BOOST_TEST_CONTEXT("backend " << b) {
    {
      fp::aes_ctr a = fx.started(b);
      fp::aes_ctr b2 = std::move(a);
      BOOST_TEST(f(a) == want);
      BOOST_TEST(f(b2) == want);
    }
    {
      fp::aes_ctr a = fx.started(b);
      auto other = fp::aes_ctr::create(pattern(16, 1), pattern(16, 2));
      BOOST_TEST_REQUIRE(other.has_value());
      fp::aes_ctr c = *other;
      c = std::move(a);
      BOOST_TEST(f(a) == want);
      BOOST_TEST(f(c) == want);
    }
  }
}

// ---- AES-GCM ------------------------------------------------------------------------------------------

}  // namespace

// The message every AES-GCM case seals: a 12-byte IV, 21 bytes of AAD, 77 of data, and OpenSSL's
// ciphertext and tag. (Outside the anonymous namespace: the data test cases' lambdas capture it.)
struct gcm_fixture {
  bytes iv = pattern(12, 51), aad = pattern(21, 53), msg = pattern(77, 55);
  bytes ct_of(const bytes& key) const { return fastprim_test::openssl_gcm_seal(key, iv, aad, msg).ct; }
  bytes tag_of(const bytes& key) const { return fastprim_test::openssl_gcm_seal(key, iv, aad, msg).tag; }
};

namespace {

// For every key size: `a` from create(key, b); `b2 = std::move(a)`; `c = std::move(a)` over an
// object of another key. f(x, key) for each of a, b2, c equals want(key); the accessors agree.
template <class F, class W>
void aes_gcm_moved_from(backend b, F f, W want) {
  for (std::size_t klen : {16u, 24u, 32u}) {
    BOOST_TEST_CONTEXT("backend " << b << ", key " << klen) {
      const bytes key = pattern(klen, 61);
      const bytes w = want(key);
      auto made = fp::aes_gcm::create(key, b);
      BOOST_TEST_REQUIRE(made.has_value(), made.message());
      fp::aes_gcm a = *made;
      const fp::aes_gcm b2 = std::move(a);
      BOOST_TEST(f(a, key) == w);
      BOOST_TEST(f(b2, key) == w);
      auto other = fp::aes_gcm::create(pattern(32, 99), b);
      BOOST_TEST_REQUIRE(other.has_value());
      fp::aes_gcm c = *other;
      c = std::move(a);
      BOOST_TEST(f(a, key) == w);
      BOOST_TEST(f(c, key) == w);
      for (const fp::aes_gcm* x : std::initializer_list<const fp::aes_gcm*>{&a, &b2, &c}) {
        BOOST_TEST(x->backend() == b);
        BOOST_TEST(x->key_size() == klen);
      }
    }
  }
}

// A stream S started on backend `b` (AAD and the first 30 bytes in); `b2 = std::move(a)` and
// `c = std::move(a)` over a stream of another key and IV: f(x) on each equals `want`.
template <class S, class F>
void gcm_stream_moved_from(backend b, const bytes& key, const gcm_fixture& fx, F f, const bytes& want) {
  const auto started = [&](const bytes& k, const bytes& iv) {
    auto g = fp::aes_gcm::create(k, b);
    BOOST_TEST_REQUIRE(g.has_value(), g.message());
    auto s = [&] {
      if constexpr (std::is_same_v<S, fp::aes_gcm_encryptor>)
        return g->encryptor(iv);
      else
        return g->decryptor(iv);
    }();
    BOOST_TEST_REQUIRE(s.has_value(), s.message());
    BOOST_TEST_REQUIRE(s->aad(fx.aad).has_value());
    const bytes in = std::is_same_v<S, fp::aes_gcm_encryptor> ? fx.msg : fx.ct_of(key);
    bytes out(30);
    BOOST_TEST_REQUIRE(s->update(std::span(in).first(30), out).has_value());
    return *s;
  };
  BOOST_TEST_CONTEXT("backend " << b) {
    {
      S a = started(key, fx.iv);
      S b2 = std::move(a);
      BOOST_TEST(f(a) == want);
      BOOST_TEST(f(b2) == want);
    }
    {
      S a = started(key, fx.iv);
      S c = started(pattern(16, 1), pattern(16, 2));
      c = std::move(a);
      BOOST_TEST(f(a) == want);
      BOOST_TEST(f(c) == want);
    }
  }
}

// ---- AES-XTS ------------------------------------------------------------------------------------------

// For both key sizes (AES-128-XTS, AES-256-XTS): `a` from create(key, b); `b2 = std::move(a)`;
// `c = std::move(a)` over an object of another key. f(x, key) for each of a, b2, c equals
// want(key); the accessors agree.
template <class F, class W>
void aes_xts_moved_from(backend b, F f, W want) {
  for (std::size_t klen : {32u, 64u}) {
    BOOST_TEST_CONTEXT("backend " << b << ", key " << klen) {
      const bytes key = pattern(klen, 71);  // its halves differ
      const bytes w = want(key);
      auto made = fp::aes_xts::create(key, b);
      BOOST_TEST_REQUIRE(made.has_value(), made.message());
      fp::aes_xts a = *made;
      const fp::aes_xts b2 = std::move(a);
      BOOST_TEST(f(a, key) == w);
      BOOST_TEST(f(b2, key) == w);
      auto other = fp::aes_xts::create(pattern(64, 99), b);
      BOOST_TEST_REQUIRE(other.has_value(), other.message());
      fp::aes_xts c = *other;
      c = std::move(a);
      BOOST_TEST(f(a, key) == w);
      BOOST_TEST(f(c, key) == w);
      for (const fp::aes_xts* x : std::initializer_list<const fp::aes_xts*>{&a, &b2, &c}) {
        BOOST_TEST(x->backend() == b);
        BOOST_TEST(x->key_size() == klen);
      }
    }
  }
}

// ---- SHA-1 / SHA-256 -----------------------------------------------------------------------------------

template <class H>
const EVP_MD* md_of() {
  return H::digest_size == 32 ? EVP_sha256() : EVP_sha1();
}
template <class H>
constexpr primitive prim_of() {
  return H::digest_size == 32 ? primitive::sha256 : primitive::sha1;
}

// `a` has hashed 100 bytes (one block and 36 buffered); `b2 = std::move(a)` and `c = std::move(a)`
// (over a hasher with another stream). f(x) for each of a, b2, c equals `want(msg)`.
template <class H, class F, class W>
void hasher_moved_from(backend b, F f, W want) {
  pinned<prim_of<H>()> pin{b};
  const bytes msg = pattern(100, 7);
  const bytes w = want(msg);
  {
    H a;
    a.update(msg);
    H b2 = std::move(a);
    BOOST_TEST(f(a) == w);
    BOOST_TEST(f(b2) == w);
  }
  {
    H a;
    a.update(msg);
    H c;
    c.update(pattern(10, 1));
    c = std::move(a);
    BOOST_TEST(f(a) == w);
    BOOST_TEST(f(c) == w);
  }
}

// ---- HMAC ------------------------------------------------------------------------------------------------

// For keys shorter than, equal to and longer than a block: `a` keyed and fed 100 bytes;
// `b2 = std::move(a)`, `c = std::move(a)` (over an object of another key). f(x, key, msg) for each
// equals want(key, msg).
template <class H, class F, class W>
void hmac_moved_from(backend b, F f, W want) {
  using M = fp::hmac<H>;
  pinned<prim_of<H>()> pin{b};
  const bytes msg = pattern(100, 19);
  for (std::size_t klen : {20u, 64u, 100u}) {
    BOOST_TEST_CONTEXT("key " << klen) {
      const bytes key = pattern(klen, 31);
      const bytes w = want(key, msg);
      {
        M a{key};
        a.update(msg);
        M b2 = std::move(a);
        BOOST_TEST(f(a, key, msg) == w);
        BOOST_TEST(f(b2, key, msg) == w);
      }
      {
        M a{key};
        a.update(msg);
        M c{pattern(7, 1)};
        c.update(pattern(10, 1));
        c = std::move(a);
        BOOST_TEST(f(a, key, msg) == w);
        BOOST_TEST(f(c, key, msg) == w);
      }
    }
  }
}

// ---- XXH64 -----------------------------------------------------------------------------------------------

constexpr std::uint64_t xseed = 0x9E3779B97F4A7C15u;
std::uint64_t xxh(const bytes& v, std::uint64_t seed) { return XXH64(v.data(), v.size(), seed); }

// `a` seeded and fed 45 bytes (one stripe and 13 buffered); `b2 = std::move(a)`, `c = std::move(a)`.
template <class F>
void xxh64_moved_from(backend b, F f, std::uint64_t want) {
  pinned<primitive::xxh64> pin{b};
  const bytes msg = pattern(45, 3);
  {
    fp::xxh64_state a{xseed};
    a.update(msg);
    fp::xxh64_state b2 = std::move(a);
    BOOST_TEST(f(a) == want);
    BOOST_TEST(f(b2) == want);
  }
  {
    fp::xxh64_state a{xseed};
    a.update(msg);
    fp::xxh64_state c{1};
    c.update(pattern(40, 1));
    c = std::move(a);
    BOOST_TEST(f(a) == want);
    BOOST_TEST(f(c) == want);
  }
}

// ---- PAC -----------------------------------------------------------------------------------------------

namespace ref = fastprim_test::pac_ref;
constexpr fp::pac::algorithm algorithms[] = {fp::pac::algorithm::qarma5, fp::pac::algorithm::qarma3,
                                             fp::pac::algorithm::impdef};

// For each algorithm, `a` keyed on backend `b`; `b2 = std::move(a)`, `c = std::move(a)` over an
// object of another algorithm and key. check(x, alg) runs the operation on each.
template <class F>
void keyed_pac_moved_from(backend b, F check) {
  pinned<primitive::pac> pin{b};
  using fp::pac::keyed_pac;
  for (fp::pac::algorithm alg : algorithms) {
    BOOST_TEST_CONTEXT("algorithm " << unsigned(alg)) {
      keyed_pac a(alg, ref::paper_key);
      BOOST_TEST_REQUIRE(a.backend() == b);
      const keyed_pac b2 = std::move(a);
      check(a, alg);
      check(b2, alg);
      keyed_pac c(alg == fp::pac::algorithm::qarma5 ? fp::pac::algorithm::impdef : fp::pac::algorithm::qarma5,
                  fp::pac::key{1, 2});
      c = std::move(a);
      check(a, alg);
      check(c, alg);
      for (const keyed_pac* x : std::initializer_list<const keyed_pac*>{&a, &b2, &c}) {
        BOOST_TEST(x->backend() == b);
        BOOST_TEST((x->algorithm() == alg));
      }
    }
  }
}

std::vector<std::uint64_t> pac_inputs(unsigned salt) {
  std::vector<std::uint64_t> v{ref::paper_p};
  std::uint64_t x = 0x0123456789abcdefu + salt;
  for (int i = 0; i < 20; ++i) v.push_back(x = x * 6364136223846793005u + 1442695040888963407u);
  return v;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(moved_from)

// ---- aes: one case per operation ---------------------------------------------------------------------
// One case per operation: every op listed, on backend b.
#define AES_MOVED_FROM_CASE(name, ...)                                   \
  BOOST_DATA_TEST_CASE(name, bdata::make(usable<primitive::aes>()), b) { \
    for (const aes_op* op : {__VA_ARGS__}) aes_moved_from(b, *op);       \
  }
AES_MOVED_FROM_CASE(aes_encrypt_ecb, &aes_encrypt_ecb_op, &aes_encrypt_ecb_one_block_op)
AES_MOVED_FROM_CASE(aes_decrypt_ecb, &aes_decrypt_ecb_op)
AES_MOVED_FROM_CASE(aes_encrypt_cbc, &aes_encrypt_cbc_op)
AES_MOVED_FROM_CASE(aes_decrypt_cbc, &aes_decrypt_cbc_op)
AES_MOVED_FROM_CASE(aes_ctr_mode, &aes_ctr_op)
AES_MOVED_FROM_CASE(aes_encrypt_block, &aes_encrypt_block_op)
AES_MOVED_FROM_CASE(aes_decrypt_block, &aes_decrypt_block_op)

// ---- aes_ctr ---------------------------------------------------------------------------------------------
BOOST_DATA_TEST_CASE(aes_ctr_update, bdata::make(usable<primitive::aes>()), b) {
  const ctr_fixture fx;
  aes_ctr_moved_from(
      b, fx,
      [&](fp::aes_ctr& s) {
        bytes out(fx.rest.size());
        BOOST_TEST_REQUIRE(s.update(fx.rest, out).has_value());
        return out;
      },
      fx.want_rest);
}
BOOST_DATA_TEST_CASE(aes_ctr_reset, bdata::make(usable<primitive::aes>()), b) {
  const ctr_fixture fx;
  aes_ctr_moved_from(
      b, fx,
      [&](fp::aes_ctr& s) {
        BOOST_TEST_REQUIRE(s.reset(fx.iv2).has_value());
        bytes out(fx.msg.size());
        BOOST_TEST_REQUIRE(s.update(fx.msg, out).has_value());
        return out;
      },
      openssl_aes("ctr", fx.key, fx.iv2, fx.msg, true));
}
BOOST_DATA_TEST_CASE(aes_ctr_cipher, bdata::make(usable<primitive::aes>()), b) {
  const ctr_fixture fx;
  aes_ctr_moved_from(
      b, fx,
      [&](fp::aes_ctr& s) {
        BOOST_TEST((s.cipher().backend() == b));
        bytes out(16);
        BOOST_TEST_REQUIRE(s.cipher().encrypt_block(fx.iv, out).has_value());
        return out;
      },
      openssl_aes("ecb", fx.key, {}, fx.iv, true));
}

// ---- aes_gcm, aes_gcm_encryptor, aes_gcm_decryptor -------------------------------------------------------
BOOST_DATA_TEST_CASE(aes_gcm_seal, bdata::make(usable<primitive::aes_gcm>()), b) {
  const gcm_fixture fx;
  aes_gcm_moved_from(
      b,
      [&](const fp::aes_gcm& g, const bytes&) {
        bytes ct(fx.msg.size()), tag(16);
        BOOST_TEST_REQUIRE(g.seal(fx.iv, fx.aad, fx.msg, ct, tag).has_value());
        return cat(ct, tag);
      },
      [&](const bytes& key) { return cat(fx.ct_of(key), fx.tag_of(key)); });
}
BOOST_DATA_TEST_CASE(aes_gcm_open, bdata::make(usable<primitive::aes_gcm>()), b) {
  const gcm_fixture fx;
  aes_gcm_moved_from(
      b,
      [&](const fp::aes_gcm& g, const bytes& key) {
        bytes pt(fx.msg.size());
        BOOST_TEST_REQUIRE(g.open(fx.iv, fx.aad, fx.ct_of(key), fx.tag_of(key), pt).has_value());
        bytes bad = fx.tag_of(key);
        bad[0] ^= std::byte{1};
        bytes pt2(fx.msg.size());
        const bool refused = g.open(fx.iv, fx.aad, fx.ct_of(key), bad, pt2).code() == fp::errc::auth_failed;
        return cat(pt, bytes{std::byte(refused)});
      },
      [&](const bytes&) { return cat(fx.msg, bytes{std::byte{1}}); });
}
BOOST_DATA_TEST_CASE(aes_gcm_streams_from_key, bdata::make(usable<primitive::aes_gcm>()), b) {
  const gcm_fixture fx;
  aes_gcm_moved_from(
      b,
      [&](const fp::aes_gcm& g, const bytes& key) {
        auto e = g.encryptor(fx.iv);
        auto d = g.decryptor(fx.iv);
        BOOST_TEST_REQUIRE(e.has_value());
        BOOST_TEST_REQUIRE(d.has_value());
        bytes ct(fx.msg.size()), tag(16), pt(fx.msg.size());
        BOOST_TEST_REQUIRE(e->aad(fx.aad).has_value());
        BOOST_TEST_REQUIRE(e->update(fx.msg, ct).has_value());
        BOOST_TEST_REQUIRE(e->finish(tag).has_value());
        BOOST_TEST_REQUIRE(d->aad(fx.aad).has_value());
        BOOST_TEST_REQUIRE(d->update(fx.ct_of(key), pt).has_value());
        BOOST_TEST(d->finish(fx.tag_of(key)).has_value());
        return cat(cat(ct, tag), pt);
      },
      [&](const bytes& key) { return cat(cat(fx.ct_of(key), fx.tag_of(key)), fx.msg); });
}
BOOST_DATA_TEST_CASE(aes_gcm_encryptor_update_finish, bdata::make(usable<primitive::aes_gcm>()), b) {
  const gcm_fixture fx;
  const bytes key = pattern(32, 63);
  const bytes ct = fx.ct_of(key);
  gcm_stream_moved_from<fp::aes_gcm_encryptor>(
      b, key, fx,
      [&](fp::aes_gcm_encryptor& s) {
        bytes out(fx.msg.size() - 30), tag(16);
        BOOST_TEST_REQUIRE(s.update(std::span(fx.msg).subspan(30), out).has_value());
        BOOST_TEST_REQUIRE(s.finish(tag).has_value());
        return cat(out, tag);
      },
      cat(bytes(ct.begin() + 30, ct.end()), fx.tag_of(key)));
}
BOOST_DATA_TEST_CASE(aes_gcm_decryptor_update_finish, bdata::make(usable<primitive::aes_gcm>()), b) {
  const gcm_fixture fx;
  const bytes key = pattern(24, 65);
  const bytes ct = fx.ct_of(key);
  gcm_stream_moved_from<fp::aes_gcm_decryptor>(
      b, key, fx,
      [&](fp::aes_gcm_decryptor& s) {
        bytes out(fx.msg.size() - 30);
        BOOST_TEST_REQUIRE(s.update(std::span(ct).subspan(30), out).has_value());
        const bool ok = s.finish(fx.tag_of(key)).has_value();
        return cat(out, bytes{std::byte(ok)});
      },
      cat(bytes(fx.msg.begin() + 30, fx.msg.end()), bytes{std::byte{1}}));
}

// ---- aes_xts: encrypt, decrypt (a 16-byte tweak; 77 bytes, ciphertext stealing), encrypt_sectors,
// decrypt_sectors (three 32-byte sectors from sector 2^32 - 2, plain64) --------------------------------
struct xts_fixture {
  bytes tweak = pattern(16, 73), msg = pattern(77, 75), disk = pattern(96, 79);
  std::uint64_t first = 0xfffffffeu;
  bytes ct_of(const bytes& key) const { return fastprim_test::openssl_xts(key, tweak, msg, true); }
  bytes disk_ct_of(const bytes& key) const {
    return fastprim_test::openssl_xts_sectors(key, first, 32, disk, true);
  }
};
BOOST_DATA_TEST_CASE(aes_xts_encrypt, bdata::make(usable<primitive::aes_xts>()), b) {
  const xts_fixture fx;
  aes_xts_moved_from(
      b,
      [&](const fp::aes_xts& x, const bytes&) {
        bytes out(fx.msg.size());
        require(x.encrypt(fx.tweak, fx.msg, out));
        return out;
      },
      [&](const bytes& key) { return fx.ct_of(key); });
}
BOOST_DATA_TEST_CASE(aes_xts_decrypt, bdata::make(usable<primitive::aes_xts>()), b) {
  const xts_fixture fx;
  aes_xts_moved_from(
      b,
      [&](const fp::aes_xts& x, const bytes& key) {
        bytes out(fx.msg.size());
        require(x.decrypt(fx.tweak, fx.ct_of(key), out));
        return out;
      },
      [&](const bytes&) { return fx.msg; });
}
BOOST_DATA_TEST_CASE(aes_xts_encrypt_sectors, bdata::make(usable<primitive::aes_xts>()), b) {
  const xts_fixture fx;
  aes_xts_moved_from(
      b,
      [&](const fp::aes_xts& x, const bytes&) {
        bytes out(fx.disk.size());
        require(x.encrypt_sectors(fx.first, 32, fx.disk, out));
        return out;
      },
      [&](const bytes& key) { return fx.disk_ct_of(key); });
}
BOOST_DATA_TEST_CASE(aes_xts_decrypt_sectors, bdata::make(usable<primitive::aes_xts>()), b) {
  const xts_fixture fx;
  aes_xts_moved_from(
      b,
      [&](const fp::aes_xts& x, const bytes& key) {
        bytes out(fx.disk.size());
        require(x.decrypt_sectors(fx.first, 32, fx.disk_ct_of(key), out));
        return out;
      },
      [&](const bytes&) { return fx.disk; });
}

// ---- sha1 / sha256 -------------------------------------------------------------------------------------
#define HASHER_CASES(H)                                                                    \
  BOOST_DATA_TEST_CASE(H##_update, bdata::make(usable<prim_of<fp::H>()>()), b) {           \
    const bytes more = pattern(50, 13);                                                    \
    hasher_moved_from<fp::H>(                                                              \
        b, [&](fp::H& h) { return to_bytes(h.update(more).digest()); },                    \
        [&](const bytes& msg) { return openssl_digest(md_of<fp::H>(), cat(msg, more)); }); \
  }                                                                                        \
  BOOST_DATA_TEST_CASE(H##_digest, bdata::make(usable<prim_of<fp::H>()>()), b) {           \
    hasher_moved_from<fp::H>(                                                              \
        b, [](fp::H& h) { return to_bytes(h.digest()); },                                  \
        [](const bytes& msg) { return openssl_digest(md_of<fp::H>(), msg); });             \
  }                                                                                        \
  BOOST_DATA_TEST_CASE(H##_reset, bdata::make(usable<prim_of<fp::H>()>()), b) {            \
    const bytes other = pattern(70, 21);                                                   \
    hasher_moved_from<fp::H>(                                                              \
        b,                                                                                 \
        [&](fp::H& h) {                                                                    \
          h.reset();                                                                       \
          return to_bytes(h.update(other).digest());                                       \
        },                                                                                 \
        [&](const bytes&) { return openssl_digest(md_of<fp::H>(), other); });              \
  }
HASHER_CASES(sha256)
HASHER_CASES(sha1)
#undef HASHER_CASES

// ---- hmac<sha1> / hmac<sha256> ----------------------------------------------------------------------------
#define HMAC_CASES(H)                                                                                      \
  BOOST_DATA_TEST_CASE(hmac_##H##_update, bdata::make(usable<prim_of<fp::H>()>()), b) {                    \
    const bytes more = pattern(30, 23);                                                                    \
    hmac_moved_from<fp::H>(                                                                                \
        b,                                                                                                 \
        [&](fp::hmac<fp::H>& m, const bytes&, const bytes&) { return to_bytes(m.update(more).digest()); }, \
        [&](const bytes& key, const bytes& msg) {                                                          \
          return openssl_hmac(md_of<fp::H>(), key, cat(msg, more));                                        \
        });                                                                                                \
  }                                                                                                        \
  BOOST_DATA_TEST_CASE(hmac_##H##_digest, bdata::make(usable<prim_of<fp::H>()>()), b) {                    \
    hmac_moved_from<fp::H>(                                                                                \
        b, [](fp::hmac<fp::H>& m, const bytes&, const bytes&) { return to_bytes(m.digest()); },            \
        [](const bytes& key, const bytes& msg) { return openssl_hmac(md_of<fp::H>(), key, msg); });        \
  }                                                                                                        \
  BOOST_DATA_TEST_CASE(hmac_##H##_verify_streamed, bdata::make(usable<prim_of<fp::H>()>()), b) {           \
    hmac_moved_from<fp::H>(                                                                                \
        b,                                                                                                 \
        [](fp::hmac<fp::H>& m, const bytes& key, const bytes& msg) {                                       \
          const bytes tag = openssl_hmac(md_of<fp::H>(), key, msg);                                        \
          bytes bad = tag;                                                                                 \
          bad[0] ^= std::byte{1};                                                                          \
          return bytes{std::byte(m.verify(tag)), std::byte(m.verify(bad))};                                \
        },                                                                                                 \
        [](const bytes&, const bytes&) {                                                                   \
          return bytes{std::byte{1}, std::byte{0}};                                                        \
        });                                                                                                \
  }                                                                                                        \
  BOOST_DATA_TEST_CASE(hmac_##H##_compute, bdata::make(usable<prim_of<fp::H>()>()), b) {                   \
    const bytes other = pattern(200, 43);                                                                  \
    hmac_moved_from<fp::H>(                                                                                \
        b, [&](fp::hmac<fp::H>& m, const bytes&, const bytes&) { return to_bytes(m.compute(other)); },     \
        [&](const bytes& key, const bytes&) { return openssl_hmac(md_of<fp::H>(), key, other); });         \
  }                                                                                                        \
  BOOST_DATA_TEST_CASE(hmac_##H##_verify_message, bdata::make(usable<prim_of<fp::H>()>()), b) {            \
    const bytes other = pattern(200, 43);                                                                  \
    hmac_moved_from<fp::H>(                                                                                \
        b,                                                                                                 \
        [&](fp::hmac<fp::H>& m, const bytes& key, const bytes&) {                                          \
          const bytes tag = openssl_hmac(md_of<fp::H>(), key, other);                                      \
          bytes bad = tag;                                                                                 \
          bad[5] ^= std::byte{0x80};                                                                       \
          return bytes{std::byte(m.verify(other, tag)), std::byte(m.verify(other, bad))};                  \
        },                                                                                                 \
        [](const bytes&, const bytes&) {                                                                   \
          return bytes{std::byte{1}, std::byte{0}};                                                        \
        });                                                                                                \
  }                                                                                                        \
  BOOST_DATA_TEST_CASE(hmac_##H##_reset, bdata::make(usable<prim_of<fp::H>()>()), b) {                     \
    const bytes other = pattern(90, 47);                                                                   \
    hmac_moved_from<fp::H>(                                                                                \
        b,                                                                                                 \
        [&](fp::hmac<fp::H>& m, const bytes&, const bytes&) {                                              \
          m.reset();                                                                                       \
          return to_bytes(m.update(other).digest());                                                       \
        },                                                                                                 \
        [&](const bytes& key, const bytes&) { return openssl_hmac(md_of<fp::H>(), key, other); });         \
  }
HMAC_CASES(sha256)
HMAC_CASES(sha1)
#undef HMAC_CASES

// ---- xxh64_state
// -------------------------------------------------------------------------------------------
BOOST_DATA_TEST_CASE(xxh64_state_update, bdata::make(usable<primitive::xxh64>()), b) {
  const bytes msg = pattern(45, 3), more = pattern(700, 9);
  xxh64_moved_from(
      b,
      [&](fp::xxh64_state& s) {
        s.update(more);
        return s.digest();
      },
      xxh(cat(msg, more), xseed));
}
BOOST_DATA_TEST_CASE(xxh64_state_digest, bdata::make(usable<primitive::xxh64>()), b) {
  xxh64_moved_from(
      b, [](fp::xxh64_state& s) { return s.digest(); }, xxh(pattern(45, 3), xseed));
}
BOOST_DATA_TEST_CASE(xxh64_state_reset, bdata::make(usable<primitive::xxh64>()), b) {
  const bytes other = pattern(333, 17);
  xxh64_moved_from(
      b,
      [&](fp::xxh64_state& s) {
        s.reset(42);
        s.update(other);
        return s.digest();
      },
      xxh(other, 42));
}

// ---- pac::keyed_pac
// -----------------------------------------------------------------------------------------
BOOST_DATA_TEST_CASE(keyed_pac_compute, bdata::make(usable<primitive::pac>()), b) {
  const auto data = pac_inputs(1), mod = pac_inputs(2);
  keyed_pac_moved_from(b, [&](const fp::pac::keyed_pac& k, fp::pac::algorithm alg) {
    BOOST_TEST(k.compute(ref::paper_p, ref::paper_t) ==
               ref::compute(alg, ref::paper_p, ref::paper_t, ref::paper_key));
    for (std::size_t i = 0; i < data.size(); ++i)
      BOOST_TEST(k.compute(data[i], mod[i]) == ref::compute(alg, data[i], mod[i], ref::paper_key));
  });
}
BOOST_DATA_TEST_CASE(keyed_pac_compute_batch, bdata::make(usable<primitive::pac>()), b) {
  const auto data = pac_inputs(3), mod = pac_inputs(4);
  keyed_pac_moved_from(b, [&](const fp::pac::keyed_pac& k, fp::pac::algorithm alg) {
    std::vector<std::uint64_t> out(data.size());
    BOOST_TEST_REQUIRE(k.compute(data, mod, out).has_value());
    for (std::size_t i = 0; i < data.size(); ++i)
      BOOST_TEST(out[i] == ref::compute(alg, data[i], mod[i], ref::paper_key));
  });
}
// The pointer model with a moved-from keyed_pac as its cipher (add_pac then auth round-trips).
BOOST_DATA_TEST_CASE(keyed_pac_pointer_model, bdata::make(usable<primitive::pac>()), b) {
  namespace pac = fp::pac;
  const auto cfg = pac::config::from_tcr_el1(0, pac::algorithm::qarma5, pac::feature_level::pauth);
  const std::uint64_t ptr = 0x0000'7fff'1234'5678u, mod = 0x1122334455667788u;
  keyed_pac_moved_from(b, [&](const pac::keyed_pac& k, pac::algorithm alg) {
    const auto r = [&](std::uint64_t d, std::uint64_t m) { return ref::compute(alg, d, m, ref::paper_key); };
    const std::uint64_t s = pac::add_pac(cfg, ptr, mod, k, pac::key_id::ia);
    BOOST_TEST(s == pac::add_pac(cfg, ptr, mod, r, pac::key_id::ia));
    BOOST_TEST((pac::auth(cfg, s, mod, k, pac::key_id::ia) == pac::auth_result{ptr, false}));
  });
}

BOOST_AUTO_TEST_SUITE_END()
