// fastprim/pkcs7.hpp: PKCS#7 padding (RFC 5652 section 6.3) for block ciphers, as `openssl enc`
// applies it. ISA: none. Constant-time: pkcs7_unpad examines the whole last block with masks and
// branches only on the final verdict (its result, declassified for test/ct's memcheck check);
// pkcs7_pad handles public lengths only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "fastprim/bytes.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/error.hpp"

FASTPRIM_NAMESPACE_BEGIN

// The padded length of an `n`-byte message: always at least one byte of padding.
constexpr std::size_t pkcs7_padded_size(std::size_t n, std::size_t block = 16) noexcept {
  return (n / block + 1) * block;
}

// Copies `in` to `out` (in place when they start at the same address) and appends the padding.
// Returns the padded length. `block` is 1..255.
[[nodiscard]] inline result<std::size_t> pkcs7_pad(std::span<const std::byte> in, std::span<std::byte> out,
                                                   std::size_t block = 16) noexcept {
  if (block == 0 || block > 255) return error{errc::bad_argument, "PKCS#7 block size must be 1..255"};
  const std::size_t total = pkcs7_padded_size(in.size(), block);
  if (out.size() < total) return error{errc::short_output, "output shorter than the padded length"};
  if (in.data() != out.data() && !in.empty()) std::memmove(out.data(), in.data(), in.size());
  const auto pad = static_cast<std::byte>(total - in.size());
  for (std::size_t i = in.size(); i < total; ++i) out[i] = pad;
  return total;
}

// The length of the message inside padded `data` (a non-zero multiple of `block`), or
// errc::bad_padding. The check reads the whole last block and does not branch on its bytes.
[[nodiscard]] inline result<std::size_t> pkcs7_unpad(std::span<const std::byte> data,
                                                     std::size_t block = 16) noexcept {
  if (block == 0 || block > 255) return error{errc::bad_argument, "PKCS#7 block size must be 1..255"};
  if (data.empty() || data.size() % block != 0)
    return error{errc::bad_length, "padded data must be a non-zero multiple of the block size"};
  const std::byte* last = data.data() + data.size() - block;
  const std::uint32_t pad = std::to_integer<std::uint32_t>(last[block - 1]);
  // bad != 0 iff pad == 0, pad > block, or one of the last `pad` bytes differs from pad.
  std::uint32_t bad = ((pad - 1) >> 31) | ((static_cast<std::uint32_t>(block) - pad) >> 31);
  for (std::size_t i = 0; i < block; ++i) {
    const std::uint32_t in_pad = ((static_cast<std::uint32_t>(i) - pad) >> 31);  // i < pad, as 0/1
    const std::uint32_t diff = std::to_integer<std::uint32_t>(last[block - 1 - i]) ^ pad;
    bad |= in_pad & ((diff + 0xffu) >> 8);  // diff != 0, as 0/1
  }
  // The verdict is the one public output: the branch on it reveals what the result does.
  FASTPRIM_CT_DECLASSIFY(bad);
  if (bad != 0) return error{errc::bad_padding, "bad PKCS#7 padding"};
  return data.size() - pad;
}

// The same for any byte_input / byte_output range (bytes.hpp).
template <byte_input I, byte_output O>
[[nodiscard]] inline result<std::size_t> pkcs7_pad(I&& in, O&& out, std::size_t block = 16) noexcept {
  return pkcs7_pad(as_byte_input(in), as_byte_output(out), block);
}
template <byte_input I>
[[nodiscard]] inline result<std::size_t> pkcs7_unpad(I&& data, std::size_t block = 16) noexcept {
  return pkcs7_unpad(as_byte_input(data), block);
}

FASTPRIM_NAMESPACE_END
