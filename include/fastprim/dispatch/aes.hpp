// fastprim/dispatch/aes.hpp: the AES registry: which backends implement AES, in which order they
// are preferred, and their variants. Included by aes.hpp; the only file that includes the AES
// backends. Why this order: docs/performance.md, "AES".
#pragma once

#include "fastprim/aes/aes_kernels.hpp"
#include "fastprim/dispatch/entry.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {
template <>
struct kernel_type<primitive::aes> : kernel_type_is<aes_kernels> {};
}  // namespace detail
FASTPRIM_NAMESPACE_END

// The backends and the table: not in the other TUs of the separate mode (dispatch/entry.hpp).
#if !FASTPRIM_DECLARE_ONLY

#include <span>

#include "fastprim/aes/aes_armv8_ce.hpp"
#include "fastprim/aes/aes_kernels.hpp"
#include "fastprim/aes/aes_scalar.hpp"
#include "fastprim/aes/aes_x86_aesni.hpp"
#include "fastprim/aes/aes_x86_vaes.hpp"
#include "fastprim/backend.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/hwy_get.hpp"
#include "fastprim/dispatch.hpp"

// The Highway backend (hwy_ssse3: vector-permute AES for x86 without AES-NI).
#if FASTPRIM_HWY_DECLARE_ONLY
FASTPRIM_HWY_DECLARE(aes, extern const aes_kernels* const kernels;)
FASTPRIM_HWY_DECLARE_SSSE3_AVX(aes, extern const aes_kernels* const kernels_avx;)
#else
#define FASTPRIM_HWY_PASS_FILE "fastprim/aes/aes_hwy-inl.hpp"
#define FASTPRIM_HWY_PASS_TARGETS (HWY_SSSE3)
#include "fastprim/detail/hwy_pass.hpp"
#endif

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

template <>
struct kernels_of<primitive::aes> {
  using type = aes_kernels;
  // VAES first (32 blocks in flight on zmm), then AES-NI (8 on xmm). Without AES instructions
  // the vector-permute hwy_ssse3 beats bitsliced scalar on the serial CBC encryption by 7x and
  // loses a little on decryption; the serial mode decides.
  static constexpr backend order[] = {backend::x86_vaes, backend::x86_aesni, backend::armv8_ce,
                                      backend::hwy_ssse3, backend::scalar};

  template <backend B>
  static constexpr const type* get() noexcept {
    if constexpr (B == backend::scalar) return &aes::scalar::kernels;
#if FASTPRIM_HAVE_X86_AESNI
#if defined(__AVX__)
    if constexpr (B == backend::x86_aesni) return &aes::x86_aesni::kernels_avx;
#else
    if constexpr (B == backend::x86_aesni) return &aes::x86_aesni::kernels;
#endif
#endif
#if FASTPRIM_HAVE_X86_VAES
    if constexpr (B == backend::x86_vaes) return &aes::x86_vaes::kernels;
#endif
#if FASTPRIM_HAVE_ARMV8_CE
    if constexpr (B == backend::armv8_ce) return &aes::armv8_ce::kernels;
#endif
    if constexpr (B == backend::hwy_ssse3) {
      FASTPRIM_HWY_GET_SSSE3(B, aes, kernels)
    }
    return nullptr;
  }
  // x86_aesni and hwy_ssse3 on a CPU with AVX: the kernels entered with a vzeroupper
  // (detail/sse_entry.hpp).
  static const type* refine([[maybe_unused]] backend b, [[maybe_unused]] const cpu_caps& c,
                            const type* k) noexcept {
#if FASTPRIM_HAVE_X86_AESNI
    if (b == backend::x86_aesni && c.avx) return &aes::x86_aesni::kernels_avx;
#endif
    FASTPRIM_HWY_SSSE3_REFINE(b, c, aes, kernels)
    return k;
  }
  static const char* variant_name([[maybe_unused]] const type* k) noexcept {
    FASTPRIM_HWY_SSSE3_VARIANT(k, aes, kernels)
#if FASTPRIM_HAVE_X86_AESNI
    if (k == &aes::x86_aesni::kernels_avx) return "vzeroupper on entry";
#endif
    return nullptr;
  }
};

}  // namespace detail
FASTPRIM_NAMESPACE_END

FASTPRIM_DISPATCH_INSTANTIATE(primitive::aes)
#endif  // !FASTPRIM_DECLARE_ONLY
