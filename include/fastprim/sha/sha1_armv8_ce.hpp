// Constant-time: yes (hardware SHA-1 instructions; no data-dependent branches or indices).
// fastprim/sha/sha1_armv8_ce.hpp: SHA-1 compression with the ARMv8 Cryptographic Extension
// (SHA1C/SHA1P/SHA1M/SHA1H/SHA1SU0/SHA1SU1). FIPS 180-4 section 6.1.2.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/md_buffer.hpp"
#include "fastprim/sha/sha1_scalar.hpp"

#if FASTPRIM_HAVE_ARMV8_CE
#include <arm_neon.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::sha::armv8_ce {

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void sha1_compress(std::uint32_t* state,
                                                                      const std::byte* blocks,
                                                                      std::size_t nblocks) noexcept {
  // FIPS 180-4 section 4.2.1, one constant per 20 rounds.
  constexpr std::uint32_t k[4] = {0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6};
  uint32x4_t abcd = vld1q_u32(state);
  std::uint32_t e = state[4];
  for (; nblocks != 0; --nblocks, blocks += md_block_size) {
    const uint32x4_t abcd0 = abcd;
    uint32x4_t m[4];
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j)
      m[j] =
          vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(reinterpret_cast<const std::uint8_t*>(blocks) + 16 * j)));
    std::uint32_t ecur = e;
#pragma GCC unroll 20
    for (int g = 0; g < 20; ++g) {
      const uint32x4_t wk = vaddq_u32(m[g & 3], vdupq_n_u32(k[g / 5]));
      // After four rounds E is rol30 of this group's A.
      const std::uint32_t enext = vsha1h_u32(vgetq_lane_u32(abcd, 0));
      if (g < 5)
        abcd = vsha1cq_u32(abcd, ecur, wk);
      else if (g < 10)
        abcd = vsha1pq_u32(abcd, ecur, wk);
      else if (g < 15)
        abcd = vsha1mq_u32(abcd, ecur, wk);
      else
        abcd = vsha1pq_u32(abcd, ecur, wk);
      ecur = enext;
      if (g < 16)
        m[g & 3] = vsha1su1q_u32(vsha1su0q_u32(m[g & 3], m[(g + 1) & 3], m[(g + 2) & 3]), m[(g + 3) & 3]);
    }
    abcd = vaddq_u32(abcd, abcd0);
    e += ecur;
  }
  vst1q_u32(state, abcd);
  state[4] = e;
}

FASTPRIM_ZERO_REGS inline void sha1_batch(const std::span<const std::byte>* msgs, std::size_t n,
                                          std::array<std::byte, 20>* out) noexcept {
  for (std::size_t i = 0; i < n; ++i)
    out[i] = md_oneshot<5, 20>(sha1_iv.data(), msgs[i].data(), msgs[i].size(), 0, sha1_compress);
}

inline constexpr sha1_kernels sha1_table{&sha1_compress, &sha1_batch, &md_hash_with<5, 20, &sha1_compress>,
                                         &md_hmac_with<5, 20, &sha1_compress>};
constexpr const sha1_kernels* sha1_get() noexcept { return &sha1_table; }

}  // namespace detail::sha::armv8_ce
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_ARMV8_CE
