// fastprim/pac/pac_kernels.hpp: what every ComputePAC backend shares: the key schedule of a
// keyed object (QARMA scalar and SIMD forms, impdef; the types) and the kernel table type.
// ISA: none. Constant-time: yes (types only).
#pragma once

#include <cstddef>
#include <cstdint>

#include "fastprim/detail/config.hpp"
#include "fastprim/pac/impdef.hpp"
#include "fastprim/pac/qarma.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

// The QARMA key schedule of the SIMD backends, one cell per byte, unfolded (their S-boxes are
// exact lookups); built by make_qarma_simd_keys (pac/qarma_simd.hpp).
struct qarma_simd_keys {
  // batches: a0; rho and rho^2 of the forward round keys 1..r; tau^-1(k0); backward keys r..0
  alignas(16) std::uint8_t v_fwd0[16]{};
  alignas(16) std::uint8_t v_fwd1[qarma::max_rounds + 1][16]{};
  alignas(16) std::uint8_t v_fwd2[qarma::max_rounds + 1][16]{};
  alignas(16) std::uint8_t v_refl[16]{};
  alignas(16) std::uint8_t v_bwd[qarma::max_rounds + 1][16]{};
  // single calls (simd_relabel): the key part added after layer l, in its output layout (of the
  // portable kernel, simd_relabels, and of the AVX-512 kernel, simd_relabels_avx512); the words
  // added before the first S-box (w0 ^ k0 ^ RC0) and after the last (k0 ^ RC0 ^ alpha ^ w1)
  alignas(16) std::uint8_t v_layer[2 * qarma::max_rounds + 1][16]{};
  alignas(16) std::uint8_t v_layer_avx512[2 * qarma::max_rounds + 1][16]{};
  std::uint64_t first = 0, last = 0;
};

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
// One PAC with the key passed in (QEMU's pauth_computepac): what the call needs of the schedule is
// built in registers and on the stack, used once and wiped.
using pac_key_fn = std::uint64_t (*)(std::uint64_t key_lo, std::uint64_t key_hi, std::uint64_t data,
                                     std::uint64_t modifier) noexcept;

struct pac_kernels {
  pac_single_fn single[3];
  pac_batch_fn batch[3];
  pac_single_fn qarma_any;
  pac_batch_fn qarma_any_batch;
  qarma64_fn qarma64;
  pac_key_fn single_key[2];  // QARMA5, QARMA3 (pac::algorithm order)
};

}  // namespace detail
FASTPRIM_NAMESPACE_END
