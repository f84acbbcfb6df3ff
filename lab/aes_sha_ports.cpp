// lab/aes_sha_ports.cpp: can a CBC chain (aesenc) and a SHA-256 chain (sha256rnds2) run side by
// side? Independent chains of each, alone and together, TSC ticks per loop iteration (best of 20
// runs of 200000 iterations). If the two shared an issue port, "together" would cost the sum.
// Standalone intrinsics, no fastprim. docs/performance.md, "authenc", quotes it.
#include <immintrin.h>
#include <x86intrin.h>

#include <algorithm>
#include <cstdio>

namespace {

template <int A, int S>
__attribute__((target("aes,sha,sse4.1,avx"), noinline)) double run(long n) {
  __m128i a[A ? A : 1], s[S ? S : 1], t[S ? S : 1];
#pragma GCC unroll 16
  for (int i = 0; i < A; ++i) a[i] = _mm_set1_epi32(i);
#pragma GCC unroll 16
  for (int i = 0; i < S; ++i) {
    s[i] = _mm_set1_epi32(i + 9);
    t[i] = _mm_set1_epi32(i + 20);
  }
  const __m128i k = _mm_set1_epi32(2), w = _mm_set1_epi32(5);
  _mm256_zeroupper();  // legacy-SSE SHA after dirty upper halves would measure the transition
  const unsigned long long t0 = __rdtsc();
  for (long i = 0; i < n; ++i) {
#pragma GCC unroll 16
    for (int j = 0; j < A; ++j) a[j] = _mm_aesenc_si128(a[j], k);
#pragma GCC unroll 16
    for (int j = 0; j < S; ++j) {
      const __m128i x = _mm_sha256rnds2_epu32(t[j], s[j], w);
      t[j] = s[j];
      s[j] = x;
    }
  }
  const unsigned long long t1 = __rdtsc();
  __m128i z = _mm_setzero_si128();
#pragma GCC unroll 16
  for (int i = 0; i < A; ++i) z = _mm_xor_si128(z, a[i]);
#pragma GCC unroll 16
  for (int i = 0; i < S; ++i) z = _mm_xor_si128(z, s[i]);
  volatile int sink = _mm_cvtsi128_si32(z);
  static_cast<void>(sink);
  return static_cast<double>(t1 - t0) / static_cast<double>(n);
}

template <int A, int S>
void row() {
  double best = 1e30;
  for (int r = 0; r < 20; ++r) best = std::min(best, run<A, S>(200000));
  std::printf("%2d aesenc chains + %d sha256rnds2 chains: %6.2f ticks/iteration\n", A, S, best);
}

}  // namespace

int main() {
  row<1, 0>();  // aesenc latency
  row<0, 1>();  // sha256rnds2 latency
  row<1, 1>();  // both chains: the CBC + SHA case
  row<8, 0>();  // aesenc issue rate
  row<0, 4>();  // sha256rnds2 issue rate
  row<8, 4>();  // both at full rate
}
