// Constant-time: yes (hardware SHA instructions; lane scheduling depends on lengths only).
// fastprim/sha/sha256_multi_x86_shani.hpp: many independent SHA-256 / SHA-1 messages with the
// x86 SHA extensions, several messages interleaved so that their sha256rnds2 / sha1rnds4
// dependency chains overlap. On Zen 4 sha256rnds2 has latency 4 and throughput 1 per cycle:
// one stream is latency-bound at 2.0 cycles/byte, four in flight approach the 0.5 throughput
// bound. FIPS 180-4 sections 6.1.2 and 6.2.2.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/md_buffer.hpp"
#include "fastprim/sha/sha1_x86_shani.hpp"
#include "fastprim/sha/sha256_x86_shani.hpp"

#if FASTPRIM_HAVE_X86_SHANI

FASTPRIM_NAMESPACE_BEGIN
namespace detail {
namespace x86_shani {

// Streams in flight. Measured on Zen 4 (TSC c/B of the lane kernel, 4 KiB per lane):
//   lanes        1     2     3     4     6     8
//   SHA-256    1.28  0.87  0.72  0.72  0.67  0.64
//   SHA-1      1.21  0.68  0.53  0.47  0.55  0.52
// sha256rnds2 and sha1rnds4 issue once per 2 cycles there (latency 4 and 6), so 2-3 streams
// already reach the throughput bound; SHA-256 gains a little more from 8 streams despite the
// spills (SHA instructions have no EVEX form: 16 xmm registers), SHA-1 loses beyond 4.
inline constexpr std::size_t sha256_multi_lanes = 8;
inline constexpr std::size_t sha1_multi_lanes = 4;

// One out-of-line function per lane count: inlined together into one switch, g++ 12 compiles
// the 4-lane SHA-1 kernel 40 % slower (0.67 against 0.47 TSC c/B).
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

FASTPRIM_ZERO_REGS inline void sha256_batch(const std::span<const std::byte>* msgs, std::size_t n,
                                            std::array<std::byte, 32>* out) noexcept {
  md_batch<8, 32, sha256_multi_lanes>(sha256_iv.data(), msgs, n, out, sha256_compress_active);
}

FASTPRIM_ZERO_REGS inline void sha1_batch(const std::span<const std::byte>* msgs, std::size_t n,
                                          std::array<std::byte, 20>* out) noexcept {
  md_batch<5, 20, sha1_multi_lanes>(sha1_iv.data(), msgs, n, out, sha1_compress_active);
}

inline constexpr sha256_kernels sha256_table{&sha256_compress, &sha256_batch, &sha256_hash, &sha256_hmac};
constexpr const sha256_kernels* sha256_get() noexcept { return &sha256_table; }
inline constexpr sha1_kernels sha1_table{&sha1_compress, &sha1_batch, &md_hash_with<5, 20, &sha1_compress>,
                                         &md_hmac_with<5, 20, &sha1_compress>};
constexpr const sha1_kernels* sha1_get() noexcept { return &sha1_table; }
// Single streams on CPUs with AVX-512VL (the batch stays the SHA-NI one).
inline constexpr sha1_kernels sha1_table_avx512{&sha1_compress_avx512, &sha1_batch,
                                                &md_hash_with<5, 20, &sha1_compress_avx512>,
                                                &md_hmac_with<5, 20, &sha1_compress_avx512>};
constexpr const sha1_kernels* sha1_get_avx512() noexcept { return &sha1_table_avx512; }

}  // namespace x86_shani
}  // namespace detail
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_X86_SHANI
