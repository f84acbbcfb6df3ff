// fastprim/dispatch/tuning.hpp: which backend order a CPU gets where microarchitectures
// disagree, from the vendor and family that cpu.hpp reports. Each registry says what a tuning
// changes and why (figures: docs/performance.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fastprim/cpu.hpp"
#include "fastprim/detail/config.hpp"

FASTPRIM_NAMESPACE_BEGIN

// Intel's order; AMD Zen 5 and later (family 26 on), whose sha256rnds2 issues every 2 cycles
// (every cycle on Zen 3 and 4) while its AVX-512 is full width; or the default order.
enum class cpu_tuning : std::uint8_t { generic, intel, amd_zen5 };

inline constexpr std::array<cpu_tuning, 3> all_tunings{cpu_tuning::generic, cpu_tuning::intel,
                                                       cpu_tuning::amd_zen5};

constexpr std::string_view to_string(cpu_tuning t) noexcept {
  constexpr std::string_view names[] = {"generic", "intel", "amd_zen5"};  // in enum order
  return static_cast<std::size_t>(t) < std::size(names) ? names[static_cast<std::size_t>(t)] : "generic";
}

constexpr cpu_tuning tuning_of(const cpu_caps& c) noexcept {
  if (c.vendor == cpu_vendor::intel) return cpu_tuning::intel;
  if (c.vendor == cpu_vendor::amd && c.family >= 26) return cpu_tuning::amd_zen5;
  return cpu_tuning::generic;
}

FASTPRIM_NAMESPACE_END
