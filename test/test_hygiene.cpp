// test/test_hygiene.cpp: secret hygiene. Every object that holds key material or hash state is
// built by placement new in a zeroed byte buffer, keyed and fed a known non-zero pattern, and then
// (a) destroyed, (b) reset, (c) moved from; the raw bytes of the buffer (never the object) are
// inspected afterwards: every byte of the secret-bearing part that was non-zero before is zero
// after, or the representation equals that of a freshly built object. Moving copies (there is no
// moved-from state, error.hpp): (c) checks that the source's bytes are untouched, that it still
// works, and that destroying it (and the object moved into) wipes it. (d) The object still works
// after reset and after being moved into: results are compared with OpenSSL (AES, AES-GCM, AES-XTS,
// SHA-1, SHA-256, HMAC), libxxhash (XXH64) and the QARMA paper / QEMU values (PAC), never with
// fastprim.
// Every case runs over every backend usable here. A negative control (a type that does not wipe)
// shows that the inspection bites.
#define BOOST_TEST_MODULE hygiene
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <pthread.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <thread>
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
#include "support/random.hpp"

namespace fp = fastprim;
namespace fd = fastprim::detail;
namespace bdata = boost::unit_test::data;
using fp::backend;
using fp::primitive;
using bytes = std::vector<std::byte>;

namespace {

// ---- raw storage and its inspection ------------------------------------------------------------

// An object of type T living in a byte buffer that was zeroed first, so that bytes the object never
// writes (padding) read as zero.
template <class T>
struct slot {
  alignas(T) std::byte buf[sizeof(T)];
  slot() {
    std::memset(buf, 0, sizeof buf);
    // The zeroes must reach memory before the constructor runs (g++'s lifetime DSE would treat
    // the object's bytes as dead at the start of its constructor).
    __asm__ __volatile__("" : : "r"(buf) : "memory");
  }
  template <class... A>
  T& emplace(A&&... a) {
    return *::new (static_cast<void*>(buf)) T(std::forward<A>(a)...);
  }
  T& get() { return *std::launder(reinterpret_cast<T*>(buf)); }
  void destroy() { get().~T(); }
  bytes snapshot() const {
    // An asm barrier so that reads of the storage are not folded across the destructor call.
    __asm__ __volatile__("" : : "r"(buf) : "memory");
    return bytes(buf, buf + sizeof buf);
  }
  std::size_t offset_of(const void* member) const {
    return static_cast<std::size_t>(static_cast<const std::byte*>(member) - buf);
  }
};

// A byte range [begin, end) of an object's representation.
struct range {
  std::size_t begin, end;
};

// Bytes in [r.begin, r.end) that were non-zero in `before` and are still non-zero in `after`,
// outside the documented public fields `keep` (a backend tag, a round count, a kernel pointer).
std::size_t survivors(const bytes& before, const bytes& after, range r, std::vector<range> keep = {}) {
  std::size_t n = 0;
  for (std::size_t i = r.begin; i < r.end; ++i) {
    const bool kept =
        std::any_of(keep.begin(), keep.end(), [&](range k) { return i >= k.begin && i < k.end; });
    if (!kept && before[i] != std::byte{0} && after[i] != std::byte{0}) ++n;
  }
  return n;
}
std::size_t nonzero(const bytes& b, range r) {
  return static_cast<std::size_t>(std::count_if(b.begin() + static_cast<std::ptrdiff_t>(r.begin),
                                                b.begin() + static_cast<std::ptrdiff_t>(r.end),
                                                [](std::byte x) { return x != std::byte{0}; }));
}
bool contains(const bytes& hay, const bytes& needle) {
  return std::search(hay.begin(), hay.end(), needle.begin(), needle.end()) != hay.end();
}
// The 8-byte-aligned word of `b` that holds the pointer `p` (a public kernel pointer), as a range.
template <class P>
range word_holding(const bytes& b, P p) {
  for (std::size_t i = 0; i + sizeof p <= b.size(); i += alignof(P)) {
    P q;
    std::memcpy(&q, b.data() + i, sizeof q);
    if (q == p) return {i, i + sizeof p};
  }
  BOOST_FAIL("kernel pointer not found in the object");
  return {0, 0};
}

// Every secret and message is made of the known non-zero fastprim_test::pattern.
using fastprim_test::cat;
using fastprim_test::pattern;
std::span<const std::byte> sp(const bytes& b) { return {b.data(), b.size()}; }

// ---- references from outside the code under test ----------------------------------------------

using fastprim_test::openssl_digest;
using fastprim_test::openssl_hmac;

using fastprim_test::to_bytes;

// ---- backends -----------------------------------------------------------------------------------
using fastprim_test::usable;

// ---- the negative control ------------------------------------------------------------------------
// Holds a key and forgets to wipe it: the inspection must report its bytes.
struct leaky {
  std::byte key[32];
  explicit leaky(const bytes& k) { std::memcpy(key, k.data(), sizeof key); }
  ~leaky() {}  // NOLINT: deliberately no wipe
};

}  // namespace

// The streaming XXH64 state stays usable in constant expressions (constexpr destructor and moves).
static_assert([] {
  fp::xxh64_state s{5};
  fp::xxh64_state t{std::move(s)};
  t = fp::xxh64_state{7};
  s.reset(3);
  return true;
}());
// The one-shot hashes stay constexpr (values checked against FIPS 180-4 in test_sha).
static_assert(fp::sha256::hash("abc")[0] == std::byte{0xba});
static_assert(fp::sha1::hash("abc")[0] == std::byte{0xa9});

BOOST_AUTO_TEST_SUITE(hygiene)

BOOST_AUTO_TEST_CASE(negative_control_is_flagged) {
  slot<leaky> s;
  s.emplace(pattern(32, 3));
  const bytes before = s.snapshot();
  s.destroy();
  const bytes after = s.snapshot();
  BOOST_TEST(survivors(before, after, {0, sizeof(leaky)}) == 32u);
}

// ---- AES -----------------------------------------------------------------------------------------

BOOST_DATA_TEST_CASE(aes_destroy_move, bdata::make(usable<primitive::aes>()), b) {
  BOOST_TEST_CONTEXT("backend " << b) {
    for (std::size_t klen : {16u, 24u, 32u}) {
      BOOST_TEST_CONTEXT("key " << klen) {
        const bytes key = pattern(klen, 11), block = pattern(16, 5);
        const bytes want = fastprim_test::openssl_aes("ecb", key, {}, block, true);
        auto made = fp::aes::create(sp(key), b);
        BOOST_TEST_REQUIRE(made.has_value());

        // (a) destruction
        {
          slot<fp::aes> s;
          fp::aes& c = s.emplace(*made);
          const range ks{s.offset_of(&fastprim::detail::aes_access::round_keys(c)), sizeof(fp::aes)};
          const bytes before = s.snapshot();
          BOOST_TEST_REQUIRE(nonzero(before, ks) > 100u);
          s.destroy();
          BOOST_TEST(survivors(before, s.snapshot(), ks) == 0u);
          BOOST_TEST(nonzero(s.snapshot(), ks) == 0u);
        }
        // (c) move construction: the source is untouched and still works; (d) the moved-into
        // object works; then move assignment; destroying each wipes its schedule
        {
          slot<fp::aes> s, t;
          fp::aes& c = s.emplace(*made);
          const range ks{s.offset_of(&fastprim::detail::aes_access::round_keys(c)), sizeof(fp::aes)};
          const bytes before = s.snapshot();
          fp::aes& d = t.emplace(std::move(c));
          BOOST_TEST((s.snapshot() == before));
          bytes out(16);
          BOOST_TEST_REQUIRE(d.encrypt_block(sp(block), out).has_value());
          BOOST_TEST(out == want);
          std::fill(out.begin(), out.end(), std::byte{0});
          BOOST_TEST_REQUIRE(c.encrypt_block(sp(block), out).has_value());
          BOOST_TEST(out == want);

          c = std::move(d);  // move assignment: both keep the key
          BOOST_TEST((t.snapshot() == before));
          for (const fp::aes* x : {&c, &d}) {
            std::fill(out.begin(), out.end(), std::byte{0});
            BOOST_TEST_REQUIRE(x->encrypt_block(sp(block), out).has_value());
            BOOST_TEST(out == want);
          }
          t.destroy();
          s.destroy();
          BOOST_TEST(nonzero(s.snapshot(), ks) == 0u);
          BOOST_TEST(nonzero(t.snapshot(), ks) == 0u);
        }
      }
    }
  }
}

BOOST_DATA_TEST_CASE(aes_ctr_destroy_reset_move, bdata::make(usable<primitive::aes>()), b) {
  BOOST_TEST_CONTEXT("backend " << b) {
    const bytes key = pattern(32, 17), iv = pattern(16, 29), msg = pattern(77, 41);
    const bytes want = fastprim_test::openssl_aes("ctr", key, iv, msg, true);
    // The keystream block buffered after a 5-byte update: E_K(iv), from OpenSSL.
    const bytes ks0 = fastprim_test::openssl_aes("ecb", key, {}, iv, true);
    auto cipher = fp::aes::create(sp(key), b);
    BOOST_TEST_REQUIRE(cipher.has_value());
    const bytes head(msg.begin(), msg.begin() + 5), rest(msg.begin() + 5, msg.end());
    const bytes want_head(want.begin(), want.begin() + 5), want_rest(want.begin() + 5, want.end());

    auto fresh = [&](slot<fp::aes_ctr>& s) -> fp::aes_ctr& {
      auto r = fp::aes_ctr::create(*cipher, sp(iv));
      BOOST_TEST_REQUIRE(r.has_value());
      fp::aes_ctr& c = s.emplace(*r);
      bytes out(5);
      BOOST_TEST_REQUIRE(c.update(sp(head), out).has_value());
      BOOST_TEST(out == want_head);
      return c;
    };
    // From the round keys to the end: schedule, counter block, keystream, count.
    auto secret = [](slot<fp::aes_ctr>& s, fp::aes_ctr& c) {
      return range{s.offset_of(&fastprim::detail::aes_access::round_keys(c.cipher())), sizeof(fp::aes_ctr)};
    };

    // (a) destruction
    {
      slot<fp::aes_ctr> s;
      fp::aes_ctr& c = fresh(s);
      const range r = secret(s, c);
      const bytes before = s.snapshot();
      BOOST_TEST_REQUIRE(contains(before, ks0));
      s.destroy();
      const bytes after = s.snapshot();
      BOOST_TEST(survivors(before, after, r) == 0u);
      BOOST_TEST(nonzero(after, r) == 0u);
      BOOST_TEST(!contains(after, ks0));
    }
    // (b) reset: the old keystream is gone; the stream restarts correctly
    {
      slot<fp::aes_ctr> s;
      fp::aes_ctr& c = fresh(s);
      BOOST_TEST_REQUIRE(contains(s.snapshot(), ks0));
      BOOST_TEST_REQUIRE(c.reset(sp(iv)).has_value());
      BOOST_TEST(!contains(s.snapshot(), ks0));
      bytes out(msg.size());
      BOOST_TEST_REQUIRE(c.update(sp(msg), out).has_value());
      BOOST_TEST(out == want);
      s.destroy();
    }
    // Both streams go on from where the source was.
    const auto both_go_on = [&](fp::aes_ctr& c, fp::aes_ctr& d) {
      for (fp::aes_ctr* x : {&c, &d}) {
        bytes out(rest.size());
        BOOST_TEST_REQUIRE(x->update(sp(rest), out).has_value());
        BOOST_TEST(out == want_rest);
      }
    };
    // (c) move construction: the source stream is untouched and goes on; (d) so does the
    // moved-into one; destroying each wipes it
    {
      slot<fp::aes_ctr> s, t;
      fp::aes_ctr& c = fresh(s);
      const range r = secret(s, c);
      const bytes before = s.snapshot();
      fp::aes_ctr& d = t.emplace(std::move(c));
      BOOST_TEST((s.snapshot() == before));
      both_go_on(c, d);
      t.destroy();
      s.destroy();
      for (auto* sl : {&s, &t}) {
        const bytes after = sl->snapshot();
        BOOST_TEST(survivors(before, after, r) == 0u);
        BOOST_TEST(nonzero(after, r) == 0u);
        BOOST_TEST(!contains(after, ks0));
      }
    }
    // move assignment over a live stream
    {
      slot<fp::aes_ctr> s, t;
      fp::aes_ctr& c = fresh(s);
      fp::aes_ctr& d = fresh(t);
      const range r = secret(s, c);
      const bytes before = s.snapshot();
      d = std::move(c);
      BOOST_TEST((s.snapshot() == before));
      both_go_on(c, d);
      t.destroy();
      s.destroy();
      for (auto* sl : {&s, &t}) {
        BOOST_TEST(nonzero(sl->snapshot(), r) == 0u);
        BOOST_TEST(!contains(sl->snapshot(), ks0));
      }
    }
  }
}

// Move construction and move assignment of a keyed object: (c) the source is untouched and still
// works; (d) so does the moved-into object; then move assignment over an object of another key;
// destroying each wipes it to `wiped` (what a destroyed object of that backend leaves).
template <class T, class Make, class Works>
void check_moves(Make make, const bytes& key, const bytes& key2, Works works, const bytes& wiped) {
  slot<T> s, t, u;
  T& c = s.emplace(make(key));
  const bytes before = s.snapshot();
  T& d = t.emplace(std::move(c));
  BOOST_TEST((s.snapshot() == before));
  BOOST_TEST((t.snapshot() == before));
  works(c);
  works(d);
  T& e = u.emplace(make(key2));
  e = std::move(c);
  BOOST_TEST((s.snapshot() == before));
  BOOST_TEST((u.snapshot() == before));
  works(c);
  works(e);
  u.destroy();
  t.destroy();
  s.destroy();
  for (auto* sl : {&s, &t, &u}) BOOST_TEST((sl->snapshot() == wiped));
}

// ---- AES-GCM -------------------------------------------------------------------------------------
// aes_gcm holds the round keys and the GHASH key (H and what the backend derives from it); a stream
// holds a copy of those and the message state, whose secrets are the GHASH accumulator, E_K(J0)
// and the keystream of a partial block (the counter, buffered ciphertext or AAD and the lengths are
// public). What may stay of a key after destruction is only what does not depend on it: the kernel
// pointers and the backend token. So two destroyed keys of different values must leave the same
// bytes, nothing but the kernel pointers (and one byte, the token) non-zero; and the state's
// secrets must be zero, E_K(J0) and the keystream block (from OpenSSL) found nowhere.
namespace {
// The words of `b` holding one of `ptrs` or a function pointer of one of `tables` (structs of
// function pointers only).
template <class... T>
std::vector<range> pointer_words(const bytes& b, std::vector<std::uintptr_t> ptrs, const T&... tables) {
  const auto add_all = [&](const auto& table) {
    static_assert(sizeof table % sizeof(std::uintptr_t) == 0);
    for (std::size_t i = 0; i < sizeof table; i += sizeof(std::uintptr_t)) {
      std::uintptr_t p;
      std::memcpy(&p, reinterpret_cast<const std::byte*>(&table) + i, sizeof p);
      if (p != 0) ptrs.push_back(p);  // an absent optional kernel: a zero word, as wiped bytes are
    }
  };
  (add_all(tables), ...);
  std::vector<range> words;
  for (std::size_t i = 0; i + sizeof(std::uintptr_t) <= b.size(); i += alignof(std::uintptr_t)) {
    std::uintptr_t q;
    std::memcpy(&q, b.data() + i, sizeof q);
    if (std::find(ptrs.begin(), ptrs.end(), q) != ptrs.end()) words.push_back({i, i + sizeof q});
  }
  return words;
}
// The words of `b` holding a pointer of the kernel tables aes_gcm binds for `g` (its backend and
// key size): the gcm_kernels table and every function pointer of its AES and GCM mode tables.
std::vector<range> gcm_pointer_words(const bytes& b, const fp::aes_gcm& g) {
  const fd::gcm_kernels* k = fd::kernels_for<primitive::aes_gcm>(g.backend());
  BOOST_TEST_REQUIRE(k != nullptr);
  const std::size_t r = fd::rounds_index(static_cast<std::uint32_t>(g.key_size() / 4 + 6));
  return pointer_words(b, {reinterpret_cast<std::uintptr_t>(k)}, k->by_rounds[r], k->aes->by_rounds[r]);
}
// Where a stream's data members end (the key it holds, then the message state). The tail padding
// after them (the key is 64-aligned) belongs to no member: a copy may carry whatever the source's
// padding held (aarch64 g++ copies whole objects, padding included), and no destructor writes it.
struct stream_layout : fd::gcm_stream_base {
  static constexpr std::size_t state_offset() { return offsetof(stream_layout, s_); }
  static constexpr std::size_t members_end() { return state_offset() + sizeof(fd::gcm_stream); }
};
static_assert(stream_layout::members_end() <= sizeof(fp::aes_gcm_encryptor) &&
              sizeof(fp::aes_gcm_encryptor) == sizeof(fd::gcm_stream_base) &&
              sizeof(fp::aes_gcm_decryptor) == sizeof(fd::gcm_stream_base));
// The message state's secrets: the GHASH accumulator, E_K(J0) and the keystream of a partial
// block. (Its counter block, buffered ciphertext or AAD and lengths are public.)
std::vector<range> stream_secrets() {
  const std::size_t base = stream_layout::state_offset();
  std::vector<range> r;
  for (std::size_t off :
       {offsetof(fd::gcm_stream, y), offsetof(fd::gcm_stream, ekj0), offsetof(fd::gcm_stream, ks)})
    r.push_back({base + off, base + off + 16});
  return r;
}
bytes key_part_of_stream(const bytes& b) {
  return bytes(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(stream_layout::state_offset()));
}
bytes members_of_stream(bytes b) {
  b.resize(stream_layout::members_end());
  return b;
}

// After destruction: the non-zero bytes outside the pointer words are at most the backend token.
void only_pointers_left(const bytes& after, const std::vector<range>& words, backend b) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < after.size(); ++i) {
    const bool kept =
        std::any_of(words.begin(), words.end(), [&](range k) { return i >= k.begin && i < k.end; });
    if (!kept && after[i] != std::byte{0}) {
      ++n;
      BOOST_TEST((after[i] == std::byte(static_cast<std::uint8_t>(b))),
                 "byte " << i << " survives destruction");
    }
  }
  BOOST_TEST(n <= 1u);
}
fp::aes_gcm gcm_of(const bytes& key, backend b) {
  auto g = fp::aes_gcm::create(sp(key), b);
  BOOST_TEST_REQUIRE(g.has_value(), g.message());
  return *g;
}
}  // namespace

BOOST_DATA_TEST_CASE(aes_gcm_destroy_move, bdata::make(usable<primitive::aes_gcm>()), b) {
  BOOST_TEST_CONTEXT("backend " << b) {
    for (std::size_t klen : {16u, 24u, 32u}) {
      BOOST_TEST_CONTEXT("key " << klen) {
        const bytes key = pattern(klen, 11), key2 = pattern(klen, 12), iv = pattern(12, 5),
                    aad = pattern(9, 7), msg = pattern(50, 13);
        const auto want = fastprim_test::openssl_gcm_seal(key, iv, aad, msg);
        const auto works = [&](const fp::aes_gcm& g) {
          bytes ct(msg.size()), tag(16);
          BOOST_TEST_REQUIRE(g.seal(sp(iv), sp(aad), sp(msg), ct, tag).has_value());
          BOOST_TEST(ct == want.ct);
          BOOST_TEST(tag == want.tag);
        };
        // (a) destruction: two keys leave the same bytes, only the kernel pointers and the token
        bytes after[2];
        std::vector<range> words;
        for (int i = 0; i < 2; ++i) {
          slot<fp::aes_gcm> s;
          const fp::aes_gcm& g = s.emplace(gcm_of(i == 0 ? key : key2, b));
          const bytes before = s.snapshot();
          words = gcm_pointer_words(before, g);
          BOOST_TEST_REQUIRE(words.size() >= 3u);
          BOOST_TEST_REQUIRE(nonzero(before, {0, sizeof(fp::aes_gcm)}) > 200u);
          s.destroy();
          after[i] = s.snapshot();
          BOOST_TEST(survivors(before, after[i], {0, sizeof(fp::aes_gcm)}, words) <= 1u);
          only_pointers_left(after[i], words, b);
        }
        BOOST_TEST((after[0] == after[1]));
        check_moves<fp::aes_gcm>([&](const bytes& k) { return gcm_of(k, b); }, key, key2, works, after[0]);
      }
    }
  }
}

// The streams: the key copy and the message state (after 21 bytes of data: E_K(J0) and the
// buffered keystream block E_K(IV || 3), both from OpenSSL, are in the object). finish() wipes the
// message state; destruction wipes all.
BOOST_DATA_TEST_CASE(aes_gcm_streams_destroy_finish_move, bdata::make(usable<primitive::aes_gcm>()), b) {
  const bytes key = pattern(32, 17), key2 = pattern(32, 18), iv = pattern(12, 29), iv2 = pattern(12, 30),
              aad = pattern(19, 31), msg = pattern(21, 41), rest = pattern(30, 43);
  const auto counter = [&](const bytes& v, unsigned c) {
    bytes blk = v;
    blk.resize(16);
    blk[15] = std::byte(c);
    return blk;
  };
  const bytes ekj0 = fastprim_test::openssl_aes("ecb", key, {}, counter(iv, 1), true);
  const bytes ks1 = fastprim_test::openssl_aes("ecb", key, {}, counter(iv, 3), true);
  const auto want = fastprim_test::openssl_gcm_seal(key, iv, aad, cat(msg, rest));
  const bytes want_head(want.ct.begin(), want.ct.begin() + 21),
      want_rest(want.ct.begin() + 21, want.ct.end());
  const auto run = [&]<class S>(const fp::aes_gcm& g, const bytes& v, const bytes& m, slot<S>& s) -> S& {
    auto made = [&] {
      if constexpr (std::is_same_v<S, fp::aes_gcm_encryptor>)
        return g.encryptor(sp(v));
      else
        return g.decryptor(sp(v));
    }();
    BOOST_TEST_REQUIRE(made.has_value(), made.message());
    S& st = s.emplace(*made);
    bytes out(m.size());
    BOOST_TEST_REQUIRE(st.aad(sp(aad)).has_value());
    BOOST_TEST_REQUIRE(st.update(sp(m), out).has_value());
    return st;
  };
  const auto one = [&]<class S>() {
    BOOST_TEST_CONTEXT(
        "backend " << b << (std::is_same_v<S, fp::aes_gcm_encryptor> ? " encryptor" : " decryptor")) {
      const fp::aes_gcm g = gcm_of(key, b), g2 = gcm_of(key2, b);
      // (a) destruction: the key copy leaves the same bytes for two keys (kernel pointers and the
      // token), and the message state's secrets are zero
      bytes after[2];
      const auto secrets_gone = [&](const bytes& snap) {
        for (range r : stream_secrets()) BOOST_TEST(nonzero(snap, r) == 0u);
        BOOST_TEST(!contains(snap, ekj0));
        BOOST_TEST(!contains(snap, ks1));
      };
      for (int i = 0; i < 2; ++i) {
        slot<S> s;
        S& st = run.template operator()<S>(i == 0 ? g : g2, i == 0 ? iv : iv2, i == 0 ? msg : rest, s);
        const bytes before = s.snapshot();
        if (i == 0) {
          BOOST_TEST_REQUIRE(contains(before, ekj0));
          BOOST_TEST_REQUIRE(contains(before, ks1));
          std::size_t secret_bytes = 0;
          for (range r : stream_secrets()) secret_bytes += nonzero(before, r);
          BOOST_TEST_REQUIRE(secret_bytes > 40u);
        }
        const auto words = gcm_pointer_words(before, st.key());
        s.destroy();
        const bytes snap = s.snapshot();
        after[i] = key_part_of_stream(snap);
        only_pointers_left(after[i], words, b);
        secrets_gone(snap);
      }
      BOOST_TEST((after[0] == after[1]));
      // (b) finish: the message state is gone (the key stays until destruction)
      {
        slot<S> s;
        S& st = run.template operator()<S>(g, iv, msg, s);
        bytes tag(16);
        if constexpr (std::is_same_v<S, fp::aes_gcm_encryptor>)
          BOOST_TEST_REQUIRE(st.finish(tag).has_value());
        else
          BOOST_TEST((st.finish(tag).code() == fp::errc::auth_failed));  // a wrong tag: wiped as well
        BOOST_TEST(!contains(s.snapshot(), ekj0));
        BOOST_TEST(!contains(s.snapshot(), ks1));
        s.destroy();
      }
      // (c) move construction and assignment mid-message: the source is untouched, both go on;
      // destroying each wipes it
      {
        slot<S> s, t;
        // (the decryptor is fed the ciphertext, so that both finish with OpenSSL's tag)
        const bytes& head = std::is_same_v<S, fp::aes_gcm_encryptor> ? msg : want_head;
        S& c = run.template operator()<S>(g, iv, head, s);
        const bytes before = s.snapshot();
        S& d = t.emplace(std::move(c));
        BOOST_TEST((s.snapshot() == before));
        BOOST_TEST((t.snapshot() == before));
        for (S* x : {&c, &d}) {
          bytes out(rest.size()), tag(16);
          if constexpr (std::is_same_v<S, fp::aes_gcm_encryptor>) {
            BOOST_TEST_REQUIRE(x->update(sp(rest), out).has_value());
            BOOST_TEST(out == want_rest);
            BOOST_TEST_REQUIRE(x->finish(tag).has_value());
            BOOST_TEST(tag == want.tag);
          } else {
            BOOST_TEST_REQUIRE(x->update(sp(want_rest), out).has_value());
            BOOST_TEST(out == rest);
            BOOST_TEST(x->finish(sp(want.tag)).has_value());
          }
        }
        slot<S> u;
        S& e = run.template operator()<S>(g, iv, msg, u);
        d = std::move(e);  // move assignment over a finished stream
        BOOST_TEST((members_of_stream(t.snapshot()) == members_of_stream(u.snapshot())));
        u.destroy();
        t.destroy();
        s.destroy();
        for (auto* sl : {&s, &t, &u}) {
          BOOST_TEST((key_part_of_stream(sl->snapshot()) == after[0]));
          secrets_gone(sl->snapshot());
        }
      }
    }
  };
  one.template operator()<fp::aes_gcm_encryptor>();
  one.template operator()<fp::aes_gcm_decryptor>();
}

// ---- AES-XTS -------------------------------------------------------------------------------------
// aes_xts holds the round keys of the data key K1 and of the tweak key K2, and the rows of the XTS
// and AES mode kernel tables for its backend and key size. As for aes_gcm, what may stay of a key
// after destruction is only what does not depend on it: those kernel pointers and the backend
// token. Two destroyed keys of different values leave the same bytes, nothing else non-zero.
namespace {
// The words of `b` holding a function pointer of the XTS and AES kernel rows aes_xts binds for
// `x` (its backend and key size). (The object keeps the rows, not the xts_kernels table.)
std::vector<range> xts_pointer_words(const bytes& b, const fp::aes_xts& x) {
  const fd::xts_kernels* k = fd::kernels_for<primitive::aes_xts>(x.backend());
  BOOST_TEST_REQUIRE(k != nullptr);
  const std::size_t r = fd::rounds_index(static_cast<std::uint32_t>(x.key_size() / 8 + 6));
  return pointer_words(b, {}, k->by_rounds[r], k->aes->by_rounds[r]);
}
// The kernel pointers aes_xts holds for `x`: both tables' entries but the absent (null) optional
// ones (the units kernels of encrypt_sectors, where a backend has none).
std::size_t xts_pointer_count(const fp::aes_xts& x) {
  const fd::xts_kernels* k = fd::kernels_for<primitive::aes_xts>(x.backend());
  const std::size_t r = fd::rounds_index(static_cast<std::uint32_t>(x.key_size() / 8 + 6));
  std::size_t n = sizeof(fd::aes_mode_kernels) / sizeof(std::uintptr_t);
  for (const void* f : {reinterpret_cast<const void*>(k->by_rounds[r].encrypt),
                        reinterpret_cast<const void*>(k->by_rounds[r].decrypt),
                        reinterpret_cast<const void*>(k->by_rounds[r].encrypt_units),
                        reinterpret_cast<const void*>(k->by_rounds[r].decrypt_units)})
    n += f != nullptr;
  return n;
}
static_assert(sizeof(fd::xts_mode_kernels) == 4 * sizeof(std::uintptr_t),
              "xts_pointer_count lists every entry");
fp::aes_xts xts_of(const bytes& key, backend b) {
  auto x = fp::aes_xts::create(sp(key), b);
  BOOST_TEST_REQUIRE(x.has_value(), x.message());
  BOOST_TEST_REQUIRE(x->backend() == b);
  return *x;
}
}  // namespace

BOOST_DATA_TEST_CASE(aes_xts_destroy_move, bdata::make(usable<primitive::aes_xts>()), b) {
  BOOST_TEST_CONTEXT("backend " << b) {
    for (std::size_t klen : {32u, 64u}) {  // AES-128-XTS, AES-256-XTS (K1 || K2, halves differ)
      BOOST_TEST_CONTEXT("key " << klen) {
        // 50 bytes: three blocks and a 2-byte tail (ciphertext stealing); sectors: 3 of 32 bytes
        // from sector 7
        const bytes key = pattern(klen, 11), key2 = pattern(klen, 12), tweak = pattern(16, 5),
                    msg = pattern(50, 13), disk = pattern(96, 19);
        const bytes want = fastprim_test::openssl_xts(key, tweak, msg, true);
        const bytes want_disk = fastprim_test::openssl_xts_sectors(key, 7, 32, disk, true);
        const auto works = [&](const fp::aes_xts& x) {
          bytes ct(msg.size()), pt(msg.size()), sec(disk.size()), back(disk.size());
          BOOST_TEST_REQUIRE(x.encrypt(sp(tweak), sp(msg), ct).has_value());
          BOOST_TEST(ct == want);
          BOOST_TEST_REQUIRE(x.decrypt(sp(tweak), sp(want), pt).has_value());
          BOOST_TEST(pt == msg);
          BOOST_TEST_REQUIRE(x.encrypt_sectors(7, 32, sp(disk), sec).has_value());
          BOOST_TEST(sec == want_disk);
          BOOST_TEST_REQUIRE(x.decrypt_sectors(7, 32, sp(want_disk), back).has_value());
          BOOST_TEST(back == disk);
        };
        // (a) destruction: two keys leave the same bytes, only the kernel pointers and the token
        bytes after[2];
        std::vector<range> words;
        for (int i = 0; i < 2; ++i) {
          slot<fp::aes_xts> s;
          const fp::aes_xts& x = s.emplace(xts_of(i == 0 ? key : key2, b));
          BOOST_TEST_REQUIRE(x.key_size() == klen);
          const bytes before = s.snapshot();
          words = xts_pointer_words(before, x);
          BOOST_TEST_REQUIRE(words.size() == xts_pointer_count(x));
          BOOST_TEST_REQUIRE(nonzero(before, {0, sizeof(fp::aes_xts)}) > 200u);
          s.destroy();
          after[i] = s.snapshot();
          BOOST_TEST(survivors(before, after[i], {0, sizeof(fp::aes_xts)}, words) <= 1u);
          only_pointers_left(after[i], words, b);
        }
        BOOST_TEST((after[0] == after[1]));
        check_moves<fp::aes_xts>([&](const bytes& k) { return xts_of(k, b); }, key, key2, works, after[0]);
      }
    }
  }
}

// ---- SHA-1 / SHA-256 -----------------------------------------------------------------------------

template <class H>
void hasher_case(backend b, const EVP_MD* md) {
  fastprim_test::pinned<H::digest_size == 32 ? primitive::sha256 : primitive::sha1> pin{b};
  const bytes msg = pattern(100, 7), more = pattern(50, 13);  // one block and 36 bytes buffered
  const bytes tail(msg.begin() + 64, msg.end());
  slot<H> fresh_slot;
  fresh_slot.emplace();
  const bytes fresh = fresh_slot.snapshot();
  fresh_slot.destroy();

  // (a) destruction: the whole object (chaining value, length, partial block) is zero
  {
    slot<H> s;
    s.emplace().update(sp(msg));
    const bytes before = s.snapshot();
    BOOST_TEST_REQUIRE(contains(before, tail));
    s.destroy();
    BOOST_TEST(nonzero(s.snapshot(), {0, sizeof(H)}) == 0u);
  }
  // (b) reset: the representation is that of a fresh object; it hashes correctly again
  {
    slot<H> s;
    H& h = s.emplace();
    h.update(sp(msg));
    h.reset();
    BOOST_TEST(s.snapshot() == fresh);
    h.update(sp(more));
    BOOST_TEST(to_bytes(h.digest()) == openssl_digest(md, more));
    s.destroy();
  }
  // (c) move construction: the source keeps its stream, untouched; (d) the moved-into stream goes
  // on; move assignment likewise; destroying each wipes it
  {
    slot<H> s, t;
    H& h = s.emplace();
    h.update(sp(msg));
    const bytes before = s.snapshot();
    H& g = t.emplace(std::move(h));
    BOOST_TEST(s.snapshot() == before);
    BOOST_TEST(t.snapshot() == before);
    g.update(sp(more));
    BOOST_TEST(to_bytes(g.digest()) == openssl_digest(md, cat(msg, more)));
    BOOST_TEST(to_bytes(h.digest()) == openssl_digest(md, msg));  // the source: its own stream
    // move assignment
    h = std::move(g);
    BOOST_TEST(s.snapshot() == t.snapshot());
    BOOST_TEST(to_bytes(h.digest()) == openssl_digest(md, cat(msg, more)));
    BOOST_TEST(to_bytes(g.digest()) == openssl_digest(md, cat(msg, more)));
    t.destroy();
    s.destroy();
    BOOST_TEST(nonzero(s.snapshot(), {0, sizeof(H)}) == 0u);
    BOOST_TEST(nonzero(t.snapshot(), {0, sizeof(H)}) == 0u);
  }
}

BOOST_DATA_TEST_CASE(sha256_destroy_reset_move, bdata::make(usable<primitive::sha256>()), b) {
  hasher_case<fp::sha256>(b, EVP_sha256());
}
BOOST_DATA_TEST_CASE(sha1_destroy_reset_move, bdata::make(usable<primitive::sha1>()), b) {
  hasher_case<fp::sha1>(b, EVP_sha1());
}

// ---- HMAC ------------------------------------------------------------------------------------------

template <class H>
void hmac_case(backend b, const EVP_MD* md) {
  using M = fp::hmac<H>;
  fastprim_test::pinned<H::digest_size == 32 ? primitive::sha256 : primitive::sha1> pin{b};
  const fd::md_compress_fn compress = H::traits_type::kernels().compress;
  const fd::md_hmac_fn whole = H::traits_type::kernels().hmac;  // the whole-message tag kernel
  const bytes msg = pattern(100, 19), more = pattern(30, 23);
  for (std::size_t klen : {20u, 64u, 100u}) {  // short, one block, longer than a block (hashed)
    BOOST_TEST_CONTEXT("key " << klen) {
      const bytes key = pattern(klen, 31);
      bytes ipad_block = key;  // K ^ ipad, as it would appear if the key block were kept
      ipad_block.resize(std::min<std::size_t>(klen, 64));
      for (auto& x : ipad_block) x ^= std::byte{0x36};
      const bytes tail(msg.begin() + 64, msg.end());

      slot<M> fresh_slot;
      fresh_slot.emplace(sp(key));
      const bytes fresh = fresh_slot.snapshot();
      fresh_slot.destroy();
      // No copy of the raw key or of the padded key block is kept in the object.
      BOOST_TEST(!contains(fresh, bytes(key.begin(), key.begin() + 16)));
      BOOST_TEST(!contains(fresh, bytes(ipad_block.begin(), ipad_block.begin() + 16)));

      // (a) destruction: all but the kernel pointers is zero
      {
        slot<M> s;
        s.emplace(sp(key)).update(sp(msg));
        const bytes before = s.snapshot();
        BOOST_TEST_REQUIRE(contains(before, tail));
        const range fn = word_holding(before, compress), hm = word_holding(before, whole);
        s.destroy();
        const bytes after = s.snapshot();
        BOOST_TEST(survivors(before, after, {0, sizeof(M)}, {fn, hm}) == 0u);
        BOOST_TEST(nonzero(after, {0, fn.begin}) == 0u);
      }
      // (b) reset: back to exactly the keyed state, the stream wiped
      {
        slot<M> s;
        M& m = s.emplace(sp(key));
        m.update(sp(msg));
        m.reset();
        BOOST_TEST(s.snapshot() == fresh);
        m.update(sp(more));
        BOOST_TEST(to_bytes(m.digest()) == openssl_hmac(md, key, more));
        s.destroy();
      }
      // (c) move: the source keeps its key and stream, untouched; (d) the moved-into object goes
      // on; move assignment likewise; destroying each wipes all but the kernel pointers
      {
        slot<M> s, t;
        M& m = s.emplace(sp(key));
        m.update(sp(msg));
        const bytes before = s.snapshot();
        const range fn = word_holding(before, compress), hm = word_holding(before, whole);
        M& n = t.emplace(std::move(m));
        BOOST_TEST(s.snapshot() == before);
        BOOST_TEST(t.snapshot() == before);
        BOOST_TEST(to_bytes(m.digest()) == openssl_hmac(md, key, msg));
        BOOST_TEST(to_bytes(m.compute(sp(more))) == openssl_hmac(md, key, more));
        n.update(sp(more));
        BOOST_TEST(to_bytes(n.digest()) == openssl_hmac(md, key, cat(msg, more)));
        BOOST_TEST(to_bytes(n.compute(sp(more))) == openssl_hmac(md, key, more));
        m = std::move(n);  // move assignment back
        BOOST_TEST(s.snapshot() == t.snapshot());
        BOOST_TEST(to_bytes(m.digest()) == openssl_hmac(md, key, cat(msg, more)));
        BOOST_TEST(to_bytes(n.digest()) == openssl_hmac(md, key, cat(msg, more)));
        t.destroy();
        s.destroy();
        for (auto* sl : {&s, &t}) {
          BOOST_TEST(survivors(before, sl->snapshot(), {0, sizeof(M)}, {fn, hm}) == 0u);
          BOOST_TEST(nonzero(sl->snapshot(), {0, fn.begin}) == 0u);
        }
      }
    }
  }
}

BOOST_DATA_TEST_CASE(hmac_sha256_destroy_reset_move, bdata::make(usable<primitive::sha256>()), b) {
  hmac_case<fp::sha256>(b, EVP_sha256());
}
BOOST_DATA_TEST_CASE(hmac_sha1_destroy_reset_move, bdata::make(usable<primitive::sha1>()), b) {
  hmac_case<fp::sha1>(b, EVP_sha1());
}

// ---- PAC -----------------------------------------------------------------------------------------

// The QARMA paper's inputs (pac-spec section 6) and the outputs for each algorithm: QARMA5 from
// Avanzi 2017's test-vector appendix, QARMA3 and impdef from QEMU (as in test_pac_compute).
constexpr std::uint64_t paper_p = 0xfb623599da6e8127, paper_t = 0x477d469dec0b8762;
constexpr fp::pac::key paper_key{0xec2802d4e0a488e9, 0x84be85ce9804e94b};
constexpr std::uint64_t paper_want[3] = {0xc003b93999b33765, 0xc8b7fdc1d507b9ef, 0x3f52a54232b357ae};

BOOST_DATA_TEST_CASE(keyed_pac_destroy_move, bdata::make(usable<primitive::pac>()), b) {
  fastprim_test::pinned<primitive::pac> pin{b};
  using fp::pac::keyed_pac;
  static_assert(std::is_standard_layout_v<keyed_pac>);  // the schedule is its first member
  const range sched{0, sizeof(fd::pac_schedule)};
  for (fp::pac::algorithm alg :
       {fp::pac::algorithm::qarma5, fp::pac::algorithm::qarma3, fp::pac::algorithm::impdef}) {
    const std::uint64_t want = paper_want[unsigned(alg)];
    BOOST_TEST_CONTEXT("algorithm " << unsigned(alg)) {
      {
        slot<keyed_pac> s;
        keyed_pac& k = s.emplace(alg, paper_key);
        BOOST_TEST_REQUIRE(k.backend() == b);
        BOOST_TEST_REQUIRE(k.compute(paper_p, paper_t) == want);
        const bytes before = s.snapshot();
        BOOST_TEST_REQUIRE(nonzero(before, sched) > 4u);
        s.destroy();
        BOOST_TEST(nonzero(s.snapshot(), sched) == 0u);
      }
      // moving: the source is untouched and still works; destroying each wipes its schedule
      {
        slot<keyed_pac> s, t;
        keyed_pac& k = s.emplace(alg, paper_key);
        const bytes before = s.snapshot();
        keyed_pac& m = t.emplace(std::move(k));
        BOOST_TEST(s.snapshot() == before);
        for (const keyed_pac* x : {&k, &m}) {
          BOOST_TEST(x->compute(paper_p, paper_t) == want);
          std::uint64_t d[3] = {paper_p, paper_p, paper_p}, mod[3] = {paper_t, paper_t, paper_t}, o[3] = {};
          BOOST_TEST_REQUIRE(x->compute(d, mod, o).has_value());
          for (std::uint64_t y : o) BOOST_TEST(y == want);
        }
        k = std::move(m);
        BOOST_TEST(s.snapshot() == before);
        BOOST_TEST(k.compute(paper_p, paper_t) == want);
        BOOST_TEST(m.compute(paper_p, paper_t) == want);
        t.destroy();
        s.destroy();
        BOOST_TEST(nonzero(s.snapshot(), sched) == 0u);
        BOOST_TEST(nonzero(t.snapshot(), sched) == 0u);
      }
    }
  }
}

// The one-shot pac::compute's per-thread key cache (pac/key_cache.hpp): a replaced entry holds
// only the new key's schedule, and at thread exit every cached schedule and remembered key is
// wiped before the thread's memory goes. The observer is a pthread key's destructor: glibc runs
// it after every C++ thread_local destructor of the exiting thread (the cache's wiper among
// them), while the thread's TLS is still there; it inspects the cache's raw bytes then. A PAC
// call from there still computes, and caches nothing more.
namespace pac_cache_check {  // named: the data-driven case's lambdas capture these types
struct findings {
  std::size_t nonzero_keys = ~std::size_t{0};
  bool closed = false, late_call_right = false, late_cached = true;
};
inline void observe(void* arg) {
  auto* out = static_cast<findings*>(arg);
  const fd::pac_key_cache& c = fd::pac_cache;
  const auto* p = reinterpret_cast<const std::byte*>(&c);
  __asm__ __volatile__("" : : "r"(p) : "memory");
  const bytes raw(p, p + sizeof c);
  // every schedule and key byte zero (the slots' algorithm bytes read 0xFF, "empty")
  out->nonzero_keys = 0;
  for (const auto& e : c.e) {
    const auto base = static_cast<std::size_t>(reinterpret_cast<const std::byte*>(&e) - p);
    out->nonzero_keys += nonzero(raw, {base, base + offsetof(fd::pac_key_cache::entry, alg)});
  }
  for (const auto& k : c.seen) {
    const auto base = static_cast<std::size_t>(reinterpret_cast<const std::byte*>(&k) - p);
    out->nonzero_keys += nonzero(raw, {base, base + offsetof(fd::pac_key_cache::seen_key, alg)});
  }
  out->closed = c.closed;
  bool right = true;
  for (int i = 0; i < 3; ++i)
    right =
        right && fp::pac::compute(fp::pac::algorithm::qarma5, paper_p, paper_t, paper_key) == paper_want[0];
  out->late_call_right = right;
  out->late_cached = c.e[0].alg != fd::pac_key_cache::empty || c.e[1].alg != fd::pac_key_cache::empty;
}
}  // namespace pac_cache_check

BOOST_DATA_TEST_CASE(pac_one_shot_cache_wiped, bdata::make(usable<primitive::pac>()), b) {
  fastprim_test::pinned<primitive::pac> pin{b};
  // replacement: three keys in turn through two entries; the evicted key's bytes are gone
  {
    fd::pac_cache.clear();
    const fp::pac::key k1{0x8b05a29ddcf5ca7c, 0x1aff769e75aa85bd}, k2{0x3c5e71a0d2b4f968, 0x9e0f2d4c6b8a1735},
        k3{0x5a17c3e9b2d04f86, 0xe4b97a2c0d6f1853};
    for (const fp::pac::key& k : {k1, k1, k2, k2, k3, k3})
      (void)fp::pac::compute(fp::pac::algorithm::qarma5, paper_p, paper_t, k);
    const auto* p = reinterpret_cast<const std::byte*>(&fd::pac_cache);
    const bytes raw(p, p + sizeof fd::pac_cache);
    auto word = [](std::uint64_t w) {
      bytes v(8);
      std::memcpy(v.data(), &w, 8);
      return v;
    };
    BOOST_TEST(!contains(raw, word(k1.lo)));
    BOOST_TEST(!contains(raw, word(k1.hi)));
    BOOST_TEST(contains(raw, word(k3.lo)));  // the inspection sees a cached key
    fd::pac_cache.clear();
    const bytes cleared(p, p + sizeof fd::pac_cache);
    BOOST_TEST(!contains(cleared, word(k3.lo)));
    BOOST_TEST(!contains(cleared, word(k3.hi)));
  }
  // thread exit. Not under qemu-user (the cross build): there the new thread of this case never
  // starts (qemu-aarch64 7.2 spins at 2 threads); the wiping at thread exit is portable code, checked
  // natively.
#if FASTPRIM_TEST_EMULATED
  BOOST_TEST_MESSAGE("pac_one_shot_cache_wiped: the thread-exit part runs natively only");
  return;
#endif
  pac_cache_check::findings seen;
  bool both_cached = false;
  pthread_key_t observer;
  BOOST_TEST_REQUIRE(pthread_key_create(&observer, &pac_cache_check::observe) == 0);
  std::thread t([&] {  // (no BOOST_TEST in this thread: Boost.Test is not thread-safe)
    pthread_setspecific(observer, &seen);
    const fp::pac::key k{0x0123456789abcdef, 0xfedcba9876543210};
    for (fp::pac::algorithm alg : {fp::pac::algorithm::qarma5, fp::pac::algorithm::qarma3})
      for (int i = 0; i < 3; ++i) (void)fp::pac::compute(alg, paper_p, paper_t, k);
    (void)fp::pac::compute(fp::pac::algorithm::qarma5, paper_p, paper_t, paper_key);  // remembered
    both_cached = fd::pac_cache.e[0].alg != fd::pac_key_cache::empty &&
                  fd::pac_cache.e[1].alg != fd::pac_key_cache::empty;
  });
  t.join();
  pthread_key_delete(observer);
  BOOST_TEST(both_cached);
  BOOST_TEST(seen.nonzero_keys == 0u);
  BOOST_TEST(seen.closed);
  BOOST_TEST(seen.late_call_right);
  BOOST_TEST(!seen.late_cached);
}

// ---- XXH64 ---------------------------------------------------------------------------------------

BOOST_DATA_TEST_CASE(xxh64_state_destroy_reset_move, bdata::make(usable<primitive::xxh64>()), b) {
  fastprim_test::pinned<primitive::xxh64> pin{b};
  constexpr std::uint64_t seed = 0x9E3779B97F4A7C15u, seed2 = 0x0123456789abcdefu;
  const bytes msg = pattern(45, 3), more = pattern(700, 9);  // one stripe and 13 bytes buffered
  const bytes tail(msg.begin() + 32, msg.end());
  auto fresh = [](std::uint64_t s0) {
    slot<fp::xxh64_state> f;
    f.emplace(s0);
    const bytes r = f.snapshot();
    f.destroy();
    return r;
  };
  {
    slot<fp::xxh64_state> s;
    s.emplace(seed).update(sp(msg));
    BOOST_TEST_REQUIRE(contains(s.snapshot(), tail));
    s.destroy();
    BOOST_TEST(nonzero(s.snapshot(), {0, sizeof(fp::xxh64_state)}) == 0u);
  }
  {
    slot<fp::xxh64_state> s;
    fp::xxh64_state& h = s.emplace(seed);
    h.update(sp(msg));
    h.reset(seed2);
    BOOST_TEST(s.snapshot() == fresh(seed2));
    h.update(sp(more));
    BOOST_TEST(h.digest() == XXH64(more.data(), more.size(), seed2));
    s.destroy();
  }
  // moving: the source keeps its seed and stream, untouched; destroying each wipes it
  {
    slot<fp::xxh64_state> s, t;
    fp::xxh64_state& h = s.emplace(seed);
    h.update(sp(msg));
    const bytes before = s.snapshot();
    fp::xxh64_state& g = t.emplace(std::move(h));
    BOOST_TEST(s.snapshot() == before);
    BOOST_TEST(t.snapshot() == before);
    BOOST_TEST(h.digest() == XXH64(msg.data(), msg.size(), seed));
    g.update(sp(more));
    const bytes all = cat(msg, more);
    BOOST_TEST(g.digest() == XXH64(all.data(), all.size(), seed));
    h = std::move(g);
    BOOST_TEST(s.snapshot() == t.snapshot());
    BOOST_TEST(h.digest() == XXH64(all.data(), all.size(), seed));
    BOOST_TEST(g.digest() == XXH64(all.data(), all.size(), seed));
    t.destroy();
    s.destroy();
    BOOST_TEST(nonzero(s.snapshot(), {0, sizeof(fp::xxh64_state)}) == 0u);
    BOOST_TEST(nonzero(t.snapshot(), {0, sizeof(fp::xxh64_state)}) == 0u);
  }
}

BOOST_AUTO_TEST_SUITE_END()
