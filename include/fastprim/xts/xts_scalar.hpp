// Constant-time: yes (bitsliced AES; the tweak is multiplied by alpha with a mask, no branch).
// fastprim/xts/xts_scalar.hpp: portable AES-XTS: the generic kernel (xts_kernels.hpp) over the
// bitsliced ECB kernels. ISA: none (plain C++).
#pragma once

#include "fastprim/aes/aes_scalar.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/xts/xts_kernels.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail::xts::scalar {

inline constexpr xts_mode_kernels modes{&xts_generic<&aes::scalar::encrypt_ecb>,
                                        &xts_generic<&aes::scalar::decrypt_ecb>, nullptr, nullptr};
// The bitsliced kernels read the round count from the key schedule: one row for every key size.
inline constexpr xts_kernels kernels{&aes::scalar::kernels, {modes, modes, modes}};

}  // namespace detail::xts::scalar
FASTPRIM_NAMESPACE_END
