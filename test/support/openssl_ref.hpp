// OpenSSL (libcrypto) as the outside reference for AES, AES-GCM, AES-XTS, SHA and HMAC in the test
// suites.
#pragma once

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace fastprim_test {

inline const unsigned char* ossl_bytes(std::span<const std::byte> s) {
  static const unsigned char empty = 0;  // OpenSSL rejects a null pointer even for length 0
  return s.empty() ? &empty : reinterpret_cast<const unsigned char*>(s.data());
}

// EVP "aes-<bits>-<mode>" over `in`; `iv` empty for ECB. Padding (PKCS#7) only when asked.
inline std::vector<std::byte> openssl_aes(const char* mode, std::span<const std::byte> key,
                                          std::span<const std::byte> iv, std::span<const std::byte> in,
                                          bool enc, bool pad = false) {
  const std::string name = "aes-" + std::to_string(key.size() * 8) + "-" + mode;
  const EVP_CIPHER* c = EVP_get_cipherbyname(name.c_str());
  BOOST_REQUIRE_MESSAGE(c != nullptr, "OpenSSL has no cipher " << name);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  BOOST_REQUIRE(ctx != nullptr);
  BOOST_REQUIRE(EVP_CipherInit_ex(ctx, c, nullptr, ossl_bytes(key), iv.empty() ? nullptr : ossl_bytes(iv),
                                  enc ? 1 : 0) == 1);
  EVP_CIPHER_CTX_set_padding(ctx, pad ? 1 : 0);
  std::vector<std::byte> out(in.size() + 32);
  int l1 = 0, l2 = 0;
  BOOST_REQUIRE(EVP_CipherUpdate(ctx, reinterpret_cast<unsigned char*>(out.data()), &l1, ossl_bytes(in),
                                 static_cast<int>(in.size())) == 1);
  BOOST_REQUIRE(EVP_CipherFinal_ex(ctx, reinterpret_cast<unsigned char*>(out.data()) + l1, &l2) == 1);
  EVP_CIPHER_CTX_free(ctx);
  out.resize(static_cast<std::size_t>(l1 + l2));
  return out;
}

inline std::vector<std::byte> openssl_digest(const EVP_MD* md, std::span<const std::byte> msg) {
  std::vector<std::byte> out(EVP_MAX_MD_SIZE);
  unsigned len = 0;
  BOOST_REQUIRE(EVP_Digest(ossl_bytes(msg), msg.size(), reinterpret_cast<unsigned char*>(out.data()), &len,
                           md, nullptr) == 1);
  out.resize(len);
  return out;
}

inline std::vector<std::byte> openssl_hmac(const EVP_MD* md, std::span<const std::byte> key,
                                           std::span<const std::byte> msg) {
  std::vector<std::byte> out(EVP_MAX_MD_SIZE);
  unsigned len = 0;
  BOOST_REQUIRE(HMAC(md, ossl_bytes(key), static_cast<int>(key.size()), ossl_bytes(msg), msg.size(),
                     reinterpret_cast<unsigned char*>(out.data()), &len) != nullptr);
  out.resize(len);
  return out;
}

// AES-GCM (EVP "aes-<bits>-gcm"), any IV length from 1 byte; the tag is `tag_len` bytes (OpenSSL
// computes the full tag and returns its first bytes, SP 800-38D's MSB_t).
struct gcm_sealed {
  std::vector<std::byte> ct, tag;
};
inline EVP_CIPHER_CTX* openssl_gcm_ctx(std::span<const std::byte> key, std::span<const std::byte> iv,
                                       bool enc) {
  const std::string name = "aes-" + std::to_string(key.size() * 8) + "-gcm";
  const EVP_CIPHER* c = EVP_get_cipherbyname(name.c_str());
  BOOST_REQUIRE_MESSAGE(c != nullptr, "OpenSSL has no cipher " << name);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  BOOST_REQUIRE(ctx != nullptr);
  BOOST_REQUIRE(EVP_CipherInit_ex(ctx, c, nullptr, nullptr, nullptr, enc ? 1 : 0) == 1);
  BOOST_REQUIRE(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(iv.size()), nullptr) == 1);
  BOOST_REQUIRE(EVP_CipherInit_ex(ctx, nullptr, nullptr, ossl_bytes(key), ossl_bytes(iv), enc ? 1 : 0) == 1);
  return ctx;
}
inline gcm_sealed openssl_gcm_seal(std::span<const std::byte> key, std::span<const std::byte> iv,
                                   std::span<const std::byte> aad, std::span<const std::byte> pt,
                                   std::size_t tag_len = 16) {
  EVP_CIPHER_CTX* ctx = openssl_gcm_ctx(key, iv, true);
  int n = 0, m = 0;
  if (!aad.empty())
    BOOST_REQUIRE(EVP_EncryptUpdate(ctx, nullptr, &n, ossl_bytes(aad), static_cast<int>(aad.size())) == 1);
  gcm_sealed r{std::vector<std::byte>(pt.size() + 16), std::vector<std::byte>(16)};
  auto* o = reinterpret_cast<unsigned char*>(r.ct.data());
  BOOST_REQUIRE(EVP_EncryptUpdate(ctx, o, &n, ossl_bytes(pt), static_cast<int>(pt.size())) == 1);
  BOOST_REQUIRE(EVP_EncryptFinal_ex(ctx, o + n, &m) == 1);
  r.ct.resize(static_cast<std::size_t>(n + m));
  BOOST_REQUIRE(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, r.tag.data()) == 1);
  r.tag.resize(tag_len);
  EVP_CIPHER_CTX_free(ctx);
  return r;
}
// The plaintext, or nullopt if OpenSSL rejects the tag.
inline std::optional<std::vector<std::byte>> openssl_gcm_open(std::span<const std::byte> key,
                                                              std::span<const std::byte> iv,
                                                              std::span<const std::byte> aad,
                                                              std::span<const std::byte> ct,
                                                              std::span<const std::byte> tag) {
  EVP_CIPHER_CTX* ctx = openssl_gcm_ctx(key, iv, false);
  int n = 0, m = 0;
  if (!aad.empty())
    BOOST_REQUIRE(EVP_DecryptUpdate(ctx, nullptr, &n, ossl_bytes(aad), static_cast<int>(aad.size())) == 1);
  std::vector<std::byte> pt(ct.size() + 16);
  auto* o = reinterpret_cast<unsigned char*>(pt.data());
  BOOST_REQUIRE(EVP_DecryptUpdate(ctx, o, &n, ossl_bytes(ct), static_cast<int>(ct.size())) == 1);
  std::vector<std::byte> t(tag.begin(), tag.end());
  BOOST_REQUIRE(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, static_cast<int>(t.size()), t.data()) == 1);
  const bool ok = EVP_DecryptFinal_ex(ctx, o + n, &m) == 1;
  EVP_CIPHER_CTX_free(ctx);
  if (!ok) return std::nullopt;
  pt.resize(static_cast<std::size_t>(n + m));
  return pt;
}

// AES-XTS: EVP aes-128-xts for a 32-byte key, aes-256-xts for a 64-byte one (K1 || K2); one data
// unit of at least 16 bytes with the 16-byte tweak `tweak`.
inline std::vector<std::byte> openssl_xts(std::span<const std::byte> key, std::span<const std::byte> tweak,
                                          std::span<const std::byte> in, bool enc) {
  BOOST_REQUIRE(key.size() == 32 || key.size() == 64);
  BOOST_REQUIRE(tweak.size() == 16);
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  BOOST_REQUIRE(ctx != nullptr);
  BOOST_REQUIRE(EVP_CipherInit_ex(ctx, key.size() == 32 ? EVP_aes_128_xts() : EVP_aes_256_xts(), nullptr,
                                  ossl_bytes(key), ossl_bytes(tweak), enc ? 1 : 0) == 1);
  std::vector<std::byte> out(in.size());
  int l1 = 0, l2 = 0;
  BOOST_REQUIRE(EVP_CipherUpdate(ctx, reinterpret_cast<unsigned char*>(out.data()), &l1, ossl_bytes(in),
                                 static_cast<int>(in.size())) == 1);
  BOOST_REQUIRE(EVP_CipherFinal_ex(ctx, reinterpret_cast<unsigned char*>(out.data()) + l1, &l2) == 1);
  EVP_CIPHER_CTX_free(ctx);
  BOOST_REQUIRE(static_cast<std::size_t>(l1 + l2) == in.size());
  return out;
}

// encrypt_sectors / decrypt_sectors by OpenSSL: `in` cut into sectors of `sector_size` bytes, sector
// i under the dm-crypt plain64 tweak of first + i (8 little-endian bytes, then 8 zero bytes).
inline std::vector<std::byte> openssl_xts_sectors(std::span<const std::byte> key, std::uint64_t first,
                                                  std::size_t sector_size, std::span<const std::byte> in,
                                                  bool enc) {
  BOOST_REQUIRE(sector_size != 0 && in.size() % sector_size == 0);
  std::vector<std::byte> out;
  for (std::size_t off = 0; off < in.size(); off += sector_size, ++first) {
    std::vector<std::byte> tweak(16);
    for (int i = 0; i < 8; ++i) tweak[i] = std::byte(static_cast<unsigned char>(first >> (8 * i)));
    const auto s = openssl_xts(key, tweak, in.subspan(off, sector_size), enc);
    out.insert(out.end(), s.begin(), s.end());
  }
  return out;
}

}  // namespace fastprim_test
