// fastprim/xts/xts_kernels.hpp: what every AES-XTS backend shares: the kernel table type, the
// multiplication of a tweak by alpha, and the generic kernel that builds XTS from a backend's ECB
// kernel.
// ISA: none (portable C++). Constant-time: yes; the tweak is secret, so alpha-multiplication uses a
// mask, not a branch; branches and indices depend only on public lengths.
// References: IEEE Std 1619-2007 (XTS-AES), 5.2 and 5.3; NIST SP 800-38E.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fastprim/aes/aes_kernels.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/endian.hpp"
#include "fastprim/detail/secure_zero.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

// The bulk kernels of one backend and key size: `nblocks` full blocks of one data unit with the
// data key's schedule `ks` (encryption or decryption rounds, as the backend's ECB kernels use them).
// `t` is the tweak of the first block, T_j = E_K2(i) * alpha^j (16 bytes, secret); on return it is
// the tweak of the block after the last. `in == out` allowed, no other overlap.
// Optional, nullptr where a backend has none: `nunits` data units of `nblocks` blocks each (a
// multiple of xts_units_step), back to back; unit i starts from the tweak t0s + 16 i (16 bytes,
// secret, read only). For encrypt_sectors: one loop over every unit, so the next unit's first
// tweaks can be computed while the last blocks of the one before are in flight.
inline constexpr std::size_t xts_units_step = 32;  // blocks
struct xts_mode_kernels {
  void (*encrypt)(const aes_round_keys& ks, std::byte* t, const std::byte* in, std::byte* out,
                  std::size_t nblocks) noexcept;
  void (*decrypt)(const aes_round_keys& ks, std::byte* t, const std::byte* in, std::byte* out,
                  std::size_t nblocks) noexcept;
  void (*encrypt_units)(const aes_round_keys& ks, const std::byte* t0s, const std::byte* in, std::byte* out,
                        std::size_t nunits, std::size_t nblocks) noexcept;
  void (*decrypt_units)(const aes_round_keys& ks, const std::byte* t0s, const std::byte* in, std::byte* out,
                        std::size_t nunits, std::size_t nblocks) noexcept;
};

// One backend: the AES kernels whose round keys it takes (the same backend's: key expansion, the
// tweak encryption E_K2 and the stolen blocks), and the bulk kernels for 10, 12 and 14 rounds.
struct xts_kernels {
  const aes_kernels* aes;
  xts_mode_kernels by_rounds[3];
};

// ---- T * alpha in GF(2^128) (IEEE 1619 5.2): the block is a little-endian 128-bit integer; shift
// left by one and fold the carry out of bit 127 back as x^7 + x^2 + x + 1 (0x87) -------------------
struct xts_tweak {
  std::uint64_t lo, hi;
};
FASTPRIM_ALWAYS_INLINE xts_tweak xts_load(const std::byte* t) noexcept {
  return {load_le<std::uint64_t>(t), load_le<std::uint64_t>(t + 8)};
}
FASTPRIM_ALWAYS_INLINE void xts_store(std::byte* t, xts_tweak x) noexcept {
  store_le<std::uint64_t>(t, x.lo);
  store_le<std::uint64_t>(t + 8, x.hi);
}
FASTPRIM_ALWAYS_INLINE xts_tweak xts_mul_alpha(xts_tweak x) noexcept {
  const std::uint64_t carry = 0 - (x.hi >> 63);  // all ones if bit 127 is set: a mask, no branch
  return {(x.lo << 1) ^ (carry & 0x87u), (x.hi << 1) | (x.lo >> 63)};
}

// ---- the generic kernel: tweaks for a chunk, in ^ T, the backend's ECB kernel, ^ T again ----------
// For backends without a fused loop. Chunks of 32 blocks keep the tweaks and the three passes in
// L1; the tweak buffer is wiped. In place works (each pass is element-wise).
inline constexpr std::size_t xts_generic_chunk = 32;  // blocks

// out = a ^ b over m blocks, 8 bytes at a time (byte loops are not vectorised at -O2).
FASTPRIM_ALWAYS_INLINE void xts_xor_words(std::byte* out, const std::byte* a, const std::byte* b,
                                          std::size_t m) noexcept {
  for (std::size_t i = 0; i < 2 * m; ++i) {
    std::uint64_t x, y;
    std::memcpy(&x, a + 8 * i, 8);
    std::memcpy(&y, b + 8 * i, 8);
    x ^= y;
    std::memcpy(out + 8 * i, &x, 8);
  }
}

template <auto Ecb>
FASTPRIM_ZERO_REGS inline void xts_generic(const aes_round_keys& ks, std::byte* t, const std::byte* in,
                                           std::byte* out, std::size_t nblocks) noexcept {
  alignas(64) std::byte tw[16 * xts_generic_chunk];
  xts_tweak x = xts_load(t);
  while (nblocks != 0) {
    const std::size_t m = nblocks < xts_generic_chunk ? nblocks : xts_generic_chunk;
    for (std::size_t i = 0; i < m; ++i) {
      xts_store(tw + 16 * i, x);
      x = xts_mul_alpha(x);
    }
    xts_xor_words(out, in, tw, m);
    Ecb(ks, out, out, m);
    xts_xor_words(out, out, tw, m);
    in += 16 * m;
    out += 16 * m;
    nblocks -= m;
  }
  xts_store(t, x);
  secure_zero(tw, sizeof tw);
}

}  // namespace detail
FASTPRIM_NAMESPACE_END
