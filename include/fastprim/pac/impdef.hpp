// Constant-time: yes (multiplies, adds, rotates and xors only; no tables, no branches).
// fastprim/pac/impdef.hpp: QEMU's "impdef" ComputePAC (`-cpu max,pauth-impdef=on`, the default
// from QEMU 10.0): one 32-byte stripe of XXH64 with seed 1 over (data, modifier, KeyLo, KeyHi),
// without XXH64's length addition. Portable C++, no ISA extension. Reference: pac-spec.md
// section 7 (QEMU target/arm/tcg/pauth_helper.c, include/qemu/xxhash.h).
#pragma once

#include <bit>
#include <cstdint>

#include "fastprim/detail/config.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

namespace impdef {
inline constexpr std::uint64_t p1 = 0x9E3779B185EBCA87u;
inline constexpr std::uint64_t p2 = 0xC2B2AE3D27D4EB4Fu;
inline constexpr std::uint64_t p3 = 0x165667B19E3779F9u;
inline constexpr std::uint64_t p4 = 0x85EBCA77C2B2AE63u;

FASTPRIM_ALWAYS_INLINE constexpr std::uint64_t round(std::uint64_t acc, std::uint64_t x) noexcept {
  return std::rotl(acc + x * p2, 31) * p1;
}
}  // namespace impdef

// What depends on the key only: the two key lanes of the stripe, folded into the point where
// the data lanes join them (rotated and summed), plus the merge terms of those lanes.
struct impdef_keys {
  std::uint64_t h34 = 0;  // rotl(v3, 12) + rotl(v4, 18), v3 = round(1, KeyLo), v4 = round(1 - P1, KeyHi)
  std::uint64_t m3 = 0;   // round(0, v3)
  std::uint64_t m4 = 0;   // round(0, v4)
};

FASTPRIM_ZERO_REGS constexpr impdef_keys make_impdef_keys(std::uint64_t key_lo,
                                                          std::uint64_t key_hi) noexcept {
  const std::uint64_t v3 = impdef::round(1, key_lo);
  const std::uint64_t v4 = impdef::round(1 - impdef::p1, key_hi);
  return impdef_keys{std::rotl(v3, 12) + std::rotl(v4, 18), impdef::round(0, v3), impdef::round(0, v4)};
}

// ComputePAC with the impdef hash; `k` from make_impdef_keys(KeyLo, KeyHi).
FASTPRIM_ALWAYS_INLINE constexpr std::uint64_t impdef_compute(const impdef_keys& k, std::uint64_t data,
                                                              std::uint64_t modifier) noexcept {
  using namespace impdef;
  const std::uint64_t v1 = round(1 + p1 + p2, data);
  const std::uint64_t v2 = round(1 + p2, modifier);
  std::uint64_t h = std::rotl(v1, 1) + std::rotl(v2, 7) + k.h34;
  h = (h ^ round(0, v1)) * p1 + p4;
  h = (h ^ round(0, v2)) * p1 + p4;
  h = (h ^ k.m3) * p1 + p4;
  h = (h ^ k.m4) * p1 + p4;
  h ^= h >> 33;
  h *= p2;
  h ^= h >> 29;
  h *= p3;
  h ^= h >> 32;
  return h;
}

}  // namespace detail
FASTPRIM_NAMESPACE_END
