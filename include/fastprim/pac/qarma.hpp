// Constant-time: yes (bitsliced nibble S-boxes by boolean formulas, cell permutations by fixed
// rotates and masks; no tables indexed by secrets, no branches on secrets).
// fastprim/pac/qarma.hpp: the QARMA-64 block cipher as used by Arm ComputePAC (QARMA5 = r 5 with
// sigma2, QARMA3 = r 3 with sigma1), general in the round count r and the S-box (sigma0/1/2) so
// the paper's vectors can be checked. Encryption only. Portable C++ (64-bit words), no ISA
// extension: the cipher's constants and layers, and the scalar key schedule (`qarma_keys`,
// computed once per key). The scalar backend is pac/pac_scalar.hpp.
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

FASTPRIM_NAMESPACE_BEGIN
namespace pac {

// The S-box of a QARMA-64 instance (pac-spec section 3). QARMA5 uses sigma2 (backward rounds
// sigma2^-1), QARMA3 sigma1; sigma0 and sigma1 are involutions.
enum class sbox : std::uint8_t { sigma0, sigma1, sigma2 };

}  // namespace pac

namespace detail {
// Inside detail, `pac::` names detail::pac (the backends' namespace); the public types it uses:
namespace pac {
using fastprim::pac::sbox;
}

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

// w0 = KeyHi (whitening key), k0 = KeyLo (core key); pac-spec section 2. `rounds` in 1..8.
// Always inlined, for the one-shot pac::compute (constant rounds and S-box fold into it); other
// callers use make_qarma_keys.
FASTPRIM_ALWAYS_INLINE constexpr qarma_keys qarma_keys_of(std::uint64_t key_lo, std::uint64_t key_hi,
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

FASTPRIM_ZERO_REGS constexpr qarma_keys make_qarma_keys(std::uint64_t key_lo, std::uint64_t key_hi,
                                                        unsigned rounds, pac::sbox s) noexcept {
  return qarma_keys_of(key_lo, key_hi, rounds, s);
}

}  // namespace detail
FASTPRIM_NAMESPACE_END
