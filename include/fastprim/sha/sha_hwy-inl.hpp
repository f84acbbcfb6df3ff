// Constant-time: yes (vector adds, rotations and bitwise logic; lane scheduling depends on
// message lengths only).
// fastprim/sha/sha_hwy-inl.hpp: SHA-256 and SHA-1 batches with Highway, one message per 32-bit
// lane (AVX-512: 16 messages, AVX2: 8, SSSE3/NEON: 4; SHA-1 two such groups in flight), for CPUs
// without SHA instructions, for SHA-1 on AVX-512, and for SHA-256 where SHA-NI issues its rounds
// slowly (Intel, Zen 5; see dispatch/sha.hpp). FIPS 180-4 sections 6.1.2 and
// 6.2.2. Per target: detail::N_<TARGET>::sha_hwy::{sha256_k, sha1_k} (nullptr on HWY_SCALAR and
// HWY_EMU128, where fastprim's own scalar backend serves); their compress is the scalar one.

// Kernel types and constants, once (normal include guards).
#include "fastprim/detail/sse_entry.hpp"
#include "fastprim/sha/sha1_scalar.hpp"
#include "fastprim/sha/sha256_scalar.hpp"

// Per-target part: no toggle guard, detail/hwy_pass.hpp includes this file once per target.
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
FASTPRIM_NAMESPACE_BEGIN
namespace detail::sha {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR && HWY_TARGET != HWY_EMU128
namespace hn = hwy::HWY_NAMESPACE;

using d32_t = hn::ScalableTag<std::uint32_t>;
inline constexpr std::size_t lanes = hn::MaxLanes(d32_t{});
using vec_t = hn::Vec<d32_t>;

template <int R>
HWY_INLINE vec_t rotl(vec_t v) {
  return hn::RotateRight<32 - R>(v);
}
// x ? y : z bit by bit. On AVX-512 IfVecThenElse is one vpternlogd; elsewhere it may be a
// byte blend keyed on the top bit (AVX2), which is not a bitwise select.
HWY_INLINE vec_t choose(vec_t x, vec_t y, vec_t z) {
#if HWY_TARGET <= HWY_AVX3
  return hn::IfVecThenElse(x, y, z);
#else
  return hn::Xor(z, hn::And(x, hn::Xor(y, z)));
#endif
}
// Majority; on AVX-512 one vpternlogd, elsewhere with x ^ y first (pass the newest value as z).
HWY_INLINE vec_t majority(vec_t x, vec_t y, vec_t z) {
#if HWY_TARGET <= HWY_AVX3
  return vec_t{_mm512_ternarylogic_epi32(x.raw, y.raw, z.raw, 0xE8)};
#else
  return choose(hn::Xor(x, y), z, x);
#endif
}

// The message schedule's window lives in memory, two buffers of 16 vectors: the rounds read
// W[t-16..t-1] as memory operands and store W[t], and the next block's transposed words go
// straight to the other buffer. `opaque` hides the buffer's identity from the compiler once per
// round, so that g++ does not try to keep the window and the prefetched block (32 vectors) in
// registers: it spilled and copied about 300 vectors per block instead, and ran slower.
template <class T>
HWY_INLINE T* opaque(T* p) {
  __asm__("" : "+r"(p));
  return p;
}

// Lane-major words of `rows` per lane -> row-major vectors; lanes >= active read the dummy.
template <std::size_t Words>
HWY_INLINE void load_states(std::size_t active, std::uint32_t* const* states, vec_t* v) {
  const d32_t d;
  alignas(64) std::uint32_t t[Words][lanes];
  for (std::size_t l = 0; l < lanes; ++l)
    for (std::size_t j = 0; j < Words; ++j) t[j][l] = l < active ? states[l][j] : 0;
  for (std::size_t j = 0; j < Words; ++j) v[j] = hn::Load(d, t[j]);
}
template <std::size_t Words>
HWY_INLINE void store_states(std::size_t active, std::uint32_t* const* states, const vec_t* v) {
  const d32_t d;
  alignas(64) std::uint32_t t[Words][lanes];
  for (std::size_t j = 0; j < Words; ++j) hn::Store(v[j], d, t[j]);
  for (std::size_t l = 0; l < active; ++l)
    for (std::size_t j = 0; j < Words; ++j) states[l][j] = t[j][l];
}
// The 16 big-endian words of each lane's block, as 16 vectors (w[j] = word j of every lane).
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
// AVX-512: each lane's block is one 64-byte load; a byte shuffle makes its words big-endian and
// a 16x16 transpose of 32-bit words (unpack 32, unpack 64, two 128-bit block shuffles: 64
// shuffles per 16 blocks) turns rows into columns. The element-by-element transpose through
// memory took 256 loads and 256 stores per 16 blocks, a store-port load comparable to the rounds.
HWY_INLINE void load_block(std::size_t active, const std::byte* const* p, std::size_t off, vec_t* w) {
  static_assert(lanes == 16);
  // All-ones zero-masked forms: the same instructions, without g++ 12's -Wmaybe-uninitialized on
  // the unmasked intrinsics' _mm512_undefined source (as in aes/aes_x86_vaes.hpp).
  constexpr __mmask16 all16 = 0xffff;
  constexpr __mmask8 all8 = 0xff;
  constexpr __mmask64 all64 = ~__mmask64{0};
  const __m512i bswap = _mm512_maskz_broadcast_i32x4(
      all16, _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
  __m512i r[16], a[16];
#pragma GCC unroll 16
  for (std::size_t l = 0; l < 16; ++l)
    r[l] = _mm512_maskz_shuffle_epi8(all64, _mm512_loadu_si512(p[l < active ? l : 0] + off), bswap);
#pragma GCC unroll 16
  for (std::size_t i = 0; i < 16; i += 2) {  // a[i], a[i+1]: words 4k+{0,1} / 4k+{2,3} of rows i, i+1
    a[i] = _mm512_maskz_unpacklo_epi32(all16, r[i], r[i + 1]);
    a[i + 1] = _mm512_maskz_unpackhi_epi32(all16, r[i], r[i + 1]);
  }
#pragma GCC unroll 16
  for (std::size_t i = 0; i < 16; i += 4) {  // r[i+m], block k: word 4k+m of rows i..i+3
    r[i + 0] = _mm512_maskz_unpacklo_epi64(all8, a[i + 0], a[i + 2]);
    r[i + 1] = _mm512_maskz_unpackhi_epi64(all8, a[i + 0], a[i + 2]);
    r[i + 2] = _mm512_maskz_unpacklo_epi64(all8, a[i + 1], a[i + 3]);
    r[i + 3] = _mm512_maskz_unpackhi_epi64(all8, a[i + 1], a[i + 3]);
  }
#pragma GCC unroll 16
  for (std::size_t m = 0; m < 4; ++m) {  // gather block k of r[m], r[4+m], r[8+m], r[12+m]
    const __m512i c0 = _mm512_maskz_shuffle_i32x4(all16, r[m], r[4 + m], 0x88);  // blocks 0, 2 of each
    const __m512i c1 = _mm512_maskz_shuffle_i32x4(all16, r[m], r[4 + m], 0xdd);  // blocks 1, 3
    const __m512i c2 = _mm512_maskz_shuffle_i32x4(all16, r[8 + m], r[12 + m], 0x88);
    const __m512i c3 = _mm512_maskz_shuffle_i32x4(all16, r[8 + m], r[12 + m], 0xdd);
    w[m + 0] = vec_t{_mm512_maskz_shuffle_i32x4(all16, c0, c2, 0x88)};
    w[m + 4] = vec_t{_mm512_maskz_shuffle_i32x4(all16, c1, c3, 0x88)};
    w[m + 8] = vec_t{_mm512_maskz_shuffle_i32x4(all16, c0, c2, 0xdd)};
    w[m + 12] = vec_t{_mm512_maskz_shuffle_i32x4(all16, c1, c3, 0xdd)};
  }
}
#elif HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2
// AVX2: each lane's block is two 32-byte loads (words 0-7, 8-15); an 8x8 transpose of 32-bit
// words for each half (unpack 32, unpack 64, one 128-bit lane permute: 24 shuffles per half).
HWY_INLINE void transpose8(__m256i* r) {
  __m256i a[8];
  for (int i = 0; i < 8; i += 2) {
    a[i] = _mm256_unpacklo_epi32(r[i], r[i + 1]);
    a[i + 1] = _mm256_unpackhi_epi32(r[i], r[i + 1]);
  }
  __m256i b[8];
  for (int i = 0; i < 8; i += 4) {  // b[i+m], 128-bit half k: word 4k+m of rows i..i+3
    b[i + 0] = _mm256_unpacklo_epi64(a[i + 0], a[i + 2]);
    b[i + 1] = _mm256_unpackhi_epi64(a[i + 0], a[i + 2]);
    b[i + 2] = _mm256_unpacklo_epi64(a[i + 1], a[i + 3]);
    b[i + 3] = _mm256_unpackhi_epi64(a[i + 1], a[i + 3]);
  }
  for (int m = 0; m < 4; ++m) {
    r[m] = _mm256_permute2x128_si256(b[m], b[4 + m], 0x20);
    r[m + 4] = _mm256_permute2x128_si256(b[m], b[4 + m], 0x31);
  }
}
HWY_INLINE void load_block(std::size_t active, const std::byte* const* p, std::size_t off, vec_t* w) {
  static_assert(lanes == 8);
  const __m256i bswap = _mm256_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, 3, 2, 1, 0, 7,
                                         6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
  for (std::size_t half = 0; half < 2; ++half) {
    __m256i r[8];
    for (std::size_t l = 0; l < 8; ++l)
      r[l] = _mm256_shuffle_epi8(
          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p[l < active ? l : 0] + off + 32 * half)),
          bswap);
    transpose8(r);
    for (std::size_t j = 0; j < 8; ++j) w[8 * half + j] = vec_t{r[j]};
  }
}
#else
HWY_INLINE void load_block(std::size_t active, const std::byte* const* p, std::size_t off, vec_t* w) {
  const d32_t d;
  alignas(64) std::uint32_t t[16][lanes];
  for (std::size_t l = 0; l < lanes; ++l) {
    const std::byte* b = p[l < active ? l : 0] + off;
    for (std::size_t j = 0; j < 16; ++j) t[j][l] = load_be<std::uint32_t>(b + 4 * j);
  }
  for (std::size_t j = 0; j < 16; ++j) w[j] = hn::Load(d, t[j]);
}
#endif

// Where the rounds take their blocks from: md_batch's lanes (lane l's block b at blocks[l] + 64 b,
// lanes >= active reading lane 0's), or whole messages (each lane's blocks, then its padded tail).
struct consecutive_blocks {
  std::size_t active;
  const std::byte* const* blocks;
  HWY_INLINE void load(std::size_t b, vec_t* w) const { load_block(active, blocks, b * md_block_size, w); }
};
struct message_blocks {
  md_lane_blocks<lanes>* lb;
  HWY_INLINE void load(std::size_t b, vec_t* w) const {
    const std::byte* src[lanes];
    for (std::size_t l = 0; l < lanes; ++l) src[l] = lb->next(l, b);
    load_block(lanes, src, 0, w);
  }
};

// Every lane's digest, big-endian, from the row-major state.
template <std::size_t Words, std::size_t DigestSize>
HWY_INLINE void store_digests(const vec_t* s, std::array<std::byte, DigestSize>* out) {
  const d32_t d;
  alignas(64) std::uint32_t t[Words][lanes];
  for (std::size_t j = 0; j < Words; ++j) hn::Store(s[j], d, t[j]);
  for (std::size_t l = 0; l < lanes; ++l)
    for (std::size_t j = 0; j < Words; ++j) store_be<std::uint32_t>(out[l].data() + 4 * j, t[j][l]);
}

// Round k (mod 16) of SHA-256 on the slots x, variable i (a = 0, ..., h = 7) in x[(i - k) & 7]; kw
// is K + W of the round. See sha256_rounds for the two forms.
template <bool Chain>
HWY_INLINE void sha256_round(vec_t* x, int k, vec_t kw) {
  const auto at = [k](int i) { return (i - k) & 7; };
  const vec_t a = x[at(0)], bb = x[at(1)], c = x[at(2)], e = x[at(4)];
  // Associated for the chains: e' = ((d + h + K + W) + Ch) + Sigma1(e) and
  // a' = (Maj + T1) + Sigma0(a), Maj with the older b, c xored first.
  const vec_t hkw = hn::Add(x[at(7)], kw);
  const vec_t ch = choose(e, x[at(5)], x[at(6)]);
  const vec_t s1 = hn::Xor3(hn::RotateRight<6>(e), hn::RotateRight<11>(e), hn::RotateRight<25>(e));
  const vec_t t1 = hn::Add(hn::Add(hkw, ch), s1);
  if constexpr (Chain)
    x[at(3)] = hn::Add(hn::Add(hn::Add(x[at(3)], hkw), ch), s1);  // e of round t + 1
  else
    x[at(3)] = hn::Add(x[at(3)], t1);
  const vec_t s0 = hn::Xor3(hn::RotateRight<2>(a), hn::RotateRight<13>(a), hn::RotateRight<22>(a));
  x[at(7)] = hn::Add(hn::Add(majority(bb, c, a), t1), s0);  // a of round t + 1
}

// G groups of lanes at once (hash_msgs uses one for SHA-256, see there): each round is a
// dependent chain (6 vector latencies on the e and a chains even as associated below), so two
// independent groups would fill the vector pipes the chain of one leaves idle. Variable i of a group (a = 0,
// ..., h = 7) sits in slot (i - t) & 7 at round t, so a round writes two slots and moves nothing.
// Chain: e of the next round as ((d + h + K + W) + Ch) + Sigma1(e), 3 vector latencies from e
// instead of 4 with d + T1 but two adds more per round; for Zen 5 (every vector op latency 2,
// four zmm ALUs), where the rounds of one group wait on that chain. Elsewhere the lanes are bound
// by the ports and take the form with fewer ops (faster on Emerald Rapids: docs/performance.md).
template <std::size_t G, bool Chain, class Src>
HWY_INLINE void sha256_rounds(vec_t (*s)[8], const Src* src, std::size_t nblocks) {
  const d32_t d;
  vec_t wbuf[G][2][16];
  if (nblocks != 0)
    for (std::size_t q = 0; q < G; ++q) src[q].load(0, wbuf[q][0]);
  for (std::size_t b = 0; b < nblocks; ++b) {
    vec_t v[G][8];
    for (std::size_t q = 0; q < G; ++q)
      for (std::size_t i = 0; i < 8; ++i) v[q][i] = s[q][i];
    // Sixteen rounds per iteration: the slots (period 8) and the window's indices (period 16) are
    // constants, only the round constants are indexed at run time. Zen 5, 64 x 1 KiB, TSC
    // ticks/byte in three alternating runs: 16 rounds 0.46-0.48, 8 0.53-0.55 (window indexed at
    // run time), 32 0.58-0.62 and all 64 about the same (too long for the op cache).
    for (int t0 = 0; t0 < 64; t0 += 16) {
#pragma GCC unroll 16
      for (int k = 0; k < 16; ++k) {
        const int t = t0 + k;
#pragma GCC unroll 2
        for (std::size_t q = 0; q < G; ++q) {
          // The next block's load and transpose, amid this block's rounds (see sha1_rounds).
          if (k == 0 && t0 == 32 && b + 1 < nblocks) src[q].load(b + 1, opaque(wbuf[q][(b + 1) & 1]));
          vec_t* const w = opaque(wbuf[q][b & 1]);
          if (t0 >= 16) {
            const vec_t w15 = w[(t - 15) & 15], w2 = w[(t - 2) & 15];
            const vec_t s0 =
                hn::Xor3(hn::RotateRight<7>(w15), hn::RotateRight<18>(w15), hn::ShiftRight<3>(w15));
            const vec_t s1 =
                hn::Xor3(hn::RotateRight<17>(w2), hn::RotateRight<19>(w2), hn::ShiftRight<10>(w2));
            w[t & 15] = hn::Add(hn::Add(w[t & 15], s0), hn::Add(w[(t - 7) & 15], s1));
          }
          sha256_round<Chain>(v[q], k, hn::Add(hn::Set(d, sha256_k[t]), w[t & 15]));
        }
      }
    }
    for (std::size_t q = 0; q < G; ++q)
      for (std::size_t i = 0; i < 8; ++i) s[q][i] = hn::Add(s[q][i], v[q][i]);
  }
  secure_zero(wbuf, sizeof wbuf);
}

// A last block that every lane shares (md_shared_last_block): its W + K, computed once by scalar
// code, read as one broadcast per round, instead of the lanes' load, transpose and message
// schedule (about 40% of a block's vector ops with 16 lanes).
template <bool Chain>
HWY_INLINE void sha256_shared_block(vec_t* s, const std::uint32_t* wk) {
  const d32_t d;
  vec_t x[8];
  for (std::size_t i = 0; i < 8; ++i) x[i] = s[i];
  for (int t0 = 0; t0 < 64; t0 += 16) {
#pragma GCC unroll 16
    for (int k = 0; k < 16; ++k) sha256_round<Chain>(x, k, hn::Set(d, wk[t0 + k]));
  }
  for (std::size_t i = 0; i < 8; ++i) s[i] = hn::Add(s[i], x[i]);
}

// Round t of SHA-1 on the slots x, variable i (a = 0, ..., e = 4) in x[(i - t) mod 5]; kw is
// K + W of the round.
HWY_INLINE void sha1_round(vec_t* x, int t, vec_t kw) {
  const auto at = [t](int i) { return (i - t % 5 + 5) % 5; };
  const vec_t a = x[at(0)], bb = x[at(1)], c = x[at(2)], dd = x[at(3)];
  const vec_t f = t < 20 ? choose(bb, c, dd) : t < 40 || t >= 60 ? hn::Xor3(c, dd, bb) : majority(c, dd, bb);
  x[at(4)] = hn::Add(hn::Add(rotl<5>(a), f), hn::Add(x[at(4)], kw));
  x[at(1)] = rotl<30>(bb);  // c of round t + 1
}

// As sha256_rounds, two groups when there are enough messages; variable i (a = 0, ..., e = 4) in
// slot (i - t) mod 5 at round t.
template <std::size_t G, class Src>
HWY_INLINE void sha1_rounds(vec_t (*s)[5], const Src* src, std::size_t nblocks) {
  const d32_t d;
  vec_t wbuf[G][2][16];
  if (nblocks != 0)
    for (std::size_t q = 0; q < G; ++q) src[q].load(0, wbuf[q][0]);
  for (std::size_t b = 0; b < nblocks; ++b) {
    vec_t v[G][5];
    for (std::size_t q = 0; q < G; ++q)
      for (std::size_t i = 0; i < 5; ++i) v[q][i] = s[q][i];
#pragma GCC unroll 80
    for (int t = 0; t < 80; ++t) {
#pragma GCC unroll 2
      for (std::size_t q = 0; q < G; ++q) {
        // The next block's load and transpose (about 80 shuffles, all on one port on AVX-512) amid
        // this block's rounds rather than before them, where they held up the rounds' chain;
        // round 10 measured best among the split points tried.
        if (t == 10 && b + 1 < nblocks) src[q].load(b + 1, opaque(wbuf[q][(b + 1) & 1]));
        vec_t* const w = opaque(wbuf[q][b & 1]);
        if (t >= 16)
          w[t & 15] =
              rotl<1>(hn::Xor(hn::Xor3(w[(t - 3) & 15], w[(t - 8) & 15], w[(t - 14) & 15]), w[t & 15]));
        sha1_round(v[q], t, hn::Add(hn::Set(d, detail::sha::scalar::sha1_round_k(t)), w[t & 15]));
      }
    }
    for (std::size_t q = 0; q < G; ++q)
      for (std::size_t i = 0; i < 5; ++i) s[q][i] = hn::Add(s[q][i], v[q][i]);
  }
  secure_zero(wbuf, sizeof wbuf);
}

// As sha256_shared_block, for SHA-1.
HWY_INLINE void sha1_shared_block(vec_t* s, const std::uint32_t* wk) {
  const d32_t d;
  vec_t x[5];
  for (std::size_t i = 0; i < 5; ++i) x[i] = s[i];
#pragma GCC unroll 80
  for (int t = 0; t < 80; ++t) sha1_round(x, t, hn::Set(d, wk[t]));
  for (std::size_t i = 0; i < 5; ++i) s[i] = hn::Add(s[i], x[i]);
}

// md_batch's kernel: `active` lanes advance by `nblocks` blocks each (SHA-256 for Words = 8,
// SHA-1 for 5).
template <std::size_t Words>
FASTPRIM_ZERO_REGS_INNER inline void lanes_kernel(std::size_t active, std::uint32_t* const* states,
                                                  const std::byte* const* blocks,
                                                  std::size_t nblocks) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  vec_t s[1][Words];
  load_states<Words>(active, states, s[0]);
  const consecutive_blocks src{active, blocks};
  if constexpr (Words == 8)
    sha256_rounds<1, false>(s, &src, nblocks);
  else
    sha1_rounds<1>(s, &src, nblocks);
  store_states<Words>(active, states, s[0]);
}

// Whole messages, `lanes` at a time (see md_batch_runs): `groups` groups of `lanes` consecutive
// messages of `nb` padded blocks each, in one pass per message.
template <std::size_t Words, bool Chain, std::size_t D>
FASTPRIM_ZERO_REGS_INNER inline void hash_msgs(const std::span<const std::byte>* msgs,
                                               std::array<std::byte, D>* out, std::size_t groups,
                                               std::size_t nb) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  const d32_t d;
  const std::uint32_t* const iv = Words == 8 ? sha256_iv.data() : sha1_iv.data();
  alignas(64) std::uint32_t wk[Words == 8 ? 64 : 80];
  std::size_t wk_len = ~std::size_t{0};  // the message length whose shared last block wk is of
  const auto pass = [&]<std::size_t G>(std::integral_constant<std::size_t, G>) FASTPRIM_ZERO_REGS_INNER {
    FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
    md_lane_blocks<lanes> lb[G];
    message_blocks src[G];
    vec_t s[G][Words];
    for (std::size_t q = 0; q < G; ++q) {
      src[q].lb = &lb[q];
      for (std::size_t j = 0; j < Words; ++j) s[q][j] = hn::Set(d, iv[j]);
      for (std::size_t l = 0; l < lanes; ++l) lb[q].start(l, msgs[q * lanes + l]);
    }
    // A last block that all the pass's messages share is hashed from its W + K (kept while the
    // length stays the same).
    std::byte last[md_block_size];
    const bool shared = md_shared_last_block(msgs, G * lanes, last);
    if (shared && msgs[0].size() != wk_len) {
      if constexpr (Words == 8)
        detail::sha::scalar::sha256_block_wk(last, wk);
      else
        detail::sha::scalar::sha1_block_wk(last, wk);
      wk_len = msgs[0].size();
    }
    if constexpr (Words == 8)
      sha256_rounds<G, Chain>(s, src, nb - shared);
    else
      sha1_rounds<G>(s, src, nb - shared);
    if (shared) {
      for (std::size_t q = 0; q < G; ++q) {
        if constexpr (Words == 8)
          sha256_shared_block<Chain>(s[q], wk);
        else
          sha1_shared_block(s[q], wk);
      }
    }
    for (std::size_t q = 0; q < G; ++q) store_digests<Words>(s[q], out + q * lanes);
    msgs += G * lanes, out += G * lanes, groups -= G;
  };
  // SHA-256 keeps one group: with two, 16 state vectors and the two windows (4 KiB of stack),
  // some placements of the messages in memory ran 2.5-3.7x slower (Zen 5, 64 x 1 KiB: 1.3-1.8
  // TSC ticks/byte in about one process in seven, 0.46-0.52 otherwise; the same binary under
  // another path name, which moves the heap; one group never did, at 0.63-0.75).
  if constexpr (Words == 5)
    while (groups >= 2) pass(std::integral_constant<std::size_t, 2>{});
  while (groups != 0) pass(std::integral_constant<std::size_t, 1>{});
}

// Runs of `lanes` whole messages through hash_msgs, the rest through md_batch.
template <std::size_t Words, bool Chain, std::size_t D>
FASTPRIM_ZERO_REGS_INNER inline void batch(const std::span<const std::byte>* msgs, std::size_t n,
                                           std::array<std::byte, D>* out) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  const auto run = [](const std::span<const std::byte>* m, std::array<std::byte, D>* o, std::size_t groups,
                      std::size_t, std::size_t nb)
                       FASTPRIM_ZERO_REGS_INNER { hash_msgs<Words, Chain>(m, o, groups, nb); };
  const auto rest = [msgs, out](const std::size_t* idx, std::size_t k) FASTPRIM_ZERO_REGS_INNER {
    md_batch<Words, D, lanes>(Words == 8 ? sha256_iv.data() : sha1_iv.data(), msgs, k, out,
                              &lanes_kernel<Words>, idx);
  };
  md_batch_runs<lanes, lanes>(msgs, n, out, run, rest);
}
FASTPRIM_ZERO_REGS inline void sha256_batch(const std::span<const std::byte>* msgs, std::size_t n,
                                            std::array<std::byte, 32>* out) noexcept {
  batch<8, false>(msgs, n, out);
}
#if HWY_TARGET == HWY_AVX3
FASTPRIM_ZERO_REGS inline void sha256_batch_chain(const std::span<const std::byte>* msgs, std::size_t n,
                                                  std::array<std::byte, 32>* out) noexcept {
  batch<8, true>(msgs, n, out);
}
#endif
FASTPRIM_ZERO_REGS inline void sha1_batch(const std::span<const std::byte>* msgs, std::size_t n,
                                          std::array<std::byte, 20>* out) noexcept {
  batch<5, false>(msgs, n, out);
}

inline constexpr sha256_kernels sha256_table{&scalar::sha256_compress, &sha256_batch,
                                             scalar::sha256_table.hash, scalar::sha256_table.hmac};
FASTPRIM_HWY_EXPORT const sha256_kernels* sha256_k = &sha256_table;
// The batch with the rounds associated for the e chain (sha256_rounds), bound on Zen 5; only the
// AVX-512 targets have it.
#if HWY_TARGET == HWY_AVX3
inline constexpr sha256_kernels sha256_table_chain{&scalar::sha256_compress, &sha256_batch_chain,
                                                   scalar::sha256_table.hash, scalar::sha256_table.hmac};
FASTPRIM_HWY_EXPORT const sha256_kernels* sha256_k_chain = &sha256_table_chain;
#else
FASTPRIM_HWY_EXPORT const sha256_kernels* sha256_k_chain = nullptr;
#endif
inline constexpr sha1_kernels sha1_table{&scalar::sha1_compress, &sha1_batch, scalar::sha1_table.hash,
                                         scalar::sha1_table.hmac};
FASTPRIM_HWY_EXPORT const sha1_kernels* sha1_k = &sha1_table;
#if HWY_TARGET == HWY_SSSE3
// Legacy SSE: on CPUs with AVX the batches are entered with a vzeroupper (detail/sse_entry.hpp).
inline constexpr sha256_kernels sha256_table_avx{&scalar::sha256_compress, &sse_entry<&sha256_batch>::call,
                                                 scalar::sha256_table.hash, scalar::sha256_table.hmac};
FASTPRIM_HWY_EXPORT const sha256_kernels* sha256_k_avx = &sha256_table_avx;
inline constexpr sha1_kernels sha1_table_avx{&scalar::sha1_compress, &sse_entry<&sha1_batch>::call,
                                             scalar::sha1_table.hash, scalar::sha1_table.hmac};
FASTPRIM_HWY_EXPORT const sha1_kernels* sha1_k_avx = &sha1_table_avx;
#endif

#else  // HWY_SCALAR / EMU128: fastprim has its own scalar backend
FASTPRIM_HWY_EXPORT const sha256_kernels* sha256_k = nullptr;
FASTPRIM_HWY_EXPORT const sha256_kernels* sha256_k_chain = nullptr;
FASTPRIM_HWY_EXPORT const sha1_kernels* sha1_k = nullptr;
#endif

}  // namespace HWY_NAMESPACE
}  // namespace detail::sha
FASTPRIM_NAMESPACE_END
HWY_AFTER_NAMESPACE();
