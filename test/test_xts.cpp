// test/test_xts.cpp: AES-XTS (IEEE Std 1619, NIST SP 800-38E) with AES-128 and AES-256: data units
// of any length (ciphertext stealing) and dm-crypt plain64 sectors, on every AES-XTS backend this
// build and CPU can run. Expected values come from outside the code under test:
//  * NIST CAVP XTSGenAES{128,256}.rsp in both folders of python3-cryptography-vectors
//    (ciphers/AES/XTS/tweak-128hexstr: the tweak as 16 bytes; tweak-dataunitseqno: the data unit
//    sequence number, 16 little-endian bytes). The records whose DataUnitLen is not a multiple of
//    8 bits (IEEE 1619 allows bit lengths; fastprim takes bytes) are skipped and counted.
//  * OpenSSL libcrypto (EVP aes-{128,256}-xts) for differential tests on random keys, tweaks and
//    lengths, and per sector for encrypt_sectors.
//  * For the kernels' returned tweak: multiplication by alpha written here bit by bit on a 128-bit
//    integer (IEEE 1619 5.2).
#define BOOST_TEST_MODULE xts
#include <openssl/evp.h>

#include <algorithm>
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "fastprim/aes_xts.hpp"
#include "support/backends.hpp"
#include "support/cavp.hpp"
#include "support/guarded.hpp"
#include "support/openssl_ref.hpp"
#include "support/random.hpp"

namespace {

namespace bdata = boost::unit_test::data;
using fastprim::aes_xts;
using fastprim::backend;
using fastprim::errc;
using fastprim_test::from_hex;
using fastprim_test::hex;
using fastprim_test::random_bytes;
using bytes = std::vector<std::byte>;
using cspan = std::span<const std::byte>;
using mspan = std::span<std::byte>;

// Every backend usable here (under FASTPRIM_BACKEND=scalar: what dispatch picks).
const std::vector<backend> backends = fastprim::detail::usable_backends<fastprim::primitive::aes_xts>();

aes_xts make(cspan key, backend b) {
  auto r = aes_xts::create(key, b);
  BOOST_REQUIRE_MESSAGE(r.has_value(), r.message());
  BOOST_REQUIRE(r->backend() == b);
  BOOST_REQUIRE(r->key_size() == key.size());
  return *r;
}

void require(const fastprim::result<void>& r) { BOOST_TEST_REQUIRE(r.has_value(), r.message()); }

// A random XTS key whose halves differ.
bytes xts_key(std::size_t n, std::uint64_t seed) { return random_bytes(n, seed); }

// The plain64 tweak of sector s: 8 little-endian bytes, then 8 zero bytes.
bytes plain64(std::uint64_t s) {
  bytes t(16);
  for (int i = 0; i < 8; ++i) t[i] = std::byte(s >> (8 * i));
  return t;
}

bytes ossl_xts(cspan key, cspan tweak, cspan in, bool enc) {
  return fastprim_test::openssl_xts(key, tweak, in, enc);
}

BOOST_AUTO_TEST_SUITE(xts)

BOOST_AUTO_TEST_CASE(backends_found) {
  BOOST_TEST_MESSAGE("AES-XTS backends here:");
  for (backend b : backends) BOOST_TEST_MESSAGE("  " << b);
  BOOST_TEST(!backends.empty());
  BOOST_TEST((std::find(backends.begin(), backends.end(), backend::scalar) != backends.end()));
  auto x = aes_xts::create(xts_key(32, 1));
  BOOST_REQUIRE(x.has_value());
  // create() binds the first usable backend of the best-first order (the forced one under
  // FASTPRIM_BACKEND).
  BOOST_TEST(x->backend() == backends.front());
}

// ---- NIST CAVP -----------------------------------------------------------------------------------
// [ENCRYPT] records: encrypt(PT) is CT, out of place and in place; [DECRYPT] records: decrypt(CT)
// is PT. With a DataUnitSeqNumber, the same through encrypt_sectors / decrypt_sectors (one sector
// of the record's length) and through the 16-byte little-endian tweak.
BOOST_DATA_TEST_CASE(nist_cavp, bdata::make(backends), b) {
  std::size_t run = 0, skipped = 0, by_sector = 0, stolen = 0;
  for (const char* dir : {"tweak-128hexstr", "tweak-dataunitseqno"})
    for (int bits : {128, 256}) {
      const std::string file =
          std::string("ciphers/AES/XTS/") + dir + "/XTSGenAES" + std::to_string(bits) + ".rsp";
      for (const auto& r : fastprim_test::read_cavp(file)) {
        const unsigned long dul = std::stoul(r.fields.at("DataUnitLen"));
        if (dul % 8 != 0) {
          ++skipped;
          continue;
        }
        const bytes key = r.bytes("Key"), pt = r.bytes("PT"), ct = r.bytes("CT");
        BOOST_REQUIRE(key.size() == std::size_t(bits / 4));
        BOOST_REQUIRE(pt.size() == dul / 8 && ct.size() == pt.size());
        const bool seq = r.fields.count("DataUnitSeqNumber") != 0;
        const std::uint64_t s = seq ? std::stoull(r.fields.at("DataUnitSeqNumber")) : 0;
        const bytes tweak = seq ? plain64(s) : r.bytes("i");
        const bool enc = r.section.count("ENCRYPT") != 0;
        BOOST_REQUIRE(enc != (r.section.count("DECRYPT") != 0));
        const aes_xts x = make(key, b);
        const bytes& in = enc ? pt : ct;
        const bytes& want = enc ? ct : pt;
        bytes out(in.size());
        require(enc ? x.encrypt(tweak, in, out) : x.decrypt(tweak, in, out));
        BOOST_TEST(hex(out) == hex(want), file << " COUNT " << r.count);
        bytes io = in;
        require(enc ? x.encrypt(tweak, io, io) : x.decrypt(tweak, io, io));
        BOOST_TEST(hex(io) == hex(want), file << " COUNT " << r.count << " in place");
        if (seq) {
          bytes o2(in.size());
          require(enc ? x.encrypt_sectors(s, in.size(), in, o2) : x.decrypt_sectors(s, in.size(), in, o2));
          BOOST_TEST(hex(o2) == hex(want), file << " COUNT " << r.count << " as a sector");
          ++by_sector;
        }
        stolen += in.size() % 16 != 0;
        ++run;
      }
    }
  // Four files of 1000 records (500 [ENCRYPT], 500 [DECRYPT]); their headers list the data unit
  // lengths: AES-128 128 256 130 200 256 bits, AES-256 256 384 140 250 384 bits, 200 records each.
  BOOST_TEST(run == 2800u);
  BOOST_TEST(skipped == 1200u);
  BOOST_TEST(by_sector == 1400u);
  BOOST_TEST(stolen == 400u);  // 200 bits = 25 bytes: ciphertext stealing
}

// ---- against OpenSSL -----------------------------------------------------------------------------
// Every length 16..600 (every stealing case, every position in the backends' block groups), then
// random lengths to 70000, both key sizes, out of place and in place, both directions.
void differential(backend b, std::size_t n, std::uint64_t seed) {
  for (std::size_t ks : {32u, 64u}) {
    const bytes key = xts_key(ks, seed), tweak = random_bytes(16, seed + 1), pt = random_bytes(n, seed + 2);
    const aes_xts x = make(key, b);
    const bytes ct = ossl_xts(key, tweak, pt, true);
    bytes out(n);
    require(x.encrypt(tweak, pt, out));
    BOOST_TEST_REQUIRE(hex(out) == hex(ct), "encrypt, length " << n << ", key " << ks);
    bytes io = ct;
    require(x.decrypt(tweak, io, io));
    BOOST_TEST_REQUIRE(hex(io) == hex(pt), "decrypt in place, length " << n << ", key " << ks);
    io = pt;
    require(x.encrypt(tweak, io, io));
    BOOST_TEST_REQUIRE(hex(io) == hex(ct), "encrypt in place, length " << n << ", key " << ks);
    require(x.decrypt(tweak, ct, out));
    BOOST_TEST_REQUIRE(hex(out) == hex(pt), "decrypt, length " << n << ", key " << ks);
  }
}

BOOST_DATA_TEST_CASE(differential_every_length, bdata::make(backends), b) {
  for (std::size_t n = 16; n <= 600; ++n) differential(b, n, 1000 + n);
}

BOOST_DATA_TEST_CASE(differential_long, bdata::make(backends), b) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 24; ++i) differential(b, 16 + rng() % (70000 - 16 + 1), 5000 + i);
  for (std::size_t n : {4096u, 65536u, 65536u + 15, 70000u}) differential(b, n, n);
}

// Data that starts right after, or ends right before, an inaccessible page: every length 16..300,
// every placement of `in` and `out`, both directions. A read or write past a buffer faults; the
// tail's masked windows that reach the guard pages take the page-edge path.
BOOST_DATA_TEST_CASE(page_edges, bdata::make(backends), b) {
  const fastprim_test::guarded gi, go;
  for (std::size_t n = 16; n <= 300; ++n) {
    const bytes key = xts_key(n % 2 == 0 ? 32 : 64, 9000 + n), tweak = random_bytes(16, 9001 + n),
                pt = random_bytes(n, 9002 + n);
    const aes_xts x = make(key, b);
    const bytes ct = ossl_xts(key, tweak, pt, true);
    for (int place = 0; place < 4; ++place) {
      const std::span<std::byte> in = place & 1 ? gi.at_end(n) : gi.at_start(n);
      const std::span<std::byte> out = place & 2 ? go.at_end(n) : go.at_start(n);
      std::copy(pt.begin(), pt.end(), in.begin());
      require(x.encrypt(tweak, in, out));
      BOOST_TEST_REQUIRE(hex(out) == hex(ct), "encrypt, length " << n << ", placement " << place);
      require(x.decrypt(tweak, out, in));
      BOOST_TEST_REQUIRE(hex(in) == hex(pt), "decrypt, length " << n << ", placement " << place);
    }
  }
}

// ---- sectors: each one a data unit with the plain64 tweak of its number -----------------------------
BOOST_DATA_TEST_CASE(sectors, bdata::make(backends), b) {
  struct run {
    std::uint64_t first;
    std::size_t size, count;
  };
  // Sizes with and without stealing; counts across the driver's batch of 32 tweaks; sector numbers
  // that wrap modulo 2^64 as plain64 does. Multiples of 512 bytes take the units kernel where the
  // backend has one (x86_vaes), the others one data unit at a time.
  const run runs[] = {{0, 512, 1},
                      {7, 512, 33},
                      {1000, 4096, 64},
                      {11, 1536, 35},
                      {5, 16, 70},
                      {123, 520, 40},
                      {9, 17, 3},
                      {0, 4096, 0},
                      {~std::uint64_t{0} - 2, 512, 6},
                      {std::uint64_t{1} << 32, 1000, 2}};
  for (std::size_t ks : {32u, 64u})
    for (const run& r : runs) {
      const bytes key = xts_key(ks, r.first + r.size), pt = random_bytes(r.size * r.count, r.size + r.count);
      const aes_xts x = make(key, b);
      bytes want;
      for (std::size_t i = 0; i < r.count; ++i) {
        const bytes c = ossl_xts(key, plain64(r.first + i), cspan(pt).subspan(i * r.size, r.size), true);
        want.insert(want.end(), c.begin(), c.end());
      }
      bytes out(pt.size());
      require(x.encrypt_sectors(r.first, r.size, pt, out));
      BOOST_TEST(hex(out) == hex(want), "first " << r.first << " size " << r.size << " count " << r.count);
      bytes io = want;
      require(x.decrypt_sectors(r.first, r.size, io, io));
      BOOST_TEST(hex(io) == hex(pt), "decrypt in place, first " << r.first << " size " << r.size);
    }
}

// ---- the kernels' contract: the tweak after n blocks is T * alpha^n ---------------------------------
using u128 = unsigned __int128;
u128 load_le128(cspan t) {
  u128 v = 0;
  for (int i = 15; i >= 0; --i) v = v << 8 | std::to_integer<unsigned>(t[i]);
  return v;
}
u128 times_alpha(u128 v) {
  const bool top = (v >> 127) != 0;
  v <<= 1;
  if (top) v ^= 0x87;
  return v;
}

BOOST_DATA_TEST_CASE(kernel_returns_next_tweak, bdata::make(backends), b) {
  const auto* k = fastprim::detail::kernels_for<fastprim::primitive::aes_xts>(b);
  BOOST_REQUIRE(k != nullptr);
  for (std::size_t ks : {32u, 64u}) {
    const aes_xts x = make(xts_key(ks, 99), b);
    const bytes key = xts_key(ks, 99);
    fastprim::detail::aes_round_keys rk{};
    k->aes->expand_key(rk, key.data(), ks / 2);
    const auto& m = k->by_rounds[fastprim::detail::rounds_index(rk.rounds)];
    for (std::size_t n = 0; n <= 70; ++n) {
      // A tweak with bit 127 set, so that the fold happens at once, and random ones.
      for (std::uint64_t seed : {0u, 1u, 2u}) {
        bytes t = random_bytes(16, seed + 100 * n);
        if (seed == 0) t[15] |= std::byte{0x80};
        u128 want = load_le128(t);
        for (std::size_t i = 0; i < n; ++i) want = times_alpha(want);
        const bytes in = random_bytes(16 * n, n);
        bytes out(16 * n), te = t, td = t;
        m.encrypt(rk, te.data(), in.data(), out.data(), n);
        BOOST_TEST((load_le128(te) == want), "encrypt, " << n << " blocks");
        m.decrypt(rk, td.data(), in.data(), out.data(), n);
        BOOST_TEST((load_le128(td) == want), "decrypt, " << n << " blocks");
      }
    }
  }
}

// ---- misuse: a clear error, the output untouched ------------------------------------------------------
BOOST_DATA_TEST_CASE(misuse, bdata::make(backends), b) {
  for (std::size_t n : {0u, 16u, 24u, 31u, 33u, 48u, 63u, 65u, 128u}) {
    BOOST_TEST((aes_xts::create(bytes(n, std::byte{1}), b).code() == errc::bad_key_length), "key " << n);
    BOOST_TEST((aes_xts::create(random_bytes(n, n)).code() == errc::bad_key_length), "key " << n);
  }
  // Equal halves (Linux xts_verify_key): refused; one differing bit anywhere is accepted.
  for (std::size_t n : {32u, 64u}) {
    const bytes half = random_bytes(n / 2, n);
    bytes k = half;
    k.insert(k.end(), half.begin(), half.end());
    auto r = aes_xts::create(k, b);
    BOOST_TEST((r.code() == errc::weak_key));
    BOOST_TEST(std::string(r.message()).find("equal") != std::string::npos);
    for (std::size_t i = 0; i < n; i += 7) {
      bytes k2 = k;
      k2[i] ^= std::byte{0x10};
      BOOST_TEST(aes_xts::create(k2, b).has_value(), "bit flipped at " << i);
    }
  }
  const aes_xts x = make(xts_key(64, 3), b);
  const bytes tweak(16, std::byte{5}), in(100, std::byte{7});
  const bytes untouched(100, std::byte{0xee});
  bytes out = untouched;
  for (std::size_t t : {0u, 8u, 12u, 15u, 17u, 32u}) {
    BOOST_TEST((x.encrypt(bytes(t), in, out).code() == errc::bad_iv_length), "tweak " << t);
    BOOST_TEST((x.decrypt(bytes(t), in, out).code() == errc::bad_iv_length), "tweak " << t);
  }
  for (std::size_t n : {0u, 1u, 15u}) {
    BOOST_TEST((x.encrypt(tweak, cspan(in).first(n), out).code() == errc::bad_length), "length " << n);
    BOOST_TEST((x.decrypt(tweak, cspan(in).first(n), out).code() == errc::bad_length), "length " << n);
  }
  BOOST_TEST((x.encrypt(tweak, in, mspan(out).first(99)).code() == errc::short_output));
  BOOST_TEST((x.encrypt(tweak, cspan(out).first(50), mspan(out).subspan(1, 50)).code() == errc::overlap));
  BOOST_TEST((x.encrypt(tweak, cspan(static_cast<const std::byte*>(nullptr), 32), out).code() ==
              errc::null_pointer));
  BOOST_TEST(out == untouched);
  // A data unit is at most 2^20 blocks (IEEE 1619 5.1); the check comes before any work.
  {
    bytes big(aes_xts::max_data_unit + 1);
    BOOST_TEST((x.encrypt(tweak, big, big).code() == errc::bad_length));
    bytes ok(aes_xts::max_data_unit);
    require(x.encrypt(tweak, cspan(big).first(16), mspan(ok).first(16)));
  }
  // Sectors: a size of 16 bytes to 16 MiB, and a whole number of them.
  for (std::size_t s : {0u, 1u, 15u}) {
    BOOST_TEST((x.encrypt_sectors(0, s, in, out).code() == errc::bad_length), "sector size " << s);
    BOOST_TEST((x.decrypt_sectors(0, s, in, out).code() == errc::bad_length), "sector size " << s);
  }
  BOOST_TEST((x.encrypt_sectors(0, 32, in, out).code() == errc::bad_length));  // 100 = 3 x 32 + 4
  BOOST_TEST((x.encrypt_sectors(0, aes_xts::max_data_unit + 16, in, out).code() == errc::bad_length));
  BOOST_TEST((x.encrypt_sectors(0, 20, in, mspan(out).first(80)).code() == errc::short_output));
  BOOST_TEST(
      (x.encrypt_sectors(0, 20, cspan(out).first(60), mspan(out).subspan(4, 60)).code() == errc::overlap));
  BOOST_TEST(out == untouched);
  // Every error names its cause.
  BOOST_TEST(std::string(x.encrypt(bytes(3), in, out).message()).find("tweak") != std::string::npos);
  BOOST_TEST(std::string(x.encrypt_sectors(0, 15, in, out).message()).find("sector") != std::string::npos);
}

// Copies and moved-from objects: moving copies (error.hpp), so both compute with the key.
BOOST_DATA_TEST_CASE(copies_and_moved_from, bdata::make(backends), b) {
  const bytes key = xts_key(32, 11), tweak = random_bytes(16, 12), pt = random_bytes(77, 13);
  const bytes want = ossl_xts(key, tweak, pt, true);
  aes_xts a = make(key, b);
  aes_xts c = a;
  aes_xts m = std::move(a);
  for (const aes_xts* x : {&a, &c, &m}) {
    bytes out(pt.size());
    require(x->encrypt(tweak, pt, out));
    BOOST_TEST(hex(out) == hex(want));
    BOOST_TEST(x->backend() == b);
  }
}

BOOST_AUTO_TEST_CASE(unavailable_backends) {
  fastprim_test::check_aes_mode_backends<fastprim::primitive::aes_xts>(
      [](backend b) { return aes_xts::create(xts_key(32, 1), b); });
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
