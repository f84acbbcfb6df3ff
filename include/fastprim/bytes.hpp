// fastprim/bytes.hpp: the one rule for byte inputs and outputs of every fastprim function.
//
// An input is any contiguous sized range of a byte-like element (std::byte, char, signed char,
// unsigned char / std::uint8_t, char8_t): std::span, std::array, std::vector, std::string,
// std::string_view, a user type with data() and size(). An output is any contiguous sized range of
// non-const byte-like elements. Every public function has one overload on std::span<const
// std::byte> / std::span<std::byte> and one template overload, constrained by byte_input /
// byte_output, that converts with as_byte_input / as_byte_output and forwards to it.
//
// A built-in array of char or char8_t is not a byte_input: it is almost always a string literal,
// whose trailing NUL is not part of the text. Functions where text is natural (hashes, HMAC,
// XXH64) take a std::string_view overload that gives literals and `const char*` string semantics
// ("abc" is three bytes); elsewhere (an AES key) pass such an array as std::span(array) or
// std::as_bytes(std::span(array)). Arrays of std::byte, unsigned char and signed char are inputs.
#pragma once

#include <cstddef>
#include <span>
#include <type_traits>
// The range concepts and std::ranges::data/size: libstdc++ has them in bits/ranges_base.h (which
// <span> includes anyway); all of <ranges> would add about 0.3 s of parsing to every TU.
#if defined(__GLIBCXX__) && __has_include(<bits/ranges_base.h>)
#include <bits/ranges_base.h>
#else
#include <ranges>
#endif

#include "fastprim/detail/config.hpp"

FASTPRIM_NAMESPACE_BEGIN

// std::byte, char, signed char, unsigned char (std::uint8_t) and char8_t.
template <class T>
concept byte_like = std::is_same_v<std::remove_cv_t<T>, std::byte> || std::is_same_v < std::remove_cv_t<T>,
char > || std::is_same_v<std::remove_cv_t<T>, unsigned char> ||
    std::is_same_v<std::remove_cv_t<T>, signed char> || std::is_same_v<std::remove_cv_t<T>, char8_t>;

namespace detail {
// A built-in array of char or char8_t: what a string literal is.
template <class R>
concept char_array = std::is_array_v<std::remove_cvref_t<R>> &&
    (std::is_same_v<std::remove_cv_t<std::remove_all_extents_t<std::remove_cvref_t<R>>>, char> ||
     std::is_same_v<std::remove_cv_t<std::remove_all_extents_t<std::remove_cvref_t<R>>>, char8_t>);
}  // namespace detail

// A contiguous sized range of byte-like elements, other than a char or char8_t array.
template <class R>
concept byte_input = std::ranges::contiguous_range<R> && std::ranges::sized_range<R> &&
    byte_like<std::remove_reference_t<std::ranges::range_reference_t<R>>> && !detail::char_array<R>;

// A contiguous sized range of non-const byte-like elements (the bytes are written through it).
template <class R>
concept byte_output = std::ranges::contiguous_range<R> && std::ranges::sized_range<R> &&
    std::is_lvalue_reference_v<std::ranges::range_reference_t<R>> &&
    byte_like<std::remove_reference_t<std::ranges::range_reference_t<R>>> &&
    !std::is_const_v<std::remove_reference_t<std::ranges::range_reference_t<R>>>;

// The bytes of an input or an output range, as the std::byte spans the functions take.
template <byte_input R>
FASTPRIM_ALWAYS_INLINE std::span<const std::byte> as_byte_input(R&& r) noexcept {
  return {reinterpret_cast<const std::byte*>(std::ranges::data(r)), std::ranges::size(r)};
}
template <byte_output R>
FASTPRIM_ALWAYS_INLINE std::span<std::byte> as_byte_output(R&& r) noexcept {
  return {reinterpret_cast<std::byte*>(std::ranges::data(r)), std::ranges::size(r)};
}

FASTPRIM_NAMESPACE_END
