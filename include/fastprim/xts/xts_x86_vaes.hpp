// Constant-time: yes (hardware AES; tweaks are advanced by shifts and a carry-less multiply, no
// branch on their bits; branches depend only on the public block count).
// fastprim/xts/xts_x86_vaes.hpp: AES-XTS on x86-64 VAES + VPCLMULQDQ with AVX-512: fused kernels,
// four blocks and their four tweaks per zmm. The main loop keeps 8 zmm = 32 blocks in flight, as
// the ECB kernel does; the tail (1 to 31 blocks) runs as one batch of 1 to 8 zmm, the last one
// masked. The tweak is folded into the first and last round keys: x = P ^ T ^ K0, and
// C = aesenclast(x, K_R ^ T). One-block calls (ciphertext stealing) take the xmm path.
// Tweak arithmetic per 128-bit lane: T * x^k shifts the lane left by k and folds the k bits out of
// bit 127 back by a carry-less multiply by 0x87; in the loop k is a whole number of bytes, at the
// start of a data unit a carry-less multiply by 2^k.
// The round keys are those of the x86_vaes AES backend.
// Reference: IEEE Std 1619-2007; Intel SDM, VAESENC and VPCLMULQDQ (EVEX).
#pragma once

#include <cstddef>

#include "fastprim/aes/aes_x86_vaes.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/xts/xts_kernels.hpp"

#if FASTPRIM_HAVE_X86_VAES
#include <immintrin.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::xts::x86_vaes {

using aes::x86_vaes::bcast128;
using aes::x86_vaes::dec1;
using aes::x86_vaes::dec_keys;
using aes::x86_vaes::enc1;
using aes::x86_vaes::enc_keys;
using aes::x86_vaes::load_part;
using aes::x86_vaes::loadu;
using aes::x86_vaes::loadz;
using aes::x86_vaes::store_part;
using aes::x86_vaes::storeu;
using aes::x86_vaes::storez;
using aes::x86_vaes::zkeys;

// zmm per iteration of the main loop, as the ECB kernel; the tail's batches and tweaks (up to
// x^(8 * 4)) are written for 8.
inline constexpr int groups = 8;

// T * x^k on one xmm, 0 <= k <= 56 public: the lane shifted left by k, the k bits out of each qword
// moved up (low qword) or folded back times 0x87 (high qword). A shift by 64 gives zero.
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m128i mul_xn(__m128i t, std::size_t k) noexcept {
  const __m128i c = _mm_srl_epi64(t, _mm_cvtsi64_si128(static_cast<long long>(64 - k)));
  const __m128i f = _mm_clmulepi64_si128(c, _mm_set_epi64x(0, 0x87), 0x01);
  return _mm_ternarylogic_epi64(_mm_sll_epi64(t, _mm_cvtsi64_si128(static_cast<long long>(k))),
                                _mm_bslli_si128(c, 8), f, 0x96);
}
// [T x^S, T x^(S+1), T x^(S+2), T x^(S+3)] from T, S + 3 <= 56: each 64-bit half of T times the
// lane's 2^k by a carry-less multiply, the high half's k bits out of bit 127 folded back times
// 0x87. All on port 5 (Intel): per-qword variable shifts, the obvious form, run on port 0 with
// vaesenc, and a data unit's first tweaks cost the AES port about 4 cycles (encrypt_sectors).
template <int S>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i first_tweaks(__m128i t) noexcept {
  static_assert(S >= 0 && S + 3 <= 56);
  const __m512i b = bcast128(t);
  const __m512i c = _mm512_set_epi64(0, 1ll << (S + 3), 0, 1ll << (S + 2), 0, 1ll << (S + 1), 0, 1ll << S);
  const __m512i lo = _mm512_clmulepi64_epi128(b, c, 0x00), hi = _mm512_clmulepi64_epi128(b, c, 0x01);
  const __m512i f = _mm512_clmulepi64_epi128(hi, _mm512_set1_epi64(0x87), 0x01);
  return _mm512_ternarylogic_epi64(lo, _mm512_bslli_epi128(hi, 8), f, 0x96);
}

// T * x^(8M) in each 128-bit lane, 0 <= M <= 8: a byte shift of the lane, the top M bytes folded
// back times 0x87. Byte shifts and the carry-less multiply run on port 5 (Intel), not on the AES
// port, where zmm bit shifts would compete with vaesenc.
template <int M>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE __m512i mul_x8m(__m512i t) noexcept {
  if constexpr (M == 0) {
    return t;
  } else {
    const __m512i f = _mm512_clmulepi64_epi128(_mm512_bsrli_epi128(t, 16 - M), _mm512_set1_epi64(0x87), 0x00);
    return _mm512_xor_si512(_mm512_bslli_epi128(t, M), f);
  }
}

// The tweaks of blocks j..j+31 as 8 zmm, from b0 (blocks j..j+3) and b1 (blocks j+4..j+7):
// zmm 2i is b0 * x^(8i), zmm 2i+1 is b1 * x^(8i), whole bytes each.
template <int N, int G = 0>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void tweaks(__m512i* tw, __m512i b0, __m512i b1) noexcept {
  if constexpr (G < N) {
    tw[G] = mul_x8m<G / 2>(G % 2 == 0 ? b0 : b1);
    tweaks<N, G + 1>(tw, b0, b1);
  }
}

// N zmm of blocks from `in` with the tweaks of `tweaks` (zmm g: blocks 4g..4g+3); the last zmm holds
// `last` (1..4) blocks, masked when fewer than 4.
template <int R, bool Enc, int N, bool Masked>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void batch(const zkeys<R>& K, __m512i b0, __m512i b1,
                                                           const std::byte* in, std::byte* out,
                                                           std::size_t last) noexcept {
  __m512i tw[static_cast<std::size_t>(N)], x[static_cast<std::size_t>(N)];
  tweaks<N>(tw, b0, b1);
#pragma GCC unroll 8
  for (int g = 0; g < N; ++g) {
    const __m512i p = (Masked && g == N - 1) ? load_part(in + 64 * g, 0, 16 * last) : loadz(in + 64 * g);
    x[g] = _mm512_ternarylogic_epi64(p, tw[g], K.k[0], 0x96);
  }
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) {
#pragma GCC unroll 8
    for (int g = 0; g < N; ++g)
      x[g] = Enc ? _mm512_aesenc_epi128(x[g], K.k[r]) : _mm512_aesdec_epi128(x[g], K.k[r]);
  }
#pragma GCC unroll 8
  for (int g = 0; g < N; ++g) {
    const __m512i kl = _mm512_xor_si512(K.k[R], tw[g]);
    x[g] = Enc ? _mm512_aesenclast_epi128(x[g], kl) : _mm512_aesdeclast_epi128(x[g], kl);
    if (Masked && g == N - 1)
      store_part(out + 64 * g, 0, 16 * last, x[g]);
    else
      storez(out + 64 * g, x[g]);
  }
}

// The last 1..31 blocks: ceil(n / 4) zmm in one batch.
template <int R, bool Enc>
FASTPRIM_TARGET_X86_VAES FASTPRIM_ALWAYS_INLINE void tail(const zkeys<R>& K, __m512i b0, __m512i b1,
                                                          const std::byte* in, std::byte* out,
                                                          std::size_t n) noexcept {
  const std::size_t last = n - 4 * ((n - 1) / 4);
  switch ((n + 3) / 4) {
    case 1:
      batch<R, Enc, 1, true>(K, b0, b1, in, out, last);
      break;
    case 2:
      batch<R, Enc, 2, true>(K, b0, b1, in, out, last);
      break;
    case 3:
      batch<R, Enc, 3, true>(K, b0, b1, in, out, last);
      break;
    case 4:
      batch<R, Enc, 4, true>(K, b0, b1, in, out, last);
      break;
    case 5:
      batch<R, Enc, 5, true>(K, b0, b1, in, out, last);
      break;
    case 6:
      batch<R, Enc, 6, true>(K, b0, b1, in, out, last);
      break;
    case 7:
      batch<R, Enc, 7, true>(K, b0, b1, in, out, last);
      break;
    default:
      batch<R, Enc, 8, true>(K, b0, b1, in, out, last);
      break;
  }
}

template <int R, bool Enc>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void xts_impl(const aes_round_keys& ks, std::byte* t,
                                                                 const std::byte* in, std::byte* out,
                                                                 std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  if (n == 0) return;
  const __m128i* k = Enc ? enc_keys(ks) : dec_keys(ks);
  const __m128i t0 = loadu(t);
  if (n == 1) {  // ciphertext stealing calls one block at a time
    const __m128i p = _mm_xor_si128(loadu(in), t0);
    storeu(out, _mm_xor_si128(Enc ? enc1<R>(p, k) : dec1<R>(p, k), t0));
    storeu(t, mul_xn(t0, 1));
    return;
  }
  const zkeys<R> K(k);
  __m512i b0 = first_tweaks<0>(t0);
  __m512i b1 = first_tweaks<4>(t0);
  for (; n >= 4 * groups; n -= 4 * groups, in += 64 * groups, out += 64 * groups) {
    batch<R, Enc, groups, false>(K, b0, b1, in, out, 4);
    b0 = mul_x8m<groups / 2>(b0);
    b1 = mul_x8m<groups / 2>(b1);
  }
  if (n) tail<R, Enc>(K, b0, b1, in, out, n);
  storeu(t, mul_xn(_mm512_maskz_extracti32x4_epi32(0xF, b0, 0), n));
}

// Many data units of nblocks = 32 k blocks (encrypt_sectors): one loop over all their batches.
// The tweaks of the next batch, the first ones of the next unit included, are computed before
// the current batch's rounds: computed after them, a new unit's first tweaks (a load, a
// broadcast, shifts and a carry-less multiply) stalled the AES port, about 27 ticks per unit
// (64 units of 4 KiB 1.036x slower than one of 256 KiB; so, 1.004x).
template <int R, bool Enc>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_VAES inline void units_impl(const aes_round_keys& ks,
                                                                   const std::byte* t0s, const std::byte* in,
                                                                   std::byte* out, std::size_t nunits,
                                                                   std::size_t nblocks) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  if (nunits == 0 || nblocks == 0) return;
  const zkeys<R> K(Enc ? enc_keys(ks) : dec_keys(ks));
  static_assert(4 * groups == xts_units_step);
  const std::size_t per = nblocks / xts_units_step;
  __m128i t0 = loadu(t0s);
  __m512i b0 = first_tweaks<0>(t0), b1 = first_tweaks<4>(t0);
  for (std::size_t u = 0; u < nunits; ++u) {
    for (std::size_t j = 1; j < per; ++j, in += 64 * groups, out += 64 * groups) {
      const __m512i n0 = mul_x8m<groups / 2>(b0), n1 = mul_x8m<groups / 2>(b1);
      batch<R, Enc, groups, false>(K, b0, b1, in, out, 4);
      b0 = n0;
      b1 = n1;
    }
    // The unit's last batch, after the next unit's first tweaks (none after the last unit).
    t0 = loadu(t0s + 16 * (u + 1 < nunits ? u + 1 : u));
    const __m512i n0 = first_tweaks<0>(t0), n1 = first_tweaks<4>(t0);
    batch<R, Enc, groups, false>(K, b0, b1, in, out, 4);
    in += 64 * groups;
    out += 64 * groups;
    b0 = n0;
    b1 = n1;
  }
}

template <int R>
inline constexpr xts_mode_kernels modes{&xts_impl<R, true>, &xts_impl<R, false>, &units_impl<R, true>,
                                        &units_impl<R, false>};
inline constexpr xts_kernels kernels{&aes::x86_vaes::kernels, {modes<10>, modes<12>, modes<14>}};

}  // namespace detail::xts::x86_vaes
FASTPRIM_NAMESPACE_END
#endif  // FASTPRIM_HAVE_X86_VAES
