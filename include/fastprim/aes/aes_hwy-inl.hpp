// Constant-time: yes (vector-permute AES: S-box, affine maps and byte moves are in-register
// byte shuffles, TableLookupBytes; no secret-indexed memory, no secret-dependent branch).
// fastprim/aes/aes_hwy-inl.hpp: AES-128/192/256 kernels for x86-64 SIMD without AES instructions
// (backend hwy_ssse3), on Highway's SSSE3 target, whose AESRound / AESLastRound are a
// constant-time pshufb emulation (GF(2^4) inversion). Encryption is AESRound chains; Highway
// 1.0.3 has no inverse rounds, so decryption is built here from the forward S-box:
//   InvSubBytes(y) = A^-1(S(A^-1(y)))   (S = A o inv with A the affine map: inv = A^-1 o S),
// with A^-1 (FIPS 197 5.3.2) as two nibble lookups, InvShiftRows folded into the ShiftRows of
// AESLastRound (ShiftRows^2 first), and InvMixColumns = MixColumns o (a -> a ^ 4 (a ^ a'')), a''
// the byte two rows down, with xtime arithmetic. The parallel modes keep four blocks in
// flight (the round is a dependent chain of shuffles); CBC encryption is one block at a time.
// Round keys: the FIPS 197 schedule in byte order, rounds + 1 blocks of 16 bytes (decryption
// uses the same keys in reverse order: the direct inverse cipher of FIPS 197 5.3).
// Targets: SSSE3 only. AVX2/AVX3 CPUs have AES-NI (x86_aesni, x86_vaes), and Highway 1.0.3's
// NEON target is built with +crypto (hardware AESRound), so there is no NEON-without-crypto
// Highway target for AES to use; ARM cores without crypto take the bitsliced scalar backend.
// References: FIPS 197 sections 5.1-5.3; M. Hamburg, "Accelerating AES with Vector Permute
// Instructions" (CHES 2009), for the idea of nibble-table affine maps (the code is ours).
//
// Per-target code: included once per target by detail/hwy_pass.hpp (see dispatch/).
// In fastprim::detail::N_<TARGET>::aes_hwy: `kernels` (const aes_kernels*, nullptr on every
// target but SSSE3).

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fastprim/aes/aes_kernels.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/detail/sse_entry.hpp"

// Per-target part: no toggle guard, detail/hwy_pass.hpp includes this file once per target.
#include <hwy/highway.h>

#if HWY_TARGET == HWY_SSSE3
HWY_BEFORE_NAMESPACE();
FASTPRIM_NAMESPACE_BEGIN
namespace detail::aes {
namespace HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;

using du8 = hn::Full128<std::uint8_t>;
using di8 = hn::Full128<std::int8_t>;
using du32 = hn::Full128<std::uint32_t>;
using vec = hn::Vec<du8>;

// ---- constant tables (computed from their definitions) -------------------------------------
struct table16 {
  alignas(16) std::uint8_t b[16];
};

constexpr std::uint8_t rotl8(unsigned x, int s) {
  return static_cast<std::uint8_t>(((x << s) | (x >> (8 - s))) & 0xFF);
}
// A^-1(y) = rotl1(y) ^ rotl3(y) ^ rotl6(y) ^ 0x05 (FIPS 197 5.3.2), split by nibble: the low
// table carries the constant.
constexpr table16 make_ainv(bool high) {
  table16 t{};
  for (unsigned n = 0; n < 16; ++n) {
    const unsigned y = high ? n << 4 : n;
    t.b[n] = static_cast<std::uint8_t>(rotl8(y, 1) ^ rotl8(y, 3) ^ rotl8(y, 6) ^ (high ? 0 : 0x05));
  }
  return t;
}
inline constexpr table16 ainv_lo = make_ainv(false);
inline constexpr table16 ainv_hi = make_ainv(true);

// Byte i = 4c + r of the state is row r, column c. `by_rows(k)`: out(r, c) = in(r, c + k r),
// ShiftRows^k; `by_column(k)`: out(r, c) = in(r + k, c), the byte k rows down.
constexpr table16 by_rows(unsigned k) {
  table16 t{};
  for (unsigned c = 0; c < 4; ++c)
    for (unsigned r = 0; r < 4; ++r) t.b[4 * c + r] = static_cast<std::uint8_t>(4 * ((c + k * r) % 4) + r);
  return t;
}
constexpr table16 by_column(unsigned k) {
  table16 t{};
  for (unsigned c = 0; c < 4; ++c)
    for (unsigned r = 0; r < 4; ++r) t.b[4 * c + r] = static_cast<std::uint8_t>(4 * c + (r + k) % 4);
  return t;
}
inline constexpr table16 shift_rows2 = by_rows(2);
inline constexpr table16 col_rot1 = by_column(1);
inline constexpr table16 col_rot2 = by_column(2);

// 4x = (x << 2) ^ red[x >> 6]: the reduction of the two bits shifted out (x^8 = 0x1B).
inline constexpr table16 times4_red = {{0x00, 0x1B, 0x36, 0x2D, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}};

HWY_INLINE vec tbl(const table16& t) { return hn::Load(du8(), t.b); }

// ---- round pieces -------------------------------------------------------------------------
HWY_INLINE vec permute(vec x, vec idx) { return hn::TableLookupBytes(x, idx); }

// A^-1 on every byte.
HWY_INLINE vec inv_affine(vec x) {
  const vec lo = hn::And(x, hn::Set(du8(), 0x0F));
  const vec hi = hn::ShiftRight<4>(x);
  return hn::Xor(hn::TableLookupBytes(tbl(ainv_lo), lo), hn::TableLookupBytes(tbl(ainv_hi), hi));
}

HWY_INLINE vec xtime(vec x) {
  const auto top = hn::Lt(hn::BitCast(di8(), x), hn::Zero(di8()));
  return hn::Xor(hn::Add(x, x), hn::BitCast(du8(), hn::IfThenElseZero(top, hn::Set(di8(), 0x1B))));
}
HWY_INLINE vec times4(vec x) {
  return hn::Xor(hn::ShiftLeft<2>(x), hn::TableLookupBytes(tbl(times4_red), hn::ShiftRight<6>(x)));
}

// MixColumns: 2a ^ 3a' ^ a'' ^ a''' = xtime(a ^ a') ^ a' ^ (a'' ^ a'''), a' one row down.
HWY_INLINE vec mix_columns(vec a) {
  const vec a1 = permute(a, tbl(col_rot1));
  const vec t = hn::Xor(a, a1);
  return hn::Xor(hn::Xor(xtime(t), a1), permute(t, tbl(col_rot2)));
}
// InvMixColumns = MixColumns o (a -> a ^ 4 (a ^ a'')): {0e,0b,0d,09} = {02,03,01,01} x {05,00,04,00}.
HWY_INLINE vec inv_mix_columns(vec a) {
  return mix_columns(hn::Xor(a, times4(hn::Xor(a, permute(a, tbl(col_rot2))))));
}

// InvSubBytes(InvShiftRows(x)) ^ k. AESLastRound(v, 0) = S(ShiftRows(v)), and
// ShiftRows o ShiftRows^2 = InvShiftRows; the bytewise maps commute with the byte moves.
HWY_INLINE vec inv_sub_shift(vec x, vec k) {
  const vec w = permute(inv_affine(x), tbl(shift_rows2));
  return hn::Xor(inv_affine(hn::AESLastRound(w, hn::Zero(du8()))), k);
}

HWY_INLINE vec key(const aes_round_keys& ks, int r) {
  return hn::Load(du8(), reinterpret_cast<const std::uint8_t*>(ks.bytes) + 16 * r);
}
HWY_INLINE vec loadu(const std::byte* p) {
  return hn::LoadU(du8(), reinterpret_cast<const std::uint8_t*>(p));
}
HWY_INLINE void storeu(vec v, std::byte* p) { hn::StoreU(v, du8(), reinterpret_cast<std::uint8_t*>(p)); }

// N blocks side by side: the rounds are dependent chains of shuffles, so several blocks in
// flight fill the vector ports.
template <int R, int N>
HWY_INLINE void encrypt_n(const aes_round_keys& ks, vec* x) {
  {
    const vec k = key(ks, 0);
#pragma GCC unroll 16
    for (int i = 0; i < N; ++i) x[i] = hn::Xor(x[i], k);
  }
  for (int r = 1; r < R; ++r) {
    const vec k = key(ks, r);
#pragma GCC unroll 16
    for (int i = 0; i < N; ++i) x[i] = hn::AESRound(x[i], k);
  }
  const vec k = key(ks, R);
#pragma GCC unroll 16
  for (int i = 0; i < N; ++i) x[i] = hn::AESLastRound(x[i], k);
}

// The direct inverse cipher (FIPS 197 5.3): InvShiftRows, InvSubBytes, AddRoundKey,
// InvMixColumns, with the encryption keys in reverse order.
template <int R, int N>
HWY_INLINE void decrypt_n(const aes_round_keys& ks, vec* x) {
  {
    const vec k = key(ks, R);
#pragma GCC unroll 16
    for (int i = 0; i < N; ++i) x[i] = hn::Xor(x[i], k);
  }
  for (int r = R - 1; r > 0; --r) {
    const vec k = key(ks, r);
#pragma GCC unroll 16
    for (int i = 0; i < N; ++i) x[i] = inv_mix_columns(inv_sub_shift(x[i], k));
  }
  const vec k = key(ks, 0);
#pragma GCC unroll 16
  for (int i = 0; i < N; ++i) x[i] = inv_sub_shift(x[i], k);
}

// ---- key expansion --------------------------------------------------------------------------
// With the same word in all four columns ShiftRows is the identity: AESLastRound is SubWord.
HWY_INLINE std::uint32_t sub_word(std::uint32_t w) {
  const vec v = hn::BitCast(du8(), hn::Set(du32(), w));
  return hn::GetLane(hn::BitCast(du32(), hn::AESLastRound(v, hn::Zero(du8()))));
}

FASTPRIM_ZERO_REGS inline void expand_key(aes_round_keys& ks, const std::byte* key,
                                          std::size_t key_len) noexcept {
  std::uint32_t w[60];
  ks.rounds = aes_expand_words(key, key_len, w, [](std::uint32_t x) { return sub_word(x); });
  std::memcpy(ks.bytes, w, 16 * (ks.rounds + 1));  // little-endian words: the key's byte order
  secure_zero(w, sizeof w);
}

// ---- modes ------------------------------------------------------------------------------------
template <int R>
FASTPRIM_ZERO_REGS inline void encrypt_block(const aes_round_keys& ks, const std::byte* in,
                                             std::byte* out) noexcept {
  vec x[1] = {loadu(in)};
  encrypt_n<R, 1>(ks, x);
  storeu(x[0], out);
}
template <int R>
FASTPRIM_ZERO_REGS inline void decrypt_block(const aes_round_keys& ks, const std::byte* in,
                                             std::byte* out) noexcept {
  vec x[1] = {loadu(in)};
  decrypt_n<R, 1>(ks, x);
  storeu(x[0], out);
}

template <int R, bool Enc>
FASTPRIM_ZERO_REGS inline void ecb(const aes_round_keys& ks, const std::byte* in, std::byte* out,
                                   std::size_t n) noexcept {
  for (; n >= 4; n -= 4, in += 64, out += 64) {
    vec x[4] = {loadu(in), loadu(in + 16), loadu(in + 32), loadu(in + 48)};
    if constexpr (Enc)
      encrypt_n<R, 4>(ks, x);
    else
      decrypt_n<R, 4>(ks, x);
#pragma GCC unroll 16
    for (int i = 0; i < 4; ++i) storeu(x[i], out + 16 * i);
  }
  for (; n > 0; --n, in += 16, out += 16) {
    if constexpr (Enc)
      encrypt_block<R>(ks, in, out);
    else
      decrypt_block<R>(ks, in, out);
  }
}

template <int R>
FASTPRIM_ZERO_REGS inline void encrypt_cbc(const aes_round_keys& ks, std::byte* iv, const std::byte* in,
                                           std::byte* out, std::size_t n) noexcept {
  vec c[1] = {loadu(iv)};
  for (; n > 0; --n, in += 16, out += 16) {
    c[0] = hn::Xor(c[0], loadu(in));
    encrypt_n<R, 1>(ks, c);
    storeu(c[0], out);
  }
  storeu(c[0], iv);
}

// P[i] = D(C[i]) ^ C[i-1]; the ciphertext blocks of a group are in registers before any store,
// so in-place calls work.
template <int R>
FASTPRIM_ZERO_REGS inline void decrypt_cbc(const aes_round_keys& ks, std::byte* iv, const std::byte* in,
                                           std::byte* out, std::size_t n) noexcept {
  vec prev = loadu(iv);
  for (; n >= 4; n -= 4, in += 64, out += 64) {
    const vec c[4] = {loadu(in), loadu(in + 16), loadu(in + 32), loadu(in + 48)};
    vec x[4] = {c[0], c[1], c[2], c[3]};
    decrypt_n<R, 4>(ks, x);
    storeu(hn::Xor(x[0], prev), out);
#pragma GCC unroll 16
    for (int i = 1; i < 4; ++i) storeu(hn::Xor(x[i], c[i - 1]), out + 16 * i);
    prev = c[3];
  }
  for (; n > 0; --n, in += 16, out += 16) {
    const vec c = loadu(in);
    vec x[1] = {c};
    decrypt_n<R, 1>(ks, x);
    storeu(hn::Xor(x[0], prev), out);
    prev = c;
  }
  storeu(prev, iv);
}

template <int R>
FASTPRIM_ZERO_REGS inline void ctr(const aes_round_keys& ks, const std::byte* iv, std::byte* next,
                                   const std::byte* in, std::byte* out, std::size_t n) noexcept {
  ctr128 c = ctr_load(iv);
  alignas(16) std::byte buf[64];
  for (; n >= 4; n -= 4, in += 64, out += 64) {
#pragma GCC unroll 16
    for (unsigned j = 0; j < 4; ++j) ctr_store(buf + 16 * j, ctr_add(c, j));
    c = ctr_add(c, 4);
    vec x[4] = {loadu(buf), loadu(buf + 16), loadu(buf + 32), loadu(buf + 48)};
    encrypt_n<R, 4>(ks, x);
#pragma GCC unroll 16
    for (int i = 0; i < 4; ++i) storeu(hn::Xor(x[i], loadu(in + 16 * i)), out + 16 * i);
  }
  for (; n > 0; --n, in += 16, out += 16) {
    ctr_store(buf, c);
    c = ctr_add(c, 1);
    vec x[1] = {loadu(buf)};
    encrypt_n<R, 1>(ks, x);
    storeu(hn::Xor(x[0], loadu(in)), out);
  }
  if (next != nullptr) ctr_store(next, c);
}

template <int R>
inline constexpr aes_mode_kernels modes{encrypt_block<R>, decrypt_block<R>, ecb<R, true>, ecb<R, false>,
                                        encrypt_cbc<R>,   decrypt_cbc<R>,   ctr<R>};
inline constexpr aes_kernels table{expand_key, {modes<10>, modes<12>, modes<14>}};
FASTPRIM_HWY_EXPORT const aes_kernels* kernels = &table;
// Legacy SSE: on CPUs with AVX the kernels are entered with a vzeroupper (detail/sse_entry.hpp).
template <int R>
inline constexpr aes_mode_kernels modes_avx{&sse_entry<&encrypt_block<R>>::call,
                                            &sse_entry<&decrypt_block<R>>::call,
                                            &sse_entry<&ecb<R, true>>::call,
                                            &sse_entry<&ecb<R, false>>::call,
                                            &sse_entry<&encrypt_cbc<R>>::call,
                                            &sse_entry<&decrypt_cbc<R>>::call,
                                            &sse_entry<&ctr<R>>::call};
inline constexpr aes_kernels table_avx{&sse_entry<&expand_key>::call,
                                       {modes_avx<10>, modes_avx<12>, modes_avx<14>}};
FASTPRIM_HWY_EXPORT const aes_kernels* kernels_avx = &table_avx;

}  // namespace HWY_NAMESPACE
}  // namespace detail::aes
FASTPRIM_NAMESPACE_END
HWY_AFTER_NAMESPACE();

#else  // x86 targets with AES-NI have x86_aesni / x86_vaes; NEON's AESRound is hardware. No code
       // for this target, so no target-attribute region (clang warns about an empty one).
FASTPRIM_NAMESPACE_BEGIN
namespace detail::aes::HWY_NAMESPACE {
FASTPRIM_HWY_EXPORT const aes_kernels* kernels = nullptr;
}  // namespace detail::aes::HWY_NAMESPACE
FASTPRIM_NAMESPACE_END
#endif
