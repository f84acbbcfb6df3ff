// fastprim/xxh64.hpp: XXH64, the 64-bit xxHash: one-shot (also in constant expressions),
// streaming, and a batch API for many independent inputs.
//
//   std::uint64_t h = fastprim::xxh64(bytes, seed);
//   fastprim::xxh64_state s{seed}; s.update(part1); s.update(part2); h = s.digest();
//   fastprim::xxh64_batch(inputs, outputs, seed);   // inputs: span of spans
//
// Backends: for one stream, AVX-512 premultiplies the input words with vpmullq ahead of the
// scalar accumulator chains (xxh64/xxh64_hwy-inl.hpp), and scalar; for the batch, Highway
// targets (one input per 64-bit lane) and scalar.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "fastprim/bytes.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/dispatch/xxh64.hpp"
#include "fastprim/error.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

namespace xxh64 {

// Below this many stripes the inline scalar loop runs without a dispatch: a vector-assisted
// backend needs a block of lead time before it gains (xxh64/xxh64_hwy-inl.hpp).
inline constexpr std::size_t dispatch_stripes = 16;

// Consumes `n` stripes at `p` into `acc`.
inline void stripes(std::uint64_t* acc, const std::byte* p, std::size_t n) noexcept {
  if (n < dispatch_stripes)
    scalar::stripes(acc, p, n);
  else
    dispatch<primitive::xxh64>().stripes(acc, p, n);
}

template <class B>
constexpr std::uint64_t hash(const B* p, std::size_t len, std::uint64_t seed) noexcept {
  if (std::is_constant_evaluated() || len < stripe) return scalar::hash(p, len, seed);
  std::uint64_t acc[4];
  init(acc, seed);
  stripes(acc, reinterpret_cast<const std::byte*>(p), len / stripe);
  const std::uint64_t h = converge(acc);
  secure_zero(acc, sizeof acc);  // seeded accumulators, in memory for the dispatched call
  return finish(h + len, p + (len & ~std::size_t{31}), len);
}

}  // namespace xxh64
}  // namespace detail

// ---- one-shot ---------------------------------------------------------------------------------------
// Data: any byte_input range (bytes.hpp), or a std::string_view (a literal or a C string hashes
// its characters up to the NUL).
constexpr std::uint64_t xxh64(std::span<const std::byte> data, std::uint64_t seed = 0) noexcept {
  return detail::xxh64::hash(data.data(), data.size(), seed);
}
// (Not through as_byte_input: constant evaluation reads the original elements.)
template <byte_input R>
constexpr std::uint64_t xxh64(R&& data, std::uint64_t seed = 0) noexcept {
  return detail::xxh64::hash(std::ranges::data(data), std::ranges::size(data), seed);
}
constexpr std::uint64_t xxh64(std::string_view s, std::uint64_t seed = 0) noexcept {
  return detail::xxh64::hash(s.data(), s.size(), seed);
}

// ---- streaming --------------------------------------------------------------------------------------
// Copyable (a copy forks the stream); moving copies (no moved-from state: the source keeps its
// seed and stream, see error.hpp). The seed, accumulators and buffered bytes are wiped on
// destruction and by reset() (before the new seed is set): users hash secrets and keep seeds
// secret.
class xxh64_state {
 public:
  constexpr explicit xxh64_state(std::uint64_t seed = 0) noexcept { reset(seed); }
  // Copy and move alike (no move constructor: an rvalue takes the copy, the source stays whole).
  constexpr xxh64_state(const xxh64_state&) noexcept = default;
  constexpr xxh64_state& operator=(const xxh64_state&) noexcept = default;
  constexpr ~xxh64_state() { wipe(); }

  constexpr void reset(std::uint64_t seed = 0) noexcept {
    wipe();
    seed_ = seed;
    detail::xxh64::init(acc_, seed);
    total_ = 0;
    buffered_ = 0;
  }

  void update(std::span<const std::byte> data) noexcept {
    const std::byte* p = data.data();
    std::size_t len = data.size();
    if (len == 0) return;
    total_ += len;
    if (buffered_) {
      const std::size_t take = std::min(len, detail::xxh64::stripe - buffered_);
      std::memcpy(buf_ + buffered_, p, take);
      buffered_ += take;
      p += take;
      len -= take;
      if (buffered_ < detail::xxh64::stripe) return;
      detail::xxh64::scalar::stripes(acc_, buf_, 1);
      buffered_ = 0;
    }
    if (len >= detail::xxh64::stripe) {
      const std::size_t n = len / detail::xxh64::stripe;
      detail::xxh64::stripes(acc_, p, n);
      p += n * detail::xxh64::stripe;
      len -= n * detail::xxh64::stripe;
    }
    if (len) std::memcpy(buf_, p, len);
    buffered_ = len;
  }
  template <byte_input R>
  void update(R&& data) noexcept {
    update(as_byte_input(data));
  }
  void update(std::string_view s) noexcept { update(as_byte_input(s)); }

  std::uint64_t digest() const noexcept {
    const std::uint64_t h =
        total_ >= detail::xxh64::stripe ? detail::xxh64::converge(acc_) : seed_ + detail::xxh64::P5;
    return detail::xxh64::finish(h + total_, buf_, buffered_);
  }

 private:
  constexpr void wipe() noexcept {
    detail::secure_zero(acc_);
    detail::secure_zero(buf_);
    seed_ = 0;
    total_ = 0;
    buffered_ = 0;
    if (!std::is_constant_evaluated()) detail::wipe_barrier(this);
  }

  std::uint64_t acc_[4]{};
  std::uint64_t seed_ = 0;
  std::uint64_t total_ = 0;
  std::size_t buffered_ = 0;
  std::byte buf_[detail::xxh64::stripe]{};
};

// ---- batch --------------------------------------------------------------------------------------------
// out[i] = xxh64(inputs[i], seed). Inputs may have any lengths; equal lengths are fastest.
// Each input is a std::span<const std::byte> (as_byte_input(r) makes one from any byte_input
// range): the list is read in place, with no converted copy.
[[nodiscard]] inline result<void> xxh64_batch(std::span<const std::span<const std::byte>> inputs,
                                              std::span<std::uint64_t> out, std::uint64_t seed = 0) noexcept {
  if (out.size() < inputs.size()) return error{errc::short_output, "xxh64_batch: fewer outputs than inputs"};
  if (!inputs.empty())
    detail::dispatch<primitive::xxh64_batch>().batch(inputs.data(), inputs.size(), seed, out.data());
  return {};
}

FASTPRIM_NAMESPACE_END
