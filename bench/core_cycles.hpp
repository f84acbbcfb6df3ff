// bench/core_cycles.hpp: core cycles per TSC tick, from a chain of dependent register-register
// adds (1 cycle each on every x86 core of the last decade), so that TSC figures can be read as core
// cycles. Not `add $1, reg`: Intel's Golden Cove-class renamers fold chains of adds of small
// immediates and run them several per cycle (measured on an Emerald Rapids Xeon: 4.5 per tick). Shared
// by fastprim-bench and the lab programs (lab/: bench-isa, sha-ni-ports...); no dependencies.
#pragma once

#include <cstdint>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace fpbench {

inline double core_cycles_per_tick() {
#if defined(__x86_64__)
  constexpr std::uint64_t n = 50'000'000;
  std::uint64_t x = 0;
  const std::uint64_t one = 1;
  const std::uint64_t t0 = __rdtsc();
  for (std::uint64_t i = 0; i < n; i += 10)
    __asm__ volatile(
        "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
        "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
        : "+r"(x)
        : "r"(one));
  const std::uint64_t t1 = __rdtsc();
  return static_cast<double>(n) / static_cast<double>(t1 - t0);
#else
  return 0;
#endif
}

}  // namespace fpbench
