// examples/sha1.cpp: Git's object ids, which are SHA-1 of "blob <size>\0" followed by the file's
// bytes: streaming, one-shot and batch. Known answers (expected/sha1.txt): `git hash-object` of
// the same contents (expected/README.md).
#include <array>
#include <cstdio>
#include <fastprim/sha1.hpp>
#include <span>
#include <string>
#include <string_view>

void print(const char* label, std::span<const std::byte> id) {
  std::printf("%-16s ", label);
  for (std::byte b : id) std::printf("%02x", unsigned(b));
  std::printf("\n");
}

// Streaming: the header, then the contents in pieces, as they arrive.
std::array<std::byte, 20> git_blob_id(std::string_view contents) {
  fastprim::sha1 h;
  const std::string header = "blob " + std::to_string(contents.size());
  h.update(header);
  h.update(std::string_view("\0", 1));  // the header ends with a NUL byte
  for (std::size_t i = 0; i < contents.size(); i += 7) h.update(contents.substr(i, 7));
  return h.digest();
}

int main() {
  print("hello\\n:", git_blob_id("hello\n"));
  print("empty file:", git_blob_id(""));

  // One-shot, when the whole object is in memory.
  print("one-shot:", fastprim::sha1::hash(std::string_view("blob 6\0hello\n", 13)));

  // Batch: independent objects hashed side by side (SIMD lanes or SHA-NI streams).
  const std::string a{"blob 4\0abc\n", 11}, b{"blob 12\0hello world\n", 20};
  const std::array<std::span<const std::byte>, 2> objects{fastprim::as_byte_input(a),
                                                          fastprim::as_byte_input(b)};
  std::array<std::array<std::byte, 20>, 2> ids;
  if (auto r = fastprim::sha1_batch(objects, ids); !r) {  // errc::short_output if `ids` is too short
    std::fprintf(stderr, "sha1_batch: %s\n", r.message().data());
    return 1;
  }
  print("batch abc\\n:", ids[0]);
  print("batch hello...:", ids[1]);
}
