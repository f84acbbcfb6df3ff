// fastprim/aes/aes_kernels.hpp: what every AES backend shares: the round-key storage, the kernel table
// type, the FIPS 197 key expansion (generic over a constant-time SubWord), the 128-bit counter
// arithmetic of SP 800-38A CTR, and the argument checks and mode drivers, written once.
// ISA: none (portable C++). Constant-time: yes; the only branches and indices depend on public
// lengths and pointers, and SubWord is supplied by the backend (hardware or bitsliced).
// References: FIPS 197 section 5.2 (key expansion), NIST SP 800-38A sections 6.2, 6.5 and B.1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/endian.hpp"
#include "fastprim/error.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

inline constexpr std::size_t aes_block = 16;

// Round keys in the layout of the backend that expanded them. Hardware backends store the
// encryption schedule in enc[0..rounds] and the decryption schedule (equivalent inverse cipher,
// FIPS 197 5.3.5) in dec[0..rounds]; the bitsliced backend stores 8 planes of 128 bits per round
// (15 x 128 bytes for AES-256).
struct aes_round_keys {
  alignas(64) std::byte bytes[2048];
  std::uint32_t rounds;  // 10, 12 or 14
};

// The kernels of one backend. Pointers and counts are checked by the caller: `nblocks` full
// 16-byte blocks, `in == out` allowed, no other overlap. CBC: `iv` is the 16-byte chaining value,
// updated in place to the last ciphertext block. CTR: `iv` is the first counter block; `next`
// (nullptr if not wanted, may equal `iv`) receives the counter advanced by `nblocks`, modulo 2^128.
struct aes_mode_kernels {
  void (*encrypt_block)(const aes_round_keys& ks, const std::byte* in, std::byte* out) noexcept;
  void (*decrypt_block)(const aes_round_keys& ks, const std::byte* in, std::byte* out) noexcept;
  void (*encrypt_ecb)(const aes_round_keys& ks, const std::byte* in, std::byte* out,
                      std::size_t nblocks) noexcept;
  void (*decrypt_ecb)(const aes_round_keys& ks, const std::byte* in, std::byte* out,
                      std::size_t nblocks) noexcept;
  void (*encrypt_cbc)(const aes_round_keys& ks, std::byte* iv, const std::byte* in, std::byte* out,
                      std::size_t nblocks) noexcept;
  void (*decrypt_cbc)(const aes_round_keys& ks, std::byte* iv, const std::byte* in, std::byte* out,
                      std::size_t nblocks) noexcept;
  void (*ctr)(const aes_round_keys& ks, const std::byte* iv, std::byte* next, const std::byte* in,
              std::byte* out, std::size_t nblocks) noexcept;
};

// One backend: the key expansion, and the mode kernels specialised for 10, 12 and 14 rounds
// (index (rounds - 10) / 2). An aes object copies the row of its key size when it is created,
// so a call is one indirect call with no branch on the key size.
struct aes_kernels {
  void (*expand_key)(aes_round_keys& ks, const std::byte* key, std::size_t key_len) noexcept;
  aes_mode_kernels by_rounds[3];
};

constexpr std::size_t rounds_index(std::uint32_t rounds) noexcept { return (rounds - 10) / 2; }

// ---- key expansion (FIPS 197 5.2) ---------------------------------------------------------------
// Words are little-endian (byte 0 of the word in bits 0..7), so RotWord is a right rotation by 8.
// `sub_word` must be constant-time: each backend passes its S-box (aesenclast, aese, bitsliced).
template <class SubWord>
FASTPRIM_ALWAYS_INLINE std::uint32_t aes_expand_words(const std::byte* key, std::size_t key_len,
                                                      std::uint32_t* w, SubWord sub_word) noexcept {
  const std::size_t nk = key_len / 4;
  const std::uint32_t rounds = static_cast<std::uint32_t>(nk + 6);
  const std::size_t total = 4 * (rounds + 1);
  for (std::size_t i = 0; i < nk; ++i) w[i] = load_le<std::uint32_t>(key + 4 * i);
  std::uint32_t rcon = 1;
  for (std::size_t i = nk; i < total; ++i) {
    std::uint32_t t = w[i - 1];
    if (i % nk == 0) {
      t = sub_word((t >> 8) | (t << 24)) ^ rcon;
      rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);  // public constant, not secret
    } else if (nk > 6 && i % nk == 4) {
      t = sub_word(t);
    }
    w[i] = w[i - nk] ^ t;
  }
  return rounds;
}

// ---- CTR counter (SP 800-38A B.1: the whole 16-byte block is one big-endian integer) -----------
struct ctr128 {
  std::uint64_t hi, lo;
};
FASTPRIM_ALWAYS_INLINE ctr128 ctr_load(const std::byte* p) noexcept {
  return {load_be<std::uint64_t>(p), load_be<std::uint64_t>(p + 8)};
}
FASTPRIM_ALWAYS_INLINE void ctr_store(std::byte* p, ctr128 c) noexcept {
  store_be<std::uint64_t>(p, c.hi);
  store_be<std::uint64_t>(p + 8, c.lo);
}
FASTPRIM_ALWAYS_INLINE ctr128 ctr_add(ctr128 c, std::uint64_t n) noexcept {
  const std::uint64_t lo = c.lo + n;
  return {c.hi + (lo < c.lo ? 1u : 0u), lo};
}

// ---- argument checks, shared by every mode --------------------------------------------------------
// Partial overlap: the byte ranges intersect but do not start at the same address.
FASTPRIM_ALWAYS_INLINE bool partial_overlap(const std::byte* in, const std::byte* out,
                                            std::size_t n) noexcept {
  const auto a = reinterpret_cast<std::uintptr_t>(in);
  const auto b = reinterpret_cast<std::uintptr_t>(out);
  return a != b && a < b + n && b < a + n;
}

inline constexpr error err_iv{errc::bad_iv_length, "IV / initial counter block must be exactly 16 bytes"};
inline constexpr error err_len{errc::bad_length, "ECB/CBC input length must be a multiple of 16 bytes"};
inline constexpr error err_short{errc::short_output, "output span is shorter than the input span"};
inline constexpr error err_overlap{errc::overlap,
                                   "input and output partially overlap (in place must be in == out)"};
inline constexpr error err_null{errc::null_pointer, "null pointer with a non-zero length"};

// The checks of one call: returns errc::ok or the error. `block_multiple` for ECB/CBC.
FASTPRIM_ALWAYS_INLINE error check_io(std::span<const std::byte> in, std::span<std::byte> out,
                                      bool block_multiple) noexcept {
  if (FASTPRIM_UNLIKELY(block_multiple && (in.size() % aes_block) != 0)) return err_len;
  if (FASTPRIM_UNLIKELY(out.size() < in.size())) return err_short;
  if (FASTPRIM_UNLIKELY(in.size() != 0 && (in.data() == nullptr || out.data() == nullptr))) return err_null;
  if (FASTPRIM_UNLIKELY(partial_overlap(in.data(), out.data(), in.size()))) return err_overlap;
  return {};
}

// The same checks for the hot path of every call (a 16-byte call takes a few nanoseconds): true
// if check_io would return an error, which the caller then asks for out of line. Each test is
// one fused compare-and-branch, not taken for valid arguments (measured: fewer uops than a
// branch-free combination, and no taken branch). Partial overlap, 0 < |out - in| < n, is
// d + n - 1 < 2n - 1 with d = out - in modulo 2^64 and d != 0 (spans are shorter than 2^63).
FASTPRIM_ALWAYS_INLINE bool io_bad(std::span<const std::byte> in, std::span<std::byte> out,
                                   bool block_multiple) noexcept {
  const std::size_t n = in.size();
  const auto a = reinterpret_cast<std::uintptr_t>(in.data());
  const auto b = reinterpret_cast<std::uintptr_t>(out.data());
  const std::uintptr_t d = b - a;
  return FASTPRIM_UNLIKELY(block_multiple && n % aes_block != 0) || FASTPRIM_UNLIKELY(out.size() < n) ||
         (FASTPRIM_LIKELY(n != 0) &&
          (FASTPRIM_UNLIKELY(a == 0) || FASTPRIM_UNLIKELY(b == 0) ||
           (FASTPRIM_LIKELY(d != 0) && FASTPRIM_UNLIKELY(d + (n - 1) < 2 * n - 1))));
}

// The error of a call that io_bad rejected, out of line.
FASTPRIM_NOINLINE inline error io_error(std::span<const std::byte> in, std::span<std::byte> out,
                                        bool block_multiple) noexcept {
  return check_io(in, out, block_multiple);
}

// CTR over any length from counter block `iv`: full blocks through the kernel, then one
// keystream block for the tail. `next` (nullable, may equal `iv`) receives the counter of the
// block after the last one used. Returns the number of keystream bytes of the last block left
// unused (0 if the length was a multiple of 16), with that block's keystream in `ks_tail`.
FASTPRIM_ALWAYS_INLINE std::size_t ctr_any(const aes_mode_kernels& k, const aes_round_keys& ks,
                                           const std::byte* iv, std::byte* next, const std::byte* in,
                                           std::byte* out, std::size_t n, std::byte* ks_tail) noexcept {
  const std::size_t full = n / aes_block;
  const std::size_t rem = n % aes_block;
  if (FASTPRIM_LIKELY(rem == 0)) {
    k.ctr(ks, iv, next, in, out, full);
    return 0;
  }
  alignas(16) std::byte c[aes_block];
  k.ctr(ks, iv, c, in, out, full);
  k.encrypt_block(ks, c, ks_tail);
  if (next != nullptr) ctr_store(next, ctr_add(ctr_load(c), 1));
  in += full * aes_block;
  out += full * aes_block;
  for (std::size_t i = 0; i < rem; ++i) out[i] = in[i] ^ ks_tail[i];
  return aes_block - rem;
}

}  // namespace detail
FASTPRIM_NAMESPACE_END
