// fuzz/fuzz_authenc.cpp: encrypt-then-MAC (authenc<sha1 | sha256>) against OpenSSL libcrypto (EVP
// aes-<bits>-cbc / -ctr / -xts, then HMAC over aad || ciphertext), on the AES backend an input byte
// picks, with the hash's dispatch left alone (one-pass CBC kernel where the CPU has it) or pinned
// to the portable backend (cipher then hash). Properties, per op:
//  0   seal == OpenSSL (ciphertext and truncated tag), out of place and in place; open of the result
//      gives the data back, in place.
//  1   open of arbitrary bytes under an arbitrary tag: succeeds exactly when the tag is OpenSSL's
//      (then the output is OpenSSL's decryption), else errc::auth_failed with the output all zero.
//  2   errors: key lengths, equal XTS halves, IV and tag lengths, CBC lengths that are not whole
//      blocks, XTS units under 16 bytes, short output, partial overlap: each is the documented
//      errc, and nothing is written.
//
// Input layout: op, backend, mode (0 cbc, 1 ctr, 2 xts), flags (bit 0: SHA-1; bit 1: pin the hash
// to scalar; bits 2-3: key size choice), tag length, AAD length, MAC key length, 64 key bytes,
// 16 IV bytes, MAC key bytes, AAD bytes, then the data.
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "fastprim/authenc.hpp"
#include "fuzz.hpp"

namespace {

using fastprim::cipher_mode;
using fastprim::errc;
using fastprim::primitive;
using bspan = std::span<const std::byte>;
using mspan = std::span<std::byte>;
using bytes = std::vector<std::byte>;

const unsigned char* uc(bspan s) {
  static const unsigned char empty = 0;
  return s.empty() ? &empty : reinterpret_cast<const unsigned char*>(s.data());
}

const EVP_CIPHER* cipher(cipher_mode m, std::size_t key_len) {
  switch (m) {
    case cipher_mode::cbc:
      return key_len == 16 ? EVP_aes_128_cbc() : key_len == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
    case cipher_mode::ctr:
      return key_len == 16 ? EVP_aes_128_ctr() : key_len == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
    case cipher_mode::xts:
      return key_len == 32 ? EVP_aes_128_xts() : EVP_aes_256_xts();
  }
  return nullptr;
}

bytes ossl_cipher(cipher_mode m, bspan key, bspan iv, bspan in, bool enc) {
  static EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  FUZZ_CHECK(EVP_CipherInit_ex(ctx, cipher(m, key.size()), nullptr, uc(key), uc(iv), enc ? 1 : 0) == 1);
  EVP_CIPHER_CTX_set_padding(ctx, 0);
  bytes out(in.size() + 16);
  int n1 = 0, n2 = 0;
  FUZZ_CHECK(EVP_CipherUpdate(ctx, reinterpret_cast<unsigned char*>(out.data()), &n1, uc(in),
                              static_cast<int>(in.size())) == 1);
  FUZZ_CHECK(EVP_CipherFinal_ex(ctx, reinterpret_cast<unsigned char*>(out.data()) + n1, &n2) == 1);
  FUZZ_CHECK(static_cast<std::size_t>(n1 + n2) == in.size());
  out.resize(in.size());
  return out;
}

bytes ossl_tag(bool sha1, bspan mac_key, bspan aad, bspan ct, std::size_t len) {
  bytes msg(aad.begin(), aad.end());
  msg.insert(msg.end(), ct.begin(), ct.end());
  bytes t(EVP_MAX_MD_SIZE);
  unsigned n = 0;
  FUZZ_CHECK(HMAC(sha1 ? EVP_sha1() : EVP_sha256(), uc(mac_key), static_cast<int>(mac_key.size()), uc(msg),
                  msg.size(), reinterpret_cast<unsigned char*>(t.data()), &n) != nullptr);
  t.resize(len);
  return t;
}

std::size_t key_len(cipher_mode m, unsigned sel) {
  if (m == cipher_mode::xts) return sel & 1 ? 64 : 32;
  return 16 + 8 * (sel % 3);
}

// A key the mode takes: XTS halves made to differ.
bytes key_from(bspan k, cipher_mode m, std::size_t n) {
  bytes key(k.begin(), k.begin() + static_cast<std::ptrdiff_t>(n));
  if (m == cipher_mode::xts && std::equal(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(n / 2),
                                          key.begin() + static_cast<std::ptrdiff_t>(n / 2)))
    key[n - 1] ^= std::byte{1};
  return key;
}

// The part of `data` the mode takes (CBC: whole blocks; XTS: at least 16 bytes, else empty).
bspan usable(cipher_mode m, bspan data) {
  if (m == cipher_mode::cbc) return data.first(data.size() / 16 * 16);
  if (m == cipher_mode::xts && data.size() < 16) return {};
  return data;
}

template <class H>
void run(unsigned op, fastprim::backend b, cipher_mode m, unsigned sel, std::size_t tag_len, bspan k,
         bspan iv, bspan mac_key, bspan aad, bspan data) {
  constexpr bool sha1 = std::is_same_v<H, fastprim::sha1>;
  using A = fastprim::authenc<H>;
  tag_len = A::min_tag_size + tag_len % (A::max_tag_size - A::min_tag_size + 1);
  const std::size_t kl = key_len(m, sel);
  const bytes key = key_from(k, m, kl);
  if (op == 2) {
    const std::size_t bad = sel % 70;
    const bool ok_len =
        m == cipher_mode::xts ? (bad == 32 || bad == 64) : (bad == 16 || bad == 24 || bad == 32);
    if (!ok_len) FUZZ_CHECK(A::create(m, k.first(bad), mac_key, b).code() == errc::bad_key_length);
    if (m == cipher_mode::xts) {
      bytes twice(32);
      std::copy(k.begin(), k.begin() + 16, twice.begin());
      std::copy(k.begin(), k.begin() + 16, twice.begin() + 16);
      FUZZ_CHECK(A::create(m, twice, mac_key, b).code() == errc::weak_key);
    }
    const auto ae = A::create(m, key, mac_key, b);
    FUZZ_CHECK(ae.has_value());
    bytes out(data.size() + 32, std::byte{0xee}), tags(40, std::byte{0xee});
    const mspan tag = mspan(tags).first(A::max_tag_size);
    const bytes untouched = out, tag0 = tags;
    const std::size_t bad_iv = sel % 17 == 16 ? 15 : sel % 17;
    FUZZ_CHECK(ae->seal(k.first(bad_iv), aad, data, out, tag).code() == errc::bad_iv_length);
    const std::size_t bad_tag = sel % 40;
    if (bad_tag < A::min_tag_size || bad_tag > A::max_tag_size)
      FUZZ_CHECK(ae->seal(iv, aad, data, out, mspan(tags).first(bad_tag)).code() == errc::bad_tag_length);
    if (m == cipher_mode::cbc && data.size() % 16 != 0)
      FUZZ_CHECK(ae->seal(iv, aad, data, out, tag).code() == errc::bad_length);
    if (m == cipher_mode::xts && data.size() < 16)
      FUZZ_CHECK(ae->open(iv, aad, data, tag.first(tag_len), out).code() == errc::bad_length);
    const bspan in = usable(m, data);
    if (in.size() >= 17) {
      FUZZ_CHECK(ae->seal(iv, aad, in, mspan(out).first(in.size() - 1), tag).code() == errc::short_output);
      bytes buf(in.begin(), in.end());
      buf.resize(in.size() + 8);
      const std::size_t d = 1 + sel % 7;
      FUZZ_CHECK(
          ae->seal(iv, aad, bspan(buf).first(in.size()), mspan(buf).subspan(d, in.size()), tag).code() ==
          errc::overlap);
    }
    FUZZ_CHECK(fuzz::same(out, untouched));
    FUZZ_CHECK(fuzz::same(tags, tag0));
    return;
  }
  const bspan in = usable(m, data);
  if (m == cipher_mode::xts && in.empty()) return;
  const auto ae = A::create(m, key, mac_key, b);
  FUZZ_CHECK(ae.has_value() && ae->backend() == b);
  if (op == 0) {
    const bytes ct = ossl_cipher(m, key, iv, in, true);
    const bytes want = ossl_tag(sha1, mac_key, aad, ct, tag_len);
    bytes out(in.size()), tag(tag_len);
    FUZZ_CHECK(ae->seal(iv, aad, in, out, tag).has_value());
    FUZZ_CHECK_OR(fuzz::same(out, ct), fuzz::print_hex("fastprim", out); fuzz::print_hex("openssl", ct));
    FUZZ_CHECK_OR(fuzz::same(tag, want), fuzz::print_hex("fastprim tag", tag);
                  fuzz::print_hex("openssl tag", want));
    bytes io(in.begin(), in.end()), tag2(tag_len);
    FUZZ_CHECK(ae->seal(iv, aad, io, io, tag2).has_value());
    FUZZ_CHECK(fuzz::same(io, ct) && fuzz::same(tag2, want));
    FUZZ_CHECK(ae->open(iv, aad, io, tag2, io).has_value());
    FUZZ_CHECK(fuzz::same(io, in));
  } else {
    // `in` as a ciphertext, the tag taken from the input: right only by construction below.
    const bytes want = ossl_tag(sha1, mac_key, aad, in, tag_len);
    bytes tag(k.begin(), k.begin() + static_cast<std::ptrdiff_t>(tag_len));
    if (sel & 0x10) tag = want;  // half the inputs carry the right tag
    const bool right = fuzz::same(tag, want);
    bytes out(in.size(), std::byte{0x5a});
    const auto r = ae->open(iv, aad, in, tag, out);
    if (right) {
      FUZZ_CHECK(r.has_value());
      FUZZ_CHECK(fuzz::same(out, ossl_cipher(m, key, iv, in, false)));
    } else {
      FUZZ_CHECK(r.code() == errc::auth_failed);
      FUZZ_CHECK(std::all_of(out.begin(), out.end(), [](std::byte x) { return x == std::byte{0}; }));
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::input in(data, size);
  const unsigned op = in.u8() % 3;
  const fastprim::backend b = fuzz::pick_backend<primitive::authenc>(in.u8());
  const auto m = static_cast<cipher_mode>(in.u8() % 3);
  const unsigned flags = in.u8();
  const std::size_t tag_len = in.u8();
  const std::size_t aad_len = in.u8();
  const std::size_t mac_len = in.u8() % 160;
  std::array<std::byte, 64> kb{};  // zero-padded if the input ends first
  std::array<std::byte, 16> ivb{};
  const bspan k0 = in.bytes(64), iv0 = in.bytes(16);
  std::copy(k0.begin(), k0.end(), kb.begin());
  std::copy(iv0.begin(), iv0.end(), ivb.begin());
  const bspan mac_key = in.bytes(mac_len), aad = in.bytes(aad_len), msg = in.rest();
  const unsigned sel = flags >> 2;
  // Off SHA-NI no key takes the one-pass kernel: the chunked path on the same AES backend.
  std::optional<fuzz::pinned<primitive::sha256>> p256;
  std::optional<fuzz::pinned<primitive::sha1>> p1;
  if (flags & 2) {
    p256.emplace(fastprim::backend::scalar);
    p1.emplace(fastprim::backend::scalar);
  }
  if (flags & 1)
    run<fastprim::sha1>(op, b, m, sel, tag_len, kb, ivb, mac_key, aad, msg);
  else
    run<fastprim::sha256>(op, b, m, sel, tag_len, kb, ivb, mac_key, aad, msg);
  return 0;
}
