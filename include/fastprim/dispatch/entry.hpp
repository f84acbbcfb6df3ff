// fastprim/dispatch/entry.hpp: what the face headers need of the dispatch layer, and no more:
// the primitive ids, each primitive's kernel-table type, and the entry points dispatch<P>(),
// select<P>() and kernels_for<P>(b). In the default header-only mode dispatch.hpp defines the entry
// points inline. Under FASTPRIM_SEPARATE_IMPL they are declared here and instantiated once, in
// the implementation TU (dispatch.hpp, FASTPRIM_DISPATCH_INSTANTIATE), so that the other TUs
// parse no backend and no Highway.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fastprim/backend.hpp"
#include "fastprim/detail/config.hpp"

FASTPRIM_NAMESPACE_BEGIN

// One id per dispatched operation. A primitive with a separate batch path has its own id,
// because its best backend differs (one message per lane against one fast stream).
enum class primitive : std::uint8_t {
  xxh64,         // one XXH64 stream: the 32-byte stripe loop
  xxh64_batch,   // many independent XXH64 inputs, one per vector lane
  sha1,          // one SHA-1 stream: the compression function
  sha256,        // one SHA-256 stream
  sha1_batch,    // many independent SHA-1 messages (interleaved SHA-NI streams or SIMD lanes)
  sha256_batch,  // many independent SHA-256 messages
  aes,           // AES-128/192/256 block and modes (ECB, CBC, CTR); bound when a key is built
  pac,           // ComputePAC (QARMA5, QARMA3, impdef) single calls and batches; bound per key
  aes_gcm,       // AES-GCM and GMAC (CTR + GHASH, fused where the backend can); bound when a key is built
  aes_xts,       // AES-XTS (IEEE 1619) data units and sectors; bound when a key is built
  authenc,       // AES-CBC/CTR/XTS + HMAC in one call (one pass where the backend can); bound per key
  count_
};
inline constexpr std::size_t primitive_count = static_cast<std::size_t>(primitive::count_);

constexpr std::string_view to_string(primitive p) noexcept {
  constexpr std::string_view names[] = {"xxh64",      "xxh64_batch",  "sha1",   "sha256",
                                        "sha1_batch", "sha256_batch", "aes",    "pac",
                                        "aes_gcm",    "aes_xts",      "authenc"};  // in enum order
  static_assert(std::size(names) == primitive_count);
  return static_cast<std::size_t>(p) < std::size(names) ? names[static_cast<std::size_t>(p)] : "?";
}

namespace detail {

// Each registry's header specialises this with its struct of function pointers:
//   template <> struct kernel_type<primitive::aes> : kernel_type_is<aes_kernels> {};
template <primitive P>
struct kernel_type;
template <class T>
struct kernel_type_is {
  using type = T;
};
template <primitive P>
using kernels_t = typename kernel_type<P>::type;

// For keyed objects, which store both.
template <primitive P>
struct selection {
  backend token;
  const kernels_t<P>* kernels;
};

#if FASTPRIM_DECLARE_ONLY
// The kernels to use for P (resolved on the first call), the same with the backend's token, and
// the kernels of one named backend if it is usable here: defined in the implementation TU.
template <primitive P>
const kernels_t<P>& dispatch();
template <primitive P>
selection<P> select();
template <primitive P>
const kernels_t<P>* kernels_for(backend b) noexcept;
#endif

}  // namespace detail
FASTPRIM_NAMESPACE_END

#if FASTPRIM_DECLARE_ONLY
// A TU of the separate mode references this symbol and the implementation TU defines it: a
// program linked without the implementation TU fails with an undefined reference that names the
// cause.
extern "C" const char
    fastprim_separate_impl_needs_one_TU_with_FASTPRIM_IMPLEMENTATION_see_src_fastprim_impl_cpp;
namespace {
[[gnu::used]] const char* const fastprim_separate_impl_link_check =
    &fastprim_separate_impl_needs_one_TU_with_FASTPRIM_IMPLEMENTATION_see_src_fastprim_impl_cpp;
}
#elif defined(FASTPRIM_SEPARATE_IMPL) && defined(FASTPRIM_IMPLEMENTATION)
extern "C" const char
    fastprim_separate_impl_needs_one_TU_with_FASTPRIM_IMPLEMENTATION_see_src_fastprim_impl_cpp = 0;
#endif
