// Constant-time: yes (hardware AES and carry-less multiply; no table and no secret-dependent branch).
// fastprim/gcm/gcm_x86_aesni.hpp: AES-GCM on x86-64 AES-NI + PCLMULQDQ (xmm, SSE4.1, no AVX). The bulk
// kernels keep 8 counter blocks in flight and interleave their AES rounds with the GHASH multiplies
// of 8 ciphertext blocks (the previous group's when encrypting, the same group's when decrypting).
//
// GHASH works on byte-reversed blocks, where bit 127 of the register is the coefficient of x^0
// (SP 800-38D 6.3). The 256-bit carry-less product of two such values is reduced by two Montgomery
// steps of 64 bits with the constant 0xC2 << 56 (the reflected low terms of the polynomial); in
// this representation that leaves one factor of x too many, so the key is stored pre-multiplied by
// x^-1 ("H << 1 mod P"). Products of up to 8 blocks with H^8..H^1 are summed before one reduction
// (aggregated reduction), each a Karatsuba multiply with the xor of the key halves precomputed.
// Reference: NIST SP 800-38D; Gueron & Kounavis, "Intel Carry-Less Multiplication Instruction and
// its Usage for Computing the GCM Mode" (reflected representation, aggregated reduction); Bedrune &
// Videau, "Reversing a Finite Field Multiplication Optimization" (Quarkslab, 2016), for the reduction
// by two multiplications with 0xC2 << 56, which is Montgomery reduction by x^128.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fastprim/aes/aes_x86_aesni.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/sse_entry.hpp"
#include "fastprim/gcm/gcm_kernels.hpp"

#if FASTPRIM_HAVE_X86_AESNI
#include <immintrin.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::gcm::x86_aesni {

using aes::x86_aesni::enc_n;
using aes::x86_aesni::keys;
using aes::x86_aesni::loadu;
using aes::x86_aesni::storeu;

// Layout of gcm_key: H^i * x^-1 (byte-reversed) for i = 1..8 at 16 * (i - 1); at kara_offset +
// 16 * (i - 1) the xor of its two 64-bit halves, in both halves.
inline constexpr std::size_t kara_offset = 128;

FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE __m128i bswap_mask() noexcept {
  return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}
// Reverses the last 4 bytes only: the big-endian 32-bit counter becomes a lane paddd can add to.
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE __m128i ctr_mask() noexcept {
  return _mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
}

FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE const __m128i* key_at(const gcm_key& hk,
                                                                       std::size_t off) noexcept {
  return reinterpret_cast<const __m128i*>(hk.bytes + off);
}

// The three partial products of a Karatsuba multiply, summed over the blocks of a group.
struct acc {
  __m128i lo, hi, mid;
};

// a = x * H^i (first) or a ^= x * H^i; `h` = H^i * x^-1, `hm` = its halves xored.
template <bool First>
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE void mul_acc(acc& a, __m128i x, __m128i h,
                                                              __m128i hm) noexcept {
  const __m128i lo = _mm_clmulepi64_si128(h, x, 0x00);
  const __m128i hi = _mm_clmulepi64_si128(h, x, 0x11);
  const __m128i mid = _mm_clmulepi64_si128(hm, _mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e)), 0x00);
  if constexpr (First) {
    a.lo = lo;
    a.hi = hi;
    a.mid = mid;
  } else {
    a.lo = _mm_xor_si128(a.lo, lo);
    a.hi = _mm_xor_si128(a.hi, hi);
    a.mid = _mm_xor_si128(a.mid, mid);
  }
  // Sum now: left to itself the compiler regroups the xors at the end of the group and keeps
  // every product live, which spills with 16 registers.
  __asm__("" : "+x"(a.lo), "+x"(a.hi), "+x"(a.mid));
}

// The 256-bit sum hi:lo (with the Karatsuba middle term), Montgomery-reduced by 2^128 in the
// register's own bit order: twice, the low 64 bits q cancel with q * P and the whole shifts down by
// 64 bits. There P reads 1 + (0xC2 << 56) * 2^64 + 2^128 (carry-less), so the step is
// (v >> 64) ^ clmul(q, 0xC2 << 56) ^ (q << 64): a swap of the halves and two xors.
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE __m128i reduce(const acc& a) noexcept {
  const __m128i mid = _mm_xor_si128(a.mid, _mm_xor_si128(a.lo, a.hi));
  __m128i lo = _mm_xor_si128(a.lo, _mm_slli_si128(mid, 8));
  const __m128i hi = _mm_xor_si128(a.hi, _mm_srli_si128(mid, 8));
  const __m128i poly = _mm_set_epi64x(0, static_cast<long long>(0xC200000000000000ull));
  lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), _mm_clmulepi64_si128(lo, poly, 0x00));
  lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), _mm_clmulepi64_si128(lo, poly, 0x00));
  return _mm_xor_si128(lo, hi);
}

// x * y (y in key form, x^-1 applied), reduced.
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE __m128i gf_mul(__m128i x, __m128i y) noexcept {
  acc a;
  mul_acc<true>(a, x, y, _mm_xor_si128(y, _mm_shuffle_epi32(y, 0x4e)));
  return reduce(a);
}

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void init(gcm_key& hk, const std::byte* h) noexcept {
  const __m128i v = _mm_shuffle_epi8(loadu(h), bswap_mask());
  // H * x^-1: a left shift of the reflected value; when the bit shifted out (the x^0 term) is set,
  // adding P * x^-1 cancels it, and P * x^-1 without that term is 0xC2000000000000000000000000000001
  // in this representation.
  const __m128i carry = _mm_slli_si128(_mm_srli_epi64(v, 63), 8);
  const __m128i top = _mm_srai_epi32(_mm_shuffle_epi32(v, 0xff), 31);
  const __m128i p = _mm_set_epi64x(static_cast<long long>(0xC200000000000000ull), 1);
  const __m128i h1 = _mm_xor_si128(_mm_or_si128(_mm_slli_epi64(v, 1), carry), _mm_and_si128(top, p));
  auto* pw = reinterpret_cast<__m128i*>(hk.bytes);
  auto* km = reinterpret_cast<__m128i*>(hk.bytes + kara_offset);
  __m128i hi = h1;
  for (int i = 0; i < 8; ++i) {
    if (i != 0) hi = gf_mul(hi, h1);  // (H^i x^-1) * H: H^(i+1) x^-1
    _mm_store_si128(pw + i, hi);
    _mm_store_si128(km + i, _mm_xor_si128(hi, _mm_shuffle_epi32(hi, 0x4e)));
  }
}

// y = (y ^ X_0) * H^n ^ X_1 * H^(n-1) ^ ... ^ X_(n-1) * H for n = 1..8 blocks, reduced once.
template <int N>
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE __m128i ghash_n(const gcm_key& hk, __m128i y,
                                                                 const std::byte* in) noexcept {
  const __m128i bs = bswap_mask();
  acc a;
  mul_acc<true>(a, _mm_xor_si128(y, _mm_shuffle_epi8(loadu(in), bs)),
                _mm_load_si128(key_at(hk, 16 * (N - 1))),
                _mm_load_si128(key_at(hk, kara_offset + 16 * (N - 1))));
#pragma GCC unroll 8
  for (int i = 1; i < N; ++i)
    mul_acc<false>(a, _mm_shuffle_epi8(loadu(in + 16 * i), bs), _mm_load_si128(key_at(hk, 16 * (N - 1 - i))),
                   _mm_load_si128(key_at(hk, kara_offset + 16 * (N - 1 - i))));
  return reduce(a);
}

// The last n < 8 blocks in one group, H^n..H^1 taken by index (a loop keeps the code small).
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE __m128i ghash_tail(const gcm_key& hk, __m128i y,
                                                                    const std::byte* in,
                                                                    std::size_t n) noexcept {
  if (n == 0) return y;
  const __m128i bs = bswap_mask();
  acc a;
  mul_acc<true>(a, _mm_xor_si128(y, _mm_shuffle_epi8(loadu(in), bs)),
                _mm_load_si128(key_at(hk, 16 * (n - 1))),
                _mm_load_si128(key_at(hk, kara_offset + 16 * (n - 1))));
  for (std::size_t i = 1; i < n; ++i)
    mul_acc<false>(a, _mm_shuffle_epi8(loadu(in + 16 * i), bs), _mm_load_si128(key_at(hk, 16 * (n - 1 - i))),
                   _mm_load_si128(key_at(hk, kara_offset + 16 * (n - 1 - i))));
  return reduce(a);
}

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void ghash(const gcm_key& hk, std::byte* y,
                                                               const std::byte* in,
                                                               std::size_t nblocks) noexcept {
  const __m128i bs = bswap_mask();
  __m128i v = _mm_shuffle_epi8(loadu(y), bs);
  for (; nblocks >= 8; nblocks -= 8, in += 128) v = ghash_n<8>(hk, v, in);
  v = ghash_tail(hk, v, in, nblocks);
  storeu(y, _mm_shuffle_epi8(v, bs));
}

// ---- the bulk kernels ------------------------------------------------------------------------

// N counter blocks from `c` (counter in lane 3 little-endian), encrypted and xored with `in`.
template <int R, int N>
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE void ctr_n(const keys<R>& K, __m128i c, const std::byte* in,
                                                            std::byte* out) noexcept {
  const __m128i cm = ctr_mask();
  __m128i x[N];
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = _mm_shuffle_epi8(_mm_add_epi32(c, _mm_set_epi32(i, 0, 0, 0)), cm);
  enc_n<R, N>(x, K);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) storeu(out + 16 * i, _mm_xor_si128(x[i], loadu(in + 16 * i)));
}

// The last n < 8 blocks as 4 + 2 + 1: independent, so they still overlap, in 7 blocks of code.
template <int R>
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE void ctr_tail(const keys<R>& K, __m128i c,
                                                               const std::byte* in, std::byte* out,
                                                               std::size_t n) noexcept {
  if (n & 4) {
    ctr_n<R, 4>(K, c, in, out);
    c = _mm_add_epi32(c, _mm_set_epi32(4, 0, 0, 0));
    in += 64;
    out += 64;
  }
  if (n & 2) {
    ctr_n<R, 2>(K, c, in, out);
    c = _mm_add_epi32(c, _mm_set_epi32(2, 0, 0, 0));
    in += 32;
    out += 32;
  }
  if (n & 1) ctr_n<R, 1>(K, c, in, out);
}

// 8 counter blocks from `c` encrypted and xored with `in` into `out`, while y absorbs the 8 blocks at
// `h` (multiplied by H^8..H^1, reduced once). AES round r also issues the multiply of block r - 1:
// the two chains are independent, so aesenc and pclmulqdq fill each other's latency.
inline constexpr int W = 8;  // blocks per group; 6 and 7 measure slower
// Calls of this many blocks first take up to 7 blocks alone so that the counter of every group is
// 0 mod 8 (ctr_kind 0, the cheapest); below it the unstitched head costs more than it saves.
inline constexpr std::size_t align_min = 512;
// How stitched8 forms the counter blocks of a group starting at counter n32: 0 = by xor, 1 = by an
// add to the last byte, 2 = by a 32-bit add.
FASTPRIM_ALWAYS_INLINE int ctr_kind(std::uint32_t n32) noexcept {
  return (n32 & 7) == 0 ? 0 : (n32 & 0xff) <= 0x100 - W ? 1 : 2;
}
template <int R>
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE __m128i stitched8(const keys<R>& K, const gcm_key& hk,
                                                                   __m128i c, int kind, __m128i y,
                                                                   const std::byte* h, const std::byte* in,
                                                                   std::byte* out) noexcept {
  const __m128i cm = ctr_mask(), bs = bswap_mask();
  __m128i x[W];
  if (FASTPRIM_LIKELY(kind == 0)) {  // the counter is 0 mod 8: the group differs in its low 3 bits
    const __m128i base = _mm_xor_si128(_mm_shuffle_epi8(c, cm), K.k[0]);
#pragma GCC unroll 8
    for (int i = 0; i < W; ++i) x[i] = _mm_xor_si128(base, _mm_set_epi32(i << 24, 0, 0, 0));
  } else if (FASTPRIM_LIKELY(kind == 1)) {  // the last byte does not carry: add to it in place
    const __m128i cb = _mm_shuffle_epi8(c, cm);
#pragma GCC unroll 8
    for (int i = 0; i < W; ++i)
      x[i] = _mm_xor_si128(_mm_add_epi32(cb, _mm_set_epi32(i << 24, 0, 0, 0)), K.k[0]);
  } else {
#pragma GCC unroll 8
    for (int i = 0; i < W; ++i)
      x[i] = _mm_xor_si128(_mm_shuffle_epi8(_mm_add_epi32(c, _mm_set_epi32(i, 0, 0, 0)), cm), K.k[0]);
  }
  acc a;
  mul_acc<true>(a, _mm_xor_si128(y, _mm_shuffle_epi8(loadu(h), bs)), _mm_load_si128(key_at(hk, 16 * (W - 1))),
                _mm_load_si128(key_at(hk, kara_offset + 16 * (W - 1))));
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (int i = 0; i < W; ++i) x[i] = _mm_aesenc_si128(x[i], K.k[r]);
    if (r < W)
      mul_acc<false>(a, _mm_shuffle_epi8(loadu(h + 16 * r), bs), _mm_load_si128(key_at(hk, 16 * (W - 1 - r))),
                     _mm_load_si128(key_at(hk, kara_offset + 16 * (W - 1 - r))));
  }
  y = reduce(a);
#pragma GCC unroll 8
  for (int i = 0; i < W; ++i)
    storeu(out + 16 * i, _mm_xor_si128(_mm_aesenclast_si128(x[i], K.k[R]), loadu(in + 16 * i)));
  return y;
}

// Encryption hashes each group of 8 ciphertext blocks during the AES of the next group.
template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void encrypt(const aes_round_keys& ks, const gcm_key& hk,
                                                                 const std::byte* ctr, std::byte* y,
                                                                 const std::byte* in, std::byte* out,
                                                                 std::size_t nblocks) noexcept {
  const keys<R> K(ks.bytes);
  const __m128i bs = bswap_mask(), step = _mm_set_epi32(W, 0, 0, 0);
  __m128i c = _mm_shuffle_epi8(loadu(ctr), ctr_mask());
  std::uint32_t n32 = gcm_ctr32(ctr);  // its low byte picks the counter arithmetic of a group
  __m128i v = _mm_shuffle_epi8(loadu(y), bs);
  if (const std::size_t head = (0u - n32) & 7; nblocks >= align_min && head != 0) {
    ctr_tail<R>(K, c, in, out, head);
    v = ghash_tail(hk, v, out, head);
    c = _mm_add_epi32(c, _mm_set_epi32(static_cast<int>(head), 0, 0, 0));
    n32 += static_cast<std::uint32_t>(head);
    in += 16 * head;
    out += 16 * head;
    nblocks -= head;
  }
  if (nblocks >= W) {
    ctr_n<R, W>(K, c, in, out);
    c = _mm_add_epi32(c, step);
    n32 += W;
    const std::byte* prev = out;
    in += 16 * W;
    out += 16 * W;
    nblocks -= W;
    for (; nblocks >= W; nblocks -= W, in += 16 * W, out += 16 * W) {
      v = stitched8<R>(K, hk, c, ctr_kind(n32), v, prev, in, out);
      n32 += W;
      c = _mm_add_epi32(c, step);
      prev = out;
    }
    v = ghash_n<W>(hk, v, prev);
  }
  ctr_tail<R>(K, c, in, out, nblocks);
  v = ghash_tail(hk, v, out, nblocks);
  storeu(y, _mm_shuffle_epi8(v, bs));
}

// Decryption hashes each group's input during its own AES; every block is read before it is written.
template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void decrypt(const aes_round_keys& ks, const gcm_key& hk,
                                                                 const std::byte* ctr, std::byte* y,
                                                                 const std::byte* in, std::byte* out,
                                                                 std::size_t nblocks) noexcept {
  const keys<R> K(ks.bytes);
  const __m128i bs = bswap_mask(), step = _mm_set_epi32(W, 0, 0, 0);
  __m128i c = _mm_shuffle_epi8(loadu(ctr), ctr_mask());
  std::uint32_t n32 = gcm_ctr32(ctr);  // its low byte picks the counter arithmetic of a group
  __m128i v = _mm_shuffle_epi8(loadu(y), bs);
  if (const std::size_t head = (0u - n32) & 7; nblocks >= align_min && head != 0) {
    v = ghash_tail(hk, v, in, head);
    ctr_tail<R>(K, c, in, out, head);
    c = _mm_add_epi32(c, _mm_set_epi32(static_cast<int>(head), 0, 0, 0));
    n32 += static_cast<std::uint32_t>(head);
    in += 16 * head;
    out += 16 * head;
    nblocks -= head;
  }
  for (; nblocks >= W; nblocks -= W, in += 16 * W, out += 16 * W) {
    v = stitched8<R>(K, hk, c, ctr_kind(n32), v, in, in, out);
    n32 += W;
    c = _mm_add_epi32(c, step);
  }
  v = ghash_tail(hk, v, in, nblocks);
  ctr_tail<R>(K, c, in, out, nblocks);
  storeu(y, _mm_shuffle_epi8(v, bs));
}

// ---- the whole-message kernel (12-byte IV) ---------------------------------------------------
// One call per message, no stream state: the AAD hashed; up to 1 full block and the partial one
// in one AES batch with E_K(J0) and hashed with the length block under one reduction; more full
// blocks first through the bulk kernel above (a direct call, kept out of line: inlined here it
// spills more with 16 registers). SSE has no masked loads: the IV, the AAD's tail and the partial block pass
// through a 16-byte local that ends up holding only the caller's own input or output.
template <int R, bool Enc>
__attribute__((noinline)) FASTPRIM_ZERO_REGS_INNER FASTPRIM_TARGET_X86_AESNI void bulk(
    const aes_round_keys& ks, const gcm_key& hk, const std::byte* ctr, std::byte* y, const std::byte* in,
    std::byte* out, std::size_t nblocks) noexcept {
  if constexpr (Enc)
    encrypt<R>(ks, hk, ctr, y, in, out, nblocks);
  else
    decrypt<R>(ks, hk, ctr, y, in, out, nblocks);
}

// The last batch: E_K(J0) in x[0] and N - 1 data blocks (up to one full one and the partial one)
// with consecutive counters from `ctr` (big-endian block in b); their GHASH, v added to the first,
// and the length block with one reduction; one round key in a register at a time (all of them
// would spill the AES state).
template <int R, int N, bool Enc>
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE void last_batch(const aes_round_keys& ks, const gcm_key& hk,
                                                                 __m128i j0, std::uint32_t ctr, std::byte* b,
                                                                 __m128i v, __m128i l, const std::byte* in,
                                                                 std::byte* out, std::size_t len,
                                                                 std::byte* tag) noexcept {
  const auto* k = reinterpret_cast<const __m128i*>(ks.bytes);
  const __m128i bs = bswap_mask(), cm = ctr_mask();
  __m128i x[N];
  x[0] = _mm_xor_si128(j0, _mm_load_si128(k));
  const __m128i c = _mm_shuffle_epi8(j0, cm);
#pragma GCC unroll 4
  for (int i = 1; i < N; ++i)
    x[i] = _mm_xor_si128(
        _mm_shuffle_epi8(_mm_add_epi32(c, _mm_set_epi32(static_cast<int>(ctr) - 1 + i - 1, 0, 0, 0)), cm),
        _mm_load_si128(k));
    // One round key live at a time (the empty asm keeps the compiler from loading them all ahead).
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) {
    const __m128i* kr = k + r;
    __asm__("" : "+r"(kr));
    const __m128i key = _mm_load_si128(kr);
#pragma GCC unroll 5
    for (int i = 0; i < N; ++i) x[i] = _mm_aesenc_si128(x[i], key);
  }
  const __m128i* kl = k + R;
  __asm__("" : "+r"(kl));
  const __m128i key = _mm_load_si128(kl);
#pragma GCC unroll 5
  for (int i = 0; i < N; ++i) x[i] = _mm_aesenclast_si128(x[i], key);
  // E_K(J0) goes to the tag right away (it is not kept live through the GHASH below, where it
  // would spill to the stack); the tag buffer gets the GHASH added at the end.
  storeu(tag, x[0]);
  acc a;
  mul_acc<true>(a, N == 1 ? _mm_xor_si128(v, l) : l, _mm_load_si128(key_at(hk, 0)),
                _mm_load_si128(key_at(hk, kara_offset)));
#pragma GCC unroll 4
  for (int i = 1; i < N; ++i) {
    const std::size_t rest = len - 16 * static_cast<std::size_t>(i - 1);  // bytes from this block on
    __m128i g;
    if (rest >= 16) {
      const __m128i d = loadu(in), e = _mm_xor_si128(d, x[i]);
      storeu(out, e);
      g = Enc ? e : d;
    } else {
      _mm_store_si128(reinterpret_cast<__m128i*>(b), _mm_setzero_si128());
      std::memcpy(b, in, rest);
      const __m128i d = _mm_load_si128(reinterpret_cast<const __m128i*>(b));
      _mm_store_si128(reinterpret_cast<__m128i*>(b), _mm_xor_si128(d, x[i]));
      std::memcpy(out, b, rest);
      if (Enc)
        std::memset(b + rest, 0, 16 - rest);  // the keystream past the message
      else
        _mm_store_si128(reinterpret_cast<__m128i*>(b), d);
      g = _mm_load_si128(reinterpret_cast<const __m128i*>(b));
    }
    g = _mm_shuffle_epi8(g, bs);
    if (i == 1) g = _mm_xor_si128(g, v);
    mul_acc<false>(a, g, _mm_load_si128(key_at(hk, 16 * (N - i))),
                   _mm_load_si128(key_at(hk, kara_offset + 16 * (N - i))));
    in += 16;
    out += 16;
  }
  storeu(tag, _mm_xor_si128(_mm_shuffle_epi8(reduce(a), bs), loadu(tag)));
}

template <int R, bool Enc>
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE void message_dir(const aes_round_keys& ks, const gcm_key& hk,
                                                                  const std::byte* iv12, const std::byte* aad,
                                                                  std::size_t aad_len, const std::byte* in,
                                                                  std::byte* out, std::size_t len,
                                                                  std::byte* tag) noexcept {
  const __m128i bs = bswap_mask();
  __m128i v = _mm_setzero_si128();
  alignas(16) std::byte b[16];
  const std::size_t na = aad_len / 16, ra = aad_len % 16;
  std::size_t i = 0;
  for (; i + W <= na; i += W) v = ghash_n<W>(hk, v, aad + 16 * i);
  v = ghash_tail(hk, v, aad + 16 * i, na - i);
  if (ra != 0) {
    _mm_store_si128(reinterpret_cast<__m128i*>(b), _mm_setzero_si128());
    std::memcpy(b, aad + 16 * na, ra);
    v = ghash_tail(hk, v, b, 1);
  }
  // Up to 1 full block goes with E_K(J0) into the last batch; more through the bulk kernel first.
  const std::size_t nf = len / 16, rem = len % 16, nl = nf <= 1 ? nf : 0;
  // IV || 0^32 built in a register (a 16-byte load over the pieces just stored would not forward).
  std::uint32_t w2;
  std::memcpy(&w2, iv12 + 8, 4);
  const __m128i iv =
      _mm_insert_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(iv12)), static_cast<int>(w2), 2);
  if (nl != nf) {
    alignas(16) std::byte y[16];
    storeu(y, _mm_shuffle_epi8(v, bs));
    _mm_store_si128(reinterpret_cast<__m128i*>(b), _mm_insert_epi32(iv, 0x02000000, 3));  // J0 + 1
    bulk<R, Enc>(ks, hk, b, y, in, out, nf);
    v = _mm_shuffle_epi8(loadu(y), bs);
    _mm_store_si128(reinterpret_cast<__m128i*>(y), _mm_setzero_si128());
    __asm__ volatile("" : : "r"(y) : "memory");  // the GHASH state: wiped
    in += 16 * nf;
    out += 16 * nf;
  }
  const __m128i j0 = _mm_insert_epi32(iv, 0x01000000, 3);  // the counter word, big-endian 1
  const __m128i l = _mm_set_epi64x(static_cast<long long>(aad_len * 8), static_cast<long long>(len * 8));
  const auto ctr = static_cast<std::uint32_t>(nl == nf ? 2 : nf + 2);
  const std::size_t rest = len - 16 * (nf - nl);
  switch (nl + (rem != 0)) {
    case 0:
      return last_batch<R, 1, Enc>(ks, hk, j0, ctr, b, v, l, in, out, rest, tag);
    case 1:
      return last_batch<R, 2, Enc>(ks, hk, j0, ctr, b, v, l, in, out, rest, tag);
    default:
      return last_batch<R, 3, Enc>(ks, hk, j0, ctr, b, v, l, in, out, rest, tag);
  }
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void message(const aes_round_keys& ks, const gcm_key& hk,
                                                                 const std::byte* iv12, const std::byte* aad,
                                                                 std::size_t aad_len, const std::byte* in,
                                                                 std::byte* out, std::size_t len,
                                                                 std::byte* tag, bool encrypt) noexcept {
  if (encrypt)
    message_dir<R, true>(ks, hk, iv12, aad, aad_len, in, out, len, tag);
  else
    message_dir<R, false>(ks, hk, iv12, aad, aad_len, in, out, len, tag);
}

template <int R>
inline constexpr gcm_mode_kernels modes{message<R>, encrypt<R>, decrypt<R>};

inline constexpr gcm_kernels kernels{
    &aes::x86_aesni::kernels, init, ghash, {modes<10>, modes<12>, modes<14>}};

// On CPUs with AVX every entry goes through sse_entry (a vzeroupper first: detail/sse_entry.hpp).
template <int R>
inline constexpr gcm_mode_kernels modes_avx{&sse_entry<&message<R>>::call, &sse_entry<&encrypt<R>>::call,
                                            &sse_entry<&decrypt<R>>::call};

inline constexpr gcm_kernels kernels_avx{&aes::x86_aesni::kernels_avx,
                                         &sse_entry<&init>::call,
                                         &sse_entry<&ghash>::call,
                                         {modes_avx<10>, modes_avx<12>, modes_avx<14>}};

}  // namespace detail::gcm::x86_aesni
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_X86_AESNI
