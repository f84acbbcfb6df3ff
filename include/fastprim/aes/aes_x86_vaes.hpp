// Constant-time: yes (hardware AES).
// fastprim/aes/aes_x86_vaes.hpp: AES-128/192/256 kernels on x86-64 VAES with AVX-512 (zmm, four
// blocks per register). ECB, CTR and CBC decryption keep 8 zmm = 32 blocks in flight, enough
// to cover the aesenc latency at two zmm rounds per cycle; tails use masked loads and stores.
// CBC encryption is serial and runs on xmm (VEX) with P xor K0 folded into the last round key.
// Calls of fewer than 4 blocks take the xmm path too. The round-key layout is x86_aesni's.
// Reference: FIPS 197; Intel SDM, VAESENC/VAESDEC (VEX/EVEX encodings).
#pragma once

#include "fastprim/aes/aes_kernels.hpp"
#include "fastprim/aes/aes_x86_aesni.hpp"
#include "fastprim/detail/config.hpp"

#if FASTPRIM_HAVE_X86_VAES
#include <immintrin.h>

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
// The first `blocks` (1..3) blocks of a zmm: two 64-bit lanes per block.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __mmask8 block_mask(std::size_t blocks) noexcept {
  return static_cast<__mmask8>((1u << (2 * blocks)) - 1);
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
    const __mmask8 m = block_mask(n);
    __m512i x[1] = {_mm512_maskz_loadu_epi64(m, in)};
    if constexpr (Enc)
      enc_z<R, 1>(x, K);
    else
      dec_z<R, 1>(x, K);
    _mm512_mask_storeu_epi64(out, m, x[0]);
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
    const __mmask8 m = block_mask(n);
    const __m512i c = _mm512_maskz_loadu_epi64(m, in);
    __m512i x[1] = {c};
    dec_z<R, 1>(x, K);
    _mm512_mask_storeu_epi64(out, m, _mm512_xor_si512(x[0], prev_blocks(c, last)));
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
    const __mmask8 m = block_mask(n);
    __m512i x[1];
    ctr_blocks<1>(c, x);
    c = ctr_add(c, n);
    enc_z<R, 1>(x, K);
    _mm512_mask_storeu_epi64(out, m, _mm512_xor_si512(x[0], _mm512_maskz_loadu_epi64(m, in)));
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
