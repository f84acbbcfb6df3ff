// fastprim/aes_xts.hpp: AES-XTS (IEEE Std 1619-2007, NIST SP 800-38E) with AES-128 and AES-256, for
// storage: one data unit per call, or many sectors per call. Public API only.
// ISA: whatever the bound backend uses (see the table below). Constant-time: yes on every backend.
//
//   auto x = fastprim::aes_xts::create(key);            // result<aes_xts>: 32 or 64 bytes = K1 || K2
//   if (!x) return x.message();
//   auto r = x->encrypt(tweak, plain, cipher);          // tweak: 16 bytes; 16 bytes or more, any length
//   auto s = x->encrypt_sectors(first, 4096, disk, disk);  // sector i: tweak = first + i (plain64)
//
// Backends (the object binds one when created; `backend()` says which):
//
//   token       ISA                                           constant-time
//   x86_vaes    VAES + AVX-512 (zmm)                          yes (hardware AES)
//   x86_aesni   AES-NI (xmm)                                  yes (hardware)
//   armv8_ce    AESE/AESMC                                    yes (hardware)
//   scalar      bitsliced AES                                 yes (no table, no secret-dependent branch)
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "fastprim/backend.hpp"
#include "fastprim/bytes.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/endian.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/dispatch/aes.hpp"
#include "fastprim/dispatch/xts.hpp"
#include "fastprim/error.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

inline constexpr error err_xts_key{errc::bad_key_length,
                                   "AES-XTS key must be 32 or 64 bytes: two AES-128 or two AES-256 keys"};
inline constexpr error err_xts_weak{errc::weak_key,
                                    "AES-XTS key halves are equal: the data key and the tweak key must "
                                    "differ (SP 800-38E; Linux xts_verify_key)"};
inline constexpr error err_xts_backend{
    errc::unavailable_backend, "this AES-XTS backend is not compiled in or not supported by this CPU"};
inline constexpr error err_xts_tweak{errc::bad_iv_length, "AES-XTS tweak must be exactly 16 bytes"};
inline constexpr error err_xts_short{errc::bad_length, "AES-XTS data unit must be at least 16 bytes"};
inline constexpr error err_xts_long{errc::bad_length,
                                    "AES-XTS data unit must be at most 2^20 blocks (16 MiB, IEEE 1619 5.1)"};
inline constexpr error err_xts_sector{errc::bad_length,
                                      "AES-XTS sector size must be 16 bytes to 16 MiB, and the input a "
                                      "whole number of sectors"};

inline constexpr std::size_t xts_max_unit = std::size_t{16} << 20;  // 2^20 blocks of 16 bytes

// A key: the bound kernels, the data key K1 (encryption and decryption rounds) and the tweak key K2.
struct xts_core {
  xts_mode_kernels fn{};
  aes_mode_kernels aes{};
  aes_round_keys ks1{};
  aes_round_keys ks2{};

  void wipe() noexcept {
    secure_zero_object(ks1);
    secure_zero_object(ks2);
  }

  // One data unit of n >= 16 bytes (checked) from its encrypted tweak T0 (16 bytes, secret).
  // A last partial block steals the tail of the block before it (IEEE 1619 5.3.2 and 5.4.2).
  void unit(const std::byte* t0, const std::byte* in, std::byte* out, std::size_t n,
            bool enc) const noexcept {
    alignas(16) std::byte t[16];
    std::memcpy(t, t0, 16);
    const std::size_t m = n / 16, b = n % 16;
    const auto bulk = enc ? fn.encrypt : fn.decrypt;
    if (b == 0) {
      bulk(ks1, t, in, out, m);
    } else {
      bulk(ks1, t, in, out, m - 1);  // t: T_{m-1}
      in += 16 * (m - 1);
      out += 16 * (m - 1);
      // [16 + b bytes]: the last whole block and the b-byte tail, read before either is written.
      alignas(16) std::byte x[16], y[16];
      if (enc) {
        bulk(ks1, t, in, x, 1);  // CC = E(P_{m-1}) with T_{m-1}; t: T_m
        std::memcpy(y, in + 16, b);
        std::memcpy(y + b, x + b, 16 - b);  // PP = P_m || CC[b..16)
        std::memcpy(out + 16, x, b);        // C_m = CC[0..b)
        bulk(ks1, t, y, out, 1);            // C_{m-1} = E(PP) with T_m
      } else {
        alignas(16) std::byte tm[16];
        xts_store(tm, xts_mul_alpha(xts_load(t)));
        bulk(ks1, tm, in, x, 1);  // PP = D(C_{m-1}) with T_m
        std::memcpy(y, in + 16, b);
        std::memcpy(y + b, x + b, 16 - b);  // CC = C_m || PP[b..16)
        std::memcpy(out + 16, x, b);        // P_m = PP[0..b)
        bulk(ks1, t, y, out, 1);            // P_{m-1} = D(CC) with T_{m-1}
        secure_zero(tm, sizeof tm);
      }
      secure_zero(x, sizeof x);
      secure_zero(y, sizeof y);
    }
    secure_zero(t, sizeof t);
  }
};

}  // namespace detail

// An AES-XTS key (K1 for the data, K2 for the tweaks) bound to one backend. Copyable; moving copies
// (no moved-from state, see error.hpp). Wiped on destruction. Byte arguments: any byte_input /
// byte_output range (bytes.hpp); in == out works, partial overlap is errc::overlap.
class aes_xts {
 public:
  static constexpr std::size_t tweak_size = 16;
  static constexpr std::size_t max_data_unit = detail::xts_max_unit;  // bytes

  // 32 bytes (AES-128-XTS) or 64 bytes (AES-256-XTS): K1 then K2. Equal halves: errc::weak_key.
  [[nodiscard]] static result<aes_xts> create(std::span<const std::byte> key) noexcept {
    const auto s = detail::select<primitive::aes_xts>();
    return make(key, s.token, s.kernels);
  }
  template <byte_input K>
  [[nodiscard]] static result<aes_xts> create(K&& key) noexcept {
    return create(as_byte_input(key));
  }
  // The same on a named backend; errc::unavailable_backend if this build or CPU cannot run it.
  [[nodiscard]] static result<aes_xts> create(std::span<const std::byte> key, fastprim::backend b) noexcept {
    const detail::xts_kernels* k = detail::kernels_for<primitive::aes_xts>(b);
    if (k == nullptr) return detail::err_xts_backend;
    return make(key, b, k);
  }
  template <byte_input K>
  [[nodiscard]] static result<aes_xts> create(K&& key, fastprim::backend b) noexcept {
    return create(as_byte_input(key), b);
  }

  aes_xts(const aes_xts&) noexcept = default;
  aes_xts& operator=(const aes_xts&) noexcept = default;
  ~aes_xts() { c_.wipe(); }

  fastprim::backend backend() const noexcept { return b_; }
  std::size_t key_size() const noexcept { return (c_.ks1.rounds - 6) * 8; }  // 32 or 64

  // One data unit: `in` is 16 bytes to 16 MiB, any length (a partial last block uses ciphertext
  // stealing); `out` at least as long. `tweak`: 16 bytes, the data unit's number as IEEE 1619
  // writes it (little-endian for a sector number).
  [[nodiscard]] result<void> encrypt(std::span<const std::byte> tweak, std::span<const std::byte> in,
                                     std::span<std::byte> out) const noexcept {
    return one(tweak, in, out, true);
  }
  [[nodiscard]] result<void> decrypt(std::span<const std::byte> tweak, std::span<const std::byte> in,
                                     std::span<std::byte> out) const noexcept {
    return one(tweak, in, out, false);
  }
  template <byte_input T, byte_input I, byte_output O>
  [[nodiscard]] result<void> encrypt(T&& tweak, I&& in, O&& out) const noexcept {
    return encrypt(as_byte_input(tweak), as_byte_input(in), as_byte_output(out));
  }
  template <byte_input T, byte_input I, byte_output O>
  [[nodiscard]] result<void> decrypt(T&& tweak, I&& in, O&& out) const noexcept {
    return decrypt(as_byte_input(tweak), as_byte_input(in), as_byte_output(out));
  }

  // Consecutive sectors of `sector_size` bytes (16 bytes to 16 MiB; `in` a whole number of them,
  // possibly none). Sector i is a data unit whose tweak is the sector number first_sector + i
  // (modulo 2^64) as 8 little-endian bytes then 8 zero bytes: dm-crypt's plain64.
  [[nodiscard]] result<void> encrypt_sectors(std::uint64_t first_sector, std::size_t sector_size,
                                             std::span<const std::byte> in,
                                             std::span<std::byte> out) const noexcept {
    return sectors(first_sector, sector_size, in, out, true);
  }
  [[nodiscard]] result<void> decrypt_sectors(std::uint64_t first_sector, std::size_t sector_size,
                                             std::span<const std::byte> in,
                                             std::span<std::byte> out) const noexcept {
    return sectors(first_sector, sector_size, in, out, false);
  }
  template <byte_input I, byte_output O>
  [[nodiscard]] result<void> encrypt_sectors(std::uint64_t first_sector, std::size_t sector_size, I&& in,
                                             O&& out) const noexcept {
    return encrypt_sectors(first_sector, sector_size, as_byte_input(in), as_byte_output(out));
  }
  template <byte_input I, byte_output O>
  [[nodiscard]] result<void> decrypt_sectors(std::uint64_t first_sector, std::size_t sector_size, I&& in,
                                             O&& out) const noexcept {
    return decrypt_sectors(first_sector, sector_size, as_byte_input(in), as_byte_output(out));
  }

 private:
  aes_xts() noexcept = default;
  static result<aes_xts> make(std::span<const std::byte> key, fastprim::backend b,
                              const detail::xts_kernels* k) noexcept {
    if (key.size() != 32 && key.size() != 64) return detail::err_xts_key;
    if (key.data() == nullptr) return detail::err_null;
    const std::size_t half = key.size() / 2;
    unsigned d = 0;  // compared in constant time; only the verdict is public
    for (std::size_t i = 0; i < half; ++i) d |= static_cast<unsigned>(key[i] ^ key[half + i]);
    bool same = d == 0;
    FASTPRIM_CT_DECLASSIFY(same);
    if (same) return detail::err_xts_weak;
    aes_xts x;
    x.b_ = b;
    k->aes->expand_key(x.c_.ks1, key.data(), half);
    k->aes->expand_key(x.c_.ks2, key.data() + half, half);
    const std::size_t r = detail::rounds_index(x.c_.ks1.rounds);
    x.c_.aes = k->aes->by_rounds[r];
    x.c_.fn = k->by_rounds[r];
    return x;
  }

  result<void> one(std::span<const std::byte> tweak, std::span<const std::byte> in, std::span<std::byte> out,
                   bool enc) const noexcept {
    if (FASTPRIM_UNLIKELY(tweak.size() != 16)) return detail::err_xts_tweak;
    if (FASTPRIM_UNLIKELY(in.size() < 16)) return detail::err_xts_short;
    if (FASTPRIM_UNLIKELY(in.size() > detail::xts_max_unit)) return detail::err_xts_long;
    if (const error e = detail::check_io(in, out, false); FASTPRIM_UNLIKELY(e.code != errc::ok)) return e;
    if (FASTPRIM_UNLIKELY(tweak.data() == nullptr)) return detail::err_null;
    alignas(16) std::byte t0[16];
    c_.aes.encrypt_block(c_.ks2, tweak.data(), t0);
    c_.unit(t0, in.data(), out.data(), in.size(), enc);
    detail::secure_zero(t0, sizeof t0);
    return {};
  }

  result<void> sectors(std::uint64_t first, std::size_t size, std::span<const std::byte> in,
                       std::span<std::byte> out, bool enc) const noexcept {
    if (FASTPRIM_UNLIKELY(size < 16 || size > detail::xts_max_unit || in.size() % size != 0))
      return detail::err_xts_sector;
    if (const error e = detail::check_io(in, out, false); FASTPRIM_UNLIKELY(e.code != errc::ok)) return e;
    // The tweaks of up to `batch` sectors in one ECB call under K2, then the data units.
    constexpr std::size_t batch = 32;
    alignas(64) std::byte t0[16 * batch]{};
    const std::byte* p = in.data();
    std::byte* q = out.data();
    std::size_t count = in.size() / size;
    // Sectors of whole 32-block batches go to the backend's units kernel where it has one.
    const auto units = enc ? c_.fn.encrypt_units : c_.fn.decrypt_units;
    const bool fused = units != nullptr && size % (16 * detail::xts_units_step) == 0;
    while (count != 0) {
      const std::size_t c = count < batch ? count : batch;
      for (std::size_t i = 0; i < c; ++i) {
        detail::store_le<std::uint64_t>(t0 + 16 * i, first + i);
        detail::store_le<std::uint64_t>(t0 + 16 * i + 8, 0);
      }
      c_.aes.encrypt_ecb(c_.ks2, t0, t0, c);
      if (fused) {
        units(c_.ks1, t0, p, q, c, size / 16);
        p += c * size;
        q += c * size;
      } else {
        for (std::size_t i = 0; i < c; ++i) {
          c_.unit(t0 + 16 * i, p, q, size, enc);
          p += size;
          q += size;
        }
      }
      first += c;
      count -= c;
    }
    detail::secure_zero(t0, sizeof t0);
    return {};
  }

  detail::xts_core c_;
  fastprim::backend b_ = fastprim::backend::scalar;
};

FASTPRIM_NAMESPACE_END
