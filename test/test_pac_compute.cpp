// ComputePAC (QARMA5, QARMA3, QEMU impdef) and the general QARMA-64: every backend's kernels and
// the public API against the QARMA paper's nine vectors, pac-spec's layer values and round
// traces, real QEMU 7.2 PACGA results (test/data), and each other on a million random inputs.
#define BOOST_TEST_MODULE pac_compute

#include <array>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "fastprim/dispatch.hpp"
#include "fastprim/pac/compute.hpp"
#include "support/backends.hpp"
#include "support/pac_ref.hpp"

namespace bdata = boost::unit_test::data;
namespace pac = fastprim::pac;
namespace qd = fastprim::detail::qarma;
using fastprim::backend;
using fastprim::detail::pac_kernels;
using fastprim::detail::pac_schedule;

namespace {

// The plain reference (nibble loops and tables, pac-spec sections 3-7) and the paper inputs.
namespace ref = fastprim_test::pac_ref;
using ref::paper_key;
using ref::paper_p;
using ref::paper_t;
using ref::paper_vector;
using ref::paper_vectors;

// ---- backends -----------------------------------------------------------------------------------
const pac_kernels* kernels_of(backend b) {
  return fastprim::detail::kernels_for<fastprim::primitive::pac>(b);
}

// Every backend usable here (under FASTPRIM_BACKEND=scalar: what dispatch picks).
std::vector<backend> pac_backends() { return fastprim::detail::usable_backends<fastprim::primitive::pac>(); }

const pac_kernels& kern(backend b) {
  boost::unit_test::framework::add_context(BOOST_TEST_LAZY_MSG("backend " << b), true);
  const pac_kernels* k = kernels_of(b);
  BOOST_TEST_REQUIRE(k != nullptr);
  return *k;
}

constexpr pac::algorithm algorithms[] = {pac::algorithm::qarma5, pac::algorithm::qarma3,
                                         pac::algorithm::impdef};

pac_schedule schedule(pac::algorithm alg, pac::key k) {
  return fastprim::detail::make_pac_schedule(alg, k, true);
}

// ---- QEMU records (pac-spec section 9) ---------------------------------------------------------
struct record {
  std::string op;
  std::uint64_t tcr, key_lo, key_hi, x, y, result;
};

// $FASTPRIM_TEST_DATA_DIR, else the build's -DFASTPRIM_TEST_DATA_DIR="...", else test/data
// beside this source file (the same rule as test_pac_pointer).
std::filesystem::path data_dir() {
  if (const char* d = std::getenv("FASTPRIM_TEST_DATA_DIR")) return d;
#ifdef FASTPRIM_TEST_DATA_DIR
  return FASTPRIM_TEST_DATA_DIR;
#else
  return std::filesystem::path(__FILE__).parent_path() / "data";
#endif
}

std::vector<record> read_records(const std::string& name) {
  std::ifstream in(data_dir() / name);
  BOOST_TEST_REQUIRE(in.good(), "cannot open " << (data_dir() / name));
  std::vector<record> v;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("op ", 0) == 0) continue;
    std::istringstream ss(line);
    record r;
    ss >> r.op >> std::hex >> r.tcr >> r.key_lo >> r.key_hi >> r.x >> r.y >> r.result;
    BOOST_TEST_REQUIRE(!ss.fail(), "bad line: " << line);
    v.push_back(r);
  }
  return v;
}

std::size_t diff_count() {
  const char* e = std::getenv("FASTPRIM_PAC_DIFF_N");  // smaller under slow emulators
  return e ? std::strtoull(e, nullptr, 10) : 1000000;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pac_compute)

// ---- layers, S-boxes and the reference -------------------------------------------------------------

BOOST_AUTO_TEST_CASE(layer_check_values) {  // pac-spec section 4
  constexpr std::uint64_t x = 0x0123456789abcdef;
  BOOST_TEST(qd::permute<qd::cell_shuffle_perm>(x) == 0x0b6da1c75e38f492u);
  BOOST_TEST(qd::permute<qd::cell_inv_shuffle_perm>(x) == 0x05fad827be41639cu);
  BOOST_TEST(qd::permute_cells(x, qd::cell_shuffle_perm) == 0x0b6da1c75e38f492u);
  BOOST_TEST(qd::mix_columns(x) == 0x37bf26ae159d048cu);
  BOOST_TEST(qd::tweak_shuffle(x) == 0xbae701233cd28cabu);
  using S = pac::sbox;
  BOOST_TEST((qd::sub_raw<S::sigma2, false>(x) ^ qd::raw_constant<S::sigma2, false>) == 0xb68fc09e3745d21au);
  BOOST_TEST((qd::sub_raw<S::sigma2, true>(x) ^ qd::raw_constant<S::sigma2, true>) == 0x5ed8ab1926f04c73u);
  BOOST_TEST((qd::sub_raw<S::sigma1, false>(x) ^ qd::raw_constant<S::sigma1, false>) == 0xade6f735980cb124u);
  // the reference's layers
  BOOST_TEST(ref::perm(x, ref::cs) == 0x0b6da1c75e38f492u);
  BOOST_TEST(ref::perm(x, ref::cis) == 0x05fad827be41639cu);
  BOOST_TEST(ref::mix(x) == 0x37bf26ae159d048cu);
  BOOST_TEST(ref::tweak_shuffle(x) == 0xbae701233cd28cabu);
  BOOST_TEST(ref::tweak_inv_shuffle(x) == 0x85676301caef9a27u);
  BOOST_TEST(ref::sub(x, ref::s2) == 0xb68fc09e3745d21au);
  BOOST_TEST(ref::sub(x, ref::s2i) == 0x5ed8ab1926f04c73u);
  BOOST_TEST(ref::sub(x, ref::s1) == 0xade6f735980cb124u);
}

BOOST_AUTO_TEST_CASE(bitsliced_layers_match_reference) {
  std::mt19937_64 rng(7);
  using S = pac::sbox;
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t x = rng();
    BOOST_TEST_REQUIRE((qd::sub_raw<S::sigma0, false>(x) ^ qd::raw_constant<S::sigma0, false>) ==
                       ref::sub(x, ref::s0));
    BOOST_TEST_REQUIRE((qd::sub_raw<S::sigma1, false>(x) ^ qd::raw_constant<S::sigma1, false>) ==
                       ref::sub(x, ref::s1));
    BOOST_TEST_REQUIRE((qd::sub_raw<S::sigma2, false>(x) ^ qd::raw_constant<S::sigma2, false>) ==
                       ref::sub(x, ref::s2));
    BOOST_TEST_REQUIRE((qd::sub_raw<S::sigma2, true>(x) ^ qd::raw_constant<S::sigma2, true>) ==
                       ref::sub(x, ref::s2i));
    BOOST_TEST_REQUIRE(qd::permute<qd::cell_shuffle_perm>(x) == ref::perm(x, ref::cs));
    BOOST_TEST_REQUIRE(qd::permute<qd::cell_inv_shuffle_perm>(x) == ref::perm(x, ref::cis));
    BOOST_TEST_REQUIRE(qd::mix_columns(x) == ref::mix(x));
    BOOST_TEST_REQUIRE(qd::tweak_shuffle(x) == ref::tweak_shuffle(x));
    BOOST_TEST_REQUIRE(ref::tweak_inv_shuffle(ref::tweak_shuffle(x)) == x);
  }
}

BOOST_AUTO_TEST_CASE(reference_round_traces) {  // pac-spec section 5
  std::vector<std::uint64_t> tr;
  const std::uint64_t q5 =
      ref::qarma(paper_p, paper_t, paper_key.hi, paper_key.lo, 5, ref::s2, ref::s2i, &tr);
  const std::vector<std::uint64_t> want5 = {
      0x2c37ac61c1d09e1e, 0xfa5f953953ad77b9, 0x4c8a6ff97c939c48, 0x05561199b8b89557, 0xa016fb0e39f9e12f,
      0xcb69277de872e60b, 0x33056b69ee69e472, 0xb5791305ce4bef69, 0x016c5579aef8cf4b, 0x3a45016cccfaaff8,
      0xc59ce818f8eb51ce, 0xc7653daf2038459b, 0x890c21b1d865e832, 0x088462a4c7f1ac02, 0x57feca6146082e62,
      0x27949575567b83e5, 0x9740798b6b986d7e, 0x025cfbded5b143c1};
  BOOST_TEST(tr == want5, boost::test_tools::per_element());
  BOOST_TEST(q5 == 0xc003b93999b33765u);
  const std::uint64_t q3 = ref::qarma(paper_p, paper_t, paper_key.hi, paper_key.lo, 3, ref::s1, ref::s1, &tr);
  const std::vector<std::uint64_t> want3_x = {0x1f984fd2f2b73525, 0xf95b99b1b2eda1ec, 0xc5071825ce1a2efd};
  const std::vector<std::uint64_t> want3_rest = {0xba0cfd90fa14d974, 0x3b524af823dbd7b0, 0x51ebc2958b1cf3bc,
                                                 0x20b8ead843eccaf5, 0x3ddd1e197b138ed1, 0x0ae8bf269905cd4b};
  BOOST_TEST(std::vector<std::uint64_t>(tr.begin(), tr.begin() + 3) == want3_x,
             boost::test_tools::per_element());
  BOOST_TEST(std::vector<std::uint64_t>(tr.begin() + 6, tr.end()) == want3_rest,
             boost::test_tools::per_element());
  BOOST_TEST(q3 == 0xc8b7fdc1d507b9efu);
  BOOST_TEST(ref::compute(pac::algorithm::impdef, paper_p, paper_t, paper_key) == 0x3f52a54232b357aeu);
}

// ---- every backend -------------------------------------------------------------------------------

BOOST_DATA_TEST_CASE(paper_vectors_all_instances, bdata::make(pac_backends()), b) {
  const pac_kernels& k = kern(b);
  for (const paper_vector& v : paper_vectors) {
    BOOST_TEST_CONTEXT("r=" << v.rounds << " sigma" << unsigned(v.s)) {
      BOOST_TEST(k.qarma64(paper_p, paper_t, paper_key.hi, paper_key.lo, v.rounds, v.s) == v.c);
      const pac_schedule s{fastprim::detail::make_qarma_keys(paper_key.lo, paper_key.hi, v.rounds, v.s),
                           fastprim::detail::make_qarma_simd_keys(paper_key.lo, paper_key.hi, v.rounds),
                           {}};
      BOOST_TEST(k.qarma_any(s, paper_p, paper_t) == v.c);
      std::vector<std::uint64_t> d(37, paper_p), m(37, paper_t), o(37, 0);
      k.qarma_any_batch(s, d.data(), m.data(), o.data(), o.size());
      for (std::uint64_t r : o) BOOST_TEST_REQUIRE(r == v.c);
    }
  }
}

BOOST_DATA_TEST_CASE(paper_inputs_each_algorithm, bdata::make(pac_backends()), b) {
  const pac_kernels& k = kern(b);
  const std::uint64_t want[3] = {0xc003b93999b33765, 0xc8b7fdc1d507b9ef, 0x3f52a54232b357ae};
  for (pac::algorithm alg : algorithms) {
    const pac_schedule s = schedule(alg, paper_key);
    BOOST_TEST(k.single[unsigned(alg)](s, paper_p, paper_t) == want[unsigned(alg)]);
    std::uint64_t o = 0;
    k.batch[unsigned(alg)](s, &paper_p, &paper_t, &o, 1);
    BOOST_TEST(o == want[unsigned(alg)]);
  }
  // pac-spec section 2: the key halves swapped, the classic bug
  const pac_schedule sw = schedule(pac::algorithm::qarma5, {paper_key.hi, paper_key.lo});
  BOOST_TEST(k.single[0](sw, paper_p, paper_t) == 0x99d88f4472f3be39u);
}

// PACGA = ComputePAC(Xn, Xm, APGAKey) & 0xFFFFFFFF00000000 (pac-spec 8.5), real QEMU 7.2 runs.
// The PAC*/AUT*/XPAC* lines need the pointer model and are covered by test_pac_pointer.
namespace {
// The QEMU 7.2 record files with PACGA lines, and the algorithm each ran.
constexpr std::pair<const char*, pac::algorithm> qemu72_files[] = {
    {"pac-qemu72-arch.txt", pac::algorithm::qarma5}, {"pac-qemu72-impdef.txt", pac::algorithm::impdef}};

std::vector<record> pacga_records(const char* file) {
  std::vector<record> v;
  for (const record& r : read_records(file))
    if (r.op == "PACGA") v.push_back(r);
  return v;
}
}  // namespace

BOOST_DATA_TEST_CASE(qemu72_pacga, bdata::make(pac_backends()), b) {
  const pac_kernels& k = kern(b);
  for (const auto& [file, alg] : qemu72_files) {
    BOOST_TEST_CONTEXT(file) {
      std::vector<std::uint64_t> d, m, want, got;
      for (const record& r : pacga_records(file)) {
        const pac_schedule s = schedule(alg, {r.key_lo, r.key_hi});
        BOOST_TEST((k.single[unsigned(alg)](s, r.x, r.y) & 0xFFFFFFFF00000000u) == r.result,
                   std::hex << r.x << " " << r.y);
        std::uint64_t o = 0;
        k.batch[unsigned(alg)](s, &r.x, &r.y, &o, 1);
        BOOST_TEST((o & 0xFFFFFFFF00000000u) == r.result);
        d.push_back(r.x), m.push_back(r.y), want.push_back(r.result);
      }
      BOOST_TEST(d.size() == 169u);  // every PACGA line of the file was read
      // One key, many inputs, through the batch kernel: the paper key with each line's x and y,
      // against the one-call kernel (the line's own key differs per line).
      const pac_schedule s = schedule(alg, paper_key);
      got.resize(d.size());
      k.batch[unsigned(alg)](s, d.data(), m.data(), got.data(), d.size());
      for (std::size_t i = 0; i < d.size(); ++i)
        BOOST_TEST_REQUIRE(got[i] == k.single[unsigned(alg)](s, d[i], m[i]));
    }
  }
}

// Random keys and inputs: the scalar kernels against the plain reference, then every backend's
// single and batch kernels against scalar, on diff_count() inputs per algorithm.
BOOST_DATA_TEST_CASE(differential_random, bdata::make(pac_backends()), b) {
  const pac_kernels& k = kern(b);
  const pac_kernels& sc = *kernels_of(backend::scalar);
  const std::size_t n = diff_count();
  constexpr std::size_t per_key = 4096;
  std::mt19937_64 rng(2024);
  std::vector<std::uint64_t> d(n), m(n), want(n), got(n);
  for (std::size_t i = 0; i < n; ++i) d[i] = rng(), m[i] = rng();
  for (pac::algorithm alg : algorithms) {
    BOOST_TEST_CONTEXT("algorithm " << unsigned(alg)) {
      for (std::size_t base = 0; base < n; base += per_key) {
        const pac::key key{rng(), rng()};
        const pac_schedule s = schedule(alg, key);
        const std::size_t len = std::min(per_key, n - base);
        sc.batch[unsigned(alg)](s, d.data() + base, m.data() + base, want.data() + base, len);
        k.batch[unsigned(alg)](s, d.data() + base, m.data() + base, got.data() + base, len);
        if (b == backend::scalar && base < 16 * per_key)
          for (std::size_t i = base; i < base + 1024 && i < n; ++i)
            BOOST_TEST_REQUIRE(want[i] == ref::compute(alg, d[i], m[i], key));
        for (std::size_t i = base; i < base + len; i += 7)
          BOOST_TEST_REQUIRE(k.single[unsigned(alg)](s, d[i], m[i]) == want[i]);
      }
      BOOST_TEST(got == want);
    }
  }
}

// Batch lengths 0..70, unaligned starts (tails and partial vectors), in place.
BOOST_DATA_TEST_CASE(batch_lengths_tails_in_place, bdata::make(pac_backends()), b) {
  const pac_kernels& k = kern(b);
  std::mt19937_64 rng(5);
  std::vector<std::uint64_t> d(80), m(80);
  for (auto& x : d) x = rng();
  for (auto& x : m) x = rng();
  for (pac::algorithm alg : algorithms) {
    const pac_schedule s = schedule(alg, {rng(), rng()});
    for (std::size_t len = 0; len <= 70; ++len) {
      std::vector<std::uint64_t> out(80, 0x5555), inplace(d);
      k.batch[unsigned(alg)](s, d.data() + 1, m.data() + 1, out.data() + 1, len);
      k.batch[unsigned(alg)](s, inplace.data() + 1, m.data() + 1, inplace.data() + 1, len);
      for (std::size_t i = 0; i < 80; ++i) {
        const bool in = i >= 1 && i < len + 1;
        const std::uint64_t want = in ? k.single[unsigned(alg)](s, d[i], m[i]) : 0x5555;
        BOOST_TEST_REQUIRE(out[i] == want, "len " << len << " i " << i);
        BOOST_TEST_REQUIRE(inplace[i] == (in ? want : d[i]), "in place, len " << len << " i " << i);
      }
    }
  }
}

// Batch lengths around the bitsliced block sizes (64 x u64 lanes: 256 PACs on AVX2, 512 on
// AVX-512) and the half-block point below which a remainder takes the lane kernel. Against
// real QEMU 7.2 PACGA results: each batch cycles through the records of one APGA key (24 per
// key), so every element has an outside expected value; and the full 64-bit outputs against
// the scalar backend's single call.
constexpr std::size_t block_lengths[] = {0,   1,   2,   63,  64,  65,  127, 128,  129,  255,  256, 257,
                                         383, 384, 511, 512, 513, 767, 768, 1023, 1024, 1025, 2600};

BOOST_DATA_TEST_CASE(batch_block_lengths_qemu, bdata::make(pac_backends()), b) {
  const pac_kernels& k = kern(b);
  for (const auto& [file, alg] : qemu72_files) {
    BOOST_TEST_CONTEXT(file) {
      const std::vector<record> pacga = pacga_records(file);
      // The first key with at least 16 records (the file has several with 24).
      std::vector<record> group;
      for (const record& r : pacga) {
        group.clear();
        for (const record& q : pacga)
          if (q.key_lo == r.key_lo && q.key_hi == r.key_hi) group.push_back(q);
        if (group.size() >= 16) break;
      }
      BOOST_TEST_REQUIRE(group.size() >= 16u);
      const pac_schedule s = schedule(alg, {group[0].key_lo, group[0].key_hi});
      for (std::size_t len : block_lengths) {
        std::vector<std::uint64_t> d(len), m(len), out(len + 1, 0x5555);
        for (std::size_t i = 0; i < len; ++i)
          d[i] = group[i % group.size()].x, m[i] = group[i % group.size()].y;
        k.batch[unsigned(alg)](s, d.data(), m.data(), out.data(), len);
        for (std::size_t i = 0; i < len; ++i)
          BOOST_TEST_REQUIRE((out[i] & 0xFFFFFFFF00000000u) == group[i % group.size()].result,
                             "len " << len << " i " << i);
        BOOST_TEST_REQUIRE(out[len] == 0x5555u, "len " << len << ": wrote past the end");
      }
    }
  }
}

BOOST_DATA_TEST_CASE(batch_block_lengths_random, bdata::make(pac_backends()), b) {
  const pac_kernels& k = kern(b);
  const pac_kernels& sc = *kernels_of(backend::scalar);
  std::mt19937_64 rng(77);
  for (pac::algorithm alg : algorithms) {
    BOOST_TEST_CONTEXT("algorithm " << unsigned(alg)) {
      for (std::size_t len : block_lengths) {
        const pac_schedule s = schedule(alg, {rng(), rng()});
        std::vector<std::uint64_t> d(len), m(len), out(len + 1, 0x5555), inplace;
        for (std::size_t i = 0; i < len; ++i) d[i] = rng(), m[i] = rng();
        inplace = d;
        k.batch[unsigned(alg)](s, d.data(), m.data(), out.data(), len);
        k.batch[unsigned(alg)](s, inplace.data(), m.data(), inplace.data(), len);
        for (std::size_t i = 0; i < len; ++i) {
          const std::uint64_t want = sc.single[unsigned(alg)](s, d[i], m[i]);
          BOOST_TEST_REQUIRE(out[i] == want, "len " << len << " i " << i);
          BOOST_TEST_REQUIRE(inplace[i] == want, "in place, len " << len << " i " << i);
        }
        BOOST_TEST_REQUIRE(out[len] == 0x5555u, "len " << len << ": wrote past the end");
      }
    }
  }
}

// ---- public API -----------------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(public_api) {
  BOOST_TEST(pac::compute(pac::algorithm::qarma5, paper_p, paper_t, paper_key) == 0xc003b93999b33765u);
  BOOST_TEST(pac::compute(pac::algorithm::qarma3, paper_p, paper_t, paper_key) == 0xc8b7fdc1d507b9efu);
  BOOST_TEST(pac::compute(pac::algorithm::impdef, paper_p, paper_t, paper_key) == 0x3f52a54232b357aeu);
  for (const paper_vector& v : paper_vectors) {
    auto r = pac::qarma64(paper_p, paper_t, paper_key, v.rounds, v.s);
    BOOST_TEST_REQUIRE(r.has_value());
    BOOST_TEST(*r == v.c);
  }
  BOOST_TEST(pac::qarma64(paper_p, paper_t, paper_key, 0, pac::sbox::sigma2).code() ==
             fastprim::errc::bad_argument);
  BOOST_TEST(pac::qarma64(paper_p, paper_t, paper_key, 9, pac::sbox::sigma2).code() ==
             fastprim::errc::bad_argument);

  std::mt19937_64 rng(11);
  std::vector<std::uint64_t> d(1000), m(1000), out(1000);
  for (auto& x : d) x = rng();
  for (auto& x : m) x = rng();
  for (pac::algorithm alg : algorithms) {
    const pac::key key{rng(), rng()};
    const pac::keyed_pac kp(alg, key);
    BOOST_TEST(kernels_of(kp.backend()) != nullptr);
    BOOST_TEST((kp.algorithm() == alg));
    BOOST_TEST_REQUIRE(pac::compute(alg, std::span<const std::uint64_t>(d), m, key, out).has_value());
    for (std::size_t i = 0; i < d.size(); ++i) {
      BOOST_TEST_REQUIRE(out[i] == ref::compute(alg, d[i], m[i], key));
      BOOST_TEST_REQUIRE(kp.compute(d[i], m[i]) == out[i]);
      BOOST_TEST_REQUIRE(pac::compute(alg, d[i], m[i], key) == out[i]);
    }
    std::vector<std::uint64_t> out2(1000);
    BOOST_TEST_REQUIRE(kp.compute(d, m, out2).has_value());
    BOOST_TEST(out2 == out);
    // errors are values
    BOOST_TEST(kp.compute(d, std::span<const std::uint64_t>(m).first(999), out2).code() ==
               fastprim::errc::bad_length);
    BOOST_TEST(kp.compute(d, m, std::span<std::uint64_t>(out2).first(999)).code() ==
               fastprim::errc::short_output);
    std::vector<std::uint64_t> buf(d);
    BOOST_TEST(kp.compute(std::span<const std::uint64_t>(buf).first(999),
                          std::span<const std::uint64_t>(m).first(999),
                          std::span<std::uint64_t>(buf).subspan(1))
                   .code() == fastprim::errc::overlap);
    BOOST_TEST_REQUIRE(kp.compute(buf, m, buf).has_value());  // exactly in place is fine
    BOOST_TEST(buf == out);
    BOOST_TEST(kp.compute(std::span<const std::uint64_t>{}, std::span<const std::uint64_t>{},
                          std::span<std::uint64_t>{})
                   .has_value());
  }
}

BOOST_AUTO_TEST_CASE(constant_evaluation) {
  constexpr auto k = fastprim::detail::make_qarma_keys(paper_key.lo, paper_key.hi, 5, pac::sbox::sigma2);
  static_assert(fastprim::detail::pac::scalar::qarma_encrypt<pac::sbox::sigma2, 5>(k, paper_p, paper_t) ==
                0xc003b93999b33765u);
  static_assert(fastprim::detail::pac::scalar::qarma64(paper_p, paper_t, paper_key.hi, paper_key.lo, 7,
                                                  pac::sbox::sigma0) == 0xbcaf6c89de930765u);
  BOOST_TEST(true);
}

BOOST_AUTO_TEST_SUITE_END()
