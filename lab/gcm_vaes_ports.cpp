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
//     the reduction of 32 blocks spread over 8 zmm): the floor of a kernel made of these;
//   - message_mid's loop (one zmm at a time: counter xor, 10 rounds, data xor, store, byte swap;
//     per pair 8 vpclmulqdq and 4 vpternlogq) over 32 zmm, input and output at 16 mod 64 as in
//     fastprim-bench: no GHASH, each pair multiplied right after its rounds, and one pair late.
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

// message_mid's loop. MZ: zmm `dst` of the pair at byte `off` (counter table at %[c], data at
// %[i] and %[o]); MG: the pair in registers a and b times the powers at %[p] + poff.
#define MZ(dst, off)                                                                           \
  "vpxord " off "(%[c]),%%zmm5,%%zmm" dst                                                      \
  "\n"                                                                                         \
  ".irp k,10,11,12,13,14,15,16,17,18\n vaesenc %%zmm\\k,%%zmm" dst ",%%zmm" dst                \
  "\n .endr\n"                                                                                 \
  "vaesenclast %%zmm9,%%zmm" dst ",%%zmm" dst "\n vpxord " off "(%[i]),%%zmm" dst ",%%zmm" dst \
  "\n vmovdqu64 %%zmm" dst "," off "(%[o])\n vpshufb %%zmm1,%%zmm" dst ",%%zmm" dst "\n"
#define MG(a, b, poff)                                                     \
  "vmovdqu64 " poff "(%[p]),%%zmm2\n vmovdqu64 " poff                      \
  "+64(%[p]),%%zmm3\n"                                                     \
  "vpclmullqlqdq %%zmm2,%%zmm" a ",%%zmm29\n vpclmullqlqdq %%zmm3,%%zmm" b \
  ",%%zmm28\n"                                                             \
  "vpternlogq $0x96,%%zmm29,%%zmm28,%%zmm8\n vpclmulhqhqdq %%zmm2,%%zmm" a \
  ",%%zmm28\n"                                                             \
  "vpclmulhqhqdq %%zmm3,%%zmm" b                                           \
  ",%%zmm29\n vpternlogq $0x96,%%zmm29,%%zmm28,%%zmm7\n"                   \
  "vpclmullqhqdq %%zmm2,%%zmm" a ",%%zmm28\n vpclmulhqlqdq %%zmm2,%%zmm" a \
  ",%%zmm27\n"                                                             \
  "vpternlogq $0x96,%%zmm28,%%zmm27,%%zmm4\n vpclmullqhqdq %%zmm3,%%zmm" b \
  ",%%zmm28\n"                                                             \
  "vpclmulhqlqdq %%zmm3,%%zmm" b ",%%zmm27\n vpternlogq $0x96,%%zmm28,%%zmm27,%%zmm4\n"
// Pair k (bytes 128 k and 128 k + 64) in registers A (0, 6) or B (19, 20).
#define MZA(k) MZ("0", #k "*128") MZ("6", #k "*128+64")
#define MZB(k) MZ("19", #k "*128") MZ("20", #k "*128+64")
#define MGA(k) MG("0", "6", #k "*128")
#define MGB(k) MG("19", "20", #k "*128")
#define MID_NOW(k) MZA(k) MGA(k)
#define MID_NONE(k) MZA(k)
alignas(4096) unsigned char mid_ctr[4096], mid_in[8192], mid_out[8192], mid_pw[4096];
#define MID_LOOP(name, body)                                                                        \
  __attribute__((target(ISA), noinline)) double name(long n) {                                      \
    unsigned char *c = mid_ctr, *i = mid_in + 16, *o = mid_out + 16, *p = mid_pw;                   \
    double best = 1e30;                                                                             \
    for (int r = 0; r < 25; ++r) {                                                                  \
      const std::uint64_t t0 = __rdtsc();                                                           \
      for (long k = 0; k < n; ++k)                                                                  \
        __asm__ volatile(body ::[c] "r"(c), [i] "r"(i), [o] "r"(o), [p] "r"(p) : FP_CLOBBERS_EVEX); \
      best = std::min(best, static_cast<double>(__rdtsc() - t0) / static_cast<double>(n));          \
    }                                                                                               \
    return best;                                                                                    \
  }
#define MID16(m) m(0) m(1) m(2) m(3) m(4) m(5) m(6) m(7) m(8) m(9) m(10) m(11) m(12) m(13) m(14) m(15)
MID_LOOP(mid_none, MID16(MID_NONE))
MID_LOOP(mid_now, MID16(MID_NOW))
// One pair late: the rounds of pair k, then the multiplies of pair k - 1.
MID_LOOP(mid_late, MZA(0) MZB(1) MGA(0) MZA(2) MGB(1) MZB(3) MGA(2) MZA(4) MGB(3) MZB(5) MGA(4) MZA(6) MGB(5)
                       MZB(7) MGA(6) MZA(8) MGB(7) MZB(9) MGA(8) MZA(10) MGB(9) MZB(11) MGA(10) MZA(12)
                           MGB(11) MZB(13) MGA(12) MZA(14) MGB(13) MZB(15) MGA(14) MGB(15))

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
    std::printf(
        "  message_mid's loop, cycles per zmm (64 bytes): no GHASH %.2f | each pair multiplied after its "
        "rounds %.2f | one pair late %.2f\n",
        mid_none(n / 8) * c / 32, mid_now(n / 8) * c / 32, mid_late(n / 8) * c / 32);
  }
}
