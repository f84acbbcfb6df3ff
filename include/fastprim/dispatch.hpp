// fastprim/dispatch.hpp: the engine of the dispatch layer, the only place that orders and
// chooses backends. It knows every backend but no algorithm: each primitive's registry
// (fastprim/dispatch/<alg>.hpp) specialises detail::kernels_of<P> with its struct of function
// pointers, its best-first table and its tunings (docs/design.md).
//
// A backend is usable when it is compiled in (this compiler and architecture can build it, and
// the primitive implements it), the CPU supports it (cpu.hpp), and it is not disabled
// (environment FASTPRIM_BACKEND / FASTPRIM_DISABLE, or set_policy / pin_backend for tests).
// Where the compile target already guarantees a backend (-march=native: __AES__, __SHA__, the
// Highway static target, __ARM_FEATURE_CRYPTO) the table is cut after it; when that leaves one
// row, the choice is made at compile time: no run-time check, no overrides, and no code for
// the weaker backends.
#pragma once

#include <string>
#include <string_view>

#include "fastprim/dispatch/entry.hpp"
#include "fastprim/error.hpp"

#if FASTPRIM_DECLARE_ONLY
// Separate mode: the policy calls below, defined in the implementation TU.
FASTPRIM_NAMESPACE_BEGIN
[[nodiscard]] result<void> set_policy(std::string_view forced, std::string_view disabled);
std::string policy_error();
FASTPRIM_NAMESPACE_END
#else

#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "fastprim/backend.hpp"
#include "fastprim/cpu.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/dispatch/choice.hpp"
#include "fastprim/dispatch/tuning.hpp"

// The entry points' linkage (see FASTPRIM_DISPATCH_INSTANTIATE at the end).
#if defined(FASTPRIM_SEPARATE_IMPL)
#define FASTPRIM_DISPATCH_ENTRY
#define FASTPRIM_DISPATCH_ENTRY_HOT
#else
#define FASTPRIM_DISPATCH_ENTRY inline
#define FASTPRIM_DISPATCH_ENTRY_HOT FASTPRIM_ALWAYS_INLINE
#endif

FASTPRIM_NAMESPACE_BEGIN

namespace detail {

// ---- what the build can do, per backend (independent of the primitive) ----------------------------
constexpr bool hwy_compiled(std::int64_t target) noexcept { return (HWY_TARGETS & target) != 0; }
// Highway targets: a lower bit is a better target within one architecture.
constexpr bool hwy_static(std::int64_t target) noexcept {
  return (HWY_TARGETS & target) != 0 && HWY_STATIC_TARGET <= target &&
         ((HWY_STATIC_TARGET >= HWY_AVX3_DL && HWY_STATIC_TARGET <= HWY_SSSE3) == (target <= HWY_SSSE3));
}

constexpr bool isa_compiled(backend b) noexcept {
  switch (b) {
    case backend::scalar:
      return true;
    case backend::x86_aesni:
      return FASTPRIM_HAVE_X86_AESNI;
    case backend::x86_vaes:
      return FASTPRIM_HAVE_X86_VAES;
    case backend::x86_shani:
      return FASTPRIM_HAVE_X86_SHANI;
    case backend::armv8_ce:
      return FASTPRIM_HAVE_ARMV8_CE;
    case backend::hwy_avx3_dl:
      return hwy_compiled(HWY_AVX3_DL);
    case backend::hwy_avx3:
      return hwy_compiled(HWY_AVX3);
    case backend::hwy_avx2:
      return hwy_compiled(HWY_AVX2);
    case backend::hwy_ssse3:
      return hwy_compiled(HWY_SSSE3);
    case backend::hwy_neon:
      return hwy_compiled(HWY_NEON);
  }
  return false;
}

constexpr bool isa_static(backend b) noexcept {
  switch (b) {
    case backend::scalar:
      return true;
    case backend::x86_aesni:
      return FASTPRIM_STATIC_X86_AESNI;
    case backend::x86_vaes:
      return FASTPRIM_STATIC_X86_VAES;
    case backend::x86_shani:
      return FASTPRIM_STATIC_X86_SHANI;
    case backend::armv8_ce:
      return FASTPRIM_STATIC_ARMV8_CE;
    case backend::hwy_avx3_dl:
      return hwy_static(HWY_AVX3_DL);
    case backend::hwy_avx3:
      return hwy_static(HWY_AVX3);
    case backend::hwy_avx2:
      return hwy_static(HWY_AVX2);
    case backend::hwy_ssse3:
      return hwy_static(HWY_SSSE3);
    // Highway's NEON code is built with +crypto, which plain armv8-a does not guarantee.
    case backend::hwy_neon:
      return hwy_static(HWY_NEON) && FASTPRIM_STATIC_ARMV8_CE;
  }
  return false;
}

// What the CPU must have for each backend. The Highway rows match the target strings of
// Highway 1.0.3 (hwy/ops/set_macros-inl.h): code of that target may use all of them.
inline bool cpu_supports(backend b, const cpu_caps& c) noexcept {
  const bool hwy_ssse3 = c.ssse3;
  const bool hwy_sse4 = hwy_ssse3 && c.sse4_1 && c.sse4_2 && c.aes && c.pclmulqdq;
  const bool hwy_avx2 = hwy_sse4 && c.avx && c.avx2 && c.bmi2 && c.fma && c.f16c;
  const bool hwy_avx3 = hwy_avx2 && c.avx512f && c.avx512vl && c.avx512dq && c.avx512bw;
  const bool hwy_avx3_dl = hwy_avx3 && c.vaes && c.vpclmulqdq && c.avx512vbmi && c.avx512vbmi2 &&
                           c.avx512bitalg && c.avx512vpopcntdq;
  switch (b) {
    case backend::scalar:
      return true;
    case backend::x86_aesni:
      return c.aes && c.pclmulqdq && c.sse4_1 && c.ssse3;
    case backend::x86_vaes:
      return c.aes && c.pclmulqdq && c.sse4_1 && c.avx2 && c.avx512f && c.avx512vl && c.avx512bw &&
             c.avx512dq && c.vaes && c.vpclmulqdq;
    case backend::x86_shani:
      return c.sha && c.sse4_1 && c.ssse3;
    case backend::armv8_ce:
      return c.aes && c.pmull && c.sha1 && c.sha2;
    case backend::hwy_avx3_dl:
      return hwy_avx3_dl;
    case backend::hwy_avx3:
      return hwy_avx3;
    case backend::hwy_avx2:
      return hwy_avx2;
    case backend::hwy_ssse3:
      return hwy_ssse3;
    case backend::hwy_neon:
      return c.asimd && c.aes;  // Highway's NEON target is built with +crypto
  }
  return false;
}

// Specialised by each primitive's registry (fastprim/dispatch/<alg>.hpp):
//   using type = <struct of function pointers>;
//   static constexpr backend order[] = {...};     // best first; the last row is scalar
//   static constexpr std::span<const backend> order_for(cpu_tuning) noexcept;  // optional: a
//                                         permutation of `order` where microarchitectures disagree
//   template <backend B> static constexpr const type* get() noexcept;   // nullptr: not implemented
//   optionally refine() and variant_name(), see refined() below.
template <primitive P>
struct kernels_of;

// The default best-first table (the compile-time pruning follows it), and a tuning's own order
// where microarchitectures disagree (the run-time choice follows that one).
template <primitive P>
constexpr std::span<const backend> order() noexcept {
  return kernels_of<P>::order;
}
template <primitive P>
constexpr std::span<const backend> order(cpu_tuning t) noexcept {
  if constexpr (requires { kernels_of<P>::order_for(t); })
    return kernels_of<P>::order_for(t);
  else
    return kernels_of<P>::order;
}

// Every tuning's order is a permutation of the default one, ending in scalar.
template <primitive P>
constexpr bool orders_consistent() noexcept {
  for (cpu_tuning t : all_tunings) {
    const auto a = order<P>(), b = order<P>(t);
    if (a.size() != b.size() || b.back() != backend::scalar) return false;
    for (backend x : a) {
      int n = 0;
      for (backend y : b) n += y == x;
      if (n != 1) return false;
    }
  }
  return true;
}

// The table after compile-time pruning: rows compiled in and implemented, cut after the first
// row the compile target guarantees.
template <primitive P>
struct pruned {
  static_assert(orders_consistent<P>(), "a tuning's order must permute the default one, scalar last");
  static constexpr auto rows = [] {
    struct out_t {
      std::array<backend, std::size(all_backends)> b{};
      std::size_t n = 0;
    } out;
    for (backend x : order<P>()) {
      if (!isa_compiled(x)) continue;
      out.b[out.n++] = x;
      if (isa_static(x)) break;
    }
    return out;
  }();
  template <std::size_t... I>
  static constexpr auto kernels_impl(std::index_sequence<I...>) {
    return std::array<const kernels_t<P>*, sizeof...(I)>{kernels_of<P>::template get<rows.b[I]>()...};
  }
  // Constant tables; under FASTPRIM_SEPARATE_IMPL the Highway rows are read from the
  // implementation TU's exported pointers (constant-initialised, so safe at any time).
  static FASTPRIM_KERNELS_CONSTEXPR std::array<const kernels_t<P>*, rows.n> kernels() {
    return kernels_impl(std::make_index_sequence<rows.n>{});
  }
  static constexpr bool compile_time = rows.n == 1;
};

// ---- overrides -------------------------------------------------------------------------------------
struct policy_state {
  bool loaded = false;
  std::optional<backend> forced;                                 // FASTPRIM_BACKEND
  std::uint32_t disabled = 0;                                    // FASTPRIM_DISABLE, bit per backend
  std::array<std::optional<backend>, primitive_count> pinned{};  // tests
  std::string error;                                             // unknown tokens, reported
};

// The policy's lock: held only to resolve a slot or change the policy, so rarely contended. A
// C++20 atomic flag that sleeps in wait() rather than std::mutex, whose <mutex> (with <chrono>)
// would cost every including TU its parse time.
class policy_lock_t {
 public:
  void lock() noexcept {
    while (flag_.test_and_set(std::memory_order_acquire)) flag_.wait(true, std::memory_order_relaxed);
  }
  void unlock() noexcept {
    flag_.clear(std::memory_order_release);
    flag_.notify_one();
  }

 private:
  std::atomic_flag flag_;
};
inline policy_lock_t& policy_lock() noexcept {
  static constinit policy_lock_t m;
  return m;
}
// std::lock_guard's work, without <mutex>.
class policy_guard {
 public:
  explicit policy_guard(policy_lock_t& m) noexcept : m_(m) { m_.lock(); }
  ~policy_guard() { m_.unlock(); }
  policy_guard(const policy_guard&) = delete;
  policy_guard& operator=(const policy_guard&) = delete;

 private:
  policy_lock_t& m_;
};
inline policy_state& policy_unlocked() noexcept {
  static policy_state p;
  return p;
}

constexpr std::uint32_t bit(backend b) noexcept { return 1u << static_cast<unsigned>(b); }

// Parses "tok" or "tok1,tok2"; unknown tokens go to `bad`.
inline std::uint32_t parse_backend_list(std::string_view s, std::string& bad) {
  std::uint32_t mask = 0;
  while (!s.empty()) {
    const auto comma = s.find(',');
    std::string_view tok = s.substr(0, comma);
    s = comma == std::string_view::npos ? std::string_view{} : s.substr(comma + 1);
    while (!tok.empty() && (tok.front() == ' ')) tok.remove_prefix(1);
    while (!tok.empty() && (tok.back() == ' ')) tok.remove_suffix(1);
    if (tok.empty()) continue;
    if (auto b = backend_from_string(tok)) {
      mask |= bit(*b);
    } else {
      if (!bad.empty()) bad += ", ";
      bad += '\'';
      bad += tok;
      bad += '\'';
    }
  }
  return mask;
}

inline std::string known_tokens() {
  std::string s;
  for (backend b : all_backends) {
    if (!s.empty()) s += ", ";
    s += to_string(b);
  }
  return s;
}

// Applies a forced token and a disable list to `p`; returns the error text ("" if none).
inline std::string apply_policy(policy_state& p, std::string_view forced, std::string_view disabled,
                                const char* forced_name, const char* disabled_name) {
  std::string err;
  p.forced.reset();
  if (!forced.empty()) {
    std::string bad;
    const std::uint32_t m = parse_backend_list(forced, bad);
    if (!bad.empty() || std::popcount(m) != 1) {
      err.append(forced_name)
          .append(": not exactly one known backend token in '")
          .append(forced)
          .append("' (ignored)");
    } else {
      p.forced = static_cast<backend>(std::countr_zero(m));
    }
  }
  std::string bad;
  p.disabled = parse_backend_list(disabled, bad);
  if (!bad.empty()) {
    if (!err.empty()) err.append("; ");
    err.append(disabled_name).append(": unknown backend token ").append(bad).append(" (ignored)");
  }
  if (!err.empty()) err += "; known tokens: " + known_tokens();
  return err;
}

// The environment is read on the first dispatch (never in a static initializer).
inline policy_state& policy_locked() {
  policy_state& p = policy_unlocked();
  if (!p.loaded) {
    p.loaded = true;
    const char* f = std::getenv("FASTPRIM_BACKEND");
    const char* d = std::getenv("FASTPRIM_DISABLE");
    p.error = apply_policy(p, f ? f : "", d ? d : "", "FASTPRIM_BACKEND", "FASTPRIM_DISABLE");
    if (!p.error.empty()) std::fprintf(stderr, "fastprim: %s\n", p.error.c_str());
  }
  return p;
}

// One slot per primitive: the resolved kernel table, or null until the first call.
template <primitive P>
inline std::atomic<const void*> slot{nullptr};
template <primitive P>
inline std::atomic<backend> slot_backend{backend::scalar};

inline void clear_slots() noexcept {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (slot<static_cast<primitive>(I)>.store(nullptr, std::memory_order_release), ...);
  }
  (std::make_index_sequence<primitive_count>{});
}

// Index into pruned<P>::rows of the backend to use, under policy `pol`; fills `out` if given.
template <primitive P>
std::size_t choose(const policy_state& pol, choice* out) {
  using pr = pruned<P>;
  const cpu_caps& caps = cpu();
  const std::size_t pi = static_cast<std::size_t>(P);
  auto usable = [&](std::size_t i, reason& why) {
    const backend b = pr::rows.b[i];
    if (pr::kernels()[i] == nullptr) return why = reason::not_compiled, false;
    if (!cpu_supports(b, caps)) return why = reason::cpu_lacks, false;
    if (pol.disabled & bit(b)) return why = reason::disabled, false;
    return true;
  };
  // The rows in this CPU's preferred order.
  std::array<std::size_t, std::size(all_backends)> rank{};
  std::size_t nrank = 0;
  for (backend b : order<P>(tuning_of(caps)))
    for (std::size_t i = 0; i < pr::rows.n; ++i)
      if (pr::rows.b[i] == b) rank[nrank++] = i;
  std::size_t pick = pr::rows.n;  // none yet
  std::array<reason, std::size(all_backends)> why{};
  // A pin, or a forced backend this primitive can use, wins; otherwise the best usable row.
  std::optional<backend> want = pol.pinned[pi];
  reason other = reason::not_pinned;
  if (!want && pol.forced) {
    want = pol.forced;
    other = reason::not_forced;
  }
  if (want) {
    for (std::size_t i = 0; i < pr::rows.n; ++i)
      if (pr::rows.b[i] == *want && usable(i, why[i])) pick = i;
    if (pick == pr::rows.n && !pol.pinned[pi] && *want != backend::scalar) want.reset();  // forced: fall back
  }
  for (std::size_t k = 0; k < nrank; ++k) {
    const std::size_t i = rank[k];
    reason r;
    if (pick == pr::rows.n && !want) {
      if (usable(i, r)) {
        pick = i;
      } else {
        why[i] = r;
      }
    } else if (i != pick) {
      if (usable(i, r))
        why[i] = want ? other : reason::worse;
      else
        why[i] = r;
    }
  }
  if (pick == pr::rows.n) pick = rank[nrank - 1];  // the last row is always usable (scalar)
  if (out) {
    out->p = P;
    out->chosen = pr::rows.b[pick];
    out->compile_time = pr::compile_time;
    out->rows.clear();
    bool past_static = false;
    // Which backends the compile target made redundant follows the default order.
    std::uint32_t below = 0;
    for (backend b : order<P>()) {
      if (past_static && isa_compiled(b)) below |= bit(b);
      if (isa_compiled(b) && isa_static(b)) past_static = true;
    }
    for (backend b : order<P>(tuning_of(caps))) {
      reason r = (below & bit(b)) ? reason::below_static : reason::not_compiled;
      for (std::size_t i = 0; i < pr::rows.n; ++i)
        if (pr::rows.b[i] == b) r = i == pick ? reason::chosen : why[i];
      out->rows.push_back({b, r});
    }
  }
  return pick;
}

// A backend's kernels may come in variants for CPU extensions beyond those the backend needs:
// kernels_of<P>::refine(backend, const cpu_caps&, const type*), if P has it, returns the table
// to use here, and kernels_of<P>::variant_name(table) names it in the report (nullptr: the
// backend's default table). The token stays the backend's; the variant is fixed when the slot resolves or a
// keyed object binds. (When the compile target guarantees the extension, get<B>() already
// returns the variant.)
template <primitive P>
inline const kernels_t<P>* refined(backend b, const kernels_t<P>* k) noexcept {
  if constexpr (requires { kernels_of<P>::refine(b, cpu(), k); })
    return k == nullptr ? k : kernels_of<P>::refine(b, cpu(), k);
  else
    return k;
}

template <primitive P>
FASTPRIM_NOINLINE const kernels_t<P>& resolve() {
  using pr = pruned<P>;
  policy_guard lock(policy_lock());
  const std::size_t i = choose<P>(policy_locked(), nullptr);
  const kernels_t<P>* k = refined<P>(pr::rows.b[i], pr::kernels()[i]);
  slot_backend<P>.store(pr::rows.b[i], std::memory_order_relaxed);
  slot<P>.store(k, std::memory_order_release);
  return *k;
}

// The kernels to use for P: resolved on the first call, then one load.
template <primitive P>
FASTPRIM_DISPATCH_ENTRY_HOT const kernels_t<P>& dispatch() {
  using pr = pruned<P>;
  if constexpr (pr::compile_time) {
    return *pr::kernels()[0];
  } else {
    const void* k = slot<P>.load(std::memory_order_acquire);
    if (FASTPRIM_LIKELY(k != nullptr)) return *static_cast<const kernels_t<P>*>(k);
    return resolve<P>();
  }
}

template <primitive P>
FASTPRIM_DISPATCH_ENTRY selection<P> select() {
  const kernels_t<P>& k = dispatch<P>();
  if constexpr (pruned<P>::compile_time)
    return {pruned<P>::rows.b[0], &k};
  else
    return {slot_backend<P>.load(std::memory_order_relaxed), &k};
}

// The kernels of one named backend, if it is usable here (ignores the policy): for tests and
// benches that run every backend, and for keyed objects built for a given backend.
template <primitive P>
FASTPRIM_DISPATCH_ENTRY const kernels_t<P>* kernels_for(backend b) noexcept {
  using pr = pruned<P>;
  for (std::size_t i = 0; i < pr::rows.n; ++i)
    if (pr::rows.b[i] == b && pr::kernels()[i] != nullptr && cpu_supports(b, cpu()))
      return refined<P>(b, pr::kernels()[i]);
  return nullptr;
}

template <primitive P>
inline choice explain() {
  policy_guard lock(policy_lock());
  choice c;
  const std::size_t i = choose<P>(policy_locked(), &c);
  if constexpr (requires { kernels_of<P>::variant_name(nullptr); }) {
    const kernels_t<P>* k = pruned<P>::kernels()[i];
    const kernels_t<P>* r = pruned<P>::compile_time ? k : refined<P>(pruned<P>::rows.b[i], k);
    if (r != nullptr) c.variant = kernels_of<P>::variant_name(r);
  }
  return c;
}

// Backends usable for P on this machine under the current policy (tests iterate over these).
template <primitive P>
inline std::vector<backend> usable_backends() {
  using pr = pruned<P>;
  policy_guard lock(policy_lock());
  const policy_state& pol = policy_locked();
  // Under FASTPRIM_BACKEND (the forced-scalar test run) only the backend dispatch would pick.
  if (pol.forced) return {pr::rows.b[choose<P>(pol, nullptr)]};
  std::vector<backend> v;
  for (backend b : order<P>(tuning_of(cpu())))
    for (std::size_t i = 0; i < pr::rows.n; ++i)
      if (pr::rows.b[i] == b && pr::kernels()[i] != nullptr && cpu_supports(b, cpu()) &&
          !(pol.disabled & bit(b)))
        v.push_back(b);
  return v;
}

template <primitive P>
inline result<void> pin(backend b) {
  if (kernels_for<P>(b) == nullptr)
    return error{errc::unavailable_backend, "backend not usable for this primitive here"};
  {
    policy_guard lock(policy_lock());
    policy_locked().pinned[static_cast<std::size_t>(P)] = b;
  }
  clear_slots();
  return {};
}

template <primitive P>
inline void unpin() {
  {
    policy_guard lock(policy_lock());
    policy_locked().pinned[static_cast<std::size_t>(P)].reset();
  }
  clear_slots();
}

}  // namespace detail

#if FASTPRIM_API_DEFINE
// The call that does what the environment variables do, for tests and programs: `forced` is
// one backend token or empty, `disabled` a comma-separated list. Unknown tokens are an error
// (and nothing changes). Takes effect for every primitive on its next call; keyed objects
// built earlier keep the backend they bound.
[[nodiscard]] FASTPRIM_API result<void> set_policy(std::string_view forced, std::string_view disabled) {
  detail::policy_state trial;
  std::string err = detail::apply_policy(trial, forced, disabled, "forced", "disabled");
  if (!err.empty()) return error{errc::unknown_backend, "unknown backend token"};
  {
    detail::policy_guard lock(detail::policy_lock());
    detail::policy_state& p = detail::policy_locked();
    p.forced = trial.forced;
    p.disabled = trial.disabled;
  }
  detail::clear_slots();
  return {};
}

// The error text for unknown tokens in FASTPRIM_BACKEND / FASTPRIM_DISABLE ("" if none).
FASTPRIM_API std::string policy_error() {
  detail::policy_guard lock(detail::policy_lock());
  return detail::policy_locked().error;
}
#else
// FASTPRIM_INTERNALS TUs of the separate mode: defined in the implementation TU.
[[nodiscard]] result<void> set_policy(std::string_view forced, std::string_view disabled);
std::string policy_error();
#endif

FASTPRIM_NAMESPACE_END

// The entry points (dispatch/entry.hpp): inline in header-only mode; under FASTPRIM_SEPARATE_IMPL
// out of line, instantiated by each registry in the implementation TU
// (FASTPRIM_DISPATCH_INSTANTIATE) for the other TUs to call.
#if defined(FASTPRIM_SEPARATE_IMPL) && defined(FASTPRIM_IMPLEMENTATION)
#define FASTPRIM_DISPATCH_INSTANTIATE(P)                           \
  FASTPRIM_NAMESPACE_BEGIN                                         \
  namespace detail {                                               \
  template const kernels_t<P>& dispatch<P>();                      \
  template selection<P> select<P>();                               \
  template const kernels_t<P>* kernels_for<P>(backend b) noexcept; \
  }                                                                \
  FASTPRIM_NAMESPACE_END
#else
#define FASTPRIM_DISPATCH_INSTANTIATE(P)
#endif

#endif  // FASTPRIM_DECLARE_ONLY
