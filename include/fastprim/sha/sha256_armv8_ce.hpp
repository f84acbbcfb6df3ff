// Constant-time: yes (hardware SHA-256 instructions; no data-dependent branches or indices).
// fastprim/sha/sha256_armv8_ce.hpp: SHA-256 compression with the ARMv8 Cryptographic Extension
// (SHA256H/SHA256H2/SHA256SU0/SHA256SU1). FIPS 180-4 section 6.2.2.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/md_buffer.hpp"
#include "fastprim/sha/sha256_scalar.hpp"

#if FASTPRIM_HAVE_ARMV8_CE
#include <arm_neon.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::sha::armv8_ce {

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void sha256_compress(std::uint32_t* state,
                                                                        const std::byte* blocks,
                                                                        std::size_t nblocks) noexcept {
  uint32x4_t abcd = vld1q_u32(state);
  uint32x4_t efgh = vld1q_u32(state + 4);
  for (; nblocks != 0; --nblocks, blocks += md_block_size) {
    const uint32x4_t abcd0 = abcd, efgh0 = efgh;
    uint32x4_t m[4];
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j)
      m[j] =
          vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(reinterpret_cast<const std::uint8_t*>(blocks) + 16 * j)));
#pragma GCC unroll 16
    for (int g = 0; g < 16; ++g) {
      const uint32x4_t wk = vaddq_u32(m[g & 3], vld1q_u32(sha256_k + 4 * g));
      // Four rounds: SHA256H updates ABCD, SHA256H2 updates EFGH from the old ABCD.
      const uint32x4_t abcd_in = abcd;
      abcd = vsha256hq_u32(abcd, efgh, wk);
      efgh = vsha256h2q_u32(efgh, abcd_in, wk);
      if (g < 12)
        m[g & 3] = vsha256su1q_u32(vsha256su0q_u32(m[g & 3], m[(g + 1) & 3]), m[(g + 2) & 3], m[(g + 3) & 3]);
    }
    abcd = vaddq_u32(abcd, abcd0);
    efgh = vaddq_u32(efgh, efgh0);
  }
  vst1q_u32(state, abcd);
  vst1q_u32(state + 4, efgh);
}

// One message after another; the instructions' latency leaves room for interleaving, not done yet.
FASTPRIM_ZERO_REGS inline void sha256_batch(const std::span<const std::byte>* msgs, std::size_t n,
                                            std::array<std::byte, 32>* out) noexcept {
  for (std::size_t i = 0; i < n; ++i)
    out[i] = md_oneshot<8, 32>(sha256_iv.data(), msgs[i].data(), msgs[i].size(), 0, sha256_compress);
}

inline constexpr sha256_kernels sha256_table{&sha256_compress, &sha256_batch,
                                             &md_hash_with<8, 32, &sha256_compress>,
                                             &md_hmac_with<8, 32, &sha256_compress>};
constexpr const sha256_kernels* sha256_get() noexcept { return &sha256_table; }

}  // namespace detail::sha::armv8_ce
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_ARMV8_CE
