// fastprim/error.hpp: error codes and result<T>, the value every fallible operation returns.
// Errors are values with a readable message, never undefined behaviour or exceptions. Every
// fallible function is [[nodiscard]]. Using the value of a result that holds an error (value(),
// operator*, operator->) is a failed precondition: it writes "fastprim: <message>" to stderr and
// calls std::abort(), in every build mode, with or without exceptions.
//
// Objects of fastprim (aes, aes_ctr, aes_gcm and its streams, hmac<H>, sha1, sha256, xxh64_state,
// pac::keyed_pac) have no moved-from state: moving copies, and the source keeps its key, backend and
// stream state and stays fully usable. Secrets are wiped when an object is destroyed (and by
// reset()), never left for a moved-from object to compute with.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "fastprim/detail/config.hpp"

FASTPRIM_NAMESPACE_BEGIN

enum class errc : std::uint8_t {
  ok = 0,
  bad_key_length,       // a key of a length the primitive does not take
  bad_iv_length,        // an IV or counter block that is not 16 bytes
  bad_length,           // an input length the mode cannot take (ECB/CBC: not a multiple of 16)
  short_output,         // `out` is shorter than the result
  overlap,              // `in` and `out` overlap without being the same buffer
  bad_padding,          // PKCS#7 padding that does not verify
  null_pointer,         // a null pointer with a non-zero length
  unknown_backend,      // a backend token that fastprim does not know
  unavailable_backend,  // a known backend this primitive, build or CPU cannot use
  bad_argument,         // anything else malformed
  auth_failed,          // an authentication tag that does not verify (the output is zeroed)
  bad_tag_length,       // a tag length the mode does not allow
  bad_state,            // a call out of order on a stream (aad after data, update after finish)
  weak_key,             // a key the mode rejects although its length is right (XTS: both halves equal)
};

constexpr std::string_view message(errc e) noexcept {
  switch (e) {
    case errc::ok:
      return "success";
    case errc::bad_key_length:
      return "bad key length";
    case errc::bad_iv_length:
      return "bad IV length (must be 16 bytes)";
    case errc::bad_length:
      return "bad input length (must be a multiple of the block size)";
    case errc::short_output:
      return "output buffer shorter than the input";
    case errc::overlap:
      return "input and output buffers partially overlap";
    case errc::bad_padding:
      return "bad padding";
    case errc::null_pointer:
      return "null pointer with a non-zero length";
    case errc::unknown_backend:
      return "unknown backend token";
    case errc::unavailable_backend:
      return "backend not available for this primitive, build or CPU";
    case errc::bad_argument:
      return "bad argument";
    case errc::auth_failed:
      return "authentication failed: the tag does not match";
    case errc::bad_tag_length:
      return "bad tag length";
    case errc::bad_state:
      return "call out of order on a stream";
    case errc::weak_key:
      return "weak key";
  }
  return "unknown error";
}

// An error value: a code plus a static message that says what exactly was wrong.
struct error {
  errc code = errc::ok;
  const char* detail = nullptr;  // static storage; null: the code's message
  constexpr std::string_view what() const noexcept {
    return detail ? std::string_view(detail) : message(code);
  }
  friend constexpr bool operator==(const error& a, errc b) noexcept { return a.code == b; }
};

namespace detail {
// The end of a program that used the value of an error: its message on stderr, then abort.
[[noreturn]] FASTPRIM_NOINLINE __attribute__((cold)) inline void value_of_error(const error& e) noexcept {
  const std::string_view m = e.what();
  std::fprintf(stderr, "fastprim: %.*s\n", static_cast<int>(m.size()), m.data());
  std::fflush(stderr);
  std::abort();
}
}  // namespace detail

// result<T>: either a T or an error. A small std::expected for C++20. value(), operator* and
// operator-> on an error print its message and abort (see the top of this file); check
// has_value() or operator bool first.
template <class T>
class [[nodiscard]] result {
 public:
  constexpr result(T v) : v_(std::in_place_index<0>, std::move(v)) {}
  constexpr result(error e) : v_(std::in_place_index<1>, e) {}
  constexpr result(errc c) : v_(std::in_place_index<1>, error{c, {}}) {}

  constexpr bool has_value() const noexcept { return v_.index() == 0; }
  constexpr explicit operator bool() const noexcept { return has_value(); }
  constexpr T& value() & noexcept { return *checked(); }
  constexpr const T& value() const& noexcept { return *checked(); }
  constexpr T&& value() && noexcept { return std::move(*checked()); }
  constexpr T& operator*() & noexcept { return value(); }
  constexpr const T& operator*() const& noexcept { return value(); }
  constexpr T&& operator*() && noexcept { return std::move(*this).value(); }
  constexpr T* operator->() noexcept { return checked(); }
  constexpr const T* operator->() const noexcept { return checked(); }
  constexpr error error_value() const noexcept { return has_value() ? error{} : *std::get_if<1>(&v_); }
  constexpr errc code() const noexcept { return error_value().code; }
  constexpr std::string_view message() const noexcept { return error_value().what(); }

 private:
  // The value, or the end of the program (std::get_if: no exception, also with -fno-exceptions).
  constexpr T* checked() noexcept {
    if (FASTPRIM_UNLIKELY(!has_value())) detail::value_of_error(*std::get_if<1>(&v_));
    return std::get_if<0>(&v_);
  }
  constexpr const T* checked() const noexcept {
    if (FASTPRIM_UNLIKELY(!has_value())) detail::value_of_error(*std::get_if<1>(&v_));
    return std::get_if<0>(&v_);
  }

  std::variant<T, error> v_;
};

template <>
class [[nodiscard]] result<void> {
 public:
  constexpr result() = default;
  constexpr result(error e) : e_(e) {}
  constexpr result(errc c) : e_{c, {}} {}
  constexpr bool has_value() const noexcept { return e_.code == errc::ok; }
  constexpr explicit operator bool() const noexcept { return has_value(); }
  constexpr error error_value() const noexcept { return e_; }
  constexpr errc code() const noexcept { return e_.code; }
  constexpr std::string_view message() const noexcept { return e_.what(); }

 private:
  error e_{};
};

FASTPRIM_NAMESPACE_END
