// Constant-time: yes (only additions, rotations and bitwise logic; no tables indexed by data).
// fastprim/sha/sha256_scalar.hpp: portable SHA-256 compression (FIPS 180-4 sections 4.1.2,
// 4.2.2, 6.2.2), usable in constant expressions. ISA: none. Also the scalar batch kernel (one
// message after another) and the constants shared with the hardware backends.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/endian.hpp"
#include "fastprim/detail/md_buffer.hpp"
#include "fastprim/detail/secure_zero.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

// FIPS 180-4 section 5.3.3.
inline constexpr std::array<std::uint32_t, 8> sha256_iv{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

// FIPS 180-4 section 4.2.2.
alignas(64) inline constexpr std::uint32_t sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

// The kernels of one SHA-256 backend (a table per backend; dispatch.hpp picks one).
struct sha256_kernels {
  // Hashes `nblocks` consecutive 64-byte blocks into `state` (8 words, FIPS 180-4 order).
  void (*compress)(std::uint32_t* state, const std::byte* blocks, std::size_t nblocks) noexcept;
  // Hashes `n` complete, independent messages: out[i] = hash of msgs[i].
  void (*batch)(const std::span<const std::byte>* msgs, std::size_t n,
                std::array<std::byte, 32>* out) noexcept;
  // Whole messages (md_buffer.hpp): a plain or prefixed hash, and an HMAC tag from keyed states.
  md_hash_fn hash;
  md_hmac_fn hmac;
};

namespace sha::scalar {

FASTPRIM_ZERO_REGS constexpr void sha256_compress(std::uint32_t* state, const std::byte* blocks,
                                                  std::size_t nblocks) noexcept {
  std::uint32_t w[16] = {};  // the message schedule: wiped before return
  for (; nblocks != 0; --nblocks, blocks += md_block_size) {
    for (int i = 0; i < 16; ++i) w[i] = load_be<std::uint32_t>(blocks + 4 * i);
    std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    std::uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int t = 0; t < 64; ++t) {
      if (t >= 16) {
        const std::uint32_t w15 = w[(t - 15) & 15], w2 = w[(t - 2) & 15];
        const std::uint32_t s0 = rotl32(w15, 25) ^ rotl32(w15, 14) ^ (w15 >> 3);
        const std::uint32_t s1 = rotl32(w2, 15) ^ rotl32(w2, 13) ^ (w2 >> 10);
        w[t & 15] += s0 + w[(t - 7) & 15] + s1;
      }
      const std::uint32_t t1 =
          h + (rotl32(e, 26) ^ rotl32(e, 21) ^ rotl32(e, 7)) + (g ^ (e & (f ^ g))) + sha256_k[t] + w[t & 15];
      const std::uint32_t t2 = (rotl32(a, 30) ^ rotl32(a, 19) ^ rotl32(a, 10)) + ((a & b) | (c & (a | b)));
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
  }
  secure_zero(w);
}

// W[t] + K[t], t = 0..63, of one block: for lane kernels whose lanes share their last block
// (md_shared_last_block), which holds only padding and a length, nothing secret.
inline void sha256_block_wk(const std::byte* block, std::uint32_t* wk) noexcept {
  std::uint32_t w[64];
  for (int t = 0; t < 16; ++t) w[t] = load_be<std::uint32_t>(block + 4 * t);
  for (int t = 16; t < 64; ++t)
    w[t] = w[t - 16] + (rotl32(w[t - 15], 25) ^ rotl32(w[t - 15], 14) ^ (w[t - 15] >> 3)) + w[t - 7] +
           (rotl32(w[t - 2], 15) ^ rotl32(w[t - 2], 13) ^ (w[t - 2] >> 10));
  for (int t = 0; t < 64; ++t) wk[t] = w[t] + sha256_k[t];
}

FASTPRIM_ZERO_REGS inline void sha256_batch(const std::span<const std::byte>* msgs, std::size_t n,
                                            std::array<std::byte, 32>* out) noexcept {
  for (std::size_t i = 0; i < n; ++i)
    out[i] = md_oneshot<8, 32>(sha256_iv.data(), msgs[i].data(), msgs[i].size(), 0, sha256_compress);
}

inline constexpr sha256_kernels sha256_table{&sha256_compress, &sha256_batch,
                                             &md_hash_with<8, 32, &sha256_compress>,
                                             &md_hmac_with<8, 32, &sha256_compress>};
constexpr const sha256_kernels* sha256_get() noexcept { return &sha256_table; }

}  // namespace sha::scalar
}  // namespace detail
FASTPRIM_NAMESPACE_END
