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

#include "fastprim/dispatch/aes_mode.hpp"
#include "fastprim/xts/xts_armv8_ce.hpp"
#include "fastprim/xts/xts_scalar.hpp"
#include "fastprim/xts/xts_x86_aesni.hpp"
#include "fastprim/xts/xts_x86_vaes.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

struct xts_tables {
  static constexpr const xts_kernels* scalar = &xts::scalar::kernels;
  static constexpr const xts_kernels* x86_vaes = FASTPRIM_IF_X86_VAES(&xts::x86_vaes::kernels);
  static constexpr const xts_kernels* x86_aesni = FASTPRIM_IF_X86_AESNI(&xts::x86_aesni::kernels);
  static constexpr const xts_kernels* x86_aesni_avx = FASTPRIM_IF_X86_AESNI(&xts::x86_aesni::kernels_avx);
  static constexpr const xts_kernels* armv8_ce = FASTPRIM_IF_ARMV8_CE(&xts::armv8_ce::kernels);
};
template <>
struct kernels_of<primitive::aes_xts> : aes_mode_registry<xts_kernels, xts_tables> {};

}  // namespace detail
FASTPRIM_NAMESPACE_END

FASTPRIM_DISPATCH_INSTANTIATE(primitive::aes_xts)
#endif  // !FASTPRIM_DECLARE_ONLY
