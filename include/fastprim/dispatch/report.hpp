// fastprim/dispatch/report.hpp: the dispatch layer's account of itself, for fastprim/report.hpp:
// the tables and choices by run-time primitive id, and the text report. Needs every registry:
// the includer (report.hpp) includes every primitive first.
#pragma once

#include <string>

#include "fastprim/detail/config.hpp"
#include "fastprim/dispatch.hpp"  // set_policy, policy_error (declarations in the separate mode)
#include "fastprim/dispatch/choice.hpp"

#if FASTPRIM_DECLARE_ONLY
// Separate mode: defined in the implementation TU.
FASTPRIM_NAMESPACE_BEGIN
detail::choice explain(primitive p);
std::string report();
FASTPRIM_NAMESPACE_END
#else

#include <cstdlib>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "fastprim/cpu.hpp"
#include "fastprim/dispatch.hpp"
#include "fastprim/dispatch/aes.hpp"
#include "fastprim/dispatch/gcm.hpp"
#include "fastprim/dispatch/pac.hpp"
#include "fastprim/dispatch/sha.hpp"
#include "fastprim/dispatch/tuning.hpp"
#include "fastprim/dispatch/xxh64.hpp"

FASTPRIM_NAMESPACE_BEGIN

namespace detail {

// Calls f.template operator()<P>() for the primitive `p` named at run time.
template <class F>
decltype(auto) with_primitive(primitive p, F&& f) {
  return [&]<std::size_t... I>(std::index_sequence<I...>)->decltype(auto) {
    using R = decltype(f.template operator()<primitive{}>());
    R r{};
    ((p == static_cast<primitive>(I) ? (void)(r = f.template operator()<static_cast<primitive>(I)>())
                                     : (void)0),
     ...);
    return r;
  }
  (std::make_index_sequence<primitive_count>{});
}

// The best-first tables by run-time primitive id (tests and the report).
inline std::span<const backend> order(primitive p) {
  return with_primitive(p, []<primitive P>() { return order<P>(); });
}
inline std::span<const backend> order(primitive p, cpu_tuning t) {
  return with_primitive(p, [t]<primitive P>() { return order<P>(t); });
}

}  // namespace detail

// The choice for every primitive (runtime primitive id).
#if FASTPRIM_API_DEFINE
FASTPRIM_API detail::choice explain(primitive p) {
  detail::choice c;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((p == static_cast<primitive>(I) ? (void)(c = detail::explain<static_cast<primitive>(I)>()) : (void)0),
     ...);
  }
  (std::make_index_sequence<primitive_count>{});
  return c;
}

// A text report: CPU features, overrides, then per primitive the backend chosen and why each
// better one was not.
FASTPRIM_API std::string report() {
  const cpu_caps& caps = cpu();
  std::string s = "cpu: " + to_string(caps) + "\n";
#if FASTPRIM_ARCH_X86_64
  s += "vendor: " + std::string(to_string(caps.vendor)) + " (family " + std::to_string(caps.family) +
       ", model " + std::to_string(caps.model) +
       "; backend order where microarchitectures differ: " + std::string(to_string(tuning_of(caps))) + ")\n";
#endif
  const char* forced = std::getenv("FASTPRIM_BACKEND");
  const char* disabled = std::getenv("FASTPRIM_DISABLE");
  s += "overrides: FASTPRIM_BACKEND=" + std::string(forced ? forced : "") +
       " FASTPRIM_DISABLE=" + std::string(disabled ? disabled : "") + "\n";
  if (const std::string err = policy_error(); !err.empty()) s += "override error: " + err + "\n";
  for (std::size_t i = 0; i < primitive_count; ++i) {
    const detail::choice c = explain(static_cast<primitive>(i));
    std::string line(to_string(c.p));
    line.resize(14, ' ');
    line += std::string(to_string(c.chosen));
    line.resize(28, ' ');
    line += c.compile_time ? "(compile time)" : "(run time)";
    if (c.variant != nullptr) line += std::string(" [") + c.variant + "]";
    std::string why;
    for (const auto& row : c.rows) {
      if (row.why == detail::reason::chosen) break;
      why +=
          (why.empty() ? "" : "; ") + std::string(to_string(row.b)) + ": " + std::string(to_string(row.why));
    }
    if (!why.empty()) line += "  not: " + why;
    s += line + "\n";
  }
  return s;
}
#else
// FASTPRIM_INTERNALS TUs of the separate mode: defined in the implementation TU.
detail::choice explain(primitive p);
std::string report();
#endif

FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_DECLARE_ONLY
