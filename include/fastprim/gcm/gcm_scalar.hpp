// Constant-time: yes (GHASH from integer multiplies with holes, no table and no secret-dependent
// branch; AES is the bitsliced scalar backend).
// fastprim/gcm/gcm_scalar.hpp: portable AES-GCM: the bitsliced AES-CTR kernel, then a constant-time
// GHASH. ISA: none (plain C++, 64-bit integer multiplies).
//
// Carry-less multiplication: the idea of BearSSL's ghash_ctmul64 (Thomas Pornin), written anew.
// Split each 32-bit operand into four, keeping every fourth bit; an integer product of two such
// parts has at most 8 terms per bit position, so its carries never reach the next bit of the same
// class, and masking keeps the carry-less result. Blocks are big-endian integers (bit 127 is the
// coefficient of x^0, SP 800-38D 6.3): the 255-bit product, shifted left by one, has the low-degree
// half on top, and the top half folds in as x^128 = x^7 + x^2 + x + 1 with right shifts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fastprim/aes/aes_scalar.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/endian.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/gcm/gcm_kernels.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail::gcm::scalar {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
using u128 = unsigned __int128;

// Carry-less 32 x 32 -> 64 bits.
FASTPRIM_ALWAYS_INLINE u64 clmul32(u32 x, u32 y) noexcept {
  const u64 x0 = x & 0x11111111u, x1 = x & 0x22222222u, x2 = x & 0x44444444u, x3 = x & 0x88888888u;
  const u64 y0 = y & 0x11111111u, y1 = y & 0x22222222u, y2 = y & 0x44444444u, y3 = y & 0x88888888u;
  const u64 z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
  const u64 z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
  const u64 z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
  const u64 z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
  return (z0 & 0x1111111111111111u) | (z1 & 0x2222222222222222u) | (z2 & 0x4444444444444444u) |
         (z3 & 0x8888888888888888u);
}

// Carry-less 64 x 64 -> 128 bits (Karatsuba over 32-bit halves).
FASTPRIM_ALWAYS_INLINE u128 clmul64(u64 a, u64 b) noexcept {
  const u32 a0 = static_cast<u32>(a), a1 = static_cast<u32>(a >> 32);
  const u32 b0 = static_cast<u32>(b), b1 = static_cast<u32>(b >> 32);
  const u64 lo = clmul32(a0, b0), hi = clmul32(a1, b1);
  const u64 mid = clmul32(a0 ^ a1, b0 ^ b1) ^ lo ^ hi;
  return ((static_cast<u128>(hi) << 64) | lo) ^ (static_cast<u128>(mid) << 32);
}

// X * H in GF(2^128) (SP 800-38D 6.3), both big-endian integers of their blocks.
FASTPRIM_ALWAYS_INLINE u128 gf_mul(u128 x, u128 h) noexcept {
  const u64 xh = static_cast<u64>(x >> 64), xl = static_cast<u64>(x);
  const u64 hh = static_cast<u64>(h >> 64), hl = static_cast<u64>(h);
  const u128 lo = clmul64(xl, hl), hi = clmul64(xh, hh);
  const u128 mid = clmul64(xl ^ xh, hl ^ hh) ^ lo ^ hi;
  // The 255-bit product is hi:lo ^ mid << 64; shifted left by one, `top` holds x^0..x^127.
  u128 top = hi ^ (mid >> 64);
  u128 bot = lo ^ (mid << 64);
  top = (top << 1) | (bot >> 127);
  bot <<= 1;
  // Fold x^(128+j) into x^j, x^(j+1), x^(j+2), x^(j+7); the bits that fall off the end fold once more.
  const u128 d = (bot << 127) ^ (bot << 126) ^ (bot << 121);
  return top ^ bot ^ (bot >> 1) ^ (bot >> 2) ^ (bot >> 7) ^ d ^ (d >> 1) ^ (d >> 2) ^ (d >> 7);
}

FASTPRIM_ALWAYS_INLINE u128 load_block(const std::byte* p) noexcept {
  return (static_cast<u128>(load_be<u64>(p)) << 64) | load_be<u64>(p + 8);
}
FASTPRIM_ALWAYS_INLINE void store_block(std::byte* p, u128 v) noexcept {
  store_be<u64>(p, static_cast<u64>(v >> 64));
  store_be<u64>(p + 8, static_cast<u64>(v));
}

// Layout of gcm_key: H as its block.
FASTPRIM_ZERO_REGS inline void init(gcm_key& hk, const std::byte* h) noexcept {
  std::memcpy(hk.bytes, h, 16);
}

FASTPRIM_ZERO_REGS inline void ghash(const gcm_key& hk, std::byte* y, const std::byte* in,
                                     std::size_t nblocks) noexcept {
  const u128 h = load_block(hk.bytes);
  u128 acc = load_block(y);
  for (std::size_t i = 0; i < nblocks; ++i) acc = gf_mul(acc ^ load_block(in + 16 * i), h);
  store_block(y, acc);
}

FASTPRIM_ZERO_REGS inline void encrypt(const aes_round_keys& ks, const gcm_key& hk, const std::byte* ctr,
                                       std::byte* y, const std::byte* in, std::byte* out,
                                       std::size_t nblocks) noexcept {
  gcm_generic<&aes::scalar::ctr, &ghash, true>(ks, hk, ctr, y, in, out, nblocks);
}
FASTPRIM_ZERO_REGS inline void decrypt(const aes_round_keys& ks, const gcm_key& hk, const std::byte* ctr,
                                       std::byte* y, const std::byte* in, std::byte* out,
                                       std::size_t nblocks) noexcept {
  gcm_generic<&aes::scalar::ctr, &ghash, false>(ks, hk, ctr, y, in, out, nblocks);
}

inline constexpr gcm_mode_kernels modes{nullptr, encrypt, decrypt};
inline constexpr gcm_kernels kernels{&aes::scalar::kernels, init, ghash, {modes, modes, modes}};

}  // namespace detail::gcm::scalar
FASTPRIM_NAMESPACE_END
