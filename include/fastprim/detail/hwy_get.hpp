// fastprim/detail/hwy_get.hpp: how the dispatch registries name the per-target kernel tables of
// Highway backends. An algorithm's per-target file (<alg>/<alg>_hwy-inl.hpp) defines, in
// fastprim::detail::<alg>::N_<TARGET>, one `const kernels*` per table (nullptr where that target
// lacks the kernel); the macros below map a backend token to that name where the target is
// compiled, so that registries never write `#if HWY_TARGETS & ...` themselves.
#pragma once

#include "fastprim/detail/config.hpp"

// FASTPRIM_HWY_GET_<TARGET>(B, alg, name): inside `template <backend B> ... get()`, returns
// alg::N_<TARGET>::name for the Highway backend B; a registry names the targets its pass covers
// (FASTPRIM_HWY_PASS_TARGETS). FASTPRIM_HWY_GET_BELOW_AVX3_DL(B, alg, name): every target but AVX3_DL.
#if HWY_TARGETS & HWY_AVX3_DL
#define FASTPRIM_HWY_GET_AVX3_DL(B, alg, name) \
  if constexpr (B == backend::hwy_avx3_dl) return alg::N_AVX3_DL::name;
#define FASTPRIM_HWY_EACH_AVX3_DL(M, ...) M(AVX3_DL, __VA_ARGS__)
#else
#define FASTPRIM_HWY_GET_AVX3_DL(B, alg, name)
#define FASTPRIM_HWY_EACH_AVX3_DL(M, ...)
#endif
#if HWY_TARGETS & HWY_AVX3
#define FASTPRIM_HWY_GET_AVX3(B, alg, name) \
  if constexpr (B == backend::hwy_avx3) return alg::N_AVX3::name;
#define FASTPRIM_HWY_EACH_AVX3(M, ...) M(AVX3, __VA_ARGS__)
#else
#define FASTPRIM_HWY_GET_AVX3(B, alg, name)
#define FASTPRIM_HWY_EACH_AVX3(M, ...)
#endif
#if HWY_TARGETS & HWY_AVX2
#define FASTPRIM_HWY_GET_AVX2(B, alg, name) \
  if constexpr (B == backend::hwy_avx2) return alg::N_AVX2::name;
#define FASTPRIM_HWY_EACH_AVX2(M, ...) M(AVX2, __VA_ARGS__)
#else
#define FASTPRIM_HWY_GET_AVX2(B, alg, name)
#define FASTPRIM_HWY_EACH_AVX2(M, ...)
#endif
// FASTPRIM_HWY_SSSE3_AVX: Highway's SSSE3 target is legacy SSE, and it is the one chosen on CPUs
// with AVX but not AVX2 (Sandy Bridge, Ivy Bridge, Bulldozer to Excavator, Jaguar); each of its
// tables N_SSSE3::name has a twin N_SSSE3::name##_avx whose kernels are entered with a vzeroupper
// (detail/sse_entry.hpp). A compile target with AVX binds the twin; otherwise kernels_of<P>::refine
// does, on CPUs with AVX (FASTPRIM_HWY_SSSE3_REFINE), and variant_name names it.
#if (HWY_TARGETS & HWY_SSSE3) && FASTPRIM_ARCH_X86_64
#define FASTPRIM_HWY_SSSE3_AVX 1
#define FASTPRIM_HWY_EACH_SSSE3(M, ...) M(SSSE3, __VA_ARGS__)
#if defined(__AVX__)
#define FASTPRIM_HWY_GET_SSSE3(B, alg, name) \
  if constexpr (B == backend::hwy_ssse3) return alg::N_SSSE3::name##_avx;
#else
#define FASTPRIM_HWY_GET_SSSE3(B, alg, name) \
  if constexpr (B == backend::hwy_ssse3) return alg::N_SSSE3::name;
#endif
#define FASTPRIM_HWY_SSSE3_REFINE(b, c, alg, name) \
  if ((b) == backend::hwy_ssse3 && (c).avx) return alg::N_SSSE3::name##_avx;
#define FASTPRIM_HWY_SSSE3_VARIANT(k, alg, name) \
  if ((k) == alg::N_SSSE3::name##_avx) return "vzeroupper on entry";
#else
#define FASTPRIM_HWY_SSSE3_AVX 0
#define FASTPRIM_HWY_EACH_SSSE3(M, ...)
#define FASTPRIM_HWY_GET_SSSE3(B, alg, name)
#define FASTPRIM_HWY_SSSE3_REFINE(b, c, alg, name)
#define FASTPRIM_HWY_SSSE3_VARIANT(k, alg, name)
#endif
#if HWY_TARGETS & HWY_NEON
#define FASTPRIM_HWY_GET_NEON(B, alg, name) \
  if constexpr (B == backend::hwy_neon) return alg::N_NEON::name;
#define FASTPRIM_HWY_EACH_NEON(M, ...) M(NEON, __VA_ARGS__)
#else
#define FASTPRIM_HWY_GET_NEON(B, alg, name)
#define FASTPRIM_HWY_EACH_NEON(M, ...)
#endif
#define FASTPRIM_HWY_GET_BELOW_AVX3_DL(B, alg, name) \
  FASTPRIM_HWY_GET_AVX3(B, alg, name)                \
  FASTPRIM_HWY_GET_AVX2(B, alg, name) FASTPRIM_HWY_GET_SSSE3(B, alg, name) FASTPRIM_HWY_GET_NEON(B, alg, name)

// FASTPRIM_HWY_DECLARE(alg, declarations...): in FASTPRIM_SEPARATE_IMPL mode with
// FASTPRIM_INTERNALS (detail/config.hpp), the registries' declarations of an algorithm's per-target tables
// (which the implementation TU defines), in detail::alg::N_<TARGET> for every Highway backend target this
// build compiles. FASTPRIM_HWY_DECLARE_SSSE3_AVX(alg, declarations...): the same for the SSSE3 twins.
#define FASTPRIM_HWY_DECLARE_IN(T, ...) \
  namespace N_##T {                     \
    __VA_ARGS__                         \
  }
#define FASTPRIM_HWY_EACH(M, ...)           \
  FASTPRIM_HWY_EACH_AVX3_DL(M, __VA_ARGS__) \
  FASTPRIM_HWY_EACH_AVX3(M, __VA_ARGS__)    \
  FASTPRIM_HWY_EACH_AVX2(M, __VA_ARGS__)    \
  FASTPRIM_HWY_EACH_SSSE3(M, __VA_ARGS__) FASTPRIM_HWY_EACH_NEON(M, __VA_ARGS__)
#define FASTPRIM_HWY_DECLARE(alg, ...)                    \
  FASTPRIM_NAMESPACE_BEGIN                                \
  namespace detail::alg {                                 \
  FASTPRIM_HWY_EACH(FASTPRIM_HWY_DECLARE_IN, __VA_ARGS__) \
  }                                                       \
  FASTPRIM_NAMESPACE_END
#if FASTPRIM_HWY_SSSE3_AVX
#define FASTPRIM_HWY_DECLARE_SSSE3_AVX(alg, ...) \
  FASTPRIM_NAMESPACE_BEGIN                       \
  namespace detail::alg::N_SSSE3 {               \
  __VA_ARGS__                                    \
  }                                              \
  FASTPRIM_NAMESPACE_END
#else
#define FASTPRIM_HWY_DECLARE_SSSE3_AVX(alg, ...)
#endif
