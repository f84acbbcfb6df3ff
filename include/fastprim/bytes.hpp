// fastprim/bytes.hpp: the byte-like element types fastprim's byte inputs and outputs accept.
#pragma once

#include <cstddef>
#include <type_traits>

#include "fastprim/detail/config.hpp"

FASTPRIM_NAMESPACE_BEGIN

// std::byte, char, signed char, unsigned char (std::uint8_t) and char8_t.
template <class T>
concept byte_like = std::is_same_v<std::remove_cv_t<T>, std::byte> || std::is_same_v < std::remove_cv_t<T>,
char > || std::is_same_v<std::remove_cv_t<T>, unsigned char> ||
    std::is_same_v<std::remove_cv_t<T>, signed char> || std::is_same_v<std::remove_cv_t<T>, char8_t>;

FASTPRIM_NAMESPACE_END
