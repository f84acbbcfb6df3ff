// Constant-time: yes, but for one declassified verdict per lookup: whether the key (with its
// algorithm) equals a cached or recently seen one (docs/constant-time.md). The comparison itself
// is branch-free; schedules are built by the constant-time make_pac_schedule.
// fastprim/pac/key_cache.hpp: the per-thread key cache behind the one-shot pac::compute(alg, data,
// modifier, key) (pac/compute.hpp). Emulators call it as QEMU's pauth_computepac does, with the key
// on every call, and mostly with the key of the last call. The cache holds the full keyed
// schedules (scalar and SIMD forms, as a keyed_pac) of the two QARMA keys used last, and the two
// keys that missed last: a key that misses while it is among those is seen for the second time
// in a short while, and only then is its full schedule built. A stream of fresh keys therefore
// never builds a full schedule; it pays a few compares per call over the key-passed kernel.
// The schedules are wiped when replaced and when the thread exits. ISA: none.
#pragma once

#include <cstdint>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/pac/pac_kernels.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

struct pac_key_cache {
  static constexpr std::uint8_t empty = 0xFF;  // no algorithm: a free slot
  struct entry {
    pac_schedule sched{};
    std::uint64_t lo = 0, hi = 0;  // the key
    std::uint8_t alg = empty;      // pac::algorithm, or empty
  };
  struct seen_key {
    std::uint64_t lo = 0, hi = 0;
    std::uint8_t alg = empty;
  };
  entry e[2]{};
  seen_key seen[2]{};
  std::uint8_t mru = 0;        // the entry used last (the other one is replaced next)
  std::uint8_t seen_next = 0;  // the seen slot written next
  bool closed = false;         // the thread is exiting: cache nothing more

  // Wipes every key and schedule; the cache is empty afterwards.
  void clear() noexcept {
    secure_zero(static_cast<void*>(e), sizeof e);
    secure_zero(static_cast<void*>(seen), sizeof seen);
    for (auto& x : e) x.alg = empty;
    for (auto& x : seen) x.alg = empty;
    mru = 0;
    seen_next = 0;
  }
};

// One per thread. Trivially destructible, so that it is constant-initialised and the hit path
// reads it with no TLS wrapper call; pac_cache_wiper (below) wipes it at thread exit.
inline thread_local pac_key_cache pac_cache;

// Its destructor wipes the thread's cache and closes it (a later thread_local destructor that
// calls pac::compute takes the scalar path). Odr-used only where a key enters the cache, so a
// thread registers it (one __cxa_thread_atexit) when it caches its first key.
struct pac_key_cache_wiper {
  ~pac_key_cache_wiper() {
    pac_cache.clear();
    pac_cache.closed = true;
  }
};
inline thread_local pac_key_cache_wiper pac_cache_wiper;

// Whether (alg, lo, hi) is the key of `c`'s slot: compared without a branch (an OR of XORs,
// reduced to one bit by arithmetic), then the verdict alone is declassified. An empty slot never
// matches (its algorithm is none).
template <class Slot>
FASTPRIM_ALWAYS_INLINE bool pac_key_matches(const Slot& s, std::uint8_t alg, std::uint64_t lo,
                                            std::uint64_t hi) noexcept {
  const std::uint64_t d = (s.lo ^ lo) | (s.hi ^ hi) | std::uint64_t(s.alg ^ alg);
  std::uint64_t same = ((d | (std::uint64_t{0} - d)) >> 63) ^ 1;  // 1 iff d == 0
  FASTPRIM_CT_DECLASSIFY(same);
  return same != 0;
}

// The cached schedule of (alg, lo, hi) for a QARMA algorithm, or nullptr. The entry used last is
// tried first.
FASTPRIM_ALWAYS_INLINE const pac_schedule* pac_cache_find(pac_key_cache& c, std::uint8_t alg,
                                                          std::uint64_t lo, std::uint64_t hi) noexcept {
  const unsigned m = c.mru & 1;
  if (pac_key_matches(c.e[m], alg, lo, hi)) return &c.e[m].sched;
  if (pac_key_matches(c.e[m ^ 1], alg, lo, hi)) {
    c.mru = std::uint8_t(m ^ 1);
    return &c.e[m ^ 1].sched;
  }
  return nullptr;
}

// A miss: if the key is among the last two that missed, it is seen for the second time in a
// short while: returns the entry used least recently, wiped and holding the key, for the caller
// to fill with its full schedule (and makes it the entry used last). Otherwise remembers the key
// and returns nullptr (the caller runs the scalar one-shot path).
FASTPRIM_ZERO_REGS_INNER inline pac_key_cache::entry* pac_cache_admit(pac_key_cache& c, std::uint8_t alg,
                                                                      std::uint64_t lo,
                                                                      std::uint64_t hi) noexcept {
  if (c.closed) return nullptr;
  for (auto& s : c.seen) {
    if (pac_key_matches(s, alg, lo, hi)) {
      wipe_barrier(&pac_cache_wiper);  // registers the wiper (its destructor) for this thread
      secure_zero_object(s);
      s.alg = pac_key_cache::empty;
      const unsigned v = (c.mru & 1) ^ 1;
      pac_key_cache::entry& x = c.e[v];
      secure_zero_object(x);
      x.lo = lo;
      x.hi = hi;
      x.alg = alg;
      c.mru = std::uint8_t(v);
      return &x;
    }
  }
  pac_key_cache::seen_key& s = c.seen[c.seen_next & 1];
  s.lo = lo;
  s.hi = hi;
  s.alg = alg;
  c.seen_next = std::uint8_t((c.seen_next + 1) & 1);
  return nullptr;
}

}  // namespace detail
FASTPRIM_NAMESPACE_END
