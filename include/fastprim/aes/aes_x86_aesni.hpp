// Constant-time: yes (hardware AES; key expansion uses aesenclast as its S-box).
// fastprim/aes/aes_x86_aesni.hpp: AES-128/192/256 kernels on x86-64 AES-NI (xmm, SSE4.1). The
// parallel modes (ECB, CTR, CBC decryption) keep 8 independent blocks in flight to cover the
// aesenc latency; CBC encryption is one serial chain with P xor K0 folded into the last round
// key. Reference: FIPS 197; Intel, "Advanced Encryption Standard (AES) New Instructions Set"
// (Gueron, 2010), for the equivalent inverse cipher with aesimc.
#pragma once

#include "fastprim/aes/aes_kernels.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/detail/sse_entry.hpp"

#if FASTPRIM_HAVE_X86_AESNI
#include <immintrin.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::aes::x86_aesni {

// Round-key layout in aes_round_keys::bytes: encryption keys at 0, decryption keys at 256.
inline constexpr std::size_t dec_offset = 256;

FASTPRIM_ZERO_REGS_INNER FASTPRIM_TARGET_X86_AESNI inline std::uint32_t sub_word(std::uint32_t w) noexcept {
  // With the same word in all four columns ShiftRows is the identity: this is SubWord.
  const __m128i x = _mm_aesenclast_si128(_mm_set1_epi32(static_cast<int>(w)), _mm_setzero_si128());
  return static_cast<std::uint32_t>(_mm_cvtsi128_si32(x));
}

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void expand_key(aes_round_keys& ks, const std::byte* key,
                                                                    std::size_t key_len) noexcept {
  std::uint32_t w[60];
  const std::uint32_t rounds = aes_expand_words(key, key_len, w, sub_word);
  ks.rounds = rounds;
  auto* enc = reinterpret_cast<__m128i*>(ks.bytes);
  auto* dec = reinterpret_cast<__m128i*>(ks.bytes + dec_offset);
  for (std::uint32_t r = 0; r <= rounds; ++r) {
    __m128i k;
    std::memcpy(&k, w + 4 * r, 16);  // little-endian words: byte order of the key
    _mm_store_si128(enc + r, k);
  }
  _mm_store_si128(dec, _mm_load_si128(enc + rounds));
  for (std::uint32_t r = 1; r < rounds; ++r)
    _mm_store_si128(dec + r, _mm_aesimc_si128(_mm_load_si128(enc + rounds - r)));
  _mm_store_si128(dec + rounds, _mm_load_si128(enc));
  secure_zero(w, sizeof w);
}

template <int R>
struct keys {
  __m128i k[static_cast<std::size_t>(R) + 1];
  FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE explicit keys(const std::byte* p) noexcept {
    const auto* q = reinterpret_cast<const __m128i*>(p);
#pragma GCC unroll 15
    for (int i = 0; i <= R; ++i) k[i] = _mm_load_si128(q + i);
  }
};

template <int R, int N>
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE void enc_n(__m128i* x, const keys<R>& K) noexcept {
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = _mm_xor_si128(x[i], K.k[0]);
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) x[i] = _mm_aesenc_si128(x[i], K.k[r]);
  }
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = _mm_aesenclast_si128(x[i], K.k[R]);
}

template <int R, int N>
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE void dec_n(__m128i* x, const keys<R>& K) noexcept {
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = _mm_xor_si128(x[i], K.k[0]);
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) x[i] = _mm_aesdec_si128(x[i], K.k[r]);
  }
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = _mm_aesdeclast_si128(x[i], K.k[R]);
}

FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE __m128i loadu(const std::byte* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE void storeu(std::byte* p, __m128i v) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
}

template <int R, bool Enc>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void ecb_impl(const aes_round_keys& ks,
                                                                  const std::byte* in, std::byte* out,
                                                                  std::size_t n) noexcept {
  const keys<R> K(ks.bytes + (Enc ? 0 : dec_offset));
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    __m128i x[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) x[i] = loadu(in + 16 * i);
    if constexpr (Enc)
      enc_n<R, 8>(x, K);
    else
      dec_n<R, 8>(x, K);
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) storeu(out + 16 * i, x[i]);
  }
  for (; n > 0; --n, in += 16, out += 16) {
    __m128i x[1] = {loadu(in)};
    if constexpr (Enc)
      enc_n<R, 1>(x, K);
    else
      dec_n<R, 1>(x, K);
    storeu(out, x[0]);
  }
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void encrypt_block(const aes_round_keys& ks,
                                                                       const std::byte* in,
                                                                       std::byte* out) noexcept {
  const auto* k = reinterpret_cast<const __m128i*>(ks.bytes);
  __m128i x = _mm_xor_si128(loadu(in), _mm_load_si128(k));
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) x = _mm_aesenc_si128(x, _mm_load_si128(k + r));
  storeu(out, _mm_aesenclast_si128(x, _mm_load_si128(k + R)));
}
template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void decrypt_block(const aes_round_keys& ks,
                                                                       const std::byte* in,
                                                                       std::byte* out) noexcept {
  const auto* k = reinterpret_cast<const __m128i*>(ks.bytes + dec_offset);
  __m128i x = _mm_xor_si128(loadu(in), _mm_load_si128(k));
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) x = _mm_aesdec_si128(x, _mm_load_si128(k + r));
  storeu(out, _mm_aesdeclast_si128(x, _mm_load_si128(k + R)));
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void cbc_enc_impl(const aes_round_keys& ks, std::byte* iv,
                                                                      const std::byte* in, std::byte* out,
                                                                      std::size_t n) noexcept {
  if (n == 0) return;  // reads the first block before the loop
  const keys<R> K(ks.bytes);
  // y = aesenclast(s, K[R] ^ K[0] ^ P[i+1]) is C[i] ^ P[i+1] ^ K[0], the next block's state after
  // round 0: the chain is R aes latencies per block and the xor leaves it.
  const __m128i kx = _mm_xor_si128(K.k[0], K.k[R]);
  __m128i s = _mm_xor_si128(_mm_xor_si128(loadu(in), loadu(iv)), K.k[0]);
  __m128i c = s;
  for (std::size_t i = 0; i < n; ++i, in += 16, out += 16) {
#pragma GCC unroll 13
    for (int r = 1; r < R; ++r) s = _mm_aesenc_si128(s, K.k[r]);
    if (i + 1 < n) {
      const __m128i p = loadu(in + 16);
      s = _mm_aesenclast_si128(s, _mm_xor_si128(kx, p));
      storeu(out, _mm_xor_si128(s, _mm_xor_si128(K.k[0], p)));
    } else {
      c = _mm_aesenclast_si128(s, K.k[R]);
      storeu(out, c);
    }
  }
  storeu(iv, c);
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void cbc_dec_impl(const aes_round_keys& ks, std::byte* iv,
                                                                      const std::byte* in, std::byte* out,
                                                                      std::size_t n) noexcept {
  const keys<R> K(ks.bytes + dec_offset);
  __m128i prev = loadu(iv);
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    __m128i c[8], x[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) x[i] = c[i] = loadu(in + 16 * i);
    dec_n<R, 8>(x, K);
    storeu(out, _mm_xor_si128(x[0], prev));
#pragma GCC unroll 8
    for (int i = 1; i < 8; ++i) storeu(out + 16 * i, _mm_xor_si128(x[i], c[i - 1]));
    prev = c[7];
  }
  for (; n > 0; --n, in += 16, out += 16) {
    const __m128i c = loadu(in);
    __m128i x[1] = {c};
    dec_n<R, 1>(x, K);
    storeu(out, _mm_xor_si128(x[0], prev));
    prev = c;
  }
  storeu(iv, prev);
}

// Counter blocks are built from the little-endian (lo, hi) pair with a byte reversal; the
// vector add is taken only while the low 64 bits cannot carry within the batch.
template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void ctr_impl(const aes_round_keys& ks,
                                                                  const std::byte* iv, std::byte* next,
                                                                  const std::byte* in, std::byte* out,
                                                                  std::size_t n) noexcept {
  const keys<R> K(ks.bytes);
  if (n == 1 && next == nullptr) {  // one block: the counter block is the IV as it stands
    __m128i x[1] = {loadu(iv)};
    enc_n<R, 1>(x, K);
    storeu(out, _mm_xor_si128(x[0], loadu(in)));
    return;
  }
  const __m128i bswap = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  ctr128 c = ctr_load(iv);
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    __m128i x[8];
    if (FASTPRIM_LIKELY(c.lo <= ~std::uint64_t{0} - 7)) {
      const __m128i base = _mm_set_epi64x(static_cast<long long>(c.hi), static_cast<long long>(c.lo));
#pragma GCC unroll 8
      for (int i = 0; i < 8; ++i) x[i] = _mm_shuffle_epi8(_mm_add_epi64(base, _mm_set_epi64x(0, i)), bswap);
    } else {
#pragma GCC unroll 8
      for (int i = 0; i < 8; ++i) {
        const ctr128 ci = ctr_add(c, static_cast<std::uint64_t>(i));
        x[i] = _mm_shuffle_epi8(_mm_set_epi64x(static_cast<long long>(ci.hi), static_cast<long long>(ci.lo)),
                                bswap);
      }
    }
    c = ctr_add(c, 8);
    enc_n<R, 8>(x, K);
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) storeu(out + 16 * i, _mm_xor_si128(x[i], loadu(in + 16 * i)));
  }
  for (; n > 0; --n, in += 16, out += 16) {
    __m128i x[1] = {
        _mm_shuffle_epi8(_mm_set_epi64x(static_cast<long long>(c.hi), static_cast<long long>(c.lo)), bswap)};
    c = ctr_add(c, 1);
    enc_n<R, 1>(x, K);
    storeu(out, _mm_xor_si128(x[0], loadu(in)));
  }
  if (next != nullptr) ctr_store(next, c);
}

template <int R>
inline constexpr aes_mode_kernels modes{encrypt_block<R>,   decrypt_block<R>, ecb_impl<R, true>,
                                        ecb_impl<R, false>, cbc_enc_impl<R>,  cbc_dec_impl<R>,
                                        ctr_impl<R>};

inline constexpr aes_kernels kernels{expand_key, {modes<10>, modes<12>, modes<14>}};

// On CPUs with AVX every entry goes through sse_entry (a vzeroupper first: detail/sse_entry.hpp).
template <int R>
inline constexpr aes_mode_kernels modes_avx{
    &sse_entry<&encrypt_block<R>>::call,  &sse_entry<&decrypt_block<R>>::call,
    &sse_entry<&ecb_impl<R, true>>::call, &sse_entry<&ecb_impl<R, false>>::call,
    &sse_entry<&cbc_enc_impl<R>>::call,   &sse_entry<&cbc_dec_impl<R>>::call,
    &sse_entry<&ctr_impl<R>>::call};

inline constexpr aes_kernels kernels_avx{&sse_entry<&expand_key>::call,
                                         {modes_avx<10>, modes_avx<12>, modes_avx<14>}};

}  // namespace detail::aes::x86_aesni
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_X86_AESNI
