// fastprim/report.hpp: what runs here and why. Includes every primitive, so it is for tools
// and tests (examples/fastprim-info.cpp prints it), not for hot translation units.
#pragma once

#include <string>
#include <vector>

#include "fastprim/aes.hpp"
#include "fastprim/cpu.hpp"
#include "fastprim/dispatch.hpp"
#include "fastprim/hmac.hpp"
#include "fastprim/pac.hpp"
#include "fastprim/sha1.hpp"
#include "fastprim/sha256.hpp"
#include "fastprim/xxh64.hpp"

FASTPRIM_NAMESPACE_BEGIN

// The choice for every primitive (runtime primitive id).
inline detail::choice explain(primitive p) {
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
inline std::string report() {
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

FASTPRIM_NAMESPACE_END
