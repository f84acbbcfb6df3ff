// fastprim/backend.hpp: one token per backend. The token names the file suffix, the kernel
// namespace, this enum value, the test label and the bench label.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "fastprim/detail/config.hpp"

FASTPRIM_NAMESPACE_BEGIN

enum class backend : std::uint8_t {
  scalar,       // portable C++, no ISA extension
  x86_aesni,    // AES-NI + PCLMULQDQ on xmm (SSE4.1)
  x86_vaes,     // VAES/VPCLMULQDQ on ymm/zmm with AVX-512
  x86_shani,    // SHA extensions (SSE4.1)
  armv8_ce,     // ARMv8 Crypto Extensions (AES, PMULL, SHA1, SHA2)
  hwy_avx3_dl,  // Highway AVX3_DL: AVX-512 + VAES/VPCLMULQDQ/VBMI2/BITALG/VPOPCNTDQ
  hwy_avx3,     // Highway AVX3: AVX-512 F/VL/DQ/BW
  hwy_avx2,     // Highway AVX2 (+BMI2/FMA/F16C, AES, PCLMUL)
  hwy_ssse3,    // Highway SSSE3
  hwy_neon,     // Highway NEON (aarch64)
};

inline constexpr std::array<backend, 10> all_backends{
    backend::scalar,      backend::x86_aesni, backend::x86_vaes, backend::x86_shani, backend::armv8_ce,
    backend::hwy_avx3_dl, backend::hwy_avx3,  backend::hwy_avx2, backend::hwy_ssse3, backend::hwy_neon,
};

constexpr std::string_view to_string(backend b) noexcept {
  switch (b) {
    case backend::scalar: return "scalar";
    case backend::x86_aesni: return "x86_aesni";
    case backend::x86_vaes: return "x86_vaes";
    case backend::x86_shani: return "x86_shani";
    case backend::armv8_ce: return "armv8_ce";
    case backend::hwy_avx3_dl: return "hwy_avx3_dl";
    case backend::hwy_avx3: return "hwy_avx3";
    case backend::hwy_avx2: return "hwy_avx2";
    case backend::hwy_ssse3: return "hwy_ssse3";
    case backend::hwy_neon: return "hwy_neon";
  }
  return "?";
}

constexpr std::optional<backend> backend_from_string(std::string_view s) noexcept {
  for (backend b : all_backends)
    if (to_string(b) == s) return b;
  return std::nullopt;
}

FASTPRIM_NAMESPACE_END
