// bench/harness.hpp: how a primitive's benchmarks register with fastprim-bench.
//
// Each bench_<primitive>.cpp defines one registration function and lists it in main.cpp:
//
//   void register_xxh64() {
//     for (std::size_t n : fpbench::sizes())
//       fpbench::add("xxh64", "libxxhash", n, [buf = fpbench::buffer(n)] {
//         benchmark::DoNotOptimize(XXH64(buf->data(), buf->size(), 0));
//       });
//   }
//
// group: the primitive ("xxh64", "sha256", "aes128-ctr"...); impl: "fastprim" (dispatched),
// "fastprim:<backend token>" for one backend, or the peer's name. `bytes` is what one call
// processes (for batches, the whole batch). The body runs once per iteration; make results
// observable with benchmark::DoNotOptimize. Google Benchmark does the repetitions, statistics
// (fastprim-bench reports medians), filters and JSON; this harness adds TSC ticks per byte (of
// each run's fastest block of calls) and the side-by-side table.
#pragma once

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <fastprim/dispatch.hpp>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace fpbench {

inline std::uint64_t ticks() {
#if defined(__x86_64__)
  return __rdtsc();
#else
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
}

// Message sizes: 16 B to 1 MiB (the quick profile drops some).
std::vector<std::size_t> sizes();
bool quick();

// A buffer of `n` pseudo-random bytes, shared by the lambdas. Its start has operator new's alignment
// (16 bytes on x86-64), so where it falls in a cache line and a page varies from run to run.
inline std::shared_ptr<std::vector<std::byte>> buffer(std::size_t n, std::uint64_t seed = 1) {
  auto v = std::make_shared<std::vector<std::byte>>(n);
  std::mt19937_64 rng(seed);
  for (auto& b : *v) b = std::byte(rng());
  return v;
}

#if defined(__x86_64__)
// Zeroes the upper halves of ymm0-15 (a vzeroupper, where the CPU has AVX): every row starts
// from the same clean state, whatever the row before left (peer libraries' legacy-SSE code would
// otherwise pay for it; see detail/sse_entry.hpp).
inline void clean_upper() {
  if (fastprim::cpu().avx)
    __asm__ volatile("vzeroupper" ::
                         : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
                           "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
}
#else
inline void clean_upper() {}
#endif

void register_run(const std::string& group, const std::string& impl, std::size_t bytes,
                  std::function<void(benchmark::State&)> run);

// Per-call cost of one run: the fastest block of consecutive calls. Blocks grow by doubling until
// one spans kBlockTicks (about 18 us at 2.8 GHz), so a block is long against rdtsc and short
// against a shared machine's interruptions (timer ticks, a stolen vCPU), which the run's mean
// would count and a block between them does not. A run too short for one block reports its mean.
inline constexpr std::uint64_t kBlockTicks = 50'000;

template <class F>
double best_block_ticks_per_call(benchmark::State& st, F& body) {
  std::uint64_t k = 1, n = 0;
  double best = 0;
  const std::uint64_t start = ticks();
  std::uint64_t t0 = start;
  for (auto _ : st) {
    body();
    if (++n == k) {
      const std::uint64_t t = ticks(), dt = t - t0;
      t0 = t;
      n = 0;
      if (dt < kBlockTicks) {
        k *= 2;
      } else {
        const double per_call = static_cast<double>(dt) / static_cast<double>(k);
        if (best == 0 || per_call < best) best = per_call;
      }
    }
  }
  const std::uint64_t end = ticks();
  const double mean = static_cast<double>(end - start) / static_cast<double>(st.iterations());
  st.counters["tsc_per_call_mean"] = mean;
  return best != 0 ? best : mean;
}

// On the lambda that makes one row's call, where the row wraps it again (add_checked in bench_gcm
// and bench_xts): inlined into the timing loop, as a call is in its caller's code. g++ 12 left the
// lambda out of line when it held fastprim's inline API (64-byte AES-GCM seal 40.1 ticks against
// 38.0) and inlined the peers' small ones, so every row's lambda gets it.
#define FPBENCH_CALL __attribute__((always_inline))

// Registers `body` as one benchmark row; `bytes` per call. `before`/`after` run around the
// timed loop (to pin a backend, say), after clean_upper(). The row's figure, `tsc_per_byte`, is
// the run's best block (above); `tsc_per_call_mean` keeps the plain mean per call.
template <class F>
void add(const std::string& group, const std::string& impl, std::size_t bytes, F body,
         std::function<void()> before = {}, std::function<void()> after = {}) {
  register_run(group, impl, bytes,
               [body = std::move(body), bytes, before, after](benchmark::State& st) mutable {
                 clean_upper();
                 if (before) before();
                 const double per_call = best_block_ticks_per_call(st, body);
                 if (after) after();
                 st.counters["tsc_per_byte"] = per_call / static_cast<double>(bytes);
                 st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations() * bytes));
               });
}

// The same body once dispatched ("fastprim") and once per usable backend of primitive P
// ("fastprim:<token>"), pinned through dispatch.
template <fastprim::primitive P, class F>
void add_backends(const std::string& group, std::size_t bytes, F body) {
  add(group, "fastprim", bytes, body);
  for (fastprim::backend b : fastprim::detail::usable_backends<P>())
    add(
        group, "fastprim:" + std::string(fastprim::to_string(b)), bytes, body,
        [b] { (void)fastprim::detail::pin<P>(b); }, [] { fastprim::detail::unpin<P>(); });
}

}  // namespace fpbench
