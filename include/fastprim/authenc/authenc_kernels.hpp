// fastprim/authenc/authenc_kernels.hpp: the kernel table of the one-pass cipher + HMAC modes.
// ISA: none (types only). Constant-time: not applicable.
#pragma once

#include <cstddef>
#include <cstdint>

#include "fastprim/aes/aes_kernels.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/xts/xts_kernels.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

// CBC-encrypts `nblocks` blocks from `in` to `out` (`iv` updated as the CBC kernels do) and, in the
// same pass, compresses the `nhash` 64-byte blocks at `hash` into the hash chaining value `state`
// (SHA-1: 5 words, SHA-256: 8). The hashed bytes are ciphertext: `hash` >= out - 64 and
// hash + 64 * nhash <= out + 16 * nblocks; the bytes before `out` are already final. in == out
// allowed, no other overlap.
using cbc_hash_fn = void (*)(const aes_round_keys& ks, std::byte* iv, const std::byte* in, std::byte* out,
                             std::size_t nblocks, std::uint32_t* state, const std::byte* hash,
                             std::size_t nhash) noexcept;

// One AES backend: its XTS table (whose `aes` member is the backend's AES table), and its one-pass
// CBC + SHA-1 and CBC + SHA-256 kernels for 10, 12 and 14 rounds: nullptr where the backend has
// none, and then the modes run the cipher and the hash in turn, a chunk at a time.
struct authenc_kernels {
  const xts_kernels* xts;
  cbc_hash_fn cbc_sha1[3];
  cbc_hash_fn cbc_sha256[3];
};

}  // namespace detail
FASTPRIM_NAMESPACE_END
