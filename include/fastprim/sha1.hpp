// fastprim/sha1.hpp: SHA-1 (FIPS 180-4; collisions are practical, use it only for legacy formats and
// HMAC-SHA1): streaming hasher, one-shot hash (usable in constant
// expressions), batches of independent messages, and the kernel tables the dispatcher chooses
// from. ISA: per backend, see below. Constant-time: every backend (no secret-dependent branches
// or indices).
//
//   backend    | compress                     | batch                          | constant-time
//   scalar     | portable C++, constexpr      | one message after another      | yes
//   x86_shani  | SHA-NI, one stream           | SHA-NI, 4 messages interleaved | yes
//   armv8_ce   | ARMv8 SHA1 instructions      | one message after another      | yes
//   hwy_*      | (scalar)                     | one message per SIMD lane      | yes
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "fastprim/backend.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/md_buffer.hpp"
#include "fastprim/dispatch/sha.hpp"
#include "fastprim/error.hpp"
#include "fastprim/md_hasher.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

struct sha1_traits {
  static constexpr std::size_t state_words = 5;
  static constexpr std::size_t digest_size = 20;
  static constexpr const std::array<std::uint32_t, 5>& iv = sha1_iv;
  static constexpr auto compress_constexpr = &sha::scalar::sha1_compress;
  static constexpr primitive id = primitive::sha1;
  static const sha1_kernels& kernels() noexcept { return dispatch<primitive::sha1>(); }
};

}  // namespace detail

// SHA-1. Streaming: `update` any number of times, `digest()` (const: the stream can go on),
// `reset()`; copy the object to fork a stream. The state is wiped on destruction.
//   auto d = fastprim::sha1::hash("abc");                      // constexpr-capable
//   fastprim::sha1 h; h.update(part1).update(part2); auto d2 = h.digest();
class sha1 : public md_hasher<sha1, detail::sha1_traits> {};

// Hashes every message of `msgs` independently into `out[i]`, several at a time where the
// hardware allows (interleaved SHA-NI streams, or one message per SIMD lane). errc::short_output
// if `out` is shorter. Each message is a std::span<const std::byte> (as_byte_input(m) makes one
// from any byte_input range, bytes.hpp): the list is read in place, with no converted copy.
[[nodiscard]] inline result<void> sha1_batch(std::span<const std::span<const std::byte>> msgs,
                                             std::span<std::array<std::byte, 20>> out) noexcept {
  if (out.size() < msgs.size()) return errc::short_output;
  detail::dispatch<primitive::sha1_batch>().batch(msgs.data(), msgs.size(), out.data());
  return {};
}

FASTPRIM_NAMESPACE_END
