// fastprim/sha1.hpp: SHA-1 (FIPS 180-4; collisions are practical, use it only for legacy formats and
// HMAC-SHA1): streaming hasher, one-shot hash (usable in constant
// expressions), batches of independent messages, and the kernel tables the dispatcher chooses
// from. ISA: per backend, see below. Constant-time: every backend (no secret-dependent branches
// or indices).
//
//   backend    | compress                     | batch                          | constant-time
//   scalar     | portable C++, constexpr      | one message after another      | yes
//   x86_shani  | SHA-NI, one stream           | SHA-NI, 4 messages interleaved | yes
//   armv8_ce   | ARMv8 SHA1 instructions      | one message after another      | yes
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
#include "fastprim/sha/sha1_armv8_ce.hpp"
#include "fastprim/sha/sha1_scalar.hpp"
#include "fastprim/sha/sha1_x86_shani.hpp"
#include "fastprim/sha/sha256_multi_x86_shani.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

template <>
struct kernels_of<primitive::sha1> {
  using type = sha1_kernels;
  template <backend B>
  static constexpr const type* get() noexcept {
    if constexpr (B == backend::scalar) return scalar::sha1_get();
#if FASTPRIM_HAVE_X86_SHANI
#if defined(__AVX512F__) && defined(__AVX512VL__)
    if constexpr (B == backend::x86_shani) return x86_shani::sha1_get_avx512();
#elif defined(__AVX__)
    if constexpr (B == backend::x86_shani) return x86_shani::sha1_get_avx();
#else
    if constexpr (B == backend::x86_shani) return x86_shani::sha1_get();
#endif
#endif
#if FASTPRIM_HAVE_ARMV8_CE
    if constexpr (B == backend::armv8_ce) return armv8_ce::sha1_get();
#endif
    return nullptr;
  }
  // x86_shani's variants on CPUs with AVX-512VL: the batch's lanes compiled for AVX-512VL (Zen 4,
  // 64 x 1 KiB: see sha256_multi_x86_shani.hpp); on Intel also the single stream with sha1nexte
  // off the SHA port (Ice Lake: bulk SHA-1 1.58-1.65 against 1.69-1.75 ticks/byte; on Zen 4 the
  // SHA instructions do not share one port, so AMD keeps sha1nexte) and sha1msg2 replaced by a
  // shorter chain (Emerald Rapids: 1.172 -> 1.003 ticks/byte, see sha1_msg2_short). On any CPU with AVX the
  // kernels are entered with a vzeroupper (detail/sse_entry.hpp).
  static const type* refine([[maybe_unused]] backend b, [[maybe_unused]] const cpu_caps& c,
                            const type* k) noexcept {
#if FASTPRIM_HAVE_X86_SHANI
    if (b == backend::x86_shani && c.avx512f && c.avx512vl)
      return c.vendor == cpu_vendor::intel ? x86_shani::sha1_get_avx512()
                                           : x86_shani::sha1_get_avx512_batch();
    if (b == backend::x86_shani && c.avx) return x86_shani::sha1_get_avx();
#endif
    return k;
  }
  // The report's name for the single-stream variant (nullptr: the default code).
  static const char* variant_name([[maybe_unused]] const type* k) noexcept {
#if FASTPRIM_HAVE_X86_SHANI
    if (k == x86_shani::sha1_get_avx512()) return "AVX-512VL sha1nexte and sha1msg2, vzeroupper on entry";
    if (k == x86_shani::sha1_get_avx512_batch() || k == x86_shani::sha1_get_avx())
      return "vzeroupper on entry";
#endif
    return nullptr;
  }
};

// The same kernel tables; the Highway targets' tables carry the lane-parallel batch (their
// compress is the scalar one and is never chosen for single messages).
template <>
struct kernels_of<primitive::sha1_batch> {
  using type = sha1_kernels;
  template <backend B>
  static constexpr const type* get() noexcept {
    if constexpr (B != backend::scalar && B != backend::x86_shani && B != backend::armv8_ce) {
      FASTPRIM_HWY_GET(B, sha_hwy::sha1_k)
      return nullptr;
    } else {
      return kernels_of<primitive::sha1>::get<B>();
    }
  }
  static const char* variant_name([[maybe_unused]] const type* k) noexcept {
    FASTPRIM_HWY_SSSE3_VARIANT(k, sha_hwy::sha1_k)
#if FASTPRIM_HAVE_X86_SHANI
    if (k == x86_shani::sha1_get_avx512() || k == x86_shani::sha1_get_avx512_batch())
      return "AVX-512VL lanes, vzeroupper on entry";
    if (k == x86_shani::sha1_get_avx()) return "vzeroupper on entry";
#endif
    return nullptr;
  }
  // hwy_ssse3 on a CPU with AVX: the batch entered with a vzeroupper (detail/hwy.hpp).
  static const type* refine(backend b, const cpu_caps& c, const type* k) noexcept {
    FASTPRIM_HWY_SSSE3_REFINE(b, c, sha_hwy::sha1_k)
    return kernels_of<primitive::sha1>::refine(b, c, k);
  }
};

struct sha1_traits {
  static constexpr std::size_t state_words = 5;
  static constexpr std::size_t digest_size = 20;
  static constexpr const std::array<std::uint32_t, 5>& iv = sha1_iv;
  static constexpr auto compress_constexpr = &scalar::sha1_compress;
  static const sha1_kernels& kernels() noexcept { return dispatch<primitive::sha1>(); }
};

}  // namespace detail

// SHA-1. Streaming: `update` any number of times, `digest()` (const: the stream can go on),
// `reset()`; copy the object to fork a stream. The state is wiped on destruction.
//   auto d = fastprim::sha1::hash("abc");                      // constexpr-capable
//   fastprim::sha1 h; h.update(part1).update(part2); auto d2 = h.digest();
class sha1 : public detail::md_hasher<sha1, detail::sha1_traits> {};

// Hashes every message of `msgs` independently into `out[i]`, several at a time where the
// hardware allows (interleaved SHA-NI streams, or one message per SIMD lane). errc::short_output
// if `out` is shorter.
inline result<void> sha1_batch(std::span<const std::span<const std::byte>> msgs,
                               std::span<std::array<std::byte, 20>> out) noexcept {
  if (out.size() < msgs.size()) return errc::short_output;
  detail::dispatch<primitive::sha1_batch>().batch(msgs.data(), msgs.size(), out.data());
  return {};
}

FASTPRIM_NAMESPACE_END
