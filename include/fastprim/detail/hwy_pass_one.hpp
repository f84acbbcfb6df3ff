// fastprim/detail/hwy_pass_one.hpp: one target of a detail/hwy_pass.hpp pass (HWY_TARGET is
// set). Highway's per-target headers are guarded by parity with HWY_TARGET_TOGGLE: a guard G lets
// its header in when defined(G) == defined(HWY_TARGET_TOGGLE), and the header flips G. Between
// targets every guard is "spent" (as after a plain #include <hwy/highway.h>). For a target whose
// ops are not defined yet, flipping the toggle re-arms every guard; for one already defined, only
// set_macros-inl.h runs again, so that HWY_NAMESPACE and HWY_ATTR select this target.
// No include guard: included once per target per pass.
#if 0
#elif HWY_TARGET == HWY_EMU128
#ifdef FASTPRIM_HWY_OPS_EMU128
#define FASTPRIM_HWY_REVISIT 1
#else
#define FASTPRIM_HWY_OPS_EMU128
#define FASTPRIM_HWY_REVISIT 0
#endif
#elif HWY_TARGET == HWY_SCALAR
#ifdef FASTPRIM_HWY_OPS_SCALAR
#define FASTPRIM_HWY_REVISIT 1
#else
#define FASTPRIM_HWY_OPS_SCALAR
#define FASTPRIM_HWY_REVISIT 0
#endif
#elif HWY_TARGET == HWY_NEON
#ifdef FASTPRIM_HWY_OPS_NEON
#define FASTPRIM_HWY_REVISIT 1
#else
#define FASTPRIM_HWY_OPS_NEON
#define FASTPRIM_HWY_REVISIT 0
#endif
#elif HWY_TARGET == HWY_SVE
#ifdef FASTPRIM_HWY_OPS_SVE
#define FASTPRIM_HWY_REVISIT 1
#else
#define FASTPRIM_HWY_OPS_SVE
#define FASTPRIM_HWY_REVISIT 0
#endif
#elif HWY_TARGET == HWY_SVE2
#ifdef FASTPRIM_HWY_OPS_SVE2
#define FASTPRIM_HWY_REVISIT 1
#else
#define FASTPRIM_HWY_OPS_SVE2
#define FASTPRIM_HWY_REVISIT 0
#endif
#elif HWY_TARGET == HWY_SVE_256
#ifdef FASTPRIM_HWY_OPS_SVE_256
#define FASTPRIM_HWY_REVISIT 1
#else
#define FASTPRIM_HWY_OPS_SVE_256
#define FASTPRIM_HWY_REVISIT 0
#endif
#elif HWY_TARGET == HWY_SVE2_128
#ifdef FASTPRIM_HWY_OPS_SVE2_128
#define FASTPRIM_HWY_REVISIT 1
#else
#define FASTPRIM_HWY_OPS_SVE2_128
#define FASTPRIM_HWY_REVISIT 0
#endif
#elif HWY_TARGET == HWY_SSSE3
#ifdef FASTPRIM_HWY_OPS_SSSE3
#define FASTPRIM_HWY_REVISIT 1
#else
#define FASTPRIM_HWY_OPS_SSSE3
#define FASTPRIM_HWY_REVISIT 0
#endif
#elif HWY_TARGET == HWY_SSE4
#ifdef FASTPRIM_HWY_OPS_SSE4
#define FASTPRIM_HWY_REVISIT 1
#else
#define FASTPRIM_HWY_OPS_SSE4
#define FASTPRIM_HWY_REVISIT 0
#endif
#elif HWY_TARGET == HWY_AVX2
#ifdef FASTPRIM_HWY_OPS_AVX2
#define FASTPRIM_HWY_REVISIT 1
#else
#define FASTPRIM_HWY_OPS_AVX2
#define FASTPRIM_HWY_REVISIT 0
#endif
#elif HWY_TARGET == HWY_AVX3
#ifdef FASTPRIM_HWY_OPS_AVX3
#define FASTPRIM_HWY_REVISIT 1
#else
#define FASTPRIM_HWY_OPS_AVX3
#define FASTPRIM_HWY_REVISIT 0
#endif
#elif HWY_TARGET == HWY_AVX3_DL
#ifdef FASTPRIM_HWY_OPS_AVX3_DL
#define FASTPRIM_HWY_REVISIT 1
#else
#define FASTPRIM_HWY_OPS_AVX3_DL
#define FASTPRIM_HWY_REVISIT 0
#endif
#else
#error "fastprim: a Highway target detail/hwy_pass.hpp does not know"
#endif

#if FASTPRIM_HWY_REVISIT
// set_macros-inl.h re-defines the target macros on every inclusion (only its guard is toggled).
#include <hwy/ops/set_macros-inl.h>
#elif defined(HWY_HIGHWAY_PER_TARGET) != defined(HWY_TARGET_TOGGLE)
#ifdef HWY_TARGET_TOGGLE
#undef HWY_TARGET_TOGGLE
#else
#define HWY_TARGET_TOGGLE
#endif
#endif
#undef FASTPRIM_HWY_REVISIT

#include <hwy/highway.h>
#include FASTPRIM_HWY_PASS_FILE
