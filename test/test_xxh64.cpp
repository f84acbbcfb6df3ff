// XXH64: every backend against libxxhash (an independent implementation), one-shot, streaming,
// batch and constant evaluation.
#define BOOST_TEST_MODULE xxh64
#include <sys/mman.h>
#include <unistd.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <fastprim/xxh64.hpp>
#include <random>
#include <string_view>

#include "support/backends.hpp"
#include "support/random.hpp"

namespace bdata = boost::unit_test::data;
using fastprim::primitive;
using fastprim_test::pinned;

// Constant evaluation; the expected values are libxxhash's (xxhsum -H1 of the same inputs).
static_assert(fastprim::xxh64(std::string_view("")) == 0xef46db3751d8e999ull);
static_assert(fastprim::xxh64(std::string_view("abc")) == 0x44bc2cf5ad770999ull);
static_assert(fastprim::xxh64(std::string_view("Nobody inspects the spammish repetition")) ==
              0xfbcea83c8a378bf1ull);
static_assert(fastprim::xxh64(std::string_view("abc"), 1) != fastprim::xxh64(std::string_view("abc"), 0));
// A string literal hashes as a C string (no NUL), the same as its string_view (libxxhash's value).
static_assert(fastprim::xxh64("abc") == 0x44bc2cf5ad770999ull);
static_assert(fastprim::xxh64("abc", 1) == fastprim::xxh64(std::string_view("abc"), 1));

BOOST_AUTO_TEST_SUITE(xxh64)

namespace {
constexpr std::array<std::uint64_t, 4> seeds{0, 1, 0x9E3779B185EBCA87ull, ~0ull};

// A long constant message evaluated at compile time, compared with libxxhash at run time.
constexpr std::array<unsigned char, 200> ramp = [] {
  std::array<unsigned char, 200> a{};
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<unsigned char>(i * 7 + 3);
  return a;
}();
constexpr std::uint64_t ramp_hash = fastprim::xxh64(std::span<const unsigned char>(ramp), 42);
}  // namespace

BOOST_AUTO_TEST_CASE(constexpr_matches_runtime_and_libxxhash) {
  BOOST_TEST(ramp_hash == XXH64(ramp.data(), ramp.size(), 42));
  BOOST_TEST(fastprim::xxh64(std::span<const unsigned char>(ramp), 42) == ramp_hash);
}

BOOST_DATA_TEST_CASE(every_length_to_4160, fastprim_test::backends<primitive::xxh64>(), b) {
  pinned<primitive::xxh64> pin{b};
  const auto buf = fastprim_test::random_bytes(4160, 1);
  for (std::uint64_t seed : seeds)
    for (std::size_t n = 0; n <= buf.size(); ++n)
      BOOST_TEST_REQUIRE(fastprim::xxh64(std::span(buf.data(), n), seed) == XXH64(buf.data(), n, seed),
                         "length " << n << " seed " << seed);
}

BOOST_DATA_TEST_CASE(overloads_agree, fastprim_test::backends<primitive::xxh64>(), b) {
  pinned<primitive::xxh64> pin{b};
  const std::string s(1000, 'q');
  const auto expect = XXH64(s.data(), s.size(), 5);
  BOOST_TEST(fastprim::xxh64(std::string_view(s), 5) == expect);
  BOOST_TEST(fastprim::xxh64(std::span<const char>(s.data(), s.size()), 5) == expect);
  BOOST_TEST(fastprim::xxh64(std::as_bytes(std::span(s.data(), s.size())), 5) == expect);
}

BOOST_DATA_TEST_CASE(random_lengths_and_alignments, fastprim_test::backends<primitive::xxh64>(), b) {
  pinned<primitive::xxh64> pin{b};
  const auto buf = fastprim_test::random_bytes((2u << 20) + 64, 2);
  std::mt19937_64 rng(3);
  for (int i = 0; i < 60; ++i) {
    const std::size_t off = rng() % 64, len = rng() % (2u << 20);
    const std::uint64_t seed = rng();
    BOOST_TEST_REQUIRE(
        fastprim::xxh64(std::span(buf.data() + off, len), seed) == XXH64(buf.data() + off, len, seed),
        "offset " << off << " length " << len);
  }
}

// Each backend's raw stripe kernel, called directly (the public API keeps short inputs on the
// inline scalar loop): every stripe count through several blocks of the vector-assisted
// backends (8-stripe blocks, scalar below 16 stripes, a partial last block), counts around
// block multiples further on, every alignment; the hash around it is compared with libxxhash.
BOOST_DATA_TEST_CASE(kernel_block_and_tail_boundaries, fastprim_test::backends<primitive::xxh64>(), b) {
  const auto* k = fastprim::detail::kernels_for<primitive::xxh64>(b);
  BOOST_TEST_REQUIRE(k != nullptr);
  namespace x = fastprim::detail::xxh64;
  const auto buf = fastprim_test::random_bytes(64 * 1024 + 128, 12);
  std::vector<std::size_t> counts;
  for (std::size_t n = 0; n <= 80; ++n) counts.push_back(n);
  for (std::size_t base : {128u, 256u, 1000u, 2040u})
    for (std::size_t d = 0; d < 17; ++d) counts.push_back(base + d - 8);
  for (std::size_t n : counts)
    for (std::size_t off : {0u, 1u, 7u, 8u, 31u, 32u, 63u}) {
      const std::uint64_t seed = n * 131 + off;
      const std::byte* p = buf.data() + off;
      const std::size_t len = n * x::stripe + off % 32;  // a tail after the stripes too
      std::uint64_t acc[4];
      x::init(acc, seed);
      k->stripes(acc, p, n);
      const std::uint64_t h = n ? x::converge(acc) : seed + x::P5;
      BOOST_TEST_REQUIRE(x::finish(h + len, p + n * x::stripe, len) == XXH64(p, len, seed),
                         "stripes " << n << " offset " << off);
    }
}

// Long updates after a partly filled buffer reach the dispatched kernel at every phase.
BOOST_DATA_TEST_CASE(streaming_long_updates, fastprim_test::backends<primitive::xxh64>(), b) {
  pinned<primitive::xxh64> pin{b};
  const auto buf = fastprim_test::random_bytes(20000, 13);
  for (std::size_t head : {0u, 1u, 17u, 31u, 32u, 33u})
    for (std::size_t body : {511u, 512u, 513u, 767u, 768u, 800u, 1023u, 8192u, 8191u + 256u, 12345u}) {
      const std::size_t len = head + body + 5;
      fastprim::xxh64_state s{head};
      s.update(std::span(buf.data(), head));
      s.update(std::span(buf.data() + head, body));
      s.update(std::span(buf.data() + head + body, 5));
      BOOST_TEST_REQUIRE(s.digest() == XXH64(buf.data(), len, head), "head " << head << " body " << body);
    }
}

BOOST_DATA_TEST_CASE(streaming_every_split, fastprim_test::backends<primitive::xxh64>(), b) {
  pinned<primitive::xxh64> pin{b};
  const auto buf = fastprim_test::random_bytes(700, 4);
  for (std::size_t len : {0u, 31u, 32u, 33u, 100u, 700u}) {
    const auto expect = XXH64(buf.data(), len, 9);
    for (std::size_t cut = 0; cut <= len; ++cut) {
      fastprim::xxh64_state s{9};
      s.update(std::span(buf.data(), cut));
      s.update(std::span(buf.data() + cut, len - cut));
      BOOST_TEST_REQUIRE(s.digest() == expect, "length " << len << " split at " << cut);
    }
  }
}

BOOST_DATA_TEST_CASE(streaming_random_splits_and_bytewise, fastprim_test::backends<primitive::xxh64>(), b) {
  pinned<primitive::xxh64> pin{b};
  const auto buf = fastprim_test::random_bytes(100000, 5);
  std::mt19937_64 rng(6);
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t len = rng() % buf.size();
    fastprim::xxh64_state s{static_cast<std::uint64_t>(trial)};
    for (std::size_t pos = 0; pos < len;) {
      const std::size_t step = std::min<std::size_t>(len - pos, rng() % (trial % 2 ? 100 : 5000));
      s.update(std::span(buf.data() + pos, step));
      pos += step;
    }
    BOOST_TEST_REQUIRE(s.digest() == XXH64(buf.data(), len, trial), "trial " << trial << " length " << len);
  }
  fastprim::xxh64_state bytewise{77};
  for (std::size_t i = 0; i < 1000; ++i) bytewise.update(std::span(buf.data() + i, 1));
  BOOST_TEST(bytewise.digest() == XXH64(buf.data(), 1000, 77));
  // digest() is const and the state goes on; reset() starts again with a new seed.
  bytewise.update(std::span(buf.data() + 1000, 24));
  BOOST_TEST(bytewise.digest() == XXH64(buf.data(), 1024, 77));
  bytewise.reset(3);
  BOOST_TEST(bytewise.digest() == XXH64(nullptr, 0, 3));
}

BOOST_DATA_TEST_CASE(batch_mixed_lengths, fastprim_test::backends<primitive::xxh64_batch>(), b) {
  pinned<primitive::xxh64_batch> pin{b};
  const auto buf = fastprim_test::random_bytes(70000, 7);
  std::mt19937_64 rng(8);
  for (std::size_t count : {0u, 1u, 2u, 3u, 7u, 8u, 9u, 16u, 33u, 257u}) {
    std::vector<std::span<const std::byte>> in;
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t kind = rng() % 4;
      const std::size_t len = kind == 0   ? rng() % 40
                              : kind == 1 ? 32
                              : kind == 2 ? rng() % 300
                                          : rng() % 5000;
      const std::size_t off = rng() % (buf.size() - len);
      in.emplace_back(buf.data() + off, len);
    }
    for (std::uint64_t seed : seeds) {
      std::vector<std::uint64_t> out(count + 1, 0xAAAA);
      BOOST_TEST_REQUIRE(fastprim::xxh64_batch(in, out, seed).has_value());
      for (std::size_t i = 0; i < count; ++i)
        BOOST_TEST_REQUIRE(out[i] == XXH64(in[i].data(), in[i].size(), seed),
                           "count " << count << " input " << i << " length " << in[i].size());
      BOOST_TEST(out[count] == 0xAAAAu);  // nothing written past the inputs
    }
  }
  // Every length 0..300, all in one batch.
  std::vector<std::span<const std::byte>> in;
  for (std::size_t len = 0; len <= 300; ++len) in.emplace_back(buf.data() + len, len);
  std::vector<std::uint64_t> out(in.size());
  BOOST_TEST_REQUIRE(fastprim::xxh64_batch(in, out, 11).has_value());
  for (std::size_t i = 0; i < in.size(); ++i)
    BOOST_TEST_REQUIRE(out[i] == XXH64(in[i].data(), in[i].size(), 11));
}

// Whole groups of equal lengths take the unmasked path.
BOOST_DATA_TEST_CASE(batch_equal_lengths, fastprim_test::backends<primitive::xxh64_batch>(), b) {
  pinned<primitive::xxh64_batch> pin{b};
  const auto buf = fastprim_test::random_bytes(40000, 10);
  for (std::size_t len = 1; len <= 200; ++len) {
    std::vector<std::span<const std::byte>> in;
    for (std::size_t i = 0; i < 19; ++i) in.emplace_back(buf.data() + i * 201 + (len % 7), len);
    std::vector<std::uint64_t> out(in.size());
    BOOST_TEST_REQUIRE(fastprim::xxh64_batch(in, out, len).has_value());
    for (std::size_t i = 0; i < in.size(); ++i)
      BOOST_TEST_REQUIRE(out[i] == XXH64(in[i].data(), len, len), "length " << len << " input " << i);
  }
}

// Runs of equal lengths of every count up to 80 (the AVX-512 backends hash eight inputs per
// vector and interleave up to four vectors), each run followed by inputs of other lengths, at
// lengths 0..64 around one stripe and at odd byte offsets.
BOOST_DATA_TEST_CASE(batch_runs_of_equal_lengths, fastprim_test::backends<primitive::xxh64_batch>(), b) {
  pinned<primitive::xxh64_batch> pin{b};
  const auto buf = fastprim_test::random_bytes(20000, 12);
  std::mt19937_64 rng(13);
  for (std::size_t len = 0; len <= 64; ++len) {
    for (std::size_t run : {1u, 7u, 8u, 9u, 15u, 16u, 17u, 24u, 31u, 32u, 33u, 40u, 47u, 64u, 65u, 80u}) {
      std::vector<std::span<const std::byte>> in;
      for (std::size_t i = 0; i < run; ++i) in.emplace_back(buf.data() + 1 + rng() % 9000, len);
      // Then one different length, a second run, and a group that ends with a different length.
      in.emplace_back(buf.data() + 3, (len + 1) % 65);
      for (std::size_t i = 0; i < run % 17 + 8; ++i) in.emplace_back(buf.data() + 5 + 67 * i, len);
      for (std::size_t i = 0; i < 7; ++i) in.emplace_back(buf.data() + 9000 + 3 * i, len);
      in.emplace_back(buf.data() + 7, len + 3);
      std::vector<std::uint64_t> out(in.size() + 1, 0x5555);
      const std::uint64_t seed = rng();
      BOOST_TEST_REQUIRE(fastprim::xxh64_batch(in, out, seed).has_value());
      for (std::size_t i = 0; i < in.size(); ++i)
        BOOST_TEST_REQUIRE(
            out[i] == XXH64(in[i].data(), in[i].size(), seed),
            "length " << len << " run " << run << " input " << i << " length " << in[i].size());
      BOOST_TEST(out[in.size()] == 0x5555u);  // nothing written past the inputs
    }
  }
}

// Inputs that end exactly where the readable memory ends: the masked tail loads read nothing
// past them (a read past the end would fault on the guard page).
BOOST_DATA_TEST_CASE(batch_inputs_at_the_end_of_a_page, fastprim_test::backends<primitive::xxh64_batch>(),
                     b) {
  pinned<primitive::xxh64_batch> pin{b};
  const long page = sysconf(_SC_PAGESIZE);
  void* map = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  BOOST_TEST_REQUIRE(map != MAP_FAILED);
  auto* base = static_cast<std::byte*>(map);
  BOOST_TEST_REQUIRE(mprotect(base + page, page, PROT_NONE) == 0);
  const auto src = fastprim_test::random_bytes(page, 14);
  std::copy(src.begin(), src.end(), base);
  for (std::size_t len = 0; len <= 100; ++len) {
    std::vector<std::span<const std::byte>> in(16, std::span<const std::byte>(base + page - len, len));
    std::vector<std::uint64_t> out(in.size());
    BOOST_TEST_REQUIRE(fastprim::xxh64_batch(in, out, 21).has_value());
    for (std::size_t i = 0; i < in.size(); ++i) BOOST_TEST_REQUIRE(out[i] == XXH64(in[i].data(), len, 21));
  }
  munmap(map, 2 * page);
}

BOOST_AUTO_TEST_CASE(batch_short_output_is_an_error) {
  const auto buf = fastprim_test::random_bytes(10, 9);
  std::vector<std::span<const std::byte>> in(3, std::span<const std::byte>(buf));
  std::vector<std::uint64_t> out(2);
  auto r = fastprim::xxh64_batch(in, out);
  BOOST_TEST(!r.has_value());
  BOOST_TEST(r.code() == fastprim::errc::short_output);
}

BOOST_AUTO_TEST_SUITE_END()
