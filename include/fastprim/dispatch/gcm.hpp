// fastprim/dispatch/gcm.hpp: the AES-GCM registry: which backends implement GCM and in which order
// they are preferred. Included by aes_gcm.hpp; the only file that includes the GCM backends. Each
// GCM backend takes the round keys of the AES backend of the same token. Why this order:
// docs/performance.md, "AES-GCM".
#pragma once

#include "fastprim/dispatch/entry.hpp"
#include "fastprim/gcm/gcm_kernels.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {
template <>
struct kernel_type<primitive::aes_gcm> : kernel_type_is<gcm_kernels> {};
}  // namespace detail
FASTPRIM_NAMESPACE_END

// The backends and the table: not in the other TUs of the separate mode (dispatch/entry.hpp).
#if !FASTPRIM_DECLARE_ONLY

#include "fastprim/dispatch/aes_mode.hpp"
#include "fastprim/gcm/gcm_armv8_ce.hpp"
#include "fastprim/gcm/gcm_scalar.hpp"
#include "fastprim/gcm/gcm_x86_aesni.hpp"
#include "fastprim/gcm/gcm_x86_vaes.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

struct gcm_tables {
  static constexpr const gcm_kernels* scalar = &gcm::scalar::kernels;
  static constexpr const gcm_kernels* x86_vaes = FASTPRIM_IF_X86_VAES(&gcm::x86_vaes::kernels);
  static constexpr const gcm_kernels* x86_aesni = FASTPRIM_IF_X86_AESNI(&gcm::x86_aesni::kernels);
  static constexpr const gcm_kernels* x86_aesni_avx = FASTPRIM_IF_X86_AESNI(&gcm::x86_aesni::kernels_avx);
  static constexpr const gcm_kernels* armv8_ce = FASTPRIM_IF_ARMV8_CE(&gcm::armv8_ce::kernels);
};
template <>
struct kernels_of<primitive::aes_gcm> : aes_mode_registry<gcm_kernels, gcm_tables> {};

}  // namespace detail
FASTPRIM_NAMESPACE_END

FASTPRIM_DISPATCH_INSTANTIATE(primitive::aes_gcm)
#endif  // !FASTPRIM_DECLARE_ONLY
