// fastprim/md_hasher.hpp: the streaming interface that fastprim::sha1 and fastprim::sha256
// share (a CRTP base): update() any number of times, digest() (const: the stream can go on),
// reset(), copy to fork a stream; and the one-shot hash(), usable in constant expressions.
// Moving copies (no moved-from state: the source keeps its stream, see error.hpp). The chaining
// value, length and partial block are wiped on destruction and by reset(). Messages: any
// byte_input range (bytes.hpp), or a std::string_view (a literal hashes its characters, no NUL).
// ISA: whatever the bound backend uses. Constant-time: yes.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string_view>
#include <type_traits>

#include "fastprim/bytes.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/md_buffer.hpp"
#include "fastprim/detail/secure_zero.hpp"

FASTPRIM_NAMESPACE_BEGIN

// The streaming hasher behind fastprim::sha1 and fastprim::sha256 (CRTP: `Derived` is the public
// class). `Traits` supplies state_words, digest_size, iv, compress_constexpr (the scalar
// kernel) and kernels() (the dispatched kernel table).
template <class Derived, class Traits>
class md_hasher {
 public:
  static constexpr std::size_t digest_size = Traits::digest_size;
  static constexpr std::size_t block_size = detail::md_block_size;
  using digest_type = std::array<std::byte, digest_size>;
  using traits_type = Traits;

  md_hasher() noexcept { st_.init(Traits::iv.data()); }
  // Copy and move alike: both fork the stream (no move constructor: an rvalue takes the copy).
  md_hasher(const md_hasher&) noexcept = default;
  md_hasher& operator=(const md_hasher&) noexcept = default;
  ~md_hasher() { detail::secure_zero_object(st_); }

  // Wipes the chaining value, length and partial block, then starts the empty message.
  void reset() noexcept {
    detail::secure_zero_object(st_);
    st_.init(Traits::iv.data());
  }

  Derived& update(std::span<const std::byte> msg) noexcept {
    st_.update(msg.data(), msg.size(), Traits::kernels().compress);
    return static_cast<Derived&>(*this);
  }
  template <byte_input R>
  Derived& update(R&& msg) noexcept {
    return update(as_byte_input(msg));
  }
  Derived& update(std::string_view msg) noexcept { return update(as_byte_input(msg)); }

  digest_type digest() const noexcept { return st_.template digest<digest_size>(Traits::kernels().compress); }

  // One-shot hash; constant-evaluated calls take the portable scalar kernel.
  static constexpr digest_type hash(std::span<const std::byte> msg) noexcept {
    return hash_of(msg.data(), msg.size());
  }
  // (Not through as_byte_input: constant evaluation reads the original elements.)
  template <byte_input R>
  static constexpr digest_type hash(R&& msg) noexcept {
    return hash_of(std::ranges::data(msg), std::ranges::size(msg));
  }
  static constexpr digest_type hash(std::string_view msg) noexcept { return hash_of(msg.data(), msg.size()); }

 private:
  template <class T>
  static constexpr digest_type hash_of(const T* p, std::size_t n) noexcept {
    if (std::is_constant_evaluated())
      return detail::md_oneshot<Traits::state_words, digest_size>(Traits::iv.data(), p, n, 0,
                                                                  Traits::compress_constexpr);
    digest_type d;
    Traits::kernels().hash(Traits::iv.data(), reinterpret_cast<const std::byte*>(p), n, 0, d.data());
    return d;
  }

  detail::md_state<Traits::state_words> st_;
};

FASTPRIM_NAMESPACE_END
