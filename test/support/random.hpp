// test/support/random.hpp: reproducible bytes for tests: random ones for differential tests, and a
// known pattern with no zero byte (so that a wiped or unwritten byte shows).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace fastprim_test {

inline std::vector<std::byte> random_bytes(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::byte> v(n);
  for (std::size_t i = 0; i < n; i += 8) {
    const std::uint64_t r = rng();
    for (std::size_t k = 0; k < 8 && i + k < n; ++k) v[i + k] = std::byte(r >> (8 * k));
  }
  return v;
}

// A known pattern of n bytes, none zero; `salt` shifts it.
inline std::vector<std::byte> pattern(std::size_t n, unsigned salt) {
  std::vector<std::byte> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = std::byte(static_cast<unsigned char>(1 + (i * 7 + salt) % 251));
  return v;
}
template <std::size_t N>
std::vector<std::byte> to_bytes(const std::array<std::byte, N>& a) {
  return {a.begin(), a.end()};
}
inline std::vector<std::byte> cat(const std::vector<std::byte>& a, const std::vector<std::byte>& b) {
  std::vector<std::byte> v = a;
  v.insert(v.end(), b.begin(), b.end());
  return v;
}

}  // namespace fastprim_test
