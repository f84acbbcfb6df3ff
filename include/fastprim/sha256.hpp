// fastprim/sha256.hpp: SHA-256 (FIPS 180-4): streaming hasher, one-shot hash (usable in constant
// expressions), batches of independent messages, and the kernel tables the dispatcher chooses
// from. ISA: per backend, see below. Constant-time: every backend (no secret-dependent branches
// or indices).
//
//   backend    | compress                     | batch                          | constant-time
//   scalar     | portable C++, constexpr      | one message after another      | yes
//   x86_shani  | SHA-NI, one stream           | SHA-NI, 4 messages interleaved | yes
//   armv8_ce   | ARMv8 SHA2 instructions      | one message after another      | yes
//   hwy_*      | (scalar)                     | one message per SIMD lane      | yes
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "fastprim/backend.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/hwy.hpp"
#include "fastprim/detail/md_buffer.hpp"
#include "fastprim/dispatch.hpp"
#include "fastprim/error.hpp"
#include "fastprim/sha/sha256_armv8_ce.hpp"
#include "fastprim/sha/sha256_multi_x86_shani.hpp"
#include "fastprim/sha/sha256_scalar.hpp"
#include "fastprim/sha/sha256_x86_shani.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

template <>
struct kernels_of<primitive::sha256> {
  using type = sha256_kernels;
  template <backend B>
  static constexpr const type* get() noexcept {
    if constexpr (B == backend::scalar) return scalar::sha256_get();
#if FASTPRIM_HAVE_X86_SHANI
#if defined(__AVX512F__) && defined(__AVX512VL__)
    if constexpr (B == backend::x86_shani) return x86_shani::sha256_get_avx512();
#elif defined(__AVX__)
    if constexpr (B == backend::x86_shani) return x86_shani::sha256_get_avx();
#else
    if constexpr (B == backend::x86_shani) return x86_shani::sha256_get();
#endif
#endif
#if FASTPRIM_HAVE_ARMV8_CE
    if constexpr (B == backend::armv8_ce) return armv8_ce::sha256_get();
#endif
    return nullptr;
  }
  // x86_shani on a CPU with AVX-512VL: the batch's lanes compiled for AVX-512VL (three-operand
  // forms and xmm16-31; Zen 4, 64 x 1 KiB: see sha256_multi_x86_shani.hpp). The single stream
  // is the same. On any CPU with AVX the kernels are entered with a vzeroupper
  // (detail/sse_entry.hpp).
  static const type* refine([[maybe_unused]] backend b, [[maybe_unused]] const cpu_caps& c,
                            const type* k) noexcept {
#if FASTPRIM_HAVE_X86_SHANI
    if (b == backend::x86_shani && c.avx512f && c.avx512vl) return x86_shani::sha256_get_avx512();
    if (b == backend::x86_shani && c.avx) return x86_shani::sha256_get_avx();
#endif
    return k;
  }
  static const char* variant_name([[maybe_unused]] const type* k) noexcept {
#if FASTPRIM_HAVE_X86_SHANI
    if (k == x86_shani::sha256_get_avx512() || k == x86_shani::sha256_get_avx()) return "vzeroupper on entry";
#endif
    return nullptr;
  }
};

// The same kernel tables; the Highway targets' tables carry the lane-parallel batch (their
// compress is the scalar one and is never chosen for single messages).
template <>
struct kernels_of<primitive::sha256_batch> {
  using type = sha256_kernels;
  template <backend B>
  static constexpr const type* get() noexcept {
    if constexpr (B != backend::scalar && B != backend::x86_shani && B != backend::armv8_ce) {
      FASTPRIM_HWY_GET(B, sha_hwy::sha256_k)
      return nullptr;
    } else {
      return kernels_of<primitive::sha256>::get<B>();
    }
  }
  // hwy_ssse3 on a CPU with AVX: the batch entered with a vzeroupper (detail/hwy.hpp). On Zen 5
  // the AVX-512 lanes with their rounds associated for the e chain (sha_hwy::sha256_rounds).
  static const type* refine(backend b, const cpu_caps& c, const type* k) noexcept {
    FASTPRIM_HWY_SSSE3_REFINE(b, c, sha_hwy::sha256_k)
    if (tuning_of(c) == cpu_tuning::amd_zen5) {
#if HWY_TARGETS & HWY_AVX3_DL
      if (b == backend::hwy_avx3_dl) return N_AVX3_DL::sha_hwy::sha256_k_chain;
#endif
#if HWY_TARGETS & HWY_AVX3
      if (b == backend::hwy_avx3) return N_AVX3::sha_hwy::sha256_k_chain;
#endif
    }
    return kernels_of<primitive::sha256>::refine(b, c, k);
  }
  static const char* variant_name([[maybe_unused]] const type* k) noexcept {
    FASTPRIM_HWY_SSSE3_VARIANT(k, sha_hwy::sha256_k)
#if HWY_TARGETS & HWY_AVX3_DL
    if (k == N_AVX3_DL::sha_hwy::sha256_k_chain) return "rounds associated for the e chain";
#endif
#if HWY_TARGETS & HWY_AVX3
    if (k == N_AVX3::sha_hwy::sha256_k_chain) return "rounds associated for the e chain";
#endif
#if FASTPRIM_HAVE_X86_SHANI
    if (k == x86_shani::sha256_get_avx512()) return "AVX-512VL lanes, vzeroupper on entry";
    if (k == x86_shani::sha256_get_avx()) return "vzeroupper on entry";
#endif
    return nullptr;
  }
};

struct sha256_traits {
  static constexpr std::size_t state_words = 8;
  static constexpr std::size_t digest_size = 32;
  static constexpr const std::array<std::uint32_t, 8>& iv = sha256_iv;
  static constexpr auto compress_constexpr = &scalar::sha256_compress;
  static const sha256_kernels& kernels() noexcept { return dispatch<primitive::sha256>(); }
};

}  // namespace detail

// SHA-256. Streaming: `update` any number of times, `digest()` (const: the stream can go on),
// `reset()`; copy the object to fork a stream. The state is wiped on destruction.
//   auto d = fastprim::sha256::hash("abc");                      // constexpr-capable
//   fastprim::sha256 h; h.update(part1).update(part2); auto d2 = h.digest();
class sha256 : public detail::md_hasher<sha256, detail::sha256_traits> {};

// Hashes every message of `msgs` independently into `out[i]`, several at a time where the
// hardware allows (interleaved SHA-NI streams, or one message per SIMD lane). errc::short_output
// if `out` is shorter.
inline result<void> sha256_batch(std::span<const std::span<const std::byte>> msgs,
                                 std::span<std::array<std::byte, 32>> out) noexcept {
  if (out.size() < msgs.size()) return errc::short_output;
  detail::dispatch<primitive::sha256_batch>().batch(msgs.data(), msgs.size(), out.data());
  return {};
}

FASTPRIM_NAMESPACE_END
