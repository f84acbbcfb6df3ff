// fastprim/dispatch/aes_mode.hpp: the registry shape every mode built on AES shares (GCM, XTS): the
// AES-instruction backends widest first, then the portable code, and x86_aesni's vzeroupper
// variant on a CPU with AVX. A mode's registry (dispatch/gcm.hpp, dispatch/xts.hpp) names its
// tables in a struct T with the static members scalar, x86_vaes, x86_aesni, x86_aesni_avx and
// armv8_ce (nullptr where this build has no such backend: FASTPRIM_IF_<TOKEN>).
// Why this order: docs/performance.md, "AES-GCM" and "AES-XTS".
#pragma once

#include "fastprim/backend.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/dispatch.hpp"

#if FASTPRIM_HAVE_X86_VAES
#define FASTPRIM_IF_X86_VAES(table) (table)
#else
#define FASTPRIM_IF_X86_VAES(table) nullptr
#endif
#if FASTPRIM_HAVE_X86_AESNI
#define FASTPRIM_IF_X86_AESNI(table) (table)
#else
#define FASTPRIM_IF_X86_AESNI(table) nullptr
#endif
#if FASTPRIM_HAVE_ARMV8_CE
#define FASTPRIM_IF_ARMV8_CE(table) (table)
#else
#define FASTPRIM_IF_ARMV8_CE(table) nullptr
#endif

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

template <class K, class T>
struct aes_mode_registry {
  using type = K;
  static constexpr backend order[] = {backend::x86_vaes, backend::x86_aesni, backend::armv8_ce,
                                      backend::scalar};

  template <backend B>
  static constexpr const type* get() noexcept {
    if constexpr (B == backend::scalar) return T::scalar;
    if constexpr (B == backend::x86_vaes) return T::x86_vaes;
    if constexpr (B == backend::armv8_ce) return T::armv8_ce;
      // A compile target with AVX binds the variant at once; otherwise refine() picks it at run time.
#if defined(__AVX__)
    if constexpr (B == backend::x86_aesni) return T::x86_aesni_avx;
#else
    if constexpr (B == backend::x86_aesni) return T::x86_aesni;
#endif
    return nullptr;
  }
  // x86_aesni on a CPU with AVX: the kernels entered with a vzeroupper (detail/sse_entry.hpp).
  static const type* refine(backend b, const cpu_caps& c, const type* k) noexcept {
    if (b == backend::x86_aesni && c.avx && T::x86_aesni_avx != nullptr) return T::x86_aesni_avx;
    return k;
  }
  static const char* variant_name(const type* k) noexcept {
    if (k != nullptr && k == T::x86_aesni_avx) return "vzeroupper on entry";
    return nullptr;
  }
};

}  // namespace detail
FASTPRIM_NAMESPACE_END
