// fastprim/dispatch/xxh64.hpp: the XXH64 registry, for one stream and for batches of
// independent inputs. Included by xxh64.hpp; the only file that includes the XXH64 backends.
// Why these orders: docs/performance.md, "XXH64".
#pragma once

#include "fastprim/dispatch/entry.hpp"
#include "fastprim/xxh64/xxh64_scalar.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {
template <>
struct kernel_type<primitive::xxh64> : kernel_type_is<xxh64::kernels> {};
template <>
struct kernel_type<primitive::xxh64_batch> : kernel_type_is<xxh64::batch_kernels> {};
}  // namespace detail
FASTPRIM_NAMESPACE_END

// The backends and the table: not in the other TUs of the separate mode (dispatch/entry.hpp).
#if !FASTPRIM_DECLARE_ONLY

#include <span>

#include "fastprim/backend.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/hwy_get.hpp"
#include "fastprim/dispatch.hpp"
#include "fastprim/xxh64/xxh64_scalar.hpp"

#if FASTPRIM_HWY_DECLARE_ONLY
FASTPRIM_HWY_DECLARE(xxh64, extern const kernels* const stream_k; extern const batch_kernels* const batch_k;)
#else
#define FASTPRIM_HWY_PASS_FILE "fastprim/xxh64/xxh64_hwy-inl.hpp"
#define FASTPRIM_HWY_PASS_TARGETS (HWY_AVX3 | HWY_AVX3_DL)
#include "fastprim/detail/hwy_pass.hpp"
#endif

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

template <>
struct kernels_of<primitive::xxh64> {
  using type = xxh64::kernels;
  // One stream: AVX-512 premultiplies the input words with vpmullq a block ahead of the scalar
  // chains, which then issue half the imul; AVX2 and NEON emulate the 64-bit multiply and gain
  // nothing. Only the AVX3 row (AVX3_DL would be the same code), so that any AVX-512 compile
  // target makes the choice at compile time.
  static constexpr backend order[] = {backend::hwy_avx3, backend::scalar};
  template <backend B>
  static constexpr const type* get() noexcept {
    if constexpr (B == backend::scalar) return &xxh64::scalar::table;
    FASTPRIM_HWY_GET_AVX3_DL(B, xxh64, stream_k)
    FASTPRIM_HWY_GET_AVX3(B, xxh64, stream_k)
    return nullptr;
  }
};

template <>
struct kernels_of<primitive::xxh64_batch> {
  using type = xxh64::batch_kernels;
  // One input per 64-bit lane: only AVX-512 has a native 64-bit multiply; the emulated one on
  // AVX2 and NEON measured slower than scalar one input at a time.
  static constexpr backend order[] = {backend::hwy_avx3_dl, backend::hwy_avx3, backend::scalar};
  template <backend B>
  static constexpr const type* get() noexcept {
    if constexpr (B == backend::scalar) return &xxh64::scalar::batch_table;
    FASTPRIM_HWY_GET_AVX3_DL(B, xxh64, batch_k)
    FASTPRIM_HWY_GET_AVX3(B, xxh64, batch_k)
    return nullptr;
  }
};

}  // namespace detail
FASTPRIM_NAMESPACE_END

FASTPRIM_DISPATCH_INSTANTIATE(primitive::xxh64)
FASTPRIM_DISPATCH_INSTANTIATE(primitive::xxh64_batch)
#endif  // !FASTPRIM_DECLARE_ONLY
