// OpenSSL (libcrypto) as the outside reference for AES, SHA and HMAC in the test suites.
#pragma once

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <boost/test/unit_test.hpp>
#include <cstddef>
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

}  // namespace fastprim_test
