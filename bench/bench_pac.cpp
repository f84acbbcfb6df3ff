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

// What sets the single-call latency: the QARMA-64 lane kernel of the dispatched backend with
// r = 1..8 rounds (2r + 1 linear layers each; the slope is the cost of one layer, the intercept
// the fixed cost of entry and exit), and, on x86 with AVX-512VL, dependent chains of the
// instructions one layer is made of (each row: 100 repetitions of the pattern per call, 8
// "bytes" per repetition, so ticks per byte x 8 = ticks per repetition).
void register_pac_limits() {
  const auto chosen = fastprim::detail::pac_select();
  const std::string group = "pac qarma-64 sigma2 one call by rounds (" +
                            std::string(fastprim::to_string(chosen.token)) + "), dependent chain";
  for (unsigned r = 1; r <= 8; ++r) {
    auto sched = std::make_shared<fastprim::detail::pac_schedule>();
    sched->q = fastprim::detail::make_qarma_keys(bench_key.lo, bench_key.hi, r, pac::sbox::sigma2);
    sched->v = fastprim::detail::make_qarma_simd_keys(bench_key.lo, bench_key.hi, r);
    const auto any = chosen.kernels->qarma_any;
    fpbench::add(group, "r=" + std::to_string(r) + " (" + std::to_string(2 * r + 1) + " layers)", 8,
                 [any, sched, x = std::uint64_t{1}]() mutable {
                   x = any(*sched, x, bench_modifier);
                   benchmark::DoNotOptimize(x);
                 });
  }
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  if (!fastprim::cpu().avx512vl) return;
  const std::string isa = "isa dependent chains (x86 AVX-512VL), 100 per call";
  // The floor of one layer of the lane kernel is its dependency depth, pshufb > pshufb > vpternlog
  // (3 cycles); the layer itself (s1 = pshufb(T1, z), s2 = pshufb(T2, z), a position pshufb of
  // each, s1 ^ key, one vpternlog) needs its four pshufbs on the two shuffle ports in two
  // consecutive cycles, which the allocator's port choice does not always give.
#define FASTPRIM_BENCH_CHAIN(NAME, ASM)                                                                    \
  fpbench::add(isa, NAME, 8 * 100, [] {                                                                    \
    __asm__ volatile(".rept 100\n\t" ASM "\n\t.endr" ::                                                    \
                         : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", \
                           "rax");                                                                         \
  })
  FASTPRIM_BENCH_CHAIN("pshufb", "vpshufb %%xmm0, %%xmm8, %%xmm0");
  FASTPRIM_BENCH_CHAIN("pshufb > pshufb > vpternlogq",
                       "vpshufb %%xmm0, %%xmm8, %%xmm1\n\tvpshufb %%xmm6, %%xmm1, %%xmm3\n\t"
                       "vpternlogq $0x96, %%xmm3, %%xmm9, %%xmm0");
  FASTPRIM_BENCH_CHAIN("one layer: 4 pshufb, vpxor, vpternlogq",
                       "vpshufb %%xmm0, %%xmm8, %%xmm1\n\tvpshufb %%xmm0, %%xmm9, %%xmm2\n\t"
                       "vpshufb %%xmm6, %%xmm2, %%xmm3\n\tvpshufb %%xmm7, %%xmm1, %%xmm4\n\t"
                       "vpxor %%xmm5, %%xmm1, %%xmm0\n\tvpternlogq $0x96, %%xmm4, %%xmm3, %%xmm0");
  // The same six instructions, the second position lookup after the key XOR: on Zen 4 (two shuffle
  // pipes, pshufb latency 2) the two position lookups then share a pipe, 6 cycles instead of 5.
  FASTPRIM_BENCH_CHAIN("one layer, other order: 4 pshufb, vpxor, vpternlogq",
                       "vpshufb %%xmm0, %%xmm8, %%xmm1\n\tvpshufb %%xmm0, %%xmm9, %%xmm2\n\t"
                       "vpshufb %%xmm7, %%xmm1, %%xmm4\n\tvpxor %%xmm5, %%xmm1, %%xmm0\n\t"
                       "vpshufb %%xmm6, %%xmm2, %%xmm3\n\tvpternlogq $0x96, %%xmm4, %%xmm3, %%xmm0");
  // The layer with rho^2 S in place (the form of most of QARMA5's layers): s1 = rho S(z) feeds both
  // position lookups, s2 = rho^2 S(z) only the key XOR. Alone it runs at its depth (5); one
  // instruction every 11 layers that the chain does not need, or one more in the chain, makes the
  // layers slower, not only by that instruction (rows per 11 layers; compare 11 x the bare row).
#define FASTPRIM_RHO2_LAYER                                                                              \
  "vpshufb %%xmm0, %%xmm8, %%xmm1\n\tvpshufb %%xmm0, %%xmm9, %%xmm2\n\t"                                 \
  "vpshufb %%xmm6, %%xmm1, %%xmm3\n\tvpshufb %%xmm7, %%xmm1, %%xmm4\n\tvpxor %%xmm5, %%xmm2, %%xmm0\n\t" \
  "vpternlogq $0x96, %%xmm4, %%xmm3, %%xmm0\n\t"
  FASTPRIM_BENCH_CHAIN("rho^2 layer", FASTPRIM_RHO2_LAYER);
  FASTPRIM_BENCH_CHAIN("11 rho^2 layers", ".rept 11\n\t" FASTPRIM_RHO2_LAYER ".endr");
  FASTPRIM_BENCH_CHAIN("11 rho^2 layers and a vpaddd off the chain",
                       ".rept 11\n\t" FASTPRIM_RHO2_LAYER ".endr\n\tvpaddd %%xmm5, %%xmm6, %%xmm3");
  FASTPRIM_BENCH_CHAIN("11 rho^2 layers and a vpxor in the chain (1 core cycle)",
                       ".rept 11\n\t" FASTPRIM_RHO2_LAYER ".endr\n\tvpxor %%xmm5, %%xmm0, %%xmm0");
#undef FASTPRIM_RHO2_LAYER
  // pshufb > vpternlog costs more than pshufb > vpxor unless the pshufb's result is vpternlog's
  // destination operand.
  FASTPRIM_BENCH_CHAIN("pshufb > vpxor", "vpshufb %%xmm8, %%xmm0, %%xmm1\n\tvpxor %%xmm1, %%xmm2, %%xmm0");
  FASTPRIM_BENCH_CHAIN("pshufb > vpternlogq (pshufb's result a source)",
                       "vpshufb %%xmm8, %%xmm0, %%xmm1\n\tvpternlogq $0x96, %%xmm1, %%xmm2, %%xmm0");
  FASTPRIM_BENCH_CHAIN("pshufb > vpternlogq (pshufb's result the destination)",
                       "vpshufb %%xmm8, %%xmm0, %%xmm0\n\tvpternlogq $0x96, %%xmm3, %%xmm2, %%xmm0");
  FASTPRIM_BENCH_CHAIN("vmovq gpr > xmm > gpr", "vmovq %%rax, %%xmm0\n\tvmovq %%xmm0, %%rax");
  // The other byte lookups (AVX-512 VBMI) that could take a pshufb's place in the layer, or look up
  // two nibbles of a byte at once: each through its index operand, as the state would be.
  if (fastprim::cpu().avx512vbmi) {
    FASTPRIM_BENCH_CHAIN("vpermb (16-byte table)", "vpermb %%xmm8, %%xmm0, %%xmm0");
    FASTPRIM_BENCH_CHAIN("vpermi2b (32-byte table)", "vpermi2b %%xmm8, %%xmm9, %%xmm0");
    FASTPRIM_BENCH_CHAIN("vpmultishiftqb", "vpmultishiftqb %%xmm8, %%xmm0, %%xmm0");
  }
  // A register source: Golden Cove-class renamers fold chains of adds of immediates.
  FASTPRIM_BENCH_CHAIN("add (1 core cycle)", "add %%rcx, %%rax");
#undef FASTPRIM_BENCH_CHAIN

  // Mock-ups of a QARMA5 single call in asm (one "call" per 8 bytes, 10 per benchmark iteration,
  // each call's input the previous call's output through a GPR): the kernel's entry (broadcast,
  // shift, mask and key), eleven layers and its exit, without the tweak work, the loads and the
  // call. The layer forms: s1 = rho S(z), s2 = rho^2 S(z) (two vpshufb), then
  //   rho S in place:   tern(P(s2), P'(s1), s1 ^ key)   the kernel's form in 10 of its 11 layers
  //   rho^2 S in place: tern(P(s1), P'(s1), s2 ^ key)   s2 has a cycle of slack
  //   ... and P' a vpshufd (latency 1): one critical vpshufb per level, no pair to collide
  // and the mix of forms the relabelled layouts allow at best (vpshufd in layers 1, 3, 7, 9).
  const std::string mock = "pac qarma5 call mock-ups in asm (x86 AVX-512VL, no tweak), dependent chain";
  alignas(64) static std::uint8_t mock_buf[4096];
#define FASTPRIM_MOCK_ENTRY                                              \
  "vpbroadcastq %[x], %%xmm0\n\tvpsrlvq 2048(%%rdi), %%xmm0, %%xmm0\n\t" \
  "vpternlogq $0x6a, %%xmm5, %%xmm6, %%xmm0\n\t"
#define FASTPRIM_MOCK_EXIT                                                         \
  "vpshufb %%xmm0, %%xmm8, %%xmm1\n\tvpshufd $0xee, %%xmm0, %%xmm2\n\t"            \
  "vpshufb %%xmm2, %%xmm9, %%xmm2\n\tvpternlogq $0x96, %%xmm7, %%xmm2, %%xmm1\n\t" \
  "vmovq %%xmm1, %[x]\n\t"
#define FASTPRIM_MOCK_LOOKUPS "vpshufb %%xmm0, %%xmm8, %%xmm1\n\tvpshufb %%xmm0, %%xmm9, %%xmm2\n\t"
#define FASTPRIM_MOCK_END "vpternlogq $0x96, %%xmm4, %%xmm3, %%xmm1\n\tvmovdqa %%xmm1, %%xmm0\n\t"
  // the layer forms, for layer l of an .irp over the layer numbers
#define FASTPRIM_MOCK_RHO                                                                 \
  FASTPRIM_MOCK_LOOKUPS                                                                   \
  "vpshufb 48*\\l(%%rdi), %%xmm2, %%xmm3\n\tvpshufb 48*\\l+16(%%rdi), %%xmm1, %%xmm4\n\t" \
  "vpxorq 1024+16*\\l(%%rdi), %%xmm1, %%xmm1\n\t" FASTPRIM_MOCK_END
#define FASTPRIM_MOCK_RHO2                                                                \
  FASTPRIM_MOCK_LOOKUPS                                                                   \
  "vpshufb 48*\\l(%%rdi), %%xmm1, %%xmm3\n\tvpshufb 48*\\l+16(%%rdi), %%xmm1, %%xmm4\n\t" \
  "vpxorq 1024+16*\\l(%%rdi), %%xmm2, %%xmm1\n\t" FASTPRIM_MOCK_END
#define FASTPRIM_MOCK_RHO2_D                                                   \
  FASTPRIM_MOCK_LOOKUPS                                                        \
  "vpshufb 48*\\l(%%rdi), %%xmm1, %%xmm3\n\tvpshufd $0x4e, %%xmm1, %%xmm4\n\t" \
  "vpxorq 1024+16*\\l(%%rdi), %%xmm2, %%xmm1\n\t" FASTPRIM_MOCK_END
  // rho S in place, q3 a vpshufd: s2 feeds the one vpshufb position lookup and goes first
#define FASTPRIM_MOCK_RHO_D                                                    \
  "vpshufb %%xmm0, %%xmm9, %%xmm2\n\tvpshufb %%xmm0, %%xmm8, %%xmm1\n\t"       \
  "vpshufb 48*\\l(%%rdi), %%xmm2, %%xmm3\n\tvpshufd $0x4e, %%xmm1, %%xmm4\n\t" \
  "vpxorq 1024+16*\\l(%%rdi), %%xmm1, %%xmm1\n\t" FASTPRIM_MOCK_END
#define FASTPRIM_MOCK_CALLS(NAME, LAYERS)                                                              \
  fpbench::add(mock, NAME, 8 * 10, [x = std::uint64_t{1}]() mutable {                                  \
    __asm__ volatile(".rept 10\n\t" FASTPRIM_MOCK_ENTRY LAYERS FASTPRIM_MOCK_EXIT ".endr"              \
                     : [x] "+r"(x)                                                                     \
                     : "D"(mock_buf)                                                                   \
                     : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", \
                       "memory");                                                                      \
  })
  FASTPRIM_MOCK_CALLS("entry and exit only", "");
  FASTPRIM_MOCK_CALLS("rho S in place, 11 layers",
                      ".irp l,0,1,2,3,4,5,6,7,8,9,10\n\t" FASTPRIM_MOCK_RHO ".endr\n\t");
  FASTPRIM_MOCK_CALLS("rho^2 S in place, 11 layers",
                      ".irp l,0,1,2,3,4,5,6,7,8,9,10\n\t" FASTPRIM_MOCK_RHO2 ".endr\n\t");
  FASTPRIM_MOCK_CALLS("rho^2 S in place, one position lookup a vpshufd, 11 layers",
                      ".irp l,0,1,2,3,4,5,6,7,8,9,10\n\t" FASTPRIM_MOCK_RHO2_D ".endr\n\t");
  FASTPRIM_MOCK_CALLS("the best mix the layouts allow (vpshufd in layers 1, 3, 7, 9)",
                      ".irp l,0\n\t" FASTPRIM_MOCK_RHO2
                      ".endr\n\t"
                      ".irp l,1\n\t" FASTPRIM_MOCK_RHO_D
                      ".endr\n\t"
                      ".irp l,2\n\t" FASTPRIM_MOCK_RHO2
                      ".endr\n\t"
                      ".irp l,3\n\t" FASTPRIM_MOCK_RHO_D
                      ".endr\n\t"
                      ".irp l,4,5,6\n\t" FASTPRIM_MOCK_RHO2
                      ".endr\n\t"
                      ".irp l,7\n\t" FASTPRIM_MOCK_RHO_D
                      ".endr\n\t"
                      ".irp l,8\n\t" FASTPRIM_MOCK_RHO2
                      ".endr\n\t"
                      ".irp l,9\n\t" FASTPRIM_MOCK_RHO_D
                      ".endr\n\t"
                      ".irp l,10\n\t" FASTPRIM_MOCK_RHO2 ".endr\n\t");
#undef FASTPRIM_MOCK_CALLS
#undef FASTPRIM_MOCK_RHO_D
#undef FASTPRIM_MOCK_RHO2_D
#undef FASTPRIM_MOCK_RHO2
#undef FASTPRIM_MOCK_RHO
#undef FASTPRIM_MOCK_END
#undef FASTPRIM_MOCK_LOOKUPS
#undef FASTPRIM_MOCK_EXIT
#undef FASTPRIM_MOCK_ENTRY
#endif
}

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
    fpbench::add(lat, "fastprim one-shot compute()", 8, [alg, x = std::uint64_t{1}]() mutable {
      x = pac::compute(alg, x, bench_modifier, bench_key);
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
  register_pac_limits();
}
