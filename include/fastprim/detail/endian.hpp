// fastprim/detail/endian.hpp: unaligned little/big-endian loads and stores, usable in constant
// expressions (byte by byte there; memcpy plus a byte swap at run time).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "fastprim/detail/config.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

static_assert(std::endian::native == std::endian::little || std::endian::native == std::endian::big);

template <class T>
constexpr T byteswap(T v) noexcept {
  if constexpr (sizeof(T) == 8)
    return __builtin_bswap64(v);
  else if constexpr (sizeof(T) == 4)
    return __builtin_bswap32(v);
  else if constexpr (sizeof(T) == 2)
    return __builtin_bswap16(v);
  else
    return v;
}

template <class T>
FASTPRIM_ALWAYS_INLINE constexpr T load_le(const std::byte* p) noexcept {
  if (std::is_constant_evaluated()) {
    T v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) v |= T(std::to_integer<std::uint8_t>(p[i])) << (8 * i);
    return v;
  }
  T v;
  std::memcpy(&v, p, sizeof(T));
  if constexpr (std::endian::native == std::endian::big) v = byteswap(v);
  return v;
}

template <class T>
FASTPRIM_ALWAYS_INLINE constexpr T load_be(const std::byte* p) noexcept {
  if (std::is_constant_evaluated()) {
    T v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) v = T(v << 8) | T(std::to_integer<std::uint8_t>(p[i]));
    return v;
  }
  T v;
  std::memcpy(&v, p, sizeof(T));
  if constexpr (std::endian::native == std::endian::little) v = byteswap(v);
  return v;
}

template <class T>
FASTPRIM_ALWAYS_INLINE constexpr void store_le(std::byte* p, T v) noexcept {
  if (std::is_constant_evaluated()) {
    for (std::size_t i = 0; i < sizeof(T); ++i) p[i] = std::byte(std::uint8_t(v >> (8 * i)));
    return;
  }
  if constexpr (std::endian::native == std::endian::big) v = byteswap(v);
  std::memcpy(p, &v, sizeof(T));
}

template <class T>
FASTPRIM_ALWAYS_INLINE constexpr void store_be(std::byte* p, T v) noexcept {
  if (std::is_constant_evaluated()) {
    for (std::size_t i = 0; i < sizeof(T); ++i)
      p[i] = std::byte(std::uint8_t(v >> (8 * (sizeof(T) - 1 - i))));
    return;
  }
  if constexpr (std::endian::native == std::endian::little) v = byteswap(v);
  std::memcpy(p, &v, sizeof(T));
}

constexpr std::uint64_t rotl64(std::uint64_t x, int r) noexcept { return std::rotl(x, r); }
constexpr std::uint32_t rotl32(std::uint32_t x, int r) noexcept { return std::rotl(x, r); }

}  // namespace detail
FASTPRIM_NAMESPACE_END
