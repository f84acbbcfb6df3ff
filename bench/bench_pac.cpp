// ComputePAC: QARMA5, QARMA3 and QEMU impdef, per backend, side by side in one run:
// single-call latency (a dependent chain: each output is the next call's data) and batch
// throughput (1024 independent PACs, one key), plus a plain bit-by-bit transcription of
// pac-spec section 5 as the speed reference point (bench only, never in the library).
// `bytes` is 8 per PAC: TSC ticks per PAC = tsc_per_byte * 8.

#include <array>
#include <cstdint>
#include <fastprim/pac/compute.hpp>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "harness.hpp"

namespace {

namespace pac = fastprim::pac;
using fastprim::backend;
using fastprim::detail::pac_kernels;

// ---- the speed reference: pac-spec section 5 transcribed bit by bit (nibble loops, tables) ----
namespace spec {
constexpr std::uint64_t rc[5] = {0x0000000000000000, 0x13198A2E03707344, 0xA4093822299F31D0,
                                 0x082EFA98EC4E6C89, 0x452821E638D01377};
constexpr std::uint64_t alpha = 0xC0AC29B7C97C50DD;
constexpr unsigned s2[16] = {0xb, 0x6, 0x8, 0xf, 0xc, 0x0, 0x9, 0xe, 0x3, 0x7, 0x4, 0x5, 0xd, 0x2, 0x1, 0xa};
constexpr unsigned s2i[16] = {0x5, 0xe, 0xd, 0x8, 0xa, 0xb, 0x1, 0x9, 0x2, 0x6, 0xf, 0x0, 0x4, 0xc, 0x7, 0x3};
constexpr unsigned s1[16] = {0xa, 0xd, 0xe, 0x6, 0xf, 0x7, 0x3, 0x5, 0x9, 0x8, 0x0, 0xc, 0xb, 0x1, 0x2, 0x4};
constexpr unsigned cs[16] = {13, 6, 11, 0, 7, 12, 1, 10, 8, 3, 14, 5, 2, 9, 4, 15};
constexpr unsigned cis[16] = {3, 6, 12, 9, 14, 11, 1, 4, 8, 13, 7, 2, 5, 0, 10, 15};
constexpr unsigned ts[16] = {4, 5, 6, 7, 11, 2, 3, 8, 12, 13, 14, 15, 0, 1, 10, 9};
constexpr unsigned tis[16] = {12, 13, 5, 6, 0, 1, 2, 3, 7, 15, 14, 4, 8, 9, 10, 11};

unsigned bit(std::uint64_t v, unsigned i) { return unsigned(v >> i) & 1; }
unsigned nib(std::uint64_t v, unsigned n) {
  unsigned r = 0;
  for (unsigned b = 0; b < 4; ++b) r |= bit(v, 4 * n + b) << b;
  return r;
}
std::uint64_t put(std::uint64_t v, unsigned n, unsigned x) {
  for (unsigned b = 0; b < 4; ++b) {
    v &= ~(std::uint64_t{1} << (4 * n + b));
    v |= std::uint64_t((x >> b) & 1) << (4 * n + b);
  }
  return v;
}
std::uint64_t sub(std::uint64_t v, const unsigned* s) {
  for (unsigned n = 0; n < 16; ++n) v = put(v, n, s[nib(v, n)]);
  return v;
}
std::uint64_t perm(std::uint64_t v, const unsigned* p) {
  std::uint64_t r = 0;
  for (unsigned n = 0; n < 16; ++n) r = put(r, n, nib(v, p[n]));
  return r;
}
unsigned rot(unsigned v, unsigned k) { return ((v << k) | (v >> (4 - k))) & 15; }
std::uint64_t mix(std::uint64_t v) {
  std::uint64_t r = 0;
  for (unsigned c = 0; c < 4; ++c) {
    const unsigned a[4] = {nib(v, c), nib(v, c + 4), nib(v, c + 8), nib(v, c + 12)};
    for (unsigned i = 0; i < 4; ++i)
      r = put(r, c + 4 * i, rot(a[(i + 1) % 4], 1) ^ rot(a[(i + 2) % 4], 2) ^ rot(a[(i + 3) % 4], 1));
  }
  return r;
}
std::uint64_t tweak(std::uint64_t t, bool inverse) {
  t = perm(t, inverse ? tis : ts);
  static constexpr unsigned fwd_cells[7] = {2, 4, 7, 11, 12, 14, 15}, inv_cells[7] = {0, 6, 8, 9, 10, 11, 15};
  for (unsigned n : inverse ? inv_cells : fwd_cells) {
    const unsigned v = nib(t, n);
    t = put(t, n, inverse ? ((v << 1) & 15) | ((v ^ (v >> 3)) & 1) : (v >> 1) | (((v ^ (v >> 1)) & 1) << 3));
  }
  return t;
}
std::uint64_t compute(std::uint64_t data, std::uint64_t modifier, pac::key k, unsigned r, const unsigned* s,
                      const unsigned* si) {
  const std::uint64_t w0 = k.hi, k0 = k.lo, w1 = ((w0 >> 1) | (w0 << 63)) ^ (w0 >> 63);
  std::uint64_t x = data ^ w0, t = modifier;
  for (unsigned i = 0; i < r; ++i) {
    x ^= k0 ^ t ^ rc[i];
    if (i > 0) x = mix(perm(x, cs));
    x = sub(x, s);
    t = tweak(t, false);
  }
  x ^= w1 ^ t;
  x = sub(mix(perm(x, cs)), s);
  x = perm(mix(perm(x, cs)) ^ k0, cis);
  x = perm(mix(sub(x, si)), cis);
  x ^= w0 ^ t;
  for (unsigned i = r; i-- > 0;) {
    x = sub(x, si);
    if (i > 0) x = perm(mix(x), cis);
    t = tweak(t, true);
    x ^= k0 ^ t ^ rc[i] ^ alpha;
  }
  return x ^ w1;
}
}  // namespace spec

const pac_kernels* kernels_of(backend b) {
  return fastprim::detail::kernels_for<fastprim::primitive::pac>(b);
}

constexpr pac::key bench_key{0xec2802d4e0a488e9, 0x84be85ce9804e94b};
constexpr std::uint64_t bench_modifier = 0x477d469dec0b8762;

}  // namespace

void register_pac() {
  const std::pair<pac::algorithm, const char*> algs[] = {{pac::algorithm::qarma5, "qarma5"},
                                                         {pac::algorithm::qarma3, "qarma3"},
                                                         {pac::algorithm::impdef, "impdef"}};
  constexpr std::size_t batch = 1024;
  auto data = std::make_shared<std::vector<std::uint64_t>>(batch);
  auto mods = std::make_shared<std::vector<std::uint64_t>>(batch);
  auto out = std::make_shared<std::vector<std::uint64_t>>(batch);
  std::mt19937_64 rng(1);
  for (auto& x : *data) x = rng();
  for (auto& x : *mods) x = rng();
  auto fresh_keys = std::make_shared<std::vector<pac::key>>(4096);
  for (auto& k : *fresh_keys) k = {rng(), rng()};

  for (const auto& entry : algs) {
    const pac::algorithm alg = entry.first;  // (clang 14 cannot capture structured bindings)
    const char* const name = entry.second;
    const std::string lat = std::string("pac ") + name + " one call, dependent chain";
    const std::string thr = std::string("pac ") + name + " batch of 1024";
    auto sched = std::make_shared<fastprim::detail::pac_schedule>(
        fastprim::detail::make_pac_schedule(alg, bench_key, true));
    for (backend b : fastprim::all_backends) {
      const pac_kernels* k = kernels_of(b);
      if (k == nullptr || !fastprim::detail::cpu_supports(b, fastprim::cpu())) continue;
      const std::string impl = "fastprim:" + std::string(fastprim::to_string(b));
      const auto single = k->single[unsigned(alg)];
      const auto many = k->batch[unsigned(alg)];
      fpbench::add(lat, impl, 8, [single, sched, x = std::uint64_t{1}]() mutable {
        x = single(*sched, x, bench_modifier);
        benchmark::DoNotOptimize(x);
      });
      fpbench::add(thr, impl, 8 * batch, [many, sched, data, mods, out] {
        many(*sched, data->data(), mods->data(), out->data(), batch);
        benchmark::DoNotOptimize(out->data());
      });
    }
    // The keyed object as users call it (dispatched backend; scalar until dispatch is wired).
    auto kp = std::make_shared<pac::keyed_pac>(alg, bench_key);
    fpbench::add(lat, "fastprim keyed_pac", 8, [kp, x = std::uint64_t{1}]() mutable {
      x = kp->compute(x, bench_modifier);
      benchmark::DoNotOptimize(x);
    });
    // The one-shot compute(alg, data, modifier, key), as an emulator calls it QEMU-style: the same
    // key on every call (its per-thread key cache holds the key's full schedule), and a fresh key
    // on every call (4096 random keys in turn: the scalar path, a schedule built per call). The
    // key is read from memory on every call, as an emulator reads it from the CPU state.
    auto same_key = std::make_shared<pac::key>(bench_key);
    fpbench::add(lat, "fastprim one-shot compute(), same key every call", 8,
                 [alg, same_key, x = std::uint64_t{1}]() mutable {
                   benchmark::DoNotOptimize(same_key.get());
                   x = pac::compute(alg, x, bench_modifier, *same_key);
                   benchmark::DoNotOptimize(x);
                 });
    fpbench::add(lat, "fastprim one-shot compute(), fresh key every call", 8,
                 [alg, fresh_keys, i = std::size_t{0}, x = std::uint64_t{1}]() mutable {
                   x = pac::compute(alg, x, bench_modifier, (*fresh_keys)[i++ & (fresh_keys->size() - 1)]);
                   benchmark::DoNotOptimize(x);
                 });
    if (alg != pac::algorithm::impdef) {
      const unsigned r = alg == pac::algorithm::qarma5 ? 5 : 3;
      const unsigned* s = alg == pac::algorithm::qarma5 ? spec::s2 : spec::s1;
      const unsigned* si = alg == pac::algorithm::qarma5 ? spec::s2i : spec::s1;
      fpbench::add(lat, "spec transcription (bit by bit)", 8, [r, s, si, x = std::uint64_t{1}]() mutable {
        x = spec::compute(x, bench_modifier, bench_key, r, s, si);
        benchmark::DoNotOptimize(x);
      });
      // Data and modifier both from the chain (an emulator's helper whose modifier was computed
      // just before): the tweak schedule is then on the critical path as well.
      fpbench::add(lat, "fastprim keyed_pac, modifier from the chain too", 8,
                   [kp, x = std::uint64_t{1}]() mutable {
                     x = kp->compute(x, x ^ bench_modifier);
                     benchmark::DoNotOptimize(x);
                   });
    }
  }
}
