// Constant-time: yes (hardware SHA instructions; no data-dependent branches or indices).
// fastprim/sha/sha1_x86_shani.hpp: SHA-1 compression with the x86 SHA extensions
// (sha1rnds4/sha1nexte/sha1msg1/sha1msg2, SSSE3 pshufb, SSE4.1 pextrd). FIPS 180-4 section
// 6.1.2. Written for L independent streams; L = 1 is the single-message compress, L > 1 the
// interleaved multi-buffer kernel (sha256_multi_x86_shani.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "fastprim/detail/config.hpp"
#include "fastprim/sha/sha1_scalar.hpp"

#if FASTPRIM_HAVE_X86_SHANI
#include <immintrin.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail {
namespace x86_shani {

// sha1rnds4 takes its round function as an immediate; `f` is a constant after unrolling.
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE __m128i sha1_rnds4(__m128i abcd, __m128i e, int f) noexcept {
  switch (f) {
    case 0:
      return _mm_sha1rnds4_epu32(abcd, e, 0);
    case 1:
      return _mm_sha1rnds4_epu32(abcd, e, 1);
    case 2:
      return _mm_sha1rnds4_epu32(abcd, e, 2);
    default:
      return _mm_sha1rnds4_epu32(abcd, e, 3);
  }
}

// Lane l hashes `nblocks` consecutive blocks at blocks[l] into states[l].
template <std::size_t L>
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE void sha1_compress_lanes(std::uint32_t* const* states,
                                                                          const std::byte* const* blocks,
                                                                          std::size_t nblocks) noexcept {
  // Big-endian words with W0 in the top lane, as sha1rnds4 expects.
  const __m128i reverse = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  __m128i abcd[L], e[L];
  const std::byte* p[L];
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) {
    abcd[l] = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(states[l])), 0x1B);  // ABCD
    e[l] = _mm_set_epi32(static_cast<int>(states[l][4]), 0, 0, 0);                                    // E000
    p[l] = blocks[l];
  }
  for (; nblocks != 0; --nblocks) {
    __m128i abcd0[L], e0[L], m[4][L], ecur[L], prev[L];
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) {
      abcd0[l] = abcd[l];
      e0[l] = e[l];
      for (int j = 0; j < 4; ++j)
        m[j][l] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p[l] + 16 * j)), reverse);
      p[l] += md_block_size;
      ecur[l] = _mm_add_epi32(e[l], m[0][l]);
    }
#pragma GCC unroll 20
    for (int g = 0; g < 20; ++g) {
#pragma GCC unroll 8
      for (std::size_t l = 0; l < L; ++l) {
        prev[l] = abcd[l];
        abcd[l] = sha1_rnds4(abcd[l], ecur[l], g / 5);
        // E of the next four rounds is rol30 of this group's A, folded into its words.
        if (g < 19) ecur[l] = _mm_sha1nexte_epu32(prev[l], m[(g + 1) & 3][l]);
        if (g < 16) {
          // W[t..t+3] = rol1(W[t-3..] ^ W[t-8..] ^ W[t-14..] ^ W[t-16..])
          // sha1msg1 (W[t-16..] ^ W[t-14..]) by palignr and pxor: on Ice Lake every SHA
          // instruction shares one port with sha1rnds4, the chain.
          const __m128i w16 = m[g & 3][l];
          const __m128i x = _mm_xor_si128(_mm_xor_si128(w16, _mm_alignr_epi8(w16, m[(g + 1) & 3][l], 8)),
                                          m[(g + 2) & 3][l]);
          m[g & 3][l] = _mm_sha1msg2_epu32(x, m[(g + 3) & 3][l]);
        }
      }
    }
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) {
      e[l] = _mm_sha1nexte_epu32(prev[l], e0[l]);
      abcd[l] = _mm_add_epi32(abcd[l], abcd0[l]);
    }
  }
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(states[l]), _mm_shuffle_epi32(abcd[l], 0x1B));
    states[l][4] = static_cast<std::uint32_t>(_mm_extract_epi32(e[l], 3));
  }
}

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI inline void sha1_compress(std::uint32_t* state,
                                                                       const std::byte* blocks,
                                                                       std::size_t nblocks) noexcept {
  std::uint32_t* const s[1] = {state};
  const std::byte* const b[1] = {blocks};
  sha1_compress_lanes<1>(s, b, nblocks);
}

}  // namespace x86_shani
}  // namespace detail
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_X86_SHANI
