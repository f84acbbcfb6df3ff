// examples/authenc.cpp: encrypt-then-MAC as IPsec ESP does it: AES-128-CBC, then HMAC-SHA-256 over
// the header (AAD) and the ciphertext, truncated to 16 bytes (RFC 4868). open checks the tag before
// it decrypts. Calls that can fail return a fastprim::result: check it before using the value.
// Known answers (expected/authenc.txt): the ciphertext is RFC 3602 test case #2; the tag is
// `openssl dgst -sha256 -mac HMAC` over the header and that ciphertext.
#include <cstdio>
#include <fastprim/authenc.hpp>
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
  auto esp =
      fastprim::authenc<fastprim::sha256>::create(fastprim::cipher_mode::cbc,
                                                  unhex("c286696d887c9aa0611bbb3e2025a45a"),  // AES key
                                                  bytes(32, std::byte{0x0b}));                // HMAC key
  if (!esp) return fail(esp.message());
  const bytes header = unhex("0000430100000001");  // SPI and sequence number: authenticated, not encrypted
  const bytes iv = unhex("562e17996d093d28ddb3ba695a2e6f58");
  bytes packet(32);
  for (std::size_t i = 0; i < packet.size(); ++i) packet[i] = std::byte(i);
  bytes tag(16);
  if (auto r = esp->seal(iv, header, packet, packet, tag); !r) return fail(r.message());  // in place
  print("ciphertext:", packet);
  print("tag:", tag);
  if (auto r = esp->open(iv, header, packet, tag, packet); !r) return fail(r.message());
  std::printf("opened: %s\n", packet[31] == std::byte{31} ? "plaintext back" : "WRONG");

  // A forged packet is refused, and nothing of it is released: the output is all zero.
  if (auto r = esp->seal(iv, header, packet, packet, tag); !r) return fail(r.message());
  packet[5] ^= std::byte{1};
  bytes out(32, std::byte{0xff});
  auto r = esp->open(iv, header, packet, tag, out);
  std::printf("forged: %s; output %s\n", r ? "ACCEPTED" : r.message().data(),
              out == bytes(32) ? "zeroed" : "NOT ZEROED");
  return r ? 1 : 0;
}
