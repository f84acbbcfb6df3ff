// fastprim/dispatch/choice.hpp: how the dispatch layer accounts for a choice (explain(), the
// report): the chosen backend and, for each row of the table, why it was or was not chosen.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

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

// At most one row per backend: a fixed array, so that declaring explain() costs a TU no <vector>.
class choice_rows {
 public:
  void push_back(choice_row r) noexcept {
    if (n_ < rows_.size()) rows_[n_++] = r;
  }
  void clear() noexcept { n_ = 0; }
  std::size_t size() const noexcept { return n_; }
  const choice_row& operator[](std::size_t i) const noexcept { return rows_[i]; }
  const choice_row* begin() const noexcept { return rows_.data(); }
  const choice_row* end() const noexcept { return rows_.data() + n_; }

 private:
  std::array<choice_row, std::size(all_backends)> rows_{};
  std::size_t n_ = 0;
};

struct choice {
  primitive p{};
  backend chosen = backend::scalar;
  bool compile_time = false;
  const char* variant = nullptr;  // the chosen backend's variant for this CPU (see refined), if any
  choice_rows rows;               // the whole best-first table
};

}  // namespace detail
FASTPRIM_NAMESPACE_END
