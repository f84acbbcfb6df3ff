// fastprim/pac/compute.hpp: Arm pointer authentication's ComputePAC, the full 64-bit cipher
// output, for QARMA5 (FEAT_PACQARMA5), QARMA3 (FEAT_PACQARMA3) and QEMU's impdef hash; one call,
// a batch over spans, and a keyed object that prepares the key once and binds its backend. Also
// the general QARMA-64 cipher (rounds and S-box as parameters, the paper's instances).
// Backends: scalar (portable, constant-time: bitsliced nibble logic) and Highway hwy_* (byte
// shuffles, constant-time). Reference: pac-spec.md sections 2-7; the pointer model (which bits
// of the output land in a pointer) is not here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <span>

#include "fastprim/backend.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/dispatch/pac.hpp"
#include "fastprim/error.hpp"
#include "fastprim/pac/key_cache.hpp"
#if !FASTPRIM_DECLARE_ONLY
#include "fastprim/pac/qarma_simd.hpp"
#endif

FASTPRIM_NAMESPACE_BEGIN
namespace pac {

// A 128-bit PAC key as held in APxxKeyHi_EL1:APxxKeyLo_EL1. For QARMA, `hi` is the whitening
// key w0 and `lo` the core key k0 (pac-spec section 2).
struct key {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;
  friend constexpr bool operator==(const key&, const key&) = default;
};

enum class algorithm : std::uint8_t {
  qarma5,  // QARMA-64, r = 5, sigma2 (FEAT_PACQARMA5, QEMU <= 9.2 default)
  qarma3,  // r = 3, sigma1 (FEAT_PACQARMA3)
  impdef,  // QEMU's XXH64-based hash (pauth-impdef=on, QEMU >= 10.0 default)
};

}  // namespace pac

namespace detail {

namespace pac {  // the public types that detail code names as pac::
using fastprim::pac::algorithm;
using fastprim::pac::key;
}  // namespace pac

#if FASTPRIM_DECLARE_ONLY
// Separate mode: built in the implementation TU, where the SIMD tables are evaluated.
template <int = 0>
pac_schedule make_pac_schedule_rt(pac::algorithm alg, pac::key k, bool with_simd) noexcept;
#else
FASTPRIM_ZERO_REGS constexpr pac_schedule make_pac_schedule(pac::algorithm alg, pac::key k,
                                                            bool with_simd) noexcept {
  pac_schedule s{};
  switch (alg) {
    case pac::algorithm::qarma5:
      s.q = make_qarma_keys(k.lo, k.hi, 5, pac::sbox::sigma2);
      break;
    case pac::algorithm::qarma3:
      s.q = make_qarma_keys(k.lo, k.hi, 3, pac::sbox::sigma1);
      break;
    case pac::algorithm::impdef:
      s.h = make_impdef_keys(k.lo, k.hi);
      break;
  }
  if (with_simd && alg != pac::algorithm::impdef) s.v = make_qarma_simd_keys(k.lo, k.hi, s.q.rounds);
  return s;
}

// What keyed objects call at run time: make_pac_schedule, instantiated once by the implementation
// TU in the separate mode.
template <int = 0>
FASTPRIM_ZERO_REGS pac_schedule make_pac_schedule_rt(pac::algorithm alg, pac::key k,
                                                     bool with_simd) noexcept {
  return make_pac_schedule(alg, k, with_simd);
}
#if defined(FASTPRIM_SEPARATE_IMPL) && defined(FASTPRIM_IMPLEMENTATION)
template pac_schedule make_pac_schedule_rt<>(pac::algorithm, pac::key, bool) noexcept;
#endif
#endif

struct pac_binding {
  backend token;
  const pac_kernels* kernels;
};

// Bound once per keyed object: the dispatch choice for primitive::pac.
inline pac_binding pac_select() noexcept {
  const auto s = select<primitive::pac>();
  return {s.token, s.kernels};
}

inline result<void> check_pac_spans(std::span<const std::uint64_t> data,
                                    std::span<const std::uint64_t> modifier,
                                    std::span<std::uint64_t> out) noexcept {
  if (data.size() != modifier.size()) return error{errc::bad_length, "data and modifier differ in length"};
  if (out.size() < data.size()) return errc::short_output;
  const auto overlaps = [&](std::span<const std::uint64_t> in) {
    const auto* o = out.data();
    const auto* i = in.data();
    return in.size() != 0 && o != i && o < i + in.size() && i < o + data.size();
  };
  if (overlaps(data) || overlaps(modifier)) return errc::overlap;
  return {};
}

}  // namespace detail

namespace pac {

// A key prepared for one algorithm, bound to a backend when built: emulators reuse a key for
// millions of PACs. The key is not kept, only its schedule (scalar and SIMD forms), which is
// wiped on destruction. Copyable; moving copies (no moved-from state: the source keeps its
// schedule and backend, see error.hpp).
class keyed_pac {
 public:
  keyed_pac(pac::algorithm alg, key k) noexcept : keyed_pac(alg, k, detail::pac_select()) {}
  // Copy and move alike (no move constructor: an rvalue takes the copy, the source stays whole).
  keyed_pac(const keyed_pac&) noexcept = default;
  keyed_pac& operator=(const keyed_pac&) noexcept = default;
  ~keyed_pac() { detail::secure_zero_object(sched_); }

  // The full 64-bit ComputePAC(data, modifier, key).
  std::uint64_t compute(std::uint64_t data, std::uint64_t modifier) const noexcept {
    return single_(sched_, data, modifier);
  }
  // out[i] = compute(data[i], modifier[i]). Errors: sizes of `data` and `modifier` differ
  // (bad_length), `out` too short (short_output), `out` partly overlapping an input (overlap).
  [[nodiscard]] result<void> compute(std::span<const std::uint64_t> data,
                                     std::span<const std::uint64_t> modifier,
                                     std::span<std::uint64_t> out) const noexcept {
    if (auto r = detail::check_pac_spans(data, modifier, out); !r) return r;
    batch_(sched_, data.data(), modifier.data(), out.data(), data.size());
    return {};
  }

  fastprim::backend backend() const noexcept { return backend_; }
  pac::algorithm algorithm() const noexcept { return alg_; }

 private:
  keyed_pac(pac::algorithm alg, key k, detail::pac_binding b) noexcept
      : sched_(detail::make_pac_schedule_rt(alg, k, true)),
        single_(b.kernels->single[unsigned(alg)]),
        batch_(b.kernels->batch[unsigned(alg)]),
        backend_(b.token),
        alg_(alg) {}

  detail::pac_schedule sched_;
  detail::pac_single_fn single_;
  detail::pac_batch_fn batch_;
  fastprim::backend backend_;
  pac::algorithm alg_;
};

}  // namespace pac

namespace detail {

// pac::compute for a QARMA key not in the cache (out of line: the hit path stays small where
// it is inlined): a key seen the second time gets its full schedule in the cache; any other
// runs the dispatched backend's key-passed kernel, which builds only what one call needs.
FASTPRIM_ZERO_REGS FASTPRIM_NOINLINE inline std::uint64_t pac_compute_miss(
    pac_key_cache& c, pac::algorithm alg, std::uint64_t data, std::uint64_t modifier, pac::key k) noexcept {
  const auto a = std::uint8_t(alg);
  if (pac_key_cache::entry* e = pac_cache_admit(c, a, k.lo, k.hi)) {
    ::new (static_cast<void*>(&e->sched)) pac_schedule(make_pac_schedule_rt(alg, k, true));  // no temporary
    return dispatch<primitive::pac>().single[a](e->sched, data, modifier);
  }
  std::uint64_t r = dispatch<primitive::pac>().single_key[a](k.lo, k.hi, data, modifier);
  __asm__("" : "+r"(r));  // no tail call: this function's own return zeroes the registers that held the key
  return r;
}

}  // namespace detail

namespace pac {

// One-shot ComputePAC, the key passed on every call (as QEMU's pauth_computepac takes it). A
// QARMA key used again shortly runs as fast as a keyed_pac: each thread caches the full schedules
// of the two keys it used last (pac/key_cache.hpp), built when a key is seen the second time in a
// short while, and runs them on the dispatched backend (so set_policy applies on the next call).
// A fresh key runs the dispatched backend with the layer keys of this call only, built in place.
// What the timing reveals: whether the key (with `alg`) was one of the few used last
// (docs/constant-time.md). impdef needs no cache (its schedule is two multiplies).
FASTPRIM_ZERO_REGS inline std::uint64_t compute(algorithm alg, std::uint64_t data, std::uint64_t modifier,
                                                key k) noexcept {
  using namespace detail;
  if (alg == algorithm::impdef) {
    impdef_keys h = make_impdef_keys(k.lo, k.hi);
    const std::uint64_t r = impdef_compute(h, data, modifier);
    secure_zero_object(h);
    return r;
  }
  pac_key_cache& c = pac_cache;
  const auto a = std::uint8_t(alg);
  if (const pac_schedule* s = pac_cache_find(c, a, k.lo, k.hi))
    return dispatch<primitive::pac>().single[a](*s, data, modifier);
  return pac_compute_miss(c, alg, data, modifier, k);
}

// Batch: out[i] = compute(alg, data[i], modifier[i], k). Errors as keyed_pac::compute.
[[nodiscard]] inline result<void> compute(algorithm alg, std::span<const std::uint64_t> data,
                                          std::span<const std::uint64_t> modifier, key k,
                                          std::span<std::uint64_t> out) noexcept {
  return keyed_pac(alg, k).compute(data, modifier, out);
}

// The general QARMA-64 cipher (encryption) of `plaintext` under `tweak`, with w0 = k.hi and
// k0 = k.lo, `rounds` forward rounds (1..8; the paper uses 5..7, Arm QARMA5 5 and QARMA3 3) and
// S-box `s` (backward rounds use its inverse). bad_argument if `rounds` is out of range.
[[nodiscard]] inline result<std::uint64_t> qarma64(std::uint64_t plaintext, std::uint64_t tweak, key k,
                                                   unsigned rounds, sbox s) noexcept {
  if (rounds < 1 || rounds > detail::qarma::max_rounds)
    return error{errc::bad_argument, "rounds must be 1..8"};
  if (unsigned(s) > unsigned(sbox::sigma2)) return error{errc::bad_argument, "unknown S-box"};
  return detail::pac_select().kernels->qarma64(plaintext, tweak, k.hi, k.lo, rounds, s);
}

}  // namespace pac
FASTPRIM_NAMESPACE_END
