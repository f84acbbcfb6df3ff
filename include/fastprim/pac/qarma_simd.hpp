// Constant-time: yes (tables are indexed by public cell positions and round numbers only).
// fastprim/pac/qarma_simd.hpp: QARMA-64 for the SIMD backends (one cell per byte, in-register
// byte lookups): the S-box and layer tables, the cell layouts of the single-call kernels, and
// their key schedule (`qarma_simd_keys`, built once per keyed object). Portable C++, constant
// expressions. Reference: pac-spec.md sections 1-6; the layouts are our own.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fastprim/detail/config.hpp"
#include "fastprim/pac/pac_kernels.hpp"
#include "fastprim/pac/qarma.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {
namespace qarma {

// ---- tables for the SIMD backends (one cell per byte, TableLookupBytes) ----------------------------
// Value tables are indexed by cell values (in-register shuffles), position tables by cell numbers.

struct simd_sbox_tables {
  alignas(16) std::uint8_t fwd[3][16];  // rho^0/1/2 of S(v)
  alignas(16) std::uint8_t bwd[3][16];  // rho^0/1/2 of S'(v)
  alignas(16) std::uint8_t bwd_hi[16];  // S'(v) << 4
};

constexpr simd_sbox_tables make_simd_sbox_tables(pac::sbox s) noexcept {
  simd_sbox_tables t{};
  for (unsigned v = 0; v < 16; ++v) {
    const std::uint64_t f = forward_table(s)[v], b = backward_table(s)[v];
    t.fwd[0][v] = std::uint8_t(f);
    t.fwd[1][v] = std::uint8_t(rho(f) & 0xF);
    t.fwd[2][v] = std::uint8_t(rho2(f) & 0xF);
    t.bwd[0][v] = std::uint8_t(b);
    t.bwd[1][v] = std::uint8_t(rho(b) & 0xF);
    t.bwd[2][v] = std::uint8_t(rho2(b) & 0xF);
    t.bwd_hi[v] = std::uint8_t(b << 4);
  }
  return t;
}

inline constexpr simd_sbox_tables simd_sbox[3] = {make_simd_sbox_tables(pac::sbox::sigma0),
                                                  make_simd_sbox_tables(pac::sbox::sigma1),
                                                  make_simd_sbox_tables(pac::sbox::sigma2)};

struct simd_layer_tables {
  // MixColumns term k (k = 1, 2, 3: rows n+4k, coefficient rho, rho^2, rho) composed with the cell
  // permutations around it: fwd = M o tau, bwd = tau^-1 o M, refl = tau^-1 o M o tau.
  alignas(16) std::uint8_t fwd[3][16];
  alignas(16) std::uint8_t bwd[3][16];
  alignas(16) std::uint8_t refl[3][16];
  alignas(16) std::uint8_t tweak[16];       // TweakShuffle positions
  alignas(16) std::uint8_t tweak_mask[16];  // 0xFF on the cells the LFSR omega updates
  alignas(16) std::uint8_t omega[16];       // omega(v)
  alignas(16) std::uint8_t rho1[16];        // rho(v)
  alignas(16) std::uint8_t rho2[16];        // rho^2(v)
};

constexpr simd_layer_tables make_simd_layer_tables() noexcept {
  simd_layer_tables t{};
  for (unsigned k = 1; k <= 3; ++k) {
    for (unsigned n = 0; n < 16; ++n) {
      t.fwd[k - 1][n] = cell_shuffle_perm[(n + 4 * k) & 15];
      t.bwd[k - 1][n] = std::uint8_t((cell_inv_shuffle_perm[n] + 4 * k) & 15);
      t.refl[k - 1][n] = cell_shuffle_perm[(cell_inv_shuffle_perm[n] + 4 * k) & 15];
    }
  }
  for (unsigned n = 0; n < 16; ++n) {
    t.tweak[n] = tweak_shuffle_perm[n];
    t.tweak_mask[n] = ((tweak_lfsr_cells >> (4 * n)) & 0xF) ? 0xFF : 0;
    t.omega[n] = std::uint8_t(tweak_lfsr(n, 0xF));
    t.rho1[n] = std::uint8_t(rho(n) & 0xF);
    t.rho2[n] = std::uint8_t(rho2(n) & 0xF);
  }
  return t;
}

inline constexpr simd_layer_tables simd_layers = make_simd_layer_tables();

// Single calls relabel the cells instead of moving them: layer l (forward rounds 1..r, the
// reflector, backward rounds r..1) leaves its output in the layout sigma_out[l] (byte j holds
// natural cell sigma_out[l][j]) chosen so that one of the three MixColumns terms needs no position
// lookup (the "unmoved" term, 1, 2 or 3; terms 1 and 3 have coefficient rho, term 2
// rho^2). A layer is then z' = perm(A, q2) ^ perm(rho S(z), q3) ^ (U ^ key): three shuffle
// latencies, with A = rho^2 S(z) and U = rho S(z) when a rho term is unmoved, and A = rho S(z),
// U = rho^2 S(z) when the rho^2 term is (rho2_unmoved[l]). Keys and tweaks are added after the
// layer's linear map, in its output layout.
// The last layer must leave the even cells in bytes 0..7 and the odd cells in bytes 8..15 (cell
// 2i in byte i, cell 2i+1 in byte 8+i, the "e layout"): the output word is then
// S'(bytes 0..7) | S'(bytes 8..15) << 4, with no final position lookup. The entry makes the same
// e layout from the input word with a shift and a mask; in_from_e moves it to the first layer's
// input layout. Each layer's choice of unmoved term changes the map from the input layout to the
// output layout, and for some round counts one sequence of choices maps the e layout onto itself
// (simd_relabel_choice_r5): in_from_e is then the identity and the entry has no position lookup.
struct simd_relabel {
  unsigned layers = 0;                                           // 2r + 1
  bool in_is_e = false;                                          // in_from_e is the identity
  bool rho2_unmoved[2 * max_rounds + 1]{};                       // layer l leaves term 2 in place
  alignas(16) std::uint8_t sigma_out[2 * max_rounds + 1][16]{};  // layout after layer l
  // byte j of the input layout: natural cell sigma0[j] at its position in the even/odd layout
  alignas(16) std::uint8_t in_from_e[16]{};
  alignas(16) std::uint8_t q2[2 * max_rounds + 1][16]{};
  alignas(16) std::uint8_t q3[2 * max_rounds + 1][16]{};
  alignas(16) std::uint8_t tq[max_rounds][3][16]{};  // forward layer l: natural tweak -> M(tau(t)) terms
};

// Term k (1..3) of layer l: output natural cell n reads input natural cell index(l, k, n). Kept as
// one table of the three kinds of layer (forward, reflector, backward): constant evaluation of the
// layouts below then reads a plain array, which costs an including TU far less than the calls.
struct relabel_index_table {
  std::uint8_t v[3][3][16]{};  // [kind][k - 1][n]
};
constexpr relabel_index_table make_relabel_index_table() noexcept {
  relabel_index_table t{};
  for (unsigned k = 1; k <= 3; ++k)
    for (unsigned n = 0; n < 16; ++n) {
      t.v[0][k - 1][n] = cell_shuffle_perm[(n + 4 * k) & 15];                         // M o tau
      t.v[1][k - 1][n] = cell_shuffle_perm[(cell_inv_shuffle_perm[n] + 4 * k) & 15];  // tau^-1 o M o tau
      t.v[2][k - 1][n] = std::uint8_t((cell_inv_shuffle_perm[n] + 4 * k) & 15);       // tau^-1 o M
    }
  return t;
}
inline constexpr relabel_index_table relabel_indices = make_relabel_index_table();
constexpr unsigned relabel_index(unsigned r, unsigned l, unsigned k, unsigned n) noexcept {
  return relabel_indices.v[l < r ? 0 : l == r ? 1 : 2][k - 1][n];
}

// Fills the layouts and position tables of `t` for the input layout `sigma0` and the unmoved
// terms `choice` (1..3 per layer).
constexpr void fill_simd_relabel(simd_relabel& t, unsigned r, const std::uint8_t (&sigma0)[16],
                                 const std::uint8_t* choice) noexcept {
  t.layers = 2 * r + 1;
  std::uint8_t sigma_in[16], inv_in[16];
  for (unsigned j = 0; j < 16; ++j) sigma_in[j] = sigma0[j], inv_in[sigma0[j]] = std::uint8_t(j);
  t.in_is_e = true;
  for (unsigned j = 0; j < 16; ++j) {
    t.in_from_e[j] = std::uint8_t(sigma0[j] / 2 + (sigma0[j] % 2) * 8);
    t.in_is_e = t.in_is_e && t.in_from_e[j] == j;
  }
  for (unsigned l = 0; l < t.layers; ++l) {
    const unsigned u = choice[l];
    const unsigned a = u == 2 ? 1 : 2, b = u == 3 ? 1 : 3;  // the moved terms: q2, q3
    t.rho2_unmoved[l] = u == 2;
    std::uint8_t iu_inv[16]{};
    for (unsigned n = 0; n < 16; ++n) iu_inv[relabel_index(r, l, u, n)] = std::uint8_t(n);
    for (unsigned j = 0; j < 16; ++j) t.sigma_out[l][j] = iu_inv[sigma_in[j]];
    for (unsigned j = 0; j < 16; ++j) {
      t.q2[l][j] = inv_in[relabel_index(r, l, a, t.sigma_out[l][j])];
      t.q3[l][j] = inv_in[relabel_index(r, l, b, t.sigma_out[l][j])];
      if (l < r)
        for (unsigned k = 1; k <= 3; ++k)
          t.tq[l][k - 1][j] = std::uint8_t(relabel_index(r, l, k, t.sigma_out[l][j]));
    }
    for (unsigned j = 0; j < 16; ++j)
      sigma_in[j] = t.sigma_out[l][j], inv_in[t.sigma_out[l][j]] = std::uint8_t(j);
  }
}

// The e layout: byte j holds natural cell 2j (j < 8) or 2(j - 8) + 1.
constexpr std::uint8_t e_layout_cell(unsigned j) noexcept {
  return std::uint8_t(j < 8 ? 2 * j : 2 * (j - 8) + 1);
}

// Sequences of unmoved terms that map the e layout onto itself for r = 5 (QARMA5), so that its
// single calls have no input position lookup. An exhaustive search over the 3^11 sequences
// (lab/qarma-relabel-search.py) finds 286 for r = 5 and none for r = 1, 2 or 3 (QARMA3 keeps the
// input lookup). The portable kernel (`single`) uses the first one, the rho^2 term unmoved only in
// the pseudo-reflector.
inline constexpr std::uint8_t simd_relabel_choice_r5[11] = {1, 1, 1, 1, 1, 2, 1, 3, 3, 1, 3};
// The AVX-512 kernel (`single_avx512`) leaves the rho^2 term unmoved in 7 of the 11 layers: such a
// layer has one pair of critical lookups where a rho layer has two. It measured fastest of the
// sequences tried, and slower in the portable kernel, so each kernel has its own layouts and key
// layout (docs/performance.md, "PAC").
inline constexpr std::uint8_t simd_relabel_choice_r5_avx512[11] = {1, 1, 2, 2, 2, 3, 1, 2, 2, 2, 2};

// The layouts of one kernel family for r rounds. Other round counts than QARMA5's start with an
// input lookup, and any sequence works: a rho term unmoved in every layer, except for QARMA3 in the
// AVX-512 kernel, which leaves the rho^2 term unmoved in every layer (faster there, slower for the
// paper's other round counts).
constexpr simd_relabel make_simd_relabel(unsigned r, bool avx512) noexcept {
  std::uint8_t other[2 * max_rounds + 1]{};
  for (auto& c : other) c = avx512 && r == 3 ? 2 : 1;
  std::uint8_t e[16]{};
  for (unsigned j = 0; j < 16; ++j) e[j] = e_layout_cell(j);
  if (r == 5) {  // the e layout in and out
    simd_relabel t{};
    fill_simd_relabel(t, r, e, avx512 ? simd_relabel_choice_r5_avx512 : simd_relabel_choice_r5);
    bool ok = true;
    for (unsigned j = 0; j < 16; ++j) ok = ok && t.sigma_out[2 * r][j] == e[j];
    if (ok) return t;
  }
  // The layouts compose cell maps: the final layout is g(sigma0) for a fixed map g. Find g from
  // the identity input layout, then start from g^-1 of the wanted final layout.
  std::uint8_t g[16]{};
  for (unsigned j = 0; j < 16; ++j) g[j] = std::uint8_t(j);
  for (unsigned l = 0; l < 2 * r + 1; ++l) {  // the layouts alone (fill_simd_relabel's sigma_out)
    std::uint8_t iu_inv[16]{};
    for (unsigned n = 0; n < 16; ++n) iu_inv[relabel_index(r, l, other[l], n)] = std::uint8_t(n);
    for (unsigned j = 0; j < 16; ++j) g[j] = iu_inv[g[j]];
  }
  std::uint8_t g_inv[16]{}, sigma0[16]{};
  for (unsigned j = 0; j < 16; ++j) g_inv[g[j]] = std::uint8_t(j);
  for (unsigned j = 0; j < 16; ++j) sigma0[j] = g_inv[e[j]];
  simd_relabel t{};
  fill_simd_relabel(t, r, sigma0, other);
  return t;
}

// [r]: the layouts of the portable kernel for r rounds.
inline constexpr simd_relabel simd_relabels[max_rounds + 1] = {{},
                                                               make_simd_relabel(1, false),
                                                               make_simd_relabel(2, false),
                                                               make_simd_relabel(3, false),
                                                               make_simd_relabel(4, false),
                                                               make_simd_relabel(5, false),
                                                               make_simd_relabel(6, false),
                                                               make_simd_relabel(7, false),
                                                               make_simd_relabel(8, false)};
// The AVX-512 kernel's own layouts differ for QARMA5 and QARMA3 only (make_simd_relabel): the
// other round counts share the portable kernel's, computed once (constant evaluation is a
// measurable share of an including TU's compile time).
inline constexpr simd_relabel simd_relabel_avx512_r3 = make_simd_relabel(3, true);
inline constexpr simd_relabel simd_relabel_avx512_r5 = make_simd_relabel(5, true);
constexpr const simd_relabel& simd_relabels_avx512(unsigned r) noexcept {
  return r == 3 ? simd_relabel_avx512_r3 : r == 5 ? simd_relabel_avx512_r5 : simd_relabels[r];
}
static_assert(simd_relabels[5].in_is_e && simd_relabels_avx512(5).in_is_e,
              "QARMA5's layer choices must map the e layout onto itself");

}  // namespace qarma

// The key word layer l of an r-round single call adds after its linear map (natural cell order;
// the kernels put it in the layer's layout): k0 = KeyLo, w0 = KeyHi, w1 = o(w0), mk0 = M(tau(k0)).
// M(tau(k0 ^ RC_i)) = mk0 ^ M(tau(RC_i)) by linearity, so with l constant the RC part folds.
FASTPRIM_ALWAYS_INLINE constexpr std::uint64_t simd_layer_key_word(std::uint64_t k0, std::uint64_t w0,
                                                                   std::uint64_t w1, std::uint64_t mk0,
                                                                   unsigned r, unsigned l) noexcept {
  using namespace qarma;
  const unsigned i = 2 * r + 1 - l;  // the backward round of a layer l > r
  return l + 1 < r ? mk0 ^ mix_shuffle(rc[l + 1])
         : l < r   ? mix_shuffle(w1)
         : l == r  ? permute<cell_inv_shuffle_perm>(k0)
         : i == r  ? w0
                   : k0 ^ rc[i] ^ alpha;
}

// The key schedule qarma_simd_keys is in pac/pac_kernels.hpp (a separate-mode TU needs the type
// only).
FASTPRIM_ZERO_REGS constexpr qarma_simd_keys make_qarma_simd_keys(std::uint64_t key_lo, std::uint64_t key_hi,
                                                                  unsigned rounds) noexcept {
  using namespace qarma;
  qarma_simd_keys k;
  const std::uint64_t w0 = key_hi, k0 = key_lo;
  const std::uint64_t w1 = std::rotr(w0, 1) ^ (w0 >> 63);
  auto put = [](std::uint8_t(&dst)[16], std::uint64_t v) {
    const auto b = to_bytes(v);
    for (unsigned n = 0; n < 16; ++n) dst[n] = b[n];
  };
  auto fwd_key = [&](unsigned i) { return i < rounds ? k0 ^ rc[i] : w1; };  // i = 1..r
  auto bwd_key = [&](unsigned i) {
    return i == rounds ? w0 : i == 0 ? k0 ^ rc[0] ^ alpha ^ w1 : k0 ^ rc[i] ^ alpha;
  };
  put(k.v_fwd0, w0 ^ k0 ^ rc[0]);
  k.first = w0 ^ k0 ^ rc[0];
  k.last = bwd_key(0);
  for (unsigned i = 1; i <= rounds; ++i) {
    put(k.v_fwd1[i], rho(fwd_key(i)));
    put(k.v_fwd2[i], rho2(fwd_key(i)));
  }
  put(k.v_refl, permute<cell_inv_shuffle_perm>(k0));
  for (unsigned i = 0; i <= rounds; ++i) put(k.v_bwd[i], bwd_key(i));
  const simd_relabel& rl = simd_relabels[rounds];
  const simd_relabel& rx = simd_relabels_avx512(rounds);
  const std::uint64_t mk0 = mix_shuffle(k0);
  for (unsigned l = 0; l < rl.layers; ++l) {
    const auto b = to_bytes(simd_layer_key_word(k0, w0, w1, mk0, rounds, l));
    for (unsigned j = 0; j < 16; ++j) k.v_layer[l][j] = b[rl.sigma_out[l][j]];
    for (unsigned j = 0; j < 16; ++j) k.v_layer_avx512[l][j] = b[rx.sigma_out[l][j]];
  }
  return k;
}

}  // namespace detail
FASTPRIM_NAMESPACE_END
