// Constant-time: yes (hardware SHA instructions; no data-dependent branches or indices).
// fastprim/sha/sha256_x86_shani.hpp: SHA-256 compression with the x86 SHA extensions
// (sha256rnds2/sha256msg1/sha256msg2, SSSE3 pshufb, SSE4.1 pblendw). FIPS 180-4 section 6.2.2.
// The kernel is written for L independent streams at once; L = 1 is the single-message
// compress, L > 1 the interleaved multi-buffer kernel (sha256_multi_x86_shani.hpp) that keeps
// several sha256rnds2 dependency chains in flight.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fastprim/detail/config.hpp"
#include "fastprim/sha/sha256_scalar.hpp"

#if FASTPRIM_HAVE_X86_SHANI
#include <immintrin.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail {
namespace x86_shani {

// Lane l hashes `nblocks` consecutive blocks at blocks[l] into states[l].
template <std::size_t L>
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE void sha256_compress_lanes(std::uint32_t* const* states,
                                                                            const std::byte* const* blocks,
                                                                            std::size_t nblocks) noexcept {
  const __m128i bswap32 = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
  __m128i abef[L], cdgh[L];
  const std::byte* p[L];
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) {
    // sha256rnds2 wants the state as ABEF and CDGH, A and C in the top lane.
    const __m128i dcba = _mm_loadu_si128(reinterpret_cast<const __m128i*>(states[l]));
    const __m128i hgfe = _mm_loadu_si128(reinterpret_cast<const __m128i*>(states[l] + 4));
    const __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    const __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    abef[l] = _mm_alignr_epi8(cdab, efgh, 8);
    cdgh[l] = _mm_blend_epi16(efgh, cdab, 0xF0);
    p[l] = blocks[l];
  }
  for (; nblocks != 0; --nblocks) {
    __m128i abef0[L], cdgh0[L], m[4][L];
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) {
      abef0[l] = abef[l];
      cdgh0[l] = cdgh[l];
      for (int j = 0; j < 4; ++j)
        m[j][l] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p[l] + 16 * j)), bswap32);
      p[l] += md_block_size;
    }
#pragma GCC unroll 16
    for (int g = 0; g < 16; ++g) {
      const __m128i k = _mm_load_si128(reinterpret_cast<const __m128i*>(sha256_k + 4 * g));
#pragma GCC unroll 8
      for (std::size_t l = 0; l < L; ++l) {
        // Two rounds per sha256rnds2; the new ABEF comes out, the old ABEF becomes CDGH.
        __m128i wk = _mm_add_epi32(m[g & 3][l], k);
        __m128i t = _mm_sha256rnds2_epu32(cdgh[l], abef[l], wk);
        cdgh[l] = abef[l];
        abef[l] = t;
        wk = _mm_shuffle_epi32(wk, 0x0E);
        t = _mm_sha256rnds2_epu32(cdgh[l], abef[l], wk);
        cdgh[l] = abef[l];
        abef[l] = t;
        if (g < 12) {
          // W[t..t+3] = sigma1(W[t-2..]) + W[t-7..] + sigma0(W[t-15..]) + W[t-16..]
          __m128i x = _mm_sha256msg1_epu32(m[g & 3][l], m[(g + 1) & 3][l]);
          x = _mm_add_epi32(x, _mm_alignr_epi8(m[(g + 3) & 3][l], m[(g + 2) & 3][l], 4));
          m[g & 3][l] = _mm_sha256msg2_epu32(x, m[(g + 3) & 3][l]);
        }
      }
    }
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) {
      abef[l] = _mm_add_epi32(abef[l], abef0[l]);
      cdgh[l] = _mm_add_epi32(cdgh[l], cdgh0[l]);
    }
  }
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) {
    const __m128i feba = _mm_shuffle_epi32(abef[l], 0x1B);
    const __m128i dchg = _mm_shuffle_epi32(cdgh[l], 0xB1);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(states[l]), _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(states[l] + 4), _mm_alignr_epi8(dchg, feba, 8));
  }
}

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI inline void sha256_compress(std::uint32_t* state,
                                                                         const std::byte* blocks,
                                                                         std::size_t nblocks) noexcept {
  std::uint32_t* const s[1] = {state};
  const std::byte* const b[1] = {blocks};
  sha256_compress_lanes<1>(s, b, nblocks);
}

}  // namespace x86_shani
}  // namespace detail
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_X86_SHANI
