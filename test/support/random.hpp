// test/support/random.hpp: reproducible random bytes for differential tests.
#pragma once

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

}  // namespace fastprim_test
