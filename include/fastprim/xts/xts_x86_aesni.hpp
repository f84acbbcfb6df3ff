// Constant-time: yes (hardware AES; the tweak is multiplied by alpha with a mask, no branch).
// fastprim/xts/xts_x86_aesni.hpp: AES-XTS on x86-64 AES-NI (xmm): the generic kernel
// (xts_kernels.hpp) over the AES-NI ECB kernels, which keep 8 blocks in flight.
#pragma once

#include "fastprim/aes/aes_x86_aesni.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/xts/xts_kernels.hpp"

#if FASTPRIM_HAVE_X86_AESNI
FASTPRIM_NAMESPACE_BEGIN
namespace detail::xts::x86_aesni {

template <int R>
inline constexpr xts_mode_kernels modes{&xts_generic<aes::x86_aesni::modes<R>.encrypt_ecb>,
                                        &xts_generic<aes::x86_aesni::modes<R>.decrypt_ecb>};
inline constexpr xts_kernels kernels{&aes::x86_aesni::kernels, {modes<10>, modes<12>, modes<14>}};

// On CPUs with AVX: the ECB kernels entered with a vzeroupper (detail/sse_entry.hpp).
template <int R>
inline constexpr xts_mode_kernels modes_avx{&xts_generic<aes::x86_aesni::modes_avx<R>.encrypt_ecb>,
                                            &xts_generic<aes::x86_aesni::modes_avx<R>.decrypt_ecb>};
inline constexpr xts_kernels kernels_avx{&aes::x86_aesni::kernels_avx,
                                         {modes_avx<10>, modes_avx<12>, modes_avx<14>}};

}  // namespace detail::xts::x86_aesni
FASTPRIM_NAMESPACE_END
#endif  // FASTPRIM_HAVE_X86_AESNI
