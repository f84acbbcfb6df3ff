// fuzz/fuzz.hpp: what fastprim's fuzz targets share: a reader that turns the fuzzer's bytes into
// parameters, a check that reports a failed property and aborts (libFuzzer then saves the input
// as crash-<sha1>), hex dumps for those reports, and backend selection through dispatch.
// ISA: none. Not part of the library. Conventions: fuzz/README.md.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <vector>

#include "fastprim/dispatch.hpp"

namespace fuzz {

// Consumes the input from the front. Reads past the end give zeros (and empty spans), so every
// input, however short, decodes to some parameters and the decoding never fails.
class input {
 public:
  input(const std::uint8_t* p, std::size_t n) noexcept : p_(p), n_(n) {}

  std::size_t remaining() const noexcept { return n_; }

  std::uint8_t u8() noexcept {
    if (n_ == 0) return 0;
    --n_;
    return *p_++;
  }
  std::uint16_t u16() noexcept { return static_cast<std::uint16_t>(u8() | (unsigned(u8()) << 8)); }
  std::uint64_t u64() noexcept {
    std::uint64_t v = 0;
    for (unsigned i = 0; i < 8; ++i) v |= std::uint64_t{u8()} << (8 * i);
    return v;
  }
  bool flag() noexcept { return (u8() & 1) != 0; }
  // A value in [0, n) (n > 0) from one byte.
  std::size_t below(std::size_t n) noexcept { return u8() % n; }

  // The next `n` bytes, or fewer if the input ends first.
  std::span<const std::byte> bytes(std::size_t n) noexcept {
    n = std::min(n, n_);
    const std::span<const std::byte> s{reinterpret_cast<const std::byte*>(p_), n};
    p_ += n;
    n_ -= n;
    return s;
  }
  std::span<const std::byte> rest() noexcept { return bytes(n_); }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
};

inline void print_hex(const char* name, const void* p, std::size_t n) {
  const auto* b = static_cast<const unsigned char*>(p);
  std::fprintf(stderr, "  %s (%zu bytes): ", name, n);
  for (std::size_t i = 0; i < n && i < 256; ++i) std::fprintf(stderr, "%02x", b[i]);
  std::fprintf(stderr, n > 256 ? "...\n" : "\n");
}
inline void print_hex(const char* name, std::span<const std::byte> s) { print_hex(name, s.data(), s.size()); }

// A failed property: says which and where, then aborts so that libFuzzer keeps the input.
[[noreturn]] inline void fail(const char* file, int line, const char* what) {
  std::fprintf(stderr, "fuzz: property failed at %s:%d: %s\n", file, line, what);
  std::fflush(stderr);
  std::abort();
}

#define FUZZ_CHECK(cond)                                  \
  do {                                                    \
    if (!(cond)) ::fuzz::fail(__FILE__, __LINE__, #cond); \
  } while (0)

// FUZZ_CHECK that first prints some context (a statement, e.g. a few print_hex calls).
#define FUZZ_CHECK_OR(cond, context)           \
  do {                                         \
    if (!(cond)) {                             \
      context;                                 \
      ::fuzz::fail(__FILE__, __LINE__, #cond); \
    }                                          \
  } while (0)

inline bool same(std::span<const std::byte> a, std::span<const std::byte> b) noexcept {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size()) == 0);
}

// The backends of primitive P usable here (under FASTPRIM_BACKEND: only the forced one), computed
// once: the fuzzer picks one per input with a byte.
template <fastprim::primitive P>
const std::vector<fastprim::backend>& backends() {
  static const std::vector<fastprim::backend> v = fastprim::detail::usable_backends<P>();
  return v;
}
template <fastprim::primitive P>
fastprim::backend pick_backend(std::uint8_t byte) {
  const auto& v = backends<P>();
  return v[byte % v.size()];
}

// Pins primitive P to backend `b` for the scope: the public API dispatches to it; to() re-pins.
template <fastprim::primitive P>
struct pinned {
  explicit pinned(fastprim::backend b) { to(b); }
  void to(fastprim::backend b) {
    if (!fastprim::detail::pin<P>(b)) fail(__FILE__, __LINE__, "pin to a usable backend failed");
  }
  ~pinned() { fastprim::detail::unpin<P>(); }
  pinned(const pinned&) = delete;
  pinned& operator=(const pinned&) = delete;
};

}  // namespace fuzz
