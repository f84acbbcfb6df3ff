// lab/bench_isa.cpp (`build/lab/bench-isa`, with -Dlab=true): the fastprim-bench rows that are
// experiments rather than comparisons, kept as a Google Benchmark program of their own on the same
// harness (bench/harness.hpp: one row per group/impl/bytes, TSC ticks per byte in the
// `tsc_per_byte` counter). x86-64; the rows that need AVX-512VL, SHA-NI or AVX register only
// where the CPU has them.
//   - "pac qarma-64 sigma2 one call by rounds (<backend>), dependent chain": the lane kernel of the
//     dispatched PAC backend with r = 1..8 rounds: the slope is the cost of one layer, the intercept
//     that of entry and exit;
//   - "isa dependent chains (x86 AVX-512VL), 100 per call": latencies of the instructions a QARMA
//     layer is made of, alone and in the layer's patterns (ticks per byte x 8 = ticks per pattern);
//   - "pac qarma5 call mock-ups in asm (x86 AVX-512VL, no tweak), dependent chain": the bare data
//     path of a single QARMA5 call in asm with each layer form: the floor the kernel is held to;
//   - "aes128-ecb-enc-dirty-upper", "sha256-dirty-upper", "sha1-dirty-upper": legacy-SSE kernels
//     with the upper halves of ymm0-15 left dirty, through the bound table (vzeroupper on entry,
//     detail/sse_entry.hpp), called directly, and clean.
// Google Benchmark's own options, e.g.
//   build/lab/bench-isa --benchmark_filter='^isa' --benchmark_repetitions=5
//                       --benchmark_report_aggregates_only=true
// It prints the TSC rate and the core cycles per TSC tick first (bench/core_cycles.hpp).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fastprim/aes.hpp>
#include <fastprim/pac.hpp>
#include <fastprim/sha1.hpp>
#include <fastprim/sha256.hpp>
#include <functional>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "core_cycles.hpp"
#include "harness.hpp"

// ---- the harness's registry, as bench/main.cpp defines it for fastprim-bench --------------------
namespace fpbench {
bool quick() { return false; }
std::vector<std::size_t> sizes() { return {16, 64, 1024, 8192}; }
void register_run(const std::string& group, const std::string& impl, std::size_t bytes,
                  std::function<void(benchmark::State&)> run) {
  benchmark::RegisterBenchmark((group + "/" + impl + "/" + std::to_string(bytes)).c_str(), std::move(run));
}
}  // namespace fpbench

namespace {

namespace pac = fastprim::pac;
namespace fd = fastprim::detail;

constexpr pac::key bench_key{0xec2802d4e0a488e9, 0x84be85ce9804e94b};
constexpr std::uint64_t bench_modifier = 0x477d469dec0b8762;

// Sets the upper halves of zmm0-15 (ymm0-15 without AVX-512) to ones, as AVX code that skips
// vzeroupper leaves them: for the "-dirty-upper" rows, which show what detail/sse_entry.hpp's
// vzeroupper is for.
void dirty_upper() {
  if (fastprim::cpu().avx512f)
    __asm__ volatile(
        "vpternlogd $0xff, %%zmm0, %%zmm0, %%zmm0\n\t"
        "vpternlogd $0xff, %%zmm1, %%zmm1, %%zmm1\n\t"
        "vpternlogd $0xff, %%zmm2, %%zmm2, %%zmm2\n\t"
        "vpternlogd $0xff, %%zmm3, %%zmm3, %%zmm3\n\t"
        "vpternlogd $0xff, %%zmm4, %%zmm4, %%zmm4\n\t"
        "vpternlogd $0xff, %%zmm5, %%zmm5, %%zmm5\n\t"
        "vpternlogd $0xff, %%zmm6, %%zmm6, %%zmm6\n\t"
        "vpternlogd $0xff, %%zmm7, %%zmm7, %%zmm7\n\t"
        "vpternlogd $0xff, %%zmm8, %%zmm8, %%zmm8\n\t"
        "vpternlogd $0xff, %%zmm9, %%zmm9, %%zmm9\n\t"
        "vpternlogd $0xff, %%zmm10, %%zmm10, %%zmm10\n\t"
        "vpternlogd $0xff, %%zmm11, %%zmm11, %%zmm11\n\t"
        "vpternlogd $0xff, %%zmm12, %%zmm12, %%zmm12\n\t"
        "vpternlogd $0xff, %%zmm13, %%zmm13, %%zmm13\n\t"
        "vpternlogd $0xff, %%zmm14, %%zmm14, %%zmm14\n\t"
        "vpternlogd $0xff, %%zmm15, %%zmm15, %%zmm15\n\t" ::
            : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",
              "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
  else
    __asm__ volatile(
        "vpcmpeqd %%ymm0, %%ymm0, %%ymm0\n\t"
        "vpcmpeqd %%ymm1, %%ymm1, %%ymm1\n\t"
        "vpcmpeqd %%ymm2, %%ymm2, %%ymm2\n\t"
        "vpcmpeqd %%ymm3, %%ymm3, %%ymm3\n\t"
        "vpcmpeqd %%ymm4, %%ymm4, %%ymm4\n\t"
        "vpcmpeqd %%ymm5, %%ymm5, %%ymm5\n\t"
        "vpcmpeqd %%ymm6, %%ymm6, %%ymm6\n\t"
        "vpcmpeqd %%ymm7, %%ymm7, %%ymm7\n\t"
        "vpcmpeqd %%ymm8, %%ymm8, %%ymm8\n\t"
        "vpcmpeqd %%ymm9, %%ymm9, %%ymm9\n\t"
        "vpcmpeqd %%ymm10, %%ymm10, %%ymm10\n\t"
        "vpcmpeqd %%ymm11, %%ymm11, %%ymm11\n\t"
        "vpcmpeqd %%ymm12, %%ymm12, %%ymm12\n\t"
        "vpcmpeqd %%ymm13, %%ymm13, %%ymm13\n\t"
        "vpcmpeqd %%ymm14, %%ymm14, %%ymm14\n\t"
        "vpcmpeqd %%ymm15, %%ymm15, %%ymm15\n\t" ::
            : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",
              "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
}

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

void register_aes_dirty() {
  // The upper halves of ymm0-15 left dirty before the timed loop (see register_sha_dirty): AES-128
  // ECB of 8 KiB through the table dispatch binds for a legacy-SSE backend (a vzeroupper on entry on
  // a CPU with AVX), through its plain table (no vzeroupper), and the bound table undirtied:
  // x86_aesni, and hwy_ssse3 (the constant-time vector-permute AES).
  const auto dirty_rows = [](fastprim::backend b, const fd::aes_kernels* plain) {
    const fd::aes_kernels* bound = fd::kernels_for<fastprim::primitive::aes>(b);
    if (bound == nullptr || plain == nullptr || !fastprim::cpu().avx) return;
    constexpr std::size_t n = 8192;
    auto in = fpbench::buffer(n), key = fpbench::buffer(16, 2);
    auto out = std::make_shared<std::vector<std::byte>>(n);
    auto ks = std::make_shared<fd::aes_round_keys>();
    plain->expand_key(*ks, key->data(), 16);
    const std::string token(fastprim::to_string(b));
    const auto row = [&](const std::string& impl, const fd::aes_kernels* k, bool dirty) {
      fpbench::add(
          "aes128-ecb-enc-dirty-upper", impl, n,
          [in, out, ks, k] {
            k->by_rounds[0].encrypt_ecb(*ks, in->data(), out->data(), in->size() / 16);
            benchmark::DoNotOptimize(out->data());
          },
          dirty ? std::function<void()>(dirty_upper) : std::function<void()>());
    };
    row("fastprim:" + token, bound, true);
    row(token + " plain table, no vzeroupper", plain, true);
    row("fastprim:" + token + ", uppers not dirtied", bound, false);
  };
#if FASTPRIM_HAVE_X86_AESNI
  dirty_rows(fastprim::backend::x86_aesni, &fd::aes::x86_aesni::kernels);
#endif
#if FASTPRIM_HWY_SSSE3_AVX
  dirty_rows(fastprim::backend::hwy_ssse3, fd::aes::N_SSSE3::kernels);
#endif
}

void register_sha_dirty() {
#if FASTPRIM_HAVE_X86_SHANI
  // The upper halves of ymm0-15 left dirty before the timed loop (dirty_upper): the
  // dispatched one-shot (entered with a vzeroupper on a CPU with AVX, so the first call cleans
  // them), the x86_shani kernel called directly (legacy SSE, no vzeroupper: they stay dirty), and
  // the dispatched one-shot without the dirtying.
  if (fastprim::cpu().avx && fastprim::cpu().sha) {
    const auto rows = [](const std::string& group, std::size_t n, auto oneshot, auto kernel) {
      auto buf = fpbench::buffer(n);
      const std::span<const std::byte> msg(buf->data(), n);
      fpbench::add(
          group, "fastprim", n, [buf, msg, oneshot] { benchmark::DoNotOptimize(oneshot(msg)); }, dirty_upper);
      fpbench::add(
          group, "x86_shani kernel, no vzeroupper", n,
          [buf, msg, kernel] {
            std::array<std::byte, decltype(oneshot(msg))().size()> d;
            kernel(msg.data(), msg.size(), d.data());
            benchmark::DoNotOptimize(d);
          },
          dirty_upper);
      fpbench::add(group, "fastprim, uppers not dirtied", n,
                   [buf, msg, oneshot] { benchmark::DoNotOptimize(oneshot(msg)); });
    };
    const auto sha256_oneshot = [](std::span<const std::byte> m) { return fastprim::sha256::hash(m); };
    const auto sha256_kernel = [](const std::byte* p, std::size_t n, std::byte* out) {
      fd::sha::x86_shani::sha256_hash(fd::sha256_iv.data(), p, n, 0, out);
    };
    rows("sha256-dirty-upper", 32, sha256_oneshot, sha256_kernel);
    rows("sha256-dirty-upper", 8192, sha256_oneshot, sha256_kernel);
    rows(
        "sha1-dirty-upper", 64, [](std::span<const std::byte> m) { return fastprim::sha1::hash(m); },
        [](const std::byte* p, std::size_t n, std::byte* out) {
          fd::sha::x86_shani::sha1_hash(fd::sha1_iv.data(), p, n, 0, out);
        });
  }
#endif
}

double tsc_ghz() {
  using clk = std::chrono::steady_clock;
  const auto t0 = clk::now();
  const auto c0 = fpbench::ticks();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const auto c1 = fpbench::ticks();
  return static_cast<double>(c1 - c0) / std::chrono::duration<double, std::nano>(clk::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::printf("bench-isa: TSC %.3f GHz, %.2f core cycles per TSC tick (a dependent add chain)\n", tsc_ghz(),
              std::max(fpbench::core_cycles_per_tick(), fpbench::core_cycles_per_tick()));
  register_pac_limits();
  register_aes_dirty();
  register_sha_dirty();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
