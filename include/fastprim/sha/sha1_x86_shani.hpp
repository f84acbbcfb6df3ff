// Constant-time: yes (hardware SHA instructions; no data-dependent branches or indices).
// fastprim/sha/sha1_x86_shani.hpp: SHA-1 compression with the x86 SHA extensions
// (sha1rnds4/sha1nexte/sha1msg2, SSSE3 pshufb, SSE4.1 pextrd; the rounds are in
// sha1_x86_shani_rounds.hpp). FIPS 180-4 section 6.1.2. Written for L independent streams; L = 1 is
// the single-message compress, L > 1 the interleaved multi-buffer kernel
// (sha_x86_shani_batch.hpp). Two variants: plain, and one with AVX-512VL for sha1nexte and
// the message schedule's sha1msg2.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/endian.hpp"
#include "fastprim/detail/md_buffer.hpp"
#include "fastprim/sha/sha1_scalar.hpp"
#include "fastprim/sha/sha_x86_shani_tail.hpp"

#if FASTPRIM_HAVE_X86_SHANI
#include <immintrin.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::sha::x86_shani {

// The plain variant (any SHA-NI CPU; also the multi-stream kernel's rounds).
#define FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_TARGET_X86_SHANI
#define FASTPRIM_SHA1_SHANI_AVX512 0
#include "fastprim/sha/sha1_x86_shani_rounds.hpp"
#undef FASTPRIM_SHA1_SHANI_TARGET
#undef FASTPRIM_SHA1_SHANI_AVX512

// The variant for SHA-NI CPUs with AVX-512VL (single stream only; kernels_of<sha1> picks it).
namespace avx512 {
#define FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_TARGET_X86_SHANI_AVX512
#define FASTPRIM_SHA1_SHANI_AVX512 1
#include "fastprim/sha/sha1_x86_shani_rounds.hpp"
#undef FASTPRIM_SHA1_SHANI_TARGET
#undef FASTPRIM_SHA1_SHANI_AVX512
}  // namespace avx512

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI inline void sha1_compress(std::uint32_t* state,
                                                                       const std::byte* blocks,
                                                                       std::size_t nblocks) noexcept {
  std::uint32_t* const s[1] = {state};
  const std::byte* const b[1] = {blocks};
  sha1_compress_lanes<1>(s, b, nblocks);
}

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI_AVX512 inline void sha1_compress_avx512(
    std::uint32_t* state, const std::byte* blocks, std::size_t nblocks) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  std::uint32_t* const s[1] = {state};
  const std::byte* const b[1] = {blocks};
  avx512::sha1_compress_lanes<1>(s, b, nblocks);
}

}  // namespace detail::sha::x86_shani
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_X86_SHANI
