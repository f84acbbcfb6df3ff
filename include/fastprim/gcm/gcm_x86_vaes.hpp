// Constant-time: yes (hardware AES and carry-less multiply; no table indexed by a secret, no
// secret-dependent branch).
// fastprim/gcm/gcm_x86_vaes.hpp: AES-GCM on VAES + VPCLMULQDQ with AVX-512. 64 blocks (four
// quarters of 4 zmm) per trip; the AES rounds of each quarter carry the GHASH multiplies of 16
// blocks (ciphertext 32 blocks behind when encrypting, the quarter's own input when decrypting),
// each block by its own power of H, summed unreduced and reduced once per 64 blocks.
// The round keys are those of the x86_vaes AES backend. A whole message with a 12-byte IV has its
// own kernel (`message`, below) that keeps short messages in registers.
// GHASH works on byte-reversed blocks (bit i of the 128-bit integer is the coefficient of
// x^(127-i)) and keeps the powers of H times x^-1, so that a product needs no 1-bit shift; the
// 256-bit product is reduced by two folds, each a carry-less multiply by 0xC2 << 56 and a qword
// swap (Gueron and Kounavis, "Intel Carry-Less Multiplication Instruction and its Usage for
// Computing the GCM Mode", rev. 2.02, for the reflected domain and the aggregated reduction;
// Bedrune and Videau, "Reversing a Finite Field Multiplication Optimization", Quarkslab 2016,
// for why the two folds are exact).
// Reference: NIST SP 800-38D; Intel SDM, VAESENC and VPCLMULQDQ (EVEX).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fastprim/aes/aes_x86_vaes.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/gcm/gcm_kernels.hpp"

#if FASTPRIM_HAVE_X86_VAES
#include <immintrin.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::gcm::x86_vaes {

using aes::x86_vaes::bcast128;
using aes::x86_vaes::enc_keys;
using aes::x86_vaes::enc_rounds_from1;
using aes::x86_vaes::load_part;
using aes::x86_vaes::load_part16;
using aes::x86_vaes::loadu;
using aes::x86_vaes::loadz;
using aes::x86_vaes::store_part;
using aes::x86_vaes::storeu;
using aes::x86_vaes::storez;
using aes::x86_vaes::xor_part16;
using aes::x86_vaes::zkeys;

// Layout of gcm_key (all of its 2048 bytes): S_k = H^k * x^-1 (byte-reversed) for k = 128..1 at
// byte 16 * (128 - k), so any run of r <= 128 blocks finds the powers H^r..H^1 of its blocks from
// byte 16 * (128 - r) on: the last full group and the tail of a call share one reduction, and
// a whole message of up to 127 blocks takes one (message_mid). The bulk loop and GHASH alone use
// S_64..S_1 (npow), addressed from pows(hk) = S_64.
inline constexpr int npow = 64, npow_all = 128;
FASTPRIM_ALWAYS_INLINE const std::byte* pows(const gcm_key& hk) noexcept {
  return hk.bytes + 16 * (npow_all - npow);
}

FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i bswap_mask() noexcept {
  return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i rev(__m128i x) noexcept {
  return _mm_shuffle_epi8(x, bswap_mask());
}
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i zrev() noexcept { return bcast128(bswap_mask()); }
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i xor3(__m128i a, __m128i b, __m128i c) noexcept {
  return _mm_ternarylogic_epi64(a, b, c, 0x96);
}
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i xor3(__m512i a, __m512i b, __m512i c) noexcept {
  return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

// The 256-bit reflected product lo + mid * 2^64 + hi * 2^128 -> 128 bits. Bits 0..63 of lo stand
// for x^255..x^192: each bit j becomes bits j+121, j+126, j+127 (a carry-less multiply by
// 0xC2 << 56, landing 64 bits up) and j+128 (the qword swap), so lo folds into mid, then the low
// half of mid into hi, with no shifts to merge mid first.
inline constexpr long long poly = static_cast<long long>(0xC200000000000000u);
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i reduce(__m128i lo, __m128i mid, __m128i hi) noexcept {
  const __m128i p = _mm_set_epi64x(0, poly);
  const __m128i m = xor3(mid, _mm_shuffle_epi32(lo, 0x4E), _mm_clmulepi64_si128(lo, p, 0x00));
  return xor3(hi, _mm_shuffle_epi32(m, 0x4E), _mm_clmulepi64_si128(m, p, 0x00));
}

// a * b * x in GF(2^128), both reflected: with b = S_k this is a * H^k.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i gmul(__m128i a, __m128i b) noexcept {
  const __m128i lo = _mm_clmulepi64_si128(a, b, 0x00);
  const __m128i hi = _mm_clmulepi64_si128(a, b, 0x11);
  const __m128i mid = _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x01), _mm_clmulepi64_si128(a, b, 0x10));
  return reduce(lo, mid, hi);
}

// Unreduced sums of the partial products, per lane; zero to start.
struct acc {
  __m512i lo, mid, hi;
};
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE acc acc_zero() noexcept {
  return {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
}
// a += x0 * h0 + x1 * h1 (lane-wise 128 x 128 products, four clmuls each).
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void mul2_add(acc& a, __m512i x0, __m512i h0, __m512i x1,
                                                              __m512i h1) noexcept {
  a.lo = xor3(a.lo, _mm512_clmulepi64_epi128(x0, h0, 0x00), _mm512_clmulepi64_epi128(x1, h1, 0x00));
  a.hi = xor3(a.hi, _mm512_clmulepi64_epi128(x0, h0, 0x11), _mm512_clmulepi64_epi128(x1, h1, 0x11));
  a.mid = xor3(a.mid, _mm512_clmulepi64_epi128(x0, h0, 0x01), _mm512_clmulepi64_epi128(x0, h0, 0x10));
  a.mid = xor3(a.mid, _mm512_clmulepi64_epi128(x1, h1, 0x01), _mm512_clmulepi64_epi128(x1, h1, 0x10));
}
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void mul1_add(acc& a, __m512i x, __m512i h) noexcept {
  a.lo = _mm512_xor_si512(a.lo, _mm512_clmulepi64_epi128(x, h, 0x00));
  a.hi = _mm512_xor_si512(a.hi, _mm512_clmulepi64_epi128(x, h, 0x11));
  a.mid = xor3(a.mid, _mm512_clmulepi64_epi128(x, h, 0x01), _mm512_clmulepi64_epi128(x, h, 0x10));
}
// Each lane reduced. (The all-ones zero-masked forms of vpshufd and vextracti64x4 here and below: the plain
// intrinsics trip g++ 12's -Wmaybe-uninitialized, as in aes_x86_vaes.hpp.)
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i reduce_lanes(const acc& a) noexcept {
  const __m512i p = _mm512_set1_epi64(poly);
  const auto swap = static_cast<_MM_PERM_ENUM>(0x4E);
  const auto all = static_cast<__mmask16>(0xFFFF);
  const __m512i m =
      xor3(a.mid, _mm512_maskz_shuffle_epi32(all, a.lo, swap), _mm512_clmulepi64_epi128(a.lo, p, 0x00));
  return xor3(a.hi, _mm512_maskz_shuffle_epi32(all, m, swap), _mm512_clmulepi64_epi128(m, p, 0x00));
}
// Each lane reduced, then the four summed.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i reduce(const acc& a) noexcept {
  const __m512i r = reduce_lanes(a);
  const __m256i r2 = _mm256_xor_si256(_mm512_maskz_extracti64x4_epi64(0xF, r, 0),
                                      _mm512_maskz_extracti64x4_epi64(0xF, r, 1));
  return _mm_xor_si128(_mm256_castsi256_si128(r2), _mm256_extracti128_si256(r2, 1));
}

// The powers of blocks 4j..4j+3 of a 64-block run: S_(64-4j)..S_(61-4j).
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i pow_z(const gcm_key& hk, int j) noexcept {
  return _mm512_load_si512(pows(hk) + 64 * j);
}
// Lane 0 = y, lanes 1..3 = 0.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i lane0(__m128i y) noexcept {
  return _mm512_zextsi128_si512(y);
}
// Four blocks at p, reflected; the second form folds y into the first (the GHASH state enters with
// the first block of a group).
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i load_ghash(const std::byte* p, __m512i bs) noexcept {
  return _mm512_shuffle_epi8(loadz(p), bs);
}
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i load_ghash(const std::byte* p, __m512i bs,
                                                                   __m128i y) noexcept {
  return _mm512_xor_si512(load_ghash(p, bs), lane0(y));
}

// y = (y + X0) * H^64 + X1 * H^63 + ... + X63 * H: 64 blocks at p, one reduction.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i ghash64(const gcm_key& hk, __m128i y,
                                                                const std::byte* p, __m512i bs) noexcept {
  acc a = acc_zero();
  mul2_add(a, load_ghash(p, bs, y), pow_z(hk, 0), load_ghash(p + 64, bs), pow_z(hk, 1));
#pragma GCC unroll 7
  for (int j = 2; j < 16; j += 2)
    mul2_add(a, load_ghash(p + 64 * j, bs), pow_z(hk, j), load_ghash(p + 64 * j + 64, bs), pow_z(hk, j + 1));
  return reduce(a);
}

// The mask of the 64-bit lanes of blocks 4j..4j+3 that are among the first r.
FASTPRIM_ALWAYS_INLINE __mmask8 lanes(std::size_t r, std::size_t j) noexcept {
  const std::size_t b = r - 4 * j;
  return b >= 4 ? static_cast<__mmask8>(0xFF) : static_cast<__mmask8>((1u << (2 * b)) - 1);
}

// The bytes of blocks 4j..4j+3 that are among the first r.
FASTPRIM_ALWAYS_INLINE std::size_t lane_bytes(std::size_t r, std::size_t j) noexcept {
  return 16 * std::min<std::size_t>(r - 4 * j, 4);
}

// r (1..63) blocks at `in`; block i multiplied by H^(r-i), one reduction.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i ghash_n(const gcm_key& hk, __m128i y,
                                                                const std::byte* in, std::size_t r) noexcept {
  if (r == 1)
    return gmul(_mm_xor_si128(y, rev(loadu(in))),
                _mm_load_si128(reinterpret_cast<const __m128i*>(pows(hk) + 16 * (npow - 1))));
  const std::byte* p = pows(hk) + 16 * (npow - r);
  const __m512i bs = zrev();
  acc a = acc_zero();
  mul1_add(a, _mm512_xor_si512(_mm512_shuffle_epi8(load_part(in, 0, lane_bytes(r, 0)), bs), lane0(y)),
           _mm512_maskz_loadu_epi64(lanes(r, 0), p));
  for (std::size_t j = 1; 4 * j < r; ++j)
    mul1_add(a, _mm512_shuffle_epi8(load_part(in + 64 * j, 0, lane_bytes(r, j)), bs),
             _mm512_maskz_loadu_epi64(lanes(r, j), p + 64 * j));
  return reduce(a);
}

// ---- init and ghash ------------------------------------------------------------------------------
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void init(gcm_key& hk, const std::byte* h) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  // S_1 = H * x^-1: the reflected integer shifted left by one; the bit out of the top (x^-1)
  // comes back as x^127 + x^6 + x + 1, 0xC2..01 reflected.
  const __m128i x = rev(loadu(h));
  const __m128i top = _mm_srai_epi32(_mm_shuffle_epi32(x, 0xFF), 31);
  const __m128i shl = _mm_or_si128(_mm_slli_epi64(x, 1), _mm_srli_epi64(_mm_slli_si128(x, 8), 63));
  const __m128i s1 =
      _mm_xor_si128(shl, _mm_and_si128(top, _mm_set_epi64x(static_cast<long long>(0xC200000000000000u), 1)));
  // S_2..S_8 on xmm, then four powers per zmm: S_(k+8) = S_k * H^8 in two independent chains.
  auto* out = reinterpret_cast<__m128i*>(hk.bytes + 16 * (npow_all - npow));  // at S_64
  __m128i s[9];
  s[1] = s1;
  s[2] = gmul(s1, s1);
  s[3] = gmul(s[2], s1);
  s[4] = gmul(s[2], s[2]);
  for (int k = 5; k <= 8; ++k) s[k] = gmul(s[4], s[k - 4]);
  for (int k = 1; k <= 8; ++k) _mm_store_si128(out + npow - k, s[k]);
  const __m512i h8 = bcast128(s[8]);
  // The zmm at byte 16 * (60 - 4i) from pows holds S_(4i+4)..S_(4i+1) (i up to 31: below pows).
  auto* z = reinterpret_cast<__m512i*>(out);
#pragma GCC unroll 2
  for (int i = 2; i < npow_all / 4; ++i) {
    const __m512i q = _mm512_load_si512(z + (npow / 4 - 1) - (i - 2));
    acc a{_mm512_clmulepi64_epi128(q, h8, 0x00),
          _mm512_xor_si512(_mm512_clmulepi64_epi128(q, h8, 0x01), _mm512_clmulepi64_epi128(q, h8, 0x10)),
          _mm512_clmulepi64_epi128(q, h8, 0x11)};
    _mm512_store_si512(z + (npow / 4 - 1) - i, reduce_lanes(a));
  }
}

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void ghash(const gcm_key& hk, std::byte* y,
                                                              const std::byte* in, std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  __m128i acc = rev(loadu(y));
  if (n >= npow) {
    const __m512i bs = zrev();
    for (; n >= npow; n -= npow, in += 16 * npow) acc = ghash64(hk, acc, in, bs);
  }
  if (n != 0) acc = ghash_n(hk, acc, in, n);
  storeu(y, rev(acc));
}

// ---- the bulk kernels ----------------------------------------------------------------------------
// Counter blocks from the public inc32 word c. While the last byte cannot carry within 16 blocks,
// blocks 4..15 are the first four plus j in byte 15 (one vpaddq each); else each zmm is a vpaddd
// on the byte-reversed blocks and a vpshufb back. In the bulk loops c is a multiple of 16, so
// c + t = c ^ t for t < 16: block t is the block of c xor t in byte 15, and with round key 0
// folded in, one vpternlogq per zmm (take_k0: 5 vector ops per 16 blocks instead of 9, 3-4% at
// 64 KiB).
struct counters {
  __m512i next;     // byte-reversed counter blocks c, c+1, c+2, c+3
  std::uint32_t c;  // the inc32 word of the next block (public: it comes from the IV)
  // From the big-endian counter block and its inc32 word.
  FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE counters(__m128i ctr, std::uint32_t c32) noexcept
      : next(_mm512_add_epi32(bcast128(rev(ctr)),
                              _mm512_set_epi32(0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0))),
        c(c32) {}
  FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE explicit counters(const std::byte* ctr) noexcept
      : counters(loadu(ctr), gcm_ctr32(ctr)) {}
  // The next block is number v.
  FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void set(std::uint32_t v) noexcept {
    next = _mm512_add_epi32(next, _mm512_maskz_set1_epi32(0x1111, static_cast<int>(v - c)));
    c = v;
  }
  // The counter block with its inc32 word zeroed, in all four lanes (for take_k0).
  FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i base(__m512i bs) const noexcept {
    return _mm512_maskz_shuffle_epi8(0x0FFF0FFF0FFF0FFFull, next, bs);
  }
  FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE static __m512i step(int j) noexcept {
    return _mm512_set_epi32(0, 0, 0, j, 0, 0, 0, j, 0, 0, 0, j, 0, 0, 0, j);
  }
  // The next 4 G counter blocks, big-endian.
  template <int G>
  FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void take(__m512i* x, __m512i bs) noexcept {
    if (G > 1 && FASTPRIM_LIKELY((c & 0xFF) <= 256 - 4 * G)) {
      x[0] = _mm512_shuffle_epi8(next, bs);
#pragma GCC unroll 4
      for (int j = 1; j < G; ++j) {
        const long long d = static_cast<long long>(4 * j) << 56;
        x[j] = _mm512_add_epi64(x[0], _mm512_set_epi64(d, 0, d, 0, d, 0, d, 0));
      }
    } else {
#pragma GCC unroll 4
      for (int j = 0; j < G; ++j) x[j] = _mm512_shuffle_epi8(_mm512_add_epi32(next, step(4 * j)), bs);
    }
    next = _mm512_add_epi32(next, step(4 * G));
    c += 4 * G;
  }
  // The next 16 counter blocks xored with round key 0 (k0); c must be a multiple of 16. Leaves
  // `next` behind: set(c) after the last.
  FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void take_k0(__m512i* x, __m512i k0, __m512i bez) noexcept {
    const __m512i be = _mm512_mask_set1_epi32(bez, 0x8888, static_cast<int>(__builtin_bswap32(c)));
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j)
      x[j] =
          _mm512_ternarylogic_epi64(be, k0,
                                    _mm512_set_epi32((4 * j + 3) << 24, 0, 0, 0, (4 * j + 2) << 24, 0, 0, 0,
                                                     (4 * j + 1) << 24, 0, 0, 0, (4 * j) << 24, 0, 0, 0),
                                    0x96);
    c += 16;
  }
  // Blocks to take before c is a multiple of 16.
  std::size_t to_aligned() const noexcept { return (0u - c) & 15u; }
};

// 16 blocks of AES on x (counter blocks in, keystream out), with four zmm of reflected GHASH
// input (g[0..3], their powers at pw) multiplied into `a` between the rounds. When
// Reduce, `a` is reduced after the multiplies (while the last rounds run) into *y. !Round0: x
// already holds the counters xor round key 0.
template <int R, bool Reduce, bool Round0 = true>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void aes_ghash(__m512i* x, const zkeys<R>& K,
                                                               const std::byte* pw, acc& a, const __m512i* g,
                                                               __m128i* y) noexcept {
  if constexpr (Round0) {
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j) x[j] = _mm512_xor_si512(x[j], K.k[0]);
  }
#pragma GCC unroll 4
  for (int j = 0; j < 4; ++j) x[j] = _mm512_aesenc_epi128(x[j], K.k[1]);
  mul2_add(a, g[0], _mm512_loadu_si512(pw), g[1], _mm512_loadu_si512(pw + 64));
#pragma GCC unroll 4
  for (int j = 0; j < 4; ++j) x[j] = _mm512_aesenc_epi128(x[j], K.k[2]);
#pragma GCC unroll 4
  for (int j = 0; j < 4; ++j) x[j] = _mm512_aesenc_epi128(x[j], K.k[3]);
  mul2_add(a, g[2], _mm512_loadu_si512(pw + 128), g[3], _mm512_loadu_si512(pw + 192));
#pragma GCC unroll 4
  for (int j = 0; j < 4; ++j) x[j] = _mm512_aesenc_epi128(x[j], K.k[4]);
  if constexpr (Reduce) *y = reduce(a);
#pragma GCC unroll 10
  for (int k = 5; k < R; ++k) {
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j) x[j] = _mm512_aesenc_epi128(x[j], K.k[k]);
  }
#pragma GCC unroll 4
  for (int j = 0; j < 4; ++j) x[j] = _mm512_aesenclast_epi128(x[j], K.k[R]);
}

// AES on the first nz (0..4) zmm at x as independent chains: a runtime count to enc_z's
// template argument.
template <int R>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void enc_first(__m512i* x, const zkeys<R>& K,
                                                               std::size_t nz) noexcept {
  switch (nz) {
    case 1:
      return aes::x86_vaes::enc_z<R, 1>(x, K);
    case 2:
      return aes::x86_vaes::enc_z<R, 2>(x, K);
    case 3:
      return aes::x86_vaes::enc_z<R, 3>(x, K);
    case 4:
      return aes::x86_vaes::enc_z<R, 4>(x, K);
    default:
      return;
  }
}

// Four zmm of CTR, no GHASH: out = in ^ E(counters).
template <int R>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void ctr16(const zkeys<R>& K, counters& c, __m512i bs,
                                                           const std::byte* in, std::byte* out) noexcept {
  __m512i x[4];
  c.take<4>(x, bs);
  aes::x86_vaes::enc_z<R, 4>(x, K);
#pragma GCC unroll 4
  for (int j = 0; j < 4; ++j) storez(out + 64 * j, _mm512_xor_si512(x[j], loadz(in + 64 * j)));
}

// CTR on r (1..63) blocks: groups of 4 zmm, then single zmm, the last one masked.
template <int R>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void ctr_n(const zkeys<R>& K, counters& c, __m512i bs,
                                                           const std::byte* in, std::byte* out,
                                                           std::size_t r) noexcept {
  const std::uint32_t c0 = c.c;
  std::size_t j = 0;
  for (; 4 * j + 16 <= r; j += 4) ctr16<R>(K, c, bs, in + 64 * j, out + 64 * j);
  for (; 4 * j < r; ++j) {
    __m512i x[1];
    c.take<1>(x, bs);
    aes::x86_vaes::enc_z<R, 1>(x, K);
    store_part(out + 64 * j, 0, lane_bytes(r, j),
               _mm512_xor_si512(x[0], load_part(in + 64 * j, 0, lane_bytes(r, j))));
  }
  c.set(c0 + static_cast<std::uint32_t>(r));  // the last zmm may have taken more than it used
}

// Calls of 1..3 blocks (the one-block calls of short messages): xmm (VEX) only, round keys read
// from memory, the products summed and reduced once.
template <int R, bool Enc>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void small(const aes_round_keys& ks, const gcm_key& hk,
                                                           const std::byte* ctr, std::byte* y,
                                                           const std::byte* in, std::byte* out,
                                                           std::size_t n) noexcept {
  const __m128i* k = enc_keys(ks);
  const __m128i c = rev(loadu(ctr));
  const auto* p = reinterpret_cast<const __m128i*>(pows(hk) + 16 * (npow - n));
  __m128i g = rev(loadu(y)), lo = _mm_setzero_si128(), mid = lo, hi = lo;
  for (std::size_t i = 0; i < n; ++i, in += 16, out += 16) {
    const __m128i d = loadu(in);
    const __m128i e = _mm_xor_si128(
        d, aes::x86_vaes::enc1<R>(rev(_mm_add_epi32(c, _mm_cvtsi32_si128(static_cast<int>(i)))), k));
    storeu(out, e);
    g = _mm_xor_si128(g, rev(Enc ? e : d));
    const __m128i h = _mm_load_si128(p + i);
    lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(g, h, 0x00));
    hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(g, h, 0x11));
    mid = xor3(mid, _mm_clmulepi64_si128(g, h, 0x01), _mm_clmulepi64_si128(g, h, 0x10));
    g = _mm_setzero_si128();
  }
  storeu(y, rev(reduce(lo, mid, hi)));
}

// 16 blocks of AES carrying the GHASH of the 16 at src (their powers at pw; acc_y enters with the
// first when First), reduced into acc_y when Reduce. bez: counters::base, read only when Aligned.
template <int R, bool Aligned, bool First, bool Reduce>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void quarter(const zkeys<R>& K, counters& c, __m512i bs,
                                                             __m512i bez, __m128i& acc_y, acc& a,
                                                             const std::byte* src, const std::byte* pw,
                                                             const std::byte* qin, std::byte* qout) noexcept {
  __m512i x[4], g[4];
  if constexpr (Aligned) {
    c.take_k0(x, K.k[0], bez);
  } else {
    c.take<4>(x, bs);
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j) x[j] = _mm512_xor_si512(x[j], K.k[0]);
  }
  g[0] = First ? load_ghash(src, bs, acc_y) : load_ghash(src, bs);
#pragma GCC unroll 3
  for (int j = 1; j < 4; ++j) g[j] = load_ghash(src + 64 * j, bs);
  aes_ghash<R, Reduce, false>(x, K, pw, a, g, &acc_y);
#pragma GCC unroll 4
  for (int j = 0; j < 4; ++j) storez(qout + 64 * j, _mm512_xor_si512(x[j], loadz(qin + 64 * j)));
}

// The bulk loop: 64 blocks per trip while n >= 64 (then 32 once if n >= 32), in quarters of 16 whose
// rounds carry the GHASH of 16 blocks: 32 blocks behind when encrypting (the ciphertext read back
// from `out`), the quarter's own input when decrypting; one reduction per trip (two per 64 blocks
// measured 3-4% slower at 64 KiB). Aligned: c is a multiple of 16 (take_k0); else the counters
// take 4 more vector ops per quarter.
template <int R, bool Enc, bool Aligned>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void bulk_loop(const zkeys<R>& K, const gcm_key& hk,
                                                               counters& c, __m512i bs, __m128i& acc_y,
                                                               const std::byte*& in, std::byte*& out,
                                                               std::size_t& n) noexcept {
  const __m512i bez = c.base(bs);
  // 64 blocks per trip, one reduction (the key holds H^64..H^1); a last 32 on their own.
  for (; n >= 64; n -= 64, in += 1024, out += 1024) {
    const std::byte* src = Enc ? out - 512 : in;
    acc a = acc_zero();
    quarter<R, Aligned, true, false>(K, c, bs, bez, acc_y, a, src, pows(hk) + 16 * (npow - 64), in, out);
    quarter<R, Aligned, false, false>(K, c, bs, bez, acc_y, a, src + 256, pows(hk) + 16 * (npow - 48),
                                      in + 256, out + 256);
    quarter<R, Aligned, false, false>(K, c, bs, bez, acc_y, a, Enc ? out : src + 512,
                                      pows(hk) + 16 * (npow - 32), in + 512, out + 512);
    quarter<R, Aligned, false, true>(K, c, bs, bez, acc_y, a, Enc ? out + 256 : src + 768,
                                     pows(hk) + 16 * (npow - 16), in + 768, out + 768);
  }
  if (n >= 32) {
    const std::byte* src = Enc ? out - 512 : in;
    acc a = acc_zero();
    quarter<R, Aligned, true, false>(K, c, bs, bez, acc_y, a, src, pows(hk) + 16 * (npow - 32), in, out);
    quarter<R, Aligned, false, true>(K, c, bs, bez, acc_y, a, src + 256, pows(hk) + 16 * (npow - 16),
                                     in + 256, out + 256);
    n -= 32;
    in += 512;
    out += 512;
  }
}
template <int R, bool Enc>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void bulk(const zkeys<R>& K, const gcm_key& hk, counters& c,
                                                          __m512i bs, __m128i& acc_y, const std::byte*& in,
                                                          std::byte*& out, std::size_t& n) noexcept {
  if (c.to_aligned() == 0) {
    const std::uint32_t c0 = c.c;
    bulk_loop<R, Enc, true>(K, hk, c, bs, acc_y, in, out, n);
    const std::uint32_t c1 = c.c;
    c.c = c0;  // take_k0 left `next` at c0
    c.set(c1);
  } else
    bulk_loop<R, Enc, false>(K, hk, c, bs, acc_y, in, out, n);
}

// Runs of at least this many blocks first take some blocks on their own (head_blocks), so that the
// bulk loop runs with aligned counters or aligned data (shorter runs lose more to that split than
// they gain).
inline constexpr std::size_t align_blocks = 1024;

// The head of a run of n blocks: the blocks before c is a multiple of 16 (take_k0). Decryption, whose
// loop reads `in` twice, instead takes the blocks before `in` is 64-byte aligned where one head cannot
// do both and `in` is 16-byte aligned (split loads cost it more than the counters' 4 ops per 16
// blocks: 16-64 KiB open 5-6% faster; encryption 3% slower that way).
template <bool Enc>
FASTPRIM_ALWAYS_INLINE std::size_t head_blocks(const counters& c, const std::byte* in,
                                               std::size_t n) noexcept {
  if (n < align_blocks) return 0;
  const std::size_t h = c.to_aligned();
  const auto a = reinterpret_cast<std::uintptr_t>(in);
  if (Enc || (a & 15) != 0) return h;
  const std::size_t d = ((64 - (a & 63)) & 63) / 16;
  return (h - d) % 4 == 0 ? h : d;
}

// The first h (1..31) blocks of a run on their own: up to 4 zmm at a time as independent chains,
// hashed from registers (the ciphertext read back from a masked store would wait for it), one
// reduction into acc_y.
template <int R, bool Enc>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void head(const zkeys<R>& K, const gcm_key& hk, counters& c,
                                                          __m512i bs, __m128i& acc_y, const std::byte*& in,
                                                          std::byte*& out, std::size_t& n,
                                                          std::size_t h) noexcept {
  const std::uint32_t c0 = c.c;
  const std::byte* pw = pows(hk) + 16 * (npow - h);
  acc a = acc_zero();
  for (std::size_t j0 = 0; 4 * j0 < h; j0 += 4) {
    __m512i x[4];
    c.take<4>(x, bs);
    const std::size_t nz = (h - 4 * j0 + 3) / 4;
    enc_first<R>(x, K, nz > 4 ? 4 : nz);
#pragma GCC unroll 4
    for (std::size_t k = 0; k < 4; ++k) {
      const std::size_t j = j0 + k;
      if (4 * j >= h) break;
      const __mmask8 m = lanes(h, j);
      const __m512i d = load_part(in + 64 * j, 0, lane_bytes(h, j));
      const __m512i e = _mm512_xor_si512(x[k], d);
      store_part(out + 64 * j, 0, lane_bytes(h, j), e);
      __m512i g = _mm512_shuffle_epi8(Enc ? e : d, bs);  // lanes past h meet zero powers
      if (j == 0) g = _mm512_xor_si512(g, lane0(acc_y));
      mul1_add(a, g, _mm512_maskz_loadu_epi64(m, pw + 64 * j));
    }
  }
  acc_y = reduce(a);
  c.set(c0 + static_cast<std::uint32_t>(h));
  in += 16 * h;
  out += 16 * h;
  n -= h;
}

// Encryption of n >= 4 blocks from the GHASH state acc_y (reflected); returns the new state.
// After the first 32 blocks' CTR, the bulk loop; the last 32 blocks and the tail (< 16 blocks)
// are hashed together after the tail's CTR.
template <int R>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i encrypt_body(const zkeys<R>& K, const gcm_key& hk,
                                                                     counters& c, __m512i bs, __m128i acc_y,
                                                                     const std::byte* in, std::byte* out,
                                                                     std::size_t n) noexcept {
  if (const std::size_t h = head_blocks<true>(c, in, n); h != 0)
    head<R, true>(K, hk, c, bs, acc_y, in, out, n, h);
  if (n >= 32) {
    ctr16<R>(K, c, bs, in, out);
    ctr16<R>(K, c, bs, in + 256, out + 256);
    n -= 32;
    in += 512;
    out += 512;
    bulk<R, true>(K, hk, c, bs, acc_y, in, out, n);
    if (n >= 16) {
      // One more quarter, its rounds carrying the GHASH of the first 16 of the last 32 blocks: the
      // last 32 before `out` are again the ones left to hash, and the tail after the loop is < 16.
      acc a = acc_zero();
      quarter<R, false, true, true>(K, c, bs, bs, acc_y, a, out - 512, pows(hk) + 16 * (npow - 16), in, out);
      in += 256;
      out += 256;
      n -= 16;
    }
    // The tail's CTR, then the last group and the tail hashed as one run of 32 + n blocks.
    if (n != 0) ctr_n<R>(K, c, bs, in, out, n);
    return ghash_n(hk, acc_y, out - 512, 32 + n);
  }
  ctr_n<R>(K, c, bs, in, out, n);
  return ghash_n(hk, acc_y, out, n);
}

// Decryption of n >= 4 blocks: the bulk loop, then the tail.
template <int R>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i decrypt_body(const zkeys<R>& K, const gcm_key& hk,
                                                                     counters& c, __m512i bs, __m128i acc_y,
                                                                     const std::byte* in, std::byte* out,
                                                                     std::size_t n) noexcept {
  if (const std::size_t h = head_blocks<false>(c, in, n); h != 0)
    head<R, false>(K, hk, c, bs, acc_y, in, out, n, h);
  bulk<R, false>(K, hk, c, bs, acc_y, in, out, n);
  if (n >= 16) {  // one more quarter, hashing its own input
    acc a = acc_zero();
    quarter<R, false, true, true>(K, c, bs, bs, acc_y, a, in, pows(hk) + 16 * (npow - 16), in, out);
    n -= 16;
    in += 256;
    out += 256;
  }
  // The last 1..15 blocks: hashed (before an in-place call overwrites them), then CTR.
  if (n != 0) {
    acc_y = ghash_n(hk, acc_y, in, n);
    ctr_n<R>(K, c, bs, in, out, n);
  }
  return acc_y;
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void encrypt(const aes_round_keys& ks, const gcm_key& hk,
                                                                const std::byte* ctr, std::byte* y,
                                                                const std::byte* in, std::byte* out,
                                                                std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  if (n < 4) return small<R, true>(ks, hk, ctr, y, in, out, n);
  const __m512i bs = zrev();
  const zkeys<R> K(enc_keys(ks));
  counters c(ctr);
  storeu(y, rev(encrypt_body<R>(K, hk, c, bs, rev(loadu(y)), in, out, n)));
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void decrypt(const aes_round_keys& ks, const gcm_key& hk,
                                                                const std::byte* ctr, std::byte* y,
                                                                const std::byte* in, std::byte* out,
                                                                std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  if (n < 4) return small<R, false>(ks, hk, ctr, y, in, out, n);
  const __m512i bs = zrev();
  const zkeys<R> K(enc_keys(ks));
  counters c(ctr);
  storeu(y, rev(decrypt_body<R>(K, hk, c, bs, rev(loadu(y)), in, out, n)));
}

// ---- the whole-message kernel (12-byte IV) --------------------------------------------------------
// One call per message: no stream state and no buffers. Up to tiny_blocks blocks of data and
// tiny_aad bytes of AAD: xmm / ymm only; fewer than mid_min blocks where E_K(J0) fits in a lane the
// data leaves free: zmm (message_short). In both, E_K(J0) comes out of the same AES instructions as
// the first data blocks, and the AAD, the ciphertext and the length block are multiplied by their
// own powers of H and reduced once (the AAD is hashed first if the three together pass 64
// blocks). Up to mid_blocks: one zmm at a time (message_mid). Longer data: the bulk loop above on
// its full blocks, then the partial block and E_K(J0) in one batch and one last reduction.
// Partial blocks and the AAD's tail go through masked loads and stores (AVX-512BW); the branches
// are on lengths, and on addresses only to keep masked windows off pages next to the buffers.

// The first b bytes of a zmm (b >= 64: all).
FASTPRIM_ALWAYS_INLINE __mmask64 bytes_mask(std::size_t b) noexcept {
  return b >= 64 ? ~__mmask64{0} : (__mmask64{1} << b) - 1;
}

// a += the `bytes` bytes at p (the last block zero-padded), block i times the power at byte
// 16 * (p0 + i) of gcm_key (S_(npow_all - p0 - i)), y added to the first block.
// Guard: the last window through load_part (page edges); false where the buffers were checked
// before (message_spills).
template <bool Guard = true>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void absorb(acc& a, const gcm_key& hk, std::size_t p0,
                                                            const std::byte* p, std::size_t bytes, __m128i y,
                                                            __m512i bs) noexcept {
  const std::size_t nb = (bytes + 15) / 16;
  for (std::size_t j = 0; 4 * j < nb; ++j) {
    const std::size_t n = std::min<std::size_t>(bytes - 64 * j, 64);
    __m512i x = _mm512_shuffle_epi8(
        Guard ? load_part(p + 64 * j, 0, n) : _mm512_maskz_loadu_epi8(bytes_mask(n), p + 64 * j), bs);
    if (j == 0) x = _mm512_xor_si512(x, lane0(y));
    mul1_add(a, x, _mm512_maskz_loadu_epi64(lanes(nb, j), hk.bytes + 16 * (p0 + 4 * j)));
  }
}

// The GHASH state after `bytes` bytes at p, the last block zero-padded.
template <bool Guard = true>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i ghash_bytes(const gcm_key& hk, __m128i y,
                                                                    const std::byte* p, std::size_t bytes,
                                                                    __m512i bs) noexcept {
  for (; bytes >= 16 * npow; bytes -= 16 * npow, p += 16 * npow) y = ghash64(hk, y, p, bs);
  if (bytes == 0) return y;
  acc a = acc_zero();
  absorb<Guard>(a, hk, npow_all - (bytes + 15) / 16, p, bytes, y, bs);
  return reduce(a);
}

// The four lanes of v summed.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i sum_lanes(__m512i v) noexcept {
  const __m256i r = _mm256_xor_si256(_mm512_maskz_extracti64x4_epi64(0xF, v, 0),
                                     _mm512_maskz_extracti64x4_epi64(0xF, v, 1));
  return _mm_xor_si128(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
}

// The tag: E_K(J0) ^ GHASH, where GHASH = reduce(a + x * S_1) and x is the (reflected) length
// block with whatever state is still to be multiplied by H added to it.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void finish(const acc& a, const gcm_key& hk, __m128i x,
                                                            __m128i ej0, std::byte* tag) noexcept {
  const __m128i h = _mm_load_si128(reinterpret_cast<const __m128i*>(pows(hk) + 16 * (npow - 1)));
  const __m128i lo = _mm_xor_si128(sum_lanes(a.lo), _mm_clmulepi64_si128(x, h, 0x00));
  const __m128i hi = _mm_xor_si128(sum_lanes(a.hi), _mm_clmulepi64_si128(x, h, 0x11));
  const __m128i mid =
      xor3(sum_lanes(a.mid), _mm_clmulepi64_si128(x, h, 0x01), _mm_clmulepi64_si128(x, h, 0x10));
  storeu(tag, _mm_xor_si128(rev(reduce(lo, mid, hi)), ej0));
}

// The reflected length block [len(A)]_64 || [len(C)]_64.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i length_block(std::size_t aad_len,
                                                                     std::size_t len) noexcept {
  return _mm_set_epi64x(static_cast<long long>(aad_len * 8), static_cast<long long>(len * 8));
}

// Round key r in all four lanes, loaded by a vbroadcasti32x4 from memory (the empty asm keeps the
// compiler from hoisting one xmm load per key out of the paths and broadcasting each with a shuffle).
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE const __m128i* key_ptr(const aes_round_keys& ks) noexcept {
  const __m128i* k = enc_keys(ks);
  __asm__("" : "+r"(k));
  return k;
}

// The counter blocks of data blocks 4g .. 4g + 3 (counter values 4g + 2 ..; J0 is 1) from
// base = IV || 0^32, J0 in lane 3 when Last: the value goes to the top byte of dword 3, the
// big-endian inc32 word (values < 256 here).
template <bool Last>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i ctr_lanes(__m512i zb, int g) noexcept {
  const int v = 4 * g + 2;
  return _mm512_add_epi32(zb, _mm512_set_epi32((Last ? 1 : v + 3) << 24, 0, 0, 0, (v + 2) << 24, 0, 0, 0,
                                               (v + 1) << 24, 0, 0, 0, v << 24, 0, 0, 0));
}

// N = 0..tiny_blocks blocks of data and up to two of AAD: the AES on ymm pairs (J0 with block 0),
// GHASH on xmm (measured: 512-bit forms cost more than the blocks they save here), the products
// summed and reduced once.
inline constexpr std::size_t tiny_blocks = 4, tiny_aad = 32;

FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void mul_add1(__m128i& lo, __m128i& mid, __m128i& hi,
                                                              __m128i x, const gcm_key& hk,
                                                              std::size_t k) noexcept {
  const __m128i h = _mm_load_si128(reinterpret_cast<const __m128i*>(pows(hk) + 16 * (npow - k)));
  lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(x, h, 0x00));
  hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(x, h, 0x11));
  mid = xor3(mid, _mm_clmulepi64_si128(x, h, 0x01), _mm_clmulepi64_si128(x, h, 0x10));
}

template <int R, int N, bool Enc>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void message_tiny(const aes_round_keys& ks, const gcm_key& hk,
                                                                  __m128i base, const std::byte* aad,
                                                                  std::size_t aad_len, const std::byte* in,
                                                                  std::byte* out, std::size_t len,
                                                                  std::byte* tag) noexcept {
  const __m128i* k = key_ptr(ks);
  const std::size_t na = (aad_len + 15) / 16;
  __m128i lo = _mm_setzero_si128(), mid = lo, hi = lo;
  // AAD block i times H^(na + N + 1 - i), data block i times H^(N + 1 - i), the lengths times H.
  if (aad_len != 0) {
    mul_add1(lo, mid, hi, rev(load_part16(aad, std::min<std::size_t>(aad_len, 16))), hk, na + N + 1);
    if (aad_len > 16) mul_add1(lo, mid, hi, rev(load_part16(aad + 16, aad_len - 16)), hk, na + N);
  }
  mul_add1(lo, mid, hi, length_block(aad_len, len), hk, 1);
  // Counter value v (J0: 1) in the top byte of dword 3, the big-endian inc32 word; blocks 2j and
  // 2j + 1 (J0 first) in ymm j, each ymm's blocks hashed right after its rounds.
  const __m256i yb = _mm256_broadcastsi128_si256(base);
  __m128i e = _mm_setzero_si128();
#pragma GCC unroll 3
  for (int j = 0; j < (N + 2) / 2; ++j) {
    __m256i y = _mm256_xor_si256(
        _mm256_add_epi32(yb, _mm256_set_epi32((2 * j + 2) << 24, 0, 0, 0, (2 * j + 1) << 24, 0, 0, 0)),
        _mm256_broadcastsi128_si256(_mm_load_si128(k)));
#pragma GCC unroll 13
    for (int r = 1; r < R; ++r)
      y = _mm256_aesenc_epi128(y, _mm256_broadcastsi128_si256(_mm_load_si128(k + r)));
    y = _mm256_aesenclast_epi128(y, _mm256_broadcastsi128_si256(_mm_load_si128(k + R)));
#pragma GCC unroll 2
    for (int half = 0; half < 2; ++half) {
      const int b = 2 * j + half;
      if (b > N) continue;
      const __m128i x = half == 0 ? _mm256_castsi256_si128(y) : _mm256_extracti128_si256(y, 1);
      if (b == 0) {
        e = x;
        continue;
      }
      const int i = b - 1;
      __m128i d, c;
      if (i + 1 < N) {
        d = loadu(in + 16 * i);
        c = _mm_xor_si128(x, d);
        storeu(out + 16 * i, c);
      } else {
        d = xor_part16(in + 16 * i, out + 16 * i, len - 16 * static_cast<std::size_t>(i), x, c);
      }
      mul_add1(lo, mid, hi, rev(Enc ? c : d), hk, static_cast<std::size_t>(N + 1 - i));
    }
  }
  storeu(tag, _mm_xor_si128(rev(reduce(lo, mid, hi)), e));
}

// Up to 11 blocks of data in G zmm (data block i in lane i % 4 of zmm i / 4), where the last zmm
// has a lane free for J0 (lane 3), so that E_K(J0) comes out of the same AES instructions as the
// keystream; in the GHASH input that lane carries the length block, times H. `a` holds the AAD's
// products (powers counted from the end of the message) or `y` the AAD's GHASH state. The windows
// start at the data (an earlier layout, J0 in lane 0 and the data one lane up, read 16 bytes
// before it: a page-aligned message then needed the page test's copies).
template <int R, int G, bool Enc>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void message_short(
    const aes_round_keys& ks, const gcm_key& hk, __m128i base, acc& a, __m128i y, const std::byte* in,
    std::byte* out, std::size_t len, std::size_t aad_len, std::byte* tag, __m512i bs) noexcept {
  const __m128i* k = key_ptr(ks);
  __m512i x[G];
  const __m512i zb = bcast128(base);
#pragma GCC unroll 3
  for (int g = 0; g < G; ++g) x[g] = g + 1 < G ? ctr_lanes<false>(zb, g) : ctr_lanes<true>(zb, g);
  const std::size_t nc = (len + 15) / 16;
  // Data block i times H^(nc + 1 - i), at pw + 16 i.
  const std::byte* pw = pows(hk) + 16 * (npow - 1 - nc);
  // One zmm at a time, its GHASH right after its rounds, so that its multiplies overlap the next
  // one's rounds (all rounds side by side, then all multiplies: measured 25% slower at 256 bytes).
#pragma GCC unroll 3
  for (int g = 0; g < G; ++g) {
    x[g] = _mm512_xor_si512(x[g], bcast128(_mm_load_si128(k)));
#pragma GCC unroll 13
    for (int r = 1; r < R; ++r) x[g] = _mm512_aesenc_epi128(x[g], bcast128(_mm_load_si128(k + r)));
    x[g] = _mm512_aesenclast_epi128(x[g], bcast128(_mm_load_si128(k + R)));
    const std::size_t off = 64 * static_cast<std::size_t>(g);
    const __mmask64 m = len > off ? bytes_mask(len - off) : 0;  // none: 4 blocks and J0
    const __m512i d = _mm512_maskz_loadu_epi8(m, in + off);
    const __m512i c = _mm512_maskz_mov_epi8(m, _mm512_xor_si512(x[g], d));
    _mm512_mask_storeu_epi8(out + off, m, c);
    __m512i h = _mm512_shuffle_epi8(Enc ? c : d, bs);
    __m512i p = _mm512_maskz_loadu_epi64(lanes(nc, static_cast<std::size_t>(g)), pw + off);
    if (g == 0) h = _mm512_xor_si512(h, lane0(y));
    if (g + 1 == G) {
      h = _mm512_mask_broadcast_i32x4(h, 0xF000, length_block(aad_len, len));
      p = _mm512_mask_broadcast_i32x4(
          p, 0xF000, _mm_load_si128(reinterpret_cast<const __m128i*>(pows(hk) + 16 * (npow - 1))));
    }
    mul1_add(a, h, p);
  }
  storeu(tag, _mm_xor_si128(rev(reduce(a)), _mm512_maskz_extracti32x4_epi32(0xF, x[G - 1], 3)));
}

// Messages of mid_min..mid_blocks blocks, both directions: one zmm at a time, all rounds of a
// zmm then its store and GHASH, so that the zmm still in their rounds cover the multiplies and
// the blocks leave the AES port one zmm apart instead of one group of four at once (four zmm
// side by side with the previous group's GHASH in their rounds measured 12-30% slower from 320
// to 2032 bytes). Per full zmm the counters are one vpxorq of a constant into (J0 with its inc32
// word zeroed) ^ round key 0, and the loads and stores are unmasked (masked forms on every zmm
// cost 8% at 576 bytes). The partial zmm goes first (its rounds would otherwise end the message as
// one latency-bound chain), with E_K(J0) in its free top lane when it has one, else on xmm.
// Products are summed with the powers counted from the end of the message and reduced once (the
// key holds 128 powers for this: past 63 blocks, first reducing the first zmm per lane cost 4-8%
// from 1 to 2 KiB). Counter values stay below 256, so the inc32 word is a byte.
inline constexpr std::size_t mid_min = 12, mid_blocks = npow_all - 1;

// Lane j of zmm g: the counter value 4 g + 2 + j (data block 4 g + j) in the top byte of dword 3.
struct mid_counter_table {
  alignas(64) std::uint32_t v[16 * ((mid_blocks + 3) / 4)];
};
inline constexpr mid_counter_table mid_counters = [] {
  mid_counter_table t{};
  for (std::size_t g = 0; g < (mid_blocks + 3) / 4; ++g)
    for (std::size_t j = 0; j < 4; ++j)
      t.v[16 * g + 4 * j + 3] = static_cast<std::uint32_t>(4 * g + 2 + j) << 24;
  return t;
}();

// Full zmm g: AES on its counter blocks (bk: J0 with its inc32 word zeroed, xor round key 0), the
// data xored in and stored; returns the reflected GHASH input.
template <int R, bool Enc>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i mid_zmm(const zkeys<R>& K, __m512i bk, __m512i bs,
                                                                const std::byte* in, std::byte* out,
                                                                std::size_t g) noexcept {
  const __m512i x = enc_rounds_from1<R>(_mm512_xor_si512(bk, _mm512_load_si512(mid_counters.v + 16 * g)), K);
  const __m512i d = loadz(in + 64 * g), c = _mm512_xor_si512(x, d);
  storez(out + 64 * g, c);
  return _mm512_shuffle_epi8(Enc ? c : d, bs);
}

// Full zmm g0..g1-1, zmm g times the powers at pw + 64 (g - g0), y added to the first; in pairs,
// whose products are summed by vpternlogq three at a time. A pair is multiplied after the next
// pair's rounds, so that its inputs are ready when its ops are issued.
template <int R, bool Enc>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void mid_run(const zkeys<R>& K, __m512i bk, __m512i bs,
                                                             const std::byte* in, std::byte* out,
                                                             std::size_t g0, std::size_t g1,
                                                             const std::byte* pw, acc& a,
                                                             __m128i y) noexcept {
  std::size_t g = g0;
  if (g + 1 < g1) {
    __m512i h0 = _mm512_xor_si512(mid_zmm<R, Enc>(K, bk, bs, in, out, g), lane0(y));
    __m512i h1 = mid_zmm<R, Enc>(K, bk, bs, in, out, g + 1);
    for (g += 2; g + 1 < g1; g += 2, pw += 128) {
      const __m512i n0 = mid_zmm<R, Enc>(K, bk, bs, in, out, g);
      const __m512i n1 = mid_zmm<R, Enc>(K, bk, bs, in, out, g + 1);
      mul2_add(a, h0, _mm512_loadu_si512(pw), h1, _mm512_loadu_si512(pw + 64));
      h0 = n0;
      h1 = n1;
    }
    mul2_add(a, h0, _mm512_loadu_si512(pw), h1, _mm512_loadu_si512(pw + 64));
    pw += 128;
    y = _mm_setzero_si128();
  }
  if (g < g1)
    mul1_add(a, _mm512_xor_si512(mid_zmm<R, Enc>(K, bk, bs, in, out, g), lane0(y)), _mm512_loadu_si512(pw));
}

template <int R, bool Enc>
FASTPRIM_ZERO_REGS_INNER FASTPRIM_TARGET_X86_VAES __attribute__((noinline)) void message_mid(
    const aes_round_keys& ks, const gcm_key& hk, __m128i base, const std::byte* aad, std::size_t aad_len,
    const std::byte* in, std::byte* out, std::size_t len, std::byte* tag) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  const __m512i bs = zrev();
  const std::size_t nc = (len + 15) / 16, na = (aad_len + 15) / 16, nz = (nc + 3) / 4;
  __m128i y = _mm_setzero_si128();
  acc a = acc_zero();
  // An AAD of 64 blocks and more through ghash64's paired products (as for GMAC, message_gmac).
  if (na + nc + 1 <= npow_all && na < npow)
    absorb<false>(a, hk, npow_all - (na + nc + 1), aad, aad_len, y, bs);
  else if (aad_len != 0)
    y = ghash_bytes<false>(hk, y, aad, aad_len, bs);
  const zkeys<R> K(enc_keys(ks));
  const bool j0_lane = (nc & 3) != 0;
  __m128i e = _mm_setzero_si128();
  if (!j0_lane) e = aes::x86_vaes::enc1<R>(_mm_add_epi32(base, _mm_set_epi32(1 << 24, 0, 0, 0)), key_ptr(ks));
  const __m512i bk = _mm512_xor_si512(bcast128(base), K.k[0]);
  // Block i times S_(nc + 1 - i): zmm g's powers at pw + 64 g.
  const std::byte* pw = hk.bytes + 16 * (npow_all - 1 - nc);
  {
    const std::size_t g = nz - 1;
    __m512i t = _mm512_load_si512(mid_counters.v + 16 * g);
    if (j0_lane) t = _mm512_mask_mov_epi32(t, 0x8000, _mm512_set1_epi32(1 << 24));
    const __m512i x = enc_rounds_from1<R>(_mm512_xor_si512(bk, t), K);
    if (j0_lane) e = _mm512_maskz_extracti32x4_epi32(0xF, x, 3);
    const __mmask64 m = bytes_mask(len - 64 * g);
    const __m512i d = _mm512_maskz_loadu_epi8(m, in + 64 * g);
    const __m512i c = _mm512_maskz_mov_epi8(m, _mm512_xor_si512(x, d));
    _mm512_mask_storeu_epi8(out + 64 * g, m, c);
    mul1_add(a, _mm512_shuffle_epi8(Enc ? c : d, bs), _mm512_maskz_loadu_epi64(lanes(nc, g), pw + 64 * g));
  }
  mid_run<R, Enc>(K, bk, bs, in, out, 0, nz - 1, pw, a, y);  // nz >= 3
  finish(a, hk, length_block(aad_len, len), e, tag);
}

// Longer messages: the AAD, then the full blocks in the bulk loop (counters from J0 + 1), then the
// partial block and E_K(J0) in one batch.
template <int R, bool Enc>
FASTPRIM_ZERO_REGS_INNER FASTPRIM_TARGET_X86_VAES __attribute__((noinline)) void message_long(
    const aes_round_keys& ks, const gcm_key& hk, __m128i base, const std::byte* aad, std::size_t aad_len,
    const std::byte* in, std::byte* out, std::size_t len, std::byte* tag) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  const __m512i bs = zrev();
  __m128i y = _mm_setzero_si128();
  if (aad_len != 0) y = ghash_bytes(hk, y, aad, aad_len, bs);
  const std::size_t nf = len / 16, rem = len % 16;
  {
    const zkeys<R> K(enc_keys(ks));
    counters c(_mm_add_epi32(base, _mm_set_epi32(2 << 24, 0, 0, 0)), 2);
    y = Enc ? encrypt_body<R>(K, hk, c, bs, y, in, out, nf) : decrypt_body<R>(K, hk, c, bs, y, in, out, nf);
  }
  // [E_K(J0) | keystream of block nf] in one ymm.
  const __m128i* k = key_ptr(ks);
  __m256i et = _mm256_inserti128_si256(
      _mm256_castsi128_si256(_mm_add_epi32(base, _mm_set_epi32(1 << 24, 0, 0, 0))),
      _mm_insert_epi32(base, static_cast<int>(__builtin_bswap32(static_cast<std::uint32_t>(nf + 2))), 3), 1);
  et = _mm256_xor_si256(et, _mm256_broadcastsi128_si256(_mm_load_si128(k)));
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r)
    et = _mm256_aesenc_epi128(et, _mm256_broadcastsi128_si256(_mm_load_si128(k + r)));
  et = _mm256_aesenclast_epi128(et, _mm256_broadcastsi128_si256(_mm_load_si128(k + R)));
  const __m128i e = _mm256_castsi256_si128(et), t = _mm256_extracti128_si256(et, 1);
  acc a = acc_zero();
  __m128i l = length_block(aad_len, len);
  if (rem != 0) {
    __m128i c;
    const __m128i d = xor_part16(in + 16 * nf, out + 16 * nf, rem, t, c);
    // (y + C*) * H^2 + L * H.
    const __m128i g = _mm_xor_si128(y, rev(Enc ? c : d));
    const __m128i h2 = _mm_load_si128(reinterpret_cast<const __m128i*>(pows(hk) + 16 * (npow - 2)));
    a.lo = _mm512_zextsi128_si512(_mm_clmulepi64_si128(g, h2, 0x00));
    a.hi = _mm512_zextsi128_si512(_mm_clmulepi64_si128(g, h2, 0x11));
    a.mid = _mm512_zextsi128_si512(
        _mm_xor_si128(_mm_clmulepi64_si128(g, h2, 0x01), _mm_clmulepi64_si128(g, h2, 0x10)));
  } else {
    l = _mm_xor_si128(l, y);
  }
  finish(a, hk, l, e, tag);
}

// No data, more AAD than the tiny path takes (GMAC): E_K(J0) on xmm first, then the AAD, so that
// its rounds overlap the multiplies (J0 in the short path's zmm, after the AAD and gating the
// length block's multiply, measured 25-30% slower from 64 to 576 bytes).
template <int R>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void message_gmac(const aes_round_keys& ks, const gcm_key& hk,
                                                                  __m128i base, const std::byte* aad,
                                                                  std::size_t aad_len,
                                                                  std::byte* tag) noexcept {
  const __m128i e = aes::x86_vaes::enc1<R>(_mm_add_epi32(base, _mm_set_epi32(1 << 24, 0, 0, 0)), key_ptr(ks));
  const __m512i bs = zrev();
  const std::size_t na = (aad_len + 15) / 16;
  acc a = acc_zero();
  __m128i l = length_block(aad_len, 0);
  // Past 63 blocks through ghash64's paired products (absorb's one zmm at a time: 1420 B 10% slower).
  if (FASTPRIM_LIKELY(na + 1 <= npow))
    absorb(a, hk, npow_all - (na + 1), aad, aad_len, _mm_setzero_si128(), bs);
  else
    l = _mm_xor_si128(l, ghash_bytes(hk, _mm_setzero_si128(), aad, aad_len, bs));
  finish(a, hk, l, e, tag);
}

// The short and mid paths test no window themselves (tests and copies inside them cost 3-10% from
// 80 to 1420 bytes: g++ kept pointers and round keys on the stack around the calls to the copies).
// Instead one test before each path sends a message with a window that reaches a page none of its
// bytes are on (see load_part) through copies on one page of the stack (message_bounced). An AAD
// above bounce_aad bytes is not looked at (its last window may pay the assist).
inline constexpr std::size_t bounce_aad = 1024;
// Whether [p + len, p + w) (w >= len: the windows' end) reaches a page that byte p + len - 1 is not
// on; with len == 0, false.
FASTPRIM_ALWAYS_INLINE std::uintptr_t end_spills(const std::byte* p, std::size_t len,
                                                 std::size_t w) noexcept {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  return (a + len - 1) ^ (a + w - 1);
}
// The AAD's windows: 64 bytes each (absorb).
FASTPRIM_ALWAYS_INLINE std::uintptr_t aad_spills(const std::byte* aad, std::size_t aad_len) noexcept {
  return aad_len <= bounce_aad ? end_spills(aad, aad_len, (aad_len + 63) / 64 * 64) : 0;
}
// The windows of message_short and message_mid: 64 bytes from the data on, and the AAD's.
FASTPRIM_ALWAYS_INLINE bool message_spills(const std::byte* in, const std::byte* out, std::size_t len,
                                           const std::byte* aad, std::size_t aad_len) noexcept {
  const std::size_t w = (len + 63) / 64 * 64;
  return (end_spills(in, len, w) | end_spills(out, len, w) | aad_spills(aad, aad_len)) >= 4096;
}
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void copy_bytes(std::byte* to, const std::byte* from,
                                                                std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; i += 64)
    store_part(to + i, 0, std::min<std::size_t>(n - i, 64),
               load_part(from + i, 0, std::min<std::size_t>(n - i, 64)));
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void message(const aes_round_keys& ks, const gcm_key& hk,
                                                                const std::byte* iv12, const std::byte* aad,
                                                                std::size_t aad_len, const std::byte* in,
                                                                std::byte* out, std::size_t len,
                                                                std::byte* tag, bool encrypt) noexcept;

// The message again from copies on one page of the stack (the data at byte 64, the AAD at byte
// 2240), where every window of the short and mid paths stays, so that the tests pass this time.
template <int R>
FASTPRIM_TARGET_X86_VAES __attribute__((noinline, cold)) void message_bounced(
    const aes_round_keys& ks, const gcm_key& hk, const std::byte* iv12, const std::byte* aad,
    std::size_t aad_len, const std::byte* in, std::byte* out, std::size_t len, std::byte* tag,
    bool encrypt) noexcept {
  static_assert(64 + (16 * mid_blocks + 63) / 64 * 64 <= 2240 && 2240 + bounce_aad <= 4096);
  alignas(4096) std::byte page[4096];
  std::byte *d = page + 64, *a = page + 2240;
  const bool bounce_a = aad_len <= bounce_aad;
  copy_bytes(d, in, len);
  if (bounce_a) copy_bytes(a, aad, aad_len);
  message<R>(ks, hk, iv12, bounce_a ? a : aad, aad_len, d, d, len, tag, encrypt);
  copy_bytes(out, d, len);
  secure_zero(d, (len + 63) / 64 * 64);  // what the copies and the kernel wrote
  if (bounce_a) secure_zero(a, (aad_len + 63) / 64 * 64);
}

// message_mid and message_long: one out-of-line call from `message`, before the inlined short paths
// (the same test and call inside message_dir cost 128-256 byte messages 5-10%), two tail calls from here.
template <int R, bool Enc>
FASTPRIM_TARGET_X86_VAES __attribute__((noinline)) void message_big(
    const aes_round_keys& ks, const gcm_key& hk, __m128i base, const std::byte* aad, std::size_t aad_len,
    const std::byte* in, std::byte* out, std::size_t len, std::byte* tag) noexcept {
  if (len <= 16 * mid_blocks) return message_mid<R, Enc>(ks, hk, base, aad, aad_len, in, out, len, tag);
  message_long<R, Enc>(ks, hk, base, aad, aad_len, in, out, len, tag);
}

// IV || 0^32, the 12 bytes read without a mask (they may end at a page end; see load_part).
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i iv_base(const std::byte* iv12) noexcept {
  std::uint32_t iv_hi;
  std::memcpy(&iv_hi, iv12 + 8, 4);
  return _mm_insert_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(iv12)), static_cast<int>(iv_hi),
                          2);
}

template <int R, bool Enc>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void message_dir(const aes_round_keys& ks, const gcm_key& hk,
                                                                 const std::byte* iv12, const std::byte* aad,
                                                                 std::size_t aad_len, const std::byte* in,
                                                                 std::byte* out, std::size_t len,
                                                                 std::byte* tag) noexcept {
  const __m128i base = iv_base(iv12);
  const std::size_t na = (aad_len + 15) / 16, nc = (len + 15) / 16;
  if (nc <= tiny_blocks && aad_len <= tiny_aad) {
    switch (nc) {
      case 0:
        return message_tiny<R, 0, Enc>(ks, hk, base, aad, aad_len, in, out, len, tag);
      case 1:
        return message_tiny<R, 1, Enc>(ks, hk, base, aad, aad_len, in, out, len, tag);
      case 2:
        return message_tiny<R, 2, Enc>(ks, hk, base, aad, aad_len, in, out, len, tag);
      case 3:
        return message_tiny<R, 3, Enc>(ks, hk, base, aad, aad_len, in, out, len, tag);
      default:
        return message_tiny<R, 4, Enc>(ks, hk, base, aad, aad_len, in, out, len, tag);
    }
  }
  if (nc == 0) return message_gmac<R>(ks, hk, base, aad, aad_len, tag);
  if (FASTPRIM_UNLIKELY(message_spills(in, out, len, aad, aad_len)))
    return message_bounced<R>(ks, hk, iv12, aad, aad_len, in, out, len, tag, Enc);
  const __m512i bs = zrev();
  __m128i y = _mm_setzero_si128();
  acc a = acc_zero();
  if (FASTPRIM_LIKELY(na + nc + 1 <= npow_all && na < npow))
    absorb<false>(a, hk, npow_all - (na + nc + 1), aad, aad_len, y, bs);
  else
    y = ghash_bytes<false>(hk, y, aad, aad_len, bs);
  switch ((nc + 4) / 4) {
    case 1:
      return message_short<R, 1, Enc>(ks, hk, base, a, y, in, out, len, aad_len, tag, bs);
    case 2:
      return message_short<R, 2, Enc>(ks, hk, base, a, y, in, out, len, aad_len, tag, bs);
    default:
      return message_short<R, 3, Enc>(ks, hk, base, a, y, in, out, len, aad_len, tag, bs);
  }
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void message(const aes_round_keys& ks, const gcm_key& hk,
                                                                const std::byte* iv12, const std::byte* aad,
                                                                std::size_t aad_len, const std::byte* in,
                                                                std::byte* out, std::size_t len,
                                                                std::byte* tag, bool encrypt) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  // message_short only where E_K(J0) takes a lane the data leaves free (at 8 blocks and from 12 on,
  // message_mid measured 2-17% faster).
  const std::size_t nc = (len + 15) / 16;
  if (nc > tiny_blocks && (nc >= mid_min || nc % 4 == 0)) {
    const __m128i base = iv_base(iv12);
    if (len <= 16 * mid_blocks && FASTPRIM_UNLIKELY(message_spills(in, out, len, aad, aad_len)))
      return message_bounced<R>(ks, hk, iv12, aad, aad_len, in, out, len, tag, encrypt);
    if (encrypt) return message_big<R, true>(ks, hk, base, aad, aad_len, in, out, len, tag);
    return message_big<R, false>(ks, hk, base, aad, aad_len, in, out, len, tag);
  }
  if (encrypt)
    message_dir<R, true>(ks, hk, iv12, aad, aad_len, in, out, len, tag);
  else
    message_dir<R, false>(ks, hk, iv12, aad, aad_len, in, out, len, tag);
}

template <int R>
inline constexpr gcm_mode_kernels modes{message<R>, encrypt<R>, decrypt<R>};
inline constexpr gcm_kernels kernels{&aes::x86_vaes::kernels, init, ghash, {modes<10>, modes<12>, modes<14>}};

}  // namespace detail::gcm::x86_vaes
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_X86_VAES
