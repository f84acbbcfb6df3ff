// Constant-time: yes (hardware SHA instructions; no data-dependent branches or indices).
// fastprim/sha/sha256_x86_shani.hpp: SHA-256 compression with the x86 SHA extensions
// (sha256rnds2/sha256msg1/sha256msg2, SSSE3 pshufb, SSE4.1 pblendw). FIPS 180-4 section 6.2.2.
// The kernel is written for L independent streams at once; L = 1 is the single-message
// compress, L > 1 the interleaved multi-buffer kernel (sha_x86_shani_batch.hpp) that keeps
// several sha256rnds2 dependency chains in flight.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/md_buffer.hpp"
#include "fastprim/sha/sha256_scalar.hpp"
#include "fastprim/sha/sha_x86_shani_tail.hpp"

#if FASTPRIM_HAVE_X86_SHANI
#include <immintrin.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::sha::x86_shani {

// sha256rnds2 wants the state as ABEF and CDGH, A and C in the top lane.
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE void sha256_load_state(const std::uint32_t* s, __m128i& abef,
                                                                        __m128i& cdgh) noexcept {
  const __m128i dcba = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
  const __m128i hgfe = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 4));
  const __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
  const __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
  abef = _mm_alignr_epi8(cdab, efgh, 8);
  cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
}

FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE void sha256_store_state(std::uint32_t* s, __m128i abef,
                                                                         __m128i cdgh) noexcept {
  const __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
  const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(s), _mm_blend_epi16(feba, dchg, 0xF0));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(s + 4), _mm_alignr_epi8(dchg, feba, 8));
}

// One block for each of L lanes (lane l's block at src[l]) into abef[l]/cdgh[l].
template <std::size_t L>
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE void sha256_block_lanes(
    __m128i* abef, __m128i* cdgh, const std::byte* const* src) noexcept {
  const __m128i bswap32 = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
  __m128i abef0[L], cdgh0[L], m[4][L];
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) {
    abef0[l] = abef[l];
    cdgh0[l] = cdgh[l];
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j)
      m[j][l] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src[l] + 16 * j)), bswap32);
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

// Lane l hashes `nblocks` consecutive blocks at blocks[l] into states[l].
template <std::size_t L>
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE void sha256_compress_lanes(std::uint32_t* const* states,
                                                                            const std::byte* const* blocks,
                                                                            std::size_t nblocks) noexcept {
  __m128i abef[L], cdgh[L];
  const std::byte* p[L];
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) {
    sha256_load_state(states[l], abef[l], cdgh[l]);
    p[l] = blocks[l];
  }
  for (; nblocks != 0; --nblocks) {
    sha256_block_lanes<L>(abef, cdgh, p);
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) p[l] += md_block_size;
  }
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) sha256_store_state(states[l], abef[l], cdgh[l]);
}

// ---- whole messages with the state in registers ------------------------------------------------
//
// sha256_hash / sha256_hmac keep ABEF/CDGH in registers from the first block to the digest: no
// state round trip through memory per call, the padded final block built in registers, the
// digest byte-swapped straight out of ABEF/CDGH, and for HMAC the inner digest fed to the outer
// block without going through bytes.

// sigma0(x) = ror7 ^ ror18 ^ shr3 of each lane, with plain SSE2 shifts.
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE __m128i sha256_sigma0(__m128i x) noexcept {
  const __m128i r7 = _mm_xor_si128(_mm_srli_epi32(x, 7), _mm_slli_epi32(x, 25));
  const __m128i r18 = _mm_xor_si128(_mm_srli_epi32(x, 18), _mm_slli_epi32(x, 14));
  return _mm_xor_si128(_mm_xor_si128(r7, r18), _mm_srli_epi32(x, 3));
}

// Groups g (4 rounds each, 0..11) whose W[t-16] + sigma0(W[t-15]) is computed with SSE shifts
// instead of sha256msg1: on Intel sha256msg1 competes with sha256rnds2 for the SHA unit and
// each one stalls the round chain. This mask measured best of those tried (docs/performance.md);
// replacing sha256msg2 by SSE instead is slower (sigma1 needs two dependent halves).
inline constexpr unsigned sha256_sse_sigma0_groups = 0xdb6;

// Group g (rounds 4g..4g+3) of a block: the rounds with W[4g..4g+3] + K from m[g & 3], then (g < 12)
// W[4g+16..4g+19] into m[g & 3]. Also called group by group between other work (authenc).
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE void sha256_group(__m128i& abef, __m128i& cdgh, __m128i* m,
                                                                   int g) noexcept {
  const __m128i k = _mm_load_si128(reinterpret_cast<const __m128i*>(sha256_k + 4 * g));
  __m128i wk = _mm_add_epi32(m[g & 3], k);
  __m128i t = _mm_sha256rnds2_epu32(cdgh, abef, wk);
  cdgh = abef;
  abef = t;
  wk = _mm_shuffle_epi32(wk, 0x0E);
  t = _mm_sha256rnds2_epu32(cdgh, abef, wk);
  cdgh = abef;
  abef = t;
  if (g < 12) {
    // W[t..t+3] = sigma1(W[t-2..]) + W[t-7..] + sigma0(W[t-15..]) + W[t-16..]
    __m128i x;
    if ((sha256_sse_sigma0_groups >> g) & 1)
      x = _mm_add_epi32(m[g & 3], sha256_sigma0(_mm_alignr_epi8(m[(g + 1) & 3], m[g & 3], 4)));
    else
      x = _mm_sha256msg1_epu32(m[g & 3], m[(g + 1) & 3]);
    x = _mm_add_epi32(x, _mm_alignr_epi8(m[(g + 3) & 3], m[(g + 2) & 3], 4));
    m[g & 3] = _mm_sha256msg2_epu32(x, m[(g + 3) & 3]);
  }
}

// One block whose big-endian words W0..W15 are already in m0..m3 (W0 in lane 0 of m0).
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE void sha256_block(__m128i& abef, __m128i& cdgh, __m128i m0,
                                                                   __m128i m1, __m128i m2,
                                                                   __m128i m3) noexcept {
  __m128i m[4] = {m0, m1, m2, m3};
  const __m128i abef0 = abef, cdgh0 = cdgh;
#pragma GCC unroll 16
  for (int g = 0; g < 16; ++g) sha256_group(abef, cdgh, m, g);
  abef = _mm_add_epi32(abef, abef0);
  cdgh = _mm_add_epi32(cdgh, cdgh0);
}

FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE void sha256_blocks(__m128i& abef, __m128i& cdgh,
                                                                    const std::byte* p,
                                                                    std::size_t nblocks) noexcept {
  const __m128i bswap32 = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
  for (; nblocks != 0; --nblocks, p += md_block_size) {
    const auto* v = reinterpret_cast<const __m128i*>(p);
    sha256_block(abef, cdgh, _mm_shuffle_epi8(_mm_loadu_si128(v), bswap32),
                 _mm_shuffle_epi8(_mm_loadu_si128(v + 1), bswap32),
                 _mm_shuffle_epi8(_mm_loadu_si128(v + 2), bswap32),
                 _mm_shuffle_epi8(_mm_loadu_si128(v + 3), bswap32));
  }
}

// The single-stream compress (the multi-stream kernel keeps sha256_compress_lanes).
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI inline void sha256_compress(std::uint32_t* state,
                                                                         const std::byte* blocks,
                                                                         std::size_t nblocks) noexcept {
  __m128i abef, cdgh;
  sha256_load_state(state, abef, cdgh);
  sha256_blocks(abef, cdgh, blocks, nblocks);
  sha256_store_state(state, abef, cdgh);
}

// Every block of the message (`n` bytes at `p`, after `prefix` bytes already absorbed), the
// padding included, into abef/cdgh.
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE void sha256_absorb(__m128i& abef, __m128i& cdgh,
                                                                    const std::byte* p, std::size_t n,
                                                                    std::uint64_t prefix) noexcept {
  const __m128i bswap32 = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
  sha256_blocks(abef, cdgh, p, n / md_block_size);
  const sha_tail tl = sha_tail_load(p, n, prefix);
  sha256_block(abef, cdgh, _mm_shuffle_epi8(tl.c0, bswap32), _mm_shuffle_epi8(tl.c1, bswap32),
               _mm_shuffle_epi8(tl.c2, bswap32), _mm_shuffle_epi8(tl.c3, bswap32));
  if (tl.two) {
    const __m128i z = _mm_setzero_si128();
    sha256_block(abef, cdgh, z, z, z, _mm_shuffle_epi8(tl.len, bswap32));
  }
}

// The digest: A..H, each big-endian. unpackhi gives B A D C, unpacklo F E H G (lane 0 first);
// reversing the bytes of each 64-bit half swaps the pairs and byte-swaps the words at once.
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE void sha256_store_digest(std::byte* out, __m128i abef,
                                                                          __m128i cdgh) noexcept {
  const __m128i rev64 = _mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_shuffle_epi8(_mm_unpackhi_epi64(abef, cdgh), rev64));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16),
                   _mm_shuffle_epi8(_mm_unpacklo_epi64(abef, cdgh), rev64));
}

// Whole messages, L at a time: `groups` groups of L consecutive messages msgs[0 .. groups * L),
// all of `nb` blocks with their padding; lane l of a group hashes its message into out[l] in one
// pass, the state in registers from the IV to the digest. (Through md_batch a lane's padding is a
// kernel call of its own, and for short messages the fill and drain of those calls cost as much
// as their rounds.) Branches depend on lengths only.
template <std::size_t L>
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE void sha256_hash_lanes(
    const std::span<const std::byte>* msgs, std::array<std::byte, 32>* out, std::size_t nb,
    std::size_t groups) noexcept {
  md_lane_blocks<L> lb;
  for (; groups != 0; --groups, msgs += L, out += L) {
    __m128i abef[L], cdgh[L];
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) {
      sha256_load_state(sha256_iv.data(), abef[l], cdgh[l]);
      lb.start(l, msgs[l]);
    }
    for (std::size_t b = 0; b < nb; ++b) {
      const std::byte* src[L];
#pragma GCC unroll 8
      for (std::size_t l = 0; l < L; ++l) src[l] = lb.next(l, b);
      sha256_block_lanes<L>(abef, cdgh, src);
    }
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) sha256_store_digest(out[l].data(), abef[l], cdgh[l]);
  }
}

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI inline void sha256_hash(const std::uint32_t* init,
                                                                     const std::byte* p, std::size_t n,
                                                                     std::uint64_t prefix,
                                                                     std::byte* out) noexcept {
  __m128i abef, cdgh;
  sha256_load_state(init, abef, cdgh);
  sha256_absorb(abef, cdgh, p, n, prefix);
  sha256_store_digest(out, abef, cdgh);
}

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI inline void sha256_hmac(const std::uint32_t* istate,
                                                                     const std::uint32_t* ostate,
                                                                     const std::byte* p, std::size_t n,
                                                                     std::byte* out) noexcept {
  __m128i abef, cdgh, oabef, ocdgh;
  sha256_load_state(istate, abef, cdgh);
  sha256_load_state(ostate, oabef, ocdgh);
  sha256_absorb(abef, cdgh, p, n, md_block_size);
  // The outer block: the inner digest A..H as W0..W7 (B A D C -> A B C D), 0x80, zeros and the
  // bit length of opad block + digest, (64 + 32) * 8.
  const __m128i w0 = _mm_shuffle_epi32(_mm_unpackhi_epi64(abef, cdgh), 0xB1);
  const __m128i w4 = _mm_shuffle_epi32(_mm_unpacklo_epi64(abef, cdgh), 0xB1);
  sha256_block(oabef, ocdgh, w0, w4, _mm_set_epi32(0, 0, 0, static_cast<int>(0x80000000u)),
               _mm_set_epi32((64 + 32) * 8, 0, 0, 0));
  sha256_store_digest(out, oabef, ocdgh);
}

}  // namespace detail::sha::x86_shani
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_X86_SHANI
