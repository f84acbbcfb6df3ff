// fastprim/detail/hwy_pass.hpp: compiles one algorithm's Highway per-target file once per target
// of HWY_TARGETS that it uses (FASTPRIM_HWY_PASS_TARGETS), like Highway's foreach_target.h, but so that several algorithms can each run
// their own pass in one translation unit: a TU that includes only aes.hpp parses only the AES
// kernels. Highway's foreach_target.h allows one pass per TU; this one tracks which targets'
// ops are already defined, and on a later pass re-selects such a target's macros
// (set_macros-inl.h) without redefining its ops. Usage (the dispatch registries do this):
//   #define FASTPRIM_HWY_PASS_FILE "fastprim/<alg>/<alg>_hwy-inl.hpp"
//   #define FASTPRIM_HWY_PASS_TARGETS (HWY_SSSE3 | HWY_AVX2)   // the targets its table names
//   #include "fastprim/detail/hwy_pass.hpp"
// The per-target file has no toggle guard: each pass includes it exactly once per target, and
// each registry runs its pass once (#pragma once). The static target comes last, so that after
// a pass HWY_TARGET and HWY_NAMESPACE are the static target's, as after foreach_target.h.
// A TU that includes fastprim cannot run its own foreach_target.h; <hwy/highway.h> is fine.
// No include guard: included once per pass.
#include "fastprim/detail/config.hpp"

#ifndef FASTPRIM_HWY_PASS_FILE
#error "define FASTPRIM_HWY_PASS_FILE (the per-target file) before including detail/hwy_pass.hpp"
#endif
#ifndef FASTPRIM_HWY_PASS_TARGETS
#error "define FASTPRIM_HWY_PASS_TARGETS (the Highway targets the registry uses) before including detail/hwy_pass.hpp"
#endif

// The first pass in a TU: if the user included <hwy/highway.h> before fastprim, the static
// target's ops exist already.
#ifndef FASTPRIM_HWY_PASS_STARTED
#define FASTPRIM_HWY_PASS_STARTED
#ifdef HWY_HIGHWAY_INCLUDED
#define FASTPRIM_HWY_STATIC_DONE_BEFORE 1
#else
#define FASTPRIM_HWY_STATIC_DONE_BEFORE 0
#endif
#if FASTPRIM_HWY_STATIC_DONE_BEFORE && HWY_STATIC_TARGET == HWY_EMU128
#define FASTPRIM_HWY_OPS_EMU128
#endif
#if FASTPRIM_HWY_STATIC_DONE_BEFORE && HWY_STATIC_TARGET == HWY_SCALAR
#define FASTPRIM_HWY_OPS_SCALAR
#endif
#if FASTPRIM_HWY_STATIC_DONE_BEFORE && HWY_STATIC_TARGET == HWY_NEON
#define FASTPRIM_HWY_OPS_NEON
#endif
#if FASTPRIM_HWY_STATIC_DONE_BEFORE && HWY_STATIC_TARGET == HWY_SVE
#define FASTPRIM_HWY_OPS_SVE
#endif
#if FASTPRIM_HWY_STATIC_DONE_BEFORE && HWY_STATIC_TARGET == HWY_SVE2
#define FASTPRIM_HWY_OPS_SVE2
#endif
#if FASTPRIM_HWY_STATIC_DONE_BEFORE && HWY_STATIC_TARGET == HWY_SVE_256
#define FASTPRIM_HWY_OPS_SVE_256
#endif
#if FASTPRIM_HWY_STATIC_DONE_BEFORE && HWY_STATIC_TARGET == HWY_SVE2_128
#define FASTPRIM_HWY_OPS_SVE2_128
#endif
#if FASTPRIM_HWY_STATIC_DONE_BEFORE && HWY_STATIC_TARGET == HWY_SSSE3
#define FASTPRIM_HWY_OPS_SSSE3
#endif
#if FASTPRIM_HWY_STATIC_DONE_BEFORE && HWY_STATIC_TARGET == HWY_SSE4
#define FASTPRIM_HWY_OPS_SSE4
#endif
#if FASTPRIM_HWY_STATIC_DONE_BEFORE && HWY_STATIC_TARGET == HWY_AVX2
#define FASTPRIM_HWY_OPS_AVX2
#endif
#if FASTPRIM_HWY_STATIC_DONE_BEFORE && HWY_STATIC_TARGET == HWY_AVX3
#define FASTPRIM_HWY_OPS_AVX3
#endif
#if FASTPRIM_HWY_STATIC_DONE_BEFORE && HWY_STATIC_TARGET == HWY_AVX3_DL
#define FASTPRIM_HWY_OPS_AVX3_DL
#endif
#endif

#if (HWY_TARGETS & FASTPRIM_HWY_PASS_TARGETS & HWY_EMU128) && HWY_STATIC_TARGET != HWY_EMU128
#undef HWY_TARGET
#define HWY_TARGET HWY_EMU128
#include "fastprim/detail/hwy_pass_one.hpp"
#endif
#if (HWY_TARGETS & FASTPRIM_HWY_PASS_TARGETS & HWY_SCALAR) && HWY_STATIC_TARGET != HWY_SCALAR
#undef HWY_TARGET
#define HWY_TARGET HWY_SCALAR
#include "fastprim/detail/hwy_pass_one.hpp"
#endif
#if (HWY_TARGETS & FASTPRIM_HWY_PASS_TARGETS & HWY_NEON) && HWY_STATIC_TARGET != HWY_NEON
#undef HWY_TARGET
#define HWY_TARGET HWY_NEON
#include "fastprim/detail/hwy_pass_one.hpp"
#endif
#if (HWY_TARGETS & FASTPRIM_HWY_PASS_TARGETS & HWY_SVE) && HWY_STATIC_TARGET != HWY_SVE
#undef HWY_TARGET
#define HWY_TARGET HWY_SVE
#include "fastprim/detail/hwy_pass_one.hpp"
#endif
#if (HWY_TARGETS & FASTPRIM_HWY_PASS_TARGETS & HWY_SVE2) && HWY_STATIC_TARGET != HWY_SVE2
#undef HWY_TARGET
#define HWY_TARGET HWY_SVE2
#include "fastprim/detail/hwy_pass_one.hpp"
#endif
#if (HWY_TARGETS & FASTPRIM_HWY_PASS_TARGETS & HWY_SVE_256) && HWY_STATIC_TARGET != HWY_SVE_256
#undef HWY_TARGET
#define HWY_TARGET HWY_SVE_256
#include "fastprim/detail/hwy_pass_one.hpp"
#endif
#if (HWY_TARGETS & FASTPRIM_HWY_PASS_TARGETS & HWY_SVE2_128) && HWY_STATIC_TARGET != HWY_SVE2_128
#undef HWY_TARGET
#define HWY_TARGET HWY_SVE2_128
#include "fastprim/detail/hwy_pass_one.hpp"
#endif
#if (HWY_TARGETS & FASTPRIM_HWY_PASS_TARGETS & HWY_SSSE3) && HWY_STATIC_TARGET != HWY_SSSE3
#undef HWY_TARGET
#define HWY_TARGET HWY_SSSE3
#include "fastprim/detail/hwy_pass_one.hpp"
#endif
#if (HWY_TARGETS & FASTPRIM_HWY_PASS_TARGETS & HWY_SSE4) && HWY_STATIC_TARGET != HWY_SSE4
#undef HWY_TARGET
#define HWY_TARGET HWY_SSE4
#include "fastprim/detail/hwy_pass_one.hpp"
#endif
#if (HWY_TARGETS & FASTPRIM_HWY_PASS_TARGETS & HWY_AVX2) && HWY_STATIC_TARGET != HWY_AVX2
#undef HWY_TARGET
#define HWY_TARGET HWY_AVX2
#include "fastprim/detail/hwy_pass_one.hpp"
#endif
#if (HWY_TARGETS & FASTPRIM_HWY_PASS_TARGETS & HWY_AVX3) && HWY_STATIC_TARGET != HWY_AVX3
#undef HWY_TARGET
#define HWY_TARGET HWY_AVX3
#include "fastprim/detail/hwy_pass_one.hpp"
#endif
#if (HWY_TARGETS & FASTPRIM_HWY_PASS_TARGETS & HWY_AVX3_DL) && HWY_STATIC_TARGET != HWY_AVX3_DL
#undef HWY_TARGET
#define HWY_TARGET HWY_AVX3_DL
#include "fastprim/detail/hwy_pass_one.hpp"
#endif
#undef HWY_TARGET
#define HWY_TARGET HWY_STATIC_TARGET
#include "fastprim/detail/hwy_pass_one.hpp"

#undef FASTPRIM_HWY_PASS_FILE
#undef FASTPRIM_HWY_PASS_TARGETS
