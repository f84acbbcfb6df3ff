// Constant-time: yes (a vzeroupper and a jump; no data is touched).
// fastprim/detail/sse_entry.hpp: legacy-SSE kernels entered with the upper halves of ymm0-15
// zeroed, for CPUs with AVX.
//
// The SHA-NI instructions have no VEX encoding, and the x86_shani and x86_aesni kernels are
// compiled for CPUs without AVX (Goldmont has SHA-NI, Westmere AES-NI), so they run legacy SSE
// instructions. Such an instruction leaves bits 128 and up of its destination as they were. When
// the caller left them non-zero (AVX code without a vzeroupper: hand-written assembly, a JIT, a
// library that skips it), every legacy write has to merge with the register's old value: a
// dependency from one kernel call to the next and within it. Zen 4, fastprim-bench
// `--filter dirty-upper` (zmm0-15 left dirty before the timed loop; TSC ticks per byte, the
// kernel entered as here against called directly): SHA-256 of 32 bytes 2.63 against 6.46,
// 8 KiB 1.44 against 2.51; SHA-1 of 64 bytes 1.85 against 3.65 (45.6 against 90.0 ns); AES-128
// ECB 8 KiB 0.23 against 0.47. Intel documents the same hazard (a state transition, or a blend
// per instruction).
//
// Highway's SSSE3 target is legacy SSE too; it is chosen on CPUs without AVX2, some of which have
// AVX (Sandy Bridge, Ivy Bridge, Bulldozer to Excavator, Jaguar), so its tables have an `_avx`
// twin (FASTPRIM_HWY_SSSE3_AVX in detail/hwy.hpp).
//
// So on a CPU with AVX the dispatcher binds tables whose entries are sse_entry<kernel>::call: a
// vzeroupper, then a jump to the kernel (the x86-64 ABI lets a callee clobber every vector
// register; the wrapper holds no data, so it needs no register zeroing of its own). Its cost
// does not show: the same rows with the uppers left clean measure the same (2.61, 1.44, 1.85,
// 0.23).
#pragma once

#include "fastprim/detail/config.hpp"

#if FASTPRIM_ARCH_X86_64
#include <immintrin.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

template <auto Kernel>
struct sse_entry;

template <class R, class... Args, R (*Kernel)(Args...) noexcept>
struct sse_entry<Kernel> {
  FASTPRIM_TARGET_X86_AVX static R call(Args... args) noexcept {
    _mm256_zeroupper();
    return Kernel(args...);
  }
};

}  // namespace detail
FASTPRIM_NAMESPACE_END
#endif
