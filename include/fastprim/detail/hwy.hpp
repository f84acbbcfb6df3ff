// fastprim/detail/hwy.hpp: the one place that runs Highway's foreach_target. It compiles every
// per-target file of fastprim (listed in detail/hwy-inl.hpp) once per Highway target, into
// fastprim::detail::N_<TARGET> namespaces, and defines FASTPRIM_HWY_GET to take a kernel table
// from the namespace of a backend token. No libhwy is linked: only header ops are used.
//
// Consequence for users: a translation unit that includes a fastprim header cannot run its
// own foreach_target (Highway allows one per TU); <hwy/highway.h> alone is fine.
#pragma once

#include "fastprim/detail/config.hpp"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "fastprim/detail/hwy-inl.hpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "fastprim/detail/hwy-inl.hpp"

// FASTPRIM_HWY_GET(B, name): inside `template <backend B> ... get()`, returns N_<target>::name
// for the Highway backend B (a `const kernels*`, nullptr where that target lacks the kernel).
#if HWY_TARGETS & HWY_AVX3_DL
#define FASTPRIM_HWY_GET_AVX3_DL(B, name) \
  if constexpr (B == backend::hwy_avx3_dl) return N_AVX3_DL::name;
#else
#define FASTPRIM_HWY_GET_AVX3_DL(B, name)
#endif
#if HWY_TARGETS & HWY_AVX3
#define FASTPRIM_HWY_GET_AVX3(B, name) \
  if constexpr (B == backend::hwy_avx3) return N_AVX3::name;
#else
#define FASTPRIM_HWY_GET_AVX3(B, name)
#endif
#if HWY_TARGETS & HWY_AVX2
#define FASTPRIM_HWY_GET_AVX2(B, name) \
  if constexpr (B == backend::hwy_avx2) return N_AVX2::name;
#else
#define FASTPRIM_HWY_GET_AVX2(B, name)
#endif
#if HWY_TARGETS & HWY_SSSE3
#define FASTPRIM_HWY_GET_SSSE3(B, name) \
  if constexpr (B == backend::hwy_ssse3) return N_SSSE3::name;
#else
#define FASTPRIM_HWY_GET_SSSE3(B, name)
#endif
#if HWY_TARGETS & HWY_NEON
#define FASTPRIM_HWY_GET_NEON(B, name) \
  if constexpr (B == backend::hwy_neon) return N_NEON::name;
#else
#define FASTPRIM_HWY_GET_NEON(B, name)
#endif
#define FASTPRIM_HWY_GET(B, name)                                                                  \
  FASTPRIM_HWY_GET_AVX3_DL(B, name) FASTPRIM_HWY_GET_AVX3(B, name) FASTPRIM_HWY_GET_AVX2(B, name) \
      FASTPRIM_HWY_GET_SSSE3(B, name) FASTPRIM_HWY_GET_NEON(B, name)
