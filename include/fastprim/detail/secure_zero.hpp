// fastprim/detail/secure_zero.hpp: a wipe the optimiser cannot remove, for key schedules and
// hash states in destructors.
#pragma once

#include <cstddef>
#include <cstring>

#include "fastprim/detail/config.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

inline void secure_zero(void* p, std::size_t n) noexcept {
  if (n == 0) return;
  std::memset(p, 0, n);
  // The asm takes the pointer and clobbers memory, so the stores above are observable.
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

template <class T>
inline void secure_zero_object(T& obj) noexcept {
  secure_zero(static_cast<void*>(&obj), sizeof(T));
}

}  // namespace detail
FASTPRIM_NAMESPACE_END
