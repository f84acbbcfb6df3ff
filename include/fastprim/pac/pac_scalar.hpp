// Constant-time: yes (bitsliced nibble S-boxes by boolean formulas, cell permutations by fixed
// rotates and masks, the impdef hash by multiplies and rotates; no tables indexed by secrets,
// no branches on secrets).
// fastprim/pac/pac_scalar.hpp: the portable ComputePAC backend (token scalar): QARMA-64 on
// 64-bit words for any round count and S-box, and QEMU's impdef hash. ISA: none.
// Reference: pac-spec.md sections 2-7.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fastprim/detail/config.hpp"
#include "fastprim/pac/impdef.hpp"
#include "fastprim/pac/pac_kernels.hpp"
#include "fastprim/pac/qarma.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

namespace pac::scalar {

// QARMA-64 encryption of `p` under tweak `t`, with the key schedule `k` (any rounds/S-box).
template <pac::sbox S, unsigned R>
FASTPRIM_ALWAYS_INLINE constexpr std::uint64_t qarma_encrypt(const qarma_keys& k, std::uint64_t p,
                                                             std::uint64_t t) noexcept {
  using namespace qarma;
  std::uint64_t tw[R + 1];
  tw[0] = t;
  for (unsigned i = 0; i < R; ++i) tw[i + 1] = tweak_shuffle(tw[i]);

  std::uint64_t x = p ^ k.fwd[0] ^ tw[0];
  for (unsigned i = 1; i <= R; ++i) x = mix_shuffle(sub_raw<S, false>(x) ^ k.fwd[i] ^ tw[i]);
  x = permute<cell_inv_shuffle_perm>(mix_shuffle(sub_raw<S, false>(x)) ^ k.refl);  // central + reflector
  for (unsigned i = R; i >= 1; --i) x = inv_mix_shuffle(sub_raw<S, true>(x)) ^ k.bwd[i] ^ tw[i];
  return sub_raw<S, true>(x) ^ k.bwd[0] ^ tw[0];
}

template <pac::sbox S>
constexpr std::uint64_t qarma_encrypt_any(const qarma_keys& k, std::uint64_t p, std::uint64_t t) noexcept {
  switch (k.rounds) {
    case 1:
      return qarma_encrypt<S, 1>(k, p, t);
    case 2:
      return qarma_encrypt<S, 2>(k, p, t);
    case 3:
      return qarma_encrypt<S, 3>(k, p, t);
    case 4:
      return qarma_encrypt<S, 4>(k, p, t);
    case 5:
      return qarma_encrypt<S, 5>(k, p, t);
    case 6:
      return qarma_encrypt<S, 6>(k, p, t);
    case 7:
      return qarma_encrypt<S, 7>(k, p, t);
    default:
      return qarma_encrypt<S, 8>(k, p, t);
  }
}

// Any QARMA-64 instance from a raw key (the key schedule is built per call).
constexpr std::uint64_t qarma64(std::uint64_t p, std::uint64_t t, std::uint64_t w0, std::uint64_t k0,
                                unsigned rounds, pac::sbox s) noexcept {
  qarma_keys k = make_qarma_keys(k0, w0, rounds, s);
  std::uint64_t c;
  switch (s) {
    case pac::sbox::sigma0:
      c = qarma_encrypt_any<pac::sbox::sigma0>(k, p, t);
      break;
    case pac::sbox::sigma1:
      c = qarma_encrypt_any<pac::sbox::sigma1>(k, p, t);
      break;
    default:
      c = qarma_encrypt_any<pac::sbox::sigma2>(k, p, t);
      break;
  }
  if (!std::is_constant_evaluated()) k.wipe();  // the schedule of this call only
  return c;
}

// ---- kernels with the table's signatures ------------------------------------------------------------

FASTPRIM_ZERO_REGS inline std::uint64_t pac_qarma5_single(const pac_schedule& s, std::uint64_t data,
                                                          std::uint64_t modifier) noexcept {
  return qarma_encrypt<pac::sbox::sigma2, 5>(s.q, data, modifier);
}
FASTPRIM_ZERO_REGS inline std::uint64_t pac_qarma3_single(const pac_schedule& s, std::uint64_t data,
                                                          std::uint64_t modifier) noexcept {
  return qarma_encrypt<pac::sbox::sigma1, 3>(s.q, data, modifier);
}
FASTPRIM_ZERO_REGS inline std::uint64_t pac_impdef_single(const pac_schedule& s, std::uint64_t data,
                                                          std::uint64_t modifier) noexcept {
  return impdef_compute(s.h, data, modifier);
}
FASTPRIM_ZERO_REGS inline std::uint64_t pac_qarma_any_single(const pac_schedule& s, std::uint64_t data,
                                                             std::uint64_t modifier) noexcept {
  switch (s.q.s) {
    case pac::sbox::sigma0:
      return qarma_encrypt_any<pac::sbox::sigma0>(s.q, data, modifier);
    case pac::sbox::sigma1:
      return qarma_encrypt_any<pac::sbox::sigma1>(s.q, data, modifier);
    default:
      return qarma_encrypt_any<pac::sbox::sigma2>(s.q, data, modifier);
  }
}

template <pac_single_fn F>
FASTPRIM_ZERO_REGS inline void pac_batch_of(const pac_schedule& s, const std::uint64_t* data,
                                            const std::uint64_t* modifier, std::uint64_t* out,
                                            std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i) out[i] = F(s, data[i], modifier[i]);
}

FASTPRIM_ZERO_REGS inline std::uint64_t pac_qarma64(std::uint64_t p, std::uint64_t t, std::uint64_t w0,
                                                    std::uint64_t k0, unsigned rounds, pac::sbox s) noexcept {
  return qarma64(p, t, w0, k0, rounds, s);
}

// The key passed in: the scalar schedule of this call only (a few words), then wiped.
template <pac::sbox S, unsigned R>
FASTPRIM_ZERO_REGS inline std::uint64_t pac_qarma_key(std::uint64_t key_lo, std::uint64_t key_hi,
                                                      std::uint64_t data, std::uint64_t modifier) noexcept {
  qarma_keys q = qarma_keys_of(key_lo, key_hi, R, S);
  const std::uint64_t r = qarma_encrypt<S, R>(q, data, modifier);
  q.wipe();
  return r;
}

inline constexpr pac_kernels kernels{
    {&pac_qarma5_single, &pac_qarma3_single, &pac_impdef_single},
    {&pac_batch_of<&pac_qarma5_single>, &pac_batch_of<&pac_qarma3_single>, &pac_batch_of<&pac_impdef_single>},
    &pac_qarma_any_single,
    &pac_batch_of<&pac_qarma_any_single>,
    &pac_qarma64,
    {&pac_qarma_key<pac::sbox::sigma2, 5>, &pac_qarma_key<pac::sbox::sigma1, 3>},
};

}  // namespace pac::scalar
}  // namespace detail
FASTPRIM_NAMESPACE_END
