// fastprim/detail/config.hpp: the one place that defines fastprim's macros: compiler and
// architecture detection, ISA target attributes, what each backend needs to be compiled in,
// which backends the compile target already guarantees, and the ABI-tagged namespace.
#pragma once

#include <cstddef>
#include <cstdint>

// Highway configuration: must precede every Highway include, ours or the user's. The build
// system puts the same definitions on the command line (meson compile_args, pkg-config Cflags)
// so that a user header including <hwy/highway.h> first still agrees.
#ifndef HWY_WANT_AVX3_DL
#define HWY_WANT_AVX3_DL 1
#endif
// SSE4 adds nothing over x86_aesni and SSSE3 for our kernels; SVE targets are not used (qemu
// and the NEON target cover aarch64). Dropping them halves foreach_target's compile cost.
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_SSE4 + HWY_SVE + HWY_SVE2 + HWY_SVE_256 + HWY_SVE2_128)
#endif
#include <hwy/detect_targets.h>

// ---- compiler and architecture ---------------------------------------------------------------
#if defined(__clang__)
#define FASTPRIM_CLANG 1
#elif defined(__GNUC__)
#define FASTPRIM_GCC 1
#endif
#if !defined(__GNUC__)
#error "fastprim needs g++ or clang++ (GNU attributes and target-specific builtins)"
#endif

#if defined(__x86_64__)
#define FASTPRIM_ARCH_X86_64 1
#elif defined(__aarch64__)
#define FASTPRIM_ARCH_AARCH64 1
#endif

#define FASTPRIM_ALWAYS_INLINE inline __attribute__((always_inline))
#define FASTPRIM_NOINLINE __attribute__((noinline))
#define FASTPRIM_LIKELY(x) __builtin_expect(!!(x), 1)
#define FASTPRIM_UNLIKELY(x) __builtin_expect(!!(x), 0)

// ---- register zeroing on return (opt-in) ---------------------------------------------------------
// Define FASTPRIM_ZERO_CALL_USED_REGS=1 (meson option zero_call_used_regs) to have every
// function that touches key material, hash state or plaintext zero the registers it used before
// it returns, so that no secret outlives the call in a register (GCC's zero_call_used_regs,
// "used": the call-clobbered general and vector registers the function wrote; callee-saved ones
// are restored by the epilogue anyway). An explicit request that the compiler cannot honour
// (clang++ 14) is an error, never a silent no-op.
//
// Where the attribute goes. It acts only at a real return: on a function that is inlined, GCC
// drops it (checked with g++ 12: a zero_call_used_regs function called through a constant
// function pointer is inlined into its caller and no zeroing is left). The public API
// (aes::encrypt_ecb, sha256::update, keyed_pac::compute, ...) is inline in the user's code, so
// it cannot be the boundary; the boundary is the layer below it, which every secret passes
// through:
//   FASTPRIM_ZERO_REGS    the kernels of every backend's dispatch table (AES modes and key
//                         expansion, SHA compress and batch, PAC single/batch/qarma64, XXH64
//                         stripes and batch), the HMAC functions that hold the keyed chaining
//                         values, and the PAC key schedules and one-shot compute. It also
//                         makes them noinline, so that a call the compiler could devirtualise
//                         (a backend fixed at compile time, the constexpr tables) stays a call
//                         and the zeroing happens. Through a dispatch pointer they were out of
//                         line anyway; the zeroing build pays a direct call where a kernel
//                         was inlined before (XXH64 under 16 stripes, the PAC key schedule).
//   FASTPRIM_ZERO_REGS_INNER  the attribute alone, on helpers a kernel calls that the compiler
//                         may keep out of line (the bitsliced AES rounds, the SHA lane loops,
//                         md_batch): where they are inlined the kernel's own zeroing covers them.
// What stays in the inline API code is public (lengths, pointers, backend choice) or already
// the caller's (plaintext and output bytes it passes or receives; the CTR keystream bytes used,
// which are plaintext xor ciphertext; XXH64 inputs under 32 bytes, which have no key).
// Without the macro all of these expand to nothing: the default build's code is unchanged.
// test/zregs/check-zero-regs reads the machine code (test suite `zregs`).
#if defined(FASTPRIM_ZERO_CALL_USED_REGS) && FASTPRIM_ZERO_CALL_USED_REGS
#if defined(__has_attribute) && __has_attribute(zero_call_used_regs)
#define FASTPRIM_ZERO_REGS __attribute__((zero_call_used_regs("used"), noinline))
#define FASTPRIM_ZERO_REGS_INNER __attribute__((zero_call_used_regs("used")))
#define FASTPRIM_ZERO_REGS_ON 1
#else
#error \
    "FASTPRIM_ZERO_CALL_USED_REGS=1 asks for register zeroing, but this compiler has no zero_call_used_regs attribute (g++ >= 11 and clang++ >= 15 have it; clang++ 14 does not): remove the definition or use g++"
#endif
#else
#define FASTPRIM_ZERO_REGS
#define FASTPRIM_ZERO_REGS_INNER
#define FASTPRIM_ZERO_REGS_ON 0
#endif
// FASTPRIM_ZERO_REGS_EVEX(cond): first statement of every zeroing function that may use the
// AVX-512 registers zmm16-31 (`cond`: this function is compiled for AVX-512; only then may it
// name them). g++ 12 zeroes a function that used all 32 vector registers with vzeroall, which
// clears zmm0-15 only, and leaves zmm16-31 as they were (seen in every x86_vaes kernel and the
// AVX-512 SHA and QARMA lane kernels: round keys and message words survived the return;
// test/zregs/check-zero-regs finds it). A guard object clears them on every return path.
#if FASTPRIM_ZERO_REGS_ON
#define FASTPRIM_ZERO_REGS_EVEX(cond) \
  [[maybe_unused]] const ::fastprim::detail::zero_evex_upper<(cond)> fastprim_zero_evex_ {}
#else
#define FASTPRIM_ZERO_REGS_EVEX(cond)
#endif

// ---- ISA target attributes, one per hardware backend -------------------------------------------
// Put on functions, never on files: every backend then compiles in one plain translation unit
// and nothing widens the user's own -march.
#if FASTPRIM_ARCH_X86_64
#define FASTPRIM_TARGET_X86_AESNI __attribute__((target("sse2,ssse3,sse4.1,aes,pclmul")))
#define FASTPRIM_TARGET_X86_SHANI __attribute__((target("sse2,ssse3,sse4.1,sha")))
// The x86_shani SHA-1 variant for CPUs that also have AVX-512VL (sha1nexte off the SHA port).
#define FASTPRIM_TARGET_X86_SHANI_AVX512 __attribute__((target("sse2,ssse3,sse4.1,sha,avx512f,avx512vl")))
// The one-pass cipher + HMAC kernels (authenc/authenc_x86_aesni.hpp): AES-NI and SHA-NI together.
#define FASTPRIM_TARGET_X86_AESNI_SHANI __attribute__((target("sse2,ssse3,sse4.1,aes,pclmul,sha")))
// Only for sse_entry (detail/sse_entry.hpp): a vzeroupper in front of the legacy-SSE kernels.
#define FASTPRIM_TARGET_X86_AVX __attribute__((target("avx")))
#define FASTPRIM_TARGET_X86_VAES \
  __attribute__((                \
      target("sse2,ssse3,sse4.1,aes,pclmul,avx,avx2,avx512f,avx512vl,avx512bw,avx512dq,vaes,vpclmulqdq")))
#define FASTPRIM_HAVE_X86_AESNI 1
#define FASTPRIM_HAVE_X86_SHANI 1
#define FASTPRIM_HAVE_X86_VAES 1
#else
#define FASTPRIM_HAVE_X86_AESNI 0
#define FASTPRIM_HAVE_X86_SHANI 0
#define FASTPRIM_HAVE_X86_VAES 0
#endif

#if FASTPRIM_ARCH_AARCH64 && FASTPRIM_GCC
// g++ enables the crypto intrinsics per function.
#define FASTPRIM_TARGET_ARMV8_CE __attribute__((target("+crypto")))
#define FASTPRIM_HAVE_ARMV8_CE 1
#elif FASTPRIM_ARCH_AARCH64 && (defined(__ARM_FEATURE_CRYPTO) || defined(__ARM_FEATURE_AES))
// clang 14 hides the intrinsics unless the whole TU targets +crypto; then no attribute is needed.
#define FASTPRIM_TARGET_ARMV8_CE
#define FASTPRIM_HAVE_ARMV8_CE 1
#else
#define FASTPRIM_HAVE_ARMV8_CE 0
#endif

// ---- what the compile target already guarantees ------------------------------------------------
// A backend listed here needs no run-time check: dispatch stops its best-first table at it.
#if defined(__AES__) && defined(__PCLMUL__) && defined(__SSE4_1__)
#define FASTPRIM_STATIC_X86_AESNI 1
#else
#define FASTPRIM_STATIC_X86_AESNI 0
#endif
#if defined(__SHA__) && defined(__SSE4_1__)
#define FASTPRIM_STATIC_X86_SHANI 1
#else
#define FASTPRIM_STATIC_X86_SHANI 0
#endif
#if defined(__VAES__) && defined(__VPCLMULQDQ__) && defined(__AVX512F__) && defined(__AVX512VL__) && \
    defined(__AVX512BW__) && defined(__AVX512DQ__) && FASTPRIM_STATIC_X86_AESNI
#define FASTPRIM_STATIC_X86_VAES 1
#else
#define FASTPRIM_STATIC_X86_VAES 0
#endif
#if FASTPRIM_ARCH_AARCH64 && \
    (defined(__ARM_FEATURE_CRYPTO) || (defined(__ARM_FEATURE_AES) && defined(__ARM_FEATURE_SHA2)))
#define FASTPRIM_STATIC_ARMV8_CE 1
#else
#define FASTPRIM_STATIC_ARMV8_CE 0
#endif

// ---- ABI tag -----------------------------------------------------------------------------------
// Everything fastprim defines lives in an inline namespace named after the compile target, so
// translation units built with different -march never merge different code under one symbol
// (an inline function compiled for AVX-512 must not replace the baseline copy at link time).
#if HWY_STATIC_TARGET == HWY_AVX3_DL
#define FASTPRIM_ABI_HWY avx3dl
#elif HWY_STATIC_TARGET == HWY_AVX3
#define FASTPRIM_ABI_HWY avx3
#elif HWY_STATIC_TARGET == HWY_AVX2
#define FASTPRIM_ABI_HWY avx2
#elif HWY_STATIC_TARGET == HWY_SSE4
#define FASTPRIM_ABI_HWY sse4
#elif HWY_STATIC_TARGET == HWY_SSSE3
#define FASTPRIM_ABI_HWY ssse3
#elif HWY_STATIC_TARGET == HWY_NEON
#define FASTPRIM_ABI_HWY neon
#elif HWY_STATIC_TARGET == HWY_EMU128
#define FASTPRIM_ABI_HWY emu128
#else
#define FASTPRIM_ABI_HWY base
#endif
#define FASTPRIM_CAT7_(a, b, c, d, e, f, g) a##b##c##d##e##f##g
#define FASTPRIM_CAT7(a, b, c, d, e, f, g) FASTPRIM_CAT7_(a, b, c, d, e, f, g)
#define FASTPRIM_ABI                                                                             \
  FASTPRIM_CAT7(abi_, FASTPRIM_ABI_HWY, _, FASTPRIM_STATIC_X86_AESNI, FASTPRIM_STATIC_X86_SHANI, \
                FASTPRIM_STATIC_X86_VAES, FASTPRIM_STATIC_ARMV8_CE)

// ---- header-only or separate implementation ----------------------------------------------------
// Default: every TU that includes a primitive compiles its kernels (header-only).
// Opt-in: define FASTPRIM_SEPARATE_IMPL in every TU (build flags) and, in exactly one of them,
// FASTPRIM_IMPLEMENTATION too before including <fastprim/fastprim.hpp>. The other TUs then see
// declarations only: the public classes and the scalar code of constant expressions, no backend,
// no Highway, no dispatch engine; they call the entry points the implementation TU instantiates
// (dispatch/entry.hpp). fastprim's own tests, which look inside, define FASTPRIM_INTERNALS too:
// they get the dispatch engine and the non-Highway backends, and the Highway kernel tables as
// extern declarations.
#if defined(FASTPRIM_SEPARATE_IMPL) && !defined(FASTPRIM_IMPLEMENTATION) && !defined(FASTPRIM_INTERNALS)
#define FASTPRIM_DECLARE_ONLY 1
#else
#define FASTPRIM_DECLARE_ONLY 0
#endif
#if defined(FASTPRIM_SEPARATE_IMPL) && !defined(FASTPRIM_IMPLEMENTATION)
#define FASTPRIM_HWY_DECLARE_ONLY 1
#else
#define FASTPRIM_HWY_DECLARE_ONLY 0
#endif
// How per-target files define their kernel-table pointers: inline (default), or with external
// linkage in the implementation TU.
#if defined(FASTPRIM_SEPARATE_IMPL)
#define FASTPRIM_HWY_EXPORT extern constexpr
#else
#define FASTPRIM_HWY_EXPORT inline constexpr
#endif
// Kernel tables are constant expressions unless they live in the implementation TU.
#if FASTPRIM_HWY_DECLARE_ONLY
#define FASTPRIM_KERNELS_CONSTEXPR
#else
#define FASTPRIM_KERNELS_CONSTEXPR constexpr
#endif
// The public calls defined out of line in the implementation TU under FASTPRIM_SEPARATE_IMPL
// (the policy and the report), inline otherwise; FASTPRIM_API_DEFINE: this TU defines them.
#if defined(FASTPRIM_SEPARATE_IMPL)
#define FASTPRIM_API
#else
#define FASTPRIM_API inline
#endif
#if !defined(FASTPRIM_SEPARATE_IMPL) || defined(FASTPRIM_IMPLEMENTATION)
#define FASTPRIM_API_DEFINE 1
#else
#define FASTPRIM_API_DEFINE 0
#endif

// ---- constant-time validation ----------------------------------------------------------------------
// FASTPRIM_CT_DECLASSIFY(x): `x` (an lvalue) was computed from secrets, but the function's contract
// makes it public (a verdict its result reveals anyway), and the code is about to branch on it.
// A no-op, except in test/ct's build (FASTPRIM_CT_VALGRIND), where valgrind memcheck is told that
// `x` is defined, so that its check flags every other secret-dependent branch or address (the
// approach of BoringSSL's CONSTTIME_DECLASSIFY). Not for constant-evaluated code.
#if defined(FASTPRIM_CT_VALGRIND)
#include <valgrind/memcheck.h>
#define FASTPRIM_CT_DECLASSIFY(x) ((void)VALGRIND_MAKE_MEM_DEFINED(&(x), sizeof(x)))
#else
#define FASTPRIM_CT_DECLASSIFY(x) ((void)0)
#endif

#define FASTPRIM_NAMESPACE_BEGIN \
  namespace fastprim {           \
  inline namespace FASTPRIM_ABI {
#define FASTPRIM_NAMESPACE_END \
  }                            \
  }

// The guard behind FASTPRIM_ZERO_REGS_EVEX: nothing, or (zeroing on, x86-64) a destructor that
// clears zmm16-31. Always inlined into an AVX-512 function, the only context that may name them.
#if FASTPRIM_ZERO_REGS_ON
FASTPRIM_NAMESPACE_BEGIN
namespace detail {
template <bool On>
struct zero_evex_upper {};
#if FASTPRIM_ARCH_X86_64
template <>
struct zero_evex_upper<true> {
  FASTPRIM_ALWAYS_INLINE ~zero_evex_upper() {
    __asm__ volatile(
        "vpxord %%zmm16, %%zmm16, %%zmm16\n\tvpxord %%zmm17, %%zmm17, %%zmm17\n\t"
        "vpxord %%zmm18, %%zmm18, %%zmm18\n\tvpxord %%zmm19, %%zmm19, %%zmm19\n\t"
        "vpxord %%zmm20, %%zmm20, %%zmm20\n\tvpxord %%zmm21, %%zmm21, %%zmm21\n\t"
        "vpxord %%zmm22, %%zmm22, %%zmm22\n\tvpxord %%zmm23, %%zmm23, %%zmm23\n\t"
        "vpxord %%zmm24, %%zmm24, %%zmm24\n\tvpxord %%zmm25, %%zmm25, %%zmm25\n\t"
        "vpxord %%zmm26, %%zmm26, %%zmm26\n\tvpxord %%zmm27, %%zmm27, %%zmm27\n\t"
        "vpxord %%zmm28, %%zmm28, %%zmm28\n\tvpxord %%zmm29, %%zmm29, %%zmm29\n\t"
        "vpxord %%zmm30, %%zmm30, %%zmm30\n\tvpxord %%zmm31, %%zmm31, %%zmm31" ::
            : "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25",
              "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31", "memory");  // no store sinks below
  }
};
#endif
}  // namespace detail
FASTPRIM_NAMESPACE_END
#endif
