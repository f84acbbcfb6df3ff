// Constant-time: yes (only additions, rotations and bitwise logic; no tables indexed by data).
// fastprim/sha/sha1_scalar.hpp: portable SHA-1 compression (FIPS 180-4 sections 4.1.1, 4.2.1,
// 6.1.2), usable in constant expressions. ISA: none. Also the scalar batch kernel.
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

// FIPS 180-4 section 5.3.1.
inline constexpr std::array<std::uint32_t, 5> sha1_iv{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476,
                                                      0xc3d2e1f0};

// The kernels of one SHA-1 backend (a table per backend; dispatch.hpp picks one).
struct sha1_kernels {
  // Hashes `nblocks` consecutive 64-byte blocks into `state` (5 words, FIPS 180-4 order).
  void (*compress)(std::uint32_t* state, const std::byte* blocks, std::size_t nblocks) noexcept;
  // Hashes `n` complete, independent messages: out[i] = hash of msgs[i].
  void (*batch)(const std::span<const std::byte>* msgs, std::size_t n,
                std::array<std::byte, 20>* out) noexcept;
  // Whole messages (md_buffer.hpp): a plain or prefixed hash, and an HMAC tag from keyed states.
  md_hash_fn hash;
  md_hmac_fn hmac;
};

namespace sha::scalar {

FASTPRIM_ZERO_REGS constexpr void sha1_compress(std::uint32_t* state, const std::byte* blocks,
                                                std::size_t nblocks) noexcept {
  std::uint32_t w[16] = {};  // the message schedule: wiped before return
  for (; nblocks != 0; --nblocks, blocks += md_block_size) {
    for (int i = 0; i < 16; ++i) w[i] = load_be<std::uint32_t>(blocks + 4 * i);
    std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
    for (int t = 0; t < 80; ++t) {
      if (t >= 16) w[t & 15] = rotl32(w[(t - 3) & 15] ^ w[(t - 8) & 15] ^ w[(t - 14) & 15] ^ w[t & 15], 1);
      std::uint32_t f, k;
      if (t < 20) {
        f = d ^ (b & (c ^ d));
        k = 0x5a827999;
      } else if (t < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (t < 60) {
        f = (b & c) | (d & (b | c));
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      const std::uint32_t tmp = rotl32(a, 5) + f + e + k + w[t & 15];
      e = d;
      d = c;
      c = rotl32(b, 30);
      b = a;
      a = tmp;
    }
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
  }
  secure_zero(w);
}

// K of round t (FIPS 180-4 section 4.2.1).
constexpr std::uint32_t sha1_round_k(int t) noexcept {
  return t < 20 ? 0x5a827999 : t < 40 ? 0x6ed9eba1 : t < 60 ? 0x8f1bbcdc : 0xca62c1d6;
}

// W[t] + K of round t, t = 0..79, of one block: for lane kernels whose lanes share their last
// block (md_shared_last_block), which holds only padding and a length, nothing secret.
inline void sha1_block_wk(const std::byte* block, std::uint32_t* wk) noexcept {
  std::uint32_t w[80];
  for (int t = 0; t < 16; ++t) w[t] = load_be<std::uint32_t>(block + 4 * t);
  for (int t = 16; t < 80; ++t) w[t] = rotl32(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
  for (int t = 0; t < 80; ++t) wk[t] = w[t] + sha1_round_k(t);
}

FASTPRIM_ZERO_REGS inline void sha1_batch(const std::span<const std::byte>* msgs, std::size_t n,
                                          std::array<std::byte, 20>* out) noexcept {
  for (std::size_t i = 0; i < n; ++i)
    out[i] = md_oneshot<5, 20>(sha1_iv.data(), msgs[i].data(), msgs[i].size(), 0, sha1_compress);
}

inline constexpr sha1_kernels sha1_table{&sha1_compress, &sha1_batch, &md_hash_with<5, 20, &sha1_compress>,
                                         &md_hmac_with<5, 20, &sha1_compress>};
constexpr const sha1_kernels* sha1_get() noexcept { return &sha1_table; }

}  // namespace sha::scalar
}  // namespace detail
FASTPRIM_NAMESPACE_END
