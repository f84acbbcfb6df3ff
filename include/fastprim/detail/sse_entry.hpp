// Constant-time: yes (a vzeroupper and a jump; no data is touched).
// fastprim/detail/sse_entry.hpp: legacy-SSE kernels entered with the upper halves of ymm0-15
// zeroed, for CPUs with AVX.
//
// The SHA-NI instructions have no VEX encoding, and the x86_shani and x86_aesni kernels are
// compiled for CPUs without AVX (Goldmont has SHA-NI, Westmere AES-NI), so they run legacy SSE
// instructions. Such an instruction leaves bits 128 and up of its destination as they were. When
// the caller left them non-zero (AVX code without a vzeroupper: hand-written assembly, a JIT, a
// library that skips it), every legacy write has to merge with the register's old value: a
// dependency from one kernel call to the next and within it: up to 2x slower (figures in
// docs/performance.md, "Findings that cut across primitives"). Intel documents the same hazard
// (a state transition, or a blend per instruction).
//
// Highway's SSSE3 target is legacy SSE too; it is chosen on CPUs without AVX2, some of which have
// AVX (Sandy Bridge, Ivy Bridge, Bulldozer to Excavator, Jaguar), so its tables have an `_avx`
// twin (FASTPRIM_HWY_SSSE3_AVX in detail/hwy_get.hpp).
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
