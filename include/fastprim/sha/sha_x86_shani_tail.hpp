// Constant-time: yes (branches and loads depend on the message length only).
// fastprim/sha/sha_x86_shani_tail.hpp: the padded last block(s) of a SHA-1 / SHA-256 message
// built in registers, for the x86_shani kernels that keep the state in registers from the first
// block to the digest (sha256_hash, sha1_hash and their HMACs): FIPS 180-4 section 5.1.1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/endian.hpp"
#include "fastprim/detail/md_buffer.hpp"

#if FASTPRIM_HAVE_X86_SHANI
#include <immintrin.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::sha::x86_shani {

// Sliding windows for the partial chunk of a tail holding `h` (0..15) bytes: loaded at offset
// 16 - h, the first gives the pshufb mask that moves the last h bytes of a 16-byte load to the
// front and zeroes the rest (-1), the second the 0x80 padding byte at position h.
alignas(16) inline constexpr std::int8_t sha_tail_shuffle[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                                                 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1,
                                                                 -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
alignas(16) inline constexpr std::int8_t sha_tail_pad[32] = {0, 0, 0, 0, 0, 0, 0, 0,   0,
                                                             0, 0, 0, 0, 0, 0, 0, -128};

// Bytes [start, start + 16) of the tail (`t` < 64 bytes at `tail`, the message ending at `end`)
// followed by the 0x80 byte and zeros, in memory order. `back`: at least 16 message bytes end
// at `end`, so a 16-byte load ending there is in bounds. Branches depend on lengths only.
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE __m128i sha_tail_chunk(const std::byte* tail, std::size_t t,
                                                                        std::size_t start,
                                                                        const std::byte* end,
                                                                        bool back) noexcept {
  if (t >= start + 16) return _mm_loadu_si128(reinterpret_cast<const __m128i*>(tail + start));
  if (t < start) return _mm_setzero_si128();
  const std::size_t h = t - start;
  const __m128i pad = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sha_tail_pad + 16 - h));
  if (back) {
    const __m128i last = _mm_loadu_si128(reinterpret_cast<const __m128i*>(end - 16));
    const __m128i mask = _mm_loadu_si128(reinterpret_cast<const __m128i*>(sha_tail_shuffle + 16 - h));
    return _mm_or_si128(_mm_shuffle_epi8(last, mask), pad);
  }
  // Fewer than 16 bytes in the whole message (so start == 0): assemble with scalar loads.
  std::uint64_t lo = 0, hi = 0;
  if (h >= 8) {
    std::memcpy(&lo, tail, 8);
    hi = md_load_partial(tail + 8, h - 8);
  } else {
    lo = md_load_partial(tail, h);
  }
  return _mm_or_si128(_mm_set_epi64x(static_cast<long long>(hi), static_cast<long long>(lo)), pad);
}

// The padding of a message of `n` bytes at `p` (after `prefix` bytes already absorbed) whose full
// blocks have been hashed: one block c0..c3 (16-byte chunks in memory order: the last n % 64
// bytes, 0x80, zeros and, when they fit, the big-endian bit length), and if the length did not
// fit (`two`), a second block of zeros ending in `len`. The caller byte-swaps the chunks into its
// word order.
struct sha_tail {
  __m128i c0, c1, c2, c3;
  __m128i len;
  bool two;
};
FASTPRIM_TARGET_X86_SHANI FASTPRIM_ALWAYS_INLINE sha_tail sha_tail_load(const std::byte* p, std::size_t n,
                                                                        std::uint64_t prefix) noexcept {
  const std::byte* q = p + n / md_block_size * md_block_size;
  const std::size_t t = n % md_block_size;
  const std::byte* end = p + n;
  const bool back = n >= 16;
  sha_tail r;
  r.len = _mm_set_epi64x(static_cast<long long>(byteswap((prefix + n) << 3)), 0);
  r.c0 = sha_tail_chunk(q, t, 0, end, back);
  r.c1 = sha_tail_chunk(q, t, 16, end, back);
  r.c2 = sha_tail_chunk(q, t, 32, end, back);
  r.c3 = sha_tail_chunk(q, t, 48, end, back);
  r.two = t >= md_block_size - 8;
  if (!r.two) r.c3 = _mm_or_si128(r.c3, r.len);
  return r;
}

}  // namespace detail::sha::x86_shani
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_X86_SHANI
