// fastprim/gcm/gcm_kernels.hpp: what every AES-GCM backend shares: the GHASH key storage, the
// kernel table type, the counter arithmetic of SP 800-38D (inc32), and the generic kernels that
// build GCM from a backend's AES-CTR and GHASH kernels.
// ISA: none (portable C++). Constant-time: yes; branches and indices depend only on public lengths.
// Reference: NIST SP 800-38D (GCM and GMAC), sections 6 and 7.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fastprim/aes/aes_kernels.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/endian.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

// The hash subkey H = E_K(0^128) and whatever the backend derives from it (powers of H, Karatsuba
// halves), in the backend's own layout. Wiped with the key.
struct gcm_key {
  alignas(64) std::byte bytes[2048];
};

// The bulk kernels of one backend and key size. `nblocks` full blocks; `in == out` allowed, no other
// overlap. `ctr` is the counter block of the first block. It is public (the driver calls these
// kernels only for a 12-byte IV, so they may branch on it) and its low 32 bits do not wrap within
// the call (so inc32 and a 128-bit increment agree); the caller advances it itself. `y` is the
// GHASH state (16 bytes, the bit string of SP 800-38D), updated with the ciphertext blocks.
struct gcm_mode_kernels {
  // One whole message with a 12-byte IV (J0 = IV || 0^31 || 1; the driver has checked the SP 800-38D
  // limits, so the counter cannot wrap): `out` (in == out allowed) and the 16-byte tag before
  // truncation. `encrypt` chooses seal (hash `out`) or open (hash `in`; the driver compares the tag
  // and wipes `out` on a mismatch). `tag` is the driver's own 16 bytes (a kernel may use it as
  // scratch). nullptr: the driver composes it from the kernels below.
  void (*message)(const aes_round_keys& ks, const gcm_key& hk, const std::byte* iv12, const std::byte* aad,
                  std::size_t aad_len, const std::byte* in, std::byte* out, std::size_t len, std::byte* tag,
                  bool encrypt) noexcept;
  void (*encrypt)(const aes_round_keys& ks, const gcm_key& hk, const std::byte* ctr, std::byte* y,
                  const std::byte* in, std::byte* out, std::size_t nblocks) noexcept;
  void (*decrypt)(const aes_round_keys& ks, const gcm_key& hk, const std::byte* ctr, std::byte* y,
                  const std::byte* in, std::byte* out, std::size_t nblocks) noexcept;
};

// One backend: the AES kernels whose round keys it takes (the same backend's), the GHASH key set-up
// from H, GHASH over full blocks (y = (y ^ X_i) * H for each block X_i), and the bulk kernels for
// 10, 12 and 14 rounds (index rounds_index(rounds)).
struct gcm_kernels {
  const aes_kernels* aes;
  void (*init)(gcm_key& hk, const std::byte* h) noexcept;
  void (*ghash)(const gcm_key& hk, std::byte* y, const std::byte* in, std::size_t nblocks) noexcept;
  gcm_mode_kernels by_rounds[3];
};

// ---- inc32 (SP 800-38D 6.2): the last 4 bytes are a big-endian counter modulo 2^32 ----------------
FASTPRIM_ALWAYS_INLINE std::uint32_t gcm_ctr32(const std::byte* c) noexcept {
  return load_be<std::uint32_t>(c + 12);
}
FASTPRIM_ALWAYS_INLINE void gcm_inc32(std::byte* c, std::uint32_t n) noexcept {
  store_be<std::uint32_t>(c + 12, gcm_ctr32(c) + n);
}

// ---- the generic bulk kernels: the backend's CTR kernel, then its GHASH over the ciphertext ----
// For backends without a fused loop; chunks of 4 KiB keep the second pass in L1. In place works:
// decryption hashes each chunk before it overwrites it.
inline constexpr std::size_t gcm_generic_chunk = 256;  // blocks

template <auto Ctr, auto Ghash, bool Encrypt>
FASTPRIM_ALWAYS_INLINE void gcm_generic(const aes_round_keys& ks, const gcm_key& hk, const std::byte* ctr,
                                        std::byte* y, const std::byte* in, std::byte* out,
                                        std::size_t nblocks) noexcept {
  alignas(16) std::byte c[16];
  std::memcpy(c, ctr, 16);
  while (nblocks != 0) {
    const std::size_t n = nblocks < gcm_generic_chunk ? nblocks : gcm_generic_chunk;
    if (!Encrypt) Ghash(hk, y, in, n);
    Ctr(ks, c, nullptr, in, out, n);
    if (Encrypt) Ghash(hk, y, out, n);
    gcm_inc32(c, static_cast<std::uint32_t>(n));
    in += 16 * n;
    out += 16 * n;
    nblocks -= n;
  }
}

}  // namespace detail
FASTPRIM_NAMESPACE_END
