// fastprim/cpu.hpp: what the CPU (and the OS, for AVX/AVX-512 register state) supports, read
// once through cpu_features and cached. The only file that includes cpu_features. Hardware
// facts only: what fastprim makes of them is the dispatch layer's (dispatch.hpp, dispatch/).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fastprim/detail/config.hpp"

#if FASTPRIM_ARCH_X86_64
#include <cpu_features/cpuinfo_x86.h>
#elif FASTPRIM_ARCH_AARCH64
#include <cpu_features/cpuinfo_aarch64.h>
#endif

FASTPRIM_NAMESPACE_BEGIN

// The vendor, family and model, as CPUID reports them.
enum class cpu_vendor : std::uint8_t { other, intel, amd };

constexpr std::string_view to_string(cpu_vendor v) noexcept {
  constexpr std::string_view names[] = {"other", "intel", "amd"};  // in enum order
  return static_cast<std::size_t>(v) < std::size(names) ? names[static_cast<std::size_t>(v)] : "other";
}

struct cpu_caps {
  cpu_vendor vendor = cpu_vendor::other;
  int family = 0, model = 0;
  // x86 (cpu_features clears the AVX and AVX-512 bits when the OS does not save their state)
  bool ssse3 = false, sse4_1 = false, sse4_2 = false, aes = false, pclmulqdq = false, sha = false;
  bool avx = false, avx2 = false, bmi2 = false, fma = false, f16c = false;
  bool avx512f = false, avx512bw = false, avx512vl = false, avx512dq = false;
  bool avx512vbmi = false, avx512vbmi2 = false, avx512bitalg = false, avx512vpopcntdq = false;
  bool vaes = false, vpclmulqdq = false;
  // aarch64
  bool asimd = false, pmull = false, sha1 = false, sha2 = false;  // `aes` is shared with x86
};

namespace detail {

inline cpu_caps detect_cpu() noexcept {
  cpu_caps c;
#if FASTPRIM_ARCH_X86_64
  // The fields are one-bit signed bitfields: a set bit reads as -1, so compare with 0.
  const auto info = cpu_features::GetX86Info();
  const auto f = info.features;
  const std::string_view vendor(info.vendor);
  if (vendor == "GenuineIntel") c.vendor = cpu_vendor::intel;
  if (vendor == "AuthenticAMD" || vendor == "HygonGenuine") c.vendor = cpu_vendor::amd;
  c.family = info.family;
  c.model = info.model;
  c.ssse3 = f.ssse3 != 0;
  c.sse4_1 = f.sse4_1 != 0;
  c.sse4_2 = f.sse4_2 != 0;
  c.aes = f.aes != 0;
  c.pclmulqdq = f.pclmulqdq != 0;
  c.sha = f.sha != 0;
  c.avx = f.avx != 0;
  c.avx2 = f.avx2 != 0;
  c.bmi2 = f.bmi2 != 0;
  c.fma = f.fma3 != 0;
  c.f16c = f.f16c != 0;
  c.avx512f = f.avx512f != 0;
  c.avx512bw = f.avx512bw != 0;
  c.avx512vl = f.avx512vl != 0;
  c.avx512dq = f.avx512dq != 0;
  c.avx512vbmi = f.avx512vbmi != 0;
  c.avx512vbmi2 = f.avx512vbmi2 != 0;
  c.avx512bitalg = f.avx512bitalg != 0;
  c.avx512vpopcntdq = f.avx512vpopcntdq != 0;
  c.vaes = f.vaes != 0;
  c.vpclmulqdq = f.vpclmulqdq != 0;
#elif FASTPRIM_ARCH_AARCH64
  const auto f = cpu_features::GetAarch64Info().features;
  c.asimd = f.asimd != 0;
  c.aes = f.aes != 0;
  c.pmull = f.pmull != 0;
  c.sha1 = f.sha1 != 0;
  c.sha2 = f.sha2 != 0;
#endif
  return c;
}

}  // namespace detail

// The CPU's capabilities, detected on the first call (never in a static initializer: detection
// costs tens of microseconds) and cached for the life of the program.
inline const cpu_caps& cpu() noexcept {
  static const cpu_caps caps = detail::detect_cpu();
  return caps;
}

// "aes sha avx2 ..." for the report.
inline std::string to_string(const cpu_caps& c) {
  std::string s;
  auto add = [&](bool on, const char* name) {
    if (!on) return;
    if (!s.empty()) s += ' ';
    s += name;
  };
#if FASTPRIM_ARCH_X86_64
  add(c.ssse3, "ssse3");
  add(c.sse4_1, "sse4.1");
  add(c.sse4_2, "sse4.2");
  add(c.aes, "aes");
  add(c.pclmulqdq, "pclmulqdq");
  add(c.sha, "sha");
  add(c.avx, "avx");
  add(c.avx2, "avx2");
  add(c.bmi2, "bmi2");
  add(c.fma, "fma");
  add(c.f16c, "f16c");
  add(c.avx512f, "avx512f");
  add(c.avx512bw, "avx512bw");
  add(c.avx512vl, "avx512vl");
  add(c.avx512dq, "avx512dq");
  add(c.avx512vbmi, "avx512vbmi");
  add(c.avx512vbmi2, "avx512vbmi2");
  add(c.avx512bitalg, "avx512bitalg");
  add(c.avx512vpopcntdq, "avx512vpopcntdq");
  add(c.vaes, "vaes");
  add(c.vpclmulqdq, "vpclmulqdq");
#else
  add(c.asimd, "asimd");
  add(c.aes, "aes");
  add(c.pmull, "pmull");
  add(c.sha1, "sha1");
  add(c.sha2, "sha2");
#endif
  return s.empty() ? std::string("(none)") : s;
}

FASTPRIM_NAMESPACE_END
