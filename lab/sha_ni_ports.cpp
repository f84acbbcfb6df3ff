// lab/sha_ni_ports.cpp: how the x86 SHA instructions share the core's pipes, measured
// (`build/lab/sha-ni-ports`, -Dlab=true). Core cycles per loop iteration from rdtsc, converted with a
// chain of dependent adds (1 cycle each), best of several runs. The numbers behind the
// x86_shani multi-stream design (sha256_multi_x86_shani.hpp) and the limit it meets:
//   - latency and issue rate of sha256rnds2, sha1rnds4, sha256msg1 and sha256msg2, as 1..8
//     independent chains;
//   - one iteration = 8 sha256rnds2 in 4 chains (a quarter block of 4 streams), alone and with
//     the other instructions one SHA-256 block carries per 8 rounds (3 sha256msg1, 3 sha256msg2,
//     15 other vector ops: the W+K adds, the shuffles for the upper W+K pair, palignr, the
//     schedule adds, the byte swap), every one independent. Repeated runs on Zen 4 move by up to
//     30% for the mixes (10.7-14.2 cycles for the full mix, against the 12.6 per 8 rounds that the
//     real 3-stream kernel reaches), so read them as which instructions collide, not as a floor;
//   - the same block with the cheapest instruction choices, still all independent: the upper W+K
//     pair stored and loaded instead of vpshufd, W[t-7..] by vpblendmd + vpshufd instead of
//     vpalignr, and no byte swap at all. Zen 4: 9.9 cycles per 8 rounds, 0.62 c/B per block, so
//     0.66 c/B for 1 KiB messages (17 blocks per 1024 bytes): the bound under any kernel built
//     from these instructions, above the 0.6 of issue 3;
//   - what writes xmm0 (sha256rnds2's implicit W+K operand) before each sha256rnds2 of 4
//     chains: a load leaves the rounds at the issue bound (7.9 per 8), a vpaddd or vpshufd
//     does not (10.0-10.6);
//   - the SHA instructions beside ymm lane rounds (the proportions of a SHA-256 or SHA-1 round of
//     8 messages), as block rounds per cycle: what a kernel running SHA-NI streams and vector
//     lanes in one instruction stream could gain at most. Zen 4, two runs: SHA-256 2.03 alone,
//     2.22-2.25 with the lane ops (+10%, before the SHA-NI message schedule's own ops, which this
//     row leaves out); SHA-1: the lane ops alone 3.2-3.3, with sha1rnds4 beside them 3.2-3.3, no
//     gain. A fused SHA-1 prototype (16 zmm lanes and 2..8 SHA-NI streams in one loop) ran no
//     faster than the lanes alone;
//   - the issue intervals of the zmm ops of the SHA lane kernels (rotates and shifts against adds
//     and vpternlogd: Emerald Rapids 0.99 and 0.98 against 0.48 and 0.49 core cycles);
//   - which vector ops share sha256rnds2's pipe, and a block whose rounds run on SHA-NI while
//     AVX-512 lanes compute the message schedule of 16 messages (below, at the two loops).
//   - legacy-SSE SHA instructions among VEX code with the upper halves of ymm0-15 dirty (below).
//   - the share of the zmm lanes' two ports each SHA instruction takes, beside a full load of lane ops:
//     the bound on a kernel that runs SHA-NI streams and lanes together (below, at z64_alone).
#include <cpuid.h>
#include <x86intrin.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "core_cycles.hpp"

namespace {

#define FP_CLOBBERS                                                                                          \
  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", \
      "xmm13", "xmm14", "xmm15", "memory"
#define FP_CLOBBERS_EVEX                                                                                 \
  FP_CLOBBERS, "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", \
      "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31"
// Ticks per iteration of `body` (an asm string), best of 5 runs of `n` iterations.
#define FP_LOOP(name, isa, clobbers, body)                                                 \
  __attribute__((target(isa), noinline)) double name(long n) {                             \
    double best = 1e30;                                                                    \
    for (int r = 0; r < 5; ++r) {                                                          \
      const std::uint64_t t0 = __rdtsc();                                                  \
      for (long i = 0; i < n; ++i) __asm__ volatile(body ::: clobbers);                    \
      best = std::min(best, static_cast<double>(__rdtsc() - t0) / static_cast<double>(n)); \
    }                                                                                      \
    return best;                                                                           \
  }

// Issue intervals of the zmm ops the SHA lane kernels are made of: 12 independent chains of one op.
#define ZMM_12(op) ".irp r,0,1,2,3,4,5,6,7,8,9,10,11\n " op "\n .endr\n"
FP_LOOP(zmm_rotate, "avx512f", FP_CLOBBERS, ZMM_12("vprord $7, %%zmm\\r, %%zmm\\r"))
FP_LOOP(zmm_shift, "avx512f", FP_CLOBBERS, ZMM_12("vpsrld $7, %%zmm\\r, %%zmm\\r"))
FP_LOOP(zmm_add, "avx512f", FP_CLOBBERS, ZMM_12("vpaddd %%zmm12, %%zmm\\r, %%zmm\\r"))
FP_LOOP(zmm_ternlog, "avx512f", FP_CLOBBERS, ZMM_12("vpternlogd $0x96, %%zmm12, %%zmm13, %%zmm\\r"))

// 8 sha256rnds2 in 4 chains (state pairs xmm1/2 ... xmm7/8, W+K in xmm0).
#define RNDS2_4X2                                                             \
  "sha256rnds2 %%xmm0, %%xmm1, %%xmm2\n sha256rnds2 %%xmm0, %%xmm3, %%xmm4\n" \
  "sha256rnds2 %%xmm0, %%xmm5, %%xmm6\n sha256rnds2 %%xmm0, %%xmm7, %%xmm8\n" \
  "sha256rnds2 %%xmm0, %%xmm2, %%xmm1\n sha256rnds2 %%xmm0, %%xmm4, %%xmm3\n" \
  "sha256rnds2 %%xmm0, %%xmm6, %%xmm5\n sha256rnds2 %%xmm0, %%xmm8, %%xmm7\n"
// 3 sha256msg1 and 3 sha256msg2, each register written once per iteration.
#define MSG_3X2                                                                            \
  "sha256msg1 %%xmm9, %%xmm10\n sha256msg1 %%xmm9, %%xmm11\n sha256msg1 %%xmm9, %%xmm12\n" \
  "sha256msg2 %%xmm9, %%xmm13\n sha256msg2 %%xmm9, %%xmm14\n sha256msg2 %%xmm9, %%xmm15\n"
// 15 three-operand vector ops with fresh destinations: 4 W+K adds, 4 shuffles of the upper pair,
// 3 palignr, 3 schedule adds, 1 byte swap.
#define OTHER_15                                                                                     \
  "vpaddd %%xmm16, %%xmm17, %%xmm18\n vpaddd %%xmm16, %%xmm17, %%xmm19\n"                            \
  "vpaddd %%xmm16, %%xmm17, %%xmm20\n vpaddd %%xmm16, %%xmm17, %%xmm21\n"                            \
  "vpshufd $14, %%xmm16, %%xmm22\n vpshufd $14, %%xmm16, %%xmm23\n"                                  \
  "vpshufd $14, %%xmm16, %%xmm24\n vpshufd $14, %%xmm16, %%xmm25\n"                                  \
  "vpalignr $4, %%xmm16, %%xmm17, %%xmm26\n vpalignr $4, %%xmm16, %%xmm17, %%xmm27\n"                \
  "vpalignr $4, %%xmm16, %%xmm17, %%xmm18\n vpaddd %%xmm16, %%xmm17, %%xmm19\n"                      \
  "vpaddd %%xmm16, %%xmm17, %%xmm20\n vpaddd %%xmm16, %%xmm17, %%xmm21\n vpshufb %%xmm16, %%xmm17, " \
  "%%xmm22\n"

#define SHA "sha,sse4.1"
#define SHA_EVEX "sha,sse4.1,avx512f,avx512vl"
FP_LOOP(rnds2_1, SHA, FP_CLOBBERS,
        "sha256rnds2 %%xmm0, %%xmm1, %%xmm2\n sha256rnds2 %%xmm0, %%xmm2, %%xmm1\n")
FP_LOOP(rnds2_4, SHA, FP_CLOBBERS, RNDS2_4X2)
FP_LOOP(sha1rnds4_1, SHA, FP_CLOBBERS, "sha1rnds4 $0, %%xmm9, %%xmm1\n sha1rnds4 $0, %%xmm9, %%xmm1\n")
FP_LOOP(sha1rnds4_4, SHA, FP_CLOBBERS,
        "sha1rnds4 $0, %%xmm9, %%xmm1\n sha1rnds4 $0, %%xmm9, %%xmm2\n sha1rnds4 $0, %%xmm9, %%xmm3\n "
        "sha1rnds4 $0, %%xmm9, %%xmm4\n")
FP_LOOP(msg1_1, SHA, FP_CLOBBERS, "sha256msg1 %%xmm9, %%xmm1\n sha256msg1 %%xmm9, %%xmm1\n")
FP_LOOP(msg1_4, SHA, FP_CLOBBERS,
        "sha256msg1 %%xmm9, %%xmm1\n sha256msg1 %%xmm9, %%xmm2\n sha256msg1 %%xmm9, %%xmm3\n sha256msg1 "
        "%%xmm9, %%xmm4\n")
FP_LOOP(msg2_1, SHA, FP_CLOBBERS, "sha256msg2 %%xmm9, %%xmm1\n sha256msg2 %%xmm9, %%xmm1\n")
FP_LOOP(msg2_4, SHA, FP_CLOBBERS,
        "sha256msg2 %%xmm9, %%xmm1\n sha256msg2 %%xmm9, %%xmm2\n sha256msg2 %%xmm9, %%xmm3\n sha256msg2 "
        "%%xmm9, %%xmm4\n")
FP_LOOP(mix_rounds, SHA_EVEX, FP_CLOBBERS_EVEX, RNDS2_4X2)
FP_LOOP(mix_rounds_msg, SHA_EVEX, FP_CLOBBERS_EVEX, RNDS2_4X2 MSG_3X2)
FP_LOOP(mix_rounds_other, SHA_EVEX, FP_CLOBBERS_EVEX, RNDS2_4X2 OTHER_15)
FP_LOOP(mix_msg_other, SHA_EVEX, FP_CLOBBERS_EVEX, MSG_3X2 OTHER_15)
FP_LOOP(mix_all, SHA_EVEX, FP_CLOBBERS_EVEX, RNDS2_4X2 MSG_3X2 OTHER_15)

// The SHA instructions beside vector lanes (ymm, 8 messages per register), every op independent:
// whether a kernel that runs SHA-NI streams and lanes in one instruction stream gains.
// 16 ops in the proportions of a SHA-256 lane round (about 25 ops per round of 8 lanes: the Sigma
// rotations, Ch/Maj/XOR3 as vpternlogd, the adds, the schedule's shift), and 10 of a SHA-1 round.
#define YMM_SHA256_16                                                                                        \
  "vprord $6, %%ymm16, %%ymm20\n vprord $11, %%ymm16, %%ymm21\n vprord $25, %%ymm16, %%ymm22\n"              \
  "vprord $2, %%ymm17, %%ymm23\n vprord $13, %%ymm17, %%ymm24\n vprord $22, %%ymm17, %%ymm25\n"              \
  "vpternlogd $0x96, %%ymm16, %%ymm17, %%ymm26\n vpternlogd $0xca, %%ymm16, %%ymm17, %%ymm27\n"              \
  "vpternlogd $0xe8, %%ymm16, %%ymm17, %%ymm20\n vpternlogd $0x96, %%ymm16, %%ymm17, %%ymm21\n"              \
  "vpaddd %%ymm16, %%ymm17, %%ymm22\n vpaddd %%ymm16, %%ymm17, %%ymm23\n vpaddd %%ymm16, %%ymm17, %%ymm24\n" \
  "vpaddd %%ymm16, %%ymm17, %%ymm25\n vpaddd %%ymm16, %%ymm17, %%ymm26\n vpsrld $3, %%ymm16, %%ymm27\n"
#define YMM_SHA1_10                                                                                          \
  "vprold $5, %%ymm16, %%ymm20\n vprold $30, %%ymm16, %%ymm21\n vprold $1, %%ymm16, %%ymm22\n"               \
  "vpternlogd $0xca, %%ymm16, %%ymm17, %%ymm23\n vpternlogd $0x96, %%ymm16, %%ymm17, %%ymm24\n"              \
  "vpxord %%ymm16, %%ymm17, %%ymm25\n vpaddd %%ymm16, %%ymm17, %%ymm26\n vpaddd %%ymm16, %%ymm17, %%ymm27\n" \
  "vpaddd %%ymm16, %%ymm17, %%ymm20\n vpaddd %%ymm16, %%ymm17, %%ymm21\n"
#define SHA1RNDS4_5                                                                              \
  "sha1rnds4 $0, %%xmm9, %%xmm1\n sha1rnds4 $0, %%xmm9, %%xmm2\n sha1rnds4 $0, %%xmm9, %%xmm3\n" \
  "sha1rnds4 $0, %%xmm9, %%xmm4\n sha1rnds4 $0, %%xmm9, %%xmm5\n"
// Loops whose asm reads or writes memory at rdi (a scratch table).
alignas(64) unsigned char scratch[8192];
#define FP_LOOP_MEM(name, body)                                                              \
  __attribute__((target(SHA_EVEX), noinline)) double name(long n) {                          \
    double best = 1e30;                                                                      \
    for (int r = 0; r < 5; ++r) {                                                            \
      const std::uint64_t t0 = __rdtsc();                                                    \
      for (long i = 0; i < n; ++i) __asm__ volatile(body ::"D"(scratch) : FP_CLOBBERS_EVEX); \
      best = std::min(best, static_cast<double>(__rdtsc() - t0) / static_cast<double>(n));   \
    }                                                                                        \
    return best;                                                                             \
  }
// The other ops of the cheapest form: 4 W+K adds, their 4 stores and 4 loads of the upper pair, 3
// vpblendmd (mask k1) + vpshufd for W[t-7..], 3 schedule adds.
#define CHEAP_OTHER                                                                                      \
  "vpaddd %%xmm16, %%xmm17, %%xmm18\n vpaddd %%xmm16, %%xmm17, %%xmm19\n"                                \
  "vpaddd %%xmm16, %%xmm17, %%xmm20\n vpaddd %%xmm16, %%xmm17, %%xmm21\n"                                \
  "vmovdqu32 %%xmm16, (%%rdi)\n vmovdqu32 %%xmm16, 16(%%rdi)\n"                                          \
  "vmovdqu32 %%xmm16, 32(%%rdi)\n vmovdqu32 %%xmm16, 48(%%rdi)\n"                                        \
  "vmovq 72(%%rdi), %%xmm25\n vmovq 88(%%rdi), %%xmm26\n vmovq 104(%%rdi), %%xmm27\n vmovq 120(%%rdi), " \
  "%%xmm18\n"                                                                                            \
  "vpblendmd %%xmm16, %%xmm17, %%xmm19%{%%k1%}\n vpblendmd %%xmm16, %%xmm17, %%xmm20%{%%k1%}\n"          \
  "vpblendmd %%xmm16, %%xmm17, %%xmm21%{%%k1%}\n vpshufd $0x39, %%xmm16, %%xmm22\n"                      \
  "vpshufd $0x39, %%xmm16, %%xmm23\n vpshufd $0x39, %%xmm16, %%xmm24\n"                                  \
  "vpaddd %%xmm16, %%xmm17, %%xmm22\n vpaddd %%xmm16, %%xmm17, %%xmm23\n vpaddd %%xmm16, %%xmm17, %%xmm24\n"
FP_LOOP_MEM(mix_cheapest, "kxnorw %%k0, %%k0, %%k1\n" RNDS2_4X2 MSG_3X2 CHEAP_OTHER)

// What writes xmm0 before each of 8 sha256rnds2 in 4 chains: a load, a vpaddd, a vpshufd.
#define RND_X0(pre, a, c) pre "sha256rnds2 %%xmm0, %%xmm" #a ", %%xmm" #c "\n"
#define RNDS2_4X2_X0(pre) \
  RND_X0(pre, 1, 2)       \
  RND_X0(pre, 3, 4)       \
  RND_X0(pre, 5, 6) RND_X0(pre, 7, 8) RND_X0(pre, 2, 1) RND_X0(pre, 4, 3) RND_X0(pre, 6, 5) RND_X0(pre, 8, 7)
FP_LOOP_MEM(x0_load, RNDS2_4X2_X0("vmovq 8(%%rdi), %%xmm0\n"))
FP_LOOP_MEM(x0_paddd, RNDS2_4X2_X0("vpaddd %%xmm9, %%xmm10, %%xmm0\n"))
FP_LOOP_MEM(x0_pshufd, RNDS2_4X2_X0("vpshufd $14, %%xmm9, %%xmm0\n"))

// Which vector ops share sha256rnds2's pipe: 16 sha256rnds2 (4 chains, W+K loaded) with 8 of
// one op beside them, all independent. Zen 4: vprord zmm, vprorvd and vpternlogd (any width)
// collide (16 -> 19.3-20.3 cycles); vprord ymm, shifts, vpxord, vpaddd, vpunpckldq and vpshufb
// run beside the rounds (15.7-16.1); zmm stores collide (4 of them: 22.2), ymm stores less (16.7).
#define RL(off, a, c) "vmovq " #off "(%%rdi), %%xmm0\n sha256rnds2 %%xmm0, %%xmm" #a ", %%xmm" #c "\n"
#define R4A(o) RL(o, 1, 2) RL(o + 8, 3, 4) RL(o + 16, 5, 6) RL(o + 24, 7, 8)
#define R4B(o) RL(o, 2, 1) RL(o + 8, 4, 3) RL(o + 16, 6, 5) RL(o + 24, 8, 7)
#define R16 R4A(0) R4B(32) R4A(64) R4B(96)
#define X8(op) op "20\n" op "21\n" op "22\n" op "23\n" op "24\n" op "25\n" op "26\n" op "27\n"
#define OP_ROR_Z "vprord $7, %%zmm16, %%zmm"
#define OP_ROR_Y "vprord $7, %%ymm16, %%ymm"
#define OP_TERN_Y "vpternlogd $0x96, %%ymm16, %%ymm17, %%ymm"
#define OP_SRL_Z "vpsrld $3, %%zmm16, %%zmm"
#define OP_XOR_Z "vpxord %%zmm16, %%zmm17, %%zmm"
#define OP_ADD_Z "vpaddd %%zmm16, %%zmm17, %%zmm"
#define OP_UNPCK_Z "vpunpckldq %%zmm16, %%zmm17, %%zmm"
FP_LOOP_MEM(r16_alone, R16)
FP_LOOP_MEM(r16_ror_z, R16 X8(OP_ROR_Z))
FP_LOOP_MEM(r16_ror_y, R16 X8(OP_ROR_Y))
FP_LOOP_MEM(r16_tern_y, R16 X8(OP_TERN_Y))
FP_LOOP_MEM(r16_srl_z, R16 X8(OP_SRL_Z))
FP_LOOP_MEM(r16_xor_z, R16 X8(OP_XOR_Z))
FP_LOOP_MEM(r16_add_z, R16 X8(OP_ADD_Z))
FP_LOOP_MEM(r16_unpck_z, R16 X8(OP_UNPCK_Z))
// The same with xmm0 left unchanged (no loads before the rounds): then the ops that ran beside
// the loaded rounds collide too. Zen 4, three runs: alone 15.9; vpaddd xmm and the zmm shifts,
// xors, adds and unpacks 17.4-18.0. Which ops fit beside sha256rnds2 depends on when they are
// issued against the rounds, so the loaded rows above are a best case, not a property of the op.
#define OP_ADD_X "vpaddd %%xmm16, %%xmm17, %%xmm"
FP_LOOP(r16k_alone, SHA_EVEX, FP_CLOBBERS_EVEX, RNDS2_4X2 RNDS2_4X2)
FP_LOOP(r16k_add_x, SHA_EVEX, FP_CLOBBERS_EVEX, RNDS2_4X2 RNDS2_4X2 X8(OP_ADD_X))
FP_LOOP(r16k_srl_z, SHA_EVEX, FP_CLOBBERS_EVEX, RNDS2_4X2 RNDS2_4X2 X8(OP_SRL_Z))
FP_LOOP(r16k_xor_z, SHA_EVEX, FP_CLOBBERS_EVEX, RNDS2_4X2 RNDS2_4X2 X8(OP_XOR_Z))
FP_LOOP(r16k_add_z, SHA_EVEX, FP_CLOBBERS_EVEX, RNDS2_4X2 RNDS2_4X2 X8(OP_ADD_Z))
FP_LOOP(r16k_unpck_z, SHA_EVEX, FP_CLOBBERS_EVEX, RNDS2_4X2 RNDS2_4X2 X8(OP_UNPCK_Z))

// SHA-NI for the rounds only, the message schedule of 16 messages on AVX-512 lanes: one
// iteration is one block of one stream (32 sha256rnds2 in 4 chains, each W+K pair loaded) and a
// 16th of the 16 lanes' schedule (3 words: sigma0 and sigma1 by vprord ymm, vpsrld and vpxord,
// avoiding vpternlogd and zmm rotates, which share the SHA pipe; the adds, W+K with K
// broadcast; the transposes of the W+K pairs for the SHA-NI loads, their stores, and the input's
// byte swap and transpose). Zen 4, two runs: rounds alone 31.6-32.0, schedule alone 28.5-29.0,
// both 45.1-45.9 core cycles: 0.70-0.72 c/B per block, 0.74-0.75 for 1 KiB messages even with
// the padding block's W+K precomputed (rounds only), above the 0.6 of issue 3 before the real
// kernel's own costs (the states' feed-forward, the loop, the lanes' pointers).
#define WH(d)                                                                                                \
  "vprord $7, %%ymm16, %%ymm" #d                                                                             \
  "\n vprord $18, %%ymm16, %%ymm20\n vpsrld $3, %%ymm16, %%ymm21\n"                                          \
  "vpxord %%ymm20, %%ymm21, %%ymm22\n vpxord %%ymm17, %%ymm22, %%ymm23\n"                                    \
  "vprord $17, %%ymm17, %%ymm24\n vprord $19, %%ymm17, %%ymm25\n vpsrld $10, %%ymm17, %%ymm26\n"             \
  "vpxord %%ymm24, %%ymm25, %%ymm27\n vpxord %%ymm26, %%ymm27, %%ymm28\n"                                    \
  "vpaddd %%ymm16, %%ymm23, %%ymm29\n vpaddd %%ymm17, %%ymm28, %%ymm30\n vpaddd %%ymm29, %%ymm30, %%ymm31\n" \
  "vpaddd 2048(%%rdi)%{1to8%}, %%ymm31, %%ymm" #d "\n"
#define HYB_EXTRA1                                                                                     \
  "vpunpckldq %%zmm16, %%zmm17, %%zmm20\n vpunpckhdq %%zmm16, %%zmm17, %%zmm21\n"                      \
  "vpunpckldq %%zmm18, %%zmm17, %%zmm22\n vpunpckhdq %%zmm18, %%zmm17, %%zmm23\n"                      \
  "vmovdqa32 %%ymm20, 4096(%%rdi)\n vmovdqa32 %%ymm21, 4128(%%rdi)\n vmovdqa32 %%ymm22, 4160(%%rdi)\n" \
  "vmovdqa32 %%ymm23, 4192(%%rdi)\n"
#define HYB_EXTRA2                                                                                     \
  "vpermt2d %%zmm16, %%zmm17, %%zmm24\n vpermt2d %%zmm16, %%zmm17, %%zmm25\n"                          \
  "vpermt2d %%zmm16, %%zmm17, %%zmm26\n vpermt2d %%zmm16, %%zmm17, %%zmm27\n"                          \
  "vpshufb %%zmm16, %%zmm17, %%zmm28\n vpaddd %%zmm16, %%zmm17, %%zmm29\n"                             \
  "vmovdqa64 5120(%%rdi), %%zmm30\n"                                                                   \
  "vmovdqa32 %%ymm20, 4224(%%rdi)\n vmovdqa32 %%ymm21, 4256(%%rdi)\n vmovdqa32 %%ymm22, 4288(%%rdi)\n" \
  "vmovdqa32 %%ymm23, 4320(%%rdi)\n"
FP_LOOP_MEM(hyb_rounds, R4A(0) R4B(32) R4A(64) R4B(96) R4A(128) R4B(160) R4A(192) R4B(224))
FP_LOOP_MEM(hyb_sched, WH(18) WH(19) WH(18) HYB_EXTRA1 WH(19) WH(18) WH(19) HYB_EXTRA2)
FP_LOOP_MEM(hyb_both, R4A(0) WH(18) R4B(32) WH(19) R4A(64) WH(18) R4B(96) HYB_EXTRA1 R4A(128) WH(19) R4B(160)
                          WH(18) R4A(192) WH(19) R4B(224) HYB_EXTRA2)

// Legacy-SSE SHA instructions among VEX code while the upper halves of ymm0-15 are dirty (a
// 256-bit write with no vzeroupper since): one iteration is 8 sha256rnds2 (4 chains) and one
// vpaddd on xmm10-12 (VEX) or on xmm20-22 (EVEX), the state set before each timed run and
// cleaned after it. Emerald Rapids: with a VEX op and dirty halves the iteration takes about 20
// times as long (about 200 cycles per switch between legacy SSE and VEX code); with the halves
// clean, or with the op on xmm16-31, nothing changes. This is why the fused SHA-NI + ymm lanes
// design (sha256-hybrid) ran at about 200 core cycles/byte here, and why the x86_shani kernels
// are entered through sse_entry and must build nothing from ymm registers between their rounds.
#define FP_LOOP_DIRTY(name, setup, body)                                                   \
  __attribute__((target(SHA_EVEX), noinline)) double name(long n) {                        \
    double best = 1e30;                                                                    \
    for (int r = 0; r < 5; ++r) {                                                          \
      __asm__ volatile("vzeroupper\n" setup ::: FP_CLOBBERS_EVEX);                         \
      const std::uint64_t t0 = __rdtsc();                                                  \
      for (long i = 0; i < n; ++i) __asm__ volatile(body ::: FP_CLOBBERS_EVEX);            \
      best = std::min(best, static_cast<double>(__rdtsc() - t0) / static_cast<double>(n)); \
      __asm__ volatile("vzeroupper" ::: FP_CLOBBERS_EVEX);                                 \
    }                                                                                      \
    return best;                                                                           \
  }
#define DIRTY_YMM "vpcmpeqd %%ymm8, %%ymm8, %%ymm8\n"
#define DIRTY_BODY(op) RNDS2_4X2 op
#define OP_VEX_X "vpaddd %%xmm10, %%xmm11, %%xmm12\n"
#define OP_EVEX_X16 "vpaddd %%xmm20, %%xmm21, %%xmm22\n"
FP_LOOP_DIRTY(dirty_clean_vex, "", DIRTY_BODY(OP_VEX_X))
FP_LOOP_DIRTY(dirty_dirty_vex, DIRTY_YMM, DIRTY_BODY(OP_VEX_X))
FP_LOOP_DIRTY(dirty_clean_evex16, "", DIRTY_BODY(OP_EVEX_X16))
FP_LOOP_DIRTY(dirty_dirty_evex16, DIRTY_YMM, DIRTY_BODY(OP_EVEX_X16))
FP_LOOP_DIRTY(dirty_dirty_none, DIRTY_YMM, RNDS2_4X2)

// What each SHA instruction takes from the two ports of the zmm lanes: 64 independent zmm ops in
// the proportions of a lane round (24 rotates and shifts, 16 vpternlogd, 24 adds; on xmm16-31, so
// the upper halves of ymm0-15 stay clean), about 32 cycles alone, and the same with SHA-NI work
// beside them. The extra cycles times two over the count is the share of the two ports one
// instruction takes (legacy xmm ops cannot use the third vector port while 512-bit ops are in
// flight). Emerald Rapids, four runs: sha256rnds2 1.2-1.7 slots (though it issues only every 3
// cycles), sha256msg1 5.8-6.9, sha256msg2 2.0-2.5, a paddd / palignr / pshufb / pshufd 1.0-1.3.
// This bounds any kernel that runs SHA-NI streams beside the lanes in one instruction stream
// (README, Status). A SHA-NI block with its own schedule (32 sha256rnds2, 12 sha256msg1, 12
// sha256msg2, about 44 other ops) takes 180-196 slots per 64 bytes, 2.8-3.1 per byte, more than
// the lanes' 1.75 (about 1,790 ops per 1,024 bytes): moving messages from the lanes to it loses.
// With the rounds alone on SHA-NI and the schedule of its messages on the lanes (about 52 slots
// per block: the schedule's 528 ops per 16 messages, the load and transpose, the W+K adds and the
// transposes into SHA-NI's pair layout), a block takes 90-106 slots (1.4-1.66 per byte), but
// sha256rnds2 issues only every 3 cycles, 64 bytes per 96 cycles at most: with the ports' other
// slots given to lanes, 1.18-1.28 bytes per cycle, 0.78-0.85 core cycles/byte before any
// kernel's own losses (and the lanes confined to zmm16-31), against the lanes' 0.87 alone.
#define Z16                                                                                                  \
  "vprord $6, %%zmm16, %%zmm20\n vprord $11, %%zmm16, %%zmm21\n vprord $25, %%zmm16, %%zmm22\n"              \
  "vprord $2, %%zmm17, %%zmm23\n vpsrld $13, %%zmm17, %%zmm24\n vprord $22, %%zmm17, %%zmm25\n"              \
  "vpternlogd $0x96, %%zmm16, %%zmm17, %%zmm26\n vpternlogd $0xca, %%zmm16, %%zmm17, %%zmm27\n"              \
  "vpternlogd $0xe8, %%zmm16, %%zmm17, %%zmm28\n vpternlogd $0x96, %%zmm16, %%zmm17, %%zmm29\n"              \
  "vpaddd %%zmm16, %%zmm17, %%zmm30\n vpaddd %%zmm16, %%zmm17, %%zmm31\n vpaddd %%zmm18, %%zmm17, %%zmm20\n" \
  "vpaddd %%zmm18, %%zmm17, %%zmm21\n vpaddd %%zmm19, %%zmm17, %%zmm22\n vpaddd %%zmm19, %%zmm17, %%zmm23\n"
#define Z64 Z16 Z16 Z16 Z16
#define MSG1_4                                                                                         \
  "sha256msg1 %%xmm9, %%xmm10\n sha256msg1 %%xmm9, %%xmm11\n sha256msg1 %%xmm9, %%xmm12\n sha256msg1 " \
  "%%xmm9, %%xmm13\n"
#define MSG2_4                                                                                         \
  "sha256msg2 %%xmm9, %%xmm10\n sha256msg2 %%xmm9, %%xmm11\n sha256msg2 %%xmm9, %%xmm12\n sha256msg2 " \
  "%%xmm9, %%xmm13\n"
#define SSE_8                                                                                                \
  "paddd %%xmm9, %%xmm10\n paddd %%xmm9, %%xmm11\n paddd %%xmm9, %%xmm12\n paddd %%xmm9, %%xmm13\n"          \
  "palignr $4, %%xmm9, %%xmm14\n palignr $4, %%xmm9, %%xmm15\n pshufb %%xmm9, %%xmm3\n pshufd $14, %%xmm9, " \
  "%%xmm4\n"
FP_LOOP(z64_alone, SHA_EVEX, FP_CLOBBERS_EVEX, Z64)
FP_LOOP(z64_rnds2, SHA_EVEX, FP_CLOBBERS_EVEX, RNDS2_4X2 Z64)
FP_LOOP(z64_msg1, SHA_EVEX, FP_CLOBBERS_EVEX, MSG1_4 Z64)
FP_LOOP(z64_msg2, SHA_EVEX, FP_CLOBBERS_EVEX, MSG2_4 Z64)
FP_LOOP(z64_sse, SHA_EVEX, FP_CLOBBERS_EVEX, SSE_8 Z64)

FP_LOOP(lanes256_alone, SHA_EVEX, FP_CLOBBERS_EVEX, YMM_SHA256_16)
FP_LOOP(rounds_lanes256, SHA_EVEX, FP_CLOBBERS_EVEX, RNDS2_4X2 YMM_SHA256_16)
FP_LOOP(rnds4_alone, SHA_EVEX, FP_CLOBBERS_EVEX, SHA1RNDS4_5)
FP_LOOP(lanes1_alone, SHA_EVEX, FP_CLOBBERS_EVEX, YMM_SHA1_10 YMM_SHA1_10)
FP_LOOP(rnds4_lanes1, SHA_EVEX, FP_CLOBBERS_EVEX, SHA1RNDS4_5 YMM_SHA1_10 YMM_SHA1_10)

}  // namespace

int main() {
  // CPUID leaf 7 EBX bit 29 is SHA (clang 14's __builtin_cpu_supports does not know "sha").
  unsigned a = 0, b = 0, cx = 0, d = 0;
  const bool sha = __get_cpuid_count(7, 0, &a, &b, &cx, &d) != 0 && ((b >> 29) & 1) != 0;
  if (!sha || !__builtin_cpu_supports("avx512vl")) {
    std::puts("sha-ni-ports: needs SHA-NI and AVX-512VL");
    return 0;
  }
  const double c = std::max(
      {fpbench::core_cycles_per_tick(), fpbench::core_cycles_per_tick(), fpbench::core_cycles_per_tick()});
  constexpr long n = 1'000'000;
  std::printf("core cycles per TSC tick: %.3f\n", c);
  std::printf("latency (1 chain) and issue interval (4 chains), core cycles per instruction:\n");
  std::printf("  sha256rnds2 %.2f %.2f | sha1rnds4 %.2f %.2f | sha256msg1 %.2f %.2f | sha256msg2 %.2f %.2f\n",
              rnds2_1(n) * c / 2, rnds2_4(n) * c / 8, sha1rnds4_1(n) * c / 2, sha1rnds4_4(n) * c / 4,
              msg1_1(n) * c / 2, msg1_4(n) * c / 4, msg2_1(n) * c / 2, msg2_4(n) * c / 4);
  std::printf(
      "zmm issue interval (12 chains), core cycles per instruction: vprord %.2f | vpsrld %.2f | "
      "vpaddd %.2f | vpternlogd %.2f\n",
      zmm_rotate(n) * c / 12, zmm_shift(n) * c / 12, zmm_add(n) * c / 12, zmm_ternlog(n) * c / 12);
  std::printf("core cycles per iteration (8 sha256rnds2 = 1/16 of the rounds of 4 blocks):\n");
  std::printf(
      "  rounds alone %.2f | + 3 msg1 + 3 msg2 %.2f | + 15 other ops %.2f | msg + other, no rounds %.2f\n",
      mix_rounds(n) * c, mix_rounds_msg(n) * c, mix_rounds_other(n) * c, mix_msg_other(n) * c);
  std::printf("  everything a SHA-256 block carries: %.2f (per byte of 4 streams: %.3f)\n", mix_all(n) * c,
              mix_all(n) * c / 16);
  const double ch = mix_cheapest(n) * c;
  std::printf(
      "  the cheapest form (upper W+K pair by store and load, vpblendmd + vpshufd, no byte swap): "
      "%.2f (%.3f per byte; x 17/16 for 1 KiB messages: %.3f)\n",
      ch, ch / 16, ch / 16 * 17 / 16);
  std::printf(
      "xmm0 written before each of 8 sha256rnds2 (4 chains), core cycles: load %.2f | vpaddd %.2f | "
      "vpshufd %.2f\n",
      x0_load(n) * c, x0_paddd(n) * c, x0_pshufd(n) * c);
  // Block rounds per cycle: 8 sha256rnds2 are 16 rounds of a block, 16 lane ops 16/25 of a round
  // of 8 blocks; 5 sha1rnds4 are 20 rounds, 20 SHA-1 lane ops 2 rounds of 8 blocks.
  const double r8 = mix_rounds(n) * c, l256 = lanes256_alone(n) * c, rl256 = rounds_lanes256(n) * c;
  const double s5 = rnds4_alone(n) * c, l1 = lanes1_alone(n) * c, sl1 = rnds4_lanes1(n) * c;
  std::printf("SHA-NI rounds beside ymm lane rounds (core cycles; block rounds per cycle):\n");
  std::printf("  SHA-256: 8 sha256rnds2 %.2f (%.2f) | 16 lane ops %.2f (%.2f) | both %.2f (%.2f)\n", r8,
              16 / r8, l256, 16.0 / 25 * 8 / l256, rl256, (16 + 16.0 / 25 * 8) / rl256);
  std::printf("  SHA-1: 5 sha1rnds4 %.2f (%.2f) | 20 lane ops %.2f (%.2f) | both %.2f (%.2f)\n", s5, 20 / s5,
              l1, 16 / l1, sl1, 36 / sl1);
  std::printf(
      "16 sha256rnds2 (W+K loaded) with 8 ops beside them, core cycles: alone %.2f | vprord zmm %.2f | "
      "vprord ymm %.2f | vpternlogd ymm %.2f | vpsrld zmm %.2f | vpxord zmm %.2f | vpaddd zmm %.2f | "
      "vpunpckldq zmm %.2f\n",
      r16_alone(n) * c, r16_ror_z(n) * c, r16_ror_y(n) * c, r16_tern_y(n) * c, r16_srl_z(n) * c,
      r16_xor_z(n) * c, r16_add_z(n) * c, r16_unpck_z(n) * c);
  std::printf(
      "the same with xmm0 unchanged (the rounds never wait), core cycles: alone %.2f | vpaddd xmm %.2f | "
      "vpsrld zmm %.2f | vpxord zmm %.2f | vpaddd zmm %.2f | vpunpckldq zmm %.2f\n",
      r16k_alone(n) * c, r16k_add_x(n) * c, r16k_srl_z(n) * c, r16k_xor_z(n) * c, r16k_add_z(n) * c,
      r16k_unpck_z(n) * c);
  const double hr = hyb_rounds(n) * c, hb = hyb_both(n) * c;
  std::printf(
      "SHA-NI rounds only + the schedule of 16 lanes on AVX-512, per block of one stream (core cycles): "
      "rounds %.2f | schedule %.2f | both %.2f (%.3f per byte; 1 KiB messages with a rounds-only "
      "padding block: %.3f)\n",
      hr, hyb_sched(n) * c, hb, hb / 64, (16 * hb + hr) / 1024);
  {
    // Interleaved and the best of 12 rounds each: the shared machine's phases move single runs by 20%.
    double z = 1e30, r = 1e30, m1 = 1e30, m2 = 1e30, x = 1e30;
    for (int i = 0; i < 12; ++i) {
      z = std::min(z, z64_alone(n / 4) * c), r = std::min(r, z64_rnds2(n / 4) * c);
      m1 = std::min(m1, z64_msg1(n / 4) * c), m2 = std::min(m2, z64_msg2(n / 4) * c);
      x = std::min(x, z64_sse(n / 4) * c);
    }
    std::printf(
        "beside 64 zmm lane ops (%.2f core cycles alone), the share of the two zmm ports one instruction "
        "takes "
        "(slots): 8 sha256rnds2 %.2f (%.2f) | 4 sha256msg1 %.2f (%.2f) | 4 sha256msg2 %.2f (%.2f) | 8 "
        "legacy-SSE xmm ops %.2f (%.2f)\n",
        z, r, 2 * (r - z) / 8, m1, 2 * (m1 - z) / 4, m2, 2 * (m2 - z) / 4, x, 2 * (x - z) / 8);
  }
  std::printf(
      "dirty upper halves: 8 sha256rnds2 and one vpaddd xmm, core cycles: VEX op, clean %.2f | VEX op, "
      "dirty %.2f | EVEX op on xmm20-22, clean %.2f | dirty %.2f | no vpaddd, dirty %.2f\n",
      dirty_clean_vex(n) * c, dirty_dirty_vex(n / 10) * c, dirty_clean_evex16(n) * c,
      dirty_dirty_evex16(n) * c, dirty_dirty_none(n) * c);
  return 0;
}
