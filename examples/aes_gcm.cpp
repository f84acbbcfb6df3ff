// examples/aes_gcm.cpp: authenticated encryption with AES-GCM: seal a message with its header as
// additional authenticated data, open it, and see a tampered message rejected. Calls that can fail
// return a fastprim::result: check it before using the value. Known answers (expected/aes_gcm.txt):
// test case 4 of the GCM specification (McGrew & Viega), the same from OpenSSL.
#include <algorithm>
#include <cstdio>
#include <fastprim/aes_gcm.hpp>
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
  auto gcm = fastprim::aes_gcm::create(unhex("feffe9928665731c6d6a8f9467308308"));  // 16, 24 or 32 bytes
  if (!gcm) return fail(gcm.message());
  // A 12-byte IV that is never used twice with the same key (a counter or random bytes).
  const bytes iv = unhex("cafebabefacedbaddecaf888");
  const bytes header = unhex("feedfacedeadbeeffeedfacedeadbeefabaddad2");  // authenticated, not secret
  const bytes msg = unhex(
      "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
      "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39");
  bytes ct(msg.size()), tag(fastprim::aes_gcm::tag_size), pt(msg.size());
  if (auto r = gcm->seal(iv, header, msg, ct, tag); !r) return fail(r.message());
  print("ciphertext:", ct);
  print("tag:", tag);
  // Send iv, header, ct and tag; the receiver opens them with the same key.
  if (auto r = gcm->open(iv, header, ct, tag, pt); !r) return fail(r.message());
  std::printf("opened: %zu bytes, %s\n", pt.size(), pt == msg ? "equal" : "DIFFERENT");
  // One flipped bit anywhere (here in the ciphertext) and open refuses: errc::auth_failed, and
  // no unverified plaintext comes out (the output is all zero).
  ct[10] ^= std::byte{0x01};
  auto r = gcm->open(iv, header, ct, tag, pt);
  std::printf("tampered: %s, output %s\n",
              r.code() == fastprim::errc::auth_failed ? "rejected (auth_failed)" : "ACCEPTED",
              std::all_of(pt.begin(), pt.end(), [](std::byte b) { return b == std::byte{0}; }) ? "all zero"
                                                                                               : "NOT ZERO");
  return r ? 1 : 0;
}
