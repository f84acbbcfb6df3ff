// Constant-time: yes (hardware AES; the tweak is multiplied by alpha with a mask, no branch).
// fastprim/xts/xts_armv8_ce.hpp: AES-XTS on ARMv8 Crypto Extensions: the generic kernel
// (xts_kernels.hpp) over the AESE/AESMC ECB kernels, which keep 8 blocks in flight.
#pragma once

#include "fastprim/aes/aes_armv8_ce.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/xts/xts_kernels.hpp"

#if FASTPRIM_HAVE_ARMV8_CE
FASTPRIM_NAMESPACE_BEGIN
namespace detail::xts::armv8_ce {

template <int R>
inline constexpr xts_mode_kernels modes{&xts_generic<aes::armv8_ce::modes<R>.encrypt_ecb>,
                                        &xts_generic<aes::armv8_ce::modes<R>.decrypt_ecb>, nullptr, nullptr};
inline constexpr xts_kernels kernels{&aes::armv8_ce::kernels, {modes<10>, modes<12>, modes<14>}};

}  // namespace detail::xts::armv8_ce
FASTPRIM_NAMESPACE_END
#endif  // FASTPRIM_HAVE_ARMV8_CE
