// examples/hmac.cpp: HMAC-SHA256 and HMAC-SHA1, one-shot, keyed once for many messages, streaming,
// and the constant-time verify. Known answers (expected/hmac.txt): RFC 4231 test cases 1 and 2
// (HMAC-SHA256), RFC 2202 test cases 1 and 2 (HMAC-SHA1).
#include <cstdio>
#include <fastprim/hmac.hpp>
#include <span>
#include <string>
#include <string_view>

void print(const char* label, std::span<const std::byte> t) {
  std::printf("%-27s ", label);
  for (std::byte b : t) std::printf("%02x", unsigned(b));
  std::printf("\n");
}

int main() {
  const std::string key1(20, '\x0b');  // test case 1: twenty 0x0b bytes, "Hi There"
  print("hmac-sha256 case 1:", fastprim::hmac_sha256(key1, "Hi There"));
  print("hmac-sha1 case 1:", fastprim::hmac_sha1(key1, "Hi There"));

  // A key set up once and reused: its two hashed blocks are kept, not the key. Keys and messages
  // are strings or any byte container (std::vector<std::uint8_t>, std::array<std::byte, N>...).
  const std::string_view msg = "what do ya want for nothing?";
  const fastprim::hmac<fastprim::sha256> mac{"Jefe"};
  const auto tag = mac.compute(msg);
  print("hmac-sha256 case 2:", tag);
  std::printf("verify: %s\n", mac.verify(msg, tag) ? "ok" : "FAILED");
  std::printf("verify, message altered: %s\n",
              mac.verify("what do ya want for nothing!", tag) ? "ACCEPTED" : "rejected");

  // Streaming: update() in pieces, digest() at the end; reset() starts the next message.
  fastprim::hmac<fastprim::sha1> mac1{"Jefe"};
  mac1.update("what do ya ").update("want for nothing?");
  print("hmac-sha1 case 2, streamed:", mac1.digest());
}
