// examples/xxh64.cpp: XXH64 one-shot, streaming and batch (seed 0, as `xxhsum -H1` uses).
// Known answers (expected/xxh64.txt): `xxhsum -H1` of the same bytes (expected/README.md).
#include <array>
#include <cinttypes>
#include <cstdio>
#include <fastprim/xxh64.hpp>
#include <span>
#include <string>
#include <string_view>

int main() {
  // One-shot: also in constant expressions; a second argument is the seed.
  std::printf("one-shot: %016" PRIx64 "\n", fastprim::xxh64("Nobody inspects the spammish repetition"));

  // Streaming: 100000 'a' in pieces of 1000.
  fastprim::xxh64_state st;  // xxh64_state{seed}
  const std::string part(1000, 'a');
  for (int i = 0; i < 100; ++i) st.update(part);
  std::printf("streaming: %016" PRIx64 "\n", st.digest());

  // Batch: many small inputs at once (one per SIMD lane); inputs may differ in length.
  const std::array<std::string_view, 5> words{"", "a", "abc", "message digest", "abcdefghijklmnopqrstuvwxyz"};
  std::array<std::span<const std::byte>, 5> in;
  for (std::size_t i = 0; i < words.size(); ++i) in[i] = fastprim::as_byte_input(words[i]);
  std::array<std::uint64_t, 5> out;
  if (auto r = fastprim::xxh64_batch(in, out); !r) {  // errc::short_output if `out` is too short
    std::fprintf(stderr, "xxh64_batch: %s\n", r.message().data());
    return 1;
  }
  for (std::size_t i = 0; i < words.size(); ++i)
    std::printf("batch \"%s\": %016" PRIx64 "\n", words[i].data(), out[i]);
}
