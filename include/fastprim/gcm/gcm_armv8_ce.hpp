// Constant-time: yes (hardware AES and PMULL; no table, no secret-dependent branch or index).
// fastprim/gcm/gcm_armv8_ce.hpp: AES-GCM on the ARMv8 Crypto Extensions: AESE/AESMC for CTR,
// PMULL/PMULL2 for GHASH. The bulk kernels keep 8 counter blocks in flight and hash the
// ciphertext of a group of 8 during the AES rounds of the next (encryption) or the same group
// (decryption), with one reduction per 8 blocks.
// ISA: AArch64 AES + PMULL (FASTPRIM_TARGET_ARMV8_CE); round keys of aes::armv8_ce.
// Reference: NIST SP 800-38D; Gueron & Kounavis, "Intel Carry-Less Multiplication Instruction and
// its Usage for Computing the GCM Mode" (Karatsuba products and the aggregated reduction: sum the
// unreduced products X_i * H^(n-i), reduce once); Arm ARM, PMULL/PMULL2, RBIT.
//
// Bit order: RBIT on every byte turns a GCM block into the polynomial with x^i at bit i of the
// little-endian 128-bit value, so PMULL multiplies it as it stands and the product reduces with
// x^128 = x^7 + x^2 + x + 1 (two PMULLs by 0x87, the top 64 bits first). One RBIT per block in and
// per state in and out replaces the reflected arithmetic of the paper.
#pragma once

#include "fastprim/aes/aes_armv8_ce.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/gcm/gcm_kernels.hpp"

#if FASTPRIM_HAVE_ARMV8_CE
#include <arm_neon.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::gcm::armv8_ce {

using aes::armv8_ce::keys;
using aes::armv8_ce::load;
using aes::armv8_ce::store;

// Layout of gcm_key: for i = 1..8, at 32 * (i - 1), H^i (bit-reversed bytes, lanes x^0..63 and
// x^64..127), then its Karatsuba term hi ^ lo in both lanes. The rest is unused.
inline constexpr std::size_t max_power = 8;
FASTPRIM_ALWAYS_INLINE const std::byte* power(const gcm_key& hk, std::size_t i) noexcept {
  return hk.bytes + 32 * (i - 1);
}

// ---- carry-less products -------------------------------------------------------------------
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE uint8x16_t clmul_lo(uint8x16_t a, uint8x16_t b) noexcept {
  return vreinterpretq_u8_p128(
      vmull_p64(vgetq_lane_p64(vreinterpretq_p64_u8(a), 0), vgetq_lane_p64(vreinterpretq_p64_u8(b), 0)));
}
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE uint8x16_t clmul_hi(uint8x16_t a, uint8x16_t b) noexcept {
  return vreinterpretq_u8_p128(vmull_high_p64(vreinterpretq_p64_u8(a), vreinterpretq_p64_u8(b)));
}
// hi ^ lo of a 128-bit value, in both lanes.
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE uint8x16_t fold_halves(uint8x16_t a) noexcept {
  return veorq_u8(a, vextq_u8(a, a, 8));
}

// The unreduced sum of Karatsuba products: lo = sum a.lo * b.lo, hi = sum a.hi * b.hi,
// mid = sum (a.lo ^ a.hi) * (b.lo ^ b.hi).
struct product_sum {
  uint8x16_t lo, mid, hi;
};

FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE product_sum product(uint8x16_t x,
                                                                    const std::byte* hp) noexcept {
  const uint8x16_t h = load(hp), k = load(hp + 16);
  return {clmul_lo(x, h), clmul_lo(fold_halves(x), k), clmul_hi(x, h)};
}
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE void add_product(product_sum& s, uint8x16_t x,
                                                                 const std::byte* hp) noexcept {
  const product_sum p = product(x, hp);
  s.lo = veorq_u8(s.lo, p.lo);
  s.mid = veorq_u8(s.mid, p.mid);
  s.hi = veorq_u8(s.hi, p.hi);
}

// The 255-bit sum modulo x^128 + x^7 + x^2 + x + 1. With the product as 64-bit words r3:r2:r1:r0,
// r3 * x^192 = (r3 * 0x87) * x^64 lands in r2:r1; then r2 * x^128 = r2 * 0x87 lands in r1:r0.
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE uint8x16_t reduce(const product_sum& s) noexcept {
  const uint8x16_t zero = vdupq_n_u8(0);
  const uint8x16_t p = vreinterpretq_u8_u64(vdupq_n_u64(0x87));
  const uint8x16_t mid = veorq_u8(s.mid, veorq_u8(s.lo, s.hi));
  uint8x16_t lo = veorq_u8(s.lo, vextq_u8(zero, mid, 8));  // r1:r0
  uint8x16_t hi = veorq_u8(s.hi, vextq_u8(mid, zero, 8));  // r3:r2
  const uint8x16_t t = clmul_hi(hi, p);
  lo = veorq_u8(lo, vextq_u8(zero, t, 8));
  hi = veorq_u8(hi, vextq_u8(t, zero, 8));
  return veorq_u8(lo, clmul_lo(hi, p));
}

// A GCM block as the polynomial (and back: RBIT is its own inverse).
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE uint8x16_t poly(uint8x16_t b) noexcept {
  return vrbitq_u8(b);
}

// y' = (y ^ X_0) * H^n ^ X_1 * H^(n-1) ^ ... ^ X_(n-1) * H, for 1 <= n <= 8 blocks at `in`.
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE uint8x16_t ghash_n(const gcm_key& hk, uint8x16_t y,
                                                                   const std::byte* in,
                                                                   std::size_t n) noexcept {
  product_sum s = product(veorq_u8(y, poly(load(in))), power(hk, n));
  for (std::size_t i = 1; i < n; ++i) add_product(s, poly(load(in + 16 * i)), power(hk, n - i));
  return reduce(s);
}
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE uint8x16_t ghash_8(const gcm_key& hk, uint8x16_t y,
                                                                   const std::byte* in) noexcept {
  product_sum s = product(veorq_u8(y, poly(load(in))), power(hk, 8));
#pragma GCC unroll 7
  for (int i = 1; i < 8; ++i)
    add_product(s, poly(load(in + 16 * i)), power(hk, static_cast<std::size_t>(8 - i)));
  return reduce(s);
}

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void init(gcm_key& hk, const std::byte* h) noexcept {
  uint8x16_t p = poly(load(h));
  for (std::size_t i = 1; i <= max_power; ++i) {
    std::byte* e = hk.bytes + 32 * (i - 1);
    store(e, p);
    store(e + 16, fold_halves(p));
    if (i < max_power) p = reduce(product(p, power(hk, 1)));  // H^(i+1) = H^i * H
  }
}

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void ghash(const gcm_key& hk, std::byte* y,
                                                              const std::byte* in,
                                                              std::size_t nblocks) noexcept {
  uint8x16_t acc = poly(load(y));
  for (; nblocks >= 8; nblocks -= 8, in += 128) acc = ghash_8(hk, acc, in);
  if (nblocks != 0) acc = ghash_n(hk, acc, in, nblocks);
  store(y, poly(acc));
}

// ---- the bulk kernels ------------------------------------------------------------------------
// Counter blocks: the block with each 32-bit word byte-swapped, so that lane 3 holds the counter
// as an integer; the caller guarantees no wrap, so a lane add is inc32.
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE uint32x4_t ctr_base(const std::byte* ctr) noexcept {
  return vreinterpretq_u32_u8(vrev32q_u8(load(ctr)));
}
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE uint8x16_t ctr_block(uint32x4_t base,
                                                                     std::uint32_t i) noexcept {
  return vrev32q_u8(vreinterpretq_u8_u32(vaddq_u32(base, vsetq_lane_u32(i, vdupq_n_u32(0), 3))));
}

template <int N>
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE void ctr_blocks(uint8x16_t* x, uint32x4_t base) noexcept {
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = ctr_block(base, static_cast<std::uint32_t>(i));
}

// AES of the 8 counter blocks in `x`, and GHASH of the 8 ciphertext blocks at `c` into `y`: one
// product in each of the first 8 full rounds (there are at least 9), one reduction at the end.
template <int R>
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE uint8x16_t aes8_ghash8(uint8x16_t* x, const keys<R>& K,
                                                                       const gcm_key& hk, uint8x16_t y,
                                                                       const std::byte* c) noexcept {
  product_sum s{};
#pragma GCC unroll 13
  for (int r = 0; r < R - 1; ++r) {
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) x[i] = vaesmcq_u8(vaeseq_u8(x[i], K.k[r]));
    if (r == 0)
      s = product(veorq_u8(y, poly(load(c))), power(hk, 8));
    else if (r < 8)
      add_product(s, poly(load(c + 16 * r)), power(hk, static_cast<std::size_t>(8 - r)));
  }
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) x[i] = veorq_u8(vaeseq_u8(x[i], K.k[R - 1]), K.k[R]);
  return reduce(s);
}

FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE void xor_store(std::byte* out, const std::byte* in,
                                                               const uint8x16_t* x, std::size_t n) noexcept {
#pragma GCC unroll 8
  for (std::size_t i = 0; i < n; ++i) store(out + 16 * i, veorq_u8(x[i], load(in + 16 * i)));
}

// CTR over the last 1..7 blocks: one block alone, else 4 or 8 in flight (the keystream of the
// extra counter blocks is dropped).
template <int R>
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE void ctr_tail(const keys<R>& K, uint32x4_t base,
                                                              const std::byte* in, std::byte* out,
                                                              std::size_t n) noexcept {
  uint8x16_t x[8];
  if (n == 1) {
    ctr_blocks<1>(x, base);
    aes::armv8_ce::enc_n<R, 1>(x, K);
  } else if (n <= 4) {
    ctr_blocks<4>(x, base);
    aes::armv8_ce::enc_n<R, 4>(x, K);
  } else {
    ctr_blocks<8>(x, base);
    aes::armv8_ce::enc_n<R, 8>(x, K);
  }
  xor_store(out, in, x, n);
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void encrypt(const aes_round_keys& ks, const gcm_key& hk,
                                                                const std::byte* ctr, std::byte* y,
                                                                const std::byte* in, std::byte* out,
                                                                std::size_t nblocks) noexcept {
  const keys<R> K(ks.bytes);
  const uint32x4_t eight = vsetq_lane_u32(8, vdupq_n_u32(0), 3);
  uint32x4_t base = ctr_base(ctr);
  uint8x16_t acc = poly(load(y));
  if (nblocks >= 8) {
    // The first group has no ciphertext before it to hash; each later group hashes the previous
    // one, read back from `out` (still in L1), and the last group is hashed after the loop.
    uint8x16_t x[8];
    ctr_blocks<8>(x, base);
    base = vaddq_u32(base, eight);
    aes::armv8_ce::enc_n<R, 8>(x, K);
    xor_store(out, in, x, 8);
    in += 128;
    out += 128;
    nblocks -= 8;
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
      ctr_blocks<8>(x, base);
      base = vaddq_u32(base, eight);
      acc = aes8_ghash8<R>(x, K, hk, acc, out - 128);
      xor_store(out, in, x, 8);
    }
    acc = ghash_8(hk, acc, out - 128);
  }
  if (nblocks != 0) {
    ctr_tail<R>(K, base, in, out, nblocks);
    acc = ghash_n(hk, acc, out, nblocks);
  }
  store(y, poly(acc));
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void decrypt(const aes_round_keys& ks, const gcm_key& hk,
                                                                const std::byte* ctr, std::byte* y,
                                                                const std::byte* in, std::byte* out,
                                                                std::size_t nblocks) noexcept {
  const keys<R> K(ks.bytes);
  const uint32x4_t eight = vsetq_lane_u32(8, vdupq_n_u32(0), 3);
  uint32x4_t base = ctr_base(ctr);
  uint8x16_t acc = poly(load(y));
  // The ciphertext is hashed during its own group's AES, before the plaintext overwrites it.
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    uint8x16_t x[8];
    ctr_blocks<8>(x, base);
    base = vaddq_u32(base, eight);
    acc = aes8_ghash8<R>(x, K, hk, acc, in);
    xor_store(out, in, x, 8);
  }
  if (nblocks != 0) {
    acc = ghash_n(hk, acc, in, nblocks);
    ctr_tail<R>(K, base, in, out, nblocks);
  }
  store(y, poly(acc));
}

template <int R>
inline constexpr gcm_mode_kernels modes{nullptr, encrypt<R>, decrypt<R>};

inline constexpr gcm_kernels kernels{&aes::armv8_ce::kernels, init, ghash, {modes<10>, modes<12>, modes<14>}};

}  // namespace detail::gcm::armv8_ce
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_ARMV8_CE
