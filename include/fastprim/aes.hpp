// fastprim/aes.hpp: AES-128/192/256 (FIPS 197) in ECB, CBC and CTR modes (NIST SP 800-38A),
// a streaming CTR object, and PKCS#7 padding (RFC 5652 section 6.3). Public API only.
// ISA: whatever the bound backend uses (see the table below). Constant-time: yes on every
// backend (hardware AES instructions, or the bitsliced portable code); PKCS#7 unpadding checks
// the last block in constant time.
//
//   auto c = fastprim::aes::create(key);           // result<aes>; 16/24/32-byte key -> AES-128/192/256
//   if (!c) return c.message();
//   auto r = c->encrypt_cbc(iv, plain, cipher);    // result<void>; errors are values
//
// Backends (the object binds one when created; `backend()` says which):
//
//   token       ISA                                   constant-time
//   x86_vaes    VAES + AVX-512 on zmm (16 blocks)      yes (hardware AES)
//   x86_aesni   AES-NI on xmm (8 blocks)               yes (hardware AES)
//   armv8_ce    ARMv8 Crypto Extensions (8 blocks)     yes (hardware AES)
//   hwy_ssse3   Highway SSSE3 vector-permute AES       yes (pshufb S-box, no secret-indexed
//               (x86 without AES-NI; 4 blocks)             memory or branch)
//   scalar      portable C++, bitsliced, 8 blocks      yes (no secret-indexed table or branch)
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <utility>

#include "fastprim/backend.hpp"
#include "fastprim/bytes.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/dispatch/aes.hpp"
#include "fastprim/error.hpp"
#include "fastprim/pkcs7.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

inline constexpr error err_key{errc::bad_key_length,
                               "AES key must be 16, 24 or 32 bytes (AES-128, AES-192, AES-256)"};
inline constexpr error err_backend{errc::unavailable_backend,
                                   "this AES backend is not compiled in or not supported by this CPU"};
inline constexpr error err_block{errc::bad_length, "a single block must be exactly 16 bytes"};

}  // namespace detail

class aes;

namespace detail {
// The bound kernels and round keys of an aes object: for aes_ctr, the modes built on aes, and
// tests that check the schedule is wiped. Not part of the public API.
struct aes_access {
  static const aes_mode_kernels& kernels(const fastprim::aes& a) noexcept;
  static const aes_round_keys& round_keys(const fastprim::aes& a) noexcept;
};
}  // namespace detail

// An expanded AES key bound to one backend. Copyable; moving copies (no moved-from state: the
// source keeps its key and backend, see error.hpp). The round keys (both directions) are wiped on
// destruction. Byte arguments: any byte_input / byte_output range (bytes.hpp).
class aes {
 public:
  static constexpr std::size_t block_size = 16;

  // A 16-, 24- or 32-byte key selects AES-128, AES-192 or AES-256 on the best backend.
  [[nodiscard]] static result<aes> create(std::span<const std::byte> key) noexcept {
    const auto s = detail::select<primitive::aes>();
    return make(key, s.token, s.kernels);
  }
  template <byte_input K>
  [[nodiscard]] static result<aes> create(K&& key) noexcept {
    return create(as_byte_input(key));
  }
  // The same on a named backend; errc::unavailable_backend if this build or CPU cannot run it.
  [[nodiscard]] static result<aes> create(std::span<const std::byte> key, fastprim::backend b) noexcept {
    const detail::aes_kernels* k = detail::kernels_for<primitive::aes>(b);
    if (k == nullptr) return detail::err_backend;
    return make(key, b, k);
  }
  template <byte_input K>
  [[nodiscard]] static result<aes> create(K&& key, fastprim::backend b) noexcept {
    return create(as_byte_input(key), b);
  }

  // Copy and move alike (no move constructor: an rvalue takes the copy, the source stays whole).
  aes(const aes& o) noexcept : fn_(o.fn_), b_(o.b_) { copy_keys(o); }
  aes& operator=(const aes& o) noexcept {
    if (this != &o) {
      fn_ = o.fn_;
      b_ = o.b_;
      copy_keys(o);  // overwrites the whole schedule, whatever the old key size
    }
    return *this;
  }
  ~aes() { detail::secure_zero_object(ks_); }

  fastprim::backend backend() const noexcept { return b_; }
  std::size_t key_size() const noexcept { return (ks_.rounds - 6) * 4; }
  unsigned rounds() const noexcept { return ks_.rounds; }

  // ---- ECB: length a multiple of 16; in == out or disjoint; out at least as long as in.
  // One-block calls take the single-block kernel (no loop or size dispatch in the kernel).
  // Always inlined, so that at a call site with a known 16-byte length only the pointer checks
  // and one indirect call remain (out of line, g++ -O2 made it two calls per block); other
  // lengths go to the out-of-line ecb().
  [[nodiscard]] FASTPRIM_ALWAYS_INLINE result<void> encrypt_ecb(std::span<const std::byte> in,
                                                                std::span<std::byte> out) const noexcept {
    if (FASTPRIM_LIKELY(in.size() == block_size && !detail::io_bad(in, out, false))) {
      fn_.encrypt_block(ks_, in.data(), out.data());
      return {};
    }
    return ecb(in, out, true);
  }
  [[nodiscard]] FASTPRIM_ALWAYS_INLINE result<void> decrypt_ecb(std::span<const std::byte> in,
                                                                std::span<std::byte> out) const noexcept {
    if (FASTPRIM_LIKELY(in.size() == block_size && !detail::io_bad(in, out, false))) {
      fn_.decrypt_block(ks_, in.data(), out.data());
      return {};
    }
    return ecb(in, out, false);
  }
  template <byte_input I, byte_output O>
  [[nodiscard]] FASTPRIM_ALWAYS_INLINE result<void> encrypt_ecb(I&& in, O&& out) const noexcept {
    return encrypt_ecb(as_byte_input(in), as_byte_output(out));
  }
  template <byte_input I, byte_output O>
  [[nodiscard]] FASTPRIM_ALWAYS_INLINE result<void> decrypt_ecb(I&& in, O&& out) const noexcept {
    return decrypt_ecb(as_byte_input(in), as_byte_output(out));
  }

  // ---- CBC: `iv` 16 bytes; no padding here (see pkcs7_pad / pkcs7_unpad).
  [[nodiscard]] result<void> encrypt_cbc(std::span<const std::byte> iv, std::span<const std::byte> in,
                                         std::span<std::byte> out) const noexcept {
    if (FASTPRIM_UNLIKELY(iv.size() != block_size)) return detail::err_iv;
    if (FASTPRIM_UNLIKELY(detail::io_bad(in, out, true))) return detail::io_error(in, out, true);
    alignas(16) std::byte chain[block_size];
    std::memcpy(chain, iv.data(), block_size);
    fn_.encrypt_cbc(ks_, chain, in.data(), out.data(), in.size() / block_size);
    return {};
  }
  [[nodiscard]] result<void> decrypt_cbc(std::span<const std::byte> iv, std::span<const std::byte> in,
                                         std::span<std::byte> out) const noexcept {
    if (FASTPRIM_UNLIKELY(iv.size() != block_size)) return detail::err_iv;
    if (FASTPRIM_UNLIKELY(detail::io_bad(in, out, true))) return detail::io_error(in, out, true);
    alignas(16) std::byte chain[block_size];
    std::memcpy(chain, iv.data(), block_size);
    fn_.decrypt_cbc(ks_, chain, in.data(), out.data(), in.size() / block_size);
    return {};
  }
  template <byte_input V, byte_input I, byte_output O>
  [[nodiscard]] result<void> encrypt_cbc(V&& iv, I&& in, O&& out) const noexcept {
    return encrypt_cbc(as_byte_input(iv), as_byte_input(in), as_byte_output(out));
  }
  template <byte_input V, byte_input I, byte_output O>
  [[nodiscard]] result<void> decrypt_cbc(V&& iv, I&& in, O&& out) const noexcept {
    return decrypt_cbc(as_byte_input(iv), as_byte_input(in), as_byte_output(out));
  }

  // ---- CTR (SP 800-38A 6.5): `iv` is the 16-byte initial counter block, incremented as one
  // 128-bit big-endian integer (wrapping at 2^128). Any length; encryption = decryption.
  [[nodiscard]] FASTPRIM_ALWAYS_INLINE result<void> ctr(std::span<const std::byte> iv,
                                                        std::span<const std::byte> in,
                                                        std::span<std::byte> out) const noexcept {
    if (FASTPRIM_UNLIKELY(iv.size() != block_size)) return detail::err_iv;
    if (FASTPRIM_UNLIKELY(detail::io_bad(in, out, false))) return detail::io_error(in, out, false);
    alignas(16) std::byte tail[block_size];
    if (detail::ctr_any(fn_, ks_, iv.data(), nullptr, in.data(), out.data(), in.size(), tail) != 0)
      detail::secure_zero(tail, sizeof tail);
    return {};
  }
  template <byte_input V, byte_input I, byte_output O>
  [[nodiscard]] FASTPRIM_ALWAYS_INLINE result<void> ctr(V&& iv, I&& in, O&& out) const noexcept {
    return ctr(as_byte_input(iv), as_byte_input(in), as_byte_output(out));
  }

  // ---- one block: `in` exactly 16 bytes, `out` at least 16.
  [[nodiscard]] result<void> encrypt_block(std::span<const std::byte> in,
                                           std::span<std::byte> out) const noexcept {
    if (FASTPRIM_UNLIKELY(in.size() != block_size)) return detail::err_block;
    if (FASTPRIM_UNLIKELY(detail::io_bad(in, out, false))) return detail::io_error(in, out, false);
    fn_.encrypt_block(ks_, in.data(), out.data());
    return {};
  }
  [[nodiscard]] result<void> decrypt_block(std::span<const std::byte> in,
                                           std::span<std::byte> out) const noexcept {
    if (FASTPRIM_UNLIKELY(in.size() != block_size)) return detail::err_block;
    if (FASTPRIM_UNLIKELY(detail::io_bad(in, out, false))) return detail::io_error(in, out, false);
    fn_.decrypt_block(ks_, in.data(), out.data());
    return {};
  }

  template <byte_input I, byte_output O>
  [[nodiscard]] result<void> encrypt_block(I&& in, O&& out) const noexcept {
    return encrypt_block(as_byte_input(in), as_byte_output(out));
  }
  template <byte_input I, byte_output O>
  [[nodiscard]] result<void> decrypt_block(I&& in, O&& out) const noexcept {
    return decrypt_block(as_byte_input(in), as_byte_output(out));
  }

 private:
  friend struct detail::aes_access;

  aes() noexcept = default;
  static result<aes> make(std::span<const std::byte> key, fastprim::backend b,
                          const detail::aes_kernels* k) noexcept {
    if (key.size() != 16 && key.size() != 24 && key.size() != 32) return detail::err_key;
    aes a;
    a.b_ = b;
    k->expand_key(a.ks_, key.data(), key.size());
    a.fn_ = k->by_rounds[detail::rounds_index(a.ks_.rounds)];
    return a;
  }
  // ECB of any length (and the error answer for a bad 16-byte call).
  result<void> ecb(std::span<const std::byte> in, std::span<std::byte> out, bool enc) const noexcept {
    if (FASTPRIM_UNLIKELY(detail::io_bad(in, out, true))) return detail::io_error(in, out, true);
    (enc ? fn_.encrypt_ecb : fn_.decrypt_ecb)(ks_, in.data(), out.data(), in.size() / block_size);
    return {};
  }
  void copy_keys(const aes& o) noexcept {
    ks_.rounds = o.ks_.rounds;
    std::memcpy(ks_.bytes, o.ks_.bytes, sizeof ks_.bytes);
  }

  detail::aes_mode_kernels fn_{};  // the kernels of this backend and key size, called directly
  fastprim::backend b_ = fastprim::backend::scalar;
  detail::aes_round_keys ks_{};
};

inline const detail::aes_mode_kernels& detail::aes_access::kernels(const fastprim::aes& a) noexcept {
  return a.fn_;
}
inline const detail::aes_round_keys& detail::aes_access::round_keys(const fastprim::aes& a) noexcept {
  return a.ks_;
}

// CTR as a stream: keeps the counter and the unused keystream of the last block across calls,
// so any split of the input gives the same output as one aes::ctr call. Owns a copy of the key
// schedule. Copyable (a copy forks the stream); moving copies (no moved-from state, see
// error.hpp). The schedule, counter block and buffered keystream are wiped on destruction;
// reset() wipes the keystream of the old stream.
class aes_ctr {
 public:
  [[nodiscard]] static result<aes_ctr> create(const aes& cipher, std::span<const std::byte> iv) noexcept {
    if (iv.size() != aes::block_size) return detail::err_iv;
    return aes_ctr(cipher, iv.data());
  }
  template <byte_input V>
  [[nodiscard]] static result<aes_ctr> create(const aes& cipher, V&& iv) noexcept {
    return create(cipher, as_byte_input(iv));
  }
  [[nodiscard]] static result<aes_ctr> create(std::span<const std::byte> key,
                                              std::span<const std::byte> iv) noexcept {
    auto c = aes::create(key);
    if (!c) return c.error_value();
    return create(*c, iv);
  }
  template <byte_input K, byte_input V>
  [[nodiscard]] static result<aes_ctr> create(K&& key, V&& iv) noexcept {
    return create(as_byte_input(key), as_byte_input(iv));
  }

  // Copy and move alike (no move constructor: an rvalue takes the copy, the source stays whole).
  aes_ctr(const aes_ctr&) noexcept = default;
  aes_ctr& operator=(const aes_ctr&) noexcept = default;
  ~aes_ctr() { clear_stream(); }

  // Restart at a new initial counter block; the old stream's buffered keystream is wiped.
  [[nodiscard]] result<void> reset(std::span<const std::byte> iv) noexcept {
    if (iv.size() != aes::block_size) return detail::err_iv;
    detail::secure_zero(keystream_, sizeof keystream_);
    std::memcpy(counter_, iv.data(), aes::block_size);
    unused_ = 0;
    return {};
  }
  template <byte_input V>
  [[nodiscard]] result<void> reset(V&& iv) noexcept {
    return reset(as_byte_input(iv));
  }

  // Encrypts or decrypts the next in.size() bytes of the stream into `out`.
  [[nodiscard]] result<void> update(std::span<const std::byte> in, std::span<std::byte> out) noexcept {
    if (const error e = detail::check_io(in, out, false); FASTPRIM_UNLIKELY(e.code != errc::ok)) return e;
    const std::byte* p = in.data();
    std::byte* q = out.data();
    std::size_t n = in.size();
    // Leftover keystream of the previous call first.
    while (unused_ != 0 && n != 0) {
      *q++ = *p++ ^ keystream_[aes::block_size - unused_];
      --unused_;
      --n;
    }
    if (n != 0)
      unused_ = detail::ctr_any(detail::aes_access::kernels(cipher_), detail::aes_access::round_keys(cipher_),
                                counter_, counter_, p, q, n, keystream_);
    return {};
  }
  template <byte_input I, byte_output O>
  [[nodiscard]] result<void> update(I&& in, O&& out) noexcept {
    return update(as_byte_input(in), as_byte_output(out));
  }

  const aes& cipher() const noexcept { return cipher_; }

 private:
  aes_ctr(const aes& c, const std::byte* iv) noexcept : cipher_(c) {
    std::memcpy(counter_, iv, aes::block_size);
  }

  void clear_stream() noexcept {
    detail::secure_zero(keystream_, sizeof keystream_);
    detail::secure_zero(counter_, sizeof counter_);
    unused_ = 0;
  }

  aes cipher_;
  alignas(16) std::byte counter_[aes::block_size];
  alignas(16) std::byte keystream_[aes::block_size] = {};
  std::size_t unused_ = 0;  // keystream bytes left at the end of keystream_
};

FASTPRIM_NAMESPACE_END
