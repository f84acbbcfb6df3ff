// examples/aes.cpp: AES-128 CBC with PKCS#7 padding, and CTR streamed in pieces. Calls that can
// fail return a fastprim::result: check it before using the value. Known answers (expected/aes.txt):
// SP 800-38A F.2.1 (CBC), F.5.1 (CTR); the padding block from `openssl enc` (expected/README.md).
#include <algorithm>
#include <cstdio>
#include <fastprim/aes.hpp>
#include <fastprim/pkcs7.hpp>
#include <string>
#include <vector>

using bytes = std::vector<std::byte>;
bytes unhex(const std::string& h) {
  bytes b(h.size() / 2);
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = std::byte(std::stoul(h.substr(2 * i, 2), nullptr, 16));
  return b;
}
void print(const char* label, std::span<const std::byte> b) {
  std::printf("%s", label);
  for (std::size_t i = 0; i < b.size(); ++i) std::printf("%s%02x", i % 16 ? "" : " ", unsigned(b[i]));
  std::printf("\n");
}
int fail(std::string_view why) { return std::fprintf(stderr, "%.*s\n", int(why.size()), why.data()), 1; }

int main() {
  auto aes = fastprim::aes::create(unhex("2b7e151628aed2a6abf7158809cf4f3c"));  // 16, 24 or 32 bytes
  if (!aes) return fail(aes.message());
  const bytes iv = unhex("000102030405060708090a0b0c0d0e0f"),
              msg = unhex(
                  "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                  "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710");
  bytes padded(fastprim::pkcs7_padded_size(msg.size())), ct(padded.size()), pt(padded.size());
  if (auto n = fastprim::pkcs7_pad(msg, padded); !n) return fail(n.message());  // 64 bytes: 16 of padding
  if (auto r = aes->encrypt_cbc(iv, padded, ct); !r) return fail(r.message());
  print("cbc:", ct);
  if (auto r = aes->decrypt_cbc(iv, ct, pt); !r) return fail(r.message());
  auto len = fastprim::pkcs7_unpad(pt);  // errc::bad_padding: a wrong key or a damaged message
  if (!len) return fail(len.message());
  std::printf("cbc decrypted: %zu bytes, %s\n", *len,
              std::equal(msg.begin(), msg.end(), pt.begin()) ? "equal" : "DIFFERENT");
  auto ctr = fastprim::aes_ctr::create(*aes, unhex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"));  // counter block
  if (!ctr) return fail(ctr.message());
  bytes out(msg.size());
  std::size_t at = 0;
  for (std::size_t n : {5, 20, 39}) {  // pieces of any length: the same stream as one call
    if (auto r = ctr->update(std::span(msg).subspan(at, n), std::span(out).subspan(at, n)); !r)
      return fail(r.message());
    at += n;
  }
  print("ctr:", out);
}
