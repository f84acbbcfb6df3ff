// fastprim/pac/pac_kernels.hpp: what every ComputePAC backend shares: the key schedule of a
// keyed object (QARMA scalar and SIMD forms, impdef) and the kernel table type.
// ISA: none. Constant-time: yes (types only).
#pragma once

#include <cstddef>
#include <cstdint>

#include "fastprim/detail/config.hpp"
#include "fastprim/pac/impdef.hpp"
#include "fastprim/pac/qarma.hpp"
#include "fastprim/pac/qarma_simd.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

// The key schedule of a keyed PAC object, whichever the algorithm (only one part is filled).
struct pac_schedule {
  qarma_keys q{};
  qarma_simd_keys v{};  // filled for keyed objects (any backend may be bound)
  impdef_keys h{};
};

// ---- the kernel table of one backend (adapted by dispatch.hpp) -------------------------------------
// single/batch are indexed by pac::algorithm (qarma5, qarma3, impdef); `qarma_any` serves a
// schedule of any rounds/S-box (the paper's instances); `qarma64` builds the schedule per call.
// Batch: `out[i] = PAC(data[i], modifier[i])` for i < n; `out` may equal `data` or `modifier`.
using pac_single_fn = std::uint64_t (*)(const pac_schedule&, std::uint64_t data,
                                        std::uint64_t modifier) noexcept;
using pac_batch_fn = void (*)(const pac_schedule&, const std::uint64_t* data, const std::uint64_t* modifier,
                              std::uint64_t* out, std::size_t n) noexcept;
using qarma64_fn = std::uint64_t (*)(std::uint64_t p, std::uint64_t t, std::uint64_t w0, std::uint64_t k0,
                                     unsigned rounds, pac::sbox s) noexcept;

struct pac_kernels {
  pac_single_fn single[3];
  pac_batch_fn batch[3];
  pac_single_fn qarma_any;
  pac_batch_fn qarma_any_batch;
  qarma64_fn qarma64;
};

}  // namespace detail
FASTPRIM_NAMESPACE_END
