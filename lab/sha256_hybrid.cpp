// lab/sha256_hybrid.cpp (`build/lab/sha256-hybrid`, -Dlab=true): a design for batch SHA-256 measured and
// not adopted (issue 3's 0.6 core cycles/byte): sixteen messages at once, SHA-NI for the rounds
// only (every W+K pair loaded from memory, four streams in flight), and the message schedule of
// the next block computed beside them on AVX-512VL ymm lanes (8 messages per register, the ops
// that do not share sha256rnds2's pipe on Zen 4: vprord ymm, shifts, xors, adds; no vpternlogd,
// no zmm rotates; lab/sha_ni_ports.cpp). The schedule's tasks are spread over the round steps
// at compile time. Checked against the scalar compress, then timed against the 3-stream kernel
// fastprim binds on AMD (sha256_lanes_avx512<3>) on 16 messages of 16 blocks, core cycles/byte.
// Zen 4, several runs each (the machine is shared: single runs move by up to 70%): built by
// g++ 12 0.85-0.90 against 0.84-0.86 for the kept kernel (g++ keeps the states in xmm16-31 and
// copies them into xmm0-15 for every sha256rnds2, about 480 extra moves per block of 16
// streams); by clang++ 14 0.74-0.80 against 0.90-0.91 in quiet runs (the kept kernel as clang
// builds it). The asm mock-up of the same op mix (sha-ni-ports) is 0.70-0.72: the design ends
// near 0.73 per block, about 0.78 for 1 KiB messages, above 0.6; with g++, the default compiler
// here, it does not beat the kept one.
// It also times two more things on 12 messages of 16 blocks (both checked the same way):
//   - the rounds alone, every W+K pair loaded from memory, the whole schedule precomputed
//     (rounds_from_memory): what any design that feeds sha256rnds2 from memory reaches when its
//     message schedule costs nothing. Zen 4, g++ 12: 0.512-0.528 core cycles/byte per block with
//     4 streams, 0.496-0.507 with 6 (the 0.5 issue bound; 0.65-0.67 with 3 and 0.94-0.96 with 2 are
//     latency bound); clang++ 14 the same within 3%. So the rounds can run at the floor; all
//     that a kernel loses above 0.5 is its message schedule;
//   - that feeding as a whole kernel (two_phase): the rounds of block b from memory while
//     sha256msg1/sha256msg2 compute block b + 1's W+K beside them: g++ 12 0.83-0.84 with 4
//     streams, 0.90-0.92 with 3, 1.08-1.09 with 6, against 0.77-0.78 for the kept kernel in the same
//     runs: the schedule's 68 vector ops per block and stream (12 sha256msg1, 12 sha256msg2 and
//     about 44 others: the W+K adds, palignr, the schedule adds, the byte swap; 16 stores) add
//     0.31 to the rounds' 0.52 when they run beside them (4 streams). clang++ 14 does not unroll
//     its schedule loop (the streams' registers indexed at run time): 1.98, not a measure of the
//     design.
#include <cpuid.h>
#include <immintrin.h>
#include <x86intrin.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

#include "core_cycles.hpp"
#include "fastprim/sha/sha256_multi_x86_shani.hpp"

namespace fx = fastprim::detail::x86_shani;
using fastprim::detail::sha256_k;

#define TGT __attribute__((target("sse2,ssse3,sse4.1,sha,avx,avx2,avx512f,avx512vl,avx512bw")))
#define AI __attribute__((always_inline)) inline

struct alignas(64) hyb_scratch {
  std::uint64_t wk[2][32][16];  // [buffer][pair p][slot]: (W+K[2p], W+K[2p+1]) of a lane
  __m256i w[64][2];             // lane-layout W rows of the block being scheduled, two halves
};
// slot of lane i (within its half) after unpacklo/unpackhi of two ymm rows.
constexpr int slot_in_half[8] = {0, 1, 4, 5, 2, 3, 6, 7};
constexpr int slot_of(int lane) { return (lane & 8) + slot_in_half[lane & 7]; }

TGT AI void transpose8(__m256i (&r)[8]) {
  __m256i t[8], u[8];
#pragma GCC unroll 16
  for (int i = 0; i < 4; ++i) {
    t[2 * i] = _mm256_unpacklo_epi32(r[2 * i], r[2 * i + 1]);
    t[2 * i + 1] = _mm256_unpackhi_epi32(r[2 * i], r[2 * i + 1]);
  }
// t0 = a0 b0 a1 b1 | a4 b4 a5 b5 ; t1 = a2 b2 a3 b3 | a6 b6 a7 b7 ; t2,t3 for c,d ...
#pragma GCC unroll 16
  for (int i = 0; i < 2; ++i) {
    u[4 * i + 0] = _mm256_unpacklo_epi64(t[4 * i + 0], t[4 * i + 2]);  // a0 b0 c0 d0 | a4..
    u[4 * i + 1] = _mm256_unpackhi_epi64(t[4 * i + 0], t[4 * i + 2]);  // a1 b1 c1 d1 | a5..
    u[4 * i + 2] = _mm256_unpacklo_epi64(t[4 * i + 1], t[4 * i + 3]);  // a2 .. | a6
    u[4 * i + 3] = _mm256_unpackhi_epi64(t[4 * i + 1], t[4 * i + 3]);  // a3 .. | a7
  }
// u0: words 0 of lanes 0-3 | words 4 ; u4: words 0 of lanes 4-7 | words 4
#pragma GCC unroll 16
  for (int j = 0; j < 4; ++j) {
    r[j] = _mm256_permute2x128_si256(u[j], u[4 + j], 0x20);
    r[j + 4] = _mm256_permute2x128_si256(u[j], u[4 + j], 0x31);
  }
}

TGT AI __m256i xor_nofuse(__m256i a, __m256i b) {
  __m256i x = _mm256_xor_si256(a, b);
  __asm__("" : "+v"(x));
  return x;
}
TGT AI __m256i sig0(__m256i x) {
  return _mm256_xor_si256(xor_nofuse(_mm256_ror_epi32(x, 7), _mm256_ror_epi32(x, 18)),
                          _mm256_srli_epi32(x, 3));
}
TGT AI __m256i sig1(__m256i x) {
  return _mm256_xor_si256(xor_nofuse(_mm256_ror_epi32(x, 17), _mm256_ror_epi32(x, 19)),
                          _mm256_srli_epi32(x, 10));
}
// K[t] in all eight dword lanes (a memory operand for vpaddd, no broadcast op).
struct k8_table {
  alignas(32) std::uint32_t v[64][8];
  constexpr k8_table() : v{} {
    for (int t = 0; t < 64; ++t)
      for (int i = 0; i < 8; ++i) v[t][i] = fastprim::detail::sha256_k[t];
  }
};
alignas(32) inline constexpr k8_table k8{};
TGT AI __m256i kvec(int t) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(k8.v[t])); }

TGT AI void store_pair(std::uint64_t (*wk)[16], int p, int h, __m256i a, __m256i b) {
  _mm256_store_si256(reinterpret_cast<__m256i*>(&wk[p][8 * h]), _mm256_unpacklo_epi32(a, b));
  _mm256_store_si256(reinterpret_cast<__m256i*>(&wk[p][8 * h + 4]), _mm256_unpackhi_epi32(a, b));
}

// Schedule task k of the block at `src` (16 lane pointers) into wk (one buffer) and s.w.
// Tasks 0..3: input (half h = k >> 1, words 8q.., q = k & 1); 4..99: row t = 16 + (k-4)/2, half (k-4)&1.
template <int K>
TGT AI void sched_task(hyb_scratch& s, std::uint64_t (*wk)[16], const std::byte* const* src,
                       __m256i (&win)[2][2]) {
  if constexpr (K < 4) {
    constexpr int h = K >> 1, q = K & 1;
    const __m256i bswap = _mm256_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14,
                                          15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    __m256i r[8];
#pragma GCC unroll 16
    for (int i = 0; i < 8; ++i)
      r[i] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src[8 * h + i] + 32 * q));
    transpose8(r);
    __m256i wkr[8];
#pragma GCC unroll 16
    for (int i = 0; i < 8; ++i) {
      r[i] = _mm256_shuffle_epi8(r[i], bswap);
      s.w[8 * q + i][h] = r[i];
      if (q == 1 && i >= 6) win[h][i & 1] = r[i];
      wkr[i] = _mm256_add_epi32(r[i], kvec(8 * q + i));
    }
#pragma GCC unroll 16
    for (int m = 0; m < 4; ++m) store_pair(wk, 4 * q + m, h, wkr[2 * m], wkr[2 * m + 1]);
  } else {
    constexpr int t = 16 + (K - 4) / 2, h = (K - 4) & 1;
    // W[t-2] and W[t-1] from registers (win), the older rows from s.w; sigma1 added last.
    const __m256i x = _mm256_add_epi32(
        _mm256_add_epi32(_mm256_add_epi32(sig0(s.w[t - 15][h]), s.w[t - 16][h]), s.w[t - 7][h]),
        sig1(win[h][t & 1]));
    s.w[t][h] = x;
    win[h][t & 1] = x;
    if constexpr (t & 1) {
      const __m256i a = _mm256_add_epi32(win[h][0], kvec(t - 1));
      const __m256i b = _mm256_add_epi32(x, kvec(t));
      store_pair(wk, t / 2, h, a, b);
    }
  }
}
constexpr int kTasks = 100;

template <int Lo, int Hi>
TGT AI void tasks(hyb_scratch& s, std::uint64_t (*wkn)[16], const std::byte* const* next,
                  __m256i (&win)[2][2]) {
  if constexpr (Lo < Hi) {
    sched_task<Lo>(s, wkn, next, win);
    tasks<Lo + 1, Hi>(s, wkn, next, win);
  }
}
// Round pair p of the four streams of group g (a step), then the schedule tasks due at this step.
template <bool Sched, int G, int P>
TGT AI void steps(hyb_scratch& s, std::uint64_t (*wk)[16], std::uint64_t (*wkn)[16], __m128i (&a)[4],
                  __m128i (&c)[4], const std::byte* const* next, __m256i (&win)[2][2]) {
  if constexpr (P < 32) {
    constexpr int j = G * 32 + P;
#pragma GCC unroll 16
    for (int i = 0; i < 4; ++i) {
      const __m128i x = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(&wk[P][slot_of(4 * G + i)]));
      // In place: after two sha256rnds2 ABEF and CDGH are back in a and c.
      if constexpr (P % 2 == 0)
        c[i] = _mm_sha256rnds2_epu32(c[i], a[i], x);
      else
        a[i] = _mm_sha256rnds2_epu32(a[i], c[i], x);
    }
    if constexpr (Sched) tasks<j * kTasks / 128, (j + 1) * kTasks / 128>(s, wkn, next, win);
    steps<Sched, G, P + 1>(s, wk, wkn, a, c, next, win);
  }
}
template <bool Sched, int G>
TGT AI void groups(hyb_scratch& s, int buf, __m128i* abef, __m128i* cdgh, const std::byte* const* next,
                   __m256i (&win)[2][2]) {
  if constexpr (G < 4) {
    __m128i a[4], c[4], a0[4], c0[4];
#pragma GCC unroll 16
    for (int i = 0; i < 4; ++i) a0[i] = a[i] = abef[4 * G + i], c0[i] = c[i] = cdgh[4 * G + i];
    steps<Sched, G, 0>(s, s.wk[buf], s.wk[buf ^ 1], a, c, next, win);
#pragma GCC unroll 16
    for (int i = 0; i < 4; ++i)
      abef[4 * G + i] = _mm_add_epi32(a[i], a0[i]), cdgh[4 * G + i] = _mm_add_epi32(c[i], c0[i]);
    groups<Sched, G + 1>(s, buf, abef, cdgh, next, win);
  }
}
template <bool Sched>
TGT AI void block(hyb_scratch& s, int buf, __m128i* abef, __m128i* cdgh, const std::byte* const* next) {
  __m256i win[2][2];
  groups<Sched, 0>(s, buf, abef, cdgh, next, win);
}

template <bool Sched>
TGT __attribute__((noinline)) void block_out(hyb_scratch& s, int buf, __m128i* abef, __m128i* cdgh,
                                             const std::byte* const* next) {
  block<Sched>(s, buf, abef, cdgh, next);
}

TGT __attribute__((noinline)) void sched_only(hyb_scratch& s, int buf, const std::byte* const* src) {
  __m256i win[2][2];
  tasks<0, kTasks>(s, s.wk[buf], src, win);
}

TGT void hybrid16(std::uint32_t* const* states, const std::byte* const* blocks, std::size_t nblocks) {
  hyb_scratch s;
  __m128i abef[16], cdgh[16];
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) fx::sha256_load_state(states[i], abef[i], cdgh[i]);
  const std::byte* p[16];
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) p[i] = blocks[i];
  sched_only(s, 0, p);
  int buf = 0;
#pragma GCC unroll 16
  for (std::size_t b = 0; b < nblocks; ++b) {
    if (b + 1 < nblocks) {
#pragma GCC unroll 16
      for (int i = 0; i < 16; ++i) p[i] += 64;
      block_out<true>(s, buf, abef, cdgh, p);
    } else {
      block_out<false>(s, buf, abef, cdgh, p);
    }
    buf ^= 1;
  }
#pragma GCC unroll 16
  for (int i = 0; i < 16; ++i) fx::sha256_store_state(states[i], abef[i], cdgh[i]);
}

// The other way to feed sha256rnds2 (sha-ni-ports' cheapest form): every W+K pair loaded from
// memory, so that no vector op writes xmm0. Here the whole schedule of every block is computed
// first (scalar, below) and only the rounds are timed: L streams, each W+K pair loaded just before
// its sha256rnds2. Whatever computes the schedule, a kernel fed this way is no faster than this.
void schedule_all(const std::byte* p, std::size_t nb, std::uint32_t* wk) {  // wk: nb x 64 words
  using fastprim::detail::load_be;
  const auto rotr = [](std::uint32_t x, int n) { return std::rotr(x, n); };
  for (std::size_t b = 0; b < nb; ++b, p += 64, wk += 64) {
    std::uint32_t w[64];
    for (int t = 0; t < 16; ++t) w[t] = load_be<std::uint32_t>(p + 4 * t);
    for (int t = 16; t < 64; ++t)
      w[t] = (rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)) + w[t - 7] +
             (rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)) + w[t - 16];
    for (int t = 0; t < 64; ++t) wk[t] = w[t] + sha256_k[t];
  }
}
template <std::size_t L>
TGT __attribute__((noinline)) void rounds_from_memory(std::uint32_t* const* states,
                                                      const std::uint32_t* const* wk, std::size_t nb) {
  __m128i abef[L], cdgh[L];
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) fx::sha256_load_state(states[l], abef[l], cdgh[l]);
  for (std::size_t b = 0; b < nb; ++b) {
    __m128i a0[L], c0[L];
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) a0[l] = abef[l], c0[l] = cdgh[l];
#pragma GCC unroll 32
    for (int p = 0; p < 32; ++p) {
#pragma GCC unroll 8
      for (std::size_t l = 0; l < L; ++l) {
        const __m128i t = _mm_sha256rnds2_epu32(
            cdgh[l], abef[l], _mm_loadl_epi64(reinterpret_cast<const __m128i*>(wk[l] + 64 * b + 2 * p)));
        cdgh[l] = abef[l];
        abef[l] = t;
      }
    }
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l)
      abef[l] = _mm_add_epi32(abef[l], a0[l]), cdgh[l] = _mm_add_epi32(cdgh[l], c0[l]);
  }
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) fx::sha256_store_state(states[l], abef[l], cdgh[l]);
}

// And that feeding as a whole kernel ("two-phase"): the rounds of block b read every W+K pair from
// memory while sha256msg1/sha256msg2 compute block b + 1's W+K for every stream into the other half
// of a double buffer (the streams' schedule steps lane-minor, so that their dependency chains
// overlap, spread over the 16 round groups).
struct sched_regs {
  __m128i m[4];
};
// Step s (0..12) of one stream's schedule: s = 0 loads and byte-swaps W0..15, s > 0 computes
// W[4s + 12 .. 4s + 15]; each writes its W+K.
TGT AI void sched_step(sched_regs& r, int s, const std::byte* src, std::uint32_t* wk) {
  const __m128i bswap32 = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
  const auto kq = [](int q) { return _mm_load_si128(reinterpret_cast<const __m128i*>(sha256_k + 4 * q)); };
  if (s == 0) {
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j) {
      r.m[j] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + 16 * j)), bswap32);
      _mm_store_si128(reinterpret_cast<__m128i*>(wk + 4 * j), _mm_add_epi32(r.m[j], kq(j)));
    }
    return;
  }
  const int g = s - 1;
  __m128i x = _mm_sha256msg1_epu32(r.m[g & 3], r.m[(g + 1) & 3]);
  x = _mm_add_epi32(x, _mm_alignr_epi8(r.m[(g + 3) & 3], r.m[(g + 2) & 3], 4));
  r.m[g & 3] = _mm_sha256msg2_epu32(x, r.m[(g + 3) & 3]);
  _mm_store_si128(reinterpret_cast<__m128i*>(wk + 4 * (g + 4)), _mm_add_epi32(r.m[g & 3], kq(g + 4)));
}
template <std::size_t L, bool Next>
TGT AI void two_phase_block(__m128i* abef, __m128i* cdgh, const std::uint32_t* cur, std::uint32_t* nxt,
                            const std::byte* const* next) {
  __m128i a0[L], c0[L];
  sched_regs r[L];
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) a0[l] = abef[l], c0[l] = cdgh[l];
#pragma GCC unroll 16
  for (int g = 0; g < 16; ++g) {
#pragma GCC unroll 2
    for (int h = 0; h < 2; ++h) {
#pragma GCC unroll 8
      for (std::size_t l = 0; l < L; ++l) {
        const __m128i t = _mm_sha256rnds2_epu32(
            cdgh[l], abef[l],
            _mm_loadl_epi64(reinterpret_cast<const __m128i*>(cur + 64 * l + 4 * g + 2 * h)));
        cdgh[l] = abef[l];
        abef[l] = t;
      }
    }
    if constexpr (Next) {
#pragma GCC unroll 64
      for (int k = 13 * int(L) * g / 16; k < 13 * int(L) * (g + 1) / 16; ++k)
        sched_step(r[k % int(L)], k / int(L), next[k % int(L)], nxt + 64 * (k % int(L)));
    }
  }
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l)
    abef[l] = _mm_add_epi32(abef[l], a0[l]), cdgh[l] = _mm_add_epi32(cdgh[l], c0[l]);
}
template <std::size_t L>
TGT __attribute__((noinline)) void two_phase(std::uint32_t* const* states, const std::byte* const* blocks,
                                             std::size_t nb) {
  alignas(64) std::uint32_t buf[2][L * 64];
  __m128i abef[L], cdgh[L];
  const std::byte* next[L];
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) {
    fx::sha256_load_state(states[l], abef[l], cdgh[l]);
    sched_regs r;
#pragma GCC unroll 13
    for (int s = 0; s < 13; ++s) sched_step(r, s, blocks[l], buf[0] + 64 * l);
    next[l] = blocks[l];
  }
  std::size_t b = 0;
  for (; b + 1 < nb; ++b) {
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) next[l] = blocks[l] + 64 * (b + 1);
    two_phase_block<L, true>(abef, cdgh, buf[b & 1], buf[(b + 1) & 1], next);
  }
  two_phase_block<L, false>(abef, cdgh, buf[b & 1], buf[(b + 1) & 1], next);
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) fx::sha256_store_state(states[l], abef[l], cdgh[l]);
}

TGT int main() {
  unsigned a = 0, b = 0, cx = 0, d = 0;
  const bool sha = __get_cpuid_count(7, 0, &a, &b, &cx, &d) != 0 && ((b >> 29) & 1) != 0;
  if (!sha || !__builtin_cpu_supports("avx512vl") || !__builtin_cpu_supports("avx512bw")) {
    std::puts("sha256-hybrid: needs SHA-NI and AVX-512VL/BW");
    return 0;
  }
  constexpr int nb = 16;
  std::vector<std::byte> data(16 * 64 * nb);
  std::mt19937 rng(1);
  for (auto& x : data) x = std::byte(rng());
  std::uint32_t st[16][8], ref[16][8];
  std::uint32_t* sp[16];
  const std::byte* bp[16];
  for (int i = 0; i < 16; ++i) {
    std::memcpy(st[i], fastprim::detail::sha256_iv.data(), 32);
    std::memcpy(ref[i], fastprim::detail::sha256_iv.data(), 32);
    sp[i] = st[i];
    bp[i] = data.data() + i * 64 * nb;
    fastprim::detail::sha::scalar::sha256_compress(ref[i], bp[i], nb);
  }
  hybrid16(sp, bp, nb);
  int bad = 0;
  for (int i = 0; i < 16; ++i) bad += std::memcmp(st[i], ref[i], 32) != 0;
  if (bad != 0) {
    std::printf("sha256-hybrid: %d of 16 streams differ from the scalar compress\n", bad);
    return 1;
  }
  const double c = fpbench::core_cycles_per_tick();
  std::printf("16 messages x 16 blocks, core cycles/byte (best of 200 calls; %.3f core cycles per tick):\n",
              c);
  for (int r = 0; r < 5; ++r) {
    std::uint64_t best = ~0ull, best3 = ~0ull;
    for (int k = 0; k < 200; ++k) {
      std::uint64_t t0 = __rdtsc();
      hybrid16(sp, bp, nb);
      std::uint64_t t1 = __rdtsc();
      best = std::min(best, t1 - t0);
      t0 = __rdtsc();
      for (int g = 0; g < 5; ++g) fx::sha256_lanes_avx512<3>(sp + 3 * g, bp + 3 * g, nb);
      fx::sha256_lanes_avx512<1>(sp + 15, bp + 15, nb);
      t1 = __rdtsc();
      best3 = std::min(best3, t1 - t0);
    }
    std::printf("  hybrid (16 streams) %.3f | kept kernel (3 streams, AVX-512VL build) %.3f\n",
                double(best) * c / (16.0 * 64 * nb), double(best3) * c / (16.0 * 64 * nb));
  }
  // Rounds alone, every W+K pair loaded (schedule precomputed), 12 streams as groups of L.
  std::vector<std::uint32_t> wkall(16 * 64 * nb);
  const std::uint32_t* wp[16];
  for (int i = 0; i < 16; ++i) {
    wp[i] = wkall.data() + i * 64 * nb;
    schedule_all(bp[i], nb, wkall.data() + i * 64 * nb);
  }
  const auto mem = [&](auto lanes) {
    constexpr std::size_t L = decltype(lanes)::value;
    for (int i = 0; i < 12; ++i) std::memcpy(st[i], fastprim::detail::sha256_iv.data(), 32);
    for (std::size_t g = 0; g < 12 / L; ++g) rounds_from_memory<L>(sp + L * g, wp + L * g, nb);
  };
  const auto matches = [&](auto run) {  // run leaves the 12 states, compared with the scalar compress
    run();
    for (int i = 0; i < 12; ++i)
      if (std::memcmp(st[i], ref[i], 32) != 0) return false;
    return true;
  };
  using L2 = std::integral_constant<std::size_t, 2>;
  using L3 = std::integral_constant<std::size_t, 3>;
  using L4 = std::integral_constant<std::size_t, 4>;
  using L6 = std::integral_constant<std::size_t, 6>;
  const auto two = [&](auto lanes) {
    constexpr std::size_t L = decltype(lanes)::value;
    for (int i = 0; i < 12; ++i) std::memcpy(st[i], fastprim::detail::sha256_iv.data(), 32);
    for (std::size_t g = 0; g < 12 / L; ++g) two_phase<L>(sp + L * g, bp + L * g, nb);
  };
  const bool ok = matches([&] { mem(L2{}); }) && matches([&] { mem(L3{}); }) && matches([&] { mem(L4{}); }) &&
                  matches([&] { mem(L6{}); }) && matches([&] { two(L3{}); }) && matches([&] { two(L4{}); }) &&
                  matches([&] { two(L6{}); });
  if (!ok) {
    std::puts("sha256-hybrid: the kernels fed from memory differ from the scalar compress");
    return 1;
  }
  std::printf(
      "rounds alone, every W+K pair loaded from memory (schedule precomputed), 12 messages x %d blocks,\n"
      "core cycles/byte (best of 200 calls), against the kept kernel with its whole schedule:\n",
      nb);
  for (int r = 0; r < 3; ++r) {
    const auto time = [&](auto f) {
      std::uint64_t best = ~0ull;
      for (int k = 0; k < 200; ++k) {
        const std::uint64_t t0 = __rdtsc();
        f();
        best = std::min<std::uint64_t>(best, __rdtsc() - t0);
      }
      return double(best) * c / (12.0 * 64 * nb);
    };
    const double m2 = time([&] { mem(L2{}); }), m3 = time([&] { mem(L3{}); }), m4 = time([&] { mem(L4{}); }),
                 m6 = time([&] { mem(L6{}); });
    const double k3 = time([&] {
      for (int g = 0; g < 4; ++g) fx::sha256_lanes_avx512<3>(sp + 3 * g, bp + 3 * g, nb);
    });
    const double k4 = time([&] {
      for (int g = 0; g < 3; ++g) fx::sha256_lanes_avx512<4>(sp + 4 * g, bp + 4 * g, nb);
    });
    const double t3 = time([&] { two(L3{}); }), t4 = time([&] { two(L4{}); }), t6 = time([&] { two(L6{}); });
    std::printf(
        "  rounds alone, loaded: 2 streams %.3f, 3 %.3f, 4 %.3f, 6 %.3f | two-phase (the schedule beside "
        "them): 3 "
        "%.3f, 4 %.3f, 6 %.3f | kept kernel: 3 streams %.3f, 4 %.3f\n",
        m2, m3, m4, m6, t3, t4, t6, k3, k4);
  }
  return 0;
}
