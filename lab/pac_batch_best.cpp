// lab/pac_batch_best.cpp (`build/lab/pac-batch-best [n]`, -Dlab=true): the best of many calls of the
// dispatched batch PAC (keyed_pac::compute over spans of n PACs, default 8192) for QARMA5 and
// QARMA3, in TSC ticks and core cycles per PAC. On a shared machine whose phases move the bench's
// medians by 50%, the minimum over several alternating runs of two builds is what an A/B of a
// kernel change can rest on; it compiles against any checkout's headers, so the same program
// measures a commit and its parent (one command line):
//   g++ -O2 -std=c++20 -DHWY_WANT_AVX3_DL=1
//       '-DHWY_DISABLED_TARGETS=(HWY_SSE4+HWY_SVE+HWY_SVE2+HWY_SVE_256+HWY_SVE2_128)'
//       -I<checkout>/include -Ibench lab/pac_batch_best.cpp -o /tmp/pbb -lcpu_features
// It prints a hash of the outputs too, so two builds can be seen to agree.
#include <x86intrin.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "core_cycles.hpp"
#include "fastprim/pac.hpp"

int main(int argc, char** argv) {
  namespace pac = fastprim::pac;
  const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 8192;
  std::vector<std::uint64_t> d(n), m(n), o(n);
  std::mt19937_64 g(1);
  for (std::size_t i = 0; i < n; ++i) d[i] = g(), m[i] = g();
  const double c = std::max(fpbench::core_cycles_per_tick(), fpbench::core_cycles_per_tick());
  for (const auto& [alg, name] :
       {std::pair{pac::algorithm::qarma5, "qarma5"}, std::pair{pac::algorithm::qarma3, "qarma3"}}) {
    const pac::keyed_pac kp{alg, pac::key{0x84be85ce9804e94bULL, 0xec2802d4e0a488e9ULL}};
    double best = 1e30;
    for (int r = 0; r < 300; ++r) {
      const std::uint64_t t0 = __rdtsc();
      if (!kp.compute(d, m, o)) return 1;
      best = std::min(best, static_cast<double>(__rdtsc() - t0));
    }
    std::uint64_t h = 0;
    for (const std::uint64_t x : o) h = h * 31 + x;
    std::printf(
        "%s %s batch of %zu: %.2f TSC ticks per PAC, %.2f core cycles (%.2f per tick), outputs %016llx\n",
        name, fastprim::to_string(kp.backend()).data(), n, best / static_cast<double>(n),
        best / static_cast<double>(n) * c, c, static_cast<unsigned long long>(h));
  }
  return 0;
}
