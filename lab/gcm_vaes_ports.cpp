// lab/gcm_vaes_ports.cpp: the issue rates behind the x86_vaes AES-GCM kernel and the floor they set
// (`build-lab/lab/gcm-vaes-ports`, -Dlab=true; standalone asm, no fastprim). Core cycles per
// instruction from rdtsc, converted two ways: with a chain of dependent adds as in
// bench/core_cycles.hpp (run alone, at the frequency of scalar code) and with the same add chain inside a
// loop that also issues zmm vaesenc (at the frequency of AVX-512 code, which a core may lower). Best of 5
// runs.
//   - vaesenc zmm, ymm and xmm: latency (1 chain) and issue interval (12 independent chains);
//   - vpclmulqdq zmm: the same;
//   - AES-128 GCM per 64 bytes: 10 AES rounds (9 vaesenc + 1 vaesenclast) with the 4 vpclmulqdq of
//     one zmm of GHASH, and the same with the other vector ops the kernel issues per 64 bytes (round
//     0 xor, counter add, output xor, GHASH byte swap, 2 vpternlogq of the product sums, and 2 for
//     the reduction of 32 blocks spread over 8 zmm): the floor of a kernel made of these.
#include <x86intrin.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace {

#define FP_CLOBBERS_EVEX                                                                                     \
  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", \
      "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23",     \
      "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31", "rax", "memory"
#define ISA "avx512f,avx512vl,vaes,vpclmulqdq"
// Ticks per iteration of `body` (an asm string), best of 25 runs of `n` iterations (short runs: on a
// shared machine most long ones are interrupted).
#define FP_LOOP(name, body)                                                                \
  __attribute__((target(ISA), noinline)) double name(long n) {                             \
    double best = 1e30;                                                                    \
    for (int r = 0; r < 25; ++r) {                                                         \
      const std::uint64_t t0 = __rdtsc();                                                  \
      for (long i = 0; i < n; ++i) __asm__ volatile(body ::: FP_CLOBBERS_EVEX);            \
      best = std::min(best, static_cast<double>(__rdtsc() - t0) / static_cast<double>(n)); \
    }                                                                                      \
    return best;                                                                           \
  }

// 12 independent chains (registers 0..11) of one op; the key or second operand in register 12.
#define X12(op) ".irp r,0,1,2,3,4,5,6,7,8,9,10,11\n " op "\n .endr\n"
#define X8(op) ".irp r,0,1,2,3,4,5,6,7\n " op "\n .endr\n"
FP_LOOP(aes_z_1, X8("vaesenc %%zmm12, %%zmm0, %%zmm0"))
FP_LOOP(aes_z_12, X12("vaesenc %%zmm12, %%zmm\\r, %%zmm\\r"))
FP_LOOP(aes_y_1, X8("vaesenc %%ymm12, %%ymm0, %%ymm0"))
FP_LOOP(aes_y_12, X12("vaesenc %%ymm12, %%ymm\\r, %%ymm\\r"))
FP_LOOP(aes_x_12, X12("vaesenc %%xmm12, %%xmm\\r, %%xmm\\r"))
FP_LOOP(clmul_z_1, X8("vpclmulqdq $0x11, %%zmm12, %%zmm0, %%zmm0"))
FP_LOOP(clmul_z_12, X12("vpclmulqdq $0x11, %%zmm12, %%zmm\\r, %%zmm\\r"))
FP_LOOP(clmul_y_12, X12("vpclmulqdq $0x11, %%ymm12, %%ymm\\r, %%ymm\\r"))

// One iteration = 4 zmm (256 bytes) of AES-128: 4 chains of 9 vaesenc + 1 vaesenclast (zmm0-3,
// keys zmm12), and 4 x 4 vpclmulqdq of four GHASH zmm (zmm16-19 by zmm20, results into zmm21-28).
#define AES128_4                                                                  \
  ".rept 9\n vaesenc %%zmm12, %%zmm0, %%zmm0\n vaesenc %%zmm12, %%zmm1, %%zmm1\n" \
  " vaesenc %%zmm12, %%zmm2, %%zmm2\n vaesenc %%zmm12, %%zmm3, %%zmm3\n .endr\n"  \
  "vaesenclast %%zmm13, %%zmm0, %%zmm0\n vaesenclast %%zmm13, %%zmm1, %%zmm1\n"   \
  "vaesenclast %%zmm13, %%zmm2, %%zmm2\n vaesenclast %%zmm13, %%zmm3, %%zmm3\n"
#define CLMUL_4X4                                                                                  \
  ".irp r,16,17,18,19\n vpclmulqdq $0x00, %%zmm20, %%zmm\\r, %%zmm21\n"                            \
  " vpclmulqdq $0x01, %%zmm20, %%zmm\\r, %%zmm22\n vpclmulqdq $0x10, %%zmm20, %%zmm\\r, %%zmm23\n" \
  " vpclmulqdq $0x11, %%zmm20, %%zmm\\r, %%zmm24\n .endr\n"
// The other vector ops of 256 bytes: 4 round-0 xors, 4 counter adds, 4 output xors, 4 vpshufb,
// 8 vpternlogq for the product sums, 8 for the reduction (its share of 32 blocks).
#define OTHER_4                                                                                  \
  ".irp r,4,5,6,7\n vpxord %%zmm12, %%zmm\\r, %%zmm\\r\n vpaddq %%zmm14, %%zmm8, %%zmm\\r\n"     \
  " vpxord %%zmm13, %%zmm\\r, %%zmm9\n vpshufb %%zmm14, %%zmm\\r, %%zmm10\n"                     \
  " vpternlogq $0x96, %%zmm21, %%zmm22, %%zmm25\n vpternlogq $0x96, %%zmm23, %%zmm24, %%zmm26\n" \
  " vpternlogq $0x96, %%zmm21, %%zmm22, %%zmm27\n vpternlogq $0x96, %%zmm23, %%zmm24, %%zmm28\n .endr\n"
// The same with 8 chains (512 bytes: zmm0-7), the second four on zmm4-7 (OTHER_4's registers are
// then shared, which only adds false dependencies to ops off the AES chains).
#define AES128_8                                                                             \
  ".rept 9\n .irp r,0,1,2,3,4,5,6,7\n vaesenc %%zmm12, %%zmm\\r, %%zmm\\r\n .endr\n .endr\n" \
  ".irp r,0,1,2,3,4,5,6,7\n vaesenclast %%zmm13, %%zmm\\r, %%zmm\\r\n .endr\n"
FP_LOOP(aes128_4, AES128_4)
FP_LOOP(aes128_8, AES128_8)
FP_LOOP(gcm_aes_clmul_8, AES128_8 CLMUL_4X4 CLMUL_4X4)
FP_LOOP(gcm_all_8, AES128_8 CLMUL_4X4 CLMUL_4X4 OTHER_4 OTHER_4)
FP_LOOP(gcm_aes_clmul, AES128_4 CLMUL_4X4)
FP_LOOP(gcm_all, AES128_4 CLMUL_4X4 OTHER_4)

// 96 dependent adds: 96 cycles, as in bench/core_cycles.hpp, in runs as short as the others.
FP_LOOP(adds, ".rept 8\n" X12("add %%rax, %%rax") ".endr\n")
// 96 dependent adds beside 16 independent vaesenc zmm (16 cycles of the AES port at most): the
// add chain sets the pace at the frequency the core keeps while it runs AVX-512 code.
FP_LOOP(adds_beside_zmm,
        ".rept 4\n" X12("add %%rax, %%rax") ".endr\n" X8("vaesenc %%zmm12, %%zmm\\r, %%zmm\\r")
            X12("add %%rax, %%rax") X12("add %%rax, %%rax") X8("vaesenc %%zmm12, %%zmm\\r, %%zmm\\r")
                X12("add %%rax, %%rax") X12("add %%rax, %%rax"))

}  // namespace

int main() {
  if (!__builtin_cpu_supports("avx512vl") || !__builtin_cpu_supports("vaes") ||
      !__builtin_cpu_supports("vpclmulqdq")) {
    std::puts("gcm-vaes-ports: needs AVX-512VL, VAES and VPCLMULQDQ");
    return 0;
  }
  constexpr long n = 20'000;
  const double c_scalar = 96 / adds(n);
  const double c_zmm = 96 / adds_beside_zmm(n);
  std::printf("core cycles per TSC tick: %.3f (add chain alone), %.3f (add chain beside zmm vaesenc)\n",
              c_scalar, c_zmm);
  for (const double c : {c_scalar, c_zmm}) {
    std::printf("at %.3f cycles per tick:\n", c);
    std::printf(
        "  latency / issue interval, core cycles: vaesenc zmm %.2f / %.2f | ymm %.2f / %.2f | xmm - / %.2f\n",
        aes_z_1(n) * c / 8, aes_z_12(n) * c / 12, aes_y_1(n) * c / 8, aes_y_12(n) * c / 12,
        aes_x_12(n) * c / 12);
    std::printf("  vpclmulqdq zmm %.2f / %.2f | ymm - / %.2f\n", clmul_z_1(n) * c / 8, clmul_z_12(n) * c / 12,
                clmul_y_12(n) * c / 12);
    const double a = aes128_4(n) * c, m = gcm_aes_clmul(n) * c, f = gcm_all(n) * c;
    const double a8 = aes128_8(n) * c / 2, m8 = gcm_aes_clmul_8(n) * c / 2, f8 = gcm_all_8(n) * c / 2;
    std::printf(
        "  per 256 bytes of AES-128, 4 / 8 chains: 40 AES rounds %.1f / %.1f cycles | + 16 vpclmulqdq %.1f / "
        "%.1f"
        " | + 32 other vector ops %.1f / %.1f\n",
        a, a8, m, m8, f, f8);
    std::printf(
        "  AES-128 GCM floor, 4 / 8 chains: %.3f / %.3f cycles/byte (AES + clmul), %.3f / %.3f (all vector "
        "ops)"
        " = %.3f / %.3f ticks/byte\n",
        m / 256, m8 / 256, f / 256, f8 / 256, f / 256 / c, f8 / 256 / c);
  }
}
