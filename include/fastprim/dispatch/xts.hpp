// fastprim/dispatch/xts.hpp: the AES-XTS registry: which backends implement XTS and in which order
// they are preferred. Included by aes_xts.hpp; the only file that includes the XTS backends. Each
// XTS backend takes the round keys of the AES backend of the same token. Why this order:
// docs/performance.md, "AES-XTS".
#pragma once

#include "fastprim/dispatch/entry.hpp"
#include "fastprim/xts/xts_kernels.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {
template <>
struct kernel_type<primitive::aes_xts> : kernel_type_is<xts_kernels> {};
}  // namespace detail
FASTPRIM_NAMESPACE_END

// The backends and the table: not in the other TUs of the separate mode (dispatch/entry.hpp).
#if !FASTPRIM_DECLARE_ONLY

#include "fastprim/backend.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/dispatch.hpp"
#include "fastprim/xts/xts_armv8_ce.hpp"
#include "fastprim/xts/xts_scalar.hpp"
#include "fastprim/xts/xts_x86_aesni.hpp"
#include "fastprim/xts/xts_x86_vaes.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

template <>
struct kernels_of<primitive::aes_xts> {
  using type = xts_kernels;
  // The widest AES unit first: VAES (zmm), then AES-NI (xmm), ARMv8 AESE/AESMC, and the portable
  // constant-time code.
  static constexpr backend order[] = {backend::x86_vaes, backend::x86_aesni, backend::armv8_ce,
                                      backend::scalar};

  template <backend B>
  static constexpr const type* get() noexcept {
    if constexpr (B == backend::scalar) return &xts::scalar::kernels;
#if FASTPRIM_HAVE_X86_VAES
    if constexpr (B == backend::x86_vaes) return &xts::x86_vaes::kernels;
#endif
#if FASTPRIM_HAVE_ARMV8_CE
    if constexpr (B == backend::armv8_ce) return &xts::armv8_ce::kernels;
#endif
#if FASTPRIM_HAVE_X86_AESNI
#if defined(__AVX__)
    if constexpr (B == backend::x86_aesni) return &xts::x86_aesni::kernels_avx;
#else
    if constexpr (B == backend::x86_aesni) return &xts::x86_aesni::kernels;
#endif
#endif
    return nullptr;
  }
  // x86_aesni on a CPU with AVX: the kernels entered with a vzeroupper (detail/sse_entry.hpp).
  static const type* refine([[maybe_unused]] backend b, [[maybe_unused]] const cpu_caps& c,
                            const type* k) noexcept {
#if FASTPRIM_HAVE_X86_AESNI
    if (b == backend::x86_aesni && c.avx) return &xts::x86_aesni::kernels_avx;
#endif
    return k;
  }
  static const char* variant_name([[maybe_unused]] const type* k) noexcept {
#if FASTPRIM_HAVE_X86_AESNI
    if (k == &xts::x86_aesni::kernels_avx) return "vzeroupper on entry";
#endif
    return nullptr;
  }
};

}  // namespace detail
FASTPRIM_NAMESPACE_END

FASTPRIM_DISPATCH_INSTANTIATE(primitive::aes_xts)
#endif  // !FASTPRIM_DECLARE_ONLY
