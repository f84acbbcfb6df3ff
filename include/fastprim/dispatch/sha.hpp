// fastprim/dispatch/sha.hpp: the SHA-1 and SHA-256 registry, for one stream and for batches of
// independent messages: which backends implement them, in which order they are preferred per
// tuning, and their variants. Included by sha1.hpp and sha256.hpp; the only file that includes
// the SHA backends. Why these orders and variants: docs/performance.md, "SHA".
#pragma once

#include "fastprim/dispatch/entry.hpp"
#include "fastprim/sha/sha1_scalar.hpp"
#include "fastprim/sha/sha256_scalar.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {
template <>
struct kernel_type<primitive::sha1> : kernel_type_is<sha1_kernels> {};
template <>
struct kernel_type<primitive::sha256> : kernel_type_is<sha256_kernels> {};
template <>
struct kernel_type<primitive::sha1_batch> : kernel_type_is<sha1_kernels> {};
template <>
struct kernel_type<primitive::sha256_batch> : kernel_type_is<sha256_kernels> {};
}  // namespace detail
FASTPRIM_NAMESPACE_END

// The backends and the table: not in the other TUs of the separate mode (dispatch/entry.hpp).
#if !FASTPRIM_DECLARE_ONLY

#include <span>
#include <type_traits>

#include "fastprim/backend.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/hwy_get.hpp"
#include "fastprim/dispatch.hpp"
#include "fastprim/sha/sha1_armv8_ce.hpp"
#include "fastprim/sha/sha1_scalar.hpp"
#include "fastprim/sha/sha1_x86_shani.hpp"
#include "fastprim/sha/sha256_armv8_ce.hpp"
#include "fastprim/sha/sha256_scalar.hpp"
#include "fastprim/sha/sha256_x86_shani.hpp"
#include "fastprim/sha/sha_x86_shani_batch.hpp"

// The Highway backends: batches with one message per SIMD lane.
#if FASTPRIM_HWY_DECLARE_ONLY
FASTPRIM_HWY_DECLARE(sha, extern const sha256_kernels* const sha256_k;
                     extern const sha256_kernels* const sha256_k_chain;
                     extern const sha1_kernels* const sha1_k;)
FASTPRIM_HWY_DECLARE_SSSE3_AVX(sha, extern const sha256_kernels* const sha256_k_avx;
                               extern const sha1_kernels* const sha1_k_avx;)
#else
#define FASTPRIM_HWY_PASS_FILE "fastprim/sha/sha_hwy-inl.hpp"
// No AVX3_DL pass: the lanes use nothing of VBMI, VAES or GFNI, so AVX3's code runs there alike and
// a fourth x86 target would cost every including TU Highway's ops once more (docs/performance.md).
#define FASTPRIM_HWY_PASS_TARGETS (HWY_SSSE3 | HWY_AVX2 | HWY_AVX3 | HWY_NEON)
#include "fastprim/detail/hwy_pass.hpp"
#endif

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

// One stream: the SHA instructions, else portable code (SIMD lanes cannot speed up one chain).
inline constexpr backend sha_stream_order[] = {backend::x86_shani, backend::armv8_ce, backend::scalar};

// The single-stream tables of backend B (their batch entry is the same backend's batch).
template <class T, backend B>
constexpr const T* sha_stream_get() noexcept {
  constexpr bool one = std::is_same_v<T, sha1_kernels>;
  if constexpr (B == backend::scalar) {
    if constexpr (one)
      return sha::scalar::sha1_get();
    else
      return sha::scalar::sha256_get();
  }
#if FASTPRIM_HAVE_X86_SHANI
  // A compile target with AVX-512VL or AVX binds that variant directly (see refine).
  if constexpr (B == backend::x86_shani) {
#if defined(__AVX512F__) && defined(__AVX512VL__)
    if constexpr (one)
      return sha::x86_shani::sha1_get_avx512();
    else
      return sha::x86_shani::sha256_get_avx512();
#elif defined(__AVX__)
    if constexpr (one)
      return sha::x86_shani::sha1_get_avx();
    else
      return sha::x86_shani::sha256_get_avx();
#else
    if constexpr (one)
      return sha::x86_shani::sha1_get();
    else
      return sha::x86_shani::sha256_get();
#endif
  }
#endif
#if FASTPRIM_HAVE_ARMV8_CE
  if constexpr (B == backend::armv8_ce) {
    if constexpr (one)
      return sha::armv8_ce::sha1_get();
    else
      return sha::armv8_ce::sha256_get();
  }
#endif
  return nullptr;
}

// What the one-stream registries of SHA-1 and SHA-256 share.
template <class T>
struct sha_stream_registry {
  using type = T;
  static constexpr std::span<const backend> order = sha_stream_order;
  template <backend B>
  static constexpr const type* get() noexcept {
    return sha_stream_get<type, B>();
  }
};

template <>
struct kernels_of<primitive::sha256> : sha_stream_registry<sha256_kernels> {
  // x86_shani on a CPU with AVX-512VL: the batch's interleaved streams compiled for AVX-512VL
  // (three-operand forms, xmm16-31); the single stream is the same. On any CPU with AVX the
  // kernels are entered with a vzeroupper (detail/sse_entry.hpp).
  static const type* refine([[maybe_unused]] backend b, [[maybe_unused]] const cpu_caps& c,
                            const type* k) noexcept {
#if FASTPRIM_HAVE_X86_SHANI
    if (b == backend::x86_shani && c.avx512f && c.avx512vl) return sha::x86_shani::sha256_get_avx512();
    if (b == backend::x86_shani && c.avx) return sha::x86_shani::sha256_get_avx();
#endif
    return k;
  }
  static const char* variant_name([[maybe_unused]] const type* k) noexcept {
#if FASTPRIM_HAVE_X86_SHANI
    if (k == sha::x86_shani::sha256_get_avx512() || k == sha::x86_shani::sha256_get_avx())
      return "vzeroupper on entry";
#endif
    return nullptr;
  }
};

template <>
struct kernels_of<primitive::sha1> : sha_stream_registry<sha1_kernels> {
  // x86_shani on a CPU with AVX-512VL: the batch's lanes compiled for AVX-512VL; on Intel also
  // the single stream with sha1nexte off the SHA port and a shorter sha1msg2 chain (on Intel
  // every SHA instruction shares sha1rnds4's port; AMD's do not, so AMD keeps sha1nexte). On
  // any CPU with AVX the kernels are entered with a vzeroupper (detail/sse_entry.hpp).
  static const type* refine([[maybe_unused]] backend b, [[maybe_unused]] const cpu_caps& c,
                            const type* k) noexcept {
#if FASTPRIM_HAVE_X86_SHANI
    if (b == backend::x86_shani && c.avx512f && c.avx512vl)
      return tuning_of(c) == cpu_tuning::intel ? sha::x86_shani::sha1_get_avx512()
                                               : sha::x86_shani::sha1_get_avx512_batch();
    if (b == backend::x86_shani && c.avx) return sha::x86_shani::sha1_get_avx();
#endif
    return k;
  }
  static const char* variant_name([[maybe_unused]] const type* k) noexcept {
#if FASTPRIM_HAVE_X86_SHANI
    if (k == sha::x86_shani::sha1_get_avx512())
      return "AVX-512VL sha1nexte and sha1msg2, vzeroupper on entry";
    if (k == sha::x86_shani::sha1_get_avx512_batch() || k == sha::x86_shani::sha1_get_avx())
      return "vzeroupper on entry";
#endif
    return nullptr;
  }
};

template <>
struct kernels_of<primitive::sha256_batch> {
  using type = sha256_kernels;
  // Interleaved SHA-NI streams first where sha256rnds2 issues every cycle (Zen 3, Zen 4); where
  // SHA-NI is missing, SIMD lanes before one ARM stream.
  static constexpr backend order[] = {backend::x86_shani, backend::hwy_avx3, backend::armv8_ce,
                                      backend::hwy_avx2,  backend::hwy_neon, backend::hwy_ssse3,
                                      backend::scalar};
  // Intel (sha256rnds2 every 3 cycles) and Zen 5 (every 2, with full-width AVX-512): the
  // AVX-512 lanes win.
  static constexpr backend order_lanes_first[] = {backend::hwy_avx3, backend::x86_shani, backend::armv8_ce,
                                                  backend::hwy_avx2, backend::hwy_neon,  backend::hwy_ssse3,
                                                  backend::scalar};
  static constexpr std::span<const backend> order_for(cpu_tuning t) noexcept {
    if (t == cpu_tuning::intel || t == cpu_tuning::amd_zen5) return order_lanes_first;
    return order;
  }
  template <backend B>
  static constexpr const type* get() noexcept {
    if constexpr (B == backend::scalar || B == backend::x86_shani || B == backend::armv8_ce) {
      return sha_stream_get<type, B>();
    } else {
      FASTPRIM_HWY_GET_BELOW_AVX3_DL(B, sha, sha256_k)
      return nullptr;
    }
  }
  // hwy_ssse3 on a CPU with AVX: the batch entered with a vzeroupper. On Zen 5 the AVX-512
  // lanes with their rounds associated for the e chain (sha_hwy-inl.hpp, sha256_rounds).
  static const type* refine(backend b, const cpu_caps& c, const type* k) noexcept {
    FASTPRIM_HWY_SSSE3_REFINE(b, c, sha, sha256_k)
    if (tuning_of(c) == cpu_tuning::amd_zen5) {
#if HWY_TARGETS & HWY_AVX3
      if (b == backend::hwy_avx3) return sha::N_AVX3::sha256_k_chain;
#endif
    }
    return kernels_of<primitive::sha256>::refine(b, c, k);
  }
  static const char* variant_name([[maybe_unused]] const type* k) noexcept {
    FASTPRIM_HWY_SSSE3_VARIANT(k, sha, sha256_k)
#if HWY_TARGETS & HWY_AVX3
    if (k == sha::N_AVX3::sha256_k_chain) return "rounds associated for the e chain";
#endif
#if FASTPRIM_HAVE_X86_SHANI
    if (k == sha::x86_shani::sha256_get_avx512()) return "AVX-512VL lanes, vzeroupper on entry";
    if (k == sha::x86_shani::sha256_get_avx()) return "vzeroupper on entry";
#endif
    return nullptr;
  }
};

template <>
struct kernels_of<primitive::sha1_batch> {
  using type = sha1_kernels;
  // sha1rnds4 issues every 2 cycles on Zen 4 and every 3 on Intel: the AVX-512 lanes win on
  // both; below AVX-512, SHA-NI first.
  static constexpr backend order[] = {backend::hwy_avx3, backend::x86_shani, backend::armv8_ce,
                                      backend::hwy_avx2, backend::hwy_neon,  backend::hwy_ssse3,
                                      backend::scalar};
  template <backend B>
  static constexpr const type* get() noexcept {
    if constexpr (B == backend::scalar || B == backend::x86_shani || B == backend::armv8_ce) {
      return sha_stream_get<type, B>();
    } else {
      FASTPRIM_HWY_GET_BELOW_AVX3_DL(B, sha, sha1_k)
      return nullptr;
    }
  }
  // hwy_ssse3 on a CPU with AVX: the batch entered with a vzeroupper.
  static const type* refine(backend b, const cpu_caps& c, const type* k) noexcept {
    FASTPRIM_HWY_SSSE3_REFINE(b, c, sha, sha1_k)
    return kernels_of<primitive::sha1>::refine(b, c, k);
  }
  static const char* variant_name([[maybe_unused]] const type* k) noexcept {
    FASTPRIM_HWY_SSSE3_VARIANT(k, sha, sha1_k)
#if FASTPRIM_HAVE_X86_SHANI
    if (k == sha::x86_shani::sha1_get_avx512() || k == sha::x86_shani::sha1_get_avx512_batch())
      return "AVX-512VL lanes, vzeroupper on entry";
    if (k == sha::x86_shani::sha1_get_avx()) return "vzeroupper on entry";
#endif
    return nullptr;
  }
};

}  // namespace detail
FASTPRIM_NAMESPACE_END

FASTPRIM_DISPATCH_INSTANTIATE(primitive::sha1)
FASTPRIM_DISPATCH_INSTANTIATE(primitive::sha256)
FASTPRIM_DISPATCH_INSTANTIATE(primitive::sha1_batch)
FASTPRIM_DISPATCH_INSTANTIATE(primitive::sha256_batch)
#endif  // !FASTPRIM_DECLARE_ONLY
