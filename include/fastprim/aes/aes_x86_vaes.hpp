// Constant-time: yes (hardware AES).
// fastprim/aes/aes_x86_vaes.hpp: AES-128/192/256 kernels on x86-64 VAES with AVX-512 (zmm, four
// blocks per register). ECB, CTR and CBC decryption keep 8 zmm = 32 blocks in flight, enough
// to cover the aesenc latency at two zmm rounds per cycle; tails use masked loads and stores
// (through a stack copy where a window reaches a page next to the data: load_part).
// CBC encryption is serial and runs on xmm (VEX) with P xor K0 folded into the last round key.
// Calls of fewer than 4 blocks take the xmm path too. The round-key layout is x86_aesni's.
// Reference: FIPS 197; Intel SDM, VAESENC/VAESDEC (VEX/EVEX encodings).
#pragma once

#include "fastprim/aes/aes_kernels.hpp"
#include "fastprim/aes/aes_x86_aesni.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/secure_zero.hpp"

#if FASTPRIM_HAVE_X86_VAES
#include <immintrin.h>

#include <cstdint>
#include <cstring>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::aes::x86_vaes {

using x86_aesni::dec_offset;

// zmm registers per iteration of the main loops. Zen 4 issues two zmm vaesenc per cycle at a
// latency of 4 (measured here), so 8 independent zmm (32 blocks) keep both units busy.
inline constexpr int groups = 8;

// _mm512_broadcast_i32x4 trips g++ 12's -Wmaybe-uninitialized (its _mm512_undefined source);
// the all-ones zero-masked form is the same instruction.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i bcast128(__m128i v) noexcept {
  return _mm512_maskz_broadcast_i32x4(static_cast<__mmask16>(0xFFFF), v);
}

// [b3 of `prev`, b0, b1, b2 of `cur`]: the previous ciphertext block of each block of `cur`.
// (The zero-masked valignq, for the same g++ 12 warning.)
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i prev_blocks(__m512i cur, __m512i prev) noexcept {
  return _mm512_maskz_alignr_epi64(static_cast<__mmask8>(0xFF), cur, prev, 6);
}

// ---- xmm (VEX) helpers for short calls and CBC encryption ------------------------------------
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i loadu(const std::byte* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void storeu(std::byte* p, __m128i v) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}

template <int R>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i enc1(__m128i x, const __m128i* k) noexcept {
  x = _mm_xor_si128(x, _mm_load_si128(k));
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) x = _mm_aesenc_si128(x, _mm_load_si128(k + r));
  return _mm_aesenclast_si128(x, _mm_load_si128(k + R));
}
template <int R>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i dec1(__m128i x, const __m128i* k) noexcept {
  x = _mm_xor_si128(x, _mm_load_si128(k));
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) x = _mm_aesdec_si128(x, _mm_load_si128(k + r));
  return _mm_aesdeclast_si128(x, _mm_load_si128(k + R));
}

FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE const __m128i* enc_keys(const aes_round_keys& ks) noexcept {
  return reinterpret_cast<const __m128i*>(ks.bytes);
}
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE const __m128i* dec_keys(const aes_round_keys& ks) noexcept {
  return reinterpret_cast<const __m128i*>(ks.bytes + dec_offset);
}

// ---- zmm helpers --------------------------------------------------------------------------------
template <int R>
struct zkeys {
  __m512i k[static_cast<std::size_t>(R) + 1];
  FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE explicit zkeys(const __m128i* p) noexcept {
#pragma GCC unroll 15
    for (int i = 0; i <= R; ++i) k[i] = bcast128(_mm_load_si128(p + i));
  }
};

// Rounds 1..R of one zmm whose round-0 key is already in (AES-GCM folds it into its counters).
template <int R>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i enc_rounds_from1(__m512i x,
                                                                         const zkeys<R>& K) noexcept {
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) x = _mm512_aesenc_epi128(x, K.k[r]);
  return _mm512_aesenclast_epi128(x, K.k[R]);
}

template <int R, int N>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void enc_z(__m512i* x, const zkeys<R>& K) noexcept {
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = _mm512_xor_si512(x[i], K.k[0]);
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) x[i] = _mm512_aesenc_epi128(x[i], K.k[r]);
  }
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = _mm512_aesenclast_epi128(x[i], K.k[R]);
}
template <int R, int N>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void dec_z(__m512i* x, const zkeys<R>& K) noexcept {
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = _mm512_xor_si512(x[i], K.k[0]);
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) x[i] = _mm512_aesdec_epi128(x[i], K.k[r]);
  }
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = _mm512_aesdeclast_epi128(x[i], K.k[R]);
}

FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i loadz(const std::byte* p) noexcept {
  return _mm512_loadu_si512(p);
}
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void storez(std::byte* p, __m512i v) noexcept {
  _mm512_storeu_si512(p, v);
}

// ---- partial loads and stores -------------------------------------------------------------------
// Bytes [lo, hi) of the 64 (16) at p, zero elsewhere, and their store: masked, except where the
// window reaches a page that those bytes do not (lo < hi). A masked-off byte on a page that is not
// mapped, or not present, does not fault but costs a microcode assist of some 300 cycles per access
// (measured: a 100-byte AES-GCM seal at the start of a page after an unmapped one took 640 ticks
// instead of 35); such windows go through a stack copy instead. Branches on addresses only.
FASTPRIM_ALWAYS_INLINE bool window_spills(const std::byte* p, std::size_t w, std::size_t lo,
                                          std::size_t hi) noexcept {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  return (((a + lo) ^ a) | ((a + hi - 1) ^ (a + w - 1))) >= 4096;
}
FASTPRIM_ALWAYS_INLINE __mmask64 window_mask(std::size_t lo, std::size_t hi) noexcept {
  const __mmask64 below_hi = hi >= 64 ? ~__mmask64{0} : (__mmask64{1} << hi) - 1;
  return below_hi & ~((__mmask64{1} << lo) - 1);  // lo < 64
}
// Eight bytes then one at a time, kept from becoming a memcpy (g++ inlines that as rep movsb, which
// measured as slow as the assist here).
FASTPRIM_ALWAYS_INLINE void copy_part(std::byte* d, const std::byte* s, std::size_t n) noexcept {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t x;
    std::memcpy(&x, s + i, 8);
    __asm__("" : "+r"(x));
    std::memcpy(d + i, &x, 8);
  }
  for (; i < n; ++i) {
    std::byte x = s[i];
    __asm__("" : "+r"(x));
    d[i] = x;
  }
}
FASTPRIM_TARGET_X86_VAES __attribute__((noinline, cold)) inline __m512i load_part_copy(
    const std::byte* p, std::size_t lo, std::size_t hi) noexcept {
  alignas(64) std::byte t[64]{};
  copy_part(t + lo, p + lo, hi - lo);
  const __m512i v = _mm512_load_si512(t);
  secure_zero(t, sizeof t);
  return v;
}
FASTPRIM_TARGET_X86_VAES __attribute__((noinline, cold)) inline void store_part_copy(std::byte* p,
                                                                                     std::size_t lo,
                                                                                     std::size_t hi,
                                                                                     __m512i v) noexcept {
  alignas(64) std::byte t[64];
  _mm512_store_si512(t, v);
  copy_part(p + lo, t + lo, hi - lo);
  secure_zero(t, sizeof t);
}
// The 16-byte windows through the same copies (only bytes [0, n) are read or written).
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i load_part16_copy(const std::byte* p,
                                                                         std::size_t n) noexcept {
  return _mm512_maskz_extracti32x4_epi32(0xF, load_part_copy(p, 0, n), 0);
}
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void store_part16_copy(std::byte* p, std::size_t n,
                                                                       __m128i v) noexcept {
  store_part_copy(p, 0, n, _mm512_zextsi128_si512(v));
}
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i load_part(const std::byte* p, std::size_t lo,
                                                                  std::size_t hi) noexcept {
  if (lo == 0 && hi == 64) return loadz(p);  // the whole window is data
  if (FASTPRIM_UNLIKELY(window_spills(p, 64, lo, hi))) return load_part_copy(p, lo, hi);
  return _mm512_maskz_loadu_epi8(window_mask(lo, hi), p);
}
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void store_part(std::byte* p, std::size_t lo, std::size_t hi,
                                                                __m512i v) noexcept {
  if (lo == 0 && hi == 64)
    storez(p, v);
  else if (FASTPRIM_UNLIKELY(window_spills(p, 64, lo, hi)))
    store_part_copy(p, lo, hi, v);
  else
    _mm512_mask_storeu_epi8(p, window_mask(lo, hi), v);
}
// The first n (1..16) bytes at p.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i load_part16(const std::byte* p,
                                                                    std::size_t n) noexcept {
  if (FASTPRIM_UNLIKELY(window_spills(p, 16, 0, n))) return load_part16_copy(p, n);
  return _mm_maskz_loadu_epi8(static_cast<__mmask16>(window_mask(0, n)), p);
}

// x ^ the first n (1..16) bytes at `in`, stored to the same bytes at `out`; returns those input
// bytes and sets c to what was stored (both zero above n). One test for both windows: one each
// cost a 20-byte AES-GCM seal 15% here.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i xor_part16(const std::byte* in, std::byte* out,
                                                                   std::size_t n, __m128i x,
                                                                   __m128i& c) noexcept {
  if (n == 16) {  // a whole block: no window past the data
    const __m128i d = loadu(in);
    c = _mm_xor_si128(x, d);
    storeu(out, c);
    return d;
  }
  const auto m = static_cast<__mmask16>(window_mask(0, n));
  if (FASTPRIM_UNLIKELY(window_spills(in, 16, 0, n) || window_spills(out, 16, 0, n))) {
    const __m128i d = load_part16_copy(in, n);
    c = _mm_maskz_mov_epi8(m, _mm_xor_si128(x, d));
    store_part16_copy(out, n, c);
    return d;
  }
  const __m128i d = _mm_maskz_loadu_epi8(m, in);
  c = _mm_maskz_mov_epi8(m, _mm_xor_si128(x, d));
  _mm_mask_storeu_epi8(out, m, c);
  return d;
}

// ---- ECB --------------------------------------------------------------------------------------
template <int R, bool Enc>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void ecb_impl(const aes_round_keys& ks,
                                                                 const std::byte* in, std::byte* out,
                                                                 std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  const __m128i* k = Enc ? enc_keys(ks) : dec_keys(ks);
  if (n < 4) {
    for (; n > 0; --n, in += 16, out += 16) storeu(out, Enc ? enc1<R>(loadu(in), k) : dec1<R>(loadu(in), k));
    return;
  }
  const zkeys<R> K(k);
  for (; n >= 4 * groups; n -= 4 * groups, in += 64 * groups, out += 64 * groups) {
    __m512i x[groups];
#pragma GCC unroll 8
    for (int g = 0; g < groups; ++g) x[g] = loadz(in + 64 * g);
    if constexpr (Enc)
      enc_z<R, groups>(x, K);
    else
      dec_z<R, groups>(x, K);
#pragma GCC unroll 8
    for (int g = 0; g < groups; ++g) storez(out + 64 * g, x[g]);
  }
  for (; n >= 4; n -= 4, in += 64, out += 64) {
    __m512i x[1] = {loadz(in)};
    if constexpr (Enc)
      enc_z<R, 1>(x, K);
    else
      dec_z<R, 1>(x, K);
    storez(out, x[0]);
  }
  if (n) {
    __m512i x[1] = {load_part(in, 0, 16 * n)};
    if constexpr (Enc)
      enc_z<R, 1>(x, K);
    else
      dec_z<R, 1>(x, K);
    store_part(out, 0, 16 * n, x[0]);
  }
}

// ---- CBC --------------------------------------------------------------------------------------
template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void cbc_enc_impl(const aes_round_keys& ks, std::byte* iv,
                                                                     const std::byte* in, std::byte* out,
                                                                     std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  if (n == 0) return;  // reads the first block before the loop
  const __m128i* kp = enc_keys(ks);
  __m128i k[static_cast<std::size_t>(R) + 1];
#pragma GCC unroll 15
  for (int i = 0; i <= R; ++i) k[i] = _mm_load_si128(kp + i);
  // aesenclast(s, K[R] ^ K[0] ^ P[i+1]) = C[i] ^ P[i+1] ^ K[0]: the next state after round 0,
  // so the chain is R aes latencies per block.
  const __m128i kx = _mm_xor_si128(k[0], k[R]);
  __m128i s = _mm_xor_si128(_mm_xor_si128(loadu(in), loadu(iv)), k[0]);
  __m128i c = s;
  for (std::size_t i = 0; i < n; ++i, in += 16, out += 16) {
#pragma GCC unroll 13
    for (int r = 1; r < R; ++r) s = _mm_aesenc_si128(s, k[r]);
    if (i + 1 < n) {
      const __m128i p = loadu(in + 16);
      s = _mm_aesenclast_si128(s, _mm_xor_si128(kx, p));
      storeu(out, _mm_xor_si128(s, _mm_xor_si128(k[0], p)));
    } else {
      c = _mm_aesenclast_si128(s, k[R]);
      storeu(out, c);
    }
  }
  storeu(iv, c);
}

// P[i] = D(C[i]) ^ C[i-1]. The previous blocks of the first zmm of a batch come from registers
// (valignq with the last zmm of the previous batch), so in-place calls never read a block
// already overwritten.
template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void cbc_dec_impl(const aes_round_keys& ks, std::byte* iv,
                                                                     const std::byte* in, std::byte* out,
                                                                     std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  const __m128i* k = dec_keys(ks);
  if (n < 4) {
    __m128i prev = loadu(iv);
    for (; n > 0; --n, in += 16, out += 16) {
      const __m128i c = loadu(in);
      storeu(out, _mm_xor_si128(dec1<R>(c, k), prev));
      prev = c;
    }
    storeu(iv, prev);
    return;
  }
  const __m128i last_ct = loadu(in + 16 * (n - 1));
  const zkeys<R> K(k);
  __m512i last = bcast128(loadu(iv));  // block 3 is the chaining value
  for (; n >= 4 * groups; n -= 4 * groups, in += 64 * groups, out += 64 * groups) {
    __m512i c[groups], x[groups];
#pragma GCC unroll 8
    for (int g = 0; g < groups; ++g) x[g] = c[g] = loadz(in + 64 * g);
    dec_z<R, groups>(x, K);
    storez(out, _mm512_xor_si512(x[0], prev_blocks(c[0], last)));
#pragma GCC unroll 8
    for (int g = 1; g < groups; ++g)
      storez(out + 64 * g, _mm512_xor_si512(x[g], prev_blocks(c[g], c[g - 1])));
    last = c[groups - 1];
  }
  for (; n >= 4; n -= 4, in += 64, out += 64) {
    const __m512i c = loadz(in);
    __m512i x[1] = {c};
    dec_z<R, 1>(x, K);
    storez(out, _mm512_xor_si512(x[0], prev_blocks(c, last)));
    last = c;
  }
  if (n) {
    const __m512i c = load_part(in, 0, 16 * n);
    __m512i x[1] = {c};
    dec_z<R, 1>(x, K);
    store_part(out, 0, 16 * n, _mm512_xor_si512(x[0], prev_blocks(c, last)));
  }
  storeu(iv, last_ct);
}

// ---- CTR --------------------------------------------------------------------------------------
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i ctr_block(ctr128 c) noexcept {
  const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  return _mm_shuffle_epi8(_mm_set_epi64x(static_cast<long long>(c.hi), static_cast<long long>(c.lo)), bswap);
}

// G zmm of counter blocks c, c+1, ..., c+4G-1 (big-endian). When the last byte of the counter
// cannot carry inside the batch, j is added straight to byte 15 of the big-endian block (the top
// byte of its second little-endian qword): one vpaddq per zmm. Else, while the low 64 bits cannot
// carry, the (lo, hi) pairs are added and byte-reversed; else one block at a time.
template <int G>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void ctr_blocks(ctr128 c, __m512i* x) noexcept {
  if (FASTPRIM_LIKELY((c.lo & 0xff) <= 256 - 4 * G)) {
    const __m512i base = bcast128(ctr_block(c));
#pragma GCC unroll 8
    for (int g = 0; g < G; ++g) {
      const long long j = 4 * g;
      x[g] = _mm512_add_epi64(
          base, _mm512_set_epi64((j + 3) << 56, 0, (j + 2) << 56, 0, (j + 1) << 56, 0, j << 56, 0));
    }
  } else if (c.lo <= ~std::uint64_t{0} - (4 * G - 1)) {
    const __m512i bswap = bcast128(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    const __m512i base =
        _mm512_add_epi64(bcast128(_mm_set_epi64x(static_cast<long long>(c.hi), static_cast<long long>(c.lo))),
                         _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0));
#pragma GCC unroll 8
    for (int g = 0; g < G; ++g)
      x[g] = _mm512_shuffle_epi8(
          _mm512_add_epi64(base, _mm512_set_epi64(0, 4 * g, 0, 4 * g, 0, 4 * g, 0, 4 * g)), bswap);
  } else {
    alignas(64) std::byte buf[64 * static_cast<std::size_t>(G)];
    for (int j = 0; j < 4 * G; ++j) ctr_store(buf + 16 * j, ctr_add(c, static_cast<std::uint64_t>(j)));
#pragma GCC unroll 8
    for (int g = 0; g < G; ++g) x[g] = _mm512_load_si512(buf + 64 * g);
  }
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void ctr_impl(const aes_round_keys& ks,
                                                                 const std::byte* iv, std::byte* next,
                                                                 const std::byte* in, std::byte* out,
                                                                 std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  if (n == 1 && next == nullptr) {  // one block: the counter block is the IV as it stands
    storeu(out, _mm_xor_si128(enc1<R>(loadu(iv), enc_keys(ks)), loadu(in)));
    return;
  }
  ctr128 c = ctr_load(iv);
  if (n < 4) {
    const __m128i* k = enc_keys(ks);
    for (; n > 0; --n, in += 16, out += 16) {
      storeu(out, _mm_xor_si128(enc1<R>(ctr_block(c), k), loadu(in)));
      c = ctr_add(c, 1);
    }
    if (next != nullptr) ctr_store(next, c);
    return;
  }
  const zkeys<R> K(enc_keys(ks));
  for (; n >= 4 * groups; n -= 4 * groups, in += 64 * groups, out += 64 * groups) {
    __m512i x[groups];
    ctr_blocks<groups>(c, x);
    c = ctr_add(c, 4 * groups);
    enc_z<R, groups>(x, K);
#pragma GCC unroll 8
    for (int g = 0; g < groups; ++g) storez(out + 64 * g, _mm512_xor_si512(x[g], loadz(in + 64 * g)));
  }
  for (; n >= 4; n -= 4, in += 64, out += 64) {
    __m512i x[1];
    ctr_blocks<1>(c, x);
    c = ctr_add(c, 4);
    enc_z<R, 1>(x, K);
    storez(out, _mm512_xor_si512(x[0], loadz(in)));
  }
  if (n) {
    __m512i x[1];
    ctr_blocks<1>(c, x);
    c = ctr_add(c, n);
    enc_z<R, 1>(x, K);
    store_part(out, 0, 16 * n, _mm512_xor_si512(x[0], load_part(in, 0, 16 * n)));
  }
  if (next != nullptr) ctr_store(next, c);
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void encrypt_block(const aes_round_keys& ks,
                                                                      const std::byte* in,
                                                                      std::byte* out) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  storeu(out, enc1<R>(loadu(in), enc_keys(ks)));
}
template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void decrypt_block(const aes_round_keys& ks,
                                                                      const std::byte* in,
                                                                      std::byte* out) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  storeu(out, dec1<R>(loadu(in), dec_keys(ks)));
}

template <int R>
inline constexpr aes_mode_kernels modes{encrypt_block<R>,   decrypt_block<R>, ecb_impl<R, true>,
                                        ecb_impl<R, false>, cbc_enc_impl<R>,  cbc_dec_impl<R>,
                                        ctr_impl<R>};

// The key expansion is x86_aesni's, legacy SSE: entered with a vzeroupper (detail/sse_entry.hpp).
inline constexpr aes_kernels kernels{&sse_entry<&x86_aesni::expand_key>::call,
                                     {modes<10>, modes<12>, modes<14>}};

}  // namespace detail::aes::x86_vaes
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_X86_VAES
