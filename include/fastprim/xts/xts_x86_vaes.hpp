// Constant-time: yes (hardware AES; the tweak is multiplied by alpha with a mask, no branch).
// fastprim/xts/xts_x86_vaes.hpp: AES-XTS on x86-64 VAES + AVX-512: the generic kernel
// (xts_kernels.hpp) over the VAES ECB kernels.
#pragma once

#include "fastprim/aes/aes_x86_vaes.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/xts/xts_kernels.hpp"

#if FASTPRIM_HAVE_X86_VAES
FASTPRIM_NAMESPACE_BEGIN
namespace detail::xts::x86_vaes {

template <int R>
inline constexpr xts_mode_kernels modes{&xts_generic<aes::x86_vaes::modes<R>.encrypt_ecb>,
                                        &xts_generic<aes::x86_vaes::modes<R>.decrypt_ecb>};
inline constexpr xts_kernels kernels{&aes::x86_vaes::kernels, {modes<10>, modes<12>, modes<14>}};

}  // namespace detail::xts::x86_vaes
FASTPRIM_NAMESPACE_END
#endif  // FASTPRIM_HAVE_X86_VAES
