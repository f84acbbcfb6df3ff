// fastprim/hmac.hpp: HMAC (RFC 2104, FIPS 198-1) over fastprim::sha1 and fastprim::sha256.
// ISA: that of the hash's selected backend. Constant-time: yes (the key only meets XOR and the
// hash; tags are compared without data-dependent branches).
//
// The key is absorbed once: the object keeps the chaining values after the ipad and opad blocks,
// so every further message costs only its own blocks plus one outer compression.
//   fastprim::hmac<fastprim::sha256> mac{key};
//   auto t1 = mac.compute(msg1);  auto t2 = mac.compute(msg2);   // key not re-hashed
//   mac.update(part1); mac.update(part2); bool ok = mac.verify(expected_tag);
//   auto t = fastprim::hmac_sha256(key, msg);
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include "fastprim/bytes.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/ct_equal.hpp"
#include "fastprim/detail/md_buffer.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/sha1.hpp"
#include "fastprim/sha256.hpp"

FASTPRIM_NAMESPACE_BEGIN

template <class H>
class authenc;

// HMAC with hash `H` (fastprim::sha1 or fastprim::sha256). Copyable (a copy forks the stream);
// moving copies (no moved-from state: the source keeps its key and stream, see error.hpp).
// The object keeps no copy of the raw key, only the chaining values after the ipad and opad
// blocks; the padded key block (and the hash of a long key) is wiped once they are computed.
// The keyed states and the stream are wiped on destruction; reset() wipes the stream before
// restarting it. Keys, messages and tags: any byte_input range (bytes.hpp), or a
// std::string_view for keys and messages (a literal is its characters, no NUL).
// The hash backend is fixed at construction. The members that hold the keyed chaining values or
// the inner hash in registers (set_key, reset, digest, compute) are the register-zeroing
// boundary (FASTPRIM_ZERO_REGS, config.hpp).
template <class H>
class hmac {
  using traits = typename H::traits_type;
  static constexpr std::size_t words = traits::state_words;

 public:
  static constexpr std::size_t tag_size = H::digest_size;
  static constexpr std::size_t block_size = detail::md_block_size;
  using tag_type = std::array<std::byte, tag_size>;

  // A key of any length (longer than a block: hashed first, RFC 2104 section 2).
  explicit hmac(std::span<const std::byte> key) noexcept
      : compress_(traits::kernels().compress), hmac_(traits::kernels().hmac) {
    set_key(key);
  }
  template <byte_input K>
  explicit hmac(K&& key) noexcept : hmac(as_byte_input(key)) {}
  explicit hmac(std::string_view key) noexcept : hmac(as_byte_input(key)) {}

  // Copy and move alike (no move constructor: an rvalue takes the copy, the source stays whole).
  hmac(const hmac&) noexcept = default;
  hmac& operator=(const hmac&) noexcept = default;
  ~hmac() { wipe(); }

  // Streaming: the message since construction or the last reset().
  hmac& update(std::span<const std::byte> msg) noexcept {
    inner_.update(msg.data(), msg.size(), compress_);
    return *this;
  }
  template <byte_input R>
  hmac& update(R&& msg) noexcept {
    return update(as_byte_input(msg));
  }
  hmac& update(std::string_view msg) noexcept { return update(as_byte_input(msg)); }

  FASTPRIM_ZERO_REGS tag_type digest() const noexcept {
    auto ih = inner_.template digest<tag_size>(compress_);
    const tag_type t = outer(ih);
    detail::secure_zero(ih.data(), ih.size());
    return t;
  }
  // Back to the keyed state (the stream wiped first); the key is not processed again.
  FASTPRIM_ZERO_REGS void reset() noexcept {
    detail::secure_zero_object(inner_);
    inner_.init(ikey_, block_size);
  }

  // Constant-time check of the streamed message's tag.
  [[nodiscard]] bool verify(std::span<const std::byte> tag) const noexcept {
    const tag_type t = digest();
    return detail::ct_equal(t, tag);
  }
  template <byte_input T>
  [[nodiscard]] bool verify(T&& tag) const noexcept {
    return verify(as_byte_input(tag));
  }

  // One-shot tag of `msg` under this key; the stream is untouched.
  FASTPRIM_ZERO_REGS tag_type compute(std::span<const std::byte> msg) const noexcept {
    tag_type t;
    hmac_(ikey_, okey_, msg.data(), msg.size(), t.data());
    return t;
  }
  template <byte_input R>
  tag_type compute(R&& msg) const noexcept {
    return compute(as_byte_input(msg));
  }
  tag_type compute(std::string_view msg) const noexcept { return compute(as_byte_input(msg)); }
  // Constant-time check of the tag of `msg` under this key; the stream is untouched.
  [[nodiscard]] bool verify(std::span<const std::byte> msg, std::span<const std::byte> tag) const noexcept {
    const tag_type t = compute(msg);
    return detail::ct_equal(t, tag);
  }
  template <byte_input M, byte_input T>
  [[nodiscard]] bool verify(M&& msg, T&& tag) const noexcept {
    return verify(as_byte_input(msg), as_byte_input(tag));
  }
  template <byte_input T>
  [[nodiscard]] bool verify(std::string_view msg, T&& tag) const noexcept {
    return verify(as_byte_input(msg), as_byte_input(tag));
  }

 private:
  template <class>
  friend class authenc;  // hashes its stream from ikey_ and finishes with outer()

  FASTPRIM_ZERO_REGS void set_key(std::span<const std::byte> key) noexcept {
    alignas(16) std::byte block[block_size] = {};
    if (key.size() > block_size) {
      auto kh = detail::md_oneshot<words, tag_size>(traits::iv.data(), key.data(), key.size(), 0, compress_);
      std::memcpy(block, kh.data(), kh.size());
      detail::secure_zero(kh.data(), kh.size());
    } else if (!key.empty()) {
      std::memcpy(block, key.data(), key.size());
    }
    for (auto& b : block) b ^= std::byte{0x36};
    std::memcpy(ikey_, traits::iv.data(), sizeof ikey_);
    compress_(ikey_, block, 1);
    for (auto& b : block) b ^= std::byte{0x36 ^ 0x5c};
    std::memcpy(okey_, traits::iv.data(), sizeof okey_);
    compress_(okey_, block, 1);
    detail::secure_zero(block, sizeof block);
    reset();
  }

  tag_type outer(const tag_type& inner_hash) const noexcept {
    return detail::md_oneshot<words, tag_size>(okey_, inner_hash.data(), tag_size, block_size, compress_);
  }

  void wipe() noexcept {
    detail::secure_zero(ikey_);
    detail::secure_zero(okey_);
    detail::secure_zero_object(inner_);
  }

  std::uint32_t ikey_[words];  // chaining value after (K ^ ipad)
  std::uint32_t okey_[words];  // chaining value after (K ^ opad)
  detail::md_state<words> inner_;
  detail::md_compress_fn compress_;
  detail::md_hmac_fn hmac_;  // whole-message tag, the same backend as compress_
};

using hmac_sha1_t = hmac<sha1>;
using hmac_sha256_t = hmac<sha256>;

namespace detail {
// One-shot HMAC with H (key set-up included), callable as a function.
template <class H>
struct hmac_one_shot {
  typename H::digest_type operator()(std::span<const std::byte> key,
                                     std::span<const std::byte> msg) const noexcept {
    return hmac<H>(key).compute(msg);
  }
  template <byte_input K, byte_input M>
  typename H::digest_type operator()(K&& key, M&& msg) const noexcept {
    return (*this)(as_byte_input(key), as_byte_input(msg));
  }
  typename H::digest_type operator()(std::string_view key, std::string_view msg) const noexcept {
    return (*this)(as_byte_input(key), as_byte_input(msg));
  }
};
}  // namespace detail

// One-shot HMAC-SHA-256 / HMAC-SHA-1: hmac_sha256(key, msg), any byte_input or text arguments.
inline constexpr detail::hmac_one_shot<sha256> hmac_sha256{};
inline constexpr detail::hmac_one_shot<sha1> hmac_sha1{};

FASTPRIM_NAMESPACE_END
