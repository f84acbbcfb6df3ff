// Constant-time: not applicable (XXH64 is a non-cryptographic hash; no secrets).
// fastprim/xxh/xxh64_hwy-inl.hpp: XXH64 with Highway, per target.
// - One stream (AVX3): the input products input * P2 of each 32-byte stripe, which
//   are off the accumulators' dependency chains, are computed a block ahead with vpmullq;
//   the four chains acc = rotl(acc + product, 31) * P1 stay in general registers.
// - Many messages (AVX3, AVX3_DL, AVX2...): one per 64-bit lane, every step of XXH64 (stripes,
//   merge, tail, avalanche) done lane-wise, with masks for the differing lengths.
// Reference: the XXH64 specification (see xxh64_scalar.hpp); checked against libxxhash.

// Kernel types and constants, once (normal include guard).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "fastprim/xxh/xxh64_scalar.hpp"

#if defined(FASTPRIM_XXH64_HWY_INL_) == defined(HWY_TARGET_TOGGLE)
#ifdef FASTPRIM_XXH64_HWY_INL_
#undef FASTPRIM_XXH64_HWY_INL_
#else
#define FASTPRIM_XXH64_HWY_INL_
#endif

#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
FASTPRIM_NAMESPACE_BEGIN
namespace detail {
namespace HWY_NAMESPACE {
namespace xxh64_hwy {

#if HWY_TARGET != HWY_SCALAR && HWY_TARGET != HWY_EMU128
namespace hn = hwy::HWY_NAMESPACE;
using namespace detail::xxh64;

template <int R, class V>
HWY_INLINE V rotl(V v) {
  return hn::RotateRight<64 - R>(v);
}

// Lane-wise loads from per-lane addresses: one 8-byte (or 4-byte, 1-byte) word per active lane.
// Written through a small stack buffer; inactive lanes read 0.
template <class D>
HWY_INLINE hn::Vec<D> gather_u64(D d, const std::byte* const* ptr, const std::size_t* off, const bool* on) {
  alignas(64) std::uint64_t buf[hn::MaxLanes(d)];
  for (std::size_t i = 0; i < hn::Lanes(d); ++i) buf[i] = on[i] ? load_le<std::uint64_t>(ptr[i] + off[i]) : 0;
  return hn::Load(d, buf);
}

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
// The 32-byte stripe at `off` of eight inputs, transposed so that w[k] holds word k of input i
// in lane i: eight ymm loads and eight two-source permutes instead of 32 scalar loads and
// stores through memory.
HWY_INLINE void load_transpose8(const std::span<const std::byte>* in, std::size_t off, __m512i* w) {
  // Inputs i and i+1 side by side, with forms that have a defined pass-through: g++ 12 warns
  // (falsely) about the _mm512_undefined inside the plain cast/insert intrinsics under -Werror.
  auto pair = [&](int i) {
    const __m512i lo = _mm512_maskz_loadu_epi64(0x0f, in[i].data() + off);
    return _mm512_mask_broadcast_i64x4(
        lo, 0xf0, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in[i + 1].data() + off)));
  };
  const __m512i z0 = pair(0);                                         // s0.0-3 s1.0-3
  const __m512i z1 = pair(2);                                         // s2 s3
  const __m512i z2 = pair(4);                                         // s4 s5
  const __m512i z3 = pair(6);                                         // s6 s7
  const __m512i even = _mm512_setr_epi64(0, 4, 8, 12, 1, 5, 9, 13);   // words 0,1 of four inputs
  const __m512i odd = _mm512_setr_epi64(2, 6, 10, 14, 3, 7, 11, 15);  // words 2,3
  const __m512i t0 = _mm512_permutex2var_epi64(z0, even, z1);  // s0.0 s1.0 s2.0 s3.0 s0.1 s1.1 s2.1 s3.1
  const __m512i t1 = _mm512_permutex2var_epi64(z0, odd, z1);   // s0.2 .. s3.2 s0.3 .. s3.3
  const __m512i t2 = _mm512_permutex2var_epi64(z2, even, z3);  // s4.0 .. s7.0 s4.1 .. s7.1
  const __m512i t3 = _mm512_permutex2var_epi64(z2, odd, z3);   // s4.2 .. s7.2 s4.3 .. s7.3
  const __m512i lo = _mm512_setr_epi64(0, 1, 2, 3, 8, 9, 10, 11);
  const __m512i hi = _mm512_setr_epi64(4, 5, 6, 7, 12, 13, 14, 15);
  w[0] = _mm512_permutex2var_epi64(t0, lo, t2);
  w[1] = _mm512_permutex2var_epi64(t0, hi, t2);
  w[2] = _mm512_permutex2var_epi64(t1, lo, t3);
  w[3] = _mm512_permutex2var_epi64(t1, hi, t3);
}
#endif

// AVX3 only: AVX3_DL would compile the same instructions, and one token lets a compile target
// with AVX-512 (AVX3 or AVX3_DL static) make the choice at compile time.
#if HWY_TARGET == HWY_AVX3
// ---- one stream ---------------------------------------------------------------------------------
// Scalar XXH64 needs 8 imul per stripe (input * P2 and, after the rotate, * P1, four lanes) on
// the one port that multiplies 64-bit integers: 8 cycles per stripe, where libxxhash sits.
// Here vpmullq computes input * P2 for the next block of stripes while the chains consume the
// products of this one from a small stack buffer: the chains then issue 4 imul per stripe and
// are bound by their latency, add 1 + rotate 1 + imul 3 = 5 cycles per stripe (measured on
// Ice Lake: about 5.3 with the loads, and 5.5-6 with the vector work beside them). vpmullq's
// 15-cycle latency is hidden a whole block ahead.
inline constexpr std::size_t stream_block = 8;  // stripes per block

// The empty asm keeps the accumulators in general registers: left alone, the compiler turns the
// four chains into one vpmullq chain (15-cycle latency, three times slower).
HWY_INLINE void chain(std::uint64_t& a0, std::uint64_t& a1, std::uint64_t& a2, std::uint64_t& a3,
                      const std::uint64_t* m) {
  a0 = std::rotl(a0 + m[0], 31) * P1;
  a1 = std::rotl(a1 + m[1], 31) * P1;
  a2 = std::rotl(a2 + m[2], 31) * P1;
  a3 = std::rotl(a3 + m[3], 31) * P1;
  __asm__("" : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3));
}

// out[4 s + k] = word k of stripe s at `p`, times P2, for the stripes one vector of `d` holds.
template <class D>
HWY_INLINE void premultiply(D d, const std::byte* p, std::size_t s, std::uint64_t* out) {
  const auto in = hn::LoadU(d, reinterpret_cast<const std::uint64_t*>(p + s * stripe));
  hn::Store(hn::Mul(in, hn::Set(d, P2)), d, out + 4 * s);
}

// Consumes the block of products `cur` and, between its stripes, premultiplies the block at
// `q` into `next`: the vector work spreads evenly among the chain instructions.
template <class D, std::size_t... S>
HWY_INLINE void block_step(D d, std::uint64_t& a0, std::uint64_t& a1, std::uint64_t& a2, std::uint64_t& a3,
                           const std::uint64_t* cur, const std::byte* q, std::uint64_t* next,
                           std::index_sequence<S...>) {
  constexpr std::size_t per_vector = hn::MaxLanes(d) / 4;  // stripes
  (
      [&] {
        if constexpr (S % per_vector == 0) premultiply(d, q, S, next);
        chain(a0, a1, a2, a3, cur + 4 * S);
      }(),
      ...);
}

template <class D>
HWY_INLINE void stripes_premultiplied(D d, std::uint64_t* acc, const std::byte* p, std::size_t n) {
  constexpr std::size_t B = stream_block;
  static_assert(hn::MaxLanes(d) % 4 == 0 && B % (hn::MaxLanes(d) / 4) == 0);
  if (n < 2 * B) return detail::xxh64::scalar::stripes(acc, p, n);
  const hn::Full256<std::uint64_t> d1;  // one stripe
  alignas(64) std::uint64_t buf[2][4 * B];
  std::uint64_t* cur = buf[0];
  std::uint64_t* next = buf[1];
  std::uint64_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
  for (std::size_t s = 0; s < B; s += hn::MaxLanes(d) / 4) premultiply(d, p, s, cur);
  const std::size_t blocks = n / B;
  for (std::size_t k = 1; k < blocks; ++k) {
    block_step(d, a0, a1, a2, a3, cur, p + k * B * stripe, next, std::make_index_sequence<B>{});
    std::swap(cur, next);
  }
  // The last stripes (fewer than a block): premultiplied before the last block's chains.
  const std::size_t rest = n % B;
  const std::byte* tail = p + blocks * B * stripe;
  for (std::size_t s = 0; s < rest; ++s) premultiply(d1, tail, s, next);
  for (std::size_t s = 0; s < B; ++s) chain(a0, a1, a2, a3, cur + 4 * s);
  for (std::size_t s = 0; s < rest; ++s) chain(a0, a1, a2, a3, next + 4 * s);
  acc[0] = a0;
  acc[1] = a1;
  acc[2] = a2;
  acc[3] = a3;
}

FASTPRIM_ZERO_REGS inline void stripes(std::uint64_t* acc, const std::byte* p, std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  // ymm and zmm measured the same here (8 KiB: 0.211-0.255 against 0.218-0.231 TSC ticks/byte
  // in one noisy run); ymm keeps clear of the 512-bit frequency licence and of port 1's
  // vector shutdown, which the chains' imul shares.
  stripes_premultiplied(hn::Full256<std::uint64_t>(), acc, p, n);
}
inline constexpr kernels stream_table{&stripes};
FASTPRIM_HWY_EXPORT const kernels* stream_k = &stream_table;
#else
FASTPRIM_HWY_EXPORT const kernels* stream_k = nullptr;  // AVX2, SSSE3, NEON: no 64-bit vector multiply
#endif

// ---- many messages ------------------------------------------------------------------------------
// A full group of inputs of one length `len` (the common case: keys, records, blocks): no masks.
template <class D>
HWY_INLINE hn::Vec<D> group_uniform(D d, const std::span<const std::byte>* in, std::size_t len,
                                    std::uint64_t seed) {
  constexpr std::size_t max_lanes = hn::MaxLanes(d);
  const std::size_t N = hn::Lanes(d);
  const auto p1 = hn::Set(d, P1), p2 = hn::Set(d, P2), p3 = hn::Set(d, P3), p4 = hn::Set(d, P4),
             p5 = hn::Set(d, P5);
  const auto vseed = hn::Set(d, seed);
  auto round = [&](auto acc, auto input) { return hn::Mul(rotl<31>(hn::Add(acc, hn::Mul(input, p2))), p1); };
  alignas(64) std::uint64_t w[4][max_lanes];
  const std::size_t stripes = len / stripe;
  std::size_t off = 0;
  auto h = hn::Add(vseed, p5);
  if (stripes) {
    auto a0 = hn::Add(hn::Add(vseed, p1), p2), a1 = hn::Add(vseed, p2), a2 = vseed, a3 = hn::Sub(vseed, p1);
    for (std::size_t s = 0; s < stripes; ++s, off += stripe) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
      static_assert(hn::MaxLanes(d) == 8);
      __m512i t[4];
      load_transpose8(in, off, t);
      hn::Vec<D> v0, v1, v2, v3;
      v0.raw = t[0];
      v1.raw = t[1];
      v2.raw = t[2];
      v3.raw = t[3];
#else
      for (std::size_t i = 0; i < N; ++i)
        for (int k = 0; k < 4; ++k) w[k][i] = load_le<std::uint64_t>(in[i].data() + off + 8 * k);
      const auto v0 = hn::Load(d, w[0]), v1 = hn::Load(d, w[1]), v2 = hn::Load(d, w[2]),
                 v3 = hn::Load(d, w[3]);
#endif
      a0 = round(a0, v0);
      a1 = round(a1, v1);
      a2 = round(a2, v2);
      a3 = round(a3, v3);
    }
    h = hn::Add(hn::Add(rotl<1>(a0), rotl<7>(a1)), hn::Add(rotl<12>(a2), rotl<18>(a3)));
    const auto zero = hn::Zero(d);
    h = hn::Add(hn::Mul(hn::Xor(h, round(zero, a0)), p1), p4);
    h = hn::Add(hn::Mul(hn::Xor(h, round(zero, a1)), p1), p4);
    h = hn::Add(hn::Mul(hn::Xor(h, round(zero, a2)), p1), p4);
    h = hn::Add(hn::Mul(hn::Xor(h, round(zero, a3)), p1), p4);
  }
  h = hn::Add(h, hn::Set(d, len));
  std::size_t rem = len & 31;
  for (; rem >= 8; rem -= 8, off += 8) {
    for (std::size_t i = 0; i < N; ++i) w[0][i] = load_le<std::uint64_t>(in[i].data() + off);
    h = hn::Add(hn::Mul(rotl<27>(hn::Xor(h, round(hn::Zero(d), hn::Load(d, w[0])))), p1), p4);
  }
  if (rem >= 4) {
    for (std::size_t i = 0; i < N; ++i) w[0][i] = load_le<std::uint32_t>(in[i].data() + off);
    h = hn::Add(hn::Mul(rotl<23>(hn::Xor(h, hn::Mul(hn::Load(d, w[0]), p1))), p2), p3);
    rem -= 4;
    off += 4;
  }
  for (; rem > 0; --rem, ++off) {
    for (std::size_t i = 0; i < N; ++i) w[0][i] = std::to_integer<std::uint64_t>(in[i].data()[off]);
    h = hn::Mul(rotl<11>(hn::Xor(h, hn::Mul(hn::Load(d, w[0]), p5))), p1);
  }
  h = hn::Xor(h, hn::ShiftRight<33>(h));
  h = hn::Mul(h, p2);
  h = hn::Xor(h, hn::ShiftRight<29>(h));
  h = hn::Mul(h, p3);
  return hn::Xor(h, hn::ShiftRight<32>(h));
}

FASTPRIM_ZERO_REGS inline void batch(const std::span<const std::byte>* in, std::size_t n, std::uint64_t seed,
                                     std::uint64_t* out) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  const hn::ScalableTag<std::uint64_t> d;
  constexpr std::size_t max_lanes = hn::MaxLanes(d);
  const std::size_t N = hn::Lanes(d);
  const auto p1 = hn::Set(d, P1), p2 = hn::Set(d, P2), p3 = hn::Set(d, P3), p4 = hn::Set(d, P4),
             p5 = hn::Set(d, P5);
  const auto vseed = hn::Set(d, seed);
  auto round = [&](auto acc, auto input) { return hn::Mul(rotl<31>(hn::Add(acc, hn::Mul(input, p2))), p1); };
  static constexpr std::byte zero_input[1] = {};

  alignas(64) std::uint64_t lens[max_lanes];
  alignas(64) std::uint64_t res[max_lanes];
  const std::byte* ptr[max_lanes];
  std::size_t off[max_lanes];
  bool on[max_lanes];

  for (std::size_t base = 0; base < n; base += N) {
    const std::size_t cnt = n - base < N ? n - base : N;
    if (cnt == N) {
      bool same = true;
      for (std::size_t i = 1; i < N; ++i) same &= in[base + i].size() == in[base].size();
      if (same && in[base].size() != 0) {
        hn::StoreU(group_uniform(d, in + base, in[base].size(), seed), d, out + base);
        continue;
      }
    }
    std::size_t max_stripes = 0, any_stripes = 0, max_words = 0, any4 = 0, max_bytes = 0;
    for (std::size_t i = 0; i < N; ++i) {
      const bool real = i < cnt;
      ptr[i] = real && in[base + i].size() ? in[base + i].data() : zero_input;
      lens[i] = real ? in[base + i].size() : 0;
      const std::size_t s = lens[i] / stripe, rem = lens[i] & 31;
      max_stripes = s > max_stripes ? s : max_stripes;
      any_stripes |= s;
      max_words = (rem >> 3) > max_words ? (rem >> 3) : max_words;
      any4 |= rem & 4;
      max_bytes = (rem & 3) > max_bytes ? (rem & 3) : max_bytes;
    }
    const auto vlen = hn::Load(d, lens);
    const auto vstripes = hn::ShiftRight<5>(vlen);
    auto h = hn::Add(vseed, p5);
    if (any_stripes) {
      auto a0 = hn::Add(hn::Add(vseed, p1), p2), a1 = hn::Add(vseed, p2), a2 = vseed, a3 = hn::Sub(vseed, p1);
      alignas(64) std::uint64_t w[4][max_lanes];
      for (std::size_t s = 0; s < max_stripes; ++s) {
        const auto m = hn::Lt(hn::Set(d, s), vstripes);
        for (std::size_t i = 0; i < N; ++i) {
          if (s < lens[i] / stripe) {
            const std::byte* q = ptr[i] + s * stripe;
            for (int k = 0; k < 4; ++k) w[k][i] = load_le<std::uint64_t>(q + 8 * k);
          } else {
            for (int k = 0; k < 4; ++k) w[k][i] = 0;
          }
        }
        a0 = hn::IfThenElse(m, round(a0, hn::Load(d, w[0])), a0);
        a1 = hn::IfThenElse(m, round(a1, hn::Load(d, w[1])), a1);
        a2 = hn::IfThenElse(m, round(a2, hn::Load(d, w[2])), a2);
        a3 = hn::IfThenElse(m, round(a3, hn::Load(d, w[3])), a3);
      }
      auto c = hn::Add(hn::Add(rotl<1>(a0), rotl<7>(a1)), hn::Add(rotl<12>(a2), rotl<18>(a3)));
      const auto zero = hn::Zero(d);
      c = hn::Add(hn::Mul(hn::Xor(c, round(zero, a0)), p1), p4);
      c = hn::Add(hn::Mul(hn::Xor(c, round(zero, a1)), p1), p4);
      c = hn::Add(hn::Mul(hn::Xor(c, round(zero, a2)), p1), p4);
      c = hn::Add(hn::Mul(hn::Xor(c, round(zero, a3)), p1), p4);
      h = hn::IfThenElse(hn::Gt(vstripes, hn::Zero(d)), c, h);
    }
    h = hn::Add(h, vlen);
    // Tail: up to three 8-byte words, one 4-byte word, up to three bytes, after the stripes.
    const auto vrem = hn::And(vlen, hn::Set(d, 31));
    for (std::size_t i = 0; i < N; ++i) off[i] = lens[i] & ~std::uint64_t{31};
    const auto vwords = hn::ShiftRight<3>(vrem);
    for (std::size_t k = 0; k < max_words; ++k) {
      for (std::size_t i = 0; i < N; ++i) on[i] = k < ((lens[i] & 31) >> 3);
      const auto m = hn::Lt(hn::Set(d, k), vwords);
      const auto v = gather_u64(d, ptr, off, on);
      h = hn::IfThenElse(m, hn::Add(hn::Mul(rotl<27>(hn::Xor(h, round(hn::Zero(d), v))), p1), p4), h);
      for (std::size_t i = 0; i < N; ++i) off[i] += on[i] ? 8 : 0;
    }
    if (any4) {
      alignas(64) std::uint64_t w4[max_lanes];
      for (std::size_t i = 0; i < N; ++i) w4[i] = (lens[i] & 4) ? load_le<std::uint32_t>(ptr[i] + off[i]) : 0;
      const auto m = hn::Ne(hn::And(vrem, hn::Set(d, 4)), hn::Zero(d));
      h = hn::IfThenElse(m, hn::Add(hn::Mul(rotl<23>(hn::Xor(h, hn::Mul(hn::Load(d, w4), p1))), p2), p3), h);
      for (std::size_t i = 0; i < N; ++i) off[i] += (lens[i] & 4);
    }
    const auto vbytes = hn::And(vrem, hn::Set(d, 3));
    for (std::size_t k = 0; k < max_bytes; ++k) {
      alignas(64) std::uint64_t b[max_lanes];
      for (std::size_t i = 0; i < N; ++i)
        b[i] = k < (lens[i] & 3) ? std::to_integer<std::uint64_t>(ptr[i][off[i] + k]) : 0;
      const auto m = hn::Lt(hn::Set(d, k), vbytes);
      h = hn::IfThenElse(m, hn::Mul(rotl<11>(hn::Xor(h, hn::Mul(hn::Load(d, b), p5))), p1), h);
    }
    // Avalanche.
    h = hn::Xor(h, hn::ShiftRight<33>(h));
    h = hn::Mul(h, p2);
    h = hn::Xor(h, hn::ShiftRight<29>(h));
    h = hn::Mul(h, p3);
    h = hn::Xor(h, hn::ShiftRight<32>(h));
    hn::Store(h, d, res);
    for (std::size_t i = 0; i < cnt; ++i) out[base + i] = res[i];
  }
}
inline constexpr batch_kernels batch_table{&batch};
FASTPRIM_HWY_EXPORT const batch_kernels* batch_k = &batch_table;

#else  // HWY_SCALAR / EMU128: fastprim has its own scalar backend
FASTPRIM_HWY_EXPORT const detail::xxh64::kernels* stream_k = nullptr;
FASTPRIM_HWY_EXPORT const detail::xxh64::batch_kernels* batch_k = nullptr;
#endif

}  // namespace xxh64_hwy
}  // namespace HWY_NAMESPACE
}  // namespace detail
FASTPRIM_NAMESPACE_END
HWY_AFTER_NAMESPACE();

#endif  // toggle guard
