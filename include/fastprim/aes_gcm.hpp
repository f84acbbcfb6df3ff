// fastprim/aes_gcm.hpp: AES-GCM and GMAC (NIST SP 800-38D) with AES-128/192/256: one-shot seal and
// open, and streaming encryptor / decryptor objects. Public API only.
// ISA: whatever the bound backend uses (see the table below). Constant-time: yes on every backend;
// the tag is compared in constant time.
//
//   auto g = fastprim::aes_gcm::create(key);               // result<aes_gcm>; 16/24/32-byte key
//   if (!g) return g.message();
//   auto r = g->seal(iv, aad, plain, cipher, tag);         // tag.size(): 16, 15, 14, 13, 12, 8 or 4
//   auto o = g->open(iv, aad, cipher, tag, plain);         // errc::auth_failed: plain is all zero
//   GMAC is seal() with an empty plaintext: g->seal(iv, aad, {}, {}, tag).
//
// Backends (the object binds one when created; `backend()` says which):
//
//   token       ISA                                           constant-time
//   x86_vaes    VAES + VPCLMULQDQ, AES and GHASH fused        yes (hardware AES and carry-less multiply)
//   x86_aesni   AES-NI + PCLMULQDQ, 8 blocks                  yes (hardware)
//   armv8_ce    AESE/AESMC + PMULL                            yes (hardware)
//   scalar      bitsliced AES + GHASH from integer multiplies yes (no table, no secret-dependent branch)
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include "fastprim/backend.hpp"
#include "fastprim/bytes.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/ct_equal.hpp"
#include "fastprim/detail/endian.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/dispatch/aes.hpp"
#include "fastprim/dispatch/gcm.hpp"
#include "fastprim/error.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace detail {

inline constexpr error err_gcm_key{errc::bad_key_length,
                                   "AES-GCM key must be 16, 24 or 32 bytes (AES-128, AES-192, AES-256)"};
inline constexpr error err_gcm_backend{
    errc::unavailable_backend, "this AES-GCM backend is not compiled in or not supported by this CPU"};
inline constexpr error err_gcm_iv{errc::bad_iv_length,
                                  "AES-GCM IV must be 1 to 2^61 - 1 bytes (12 is the usual)"};
inline constexpr error err_gcm_tag{
    errc::bad_tag_length, "AES-GCM tag must be 16, 15, 14, 13, 12, 8 or 4 bytes (SP 800-38D 5.2.1.2)"};
inline constexpr error err_gcm_auth{errc::auth_failed,
                                    "AES-GCM tag does not match: the message was altered or the key, IV or "
                                    "AAD differ (the output has been zeroed)"};
inline constexpr error err_gcm_long{errc::bad_length,
                                    "AES-GCM plaintext must be at most 2^36 - 32 bytes (SP 800-38D 5.2.1.1)"};
inline constexpr error err_gcm_aad_long{errc::bad_length, "AES-GCM AAD must be shorter than 2^61 bytes"};
inline constexpr error err_gcm_aad_order{errc::bad_state,
                                         "AES-GCM stream: aad() after update(); all AAD must come first"};
inline constexpr error err_gcm_finished{errc::bad_state, "AES-GCM stream: already finished; start a new one"};

inline constexpr std::uint64_t gcm_max_data = (std::uint64_t{1} << 36) - 32;  // 2^39 - 256 bits
inline constexpr std::uint64_t gcm_max_aad = (std::uint64_t{1} << 61) - 1;    // < 2^64 bits

constexpr bool gcm_tag_length_ok(std::size_t n) noexcept {
  return n == 16 || n == 15 || n == 14 || n == 13 || n == 12 || n == 8 || n == 4;
}

// A key: the bound kernels, the AES round keys and the GHASH key. Shared by aes_gcm and its streams.
struct gcm_core {
  const gcm_kernels* k = nullptr;
  gcm_mode_kernels fn{};
  aes_mode_kernels aes{};
  aes_round_keys ks{};
  gcm_key hk{};

  void wipe() noexcept {
    secure_zero_object(ks);
    secure_zero_object(hk);
  }
};

// The state of one message (SP 800-38D 7.1 / 7.2), fed in any pieces.
struct gcm_stream {
  // The secret state first, so that one wipe covers it: the GHASH accumulator, E_K(J0) (the tag's
  // mask), the keystream of a partial data block, and the counter (J0 = GHASH_H(IV) unless the IV
  // has 12 bytes). The rest is public (ciphertext, AAD, lengths).
  alignas(16) std::byte y[16]{};
  alignas(16) std::byte ekj0[16];
  alignas(16) std::byte ks[16];
  alignas(16) std::byte ctr[16];  // the counter block of the next keystream block
  alignas(16) std::byte buf[16];  // a partial block of AAD, or of ciphertext, not yet hashed
  std::uint64_t aad_len = 0, data_len = 0;
  unsigned buf_len = 0;
  bool in_data = false, finished = false;
  // A 12-byte IV: the counter is public and cannot wrap within the length limit, so the bulk
  // kernels run on it. Other lengths: J0 depends on H, so neither the code path nor a kernel's
  // counter shortcuts may depend on it (bulk_secret_counter).
  bool secret_ctr = false;

  gcm_stream() noexcept = default;
  gcm_stream(const gcm_stream&) noexcept = default;
  gcm_stream& operator=(const gcm_stream&) noexcept = default;
  ~gcm_stream() { wipe(); }
  void wipe() noexcept { secure_zero(y, 64); }

  void start(const gcm_core& c, std::span<const std::byte> iv) noexcept {
    if (FASTPRIM_LIKELY(iv.size() == 12)) {
      std::memcpy(ctr, iv.data(), 12);
      store_be<std::uint32_t>(ctr + 12, 1);
    } else {  // J0 = GHASH(IV || 0^s || 0^64 || [len(IV)]_64)
      secret_ctr = true;
      hash(c, iv.data(), iv.size());
      alignas(16) std::byte len[16]{};
      store_be<std::uint64_t>(len + 8, static_cast<std::uint64_t>(iv.size()) * 8);
      c.k->ghash(c.hk, y, len, 1);
      std::memcpy(ctr, y, 16);
      secure_zero(y, 16);
    }
    c.aes.encrypt_block(c.ks, ctr, ekj0);
    gcm_inc32(ctr, 1);
  }

  // GHASH of bytes, zero-padded to a whole block (IV; AAD in one piece).
  void hash(const gcm_core& c, const std::byte* p, std::size_t n) noexcept {
    if (n >= 16) c.k->ghash(c.hk, y, p, n / 16);
    if (const std::size_t r = n % 16; r != 0) {
      alignas(16) std::byte last[16]{};
      std::memcpy(last, p + n - r, r);
      c.k->ghash(c.hk, y, last, 1);
    }
  }

  error aad(const gcm_core& c, std::span<const std::byte> a) noexcept {
    if (FASTPRIM_UNLIKELY(finished)) return err_gcm_finished;
    if (FASTPRIM_UNLIKELY(in_data)) return err_gcm_aad_order;
    if (FASTPRIM_UNLIKELY(a.size() > gcm_max_aad - aad_len)) return err_gcm_aad_long;
    if (a.empty()) return {};  // (its data() may be null: no memcpy from it)
    const std::byte* p = a.data();
    std::size_t n = a.size();
    aad_len += n;
    if (buf_len != 0) {
      const std::size_t take = n < 16 - buf_len ? n : 16 - buf_len;
      std::memcpy(buf + buf_len, p, take);
      buf_len += static_cast<unsigned>(take);
      p += take;
      n -= take;
      if (buf_len < 16) return {};
      c.k->ghash(c.hk, y, buf, 1);
      buf_len = 0;
    }
    if (n >= 16) c.k->ghash(c.hk, y, p, n / 16);
    if (const std::size_t r = n % 16; r != 0) {
      std::memcpy(buf, p + n - r, r);
      buf_len = static_cast<unsigned>(r);
    }
    return {};
  }

  // A partial block in buf, zero-padded, into GHASH.
  void flush(const gcm_core& c) noexcept {
    if (buf_len == 0) return;
    std::memset(buf + buf_len, 0, 16 - buf_len);
    c.k->ghash(c.hk, y, buf, 1);
    buf_len = 0;
  }

  // The next in.size() bytes; the caller has checked the spans. Encrypt hashes `out`, decrypt `in`.
  error update(const gcm_core& c, std::span<const std::byte> in, std::byte* q, bool enc) noexcept {
    if (FASTPRIM_UNLIKELY(finished)) return err_gcm_finished;
    if (FASTPRIM_UNLIKELY(in.size() > gcm_max_data - data_len)) return err_gcm_long;
    if (!in_data) {
      flush(c);
      in_data = true;
    }
    const std::byte* p = in.data();
    std::size_t n = in.size();
    data_len += n;
    if (buf_len != 0) {  // the rest of the partial block
      while (buf_len < 16 && n != 0) {
        const std::byte x = *p++;
        const std::byte o = x ^ ks[buf_len];
        *q++ = o;
        buf[buf_len++] = enc ? o : x;
        --n;
      }
      if (buf_len < 16) return {};
      c.k->ghash(c.hk, y, buf, 1);
      buf_len = 0;
    }
    if (const std::size_t full = n / 16; full != 0) {
      if (FASTPRIM_LIKELY(!secret_ctr)) {
        (enc ? c.fn.encrypt : c.fn.decrypt)(c.ks, c.hk, ctr, y, p, q, full);
        gcm_inc32(ctr, static_cast<std::uint32_t>(full));
      } else {
        bulk_secret_counter(c, p, q, full, enc);
      }
      p += 16 * full;
      q += 16 * full;
    }
    if (const std::size_t r = n % 16; r != 0) {
      c.aes.encrypt_block(c.ks, ctr, ks);
      gcm_inc32(ctr, 1);
      for (std::size_t i = 0; i < r; ++i) {
        const std::byte x = p[i];
        const std::byte o = x ^ ks[i];
        q[i] = o;
        buf[i] = enc ? o : x;
      }
      buf_len = static_cast<unsigned>(r);
    }
    return {};
  }

  // Full blocks with a secret counter: counter blocks built with inc32 (wrapping in 32 bits, no
  // branch on their value), encrypted with the backend's ECB kernel, then the XOR and GHASH.
  void bulk_secret_counter(const gcm_core& c, const std::byte* p, std::byte* q, std::size_t full,
                           bool enc) noexcept {
    constexpr std::size_t chunk = 32;  // blocks
    alignas(64) std::byte k[16 * chunk];
    while (full != 0) {
      const std::size_t m = full < chunk ? full : chunk;
      for (std::size_t i = 0; i < m; ++i) {
        std::memcpy(k + 16 * i, ctr, 16);
        gcm_inc32(ctr, 1);
      }
      c.aes.encrypt_ecb(c.ks, k, k, m);
      if (!enc) c.k->ghash(c.hk, y, p, m);
      for (std::size_t i = 0; i < 16 * m; ++i) q[i] = p[i] ^ k[i];
      if (enc) c.k->ghash(c.hk, y, q, m);
      p += 16 * m;
      q += 16 * m;
      full -= m;
    }
    secure_zero(k, sizeof k);
  }

  // The full 16-byte tag; the stream is finished.
  void finish(const gcm_core& c, std::byte* tag16) noexcept {
    flush(c);
    alignas(16) std::byte len[16];
    store_be<std::uint64_t>(len, aad_len * 8);
    store_be<std::uint64_t>(len + 8, data_len * 8);
    c.k->ghash(c.hk, y, len, 1);
    for (int i = 0; i < 16; ++i) tag16[i] = y[i] ^ ekj0[i];
    wipe();
    finished = true;
  }
};

// Short messages with a 12-byte IV in one pass of each kernel: E_K(J0) and the keystream in one CTR
// call (blocks in flight together, not one after the other), and one GHASH call over AAD,
// ciphertext and the length block. Open decrypts into a local buffer and copies out only after
// the tag verified. Up to gcm_small bytes of data and of AAD.
inline constexpr std::size_t gcm_small = 256;

struct gcm_small_buffers {
  alignas(16) std::byte ks[16 + gcm_small];      // [J0 slot | data], CTR in place
  alignas(16) std::byte hb[2 * gcm_small + 16];  // [AAD | ciphertext | lengths], zero-padded
  std::size_t used = 0;                          // bytes of ks to wipe
  ~gcm_small_buffers() { secure_zero(ks, used); }
};

// The GHASH input after the AAD: the ciphertext (zero-padded) and the length block. Returns the
// number of blocks of hb.
FASTPRIM_ALWAYS_INLINE std::size_t gcm_small_hash_input(gcm_small_buffers& b, std::span<const std::byte> aad,
                                                        const std::byte* ct, std::size_t n) noexcept {
  const std::size_t na = (aad.size() + 15) / 16, nb = (n + 15) / 16;
  std::memset(b.hb + 16 * (na ? na - 1 : 0), 0, 16);
  if (!aad.empty()) std::memcpy(b.hb, aad.data(), aad.size());
  std::byte* c = b.hb + 16 * na;
  if (nb != 0) std::memset(c + 16 * (nb - 1), 0, 16);
  if (n != 0) std::memcpy(c, ct, n);
  store_be<std::uint64_t>(c + 16 * nb, static_cast<std::uint64_t>(aad.size()) * 8);
  store_be<std::uint64_t>(c + 16 * nb + 8, static_cast<std::uint64_t>(n) * 8);
  return na + nb + 1;
}

// CTR from J0 over [0^128 | in]: E_K(J0) lands in ks[0..16), in's en/decryption after it.
FASTPRIM_ALWAYS_INLINE void gcm_small_ctr(const gcm_core& c, gcm_small_buffers& b, const std::byte* iv,
                                          const std::byte* in, std::size_t n) noexcept {
  alignas(16) std::byte j0[16];
  std::memcpy(j0, iv, 12);
  store_be<std::uint32_t>(j0 + 12, 1);
  const std::size_t nb = (n + 15) / 16;
  std::memset(b.ks, 0, 16);
  if (n != 0) std::memcpy(b.ks + 16, in, n);
  b.used = 16 * (nb + 1);
  c.aes.ctr(c.ks, j0, nullptr, b.ks, b.ks, nb + 1);
}

FASTPRIM_ALWAYS_INLINE void gcm_small_seal(const gcm_core& c, std::span<const std::byte> iv,
                                           std::span<const std::byte> aad, std::span<const std::byte> in,
                                           std::byte* out, std::span<std::byte> tag) noexcept {
  gcm_small_buffers b;
  gcm_small_ctr(c, b, iv.data(), in.data(), in.size());
  const std::size_t nh = gcm_small_hash_input(b, aad, b.ks + 16, in.size());
  if (!in.empty()) std::memcpy(out, b.ks + 16, in.size());
  alignas(16) std::byte y[16]{};
  c.k->ghash(c.hk, y, b.hb, nh);
  for (std::size_t i = 0; i < tag.size(); ++i) tag[i] = y[i] ^ b.ks[i];
}

// True if the tag verified (then `out` holds the plaintext; else `out` is untouched).
FASTPRIM_ALWAYS_INLINE bool gcm_small_open(const gcm_core& c, std::span<const std::byte> iv,
                                           std::span<const std::byte> aad, std::span<const std::byte> in,
                                           std::span<const std::byte> tag, std::byte* out) noexcept;

FASTPRIM_ALWAYS_INLINE bool gcm_small_open(const gcm_core& c, std::span<const std::byte> iv,
                                           std::span<const std::byte> aad, std::span<const std::byte> in,
                                           std::span<const std::byte> tag, std::byte* out) noexcept {
  gcm_small_buffers b;
  const std::size_t nh = gcm_small_hash_input(b, aad, in.data(), in.size());
  gcm_small_ctr(c, b, iv.data(), in.data(), in.size());
  alignas(16) std::byte y[16]{};
  c.k->ghash(c.hk, y, b.hb, nh);
  for (std::size_t i = 0; i < 16; ++i) y[i] ^= b.ks[i];
  const bool ok = ct_verdict(y, tag.data(), tag.size());
  if (ok && !in.empty()) std::memcpy(out, b.ks + 16, in.size());
  return ok;
}

}  // namespace detail

class aes_gcm_encryptor;
class aes_gcm_decryptor;
namespace detail {
class gcm_stream_base;
}

// An AES-GCM key bound to one backend: AES round keys and the GHASH key (H and its powers), set up
// once. Copyable; moving copies (no moved-from state, see error.hpp). Wiped on destruction. Byte
// arguments: any byte_input / byte_output range (bytes.hpp). An IV must never repeat under a key.
class aes_gcm {
 public:
  static constexpr std::size_t tag_size = 16;  // the default and longest tag

  [[nodiscard]] static result<aes_gcm> create(std::span<const std::byte> key) noexcept {
    const auto s = detail::select<primitive::aes_gcm>();
    return make(key, s.token, s.kernels);
  }
  template <byte_input K>
  [[nodiscard]] static result<aes_gcm> create(K&& key) noexcept {
    return create(as_byte_input(key));
  }
  // The same on a named backend; errc::unavailable_backend if this build or CPU cannot run it.
  [[nodiscard]] static result<aes_gcm> create(std::span<const std::byte> key, fastprim::backend b) noexcept {
    const detail::gcm_kernels* k = detail::kernels_for<primitive::aes_gcm>(b);
    if (k == nullptr) return detail::err_gcm_backend;
    return make(key, b, k);
  }
  template <byte_input K>
  [[nodiscard]] static result<aes_gcm> create(K&& key, fastprim::backend b) noexcept {
    return create(as_byte_input(key), b);
  }

  aes_gcm(const aes_gcm&) noexcept = default;
  aes_gcm& operator=(const aes_gcm&) noexcept = default;
  ~aes_gcm() { c_.wipe(); }

  fastprim::backend backend() const noexcept { return b_; }
  std::size_t key_size() const noexcept { return (c_.ks.rounds - 6) * 4; }

  // Encrypts `in` into `out` (at least in.size() bytes; in == out works) and writes the tag,
  // tag.size() bytes. `iv`: 1 byte or more (12 is the fast path); `aad` and `in` may be empty.
  // Always inlined: with a 12-byte IV on a backend with a whole-message kernel, a call is the checks
  // and one indirect call (out of line, the five spans and a large frame cost more than the kernel
  // takes for 16 bytes). Everything else is seal_any / open_any.
  [[nodiscard]] FASTPRIM_ALWAYS_INLINE result<void> seal(std::span<const std::byte> iv,
                                                         std::span<const std::byte> aad,
                                                         std::span<const std::byte> in,
                                                         std::span<std::byte> out,
                                                         std::span<std::byte> tag) const noexcept {
    if (FASTPRIM_LIKELY(iv.size() == 12 && tag.size() == 16 && c_.fn.message != nullptr &&
                        check(iv, aad, in, out, 16).code == errc::ok)) {
      alignas(16) std::byte t[16];  // the kernel's own buffer: `tag` may be anywhere
      c_.fn.message(c_.ks, c_.hk, iv.data(), aad.data(), aad.size(), in.data(), out.data(), in.size(), t,
                    true);
      std::memcpy(tag.data(), t, 16);
      return {};
    }
    return seal_any(iv, aad, in, out, tag);
  }
  // Checks `tag` (its size is the tag length) and decrypts `in` into `out`. On a mismatch returns
  // errc::auth_failed and `out` is all zero: no unverified plaintext is released.
  [[nodiscard]] FASTPRIM_ALWAYS_INLINE result<void> open(std::span<const std::byte> iv,
                                                         std::span<const std::byte> aad,
                                                         std::span<const std::byte> in,
                                                         std::span<const std::byte> tag,
                                                         std::span<std::byte> out) const noexcept {
    if (FASTPRIM_LIKELY(iv.size() == 12 && c_.fn.message != nullptr &&
                        check(iv, aad, in, out, tag.size()).code == errc::ok)) {
      alignas(16) std::byte t[16];
      c_.fn.message(c_.ks, c_.hk, iv.data(), aad.data(), aad.size(), in.data(), out.data(), in.size(), t,
                    false);
      if (FASTPRIM_LIKELY(detail::ct_verdict(t, tag.data(), tag.size()))) return {};
      return open_failed(out.data(), in.size());
    }
    return open_any(iv, aad, in, tag, out);
  }
  // Any byte ranges; `{}` for an empty one (GMAC: seal(iv, aad, {}, {}, tag)). Always inlined too:
  // out of line, these forwarders cost a 64-byte open a third more time (41 ticks against 33).
  template <byte_input V, byte_input A = std::span<const std::byte>,
            byte_input I = std::span<const std::byte>, byte_output O = std::span<std::byte>, byte_output T>
  [[nodiscard]] FASTPRIM_ALWAYS_INLINE result<void> seal(V&& iv, A&& aad, I&& in, O&& out,
                                                         T&& tag) const noexcept {
    return seal(as_byte_input(iv), as_byte_input(aad), as_byte_input(in), as_byte_output(out),
                as_byte_output(tag));
  }
  template <byte_input V, byte_input A = std::span<const std::byte>,
            byte_input I = std::span<const std::byte>, byte_input T, byte_output O = std::span<std::byte>>
  [[nodiscard]] FASTPRIM_ALWAYS_INLINE result<void> open(V&& iv, A&& aad, I&& in, T&& tag,
                                                         O&& out) const noexcept {
    return open(as_byte_input(iv), as_byte_input(aad), as_byte_input(in), as_byte_input(tag),
                as_byte_output(out));
  }

  // Streaming, for messages that do not fit in memory (below).
  [[nodiscard]] result<aes_gcm_encryptor> encryptor(std::span<const std::byte> iv) const noexcept;
  [[nodiscard]] result<aes_gcm_decryptor> decryptor(std::span<const std::byte> iv) const noexcept;
  template <byte_input V>
  [[nodiscard]] result<aes_gcm_encryptor> encryptor(V&& iv) const noexcept;
  template <byte_input V>
  [[nodiscard]] result<aes_gcm_decryptor> decryptor(V&& iv) const noexcept;

 private:
  friend class aes_gcm_encryptor;
  friend class aes_gcm_decryptor;
  friend class detail::gcm_stream_base;

  aes_gcm() noexcept = default;
  static result<aes_gcm> make(std::span<const std::byte> key, fastprim::backend b,
                              const detail::gcm_kernels* k) noexcept {
    if (key.size() != 16 && key.size() != 24 && key.size() != 32) return detail::err_gcm_key;
    aes_gcm g;
    g.b_ = b;
    g.c_.k = k;
    k->aes->expand_key(g.c_.ks, key.data(), key.size());
    const std::size_t r = detail::rounds_index(g.c_.ks.rounds);
    g.c_.aes = k->aes->by_rounds[r];
    g.c_.fn = k->by_rounds[r];
    alignas(16) std::byte h[16]{};
    g.c_.aes.encrypt_block(g.c_.ks, h, h);  // H = E_K(0^128)
    k->init(g.c_.hk, h);
    detail::secure_zero(h, sizeof h);
    return g;
  }
  static error check_iv(std::span<const std::byte> iv) noexcept {
    if (FASTPRIM_UNLIKELY(iv.empty() || iv.size() > detail::gcm_max_aad)) return detail::err_gcm_iv;
    if (FASTPRIM_UNLIKELY(iv.data() == nullptr)) return detail::err_null;
    return {};
  }
  static error check(std::span<const std::byte> iv, std::span<const std::byte> aad,
                     std::span<const std::byte> in, std::span<std::byte> out, std::size_t tag) noexcept {
    if (FASTPRIM_UNLIKELY(!detail::gcm_tag_length_ok(tag))) return detail::err_gcm_tag;
    if (const error e = check_iv(iv); FASTPRIM_UNLIKELY(e.code != errc::ok)) return e;
    if (FASTPRIM_UNLIKELY(in.size() > detail::gcm_max_data)) return detail::err_gcm_long;
    if (FASTPRIM_UNLIKELY(aad.size() > detail::gcm_max_aad)) return detail::err_gcm_aad_long;
    if (FASTPRIM_UNLIKELY(!aad.empty() && aad.data() == nullptr)) return detail::err_null;
    if (FASTPRIM_UNLIKELY(detail::io_bad(in, out, false))) return detail::io_error(in, out, false);
    return {};
  }

  FASTPRIM_NOINLINE static result<void> open_failed(std::byte* out, std::size_t n) noexcept {
    detail::secure_zero(out, n);
    return detail::err_gcm_auth;
  }
  // Any IV length, tag length and backend: the whole-message kernel, the short-message path, or the
  // stream.
  FASTPRIM_NOINLINE result<void> seal_any(std::span<const std::byte> iv, std::span<const std::byte> aad,
                                          std::span<const std::byte> in, std::span<std::byte> out,
                                          std::span<std::byte> tag) const noexcept {
    if (const error e = check(iv, aad, in, out, tag.size()); FASTPRIM_UNLIKELY(e.code != errc::ok)) return e;
    alignas(16) std::byte t[16];
    if (iv.size() == 12 && c_.fn.message != nullptr) {
      c_.fn.message(c_.ks, c_.hk, iv.data(), aad.data(), aad.size(), in.data(), out.data(), in.size(), t,
                    true);
    } else if (iv.size() == 12 && in.size() <= detail::gcm_small && aad.size() <= detail::gcm_small) {
      detail::gcm_small_seal(c_, iv, aad, in, out.data(), t);
    } else {
      detail::gcm_stream s;
      s.start(c_, iv);
      (void)s.aad(c_, aad);
      (void)s.update(c_, in, out.data(), true);
      s.finish(c_, t);
    }
    std::memcpy(tag.data(), t, tag.size());
    detail::secure_zero(t, sizeof t);
    return {};
  }
  FASTPRIM_NOINLINE result<void> open_any(std::span<const std::byte> iv, std::span<const std::byte> aad,
                                          std::span<const std::byte> in, std::span<const std::byte> tag,
                                          std::span<std::byte> out) const noexcept {
    if (const error e = check(iv, aad, in, out, tag.size()); FASTPRIM_UNLIKELY(e.code != errc::ok)) return e;
    if (iv.size() == 12 && in.size() <= detail::gcm_small && aad.size() <= detail::gcm_small) {
      if (FASTPRIM_LIKELY(detail::gcm_small_open(c_, iv, aad, in, tag, out.data()))) return {};
      return open_failed(out.data(), in.size());
    }
    alignas(16) std::byte t[16];
    detail::gcm_stream s;
    s.start(c_, iv);
    (void)s.aad(c_, aad);
    (void)s.update(c_, in, out.data(), false);
    s.finish(c_, t);
    const bool ok = detail::ct_verdict(t, tag.data(), tag.size());
    detail::secure_zero(t, sizeof t);
    if (FASTPRIM_UNLIKELY(!ok)) return open_failed(out.data(), in.size());
    return {};
  }

  detail::gcm_core c_;
  fastprim::backend b_ = fastprim::backend::scalar;
};

namespace detail {
// What the encryptor and decryptor share: a copy of the key and one message's state.
class gcm_stream_base {
 public:
  // Additional authenticated data, in any pieces, before the first update().
  [[nodiscard]] result<void> aad(std::span<const std::byte> a) noexcept {
    if (FASTPRIM_UNLIKELY(!a.empty() && a.data() == nullptr)) return err_null;
    return s_.aad(key_.c_, a);
  }
  template <byte_input A>
  [[nodiscard]] result<void> aad(A&& a) noexcept {
    return aad(as_byte_input(a));
  }
  const aes_gcm& key() const noexcept { return key_; }

 protected:
  explicit gcm_stream_base(const aes_gcm& g) noexcept : key_(g) {}
  error step(std::span<const std::byte> in, std::span<std::byte> out, bool enc) noexcept {
    if (const error e = check_io(in, out, false); FASTPRIM_UNLIKELY(e.code != errc::ok)) return e;
    return s_.update(key_.c_, in, out.data(), enc);
  }
  aes_gcm key_;
  gcm_stream s_;
};
}  // namespace detail

// One message being encrypted: aad() pieces first, then update() pieces, then finish(tag).
// Any split gives the result of one seal(). Copyable (a copy forks the stream); wiped on destruction.
class aes_gcm_encryptor : public detail::gcm_stream_base {
 public:
  [[nodiscard]] result<void> update(std::span<const std::byte> in, std::span<std::byte> out) noexcept {
    return step(in, out, true);
  }
  template <byte_input I, byte_output O>
  [[nodiscard]] result<void> update(I&& in, O&& out) noexcept {
    return update(as_byte_input(in), as_byte_output(out));
  }
  // Writes the tag (tag.size(): 16, 15, 14, 13, 12, 8 or 4 bytes); the stream is then finished.
  [[nodiscard]] result<void> finish(std::span<std::byte> tag) noexcept {
    if (FASTPRIM_UNLIKELY(!detail::gcm_tag_length_ok(tag.size()))) return detail::err_gcm_tag;
    if (FASTPRIM_UNLIKELY(s_.finished)) return detail::err_gcm_finished;
    alignas(16) std::byte t[16];
    s_.finish(key_.c_, t);
    std::memcpy(tag.data(), t, tag.size());
    detail::secure_zero(t, sizeof t);
    return {};
  }
  template <byte_output T>
  [[nodiscard]] result<void> finish(T&& tag) noexcept {
    return finish(as_byte_output(tag));
  }

 private:
  friend class aes_gcm;
  explicit aes_gcm_encryptor(const aes_gcm& g) noexcept : gcm_stream_base(g) {}
};

// One message being decrypted. update() returns plaintext BEFORE the tag is checked: keep it from
// use until finish(tag) succeeds (errc::auth_failed otherwise). For a message in memory, open()
// checks first and releases nothing on a mismatch.
class aes_gcm_decryptor : public detail::gcm_stream_base {
 public:
  [[nodiscard]] result<void> update(std::span<const std::byte> in, std::span<std::byte> out) noexcept {
    return step(in, out, false);
  }
  template <byte_input I, byte_output O>
  [[nodiscard]] result<void> update(I&& in, O&& out) noexcept {
    return update(as_byte_input(in), as_byte_output(out));
  }
  [[nodiscard]] result<void> finish(std::span<const std::byte> tag) noexcept {
    if (FASTPRIM_UNLIKELY(!detail::gcm_tag_length_ok(tag.size()))) return detail::err_gcm_tag;
    if (FASTPRIM_UNLIKELY(s_.finished)) return detail::err_gcm_finished;
    alignas(16) std::byte t[16];
    s_.finish(key_.c_, t);
    const bool ok = detail::ct_verdict(t, tag.data(), tag.size());
    detail::secure_zero(t, sizeof t);
    if (FASTPRIM_UNLIKELY(!ok)) return detail::err_gcm_auth;
    return {};
  }
  template <byte_input T>
  [[nodiscard]] result<void> finish(T&& tag) noexcept {
    return finish(as_byte_input(tag));
  }

 private:
  friend class aes_gcm;
  explicit aes_gcm_decryptor(const aes_gcm& g) noexcept : gcm_stream_base(g) {}
};

inline result<aes_gcm_encryptor> aes_gcm::encryptor(std::span<const std::byte> iv) const noexcept {
  if (const error e = check_iv(iv); FASTPRIM_UNLIKELY(e.code != errc::ok)) return e;
  aes_gcm_encryptor s(*this);
  s.s_.start(c_, iv);
  return s;
}
inline result<aes_gcm_decryptor> aes_gcm::decryptor(std::span<const std::byte> iv) const noexcept {
  if (const error e = check_iv(iv); FASTPRIM_UNLIKELY(e.code != errc::ok)) return e;
  aes_gcm_decryptor s(*this);
  s.s_.start(c_, iv);
  return s;
}
template <byte_input V>
inline result<aes_gcm_encryptor> aes_gcm::encryptor(V&& iv) const noexcept {
  return encryptor(as_byte_input(iv));
}
template <byte_input V>
inline result<aes_gcm_decryptor> aes_gcm::decryptor(V&& iv) const noexcept {
  return decryptor(as_byte_input(iv));
}

FASTPRIM_NAMESPACE_END
