// Constant-time: yes (hardware AES; key expansion uses aese as its S-box).
// fastprim/aes/aes_armv8_ce.hpp: AES-128/192/256 kernels on the ARMv8 Crypto Extensions (AESE,
// AESMC, AESD, AESIMC). ECB, CTR and CBC decryption keep 8 blocks in flight; CBC encryption is
// one chain. Decryption uses the equivalent inverse cipher (FIPS 197 5.3.5).
// Reference: FIPS 197; Arm ARM, AESE/AESD/AESMC/AESIMC.
#pragma once

#include "fastprim/aes/aes_kernels.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/secure_zero.hpp"

#if FASTPRIM_HAVE_ARMV8_CE
#include <arm_neon.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::aes::armv8_ce {

// Round-key layout in aes_round_keys::bytes: encryption keys at 0, decryption keys at 256.
inline constexpr std::size_t dec_offset = 256;

FASTPRIM_ZERO_REGS_INNER FASTPRIM_TARGET_ARMV8_CE inline std::uint32_t sub_word(std::uint32_t w) noexcept {
  // Same word in all four columns: ShiftRows is the identity and aese(x, 0) is SubBytes.
  const uint8x16_t x = vaeseq_u8(vreinterpretq_u8_u32(vdupq_n_u32(w)), vdupq_n_u8(0));
  return vgetq_lane_u32(vreinterpretq_u32_u8(x), 0);
}

FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void expand_key(aes_round_keys& ks, const std::byte* key,
                                                                   std::size_t key_len) noexcept {
  std::uint32_t w[60];
  const std::uint32_t rounds = aes_expand_words(key, key_len, w, sub_word);
  ks.rounds = rounds;
  auto* enc = reinterpret_cast<std::uint8_t*>(ks.bytes);
  auto* dec = reinterpret_cast<std::uint8_t*>(ks.bytes + dec_offset);
  for (std::uint32_t r = 0; r <= rounds; ++r) {
    std::uint8_t b[16];
    for (int j = 0; j < 4; ++j)
      store_le<std::uint32_t>(reinterpret_cast<std::byte*>(b + 4 * j),
                              w[4 * r + static_cast<std::uint32_t>(j)]);
    vst1q_u8(enc + 16 * r, vld1q_u8(b));
  }
  vst1q_u8(dec, vld1q_u8(enc + 16 * rounds));
  for (std::uint32_t r = 1; r < rounds; ++r)
    vst1q_u8(dec + 16 * r, vaesimcq_u8(vld1q_u8(enc + 16 * (rounds - r))));
  vst1q_u8(dec + 16 * rounds, vld1q_u8(enc));
  secure_zero(w, sizeof w);
}

template <int R>
struct keys {
  uint8x16_t k[static_cast<std::size_t>(R) + 1];
  FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE explicit keys(const std::byte* p) noexcept {
#pragma GCC unroll 15
    for (int i = 0; i <= R; ++i) k[i] = vld1q_u8(reinterpret_cast<const std::uint8_t*>(p) + 16 * i);
  }
};

template <int R, int N>
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE void enc_n(uint8x16_t* x, const keys<R>& K) noexcept {
#pragma GCC unroll 13
  for (int r = 0; r < R - 1; ++r) {
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) x[i] = vaesmcq_u8(vaeseq_u8(x[i], K.k[r]));
  }
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = veorq_u8(vaeseq_u8(x[i], K.k[R - 1]), K.k[R]);
}
template <int R, int N>
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE void dec_n(uint8x16_t* x, const keys<R>& K) noexcept {
#pragma GCC unroll 13
  for (int r = 0; r < R - 1; ++r) {
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i) x[i] = vaesimcq_u8(vaesdq_u8(x[i], K.k[r]));
  }
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) x[i] = veorq_u8(vaesdq_u8(x[i], K.k[R - 1]), K.k[R]);
}

FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE uint8x16_t load(const std::byte* p) noexcept {
  return vld1q_u8(reinterpret_cast<const std::uint8_t*>(p));
}
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE void store(std::byte* p, uint8x16_t v) noexcept {
  vst1q_u8(reinterpret_cast<std::uint8_t*>(p), v);
}

template <int R, bool Enc>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void ecb_impl(const aes_round_keys& ks,
                                                                 const std::byte* in, std::byte* out,
                                                                 std::size_t n) noexcept {
  const keys<R> K(ks.bytes + (Enc ? 0 : dec_offset));
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    uint8x16_t x[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) x[i] = load(in + 16 * i);
    if constexpr (Enc)
      enc_n<R, 8>(x, K);
    else
      dec_n<R, 8>(x, K);
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) store(out + 16 * i, x[i]);
  }
  for (; n > 0; --n, in += 16, out += 16) {
    uint8x16_t x[1] = {load(in)};
    if constexpr (Enc)
      enc_n<R, 1>(x, K);
    else
      dec_n<R, 1>(x, K);
    store(out, x[0]);
  }
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void cbc_enc_impl(const aes_round_keys& ks, std::byte* iv,
                                                                     const std::byte* in, std::byte* out,
                                                                     std::size_t n) noexcept {
  const keys<R> K(ks.bytes);
  // aese xors its key first: fold P[i] into round key 0 off the chain, C[i-1] ^ (P[i] ^ K0).
  uint8x16_t c = load(iv);
  for (; n > 0; --n, in += 16, out += 16) {
    uint8x16_t s = vaesmcq_u8(vaeseq_u8(c, veorq_u8(load(in), K.k[0])));
#pragma GCC unroll 13
    for (int r = 1; r < R - 1; ++r) s = vaesmcq_u8(vaeseq_u8(s, K.k[r]));
    c = veorq_u8(vaeseq_u8(s, K.k[R - 1]), K.k[R]);
    store(out, c);
  }
  store(iv, c);
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void cbc_dec_impl(const aes_round_keys& ks, std::byte* iv,
                                                                     const std::byte* in, std::byte* out,
                                                                     std::size_t n) noexcept {
  const keys<R> K(ks.bytes + dec_offset);
  uint8x16_t prev = load(iv);
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    uint8x16_t c[8], x[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) x[i] = c[i] = load(in + 16 * i);
    dec_n<R, 8>(x, K);
    store(out, veorq_u8(x[0], prev));
#pragma GCC unroll 8
    for (int i = 1; i < 8; ++i) store(out + 16 * i, veorq_u8(x[i], c[i - 1]));
    prev = c[7];
  }
  for (; n > 0; --n, in += 16, out += 16) {
    const uint8x16_t c = load(in);
    uint8x16_t x[1] = {c};
    dec_n<R, 1>(x, K);
    store(out, veorq_u8(x[0], prev));
    prev = c;
  }
  store(iv, prev);
}

// A big-endian counter block from the (hi, lo) pair.
FASTPRIM_TARGET_ARMV8_CE FASTPRIM_ALWAYS_INLINE uint8x16_t ctr_block(ctr128 c) noexcept {
  const uint64x2_t v = vcombine_u64(vcreate_u64(c.hi), vcreate_u64(c.lo));
  return vrev64q_u8(vreinterpretq_u8_u64(v));
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void ctr_impl(const aes_round_keys& ks,
                                                                 const std::byte* iv, std::byte* next,
                                                                 const std::byte* in, std::byte* out,
                                                                 std::size_t n) noexcept {
  const keys<R> K(ks.bytes);
  ctr128 c = ctr_load(iv);
  for (; n >= 8; n -= 8, in += 128, out += 128) {
    uint8x16_t x[8];
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) x[i] = ctr_block(ctr_add(c, static_cast<std::uint64_t>(i)));
    c = ctr_add(c, 8);
    enc_n<R, 8>(x, K);
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) store(out + 16 * i, veorq_u8(x[i], load(in + 16 * i)));
  }
  for (; n > 0; --n, in += 16, out += 16) {
    uint8x16_t x[1] = {ctr_block(c)};
    c = ctr_add(c, 1);
    enc_n<R, 1>(x, K);
    store(out, veorq_u8(x[0], load(in)));
  }
  if (next != nullptr) ctr_store(next, c);
}

template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void encrypt_block(const aes_round_keys& ks,
                                                                      const std::byte* in,
                                                                      std::byte* out) noexcept {
  ecb_impl<R, true>(ks, in, out, 1);
}
template <int R>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_ARMV8_CE inline void decrypt_block(const aes_round_keys& ks,
                                                                      const std::byte* in,
                                                                      std::byte* out) noexcept {
  ecb_impl<R, false>(ks, in, out, 1);
}

template <int R>
inline constexpr aes_mode_kernels modes{encrypt_block<R>,   decrypt_block<R>, ecb_impl<R, true>,
                                        ecb_impl<R, false>, cbc_enc_impl<R>,  cbc_dec_impl<R>,
                                        ctr_impl<R>};

inline constexpr aes_kernels kernels{expand_key, {modes<10>, modes<12>, modes<14>}};

}  // namespace detail::aes::armv8_ce
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_ARMV8_CE
