// fastprim/dispatch/choice.hpp: how the dispatch layer accounts for a choice (explain(), the
// report): the chosen backend and, for each row of the table, why it was or was not chosen.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "fastprim/backend.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/dispatch/entry.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

// Why a backend was or was not chosen.
enum class reason : std::uint8_t {
  chosen,
  not_compiled,  // this compiler/architecture cannot build it, or the primitive lacks it
  cpu_lacks,     // the CPU (or OS) lacks a feature it needs
  disabled,      // FASTPRIM_DISABLE or set_policy
  not_forced,    // FASTPRIM_BACKEND names another backend
  not_pinned,    // a test pinned another backend
  below_static,  // the compile target guarantees a better backend: not even compiled
  worse,         // usable, but a better one was chosen
};

constexpr std::string_view to_string(reason r) noexcept {
  switch (r) {
    case reason::chosen:
      return "chosen";
    case reason::not_compiled:
      return "not compiled in";
    case reason::cpu_lacks:
      return "CPU lacks it";
    case reason::disabled:
      return "disabled";
    case reason::not_forced:
      return "not the forced backend";
    case reason::not_pinned:
      return "not the pinned backend";
    case reason::below_static:
      return "compile target guarantees a better one";
    case reason::worse:
      return "a better one was chosen";
  }
  return "?";
}

struct choice_row {
  backend b;
  reason why;
};

struct choice {
  primitive p{};
  backend chosen = backend::scalar;
  bool compile_time = false;
  const char* variant = nullptr;  // the chosen backend's variant for this CPU (see refined), if any
  std::vector<choice_row> rows;   // the whole best-first table
};

}  // namespace detail
FASTPRIM_NAMESPACE_END
