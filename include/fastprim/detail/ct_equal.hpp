// fastprim/detail/ct_equal.hpp: the one tag comparison of every verifying API (HMAC, AES-GCM,
// authenc).
// ISA: none (portable C++). Constant-time: yes; time depends on the lengths only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "fastprim/detail/config.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

// Equality of the first n bytes; the verdict stays as secret as the bytes (HMAC's verify returns
// it to the caller). Eight bytes per step (a byte loop was a third of a 16-byte AES-GCM open's
// time).
FASTPRIM_ALWAYS_INLINE bool ct_equal(const std::byte* a, const std::byte* b, std::size_t n) noexcept {
  std::uint64_t d = 0;
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t x, y;
    std::memcpy(&x, a + i, 8);
    std::memcpy(&y, b + i, 8);
    d |= x ^ y;
  }
  for (; i < n; ++i) d |= static_cast<std::uint64_t>(a[i] ^ b[i]);
  __asm__("" : "+r"(d));  // keep the compiler from ending the loop at the first difference
  return d == 0;
}

// The same, with the verdict declassified for test/ct's memcheck run: AES-GCM branches
// on it (the verdict is its public result; the bytes compared are not).
FASTPRIM_ALWAYS_INLINE bool ct_verdict(const std::byte* a, const std::byte* b, std::size_t n) noexcept {
  bool ok = ct_equal(a, b, n);
  FASTPRIM_CT_DECLASSIFY(ok);
  return ok;
}

// Equality of two byte strings; different lengths are unequal.
inline bool ct_equal(std::span<const std::byte> a, std::span<const std::byte> b) noexcept {
  return a.size() == b.size() && ct_equal(a.data(), b.data(), a.size());
}

}  // namespace detail
FASTPRIM_NAMESPACE_END
