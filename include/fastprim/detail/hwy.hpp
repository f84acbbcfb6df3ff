// fastprim/detail/hwy.hpp: the one place that runs Highway's foreach_target. It compiles every
// per-target file of fastprim (listed in detail/hwy-inl.hpp) once per Highway target, into
// fastprim::detail::N_<TARGET> namespaces, and defines FASTPRIM_HWY_GET to take a kernel table
// from the namespace of a backend token. No libhwy is linked: only header ops are used.
//
// Consequence for users: a translation unit that includes a fastprim header cannot run its
// own foreach_target (Highway allows one per TU); <hwy/highway.h> alone is fine.
#pragma once

#include "fastprim/detail/config.hpp"

#if FASTPRIM_HWY_DECLARE_ONLY
// FASTPRIM_SEPARATE_IMPL: declarations of the per-target kernel tables, which the one TU with
// FASTPRIM_IMPLEMENTATION defines. Keep this list in step with the FASTPRIM_HWY_EXPORT lines of
// the files listed in detail/hwy-inl.hpp.
#include "fastprim/aes/modes.hpp"
#include "fastprim/pac/qarma.hpp"
#include "fastprim/sha/sha1_scalar.hpp"
#include "fastprim/sha/sha256_scalar.hpp"
#include "fastprim/xxh/xxh64_scalar.hpp"

#define FASTPRIM_HWY_DECLARE_TARGET(T)                        \
  namespace N_##T {                                           \
    namespace xxh64_hwy {                                     \
    extern const detail::xxh64::kernels* const stream_k;      \
    extern const detail::xxh64::batch_kernels* const batch_k; \
    }                                                         \
    namespace sha_hwy {                                       \
    extern const sha256_kernels* const sha256_k;              \
    extern const sha256_kernels* const sha256_k_chain;        \
    extern const sha1_kernels* const sha1_k;                  \
    }                                                         \
    namespace pac_hwy {                                       \
    extern const pac_kernels* const kernels;                  \
    }                                                         \
    namespace aes_hwy {                                       \
    extern const aes_kernels* const kernels;                  \
    }                                                         \
  }

FASTPRIM_NAMESPACE_BEGIN
namespace detail {
#if HWY_TARGETS & HWY_AVX3_DL
FASTPRIM_HWY_DECLARE_TARGET(AVX3_DL)
#endif
#if HWY_TARGETS & HWY_AVX3
FASTPRIM_HWY_DECLARE_TARGET(AVX3)
#endif
#if HWY_TARGETS & HWY_AVX2
FASTPRIM_HWY_DECLARE_TARGET(AVX2)
#endif
#if HWY_TARGETS & HWY_SSSE3
FASTPRIM_HWY_DECLARE_TARGET(SSSE3)
namespace N_SSSE3 {  // the tables entered with a vzeroupper (FASTPRIM_HWY_SSSE3_AVX below)
namespace xxh64_hwy {
extern const detail::xxh64::kernels* const stream_k_avx;
extern const detail::xxh64::batch_kernels* const batch_k_avx;
}  // namespace xxh64_hwy
namespace sha_hwy {
extern const sha256_kernels* const sha256_k_avx;
extern const sha1_kernels* const sha1_k_avx;
}  // namespace sha_hwy
namespace pac_hwy {
extern const pac_kernels* const kernels_avx;
}
namespace aes_hwy {
extern const aes_kernels* const kernels_avx;
}
}  // namespace N_SSSE3
#endif
#if HWY_TARGETS & HWY_NEON
FASTPRIM_HWY_DECLARE_TARGET(NEON)
#endif
}  // namespace detail
FASTPRIM_NAMESPACE_END
#else
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "fastprim/detail/hwy-inl.hpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "fastprim/detail/hwy-inl.hpp"
#endif

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
// FASTPRIM_HWY_SSSE3_AVX: Highway's SSSE3 target is legacy SSE, and it is the one chosen on CPUs
// with AVX but not AVX2 (Sandy Bridge, Ivy Bridge, Bulldozer to Excavator, Jaguar); each of its
// tables N_SSSE3::name has a twin N_SSSE3::name##_avx whose kernels are entered with a vzeroupper
// (detail/sse_entry.hpp). A compile target with AVX binds the twin; otherwise kernels_of<P>::refine
// does, on CPUs with AVX (FASTPRIM_HWY_SSSE3_REFINE), and variant_name names it.
#if (HWY_TARGETS & HWY_SSSE3) && FASTPRIM_ARCH_X86_64
#define FASTPRIM_HWY_SSSE3_AVX 1
#if defined(__AVX__)
#define FASTPRIM_HWY_GET_SSSE3(B, name) \
  if constexpr (B == backend::hwy_ssse3) return N_SSSE3::name##_avx;
#else
#define FASTPRIM_HWY_GET_SSSE3(B, name) \
  if constexpr (B == backend::hwy_ssse3) return N_SSSE3::name;
#endif
#define FASTPRIM_HWY_SSSE3_REFINE(b, c, name) \
  if ((b) == backend::hwy_ssse3 && (c).avx) return N_SSSE3::name##_avx;
#define FASTPRIM_HWY_SSSE3_VARIANT(k, name) \
  if ((k) == N_SSSE3::name##_avx) return "vzeroupper on entry";
#else
#define FASTPRIM_HWY_SSSE3_AVX 0
#define FASTPRIM_HWY_GET_SSSE3(B, name)
#define FASTPRIM_HWY_SSSE3_REFINE(b, c, name)
#define FASTPRIM_HWY_SSSE3_VARIANT(k, name)
#endif
#if HWY_TARGETS & HWY_NEON
#define FASTPRIM_HWY_GET_NEON(B, name) \
  if constexpr (B == backend::hwy_neon) return N_NEON::name;
#else
#define FASTPRIM_HWY_GET_NEON(B, name)
#endif
#define FASTPRIM_HWY_GET(B, name)                                                               \
  FASTPRIM_HWY_GET_AVX3_DL(B, name)                                                             \
  FASTPRIM_HWY_GET_AVX3(B, name) FASTPRIM_HWY_GET_AVX2(B, name) FASTPRIM_HWY_GET_SSSE3(B, name) \
      FASTPRIM_HWY_GET_NEON(B, name)
