// Constant-time: yes (hardware AES; tweaks are advanced by shifts and a carry-less multiply, no
// branch on their bits; branches depend only on the public block count).
// fastprim/xts/xts_x86_aesni.hpp: AES-XTS on x86-64 AES-NI (xmm, SSE4.1 + PCLMULQDQ): fused
// kernels with 8 blocks in flight, as the ECB kernel. The 8 tweaks of a batch live in registers;
// each is advanced by x^8 for the next batch (a byte shift, the top byte folded back times 0x87
// by one pclmulqdq), so no tweak waits for another. The tail (1 to 7 blocks) is one batch that
// uses the first tweaks of the set; the next one is the tweak returned. The tweak is folded into
// the first and last round keys (x = P ^ T ^ K0, C = aesenclast(x, K_R ^ T)). The three xors and
// the tweak step per block share execution ports with aesenc: on Ice Lake this runs at about 1.2x
// (AES-256) to 1.3x (AES-128) the ECB kernel's time.
// The round keys are those of the x86_aesni AES backend.
// Reference: IEEE Std 1619-2007; Intel SDM, AESENC and PCLMULQDQ.
#pragma once

#include <cstddef>

#include "fastprim/aes/aes_x86_aesni.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/sse_entry.hpp"
#include "fastprim/xts/xts_kernels.hpp"

#if FASTPRIM_HAVE_X86_AESNI
#include <immintrin.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::xts::x86_aesni {

using aes::x86_aesni::dec_offset;
using aes::x86_aesni::loadu;
using aes::x86_aesni::storeu;

// T * x^K, 1 <= K <= 56: the 128-bit value shifted left by K; the top K bits of the low qword move
// into the high one (a byte shift), those of the high qword fold back times 0x87 (K + 7 bits).
template <int K>
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE __m128i mul_xk(__m128i t) noexcept {
  const __m128i c = _mm_srli_epi64(t, 64 - K);
  const __m128i f = _mm_clmulepi64_si128(c, _mm_set_epi64x(0, 0x87), 0x01);
  return _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(t, K), _mm_slli_si128(c, 8)), f);
}
// T * x^8: a byte shift, the top byte folded back times 0x87; no bit shifts on the AES ports.
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE __m128i mul_x8(__m128i t) noexcept {
  return _mm_xor_si128(_mm_slli_si128(t, 1),
                       _mm_clmulepi64_si128(_mm_srli_si128(t, 15), _mm_set_epi64x(0, 0x87), 0x00));
}

// N blocks with the tweaks tw[0..N-1]: x = P ^ T ^ K0, C = aesenclast(x, K_R ^ T). With Next, tw
// then holds the tweaks of the next N blocks (each times x^8, N = 8), computed while the rounds run.
// The round keys are read from the schedule where used (memory operands), not copied first: the
// 16 xmm registers are left to the 8 states and the 8 tweaks.
template <int R, bool Enc, int N, bool Next = false>
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE void batch(const __m128i* K, __m128i* tw,
                                                            const std::byte* in, std::byte* out) noexcept {
  __m128i x[static_cast<std::size_t>(N)], kl[static_cast<std::size_t>(N)];
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    x[i] = _mm_xor_si128(loadu(in + 16 * i), _mm_xor_si128(tw[i], _mm_load_si128(K)));
    kl[i] = _mm_xor_si128(_mm_load_si128(K + R), tw[i]);
    if constexpr (Next) tw[i] = mul_x8(tw[i]);
  }
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i)
      x[i] =
          Enc ? _mm_aesenc_si128(x[i], _mm_load_si128(K + r)) : _mm_aesdec_si128(x[i], _mm_load_si128(K + r));
  }
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i)
    storeu(out + 16 * i, Enc ? _mm_aesenclast_si128(x[i], kl[i]) : _mm_aesdeclast_si128(x[i], kl[i]));
}

// The last N (1..7) blocks with the first N tweaks of the set; returns the tweak after them.
template <int R, bool Enc, int N>
FASTPRIM_TARGET_X86_AESNI FASTPRIM_ALWAYS_INLINE __m128i tail(const __m128i* K, __m128i* tw,
                                                              const std::byte* in, std::byte* out) noexcept {
  batch<R, Enc, N>(K, tw, in, out);
  return tw[N];
}

template <int R, bool Enc>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI inline void xts_impl(const aes_round_keys& ks, std::byte* t,
                                                                  const std::byte* in, std::byte* out,
                                                                  std::size_t n) noexcept {
  if (n == 0) return;
  const auto* K = reinterpret_cast<const __m128i*>(ks.bytes + (Enc ? 0 : dec_offset));
  const __m128i t0 = loadu(t);
  if (n == 1) {  // ciphertext stealing calls one block at a time
    __m128i t1[1] = {t0};
    batch<R, Enc, 1>(K, t1, in, out);
    storeu(t, mul_xk<1>(t0));
    return;
  }
  __m128i tw[8] = {
      t0,           mul_xk<1>(t0), mul_xk<2>(t0), mul_xk<3>(t0), mul_xk<4>(t0), mul_xk<5>(t0), mul_xk<6>(t0),
      mul_xk<7>(t0)};
  for (; n >= 8; n -= 8, in += 128, out += 128) batch<R, Enc, 8, true>(K, tw, in, out);
  __m128i next = tw[0];
  switch (n) {
    case 1:
      next = tail<R, Enc, 1>(K, tw, in, out);
      break;
    case 2:
      next = tail<R, Enc, 2>(K, tw, in, out);
      break;
    case 3:
      next = tail<R, Enc, 3>(K, tw, in, out);
      break;
    case 4:
      next = tail<R, Enc, 4>(K, tw, in, out);
      break;
    case 5:
      next = tail<R, Enc, 5>(K, tw, in, out);
      break;
    case 6:
      next = tail<R, Enc, 6>(K, tw, in, out);
      break;
    case 7:
      next = tail<R, Enc, 7>(K, tw, in, out);
      break;
    default:
      break;
  }
  storeu(t, next);
}

template <int R>
inline constexpr xts_mode_kernels modes{&xts_impl<R, true>, &xts_impl<R, false>, nullptr, nullptr};
inline constexpr xts_kernels kernels{&aes::x86_aesni::kernels, {modes<10>, modes<12>, modes<14>}};

// On CPUs with AVX: the same kernels entered with a vzeroupper (detail/sse_entry.hpp).
template <int R>
inline constexpr xts_mode_kernels modes_avx{&sse_entry<&xts_impl<R, true>>::call,
                                            &sse_entry<&xts_impl<R, false>>::call, nullptr, nullptr};
inline constexpr xts_kernels kernels_avx{&aes::x86_aesni::kernels_avx,
                                         {modes_avx<10>, modes_avx<12>, modes_avx<14>}};

}  // namespace detail::xts::x86_aesni
FASTPRIM_NAMESPACE_END
#endif  // FASTPRIM_HAVE_X86_AESNI
