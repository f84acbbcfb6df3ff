// Constant-time: yes (bitsliced; no secret-indexed table, no secret-dependent branch).
// fastprim/aes/aes_scalar.hpp: portable AES-128/192/256 kernels, bitsliced on 64-bit words: four
// blocks per pass on u64, eight on the compiler's 2 x u64 generic vector (SSE2 / NEON code, no
// ISA attribute). ISA: none (plain C++). Reference: FIPS 197; S-box circuit of J. Boyar and
// R. Peralta, "A depth-16 circuit for the AES S-box" (2011), 113 gates; the inverse S-box is its
// middle layer between linear layers of our own that fold in the inverse affine map.
//
// Layout (our own): word q[i] holds bit i of all 64 bytes of four blocks. Byte r + 4c of block b
// (row r, column c of the state) sits at bit 16r + 4c + b, so a row is a 16-bit field:
// ShiftRows rotates nibbles inside each field and MixColumns rotates whole rows (by 16 bits).
// On u64x2 those are 16-bit lane shifts and word shuffles (pshuflw/pshufhw/pshufd on SSE2).
// The S-box constant 0x63 is not computed: SubBytes' output lacks it (no NOT gates) and every
// round key after the first carries it instead. MixColumns, ShiftRows and InvMixColumns map a
// state of 0x63 bytes to itself, so the offset passes through them; the inverse S-box's two
// affine constants then cancel (see decrypt_planes). Round keys are stored as u64x2 planes
// (both lanes equal), so the 8-block pass adds them with one load-xor each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fastprim/aes/aes_kernels.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/endian.hpp"
#include "fastprim/detail/secure_zero.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__ARM_NEON)
#include <arm_neon.h>
#endif

FASTPRIM_NAMESPACE_BEGIN
namespace detail::aes::scalar {

using u64 = std::uint64_t;
using u32 = std::uint32_t;

// ---- S-box: Boyar-Peralta; its inverse with our own linear layers ---------------------------
// The published circuit is a linear top layer (input bits to T1..T27 and U0..U7), a non-linear
// middle layer (M1..M63) and a linear bottom layer (M46..M63 to L0..L29 and the output bits).
// SubBytes is that circuit. InvSubBytes keeps its middle layer between two new linear layers:
// on a state that carries the 0x63 offset, InvSubBytes(y) = A'(S'(A'(y ^ 0x63))), with S' = S ^
// 0x63 and A' the linear part of the inverse affine map (y -> rotl1(y) ^ rotl3(y) ^ rotl6(y),
// FIPS 197 5.3.2; its constant 0x05 is the image of 0x63, which the state carries instead), since
// A'(y ^ 0x63) = A^-1(y) and A'(S(z) ^ 0x63) = z^-1. Composing A' into the top layer gives the
// 22 sums the middle layer reads in 23 XORs (27 + 16 with A' apart), into the bottom layer the
// 8 outputs in 35 (38 + 16). We found them with a greedy XOR-count search over the composed
// maps (the top with Boyar and Peralta's distance heuristic, the bottom with Paar's pair-count
// greedy) and checked them on all 256 inputs against the inverse S-box computed from the field
// inverse. (The same search on the forward layers saves 9 XORs, but the deeper circuit measured
// slower with g++ 12.) Plane i holds bit i; for Inv,
// T* and U7 are the published sums of A'(input). Forward: S(x) ^ 0x63 (no NOT gates: the
// constant is folded into the round keys). Inverse: the true InvSubBytes of the offset state.
template <bool Inv, class W>
FASTPRIM_ALWAYS_INLINE void sbox_circuit(W* q) noexcept {
  W T13, T6, T23, T8, T14, T19, U7, T3, T16, T22, T9, T26, T20, T17, T1, T15, T4, T27, T2, T10, T24, T25;
  if constexpr (Inv) {
    T24 = q[0] ^ q[3];
    T23 = q[4] ^ q[7];
    T1 = q[3] ^ q[4];
    T9 = q[0] ^ T1;
    T3 = q[1] ^ T9;
    T25 = q[5] ^ T1;
    T2 = q[6] ^ q[7];
    T10 = T24 ^ T2;
    T8 = q[4] ^ T2;
    T22 = q[4] ^ q[6];
    T20 = T3 ^ T22;
    T19 = T1 ^ T20;
    T13 = T23 ^ T19;
    T4 = q[3] ^ T8;
    T17 = q[5] ^ T19;
    T16 = T9 ^ T17;
    T26 = q[1] ^ T17;
    const W X0 = q[2] ^ q[7];
    U7 = q[5] ^ X0;
    T14 = T20 ^ X0;
    T15 = T1 ^ T14;
    T27 = T10 ^ T15;
    T6 = T8 ^ U7;
  } else {
    const W U0 = q[7];
    const W U1 = q[6];
    const W U2 = q[5];
    const W U3 = q[4];
    const W U4 = q[3];
    const W U5 = q[2];
    const W U6 = q[1];
    U7 = q[0];
    T1 = U0 ^ U3;
    T2 = U0 ^ U5;
    T3 = U0 ^ U6;
    T4 = U3 ^ U5;
    const W T5 = U4 ^ U6;
    T6 = T1 ^ T5;
    const W T7 = U1 ^ U2;
    T8 = U7 ^ T6;
    T9 = U7 ^ T7;
    T10 = T6 ^ T7;
    const W T11 = U1 ^ U5;
    const W T12 = U2 ^ U5;
    T13 = T3 ^ T4;
    T14 = T6 ^ T11;
    T15 = T5 ^ T11;
    T16 = T5 ^ T12;
    T17 = T9 ^ T16;
    const W T18 = U3 ^ U7;
    T19 = T7 ^ T18;
    T20 = T1 ^ T19;
    const W T21 = U6 ^ U7;
    T22 = T7 ^ T21;
    T23 = T2 ^ T22;
    T24 = T2 ^ T10;
    T25 = T20 ^ T17;
    T26 = T3 ^ T16;
    T27 = T1 ^ T12;
  }
  // middle non-linear layer (inversion in GF(2^4)^2), as published
  const W M1 = T13 & T6, M2 = T23 & T8, M3 = T14 ^ M1, M4 = T19 & U7, M5 = M4 ^ M1, M6 = T3 & T16;
  const W M7 = T22 & T9, M8 = T26 ^ M6, M9 = T20 & T17, M10 = M9 ^ M6, M11 = T1 & T15;
  const W M12 = T4 & T27, M13 = M12 ^ M11, M14 = T2 & T10, M15 = M14 ^ M11, M16 = M3 ^ M2;
  const W M17 = M5 ^ T24, M18 = M8 ^ M7, M19 = M10 ^ M15, M20 = M16 ^ M13, M21 = M17 ^ M15;
  const W M22 = M18 ^ M13, M23 = M19 ^ T25, M24 = M22 ^ M23, M25 = M22 & M20, M26 = M21 ^ M25;
  const W M27 = M20 ^ M21, M28 = M23 ^ M25, M29 = M28 & M27, M30 = M26 & M24, M31 = M20 & M23;
  const W M32 = M27 & M31, M33 = M27 ^ M25, M34 = M21 & M22, M35 = M24 & M34, M36 = M24 ^ M25;
  const W M37 = M21 ^ M29, M38 = M32 ^ M33, M39 = M23 ^ M30, M40 = M35 ^ M36, M41 = M38 ^ M40;
  const W M42 = M37 ^ M39, M43 = M37 ^ M38, M44 = M39 ^ M40, M45 = M42 ^ M41, M46 = M44 & T6;
  const W M47 = M40 & T8, M48 = M39 & U7, M49 = M43 & T16, M50 = M38 & T9, M51 = M37 & T17;
  const W M52 = M42 & T15, M53 = M45 & T27, M54 = M41 & T10, M55 = M44 & T13, M56 = M40 & T23;
  const W M57 = M39 & T19, M58 = M43 & T3, M59 = M38 & T22, M60 = M37 & T20, M61 = M42 & T1;
  const W M62 = M45 & T4, M63 = M41 & T2;
  if constexpr (Inv) {
    const W Y0 = M52 ^ M61, Y1 = M59 ^ Y0, Y2 = M58 ^ Y1, Y3 = M62 ^ Y2, Y4 = M49 ^ M50;
    const W Y5 = M54 ^ Y3, Y6 = M48 ^ M56, Y7 = M47 ^ Y4, Y8 = M50 ^ M51, Y9 = M55 ^ M63;
    const W Y10 = M54 ^ Y6, Y11 = M60 ^ Y10, Y12 = M46 ^ Y5, Y13 = Y7 ^ Y11, Y14 = M57 ^ Y13;
    const W Y15 = M62 ^ Y0, Y16 = M47 ^ Y8, Y17 = M46 ^ Y8, Y18 = M63 ^ Y2, Y19 = Y1 ^ Y9;
    const W Y20 = M58 ^ Y15, Y21 = M49 ^ Y5, Y22 = M61 ^ Y9, Y23 = Y6 ^ Y18, Y24 = M53 ^ M57;
    const W Y25 = M53 ^ Y3, Y26 = Y23 ^ Y24;
    q[6] = Y13 ^ Y19;
    q[7] = M51 ^ Y21;
    q[2] = Y12 ^ Y16;
    q[4] = M48 ^ Y12;
    q[0] = M57 ^ Y22;
    q[1] = Y4 ^ Y25;
    q[5] = Y14 ^ Y20;
    q[3] = Y17 ^ Y26;
  } else {
    const W L0 = M61 ^ M62, L1 = M50 ^ M56, L2 = M46 ^ M48, L3 = M47 ^ M55, L4 = M54 ^ M58;
    const W L5 = M49 ^ M61, L6 = M62 ^ L5, L7 = M46 ^ L3, L8 = M51 ^ M59, L9 = M52 ^ M53;
    const W L10 = M53 ^ L4, L11 = M60 ^ L2, L12 = M48 ^ M51, L13 = M50 ^ L0, L14 = M52 ^ M61;
    const W L15 = M55 ^ L1, L16 = M56 ^ L0, L17 = M57 ^ L1, L18 = M58 ^ L8, L19 = M63 ^ L4;
    const W L20 = L0 ^ L1, L21 = L1 ^ L7, L22 = L3 ^ L12, L23 = L18 ^ L2, L24 = L15 ^ L9;
    const W L25 = L6 ^ L10, L26 = L7 ^ L9, L27 = L8 ^ L10, L28 = L11 ^ L14, L29 = L11 ^ L17;
    q[7] = L6 ^ L24;
    q[6] = L16 ^ L26;
    q[5] = L19 ^ L28;
    q[4] = L6 ^ L21;
    q[3] = L20 ^ L22;
    q[2] = L25 ^ L29;
    q[1] = L13 ^ L27;
    q[0] = L6 ^ L23;
  }
}
template <class W>
FASTPRIM_ALWAYS_INLINE void sub_bytes(W* q) noexcept {
  sbox_circuit<false>(q);
}
template <class W>
FASTPRIM_ALWAYS_INLINE void inv_sub_bytes(W* q) noexcept {
  sbox_circuit<true>(q);
}

// Two 64-bit lanes (SSE2 on x86-64, NEON on aarch64, through the compiler's generic vectors):
// lane 0 carries blocks 0..3, lane 1 blocks 4..7. Same constant-time bit operations.
typedef u64 u64x2 __attribute__((vector_size(16)));
typedef std::uint32_t u32x4 __attribute__((vector_size(16)));
typedef std::uint16_t u16x8 __attribute__((vector_size(16)));

// ShiftRows: row r (bits 16r..16r+15) takes new nibble c = old nibble c + r (mod 4), a right
// rotation of the field by 4r bits: rows 2 and 3 by 8 (a byte swap), then rows 1 and 3 by 4.
FASTPRIM_ALWAYS_INLINE u64 shift_rows(u64 x) noexcept {
  const u64 t = (x ^ (x >> 8)) & 0x00FF00FF00000000ull;
  x ^= t ^ (t << 8);
  return (x & 0x0000FFFF0000FFFFull) | ((x >> 4) & 0x0FFF00000FFF0000ull) |
         ((x << 12) & 0xF0000000F0000000ull);
}
// InvShiftRows: new nibble c = old nibble c - r (mod 4), a left rotation by 4r bits.
FASTPRIM_ALWAYS_INLINE u64 inv_shift_rows(u64 x) noexcept {
  const u64 t = (x ^ (x >> 8)) & 0x00FF00FF00000000ull;
  x ^= t ^ (t << 8);
  return (x & 0x0000FFFF0000FFFFull) | ((x << 4) & 0xFFF00000FFF00000ull) |
         ((x >> 12) & 0x000F0000000F0000ull);
}
// On u64x2 a row is a 16-bit lane (lanes 0..3 rows 0..3 of blocks 0..3, lanes 4..7 of 4..7), so
// each ShiftRows is a rotation of every lane by its own count: rotl(v, s) = lo(v * 2^s) |
// hi(v * 2^s) with the 16 x 16 -> 32-bit products (pmullw, pmulhuw: SSE2, the x86-64 baseline),
// or ushl by a vector of left and of right counts (NEON, the aarch64 baseline). Three operations
// per plane instead of twelve. Both are on the data-independent-timing lists of their vendors
// (Intel DOIT, Arm DIT); other targets keep the mask-and-shift form.
#if defined(__SSE2__)
FASTPRIM_ALWAYS_INLINE u64x2 rotl_rows(u64x2 x, short m1, short m2, short m3) noexcept {
  const __m128i k = _mm_setr_epi16(1, m1, m2, m3, 1, m1, m2, m3);
  const __m128i v = reinterpret_cast<__m128i>(x);
  return reinterpret_cast<u64x2>(_mm_or_si128(_mm_mullo_epi16(v, k), _mm_mulhi_epu16(v, k)));
}
// Row r rotated right by 4r bits (left by 16 - 4r): multipliers 1, 2^12, 2^8, 2^4.
FASTPRIM_ALWAYS_INLINE u64x2 shift_rows(u64x2 x) noexcept { return rotl_rows(x, 0x1000, 0x100, 0x10); }
FASTPRIM_ALWAYS_INLINE u64x2 inv_shift_rows(u64x2 x) noexcept { return rotl_rows(x, 0x10, 0x100, 0x1000); }
#elif defined(__ARM_NEON)
FASTPRIM_ALWAYS_INLINE u64x2 rotl_rows(u64x2 x, int16x8_t left, int16x8_t right) noexcept {
  const uint16x8_t v = vreinterpretq_u16_u64(x);
  return vreinterpretq_u64_u16(vorrq_u16(vshlq_u16(v, left), vshlq_u16(v, right)));
}
FASTPRIM_ALWAYS_INLINE u64x2 shift_rows(u64x2 x) noexcept {
  const int16x8_t left = {0, 12, 8, 4, 0, 12, 8, 4}, right = {0, -4, -8, -12, 0, -4, -8, -12};
  return rotl_rows(x, left, right);
}
FASTPRIM_ALWAYS_INLINE u64x2 inv_shift_rows(u64x2 x) noexcept {
  const int16x8_t left = {0, 4, 8, 12, 0, 4, 8, 12}, right = {0, -12, -8, -4, 0, -12, -8, -4};
  return rotl_rows(x, left, right);
}
#else
FASTPRIM_ALWAYS_INLINE u64x2 shift_rows(u64x2 x) noexcept {
  const u16x8 rows23 = {0, 0, 0xFFFF, 0xFFFF, 0, 0, 0xFFFF, 0xFFFF};
  const u16x8 rows13 = {0, 0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0, 0xFFFF};
  u16x8 v = reinterpret_cast<u16x8>(x);
  v ^= (v ^ ((v << 8) | (v >> 8))) & rows23;
  v ^= (v ^ ((v >> 4) | (v << 12))) & rows13;
  return reinterpret_cast<u64x2>(v);
}
FASTPRIM_ALWAYS_INLINE u64x2 inv_shift_rows(u64x2 x) noexcept {
  const u16x8 rows23 = {0, 0, 0xFFFF, 0xFFFF, 0, 0, 0xFFFF, 0xFFFF};
  const u16x8 rows13 = {0, 0xFFFF, 0, 0xFFFF, 0, 0xFFFF, 0, 0xFFFF};
  u16x8 v = reinterpret_cast<u16x8>(x);
  v ^= (v ^ ((v << 8) | (v >> 8))) & rows23;
  v ^= (v ^ ((v << 4) | (v >> 12))) & rows13;
  return reinterpret_cast<u64x2>(v);
}
#endif

// Row r takes row r+1 (mod 4): a 16-bit rotation of each 64-bit word (a word shuffle on u64x2).
FASTPRIM_ALWAYS_INLINE u64 rot_row1(u64 x) noexcept { return (x >> 16) | (x << 48); }
FASTPRIM_ALWAYS_INLINE u64 rot_row2(u64 x) noexcept { return (x >> 32) | (x << 32); }
FASTPRIM_ALWAYS_INLINE u64x2 rot_row1(u64x2 x) noexcept {
  const u16x8 v = reinterpret_cast<u16x8>(x);
  return reinterpret_cast<u64x2>(__builtin_shufflevector(v, v, 1, 2, 3, 0, 5, 6, 7, 4));
}
FASTPRIM_ALWAYS_INLINE u64x2 rot_row2(u64x2 x) noexcept {
  const u32x4 v = reinterpret_cast<u32x4>(x);
  return reinterpret_cast<u64x2>(__builtin_shufflevector(v, v, 1, 0, 3, 2));
}

// out = 2a ^ 3a' ^ a'' ^ a''' = xtime(a ^ a') ^ a' ^ rot2(a ^ a'), a' the next row.
template <class W>
FASTPRIM_ALWAYS_INLINE void mix_columns(W* q) noexcept {
  W a1[8], t[8];
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) {
    a1[i] = rot_row1(q[i]);
    t[i] = q[i] ^ a1[i];
  }
  q[0] = t[7] ^ a1[0] ^ rot_row2(t[0]);
  q[1] = t[0] ^ t[7] ^ a1[1] ^ rot_row2(t[1]);
  q[2] = t[1] ^ a1[2] ^ rot_row2(t[2]);
  q[3] = t[2] ^ t[7] ^ a1[3] ^ rot_row2(t[3]);
  q[4] = t[3] ^ t[7] ^ a1[4] ^ rot_row2(t[4]);
  q[5] = t[4] ^ a1[5] ^ rot_row2(t[5]);
  q[6] = t[5] ^ a1[6] ^ rot_row2(t[6]);
  q[7] = t[6] ^ a1[7] ^ rot_row2(t[7]);
}

// InvMixColumns = MixColumns o (a -> a ^ 4(a ^ a'')), a'' two rows down.
template <class W>
FASTPRIM_ALWAYS_INLINE void inv_mix_columns(W* q) noexcept {
  W w[8];
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) w[i] = q[i] ^ rot_row2(q[i]);
  // 4w: bit i of the product, with x^8 = x^4 + x^3 + x + 1.
  q[0] ^= w[6];
  q[1] ^= w[6] ^ w[7];
  q[2] ^= w[0] ^ w[7];
  q[3] ^= w[1] ^ w[6];
  q[4] ^= w[2] ^ w[6] ^ w[7];
  q[5] ^= w[3] ^ w[7];
  q[6] ^= w[4];
  q[7] ^= w[5];
  mix_columns(q);
}

// ---- into and out of the bitsliced layout -------------------------------------------------------
// The bytes of a 32-bit word to the even bytes of a 64-bit word, and back.
FASTPRIM_ALWAYS_INLINE u64 spread32(u32 x) noexcept {
  u64 v = x;
  v = (v | (v << 16)) & 0x0000FFFF0000FFFFull;
  return (v | (v << 8)) & 0x00FF00FF00FF00FFull;
}
FASTPRIM_ALWAYS_INLINE u32 gather32(u64 v) noexcept {
  v &= 0x00FF00FF00FF00FFull;
  v = (v | (v >> 8)) & 0x0000FFFF0000FFFFull;
  return static_cast<u32>(v | (v >> 16));
}

template <class W>
FASTPRIM_ALWAYS_INLINE void swap_bits(W& x, W& y, u64 lo_mask, int s) noexcept {
  const W t = ((x >> s) ^ y) & lo_mask;
  y ^= t;
  x ^= t << s;
}

// 8x8 bit transpose inside every byte lane across the 8 words (its own inverse): afterwards
// bit j of byte k of q[i] is bit i of byte k of the old q[j].
template <class W>
FASTPRIM_ALWAYS_INLINE void transpose(W* q) noexcept {
#pragma GCC unroll 8
  for (int i = 0; i < 8; i += 2) swap_bits(q[i], q[i + 1], 0x5555555555555555ull, 1);
#pragma GCC unroll 8
  for (int i = 0; i < 8; i += 4) {
    swap_bits(q[i], q[i + 2], 0x3333333333333333ull, 2);
    swap_bits(q[i + 1], q[i + 3], 0x3333333333333333ull, 2);
  }
#pragma GCC unroll 8
  for (int i = 0; i < 4; ++i) swap_bits(q[i], q[i + 4], 0x0F0F0F0F0F0F0F0Full, 4);
}

// Byte k of pre-transpose word X[j] must be the byte at bit position 8k + j = 16r + 4c + b,
// i.e. X[b + 4(c & 1)] holds rows 0..3 of columns c&1 and (c&1)+2, interleaved byte by byte.
FASTPRIM_ALWAYS_INLINE void pre4(const std::byte* in, u64* x) noexcept {
#pragma GCC unroll 8
  for (int b = 0; b < 4; ++b) {
    const std::byte* p = in + 16 * b;
    x[b] = spread32(load_le<u32>(p)) | (spread32(load_le<u32>(p + 8)) << 8);
    x[b + 4] = spread32(load_le<u32>(p + 4)) | (spread32(load_le<u32>(p + 12)) << 8);
  }
}
FASTPRIM_ALWAYS_INLINE void post4(std::byte* out, const u64* x) noexcept {
#pragma GCC unroll 8
  for (int b = 0; b < 4; ++b) {
    std::byte* p = out + 16 * b;
    store_le<u32>(p, gather32(x[b]));
    store_le<u32>(p + 8, gather32(x[b] >> 8));
    store_le<u32>(p + 4, gather32(x[b + 4]));
    store_le<u32>(p + 12, gather32(x[b + 4] >> 8));
  }
}

// 4 blocks (u64 planes) or 8 blocks (u64x2 planes) into and out of the bitsliced form.
FASTPRIM_ALWAYS_INLINE void load_blocks(const std::byte* in, u64* q) noexcept {
  pre4(in, q);
  transpose(q);
}
FASTPRIM_ALWAYS_INLINE void store_blocks(std::byte* out, u64* q) noexcept {
  transpose(q);
  post4(out, q);
}
FASTPRIM_ALWAYS_INLINE void load_blocks(const std::byte* in, u64x2* q) noexcept {
  u64 a[8], b[8];
  pre4(in, a);
  pre4(in + 64, b);
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) q[j] = u64x2{a[j], b[j]};
  transpose(q);
}
FASTPRIM_ALWAYS_INLINE void store_blocks(std::byte* out, u64x2* q) noexcept {
  transpose(q);
  u64 a[8], b[8];
#pragma GCC unroll 8
  for (int j = 0; j < 8; ++j) {
    a[j] = q[j][0];
    b[j] = q[j][1];
  }
  post4(out, a);
  post4(out + 64, b);
}

// ---- rounds ----------------------------------------------------------------------------------
// Round r's key: 8 planes of 16 bytes (the 4-block u64 plane twice), at 128 r.
inline constexpr std::size_t key_stride = 128;

FASTPRIM_ALWAYS_INLINE const std::byte* round_key(const aes_round_keys& ks, std::uint32_t r) noexcept {
  return ks.bytes + key_stride * r;
}

// The key bytes are read through a may_alias type (they are a std::byte array).
typedef u64 u64x2_alias __attribute__((vector_size(16), may_alias));
typedef u64 u64_alias __attribute__((may_alias));

FASTPRIM_ALWAYS_INLINE void add_round_key(u64* q, const std::byte* k) noexcept {
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) q[i] ^= *reinterpret_cast<const u64_alias*>(k + 16 * i);
}
FASTPRIM_ALWAYS_INLINE void add_round_key(u64x2* q, const std::byte* k) noexcept {
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) q[i] ^= *reinterpret_cast<const u64x2_alias*>(k + 16 * i);
}

// Round keys 1..R carry 0x63 (see the file comment): the state after each AddRoundKey is exact.
template <class W>
FASTPRIM_ZERO_REGS_INNER inline void encrypt_planes(const aes_round_keys& ks, W* q) noexcept {
  const std::uint32_t rounds = ks.rounds;
  add_round_key(q, round_key(ks, 0));
  for (std::uint32_t r = 1; r < rounds; ++r) {
    sub_bytes(q);  // S ^ 0x63
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) q[i] = shift_rows(q[i]);
    mix_columns(q);
    add_round_key(q, round_key(ks, r));
  }
  sub_bytes(q);
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) q[i] = shift_rows(q[i]);
  add_round_key(q, round_key(ks, rounds));
}

// The state carries 0x63 after every AddRoundKey but the last (key 0 has none), and
// InvMixColumns keeps it; inv_sub_bytes takes the offset state and returns the exact value.
template <class W>
FASTPRIM_ZERO_REGS_INNER inline void decrypt_planes(const aes_round_keys& ks, W* q) noexcept {
  const std::uint32_t rounds = ks.rounds;
  add_round_key(q, round_key(ks, rounds));
  for (std::uint32_t r = rounds - 1; r > 0; --r) {
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) q[i] = inv_shift_rows(q[i]);
    inv_sub_bytes(q);
    add_round_key(q, round_key(ks, r));
    inv_mix_columns(q);
  }
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) q[i] = inv_shift_rows(q[i]);
  inv_sub_bytes(q);
  add_round_key(q, round_key(ks, 0));
}

// sizeof(W) / 2 blocks (4 or 8) from `in` to `out` (may be equal).
template <class W, bool Enc>
FASTPRIM_ALWAYS_INLINE void crypt_blocks(const aes_round_keys& ks, const std::byte* in,
                                         std::byte* out) noexcept {
  W q[8];
  load_blocks(in, q);
  if constexpr (Enc)
    encrypt_planes(ks, q);
  else
    decrypt_planes(ks, q);
  store_blocks(out, q);
  secure_zero(q, sizeof q);
}

// SubWord for the key expansion, through the same circuit: byte j of `w` in bit j of each plane.
FASTPRIM_ZERO_REGS_INNER inline u32 sub_word(u32 w) noexcept {
  u64 q[8];
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) {
    u64 v = 0;
#pragma GCC unroll 8
    for (int j = 0; j < 4; ++j) v |= static_cast<u64>((w >> (8 * j + i)) & 1u) << j;
    q[i] = v;
  }
  sub_bytes(q);
  u32 r = 0;
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i)
#pragma GCC unroll 8
    for (int j = 0; j < 4; ++j) r |= static_cast<u32>((q[i] >> j) & 1u) << (8 * j + i);
  secure_zero(q, sizeof q);  // key-derived planes
  return r ^ 0x63636363u;    // sub_bytes leaves out the constant
}

FASTPRIM_ZERO_REGS inline void expand_key(aes_round_keys& ks, const std::byte* key,
                                          std::size_t key_len) noexcept {
  u32 w[60];
  const std::uint32_t rounds = aes_expand_words(key, key_len, w, sub_word);
  ks.rounds = rounds;
  std::byte four[64];
  for (std::uint32_t r = 0; r <= rounds; ++r) {
#pragma GCC unroll 8
    for (int b = 0; b < 4; ++b)
#pragma GCC unroll 8
      for (int j = 0; j < 4; ++j)
        store_le<u32>(four + 16 * b + 4 * j, w[4 * r + static_cast<std::uint32_t>(j)]);
    u64 q[8];
    load_blocks(four, q);
    if (r != 0) {  // the S-box constant 0x63: bits 0, 1, 5, 6 (public, not key-dependent)
      q[0] = ~q[0];
      q[1] = ~q[1];
      q[5] = ~q[5];
      q[6] = ~q[6];
    }
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) {
      const u64x2 v = {q[i], q[i]};
      std::memcpy(ks.bytes + key_stride * r + 16 * i, &v, sizeof v);
    }
    secure_zero(q, sizeof q);
  }
  secure_zero(w, sizeof w);
  secure_zero(four, sizeof four);
}

// ---- modes -----------------------------------------------------------------------------------
// Parallel modes take 8 blocks per pass on u64x2 planes, then 4 on u64, then a padded pass.
template <bool Enc>
FASTPRIM_ZERO_REGS_INNER inline void ecb(const aes_round_keys& ks, const std::byte* in, std::byte* out,
                                         std::size_t n) noexcept {
  for (; n >= 8; n -= 8, in += 128, out += 128) crypt_blocks<u64x2, Enc>(ks, in, out);
  for (; n >= 4; n -= 4, in += 64, out += 64) crypt_blocks<u64, Enc>(ks, in, out);
  if (n) {
    std::byte buf[64] = {};
    std::memcpy(buf, in, 16 * n);
    crypt_blocks<u64, Enc>(ks, buf, buf);
    std::memcpy(out, buf, 16 * n);
    secure_zero(buf, sizeof buf);
  }
}

FASTPRIM_ZERO_REGS inline void encrypt_ecb(const aes_round_keys& ks, const std::byte* in, std::byte* out,
                                           std::size_t n) noexcept {
  ecb<true>(ks, in, out, n);
}
FASTPRIM_ZERO_REGS inline void decrypt_ecb(const aes_round_keys& ks, const std::byte* in, std::byte* out,
                                           std::size_t n) noexcept {
  ecb<false>(ks, in, out, n);
}
FASTPRIM_ZERO_REGS inline void encrypt_block(const aes_round_keys& ks, const std::byte* in,
                                             std::byte* out) noexcept {
  ecb<true>(ks, in, out, 1);
}
FASTPRIM_ZERO_REGS inline void decrypt_block(const aes_round_keys& ks, const std::byte* in,
                                             std::byte* out) noexcept {
  ecb<false>(ks, in, out, 1);
}

FASTPRIM_ALWAYS_INLINE void xor16(std::byte* out, const std::byte* a, const std::byte* b) noexcept {
  const u64 lo = load_le<u64>(a) ^ load_le<u64>(b);
  const u64 hi = load_le<u64>(a + 8) ^ load_le<u64>(b + 8);
  store_le<u64>(out, lo);
  store_le<u64>(out + 8, hi);
}

// CBC encryption is one chain: one block per pass (three lanes idle).
FASTPRIM_ZERO_REGS inline void encrypt_cbc(const aes_round_keys& ks, std::byte* iv, const std::byte* in,
                                           std::byte* out, std::size_t n) noexcept {
  std::byte buf[64] = {};
  for (; n > 0; --n, in += 16, out += 16) {
    xor16(buf, in, iv);
    crypt_blocks<u64, true>(ks, buf, buf);
    std::memcpy(iv, buf, 16);
    std::memcpy(out, buf, 16);
  }
  secure_zero(buf, sizeof buf);
}

// P[i] = D(C[i]) ^ C[i-1]; the ciphertext is copied first so that in-place calls work.
FASTPRIM_ZERO_REGS inline void decrypt_cbc(const aes_round_keys& ks, std::byte* iv, const std::byte* in,
                                           std::byte* out, std::size_t n) noexcept {
  std::byte buf[128] = {}, ct[128];
  while (n > 0) {
    const std::size_t m = n >= 8 ? 8 : n < 4 ? n : 4;
    std::memcpy(ct, in, 16 * m);
    std::memcpy(buf, ct, 16 * m);
    if (m == 8)
      crypt_blocks<u64x2, false>(ks, buf, buf);
    else
      crypt_blocks<u64, false>(ks, buf, buf);
    xor16(out, buf, iv);
    for (std::size_t j = 1; j < m; ++j) xor16(out + 16 * j, buf + 16 * j, ct + 16 * (j - 1));
    std::memcpy(iv, ct + 16 * (m - 1), 16);
    in += 16 * m;
    out += 16 * m;
    n -= m;
  }
  secure_zero(buf, sizeof buf);
}

FASTPRIM_ZERO_REGS inline void ctr(const aes_round_keys& ks, const std::byte* iv, std::byte* next,
                                   const std::byte* in, std::byte* out, std::size_t n) noexcept {
  ctr128 c = ctr_load(iv);
  std::byte buf[128];
  while (n > 0) {
    const std::size_t m = n >= 8 ? 8 : n < 4 ? n : 4;
    const std::size_t lanes = m == 8 ? 8 : 4;
    for (std::size_t j = 0; j < lanes; ++j) ctr_store(buf + 16 * j, ctr_add(c, j));
    c = ctr_add(c, m);
    if (m == 8)
      crypt_blocks<u64x2, true>(ks, buf, buf);
    else
      crypt_blocks<u64, true>(ks, buf, buf);
    for (std::size_t j = 0; j < m; ++j) xor16(out + 16 * j, in + 16 * j, buf + 16 * j);
    in += 16 * m;
    out += 16 * m;
    n -= m;
  }
  if (next != nullptr) ctr_store(next, c);
  secure_zero(buf, sizeof buf);
}

inline constexpr aes_mode_kernels modes{encrypt_block, decrypt_block, encrypt_ecb, decrypt_ecb,
                                        encrypt_cbc,   decrypt_cbc,   ctr};

// The bitsliced kernels read the round count from the key schedule: one row for every key size.
inline constexpr aes_kernels kernels{expand_key, {modes, modes, modes}};

}  // namespace detail::aes::scalar
FASTPRIM_NAMESPACE_END
