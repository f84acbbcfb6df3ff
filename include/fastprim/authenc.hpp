// fastprim/authenc.hpp: encrypt-then-MAC in one call, as FreeBSD's aesni(4) "authenc" sessions and
// IPsec ESP do it: AES-CBC, AES-CTR or AES-XTS, then HMAC-SHA-1 or HMAC-SHA-256 over the AAD and the
// ciphertext. Public API only.
// ISA: the bound AES backend's and the hash's. Constant-time: yes on every backend (the tag is
// compared without data-dependent branches; only the verdict is public).
//
//   auto ae = fastprim::authenc<fastprim::sha256>::create(fastprim::cipher_mode::cbc, enc_key, mac_key);
//   if (!ae) return ae.message();
//   auto r = ae->seal(iv, aad, plain, cipher, tag);  // cipher = E(plain); tag = HMAC(aad || cipher)
//   auto o = ae->open(iv, aad, cipher, tag, plain);  // errc::auth_failed: plain is all zero
//
// seal runs the cipher and the hash in one pass where the backend can (x86: AES-NI CBC with SHA-NI,
// one loop carrying both chains; `one_pass()` says so), otherwise a chunk at a time, each chunk
// hashed while it is in L1. open checks the tag over the ciphertext first and decrypts only then:
// no unverified plaintext is ever written.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>

#include "fastprim/aes_xts.hpp"
#include "fastprim/backend.hpp"
#include "fastprim/bytes.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/ct_equal.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/dispatch/authenc.hpp"
#include "fastprim/error.hpp"
#include "fastprim/hmac.hpp"
#include "fastprim/sha1.hpp"
#include "fastprim/sha256.hpp"

FASTPRIM_NAMESPACE_BEGIN

// The cipher of an authenc key. The 16-byte IV of seal/open is the CBC IV, the CTR initial counter
// block (a 128-bit big-endian counter, SP 800-38A), or the XTS tweak (IEEE 1619).
enum class cipher_mode : std::uint8_t {
  cbc,  // AES-CBC, no padding: the input a multiple of 16 bytes; key 16, 24 or 32 bytes
  ctr,  // AES-CTR: any length; key 16, 24 or 32 bytes
  xts,  // AES-XTS, one data unit: 16 bytes to 16 MiB, any length; key 32 or 64 bytes (K1 || K2)
};

constexpr std::string_view to_string(cipher_mode m) noexcept {
  switch (m) {
    case cipher_mode::cbc:
      return "cbc";
    case cipher_mode::ctr:
      return "ctr";
    case cipher_mode::xts:
      return "xts";
  }
  return "?";
}

namespace detail {

inline constexpr error err_ae_key{
    errc::bad_key_length, "authenc cipher key must be 16, 24 or 32 bytes (CBC, CTR) or 32 or 64 bytes (XTS)"};
inline constexpr error err_ae_mode{errc::bad_argument, "authenc cipher_mode must be cbc, ctr or xts"};
inline constexpr error err_ae_backend{errc::unavailable_backend,
                                      "this AES backend is not compiled in or not supported by this CPU"};
inline constexpr error err_ae_iv{
    errc::bad_iv_length, "authenc IV (CBC IV, CTR counter block or XTS tweak) must be exactly 16 bytes"};
inline constexpr error err_ae_tag{errc::bad_tag_length,
                                  "authenc tag must be 10 bytes up to the digest size (HMAC-SHA-1: 20, "
                                  "HMAC-SHA-256: 32)"};
inline constexpr error err_ae_cbc{errc::bad_length,
                                  "authenc CBC input length must be a multiple of 16 bytes"};
inline constexpr error err_ae_auth{
    errc::auth_failed, "authenc tag does not verify (the output is zeroed; no plaintext released)"};

// Bytes of CBC/CTR per chunk when cipher and hash run in turn: both passes stay in L1.
inline constexpr std::size_t authenc_chunk = 4096;

}  // namespace detail

// An AES key and an HMAC key (hash H: fastprim::sha1 or fastprim::sha256), bound to one AES backend
// and to the hash's backend when created. Copyable; moving copies (no moved-from state, see
// error.hpp). Both keys are wiped on destruction. Byte arguments: any byte_input / byte_output range
// (bytes.hpp); in == out works, partial overlap is errc::overlap.
template <class H>
class authenc {
  static_assert(std::is_same_v<H, sha1> || std::is_same_v<H, sha256>,
                "authenc<H>: H must be fastprim::sha1 or fastprim::sha256");
  using traits = typename H::traits_type;
  static constexpr std::size_t words = traits::state_words;

 public:
  static constexpr std::size_t iv_size = 16;
  static constexpr std::size_t min_tag_size = 10;  // RFC 2104 section 5: at least half, and 80 bits
  static constexpr std::size_t max_tag_size = H::digest_size;

  // enc_key: 16, 24 or 32 bytes for cbc and ctr; 32 or 64 (two AES keys, halves different) for xts.
  // mac_key: any length (HMAC; longer than 64 bytes is hashed first).
  [[nodiscard]] static result<authenc> create(cipher_mode m, std::span<const std::byte> enc_key,
                                              std::span<const std::byte> mac_key) noexcept {
    const auto s = detail::select<primitive::authenc>();
    return make(m, enc_key, mac_key, s.token, s.kernels);
  }
  template <byte_input E, byte_input M>
  [[nodiscard]] static result<authenc> create(cipher_mode m, E&& enc_key, M&& mac_key) noexcept {
    return create(m, as_byte_input(enc_key), as_byte_input(mac_key));
  }
  // The same on a named AES backend; errc::unavailable_backend if this build or CPU cannot run it.
  [[nodiscard]] static result<authenc> create(cipher_mode m, std::span<const std::byte> enc_key,
                                              std::span<const std::byte> mac_key,
                                              fastprim::backend b) noexcept {
    const detail::authenc_kernels* k = detail::kernels_for<primitive::authenc>(b);
    if (k == nullptr) return detail::err_ae_backend;
    return make(m, enc_key, mac_key, b, k);
  }
  template <byte_input E, byte_input M>
  [[nodiscard]] static result<authenc> create(cipher_mode m, E&& enc_key, M&& mac_key,
                                              fastprim::backend b) noexcept {
    return create(m, as_byte_input(enc_key), as_byte_input(mac_key), b);
  }

  authenc(const authenc&) noexcept = default;
  authenc& operator=(const authenc&) noexcept = default;
  ~authenc() { c_.wipe(); }

  fastprim::backend backend() const noexcept { return b_; }  // the AES backend
  cipher_mode mode() const noexcept { return m_; }
  // true if seal runs the cipher and the hash in one loop (CBC with AES-NI and SHA-NI).
  bool one_pass() const noexcept { return one_pass_ != nullptr; }

  // out = E(in) (out at least in.size() bytes); tag = HMAC(mac_key, aad || out), its first
  // tag.size() bytes (10 to the digest size). The tag does not cover the IV: a protocol that
  // must authenticate it puts it in the AAD (as ESP does). Never reuse a CTR counter block per key.
  [[nodiscard]] result<void> seal(std::span<const std::byte> iv, std::span<const std::byte> aad,
                                  std::span<const std::byte> in, std::span<std::byte> out,
                                  std::span<std::byte> tag) const noexcept {
    if (const error e = check(iv, aad, in, out, tag); FASTPRIM_UNLIKELY(e.code != errc::ok)) return e;
    detail::md_state<words> st = start(aad);
    alignas(16) std::byte v[16];
    std::memcpy(v, iv.data(), 16);
    const std::byte* p = in.data();
    std::byte* q = out.data();
    const std::size_t n = in.size();
    if (m_ == cipher_mode::xts) {
      c_.aes.encrypt_block(c_.ks2, v, v);
      c_.unit(v, p, q, n, true);
      st.update(q, n, mac_.compress_);
    } else if (one_pass_ != nullptr) {
      cbc_one_pass(st, v, p, q, n);
    } else {
      chunked(st, v, p, q, n);
    }
    finish(st, tag.data(), tag.size());
    detail::secure_zero(v, sizeof v);
    detail::secure_zero_object(st);
    return {};
  }
  template <byte_input V, byte_input A, byte_input I, byte_output O, byte_output T>
  [[nodiscard]] result<void> seal(V&& iv, A&& aad, I&& in, O&& out, T&& tag) const noexcept {
    return seal(as_byte_input(iv), as_byte_input(aad), as_byte_input(in), as_byte_output(out),
                as_byte_output(tag));
  }

  // Checks `tag` against HMAC(mac_key, aad || in) in constant time, then out = D(in). A tag that
  // does not verify: errc::auth_failed, and out[0, in.size()) is all zero.
  [[nodiscard]] result<void> open(std::span<const std::byte> iv, std::span<const std::byte> aad,
                                  std::span<const std::byte> in, std::span<const std::byte> tag,
                                  std::span<std::byte> out) const noexcept {
    if (const error e = check(iv, aad, in, out, tag); FASTPRIM_UNLIKELY(e.code != errc::ok)) return e;
    detail::md_state<words> st = start(aad);
    st.update(in.data(), in.size(), mac_.compress_);
    alignas(16) std::byte t[H::digest_size];
    finish(st, t, H::digest_size);
    detail::secure_zero_object(st);
    bool ok = detail::ct_equal(std::span<const std::byte>(t, tag.size()), tag);
    detail::secure_zero(t, sizeof t);
    FASTPRIM_CT_DECLASSIFY(ok);
    if (!ok) {
      if (!in.empty()) std::memset(out.data(), 0, in.size());
      return detail::err_ae_auth;
    }
    alignas(16) std::byte v[16];
    std::memcpy(v, iv.data(), 16);
    const std::byte* p = in.data();
    std::byte* q = out.data();
    const std::size_t n = in.size();
    if (m_ == cipher_mode::xts) {
      c_.aes.encrypt_block(c_.ks2, v, v);
      c_.unit(v, p, q, n, false);
    } else if (m_ == cipher_mode::cbc) {
      c_.aes.decrypt_cbc(c_.ks1, v, p, q, n / 16);
    } else {
      ctr_last(v, p, q, n);
    }
    detail::secure_zero(v, sizeof v);
    return {};
  }
  template <byte_input V, byte_input A, byte_input I, byte_input T, byte_output O>
  [[nodiscard]] result<void> open(V&& iv, A&& aad, I&& in, T&& tag, O&& out) const noexcept {
    return open(as_byte_input(iv), as_byte_input(aad), as_byte_input(in), as_byte_input(tag),
                as_byte_output(out));
  }

 private:
  explicit authenc(std::span<const std::byte> mac_key) noexcept : mac_(mac_key) {}

  static result<authenc> make(cipher_mode m, std::span<const std::byte> enc_key,
                              std::span<const std::byte> mac_key, fastprim::backend b,
                              const detail::authenc_kernels* k) noexcept {
    if (m != cipher_mode::cbc && m != cipher_mode::ctr && m != cipher_mode::xts) return detail::err_ae_mode;
    if (!mac_key.empty() && mac_key.data() == nullptr) return detail::err_null;
    const std::size_t half = enc_key.size() / 2;
    if (m == cipher_mode::xts) {
      if (enc_key.size() != 32 && enc_key.size() != 64) return detail::err_ae_key;
      if (enc_key.data() == nullptr) return detail::err_null;
      unsigned d = 0;  // compared in constant time; only the verdict is public
      for (std::size_t i = 0; i < half; ++i) d |= static_cast<unsigned>(enc_key[i] ^ enc_key[half + i]);
      bool same = d == 0;
      FASTPRIM_CT_DECLASSIFY(same);
      if (same) return detail::err_xts_weak;
    } else {
      if (enc_key.size() != 16 && enc_key.size() != 24 && enc_key.size() != 32) return detail::err_ae_key;
      if (enc_key.data() == nullptr) return detail::err_null;
    }
    authenc a(mac_key);
    a.m_ = m;
    a.b_ = b;
    const detail::aes_kernels& aes = *k->xts->aes;
    if (m == cipher_mode::xts) {
      aes.expand_key(a.c_.ks1, enc_key.data(), half);
      aes.expand_key(a.c_.ks2, enc_key.data() + half, half);
    } else {
      aes.expand_key(a.c_.ks1, enc_key.data(), enc_key.size());
    }
    const std::size_t r = detail::rounds_index(a.c_.ks1.rounds);
    a.c_.aes = aes.by_rounds[r];
    a.c_.fn = k->xts->by_rounds[r];
    if (m == cipher_mode::cbc) a.one_pass_ = detail::one_pass_kernel<traits::id>(*k, a.c_.ks1.rounds);
    return a;
  }

  error check(std::span<const std::byte> iv, std::span<const std::byte> aad, std::span<const std::byte> in,
              std::span<std::byte> out, std::span<const std::byte> tag) const noexcept {
    if (FASTPRIM_UNLIKELY(iv.size() != iv_size)) return detail::err_ae_iv;
    if (FASTPRIM_UNLIKELY(tag.size() < min_tag_size || tag.size() > max_tag_size)) return detail::err_ae_tag;
    if (m_ == cipher_mode::cbc && FASTPRIM_UNLIKELY(in.size() % 16 != 0)) return detail::err_ae_cbc;
    if (m_ == cipher_mode::xts) {
      if (FASTPRIM_UNLIKELY(in.size() < 16)) return detail::err_xts_short;
      if (FASTPRIM_UNLIKELY(in.size() > detail::xts_max_unit)) return detail::err_xts_long;
    }
    if (const error e = detail::check_io(in, out, false); FASTPRIM_UNLIKELY(e.code != errc::ok)) return e;
    if (FASTPRIM_UNLIKELY(iv.data() == nullptr || tag.data() == nullptr ||
                          (!aad.empty() && aad.data() == nullptr)))
      return detail::err_null;
    return {};
  }

  // The inner hash's stream after the keyed block and the AAD.
  detail::md_state<words> start(std::span<const std::byte> aad) const noexcept {
    detail::md_state<words> st;
    st.init(mac_.ikey_, detail::md_block_size);
    st.update(aad.data(), aad.size(), mac_.compress_);
    return st;
  }

  // CTR over the last `n` bytes (any length) from counter block `v`.
  void ctr_last(const std::byte* v, const std::byte* p, std::byte* q, std::size_t n) const noexcept {
    alignas(16) std::byte tail[16];
    detail::ctr_any(c_.aes, c_.ks1, v, nullptr, p, q, n, tail);
    detail::secure_zero(tail, sizeof tail);
  }

  // CBC or CTR, then the hash of what was written, a chunk at a time.
  void chunked(detail::md_state<words>& st, std::byte* v, const std::byte* p, std::byte* q,
               std::size_t n) const noexcept {
    while (n != 0) {
      const std::size_t k = n > detail::authenc_chunk ? detail::authenc_chunk : n;
      if (m_ == cipher_mode::cbc) {
        c_.aes.encrypt_cbc(c_.ks1, v, p, q, k / 16);
      } else if (k == n) {
        ctr_last(v, p, q, k);
      } else {
        c_.aes.ctr(c_.ks1, v, v, p, q, k / 16);
      }
      st.update(q, k, mac_.compress_);
      p += k;
      q += k;
      n -= k;
    }
  }

  // CBC through the one-pass kernel. The hash stream is aad || ciphertext, so its blocks start
  // `skew` bytes into the ciphertext: the blocks before that (at most four) go through the CBC
  // kernel and complete the AAD's partial block; the kernel hashes the whole blocks after it.
  void cbc_one_pass(detail::md_state<words>& st, std::byte* v, const std::byte* p, std::byte* q,
                    std::size_t n) const noexcept {
    const std::size_t skew =
        (detail::md_block_size - st.total % detail::md_block_size) % detail::md_block_size;
    const std::size_t head = skew < n ? skew : n;
    const std::size_t pre = (head + 15) / 16 * 16;
    if (pre != 0) c_.aes.encrypt_cbc(c_.ks1, v, p, q, pre / 16);
    st.update(q, head, mac_.compress_);
    const std::size_t nhash = (n - head) / detail::md_block_size;
    if (n != pre) one_pass_(c_.ks1, v, p + pre, q + pre, (n - pre) / 16, st.h, q + head, nhash);
    st.total += detail::md_block_size * nhash;
    const std::size_t done = head + detail::md_block_size * nhash;
    st.update(q + done, n - done, mac_.compress_);
  }

  // The first `len` bytes of HMAC over the stream in `st` (its inner hash).
  FASTPRIM_ZERO_REGS void finish(const detail::md_state<words>& st, std::byte* tag,
                                 std::size_t len) const noexcept {
    auto ih = st.template digest<H::digest_size>(mac_.compress_);
    auto t = mac_.outer(ih);
    std::memcpy(tag, t.data(), len);
    detail::secure_zero(ih.data(), ih.size());
    detail::secure_zero(t.data(), t.size());
  }

  detail::xts_core c_;  // CBC and CTR use c_.aes and c_.ks1 only
  hmac<H> mac_;
  detail::cbc_hash_fn one_pass_ = nullptr;
  cipher_mode m_ = cipher_mode::cbc;
  fastprim::backend b_ = fastprim::backend::scalar;
};

FASTPRIM_NAMESPACE_END
