// Constant-time: not applicable (XXH64 is a non-cryptographic hash; no secrets).
// fastprim/xxh64/xxh64_hwy-inl.hpp: XXH64 with Highway, per target.
// - One stream (AVX3): the input products input * P2 of each 32-byte stripe, which
//   are off the accumulators' dependency chains, are computed a block ahead with vpmullq;
//   the four chains acc = rotl(acc + product, 31) * P1 stay in general registers.
// - Many messages (AVX3, AVX3_DL, AVX2...): one per 64-bit lane, every step of XXH64 (stripes,
//   merge, tail, avalanche) done lane-wise, with masks for the differing lengths. On AVX-512,
//   groups of eight inputs of one length load their words with ymm loads and a transpose
//   (masked byte loads for the tail), four groups interleaved, and 32-byte inputs run
//   software-pipelined (stripe_run): 22 vpmullq per group of eight, the ports' floor.
// Reference: the XXH64 specification (see xxh64_scalar.hpp); checked against libxxhash.

// Kernel types and constants, once (normal include guard).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "fastprim/detail/sse_entry.hpp"
#include "fastprim/xxh64/xxh64_scalar.hpp"

// Per-target part: no toggle guard, detail/hwy_pass.hpp includes this file once per target.
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
FASTPRIM_NAMESPACE_BEGIN
namespace detail::xxh64 {
namespace HWY_NAMESPACE {

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
// The 32 bytes at `off` of eight inputs (only the bytes `m` selects: the rest read as zero and
// are not touched, so a masked load never reads past an input), transposed so that w[k] holds
// word k of input i in lane i: eight ymm loads and twelve shuffles instead of 32 scalar loads
// and stores through memory.
// The bytes `m` selects (its low bits) of the 32 at p, zero above: masked, or through a stack copy
// where the window reaches a page those bytes do not (a masked-off byte on a page that is not
// mapped or not present costs a microcode assist of some 300 cycles; aes_x86_vaes.hpp, load_part).
HWY_NOINLINE __m256i load_part32_copy(const std::byte* p, std::size_t n) {
  alignas(32) std::byte t[32]{};
  for (std::size_t i = 0; i < n; ++i) {
    std::byte x = p[i];
    __asm__("" : "+r"(x));  // not a memcpy: g++ inlines that as rep movsb, as slow as the assist
    t[i] = x;
  }
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(t));
}
HWY_INLINE __m256i load_part32(const std::byte* p, __mmask32 m) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  const std::size_t n = static_cast<std::size_t>(std::popcount(m));
  if (HWY_UNLIKELY(n == 0 || ((a + n - 1) ^ (a + 31)) >= 4096)) return load_part32_copy(p, n);
  return _mm256_maskz_loadu_epi8(m, p);
}

HWY_INLINE void load_transpose8(const std::span<const std::byte>* in, std::size_t off, __m512i* w,
                                __mmask32 m = ~__mmask32{0}) {
  // Inputs i and i+1 side by side, with forms that have a defined pass-through: g++ 12 warns
  // (falsely) about the _mm512_undefined inside the plain cast/insert intrinsics under -Werror.
  const bool full = m == ~__mmask32{0};
  auto pair = [&](int i) {
    const std::byte* a = in[i].data() + off;
    const std::byte* b = in[i + 1].data() + off;
    const __m512i lo =
        full ? _mm512_maskz_loadu_epi64(0x0f, a) : _mm512_maskz_broadcast_i64x4(0x0f, load_part32(a, m));
    const __m256i hi = full ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b)) : load_part32(b, m);
    return _mm512_mask_broadcast_i64x4(lo, 0xf0, hi);
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

// ---- many inputs of one length, eight per zmm ---------------------------------------------------
// The batch is bound by vpmullq zmm (3 uops on ports 0 and 5, which also take every other vector
// op): a 32-byte input needs 22 of them (4 input * P2, 8 for the rounds and the merge's
// round(0, acc), 4 in the merge, 2 in the avalanche). Their latency makes one group's chain long,
// so G groups run interleaved.
#ifndef FASTPRIM_XXH64_BATCH_G
#define FASTPRIM_XXH64_BATCH_G 4
#endif
#ifndef FASTPRIM_XXH64_STRIPE_G
#define FASTPRIM_XXH64_STRIPE_G 2
#endif
#define FASTPRIM_XXH64_UNROLL _Pragma("GCC unroll 16")
using V8 = hn::Vec512<std::uint64_t>;
struct uniform_consts {
  V8 p1, p2, p12, p3, p4, p5, seed;
};
HWY_INLINE V8 mul(V8 a, V8 b) { return hn::Mul(a, b); }
HWY_INLINE V8 add(V8 a, V8 b) { return hn::Add(a, b); }
HWY_INLINE V8 xor_(V8 a, V8 b) { return hn::Xor(a, b); }
HWY_INLINE void load_transpose8(const std::span<const std::byte>* in, std::size_t off, V8* w,
                                __mmask32 m = ~__mmask32{0}) {
  __m512i t[4];
  load_transpose8(in, off, t, m);
  for (int k = 0; k < 4; ++k) w[k].raw = t[k];
}

// out[8 g + i] = XXH64(in[8 g + i]) for G groups of eight inputs, all `len` bytes long.
template <std::size_t G>
HWY_INLINE void uniform_groups(const uniform_consts& c, const std::span<const std::byte>* in, std::size_t len,
                               std::uint64_t* out) {
  V8 h[G];
  const std::size_t stripes = len / stripe;
  std::size_t off = 0;
  const V8 vlen = hn::Set(hn::Full512<std::uint64_t>(), std::uint64_t{len});
  if (stripes) {
    // Each step for all G groups before the next step: the out-of-order window then always
    // holds independent work (one group at a time measured 20% slower at G = 4).
    V8 a[G][4], w[G][4];
    FASTPRIM_XXH64_UNROLL
    for (std::size_t g = 0; g < G; ++g) {
      a[g][0] = add(add(c.seed, c.p1), c.p2);
      a[g][1] = add(c.seed, c.p2);
      a[g][2] = c.seed;
      a[g][3] = hn::Sub(c.seed, c.p1);
    }
    for (std::size_t s = 1; s < stripes; ++s, off += stripe) {
      FASTPRIM_XXH64_UNROLL
      for (std::size_t g = 0; g < G; ++g) load_transpose8(in + 8 * g, off, w[g]);
      FASTPRIM_XXH64_UNROLL
      for (std::size_t g = 0; g < G; ++g) FASTPRIM_XXH64_UNROLL
      for (int k = 0; k < 4; ++k) a[g][k] = mul(rotl<31>(add(a[g][k], mul(w[g][k], c.p2))), c.p1);
    }
    // The last stripe: round(0, acc) of the merge needs acc * P2 = rotl(...) * (P1 * P2), a
    // multiply beside acc = rotl(...) * P1 rather than after it.
    V8 b[G][4];
    FASTPRIM_XXH64_UNROLL
    for (std::size_t g = 0; g < G; ++g) load_transpose8(in + 8 * g, off, w[g]);
    FASTPRIM_XXH64_UNROLL
    for (std::size_t g = 0; g < G; ++g) FASTPRIM_XXH64_UNROLL
    for (int k = 0; k < 4; ++k) {
      const V8 y = rotl<31>(add(a[g][k], mul(w[g][k], c.p2)));
      a[g][k] = mul(y, c.p1);
      b[g][k] = mul(y, c.p12);
    }
    off += stripe;
    FASTPRIM_XXH64_UNROLL
    for (std::size_t g = 0; g < G; ++g)
      h[g] = add(add(rotl<1>(a[g][0]), rotl<7>(a[g][1])), add(rotl<12>(a[g][2]), rotl<18>(a[g][3])));
    const V8 p4len = add(c.p4, vlen);
    FASTPRIM_XXH64_UNROLL
    for (int k = 0; k < 4; ++k) FASTPRIM_XXH64_UNROLL
    for (std::size_t g = 0; g < G; ++g)
      h[g] = add(mul(xor_(h[g], mul(rotl<31>(b[g][k]), c.p1)), c.p1), k == 3 ? p4len : c.p4);
  } else {
    FASTPRIM_XXH64_UNROLL
    for (std::size_t g = 0; g < G; ++g) h[g] = add(add(c.seed, c.p5), vlen);
  }
  if (const std::size_t rem = len & 31) {
    V8 t[G][4];
    FASTPRIM_XXH64_UNROLL
    for (std::size_t g = 0; g < G; ++g) load_transpose8(in + 8 * g, off, t[g], (__mmask32{1} << rem) - 1);
    const std::size_t words = rem >> 3;
    for (std::size_t k = 0; k < words; ++k) FASTPRIM_XXH64_UNROLL
    for (std::size_t g = 0; g < G; ++g)
      h[g] = add(mul(rotl<27>(xor_(h[g], mul(rotl<31>(mul(t[g][k], c.p2)), c.p1))), c.p1), c.p4);
    V8 r[G];
    FASTPRIM_XXH64_UNROLL
    for (std::size_t g = 0; g < G; ++g) r[g] = t[g][words];
    if (rem & 4) {
      const V8 low32 = hn::Set(hn::Full512<std::uint64_t>(), std::uint64_t{0xffffffff});
      FASTPRIM_XXH64_UNROLL
      for (std::size_t g = 0; g < G; ++g) {
        h[g] = add(mul(rotl<23>(xor_(h[g], mul(hn::And(r[g], low32), c.p1))), c.p2), c.p3);
        r[g] = hn::ShiftRight<32>(r[g]);
      }
    }
    const V8 low8 = hn::Set(hn::Full512<std::uint64_t>(), std::uint64_t{0xff});
    for (std::size_t k = 0; k < (rem & 3); ++k) FASTPRIM_XXH64_UNROLL
    for (std::size_t g = 0; g < G; ++g) {
      h[g] = mul(rotl<11>(xor_(h[g], mul(hn::And(r[g], low8), c.p5))), c.p1);
      r[g] = hn::ShiftRight<8>(r[g]);
    }
  }
  FASTPRIM_XXH64_UNROLL
  for (std::size_t g = 0; g < G; ++g) {
    V8 x = h[g];
    x = xor_(x, hn::ShiftRight<33>(x));
    x = mul(x, c.p2);
    x = xor_(x, hn::ShiftRight<29>(x));
    x = mul(x, c.p3);
    x = xor_(x, hn::ShiftRight<32>(x));
    hn::StoreU(x, hn::Full512<std::uint64_t>(), out + 8 * g);
  }
}

// True if in[0, M) all have `len` bytes.
template <std::size_t M>
HWY_INLINE bool same_length(const std::span<const std::byte>* in, std::size_t len) {
  FASTPRIM_XXH64_UNROLL
  for (std::size_t i = 0; i < M; ++i)
    if (in[i].size() != len) return false;
  return true;
}

// ---- one stripe exactly (32-byte keys and records), software-pipelined --------------------------
// After its stripe a group's hash is a chain of six dependent multiplies (four merge steps, two
// in the avalanche), while its independent work is about a third of that at the ports' rate. Interleaving
// whole groups still leaves the chains' waiting uops filling the scheduler; here the chain steps of one set
// of G groups alternate, in program order, with the stripe work of the next set, so that ready work always
// sits next to waiting work.
template <std::size_t G>
struct stripe_set {
  V8 h[G];     // converged accumulators
  V8 r[G][4];  // round(0, acc_k), the merge's inputs
};

// The stripe of group g (eight 32-byte inputs at `in`) into `s`.
template <std::size_t G>
HWY_INLINE void stripe_front(const uniform_consts& c, const V8* init, const std::span<const std::byte>* in,
                             std::size_t g, stripe_set<G>& s) {
  V8 w[4], acc[4];
  load_transpose8(in, 0, w);
  FASTPRIM_XXH64_UNROLL
  for (int k = 0; k < 4; ++k) {
    const V8 y = rotl<31>(add(init[k], mul(w[k], c.p2)));
    acc[k] = mul(y, c.p1);
    s.r[g][k] = mul(rotl<31>(mul(y, c.p12)), c.p1);
  }
  s.h[g] = add(add(rotl<1>(acc[0]), rotl<7>(acc[1])), add(rotl<12>(acc[2]), rotl<18>(acc[3])));
}

// Step `j` (0..5) of the chain of every group of `s`; the last one stores the hashes at `out`.
template <std::size_t G>
HWY_INLINE void stripe_back(const uniform_consts& c, const V8& p4len, stripe_set<G>& s, int j,
                            std::uint64_t* out) {
  FASTPRIM_XXH64_UNROLL
  for (std::size_t g = 0; g < G; ++g) {
    V8& h = s.h[g];
    if (j < 4) {
      h = add(mul(xor_(h, s.r[g][j]), c.p1), j == 3 ? p4len : c.p4);
    } else if (j == 4) {
      h = mul(xor_(h, hn::ShiftRight<33>(h)), c.p2);
    } else {
      h = mul(xor_(h, hn::ShiftRight<29>(h)), c.p3);
      hn::StoreU(xor_(h, hn::ShiftRight<32>(h)), hn::Full512<std::uint64_t>(), out + 8 * g);
    }
  }
}

// From in[0], while sets of 8 G inputs are 32 bytes long; returns how many it hashed.
template <std::size_t G>
HWY_INLINE std::size_t stripe_run(const uniform_consts& c, const std::span<const std::byte>* in,
                                  std::size_t n, std::uint64_t* out) {
  constexpr std::size_t S = 8 * G;
  if (n < S || !same_length<S>(in, stripe)) return 0;
  const V8 init[4] = {add(add(c.seed, c.p1), c.p2), add(c.seed, c.p2), c.seed, hn::Sub(c.seed, c.p1)};
  const V8 p4len = add(c.p4, hn::Set(hn::Full512<std::uint64_t>(), std::uint64_t{stripe}));
  stripe_set<G> cur, next;
  FASTPRIM_XXH64_UNROLL
  for (std::size_t g = 0; g < G; ++g) stripe_front(c, init, in + 8 * g, g, cur);
  std::size_t i = S;
  for (; n - i >= S && same_length<S>(in + i, stripe); i += S) {
    FASTPRIM_XXH64_UNROLL
    for (std::size_t j = 0; j < (G > 6 ? G : 6); ++j) {
      if (j < 6) stripe_back(c, p4len, cur, static_cast<int>(j), out + i - S);
      if (j < G) stripe_front(c, init, in + i + 8 * j, j, next);
    }
    cur = next;
  }
  FASTPRIM_XXH64_UNROLL
  for (int j = 0; j < 6; ++j) stripe_back(c, p4len, cur, j, out + i - S);
  return i;
}

// From in[0], as long as groups of eight share in[0]'s length, hashes them without masks;
// returns how many inputs it hashed (a multiple of 8, perhaps 0).
HWY_INLINE std::size_t uniform_run(const uniform_consts& c, const std::span<const std::byte>* in,
                                   std::size_t n, std::uint64_t* out) {
  constexpr std::size_t G = FASTPRIM_XXH64_BATCH_G;
  const std::size_t len = in[0].size();
  std::size_t i = len == stripe ? stripe_run<FASTPRIM_XXH64_STRIPE_G>(c, in, n, out) : 0;
  for (; n - i >= 8 * G && same_length<8 * G>(in + i, len); i += 8 * G)
    uniform_groups<G>(c, in + i, len, out + i);
  for (; n - i >= 8 && same_length<8>(in + i, len); i += 8) uniform_groups<1>(c, in + i, len, out + i);
  return i;
}
#endif

// AVX3 only: AVX3_DL would compile the same instructions, and one token lets a compile target
// with AVX-512 (AVX3 or AVX3_DL static) make the choice at compile time.
#if HWY_TARGET == HWY_AVX3
// ---- one stream ---------------------------------------------------------------------------------
// Scalar XXH64 needs 8 imul per stripe (input * P2 and, after the rotate, * P1, four lanes) on
// the one port that multiplies 64-bit integers, where libxxhash sits. Here vpmullq computes
// input * P2 for the next block of stripes while the chains consume the products of this one
// from a small stack buffer: the chains then issue 4 imul per stripe and are bound by their
// latency (add, rotate, imul), and vpmullq's latency is hidden a whole block ahead.
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

// g++ 12's second scheduling pass (after register allocation) groups the chains' adds, rotates and
// multiplies of a stripe by kind; the loop then runs at the scalar kernel's speed, in source
// order about 25% faster.
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-schedule-insns2")))
#endif
FASTPRIM_ZERO_REGS inline void
stripes(std::uint64_t* acc, const std::byte* p, std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  // ymm and zmm measured the same here; ymm keeps clear of the 512-bit frequency licence and of port 1's
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

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
  const uniform_consts c{p1, p2, hn::Set(d, P1 * P2), p3, p4, p5, vseed};
#endif
  for (std::size_t base = 0; base < n; base += N) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
    // Groups of eight inputs of one length: without masks.
    base += uniform_run(c, in + base, n - base, out + base);
    if (base == n) break;
#endif
    const std::size_t cnt = n - base < N ? n - base : N;
    if (HWY_TARGET != HWY_AVX3 && HWY_TARGET != HWY_AVX3_DL && cnt == N) {
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
#if HWY_TARGET == HWY_SSSE3
// Legacy SSE: the twins entered with a vzeroupper (detail/hwy_get.hpp, FASTPRIM_HWY_SSSE3_AVX), for
// a build whose target has AVX; this target is not in the XXH64 dispatch orders (dispatch.hpp).
inline constexpr batch_kernels batch_table_avx{&sse_entry<&batch>::call};
FASTPRIM_HWY_EXPORT const batch_kernels* batch_k_avx = &batch_table_avx;
FASTPRIM_HWY_EXPORT const kernels* stream_k_avx = nullptr;
#endif

#else  // HWY_SCALAR / EMU128: fastprim has its own scalar backend
FASTPRIM_HWY_EXPORT const detail::xxh64::kernels* stream_k = nullptr;
FASTPRIM_HWY_EXPORT const detail::xxh64::batch_kernels* batch_k = nullptr;
#endif

}  // namespace HWY_NAMESPACE
}  // namespace detail::xxh64
FASTPRIM_NAMESPACE_END
HWY_AFTER_NAMESPACE();
