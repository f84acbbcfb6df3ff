// ComputePAC (QARMA5, QARMA3, QEMU impdef) and the general QARMA-64: every backend's kernels and
// the public API bound to every backend (keyed_pac, the batch, qarma64), each directly against
// outside values: the QARMA paper's nine vectors, pac-spec's layer values and round traces, real
// QEMU 7.2 PACGA results (test/data), and the independent plain reference (support/pac_ref.hpp)
// on a million random inputs per algorithm and on batches of every awkward length.
#define BOOST_TEST_MODULE pac_compute

#include <algorithm>
#include <array>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "fastprim/dispatch.hpp"
#include "fastprim/pac/compute.hpp"
#include "support/backends.hpp"
#include "support/pac_backends.hpp"
#include "support/pac_ref.hpp"
#include "support/qemu_pac_records.hpp"

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

using fastprim_test::keyed_on;  // keyed_pac objects bound to a given backend
using fastprim_test::pac_backends;

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

namespace qemu = fastprim_test::qemu_pac;  // the QEMU 7.2 records (pac-spec section 9)

std::size_t diff_count() {
  // Under qemu-user and the sanitizers a tenth (still three cycles of the batch lengths below):
  // the reference outputs alone took 40 s there.
#if FASTPRIM_TEST_EMULATED || defined(__SANITIZE_ADDRESS__)
  constexpr std::size_t n = 100000;
#else
  constexpr std::size_t n = 1000000;
#endif
  const char* e = std::getenv("FASTPRIM_PAC_DIFF_N");
  return e ? std::strtoull(e, nullptr, 10) : n;
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
    if (alg != pac::algorithm::impdef)
      BOOST_TEST(k.single_key[unsigned(alg)](paper_key.lo, paper_key.hi, paper_p, paper_t) ==
                 want[unsigned(alg)]);
    std::uint64_t o = 0;
    k.batch[unsigned(alg)](s, &paper_p, &paper_t, &o, 1);
    BOOST_TEST(o == want[unsigned(alg)]);
  }
  // pac-spec section 2: the key halves swapped, the classic bug
  const pac_schedule sw = schedule(pac::algorithm::qarma5, {paper_key.hi, paper_key.lo});
  BOOST_TEST(k.single[0](sw, paper_p, paper_t) == 0x99d88f4472f3be39u);
  BOOST_TEST(k.single_key[0](paper_key.hi, paper_key.lo, paper_p, paper_t) == 0x99d88f4472f3be39u);
}

// PACGA = ComputePAC(Xn, Xm, APGAKey) & 0xFFFFFFFF00000000 (pac-spec 8.5), real QEMU 7.2 runs:
// every PACGA record of the four files through each backend's kernels and through a keyed_pac
// bound to the backend. The PAC*/AUT*/XPAC* lines need the pointer model: test_pac_pointer runs
// them on every backend.
namespace {
constexpr std::uint64_t pacga_mask = 0xFFFFFFFF00000000u;

// "got X, want Y" in hex, for failure messages.
std::string hexes(std::uint64_t got, std::uint64_t want) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "got %016llx, want %016llx", static_cast<unsigned long long>(got),
                static_cast<unsigned long long>(want));
  return buf;
}

// keyed_pac's batch call, succeeded or not.
bool keyed_batch(const pac::keyed_pac& kp, std::span<const std::uint64_t> d, std::span<const std::uint64_t> m,
                 std::span<std::uint64_t> out) {
  return kp.compute(d, m, out).has_value();
}

// The index of the first element where `got` and `want` differ, or npos.
std::size_t first_mismatch(const std::vector<std::uint64_t>& got, const std::vector<std::uint64_t>& want) {
  if (got.size() != want.size()) return std::min(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i]) return i;
  return std::string::npos;
}
}  // namespace

BOOST_DATA_TEST_CASE(qemu72_pacga, bdata::make(pac_backends()), b) {
  const pac_kernels& k = kern(b);
  const keyed_on keyed(b);
  for (const qemu::file& f : qemu::files()) {
    BOOST_TEST_CONTEXT(f.name) {
      const pac::algorithm alg = f.alg;
      const unsigned a = unsigned(alg);
      std::vector<std::uint64_t> d, m;
      for (const qemu::record& r : qemu::read_pacga(f)) {
        const std::uint64_t want = r.value();
        const pac_schedule s = schedule(alg, r.key());
        BOOST_TEST((k.single[a](s, r.x, r.y) & pacga_mask) == want, "line " << r.line);
        if (alg != pac::algorithm::impdef)
          BOOST_TEST((k.single_key[a](r.key().lo, r.key().hi, r.x, r.y) & pacga_mask) == want,
                     "single_key, line " << r.line);
        std::uint64_t o = 0;
        k.batch[a](s, &r.x, &r.y, &o, 1);
        BOOST_TEST((o & pacga_mask) == want, "line " << r.line);
        const pac::keyed_pac kp = keyed(alg, r.key());
        BOOST_TEST((kp.compute(r.x, r.y) & pacga_mask) == want, "keyed_pac, line " << r.line);
        d.push_back(r.x), m.push_back(r.y);
      }
      BOOST_TEST(int(d.size()) == f.pacga);  // every PACGA line of the file was read
      // One key, many inputs, through the batch kernel and keyed_pac: the paper key with each
      // line's x and y, against the plain reference (the line's own key differs per line).
      const pac_schedule s = schedule(alg, paper_key);
      const pac::keyed_pac kp = keyed(alg, paper_key);
      std::vector<std::uint64_t> want(d.size()), got(d.size()), got_keyed(d.size());
      for (std::size_t i = 0; i < d.size(); ++i) want[i] = ref::compute(alg, d[i], m[i], paper_key);
      k.batch[a](s, d.data(), m.data(), got.data(), d.size());
      BOOST_TEST_REQUIRE(keyed_batch(kp, d, m, got_keyed));
      BOOST_TEST(first_mismatch(got, want) == std::string::npos);
      BOOST_TEST(first_mismatch(got_keyed, want) == std::string::npos);
    }
  }
}

// Random keys and inputs, diff_count() per algorithm, in batches of lengths that cycle through
// every awkward size (0, 1, odd, around the bitsliced blocks of 256 and 512, past them), one key
// per batch. The plain reference's outputs are computed once; every backend's batch kernel and a
// keyed_pac bound to it (batch over all of them, single calls on every 7th) must give exactly
// those.
namespace {
struct diff_set {
  struct block {
    std::size_t base, len;
    pac::key key;
  };
  std::vector<std::uint64_t> d, m;
  std::vector<block> blocks[3];
  std::vector<std::uint64_t> want[3];
};

const diff_set& diff_data() {
  static const diff_set x = [] {
    constexpr std::size_t lengths[] = {4096, 0,  1, 3,   4095, 511, 512, 513, 1025, 0,    2047, 4097,
                                       63,   65, 7, 255, 257,  1,   767, 769, 2600, 4096, 4096};
    diff_set x;
    const std::size_t n = diff_count();
    std::mt19937_64 rng(2024);
    x.d.resize(n);
    x.m.resize(n);
    for (std::size_t i = 0; i < n; ++i) x.d[i] = rng(), x.m[i] = rng();
    for (pac::algorithm alg : algorithms) {
      const unsigned a = unsigned(alg);
      x.want[a].resize(n);
      for (std::size_t base = 0, j = a; base < n || j == a; ++j) {
        const std::size_t len = std::min(lengths[j % std::size(lengths)], n - base);
        const pac::key key{rng(), rng()};
        x.blocks[a].push_back({base, len, key});
        for (std::size_t i = base; i < base + len; ++i) x.want[a][i] = ref::compute(alg, x.d[i], x.m[i], key);
        base += len;
      }
    }
    return x;
  }();
  return x;
}
}  // namespace

BOOST_DATA_TEST_CASE(differential_random, bdata::make(pac_backends()), b) {
  const pac_kernels& k = kern(b);
  const keyed_on keyed(b);
  const diff_set& x = diff_data();
  const std::size_t n = x.d.size();
  const std::span<const std::uint64_t> d(x.d), m(x.m);
  for (pac::algorithm alg : algorithms) {
    BOOST_TEST_CONTEXT("algorithm " << unsigned(alg)) {
      const unsigned a = unsigned(alg);
      std::vector<std::uint64_t> got(n, 0x5555), got_keyed(n, 0x5555);
      for (const diff_set::block& blk : x.blocks[a]) {
        const pac_schedule s = schedule(alg, blk.key);
        const pac::keyed_pac kp = keyed(alg, blk.key);
        k.batch[a](s, x.d.data() + blk.base, x.m.data() + blk.base, got.data() + blk.base, blk.len);
        BOOST_TEST_REQUIRE(keyed_batch(kp, d.subspan(blk.base, blk.len), m.subspan(blk.base, blk.len),
                                       std::span(got_keyed).subspan(blk.base, blk.len)));
        for (std::size_t i = blk.base; i < blk.base + blk.len; i += 7) {
          const std::uint64_t single = k.single[a](s, x.d[i], x.m[i]),
                              keyed_single = kp.compute(x.d[i], x.m[i]);
          BOOST_TEST_REQUIRE(single == x.want[a][i], "i " << i << ": " << hexes(single, x.want[a][i]));
          if (alg != pac::algorithm::impdef) {
            const std::uint64_t with_key = k.single_key[a](blk.key.lo, blk.key.hi, x.d[i], x.m[i]);
            BOOST_TEST_REQUIRE(with_key == x.want[a][i],
                               "single_key, i " << i << ": " << hexes(with_key, x.want[a][i]));
          }
          BOOST_TEST_REQUIRE(keyed_single == x.want[a][i],
                             "keyed_pac, i " << i << ": " << hexes(keyed_single, x.want[a][i]));
        }
      }
      const std::size_t bad = first_mismatch(got, x.want[a]),
                        bad_keyed = first_mismatch(got_keyed, x.want[a]);
      BOOST_TEST(bad == std::string::npos, "batch kernel: first mismatch at " << bad << " of " << n);
      BOOST_TEST(bad_keyed == std::string::npos,
                 "keyed_pac batch: first mismatch at " << bad_keyed << " of " << n);
    }
  }
}

// Batch lengths 0..70, unaligned starts (tails and partial vectors), in place, against the plain
// reference.
BOOST_DATA_TEST_CASE(batch_lengths_tails_in_place, bdata::make(pac_backends()), b) {
  const pac_kernels& k = kern(b);
  std::mt19937_64 rng(5);
  std::vector<std::uint64_t> d(80), m(80);
  for (auto& x : d) x = rng();
  for (auto& x : m) x = rng();
  for (pac::algorithm alg : algorithms) {
    const pac::key key{rng(), rng()};
    const pac_schedule s = schedule(alg, key);
    std::vector<std::uint64_t> ref_out(80);
    for (std::size_t i = 0; i < 80; ++i) ref_out[i] = ref::compute(alg, d[i], m[i], key);
    for (std::size_t len = 0; len <= 70; ++len) {
      std::vector<std::uint64_t> out(80, 0x5555), inplace(d);
      k.batch[unsigned(alg)](s, d.data() + 1, m.data() + 1, out.data() + 1, len);
      k.batch[unsigned(alg)](s, inplace.data() + 1, m.data() + 1, inplace.data() + 1, len);
      for (std::size_t i = 0; i < 80; ++i) {
        const bool in = i >= 1 && i < len + 1;
        const std::uint64_t want = in ? ref_out[i] : 0x5555;
        BOOST_TEST_REQUIRE(out[i] == want, "len " << len << " i " << i << ": " << hexes(out[i], want));
        BOOST_TEST_REQUIRE(inplace[i] == (in ? want : d[i]), "in place, len "
                                                                 << len << " i " << i << ": "
                                                                 << hexes(inplace[i], in ? want : d[i]));
      }
    }
  }
}

// Batch lengths around the bitsliced block sizes (64 x u64 lanes: 256 PACs on AVX2, 512 on
// AVX-512) and the half-block point below which a remainder takes the lane kernel. Against
// real QEMU 7.2 PACGA results: each batch cycles through the records of one APGA key (the key
// with the most records in the file: 24 or 8), so every element has an outside expected value;
// through the batch kernel and a keyed_pac bound to the backend.
constexpr std::size_t block_lengths[] = {0,   1,   2,   63,  64,  65,  127, 128,  129,  255,  256, 257,
                                         383, 384, 511, 512, 513, 767, 768, 1023, 1024, 1025, 2600};

BOOST_DATA_TEST_CASE(batch_block_lengths_qemu, bdata::make(pac_backends()), b) {
  const pac_kernels& k = kern(b);
  const keyed_on keyed(b);
  for (const qemu::file& f : qemu::files()) {
    BOOST_TEST_CONTEXT(f.name) {
      const pac::algorithm alg = f.alg;
      const std::vector<qemu::record> pacga = qemu::read_pacga(f);
      std::vector<qemu::record> group;
      for (const qemu::record& r : pacga) {
        std::vector<qemu::record> g;
        for (const qemu::record& q : pacga)
          if (q.key() == r.key()) g.push_back(q);
        if (g.size() > group.size()) group = g;
      }
      BOOST_TEST_REQUIRE(group.size() >= 8u);
      const pac_schedule s = schedule(alg, group[0].key());
      const pac::keyed_pac kp = keyed(alg, group[0].key());
      for (std::size_t len : block_lengths) {
        std::vector<std::uint64_t> d(len), m(len), out(len + 1, 0x5555), out_keyed(len + 1, 0x5555);
        for (std::size_t i = 0; i < len; ++i)
          d[i] = group[i % group.size()].x, m[i] = group[i % group.size()].y;
        k.batch[unsigned(alg)](s, d.data(), m.data(), out.data(), len);
        BOOST_TEST_REQUIRE(keyed_batch(kp, d, m, out_keyed));
        for (std::size_t i = 0; i < len; ++i) {
          const std::uint64_t want = group[i % group.size()].value();
          BOOST_TEST_REQUIRE((out[i] & pacga_mask) == want,
                             "len " << len << " i " << i << ": " << hexes(out[i], want));
          BOOST_TEST_REQUIRE((out_keyed[i] & pacga_mask) == want,
                             "keyed_pac, len " << len << " i " << i << ": " << hexes(out_keyed[i], want));
        }
        BOOST_TEST_REQUIRE(out[len] == 0x5555u, "len " << len << ": wrote past the end");
        BOOST_TEST_REQUIRE(out_keyed[len] == 0x5555u, "keyed_pac, len " << len << ": wrote past the end");
      }
    }
  }
}

// The same lengths with random keys and inputs, out of place and in place, through the batch
// kernel and a keyed_pac bound to the backend, against the plain reference.
BOOST_DATA_TEST_CASE(batch_block_lengths_random, bdata::make(pac_backends()), b) {
  const pac_kernels& k = kern(b);
  const keyed_on keyed(b);
  std::mt19937_64 rng(77);
  for (pac::algorithm alg : algorithms) {
    BOOST_TEST_CONTEXT("algorithm " << unsigned(alg)) {
      for (std::size_t len : block_lengths) {
        const pac::key key{rng(), rng()};
        const pac_schedule s = schedule(alg, key);
        const pac::keyed_pac kp = keyed(alg, key);
        std::vector<std::uint64_t> d(len), m(len), out(len + 1, 0x5555), out_keyed(len + 1, 0x5555), inplace,
            inplace_keyed;
        for (std::size_t i = 0; i < len; ++i) d[i] = rng(), m[i] = rng();
        inplace = inplace_keyed = d;
        k.batch[unsigned(alg)](s, d.data(), m.data(), out.data(), len);
        k.batch[unsigned(alg)](s, inplace.data(), m.data(), inplace.data(), len);
        BOOST_TEST_REQUIRE(keyed_batch(kp, d, m, out_keyed));
        BOOST_TEST_REQUIRE(keyed_batch(kp, inplace_keyed, m, inplace_keyed));
        for (std::size_t i = 0; i < len; ++i) {
          const std::uint64_t want = ref::compute(alg, d[i], m[i], key);
          BOOST_TEST_REQUIRE(out[i] == want, "len " << len << " i " << i << ": " << hexes(out[i], want));
          BOOST_TEST_REQUIRE(inplace[i] == want,
                             "in place, len " << len << " i " << i << ": " << hexes(inplace[i], want));
          BOOST_TEST_REQUIRE(out_keyed[i] == want,
                             "keyed_pac, len " << len << " i " << i << ": " << hexes(out_keyed[i], want));
          BOOST_TEST_REQUIRE(inplace_keyed[i] == want, "keyed_pac in place, len "
                                                           << len << " i " << i << ": "
                                                           << hexes(inplace_keyed[i], want));
        }
        BOOST_TEST_REQUIRE(out[len] == 0x5555u, "len " << len << ": wrote past the end");
        BOOST_TEST_REQUIRE(out_keyed[len] == 0x5555u, "keyed_pac, len " << len << ": wrote past the end");
      }
    }
  }
}

// ---- public API -----------------------------------------------------------------------------------

// The public calls with primitive::pac pinned to each backend: keyed_pac, the batch compute and
// qarma64 bind it (the one-call compute runs the scalar kernel for a fresh key and the pinned
// backend for a cached one), against the paper values and the plain reference.
BOOST_DATA_TEST_CASE(public_api, bdata::make(pac_backends()), b) {
  fastprim_test::pinned<fastprim::primitive::pac> pin{b};
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
  std::vector<std::uint64_t> d(1000), m(1000), out(1000), want(1000);
  for (auto& x : d) x = rng();
  for (auto& x : m) x = rng();
  for (pac::algorithm alg : algorithms) {
    const pac::key key{rng(), rng()};
    const pac::keyed_pac kp(alg, key);
    BOOST_TEST((kp.backend() == b));
    BOOST_TEST((kp.algorithm() == alg));
    for (std::size_t i = 0; i < d.size(); ++i) want[i] = ref::compute(alg, d[i], m[i], key);
    BOOST_TEST_REQUIRE(pac::compute(alg, std::span<const std::uint64_t>(d), m, key, out).has_value());
    for (std::size_t i = 0; i < d.size(); ++i) {
      BOOST_TEST_REQUIRE(out[i] == want[i]);
      BOOST_TEST_REQUIRE(kp.compute(d[i], m[i]) == want[i]);
      BOOST_TEST_REQUIRE(pac::compute(alg, d[i], m[i], key) == want[i]);
    }
    std::vector<std::uint64_t> out2(1000);
    BOOST_TEST_REQUIRE(kp.compute(d, m, out2).has_value());
    BOOST_TEST(first_mismatch(out2, want) == std::string::npos);
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
    BOOST_TEST(first_mismatch(buf, want) == std::string::npos);
    BOOST_TEST(kp.compute(std::span<const std::uint64_t>{}, std::span<const std::uint64_t>{},
                          std::span<std::uint64_t>{})
                   .has_value());
  }
}

// ---- the one-shot compute and its per-thread key cache (pac/key_cache.hpp) --------------------------
// pac::compute(alg, data, modifier, key) caches the full schedule of a QARMA key seen the second
// time among the last misses, and runs it on the dispatched backend: every pattern of keys must
// give the plain reference's (or QEMU's) values whatever the cache holds. The cache is per thread;
// these cases clear the calling thread's first.
namespace {
namespace fd = fastprim::detail;

// How many of the calling thread's cache entries hold a key of `alg`.
int cached(pac::algorithm alg) {
  int n = 0;
  for (const auto& e : fd::pac_cache.e) n += e.alg == std::uint8_t(alg);
  return n;
}

// `n` calls of the one-shot compute, key i taken from `keys[pattern(i)]`, random data and modifier,
// each against the plain reference.
template <class Pattern>
void one_shot_run(pac::algorithm alg, const std::vector<pac::key>& keys, std::size_t n, Pattern pattern,
                  std::mt19937_64& rng) {
  for (std::size_t i = 0; i < n; ++i) {
    const pac::key& k = keys[pattern(i)];
    const std::uint64_t d = rng(), m = rng();
    const std::uint64_t want = ref::compute(alg, d, m, k), got = pac::compute(alg, d, m, k);
    BOOST_TEST_REQUIRE(got == want, "call " << i << ": " << hexes(got, want));
  }
}
}  // namespace

BOOST_DATA_TEST_CASE(one_shot_key_patterns, bdata::make(pac_backends()), b) {
  fastprim_test::pinned<fastprim::primitive::pac> pin{b};
  std::mt19937_64 rng(29);
  std::vector<pac::key> keys(400);
  for (auto& k : keys) k = {rng(), rng()};
  for (pac::algorithm alg : algorithms) {
    BOOST_TEST_CONTEXT("algorithm " << unsigned(alg)) {
      const bool qarma = alg != pac::algorithm::impdef;
      fd::pac_cache.clear();
      // Fresh keys: nothing is cached.
      BOOST_TEST_CONTEXT("fresh keys") {
        one_shot_run(
            alg, keys, keys.size(), [](std::size_t i) { return i; }, rng);
        BOOST_TEST(cached(alg) == 0);
      }
      // One key repeated: cached from its second call on (QARMA; impdef never is).
      BOOST_TEST_CONTEXT("repeated key") {
        one_shot_run(
            alg, keys, 1, [](std::size_t) { return 7; }, rng);
        BOOST_TEST(cached(alg) == 0);
        one_shot_run(
            alg, keys, 100, [](std::size_t) { return 7; }, rng);
        BOOST_TEST(cached(alg) == (qarma ? 1 : 0));
      }
      // Two keys alternating: both cached after their second calls.
      BOOST_TEST_CONTEXT("alternating keys") {
        fd::pac_cache.clear();
        one_shot_run(
            alg, keys, 100, [](std::size_t i) { return 10 + i % 2; }, rng);
        BOOST_TEST(cached(alg) == (qarma ? 2 : 0));
      }
      // Three keys in turn (one more than the cache holds), in runs of 1, 2, 3 and 5 calls, and
      // QARMA5 and QARMA3 with one key: each entry is replaced many times.
      for (std::size_t run : {1, 2, 3, 5}) {
        BOOST_TEST_CONTEXT("three keys, runs of " << run) {
          one_shot_run(
              alg, keys, 90, [run](std::size_t i) { return 20 + (i / run) % 3; }, rng);
        }
      }
      BOOST_TEST_CONTEXT("one key, both QARMA algorithms in turn") {
        for (int i = 0; i < 60; ++i) {
          const pac::algorithm a = i % 2 ? pac::algorithm::qarma3 : pac::algorithm::qarma5;
          const std::uint64_t d = rng(), m = rng();
          BOOST_TEST_REQUIRE(pac::compute(a, d, m, keys[30]) == ref::compute(a, d, m, keys[30]),
                             "call " << i);
        }
      }
      // A run of fresh keys between calls of a cached one leaves it cached.
      BOOST_TEST_CONTEXT("a cached key among fresh ones") {
        fd::pac_cache.clear();
        one_shot_run(
            alg, keys, 2, [](std::size_t) { return 40; }, rng);
        one_shot_run(
            alg, keys, 200, [](std::size_t i) { return i % 4 == 0 ? 40 : 100 + i; }, rng);
        BOOST_TEST(cached(alg) == (qarma ? 1 : 0));
      }
    }
  }
  fd::pac_cache.clear();
}

// QEMU 7.2's PACGA records through the one-shot compute: in file order (runs of 24 records with
// one key), each record three times in a row (fresh, admitted, cached), and two files' records
// interleaved (QARMA5 and impdef keys alternating).
BOOST_DATA_TEST_CASE(one_shot_qemu72_pacga, bdata::make(pac_backends()), b) {
  fastprim_test::pinned<fastprim::primitive::pac> pin{b};
  fd::pac_cache.clear();
  std::vector<std::vector<qemu::record>> recs;
  for (const qemu::file& f : qemu::files()) {
    recs.push_back(qemu::read_pacga(f));
    BOOST_TEST_CONTEXT(f.name) {
      for (const qemu::record& r : recs.back())
        BOOST_TEST_REQUIRE((pac::compute(f.alg, r.x, r.y, r.key()) & pacga_mask) == r.value(),
                           "in order, line " << r.line);
      for (const qemu::record& r : recs.back())
        for (int i = 0; i < 3; ++i)
          BOOST_TEST_REQUIRE((pac::compute(f.alg, r.x, r.y, r.key()) & pacga_mask) == r.value(),
                             "call " << i << ", line " << r.line);
    }
  }
  // files 0 and 2 hold QARMA5 records with different keys: interleaved, the keys alternate
  const auto& fs = qemu::files();
  for (std::size_t i = 0; i < std::min(recs[0].size(), recs[2].size()); ++i)
    for (std::size_t f : {0, 2, 1}) {
      const qemu::record& r = recs[f][i % recs[f].size()];
      BOOST_TEST_REQUIRE((pac::compute(fs[f].alg, r.x, r.y, r.key()) & pacga_mask) == r.value(),
                         fs[f].name << ", interleaved, line " << r.line);
    }
  fd::pac_cache.clear();
}

// Many threads, each with its own cache: 8 threads run repeated, alternating and fresh keys (some
// keys shared between threads) against reference values computed beforehand.
BOOST_AUTO_TEST_CASE(one_shot_many_threads) {
  constexpr int threads = 8, calls = 3000;
  struct call {
    pac::algorithm alg;
    pac::key k;
    std::uint64_t d, m, want;
  };
  std::vector<std::vector<call>> work(threads);
  std::mt19937_64 rng(31);
  std::vector<pac::key> shared(3);
  for (auto& k : shared) k = {rng(), rng()};
  for (int t = 0; t < threads; ++t) {
    const pac::key own{rng(), rng()};
    for (int i = 0; i < calls; ++i) {
      const pac::algorithm alg = algorithms[(t + i / 500) % 3];
      pac::key k;
      switch ((t + i / 100) % 4) {
        case 0:
          k = own;
          break;
        case 1:
          k = shared[i % 2];
          break;
        case 2:
          k = {rng(), rng()};
          break;
        default:
          k = shared[(i / 3) % 3];
          break;
      }
      const std::uint64_t d = rng(), m = rng();
      work[t].push_back({alg, k, d, m, ref::compute(alg, d, m, k)});
    }
  }
  std::vector<int> bad(threads, -1);
  const auto run = [&](int t) {
    for (int i = 0; i < calls; ++i) {
      const call& c = work[t][i];
      if (pac::compute(c.alg, c.d, c.m, c.k) != c.want && bad[t] < 0) bad[t] = i;
    }
  };
#if FASTPRIM_TEST_EMULATED
  // qemu-user (the cross build): new threads of these binaries do not start (test_hygiene.cpp,
  // pac_one_shot_cache_wiped); the same work runs in turn on this thread, from an empty cache each.
  for (int t = 0; t < threads; ++t) {
    fd::pac_cache.clear();
    run(t);
  }
#else
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(run, t);
  for (auto& th : pool) th.join();
#endif
  for (int t = 0; t < threads; ++t)
    BOOST_TEST(bad[t] == -1, "thread " << t << ": first wrong call " << bad[t]);
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
