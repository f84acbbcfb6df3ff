// fastprim/detail/secure_zero.hpp: a wipe the optimiser cannot remove, for key schedules, hash
// states and the stack temporaries of the portable kernels. ISA: none. Constant-time: yes (the
// stores depend on the size only).
//
// What is wiped, and when (the library's secret-hygiene contract, checked by test/test_hygiene):
// every object holding key material or hash/HMAC/XXH64 state wipes it in its destructor and in
// reset(). Moving copies (error.hpp: no moved-from state), so the source keeps its secrets, and
// stays usable, until it is destroyed.
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "fastprim/detail/config.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

// Makes the stores before it to the object at `p` observable: the asm takes the pointer and
// clobbers memory, so dead-store elimination cannot drop them. Not for constant evaluation.
FASTPRIM_ALWAYS_INLINE void wipe_barrier(const void* p) noexcept {
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

inline void secure_zero(void* p, std::size_t n) noexcept {
  if (n == 0) return;
  std::memset(p, 0, n);
  wipe_barrier(p);
}

template <class T>
inline void secure_zero_object(T& obj) noexcept {
  static_assert(std::is_trivially_copyable_v<T>, "secure_zero_object overwrites the representation");
  secure_zero(static_cast<void*>(&obj), sizeof(T));
}

// The same for an array of integers or bytes, usable in constant expressions (plain stores
// there; nothing outlives a constant evaluation).
template <class T, std::size_t N>
constexpr void secure_zero(T (&a)[N]) noexcept {
  static_assert(std::is_trivially_copyable_v<T>);
  if (std::is_constant_evaluated()) {
    for (auto& x : a) x = T{};
  } else {
    secure_zero(static_cast<void*>(a), sizeof a);
  }
}

}  // namespace detail
FASTPRIM_NAMESPACE_END
