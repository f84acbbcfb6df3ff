// fastprim/dispatch/authenc.hpp: the registry of the cipher + HMAC modes (authenc.hpp): per AES
// backend, its XTS and AES tables and its one-pass CBC + SHA kernels, and when a key takes the
// one-pass kernel. The AES backends in the order of every AES mode (dispatch/aes_mode.hpp); why:
// docs/performance.md, "authenc".
#pragma once

#include <cstddef>

#include "fastprim/authenc/authenc_kernels.hpp"
#include "fastprim/dispatch/entry.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {
template <>
struct kernel_type<primitive::authenc> : kernel_type_is<authenc_kernels> {};

}  // namespace detail
FASTPRIM_NAMESPACE_END

// The backends and the table: not in the other TUs of the separate mode (dispatch/entry.hpp).
#if !FASTPRIM_DECLARE_ONLY

#include "fastprim/authenc/authenc_x86_aesni.hpp"
#include "fastprim/dispatch/aes_mode.hpp"
#include "fastprim/dispatch/xts.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

namespace authenc {
inline constexpr authenc_kernels scalar{&xts::scalar::kernels, {}, {}};
#if FASTPRIM_HAVE_ARMV8_CE
inline constexpr authenc_kernels armv8_ce{&xts::armv8_ce::kernels, {}, {}};
#endif
#if FASTPRIM_HAVE_X86_AESNI && FASTPRIM_HAVE_X86_SHANI
inline constexpr authenc_kernels x86_aesni_tab = x86_aesni::make_kernels(&xts::x86_aesni::kernels);
inline constexpr authenc_kernels x86_aesni_avx_tab =
    x86_aesni::make_kernels_avx(&xts::x86_aesni::kernels_avx);
// CBC encryption is the same serial aesenc chain at any width: x86_vaes takes the AES-NI kernels.
inline constexpr authenc_kernels x86_vaes_tab = x86_aesni::make_kernels_avx(&xts::x86_vaes::kernels);
#endif
}  // namespace authenc

struct authenc_tables {
  static constexpr const authenc_kernels* scalar = &authenc::scalar;
  static constexpr const authenc_kernels* x86_vaes = FASTPRIM_IF_X86_VAES(&authenc::x86_vaes_tab);
  static constexpr const authenc_kernels* x86_aesni = FASTPRIM_IF_X86_AESNI(&authenc::x86_aesni_tab);
  static constexpr const authenc_kernels* x86_aesni_avx = FASTPRIM_IF_X86_AESNI(&authenc::x86_aesni_avx_tab);
  static constexpr const authenc_kernels* armv8_ce = FASTPRIM_IF_ARMV8_CE(&authenc::armv8_ce);
};
template <>
struct kernels_of<primitive::authenc> : aes_mode_registry<authenc_kernels, authenc_tables> {};

}  // namespace detail
FASTPRIM_NAMESPACE_END

FASTPRIM_DISPATCH_INSTANTIATE(primitive::authenc)
#endif  // !FASTPRIM_DECLARE_ONLY

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

// The one-pass CBC + hash kernel a key of `rounds` binds, or nullptr (cipher then hash, a chunk at
// a time). The one-pass kernels compute the hash with SHA-NI, so they are taken only when the
// hash's own dispatch chose x86_shani: never on a CPU without SHA-NI, and never against a forced
// or disabled backend.
template <primitive HashP>
cbc_hash_fn one_pass_kernel(const authenc_kernels& k, std::uint32_t rounds) noexcept {
  static_assert(HashP == primitive::sha1 || HashP == primitive::sha256);
  const cbc_hash_fn f = (HashP == primitive::sha1 ? k.cbc_sha1 : k.cbc_sha256)[rounds_index(rounds)];
  if (f == nullptr || select<HashP>().token != backend::x86_shani) return nullptr;
  return f;
}

}  // namespace detail
FASTPRIM_NAMESPACE_END
