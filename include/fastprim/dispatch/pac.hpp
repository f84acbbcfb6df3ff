// fastprim/dispatch/pac.hpp: the ComputePAC registry (QARMA5, QARMA3, impdef; single calls and
// batches): which backends implement it, in which order they are preferred per tuning, and their
// variants. Included by pac/compute.hpp; the only file that includes the PAC backends. Why these
// orders: docs/performance.md, "PAC".
#pragma once

#include "fastprim/dispatch/entry.hpp"
#include "fastprim/pac/pac_scalar.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {
template <>
struct kernel_type<primitive::pac> : kernel_type_is<pac_kernels> {};
}  // namespace detail
FASTPRIM_NAMESPACE_END

// The backends and the table: not in the other TUs of the separate mode (dispatch/entry.hpp).
#if !FASTPRIM_DECLARE_ONLY

#include <span>

#include "fastprim/backend.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/hwy_get.hpp"
#include "fastprim/dispatch.hpp"
#include "fastprim/pac/pac_scalar.hpp"

#if FASTPRIM_HWY_DECLARE_ONLY
FASTPRIM_HWY_DECLARE(pac, extern const pac_kernels* const kernels;)
FASTPRIM_HWY_DECLARE_SSSE3_AVX(pac, extern const pac_kernels* const kernels_avx;)
#else
#define FASTPRIM_HWY_PASS_FILE "fastprim/pac/pac_hwy-inl.hpp"
// No AVX3_DL pass: its VBMI kernels lost to AVX3's pshufb ones, so AVX3's code runs there, and a
// fourth x86 target would cost every including TU Highway's ops once more (docs/performance.md).
#define FASTPRIM_HWY_PASS_TARGETS (HWY_SSSE3 | HWY_AVX2 | HWY_AVX3 | HWY_NEON)
#include "fastprim/detail/hwy_pass.hpp"
#endif

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

template <>
struct kernels_of<primitive::pac> {
  using type = pac_kernels;
  // AVX-512 first: single calls are pshufb S-boxes and vpternlog on one xmm, batches bitsliced
  // on zmm, 512 PACs per block; then AVX2, SSSE3 and NEON, then scalar.
  static constexpr backend order[] = {backend::hwy_avx3, backend::hwy_avx2, backend::hwy_ssse3,
                                      backend::hwy_neon, backend::scalar};
  template <backend B>
  static constexpr const type* get() noexcept {
    if constexpr (B == backend::scalar) return &pac::scalar::kernels;
    FASTPRIM_HWY_GET_BELOW_AVX3_DL(B, pac, kernels)
    return nullptr;
  }
  // hwy_ssse3 on a CPU with AVX: the kernels entered with a vzeroupper (detail/sse_entry.hpp).
  static const type* refine([[maybe_unused]] backend b, [[maybe_unused]] const cpu_caps& c,
                            const type* k) noexcept {
    FASTPRIM_HWY_SSSE3_REFINE(b, c, pac, kernels)
    return k;
  }
  static const char* variant_name([[maybe_unused]] const type* k) noexcept {
    FASTPRIM_HWY_SSSE3_VARIANT(k, pac, kernels)
    return nullptr;
  }
};

}  // namespace detail
FASTPRIM_NAMESPACE_END

FASTPRIM_DISPATCH_INSTANTIATE(primitive::pac)
#endif  // !FASTPRIM_DECLARE_ONLY
