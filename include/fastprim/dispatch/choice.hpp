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
  constexpr std::string_view names[] = {"chosen",
                                        "not compiled in",
                                        "CPU lacks it",
                                        "disabled",
                                        "not the forced backend",
                                        "not the pinned backend",
                                        "compile target guarantees a better one",
                                        "a better one was chosen"};  // in enum order
  return static_cast<std::size_t>(r) < std::size(names) ? names[static_cast<std::size_t>(r)] : "?";
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
