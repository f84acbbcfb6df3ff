// A program that uses fastprim the way an outside project does (installed headers or subproject).
#include <cstdio>
#include <fastprim/fastprim.hpp>

int main() {
  // libxxhash: XXH64("abc", 0) = 44bc2cf5ad770999 (xxhsum -H1)
  const bool ok = fastprim::xxh64(std::string_view("abc")) == 0x44bc2cf5ad770999ull;
  std::printf("consumer: xxh64 %s; dispatch:\n%s", ok ? "ok" : "WRONG", fastprim::report().c_str());
  return ok ? 0 : 1;
}
