// Constant-time: not applicable (XXH64 is a non-cryptographic hash; no secrets).
// fastprim/xxh64/xxh64_scalar.hpp: XXH64 in portable C++, the kernel tables' types, and the
// parts every backend shares (merge, tail, avalanche). Usable in constant expressions.
// Reference: the XXH64 specification, github.com/Cyan4973/xxHash doc/xxhash_spec.md (constants
// and algorithm); results checked against libxxhash in test/test_xxh64.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/endian.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail::xxh64 {

inline constexpr std::uint64_t P1 = 0x9E3779B185EBCA87ull;
inline constexpr std::uint64_t P2 = 0xC2B2AE3D27D4EB4Full;
inline constexpr std::uint64_t P3 = 0x165667B19E3779F9ull;
inline constexpr std::uint64_t P4 = 0x85EBCA77C2B2AE63ull;
inline constexpr std::uint64_t P5 = 0x27D4EB2F165667C5ull;
inline constexpr std::size_t stripe = 32;

// The kernel tables dispatch chooses from.
struct kernels {
  // Consumes `n` 32-byte stripes at `p` into the four accumulators.
  void (*stripes)(std::uint64_t* acc, const std::byte* p, std::size_t n) noexcept;
};
struct batch_kernels {
  // out[i] = XXH64(in[i], seed) for i < n.
  void (*batch)(const std::span<const std::byte>* in, std::size_t n, std::uint64_t seed,
                std::uint64_t* out) noexcept;
};

constexpr std::uint64_t round(std::uint64_t acc, std::uint64_t input) noexcept {
  return std::rotl(acc + input * P2, 31) * P1;
}
constexpr std::uint64_t merge(std::uint64_t h, std::uint64_t acc) noexcept {
  return (h ^ round(0, acc)) * P1 + P4;
}

constexpr void init(std::uint64_t* acc, std::uint64_t seed) noexcept {
  acc[0] = seed + P1 + P2;
  acc[1] = seed + P2;
  acc[2] = seed;
  acc[3] = seed - P1;
}

constexpr std::uint64_t converge(const std::uint64_t* acc) noexcept {
  const std::uint64_t h =
      std::rotl(acc[0], 1) + std::rotl(acc[1], 7) + std::rotl(acc[2], 12) + std::rotl(acc[3], 18);
  // Written out: as a loop, g++ 12 -O2 keeps the accumulators on the stack and reloads them
  // (fastprim-bench xxh64 32 B 0.84 -> 0.66, 64 B 0.56 -> 0.45 TSC ticks/byte; libxxhash 0.75, 0.47).
  return merge(merge(merge(merge(h, acc[0]), acc[1]), acc[2]), acc[3]);
}

constexpr std::uint64_t avalanche(std::uint64_t h) noexcept {
  h ^= h >> 33;
  h *= P2;
  h ^= h >> 29;
  h *= P3;
  h ^= h >> 32;
  return h;
}

// Byte access that works in constant expressions for std::byte, char and unsigned char.
template <class B>
constexpr std::uint8_t byte_at(const B* p, std::size_t i) noexcept {
  return static_cast<std::uint8_t>(p[i]);
}
template <class T, class B>
FASTPRIM_ALWAYS_INLINE constexpr T read_le(const B* p) noexcept {
  if (std::is_constant_evaluated()) {
    T v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) v |= T(byte_at(p, i)) << (8 * i);
    return v;
  }
  return load_le<T>(reinterpret_cast<const std::byte*>(p));
}

// The last `len & 31` bytes at `p`, then the avalanche; `h` already holds converge/seed + len.
template <class B>
constexpr std::uint64_t finish(std::uint64_t h, const B* p, std::size_t len) noexcept {
  len &= 31;
  for (; len >= 8; len -= 8, p += 8) h = std::rotl(h ^ round(0, read_le<std::uint64_t>(p)), 27) * P1 + P4;
  if (len >= 4) {
    h = std::rotl(h ^ (std::uint64_t{read_le<std::uint32_t>(p)} * P1), 23) * P2 + P3;
    p += 4;
    len -= 4;
  }
  for (std::size_t i = 0; i < len; ++i) h = std::rotl(h ^ (std::uint64_t{byte_at(p, i)} * P5), 11) * P1;
  return avalanche(h);
}

namespace scalar {

template <class B>
FASTPRIM_ALWAYS_INLINE constexpr void stripes_generic(std::uint64_t* acc, const B* p,
                                                      std::size_t n) noexcept {
  std::uint64_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
  for (; n > 0; --n, p += stripe) {
    a0 = round(a0, read_le<std::uint64_t>(p));
    a1 = round(a1, read_le<std::uint64_t>(p + 8));
    a2 = round(a2, read_le<std::uint64_t>(p + 16));
    a3 = round(a3, read_le<std::uint64_t>(p + 24));
  }
  acc[0] = a0;
  acc[1] = a1;
  acc[2] = a2;
  acc[3] = a3;
}

FASTPRIM_ZERO_REGS inline void stripes(std::uint64_t* acc, const std::byte* p, std::size_t n) noexcept {
  stripes_generic(acc, p, n);
}

// The whole hash; constant-expression capable.
template <class B>
constexpr std::uint64_t hash(const B* p, std::size_t len, std::uint64_t seed) noexcept {
  std::uint64_t h;
  if (len >= stripe) {
    std::uint64_t acc[4];
    init(acc, seed);
    stripes_generic(acc, p, len / stripe);
    h = converge(acc);
  } else {
    h = seed + P5;
  }
  return finish(h + len, p + (len & ~std::size_t{31}), len);
}

FASTPRIM_ZERO_REGS inline void batch(const std::span<const std::byte>* in, std::size_t n, std::uint64_t seed,
                                     std::uint64_t* out) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = hash(in[i].data(), in[i].size(), seed);
}

inline constexpr kernels table{&stripes};
inline constexpr batch_kernels batch_table{&batch};

}  // namespace scalar
}  // namespace detail::xxh64
FASTPRIM_NAMESPACE_END
