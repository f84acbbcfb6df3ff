// Constant-time: yes (bitsliced nibble S-boxes by boolean formulas, cell permutations by fixed
// rotates and masks; no tables indexed by secrets, no branches on secrets).
// fastprim/pac/qarma.hpp: the QARMA-64 block cipher as used by Arm ComputePAC (QARMA5 = r 5 with
// sigma2, QARMA3 = r 3 with sigma1), general in the round count r and the S-box (sigma0/1/2) so
// the paper's vectors can be checked. Encryption only. Portable C++ (64-bit words), no ISA
// extension. Also the key schedule shared by every backend (`qarma_keys`, computed once per key).
// Reference: pac-spec.md sections 1-6 (QEMU target/arm/tcg/pauth_helper.c); R. Avanzi, "The
// QARMA Block Cipher Family", IACR ToSC 2017(1).
//
// Layout: a 64-bit word, nibble n = bits [4n+3:4n] = cell n (pac-spec section 1; the paper
// numbers cells the other way round). Rows are the 16-bit quarters, so MixColumns' row
// rotations are 64-bit rotations by 16, 32 and 48.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "fastprim/detail/config.hpp"
#include "fastprim/pac/impdef.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace pac {

// The S-box of a QARMA-64 instance (pac-spec section 3). QARMA5 uses sigma2 (backward rounds
// sigma2^-1), QARMA3 sigma1; sigma0 and sigma1 are involutions.
enum class sbox : std::uint8_t { sigma0, sigma1, sigma2 };

}  // namespace pac

namespace detail {
namespace qarma {

using cell_perm = std::array<std::uint8_t, 16>;  // output cell n = input cell P[n]
using nibble_table = std::array<std::uint8_t, 16>;

inline constexpr std::array<std::uint64_t, 8> rc{
    0x0000000000000000u, 0x13198A2E03707344u, 0xA4093822299F31D0u, 0x082EFA98EC4E6C89u,
    0x452821E638D01377u, 0xBE5466CF34E90C6Cu, 0x3F84D5B5B5470917u, 0x9216D5D98979FB1Bu,
};
inline constexpr std::uint64_t alpha = 0xC0AC29B7C97C50DDu;
inline constexpr unsigned max_rounds = 8;  // RC0..RC7

inline constexpr cell_perm cell_shuffle_perm{13, 6, 11, 0, 7, 12, 1, 10, 8, 3, 14, 5, 2, 9, 4, 15};
inline constexpr cell_perm cell_inv_shuffle_perm{3, 6, 12, 9, 14, 11, 1, 4, 8, 13, 7, 2, 5, 0, 10, 15};
inline constexpr cell_perm tweak_shuffle_perm{4, 5, 6, 7, 11, 2, 3, 8, 12, 13, 14, 15, 0, 1, 10, 9};
inline constexpr std::uint64_t tweak_lfsr_cells = 0xFF0FF000F00F0F00u;  // nibbles 2,4,7,11,12,14,15

inline constexpr nibble_table sigma0{0x0, 0xe, 0x2, 0xa, 0x9, 0xf, 0x8, 0xb,
                                     0x6, 0x4, 0x3, 0x7, 0xd, 0xc, 0x1, 0x5};
inline constexpr nibble_table sigma1{0xa, 0xd, 0xe, 0x6, 0xf, 0x7, 0x3, 0x5,
                                     0x9, 0x8, 0x0, 0xc, 0xb, 0x1, 0x2, 0x4};
inline constexpr nibble_table sigma2{0xb, 0x6, 0x8, 0xf, 0xc, 0x0, 0x9, 0xe,
                                     0x3, 0x7, 0x4, 0x5, 0xd, 0x2, 0x1, 0xa};
inline constexpr nibble_table sigma2_inv{0x5, 0xe, 0xd, 0x8, 0xa, 0xb, 0x1, 0x9,
                                         0x2, 0x6, 0xf, 0x0, 0x4, 0xc, 0x7, 0x3};

constexpr const nibble_table& forward_table(pac::sbox s) noexcept {
  return s == pac::sbox::sigma0 ? sigma0 : s == pac::sbox::sigma1 ? sigma1 : sigma2;
}
constexpr const nibble_table& backward_table(pac::sbox s) noexcept {
  return s == pac::sbox::sigma0 ? sigma0 : s == pac::sbox::sigma1 ? sigma1 : sigma2_inv;
}

inline constexpr std::uint64_t m1 = 0x1111111111111111u;  // bit 0 of every nibble

// ---- straightforward layer definitions (constant expressions, key schedule, tests) -------------
// These index by public constants only (cell positions); the nibble tables are used on key
// material only inside make_qarma_keys, on the public constants S(0).

constexpr std::uint64_t permute_cells(std::uint64_t x, const cell_perm& p) noexcept {
  std::uint64_t y = 0;
  for (unsigned n = 0; n < 16; ++n) y |= ((x >> (4 * p[n])) & 0xF) << (4 * n);
  return y;
}

constexpr std::uint64_t rho(std::uint64_t v) noexcept {  // rotl4 by 1 in every nibble
  return ((v << 1) & 0xEEEEEEEEEEEEEEEEu) | ((v >> 3) & m1);
}
constexpr std::uint64_t rho2(std::uint64_t v) noexcept {  // rotl4 by 2 in every nibble
  return ((v << 2) & 0xCCCCCCCCCCCCCCCCu) | ((v >> 2) & 0x3333333333333333u);
}

// MixColumns: row i' = rho(row i+1) ^ rho^2(row i+2) ^ rho(row i+3) (pac-spec section 4).
constexpr std::uint64_t mix_columns(std::uint64_t x) noexcept {
  return rho(std::rotr(x, 16) ^ std::rotr(x, 48)) ^ rho2(std::rotr(x, 32));
}

// The tweak cell LFSR omega on the nibbles selected by `cells`.
constexpr std::uint64_t tweak_lfsr(std::uint64_t u, std::uint64_t cells) noexcept {
  const std::uint64_t w = ((u >> 1) & 0x7777777777777777u) | (((u ^ (u >> 1)) & m1) << 3);
  return u ^ ((u ^ w) & cells);
}

// ---- fast cell permutations: one rotate and mask per distinct rotation distance ----------------

struct rotation_groups {
  std::array<std::uint64_t, 16> mask{};
  std::array<unsigned, 16> rot{};  // left rotation in bits
  std::size_t count = 0;
};

constexpr rotation_groups make_rotation_groups(const cell_perm& p) noexcept {
  std::array<std::uint64_t, 16> by_distance{};
  for (unsigned n = 0; n < 16; ++n) by_distance[(n - p[n]) & 15] |= std::uint64_t{0xF} << (4 * p[n]);
  rotation_groups g;
  for (unsigned d = 0; d < 16; ++d) {
    if (by_distance[d] == 0) continue;
    g.mask[g.count] = by_distance[d];
    g.rot[g.count] = 4 * d;
    ++g.count;
  }
  return g;
}

template <const cell_perm& P>
inline constexpr rotation_groups groups_of = make_rotation_groups(P);

template <const cell_perm& P>
FASTPRIM_ALWAYS_INLINE constexpr std::uint64_t permute(std::uint64_t x) noexcept {
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (std::rotl(x & groups_of<P>.mask[I], int(groups_of<P>.rot[I])) | ...);
  }
  (std::make_index_sequence<groups_of<P>.count>{});
}

// ---- bitsliced S-boxes ---------------------------------------------------------------------------
// a, b, c, d = input bits 0..3 of every nibble, at bit 0 (the other bits of each nibble hold
// garbage that the final mask drops). The formulas were found by a search over circuits of
// AND/OR/XOR/AND-NOT gates (depth 3-4, 14-17 gates); outputs whose S(0) bit is 1 are computed
// complemented, so each S-box returns S(x) ^ raw_constant, folded into the next key addition.

FASTPRIM_ALWAYS_INLINE constexpr std::uint64_t combine(std::uint64_t o0, std::uint64_t o1, std::uint64_t o2,
                                                       std::uint64_t o3) noexcept {
  return (o0 & m1) + ((o1 & m1) << 1) + ((o2 & m1) << 2) + ((o3 & m1) << 3);
}

template <pac::sbox S, bool Inverse>
inline constexpr std::uint64_t raw_constant = m1*(Inverse ? backward_table(S)[0]
                                                          : forward_table(S)[0]);  // S(0) in every nibble

template <pac::sbox S, bool Inverse>
FASTPRIM_ALWAYS_INLINE constexpr std::uint64_t sub_raw(std::uint64_t x) noexcept {
  const std::uint64_t a = x, b = x >> 1, c = x >> 2, d = x >> 3;
  if constexpr (S == pac::sbox::sigma0) {  // involution; S(0) = 0
    const std::uint64_t ad = a ^ d, ab = a ^ b, bd = b & d, a_nd = a & ~d;
    const std::uint64_t o2 = a ^ (ad & ~ab);
    const std::uint64_t o0 = (c | bd) & ~(ab & ~ad);
    const std::uint64_t o3 = (c | a_nd) & ~bd;
    const std::uint64_t o1 = (b | ad) & ~(c & ~a_nd);
    return combine(o0, o1, o2, o3);
  } else if constexpr (S == pac::sbox::sigma1) {  // involution; S(0) = a: bits 1, 3 complemented
    const std::uint64_t bc = b ^ c, ab_and = a & b, ad = a ^ d, ab_or = a | b;
    const std::uint64_t t4182 = ad & ~bc;
    const std::uint64_t o2 = (a | bc) & ~(d & ~ab_and);
    const std::uint64_t o0 = (c & ~ab_and) ^ t4182;
    const std::uint64_t o1 = t4182 ^ (d & ab_or);
    const std::uint64_t o3 = (b & ad) | (c & ab_or);
    return combine(o0, o1, o2, o3);
  } else if constexpr (!Inverse) {  // sigma2; S(0) = b: bits 0, 1, 3 complemented
    const std::uint64_t ac = a ^ c, b_nd = b & ~d, ab = a ^ b, bd = b | d;
    const std::uint64_t t6f66 = ab | (d & ~c);
    const std::uint64_t o2 = (b & ~a) ^ (ac | b_nd);
    const std::uint64_t o3 = t6f66 & ~b_nd;
    const std::uint64_t o0 = (c | ab) & ~(ac & bd);
    const std::uint64_t o1 = b ^ t6f66 ^ (ac | bd);
    return combine(o0, o1, o2, o3);
  } else {  // sigma2^-1; S(0) = 5: bits 0, 2 complemented
    const std::uint64_t cd = c ^ d, ab = a ^ b, a_nc = a & ~c;
    const std::uint64_t t3bce = a_nc | (b ^ d);
    const std::uint64_t t9090 = c & ~ab;
    const std::uint64_t o2 = (a | cd) & ~(ab & ~(c & ~d));
    const std::uint64_t o1 = (b | c) ^ t3bce;
    const std::uint64_t o3 = cd ^ (t3bce & ~t9090);
    const std::uint64_t o0 = (t3bce | t9090) & ~(b & ~a_nc);
    return combine(o0, o1, o2, o3);
  }
}

// ---- composed linear layers ------------------------------------------------------------------------
FASTPRIM_ALWAYS_INLINE constexpr std::uint64_t mix_shuffle(std::uint64_t x) noexcept {  // M(tau(x))
  return mix_columns(permute<cell_shuffle_perm>(x));
}
FASTPRIM_ALWAYS_INLINE constexpr std::uint64_t inv_mix_shuffle(std::uint64_t x) noexcept {  // tau^-1(M(x))
  return permute<cell_inv_shuffle_perm>(mix_columns(x));
}
FASTPRIM_ALWAYS_INLINE constexpr std::uint64_t tweak_shuffle(std::uint64_t t) noexcept {
  return tweak_lfsr(permute<tweak_shuffle_perm>(t), tweak_lfsr_cells);
}

// One cell per byte (byte n = nibble n), the layout of the SIMD backends.
constexpr std::array<std::uint8_t, 16> to_bytes(std::uint64_t x) noexcept {
  std::array<std::uint8_t, 16> b{};
  for (unsigned n = 0; n < 16; ++n) b[n] = std::uint8_t((x >> (4 * n)) & 0xF);
  return b;
}

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
  unsigned layers = 0;                               // 2r + 1
  bool in_is_e = false;                              // in_from_e is the identity
  bool rho2_unmoved[2 * max_rounds + 1]{};           // layer l leaves term 2 in place
  std::uint8_t sigma_out[2 * max_rounds + 1][16]{};  // layout after layer l
  // byte j of the input layout: natural cell sigma0[j] at its position in the even/odd layout
  alignas(16) std::uint8_t in_from_e[16]{};
  alignas(16) std::uint8_t q2[2 * max_rounds + 1][16]{};
  alignas(16) std::uint8_t q3[2 * max_rounds + 1][16]{};
  alignas(16) std::uint8_t tq[max_rounds][3][16]{};  // forward layer l: natural tweak -> M(tau(t)) terms
  alignas(16) std::uint8_t tsig[2 * max_rounds + 1][16]{};  // natural -> layout after layer l
};

// Term k (1..3) of layer l: output natural cell n reads input natural cell index(l, k, n).
constexpr unsigned relabel_index(unsigned r, unsigned l, unsigned k, unsigned n) noexcept {
  if (l < r) return cell_shuffle_perm[(n + 4 * k) & 15];                          // M o tau
  if (l == r) return cell_shuffle_perm[(cell_inv_shuffle_perm[n] + 4 * k) & 15];  // tau^-1 o M o tau
  return (cell_inv_shuffle_perm[n] + 4 * k) & 15;                                 // tau^-1 o M
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
      t.tsig[l][j] = t.sigma_out[l][j];
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
// single calls have no input position lookup (2 cycles of latency). An exhaustive search over the
// 3^11 sequences (tools/qarma-relabel-search.py, which repeats this arithmetic) finds 286 such
// sequences for r = 5, every one with the rho^2 term unmoved in an odd number of layers (at most
// 9), and none for r = 1, 2 or 3 (r = 4 has 66, r = 6 1362; QARMA3 and the paper's other round
// counts keep the input lookup).
// The portable kernel (`single`, every Highway target but AVX-512) uses the first sequence the
// script prints, the rho^2 term unmoved only in the pseudo-reflector, and a rho term elsewhere.
inline constexpr std::uint8_t simd_relabel_choice_r5[11] = {1, 1, 1, 1, 1, 2, 1, 3, 3, 1, 3};
// The AVX-512 kernel (`single_avx512`) leaves the rho^2 term unmoved in 7 of the 11 layers. Such
// a layer has one pair of critical lookups (its two position lookups) where a layer with a rho
// term unmoved has two (both S-box lookups feed position lookups too). Zen 4, keyed calls in a
// dependent chain (min of 50 x 2000 calls, median of 31, eight interleaved runs of each build, TSC
// ticks as ns): 20.86 ns with this sequence, 20.90-21.03 with five others (three with 7, two with
// 9), 21.38-21.43 with the portable kernel's; the bench's "pac qarma5 one call" rows 21.1-21.6
// against 21.6-21.8 (keyed_pac and hwy_avx3_dl, seven alternating runs of both builds), though a
// harness calling the kernel directly measured both at 20.4-21.0. The portable kernel measured 1.0-1.6 ns
// slower with these sequences on Zen 4 (hwy_avx2, whatever the order of its two XORs), so it keeps
// its own; each kernel has its key layout (qarma_simd_keys).
inline constexpr std::uint8_t simd_relabel_choice_r5_avx512[11] = {1, 1, 2, 2, 2, 3, 1, 2, 2, 2, 2};

// The layouts of one kernel family for r rounds. Other round counts than QARMA5's start with an
// input lookup, and any sequence works: a rho term unmoved in every layer, except for QARMA3 in the
// AVX-512 kernel, which leaves the rho^2 term unmoved in every layer (the bench's keyed QARMA3
// chain 15.7 ns against 16.0-16.2; the rho^2 term everywhere measured slower for the paper's other
// round counts, 13.3 against 13.0-13.1 ns for r = 2 and 30.5 against 28.3-28.4 for r = 7, bench
// group "pac qarma-64 sigma2 one call by rounds").
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
  simd_relabel probe{};
  std::uint8_t ident[16]{};
  for (unsigned j = 0; j < 16; ++j) ident[j] = std::uint8_t(j);
  fill_simd_relabel(probe, r, ident, other);
  std::uint8_t g_inv[16]{}, sigma0[16]{};
  for (unsigned j = 0; j < 16; ++j) g_inv[probe.sigma_out[2 * r][j]] = std::uint8_t(j);
  for (unsigned j = 0; j < 16; ++j) sigma0[j] = g_inv[e[j]];
  simd_relabel t{};
  fill_simd_relabel(t, r, sigma0, other);
  return t;
}

// [r]: the layouts of the portable kernel and of the AVX-512 kernel for r rounds.
inline constexpr simd_relabel simd_relabels[max_rounds + 1] = {{},
                                                               make_simd_relabel(1, false),
                                                               make_simd_relabel(2, false),
                                                               make_simd_relabel(3, false),
                                                               make_simd_relabel(4, false),
                                                               make_simd_relabel(5, false),
                                                               make_simd_relabel(6, false),
                                                               make_simd_relabel(7, false),
                                                               make_simd_relabel(8, false)};
inline constexpr simd_relabel simd_relabels_avx512[max_rounds + 1] = {{},
                                                                      make_simd_relabel(1, true),
                                                                      make_simd_relabel(2, true),
                                                                      make_simd_relabel(3, true),
                                                                      make_simd_relabel(4, true),
                                                                      make_simd_relabel(5, true),
                                                                      make_simd_relabel(6, true),
                                                                      make_simd_relabel(7, true),
                                                                      make_simd_relabel(8, true)};
static_assert(simd_relabels[5].in_is_e && simd_relabels_avx512[5].in_is_e,
              "QARMA5's layer choices must map the e layout onto itself");

}  // namespace qarma

// Everything about a QARMA key that does not depend on data or modifier, for one (r, S-box):
// the scalar backend's round keys, with the S-box output constants folded in.
// (No default member initializers on the arrays: make_qarma_keys writes every word, and a
// one-shot call must not pay for zeroing them first.)
struct qarma_keys {
  std::uint64_t fwd[qarma::max_rounds + 1];  // [0] w0^k0^RC0, [i] k0^RC_i ^ C, [r] w1 ^ C
  std::uint64_t refl = 0;                    // k0 ^ M(tau(C))
  std::uint64_t bwd[qarma::max_rounds + 1];  // [r] w0, [i] k0^RC_i^alpha, [0] k0^RC0^alpha^w1 (^ C')
  std::uint8_t rounds = 0;
  pac::sbox s = pac::sbox::sigma2;

  // Wipes the key material with plain stores the optimiser keeps (no memset call: this runs
  // after every one-shot PAC).
  void wipe() noexcept {
    for (auto& w : fwd) w = 0;
    for (auto& w : bwd) w = 0;
    refl = 0;
    __asm__ __volatile__("" : : "r"(this) : "memory");
  }
};

// The same for the SIMD backends, one cell per byte, unfolded (their S-boxes are exact lookups).
struct qarma_simd_keys {
  // batches: a0; rho and rho^2 of the forward round keys 1..r; tau^-1(k0); backward keys r..0
  alignas(16) std::uint8_t v_fwd0[16]{};
  alignas(16) std::uint8_t v_fwd1[qarma::max_rounds + 1][16]{};
  alignas(16) std::uint8_t v_fwd2[qarma::max_rounds + 1][16]{};
  alignas(16) std::uint8_t v_refl[16]{};
  alignas(16) std::uint8_t v_bwd[qarma::max_rounds + 1][16]{};
  // single calls (simd_relabel): the key part added after layer l, in its output layout (of the
  // portable kernel, simd_relabels, and of the AVX-512 kernel, simd_relabels_avx512); the words
  // added before the first S-box (w0 ^ k0 ^ RC0) and after the last (k0 ^ RC0 ^ alpha ^ w1)
  alignas(16) std::uint8_t v_layer[2 * qarma::max_rounds + 1][16]{};
  alignas(16) std::uint8_t v_layer_avx512[2 * qarma::max_rounds + 1][16]{};
  std::uint64_t first = 0, last = 0;
};

// w0 = KeyHi (whitening key), k0 = KeyLo (core key); pac-spec section 2. `rounds` in 1..8.
FASTPRIM_ZERO_REGS constexpr qarma_keys make_qarma_keys(std::uint64_t key_lo, std::uint64_t key_hi,
                                                        unsigned rounds, pac::sbox s) noexcept {
  using namespace qarma;
  qarma_keys k;
  k.rounds = std::uint8_t(rounds);
  k.s = s;
  const std::uint64_t w0 = key_hi, k0 = key_lo;
  const std::uint64_t w1 = std::rotr(w0, 1) ^ (w0 >> 63);
  const std::uint64_t cf = m1 * forward_table(s)[0], cb = m1 * backward_table(s)[0];
  k.fwd[0] = w0 ^ k0 ^ rc[0];
  for (unsigned i = 1; i <= max_rounds; ++i) k.fwd[i] = i > rounds ? 0 : (i < rounds ? k0 ^ rc[i] : w1) ^ cf;
  k.refl = k0 ^ mix_shuffle(cf);
  const std::uint64_t cb_lin = inv_mix_shuffle(cb);
  for (unsigned i = 0; i <= max_rounds; ++i) {
    if (i > rounds) {
      k.bwd[i] = 0;
      continue;
    }
    const std::uint64_t b = i == rounds ? w0 : i == 0 ? k0 ^ rc[0] ^ alpha ^ w1 : k0 ^ rc[i] ^ alpha;
    k.bwd[i] = b ^ (i == 0 ? cb : cb_lin);
  }
  return k;
}

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
  const simd_relabel& rx = simd_relabels_avx512[rounds];
  for (unsigned l = 0; l < rl.layers; ++l) {
    const std::uint64_t v = l < rounds    ? mix_shuffle(fwd_key(l + 1))  // natural layout
                            : l == rounds ? permute<cell_inv_shuffle_perm>(k0)
                                          : bwd_key(2 * rounds + 1 - l);
    const auto b = to_bytes(v);
    for (unsigned j = 0; j < 16; ++j) k.v_layer[l][j] = b[rl.sigma_out[l][j]];
    for (unsigned j = 0; j < 16; ++j) k.v_layer_avx512[l][j] = b[rx.sigma_out[l][j]];
  }
  return k;
}

// The key schedule of a keyed PAC object, whichever the algorithm (only one part is filled).
struct pac_schedule {
  qarma_keys q{};
  qarma_simd_keys v{};  // filled for keyed objects (any backend may be bound)
  impdef_keys h{};
};

// ---- the kernel table of one backend (adapted by dispatch.hpp) -------------------------------------
// single/batch are indexed by pac::algorithm (qarma5, qarma3, impdef); `qarma_any` serves a
// schedule of any rounds/S-box (the paper's instances); `qarma64` builds the schedule per call.
// Batch: `out[i] = PAC(data[i], modifier[i])` for i < n; `out` may equal `data` or `modifier`.
using pac_single_fn = std::uint64_t (*)(const pac_schedule&, std::uint64_t data,
                                        std::uint64_t modifier) noexcept;
using pac_batch_fn = void (*)(const pac_schedule&, const std::uint64_t* data, const std::uint64_t* modifier,
                              std::uint64_t* out, std::size_t n) noexcept;
using qarma64_fn = std::uint64_t (*)(std::uint64_t p, std::uint64_t t, std::uint64_t w0, std::uint64_t k0,
                                     unsigned rounds, pac::sbox s) noexcept;

struct pac_kernels {
  pac_single_fn single[3];
  pac_batch_fn batch[3];
  pac_single_fn qarma_any;
  pac_batch_fn qarma_any_batch;
  qarma64_fn qarma64;
};

namespace scalar {

// QARMA-64 encryption of `p` under tweak `t`, with the key schedule `k` (any rounds/S-box).
template <pac::sbox S, unsigned R>
FASTPRIM_ALWAYS_INLINE constexpr std::uint64_t qarma_encrypt(const qarma_keys& k, std::uint64_t p,
                                                             std::uint64_t t) noexcept {
  using namespace qarma;
  std::uint64_t tw[R + 1];
  tw[0] = t;
  for (unsigned i = 0; i < R; ++i) tw[i + 1] = tweak_shuffle(tw[i]);

  std::uint64_t x = p ^ k.fwd[0] ^ tw[0];
  for (unsigned i = 1; i <= R; ++i) x = mix_shuffle(sub_raw<S, false>(x) ^ k.fwd[i] ^ tw[i]);
  x = permute<cell_inv_shuffle_perm>(mix_shuffle(sub_raw<S, false>(x)) ^ k.refl);  // central + reflector
  for (unsigned i = R; i >= 1; --i) x = inv_mix_shuffle(sub_raw<S, true>(x)) ^ k.bwd[i] ^ tw[i];
  return sub_raw<S, true>(x) ^ k.bwd[0] ^ tw[0];
}

template <pac::sbox S>
constexpr std::uint64_t qarma_encrypt_any(const qarma_keys& k, std::uint64_t p, std::uint64_t t) noexcept {
  switch (k.rounds) {
    case 1:
      return qarma_encrypt<S, 1>(k, p, t);
    case 2:
      return qarma_encrypt<S, 2>(k, p, t);
    case 3:
      return qarma_encrypt<S, 3>(k, p, t);
    case 4:
      return qarma_encrypt<S, 4>(k, p, t);
    case 5:
      return qarma_encrypt<S, 5>(k, p, t);
    case 6:
      return qarma_encrypt<S, 6>(k, p, t);
    case 7:
      return qarma_encrypt<S, 7>(k, p, t);
    default:
      return qarma_encrypt<S, 8>(k, p, t);
  }
}

// Any QARMA-64 instance from a raw key (the key schedule is built per call).
constexpr std::uint64_t qarma64(std::uint64_t p, std::uint64_t t, std::uint64_t w0, std::uint64_t k0,
                                unsigned rounds, pac::sbox s) noexcept {
  qarma_keys k = make_qarma_keys(k0, w0, rounds, s);
  std::uint64_t c;
  switch (s) {
    case pac::sbox::sigma0:
      c = qarma_encrypt_any<pac::sbox::sigma0>(k, p, t);
      break;
    case pac::sbox::sigma1:
      c = qarma_encrypt_any<pac::sbox::sigma1>(k, p, t);
      break;
    default:
      c = qarma_encrypt_any<pac::sbox::sigma2>(k, p, t);
      break;
  }
  if (!std::is_constant_evaluated()) k.wipe();  // the schedule of this call only
  return c;
}

// ---- kernels with the table's signatures ------------------------------------------------------------

FASTPRIM_ZERO_REGS inline std::uint64_t pac_qarma5_single(const pac_schedule& s, std::uint64_t data,
                                                          std::uint64_t modifier) noexcept {
  return qarma_encrypt<pac::sbox::sigma2, 5>(s.q, data, modifier);
}
FASTPRIM_ZERO_REGS inline std::uint64_t pac_qarma3_single(const pac_schedule& s, std::uint64_t data,
                                                          std::uint64_t modifier) noexcept {
  return qarma_encrypt<pac::sbox::sigma1, 3>(s.q, data, modifier);
}
FASTPRIM_ZERO_REGS inline std::uint64_t pac_impdef_single(const pac_schedule& s, std::uint64_t data,
                                                          std::uint64_t modifier) noexcept {
  return impdef_compute(s.h, data, modifier);
}
FASTPRIM_ZERO_REGS inline std::uint64_t pac_qarma_any_single(const pac_schedule& s, std::uint64_t data,
                                                             std::uint64_t modifier) noexcept {
  switch (s.q.s) {
    case pac::sbox::sigma0:
      return qarma_encrypt_any<pac::sbox::sigma0>(s.q, data, modifier);
    case pac::sbox::sigma1:
      return qarma_encrypt_any<pac::sbox::sigma1>(s.q, data, modifier);
    default:
      return qarma_encrypt_any<pac::sbox::sigma2>(s.q, data, modifier);
  }
}

template <pac_single_fn F>
FASTPRIM_ZERO_REGS inline void pac_batch_of(const pac_schedule& s, const std::uint64_t* data,
                                            const std::uint64_t* modifier, std::uint64_t* out,
                                            std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = F(s, data[i], modifier[i]);
}

FASTPRIM_ZERO_REGS inline std::uint64_t pac_qarma64(std::uint64_t p, std::uint64_t t, std::uint64_t w0,
                                                    std::uint64_t k0, unsigned rounds, pac::sbox s) noexcept {
  return qarma64(p, t, w0, k0, rounds, s);
}

inline constexpr pac_kernels pac_kernels_table{
    {&pac_qarma5_single, &pac_qarma3_single, &pac_impdef_single},
    {&pac_batch_of<&pac_qarma5_single>, &pac_batch_of<&pac_qarma3_single>, &pac_batch_of<&pac_impdef_single>},
    &pac_qarma_any_single,
    &pac_batch_of<&pac_qarma_any_single>,
    &pac_qarma64,
};

}  // namespace scalar
}  // namespace detail
FASTPRIM_NAMESPACE_END
