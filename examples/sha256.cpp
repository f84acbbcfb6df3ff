// examples/sha256.cpp: SHA-256 one-shot, streaming and batch. Known answers (expected/sha256.txt):
// the FIPS 180-4 example digests NIST publishes for "abc", the two-block 448-bit message and one
// million 'a' (expected/README.md).
#include <array>
#include <cstdio>
#include <fastprim/sha256.hpp>
#include <span>
#include <string>
#include <string_view>

void print(const char* label, std::span<const std::byte> d) {
  std::printf("%-22s ", label);
  for (std::byte b : d) std::printf("%02x", unsigned(b));
  std::printf("\n");
}

int main() {
  const std::string_view abc = "abc", two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";

  // One-shot (also in constant expressions: constexpr auto d = fastprim::sha256::hash("abc");).
  print("one-shot abc:", fastprim::sha256::hash(abc));

  // Streaming: update() any number of times, then digest(). One million 'a', 1000 at a time.
  fastprim::sha256 h;
  const std::string part(1000, 'a');
  for (int i = 0; i < 1000; ++i) h.update(part);
  print("streaming 10^6 x 'a':", h.digest());

  // Batch: independent messages hashed side by side (SHA-NI streams or SIMD lanes).
  const std::array<std::span<const std::byte>, 2> msgs{fastprim::as_byte_input(abc),
                                                       fastprim::as_byte_input(two)};
  std::array<std::array<std::byte, 32>, 2> out;
  if (auto r = fastprim::sha256_batch(msgs, out); !r) {  // errc::short_output if `out` is too short
    std::fprintf(stderr, "sha256_batch: %s\n", r.message().data());
    return 1;
  }
  print("batch abc:", out[0]);
  print("batch 448-bit message:", out[1]);
}
