// Constant-time: yes (hardware SHA instructions; lane scheduling depends on lengths only).
// fastprim/sha/sha_x86_shani_batch.hpp: many independent SHA-256 / SHA-1 messages with the
// x86 SHA extensions, several messages interleaved so that their sha256rnds2 / sha1rnds4
// dependency chains overlap: where sha256rnds2 issues every cycle with latency 4 (Zen 4), one
// stream is latency-bound and four in flight approach the throughput bound. FIPS 180-4 sections 6.1.2
// and 6.2.2.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/md_buffer.hpp"
#include "fastprim/detail/sse_entry.hpp"
#include "fastprim/sha/sha1_x86_shani.hpp"
#include "fastprim/sha/sha256_x86_shani.hpp"

#if FASTPRIM_HAVE_X86_SHANI

FASTPRIM_NAMESPACE_BEGIN
namespace detail::sha::x86_shani {

// Streams in flight, for the plain kernels (SSE encoding: 16 xmm registers, two-operand
// instructions): the best counts measured on Zen 4, where the register file, not the SHA units,
// limits the kernels (every lane's state and message words compete for 16 registers).
inline constexpr std::size_t sha256_multi_lanes = 8;
inline constexpr std::size_t sha1_multi_lanes = 4;
// The same kernels compiled for AVX-512VL (bound where the CPU has it): three-operand VEX/EVEX
// forms and xmm16-31 for everything but the SHA instructions' own operands, and other best counts.
// SHA-256 batches go through md_batch_runs: consecutive messages of the same padded length are
// hashed whole, three at a time, in one pass each (sha256_hash_lanes: no kernel call per padded
// block, no state through memory); messages between runs go through md_batch, whose last four
// messages run as four lanes rather than three and one alone (MaxL). Figures: docs/performance.md.
inline constexpr std::size_t sha256_multi_lanes_avx512 = 3;
inline constexpr std::size_t sha1_multi_lanes_avx512 = 5;

// One out-of-line function per lane count: inlined together into one switch, g++ 12 compiles
// the 4-lane SHA-1 kernel much slower.
template <std::size_t L>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI FASTPRIM_NOINLINE void sha256_lanes_out_of_line(
    std::uint32_t* const* states, const std::byte* const* blocks, std::size_t nblocks) noexcept {
  sha256_compress_lanes<L>(states, blocks, nblocks);
}
template <std::size_t L>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI FASTPRIM_NOINLINE void sha1_lanes_out_of_line(
    std::uint32_t* const* states, const std::byte* const* blocks, std::size_t nblocks) noexcept {
  sha1_compress_lanes<L>(states, blocks, nblocks);
}

FASTPRIM_ZERO_REGS_INNER inline void sha256_compress_active(std::size_t active, std::uint32_t* const* states,
                                                            const std::byte* const* blocks,
                                                            std::size_t nblocks) noexcept {
  switch (active) {
    case 8:
      return sha256_lanes_out_of_line<8>(states, blocks, nblocks);
    case 7:
      sha256_lanes_out_of_line<4>(states, blocks, nblocks);
      return sha256_lanes_out_of_line<3>(states + 4, blocks + 4, nblocks);
    case 6:
      sha256_lanes_out_of_line<4>(states, blocks, nblocks);
      return sha256_lanes_out_of_line<2>(states + 4, blocks + 4, nblocks);
    case 5:
      sha256_lanes_out_of_line<4>(states, blocks, nblocks);
      return sha256_lanes_out_of_line<1>(states + 4, blocks + 4, nblocks);
    case 4:
      return sha256_lanes_out_of_line<4>(states, blocks, nblocks);
    case 3:
      return sha256_lanes_out_of_line<3>(states, blocks, nblocks);
    case 2:
      return sha256_lanes_out_of_line<2>(states, blocks, nblocks);
    default:
      return sha256_lanes_out_of_line<1>(states, blocks, nblocks);
  }
}

FASTPRIM_ZERO_REGS_INNER inline void sha1_compress_active(std::size_t active, std::uint32_t* const* states,
                                                          const std::byte* const* blocks,
                                                          std::size_t nblocks) noexcept {
  switch (active) {
    case 4:
      return sha1_lanes_out_of_line<4>(states, blocks, nblocks);
    case 3:
      return sha1_lanes_out_of_line<3>(states, blocks, nblocks);
    case 2:
      return sha1_lanes_out_of_line<2>(states, blocks, nblocks);
    default:
      return sha1_lanes_out_of_line<1>(states, blocks, nblocks);
  }
}

template <std::size_t L>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI_AVX512 FASTPRIM_NOINLINE void sha256_lanes_avx512(
    std::uint32_t* const* states, const std::byte* const* blocks, std::size_t nblocks) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  sha256_compress_lanes<L>(states, blocks, nblocks);
}
template <std::size_t L>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI_AVX512 FASTPRIM_NOINLINE void sha1_lanes_avx512(
    std::uint32_t* const* states, const std::byte* const* blocks, std::size_t nblocks) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  sha1_compress_lanes<L>(states, blocks, nblocks);
}

FASTPRIM_ZERO_REGS_INNER inline void sha256_compress_active_avx512(std::size_t active,
                                                                   std::uint32_t* const* states,
                                                                   const std::byte* const* blocks,
                                                                   std::size_t nblocks) noexcept {
  static_assert(sha256_multi_lanes_avx512 == 3);
  switch (active) {
    case 4:  // the last messages of a batch (md_batch's MaxL)
      return sha256_lanes_avx512<4>(states, blocks, nblocks);
    case 3:
      return sha256_lanes_avx512<3>(states, blocks, nblocks);
    case 2:
      return sha256_lanes_avx512<2>(states, blocks, nblocks);
    default:
      return sha256_lanes_avx512<1>(states, blocks, nblocks);
  }
}

FASTPRIM_ZERO_REGS_INNER inline void sha1_compress_active_avx512(std::size_t active,
                                                                 std::uint32_t* const* states,
                                                                 const std::byte* const* blocks,
                                                                 std::size_t nblocks) noexcept {
  static_assert(sha1_multi_lanes_avx512 == 5);
  switch (active) {
    case 5:
      return sha1_lanes_avx512<5>(states, blocks, nblocks);
    case 4:
      return sha1_lanes_avx512<4>(states, blocks, nblocks);
    case 3:
      return sha1_lanes_avx512<3>(states, blocks, nblocks);
    case 2:
      return sha1_lanes_avx512<2>(states, blocks, nblocks);
    default:
      return sha1_lanes_avx512<1>(states, blocks, nblocks);
  }
}

// ---- batches: runs of same-length messages whole (md_batch_runs), the rest through md_batch ----
template <std::size_t L>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI_AVX512 FASTPRIM_NOINLINE void sha256_hash_lanes_avx512(
    const std::span<const std::byte>* msgs, std::array<std::byte, 32>* out, std::size_t nb,
    std::size_t groups) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  sha256_hash_lanes<L>(msgs, out, nb, groups);
}
template <std::size_t L>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI_AVX512 FASTPRIM_NOINLINE void sha1_hash_lanes_avx512(
    const std::span<const std::byte>* msgs, std::array<std::byte, 20>* out, std::size_t nb,
    std::size_t groups) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(true);
  sha1_hash_lanes<L>(msgs, out, nb, groups);
}
template <std::size_t L>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI FASTPRIM_NOINLINE void sha256_hash_lanes_out_of_line(
    const std::span<const std::byte>* msgs, std::array<std::byte, 32>* out, std::size_t nb,
    std::size_t groups) noexcept {
  sha256_hash_lanes<L>(msgs, out, nb, groups);
}
template <std::size_t L>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_SHANI FASTPRIM_NOINLINE void sha1_hash_lanes_out_of_line(
    const std::span<const std::byte>* msgs, std::array<std::byte, 20>* out, std::size_t nb,
    std::size_t groups) noexcept {
  sha1_hash_lanes<L>(msgs, out, nb, groups);
}

// A variant's whole-message kernels by lane count (entry k runs k lanes, 2 <= k <= L + 1).
template <std::size_t D>
using hash_lanes_fn = void (*)(const std::span<const std::byte>*, std::array<std::byte, D>*, std::size_t,
                               std::size_t) noexcept;
using compress_active_fn = void (*)(std::size_t, std::uint32_t* const*, const std::byte* const*,
                                    std::size_t) noexcept;
inline constexpr hash_lanes_fn<32> sha256_hash_by_lanes_avx512[] = {
    nullptr, nullptr, &sha256_hash_lanes_avx512<2>, &sha256_hash_lanes_avx512<3>,
    &sha256_hash_lanes_avx512<4>};
inline constexpr hash_lanes_fn<20> sha1_hash_by_lanes_avx512[] = {nullptr,
                                                                  nullptr,
                                                                  &sha1_hash_lanes_avx512<2>,
                                                                  &sha1_hash_lanes_avx512<3>,
                                                                  &sha1_hash_lanes_avx512<4>,
                                                                  &sha1_hash_lanes_avx512<5>,
                                                                  &sha1_hash_lanes_avx512<6>};
inline constexpr hash_lanes_fn<32> sha256_hash_by_lanes[] = {
    nullptr, nullptr, &sha256_hash_lanes_out_of_line<2>, &sha256_hash_lanes_out_of_line<3>,
    &sha256_hash_lanes_out_of_line<4>};
inline constexpr hash_lanes_fn<20> sha1_hash_by_lanes[] = {nullptr,
                                                           nullptr,
                                                           &sha1_hash_lanes_out_of_line<2>,
                                                           &sha1_hash_lanes_out_of_line<3>,
                                                           &sha1_hash_lanes_out_of_line<4>,
                                                           &sha1_hash_lanes_out_of_line<5>};

// Runs of L (and L + 1, L - 1 ...) whole messages through `by_lanes`; the rest through md_batch
// with `compress` on MdL lanes (MdMaxL at the end).
template <std::size_t Words, std::size_t D, std::size_t L, std::size_t MdL, std::size_t MdMaxL, std::size_t N>
FASTPRIM_ZERO_REGS_INNER inline void batch_by_runs(const std::uint32_t* iv,
                                                   const hash_lanes_fn<D> (&by_lanes)[N],
                                                   compress_active_fn compress,
                                                   const std::span<const std::byte>* msgs, std::size_t n,
                                                   std::array<std::byte, D>* out) noexcept {
  static_assert(N == L + 2);
  const auto run = [&by_lanes](const std::span<const std::byte>* m, std::array<std::byte, D>* o,
                               std::size_t groups, std::size_t lanes, std::size_t nb)
                       FASTPRIM_ZERO_REGS_INNER { by_lanes[lanes](m, o, nb, groups); };
  const auto rest = [&](const std::size_t* idx, std::size_t k) FASTPRIM_ZERO_REGS_INNER {
    md_batch<Words, D, MdL, compress_active_fn&, MdMaxL>(iv, msgs, k, out, compress, idx);
  };
  md_batch_runs<L, L + 1>(msgs, n, out, run, rest);
}

// Whole messages three at a time in both SHA-256 variants (three streams are the best either
// encoding does, the lane tables above); SHA-1 five with AVX-512VL, four without.
FASTPRIM_ZERO_REGS inline void sha256_batch_avx512(const std::span<const std::byte>* msgs, std::size_t n,
                                                   std::array<std::byte, 32>* out) noexcept {
  batch_by_runs<8, 32, sha256_multi_lanes_avx512, sha256_multi_lanes_avx512, sha256_multi_lanes_avx512 + 1>(
      sha256_iv.data(), sha256_hash_by_lanes_avx512, &sha256_compress_active_avx512, msgs, n, out);
}
FASTPRIM_ZERO_REGS inline void sha1_batch_avx512(const std::span<const std::byte>* msgs, std::size_t n,
                                                 std::array<std::byte, 20>* out) noexcept {
  batch_by_runs<5, 20, sha1_multi_lanes_avx512, sha1_multi_lanes_avx512, sha1_multi_lanes_avx512>(
      sha1_iv.data(), sha1_hash_by_lanes_avx512, &sha1_compress_active_avx512, msgs, n, out);
}
FASTPRIM_ZERO_REGS inline void sha256_batch(const std::span<const std::byte>* msgs, std::size_t n,
                                            std::array<std::byte, 32>* out) noexcept {
  batch_by_runs<8, 32, 3, sha256_multi_lanes, sha256_multi_lanes>(sha256_iv.data(), sha256_hash_by_lanes,
                                                                  &sha256_compress_active, msgs, n, out);
}
FASTPRIM_ZERO_REGS inline void sha1_batch(const std::span<const std::byte>* msgs, std::size_t n,
                                          std::array<std::byte, 20>* out) noexcept {
  batch_by_runs<5, 20, sha1_multi_lanes, sha1_multi_lanes, sha1_multi_lanes>(
      sha1_iv.data(), sha1_hash_by_lanes, &sha1_compress_active, msgs, n, out);
}

// The plain tables: any SHA-NI CPU (Goldmont has no AVX).
inline constexpr sha256_kernels sha256_table{&sha256_compress, &sha256_batch, &sha256_hash, &sha256_hmac};
constexpr const sha256_kernels* sha256_get() noexcept { return &sha256_table; }
inline constexpr sha1_kernels sha1_table{&sha1_compress, &sha1_batch, &sha1_hash, &sha1_hmac};
constexpr const sha1_kernels* sha1_get() noexcept { return &sha1_table; }
// On CPUs with AVX every entry goes through sse_entry (a vzeroupper first: detail/sse_entry.hpp).
inline constexpr sha256_kernels sha256_table_avx{
    &sse_entry<&sha256_compress>::call, &sse_entry<&sha256_batch>::call, &sse_entry<&sha256_hash>::call,
    &sse_entry<&sha256_hmac>::call};
constexpr const sha256_kernels* sha256_get_avx() noexcept { return &sha256_table_avx; }
inline constexpr sha1_kernels sha1_table_avx{&sse_entry<&sha1_compress>::call, &sse_entry<&sha1_batch>::call,
                                             &sse_entry<&sha1_hash>::call, &sse_entry<&sha1_hmac>::call};
constexpr const sha1_kernels* sha1_get_avx() noexcept { return &sha1_table_avx; }
// The variants for CPUs with AVX-512VL: the batches' lanes compiled for AVX-512VL (any vendor);
// for SHA-1 on Intel also the single stream with sha1nexte off the SHA port.
inline constexpr sha256_kernels sha256_table_avx512{
    &sse_entry<&sha256_compress>::call, &sse_entry<&sha256_batch_avx512>::call,
    &sse_entry<&sha256_hash>::call, &sse_entry<&sha256_hmac>::call};
constexpr const sha256_kernels* sha256_get_avx512() noexcept { return &sha256_table_avx512; }
inline constexpr sha1_kernels sha1_table_avx512_batch{
    &sse_entry<&sha1_compress>::call, &sse_entry<&sha1_batch_avx512>::call, &sse_entry<&sha1_hash>::call,
    &sse_entry<&sha1_hmac>::call};
constexpr const sha1_kernels* sha1_get_avx512_batch() noexcept { return &sha1_table_avx512_batch; }
inline constexpr sha1_kernels sha1_table_avx512{
    &sse_entry<&sha1_compress_avx512>::call, &sse_entry<&sha1_batch_avx512>::call,
    &sse_entry<&avx512::sha1_hash>::call, &sse_entry<&avx512::sha1_hmac>::call};
constexpr const sha1_kernels* sha1_get_avx512() noexcept { return &sha1_table_avx512; }

}  // namespace detail::sha::x86_shani
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_X86_SHANI
