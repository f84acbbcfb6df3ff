// fuzz/replay_main.cpp: the main() of the corpus-replay tests, linked with a fuzz target in
// builds without libFuzzer (any compiler, the aarch64 cross build under qemu-user): every file
// named on the command line, or found in a directory named there, is passed once to
// LLVMFuzzerTestOneInput, followed by the empty input. A failed property aborts, so the
// committed corpus (and every crash input added to it) is a regression test everywhere.
// A run that would check nothing fails (exit 2): no argument, a path that does not exist, or a
// directory with no regular file in it (a corpus that was not checked out or was emptied).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  if (argc < 2) {
    std::fprintf(stderr,
                 "fuzz-replay: no corpus given: nothing to check\n"
                 "usage: %s <corpus directory or file>...\n",
                 argv[0]);
    return 2;
  }
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const fs::path p = argv[i];
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::size_t found = 0;
      for (fs::directory_iterator it(p, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code fec;
        if (it->is_regular_file(fec)) files.push_back(it->path()), ++found;
      }
      if (ec) {
        std::fprintf(stderr, "fuzz-replay: cannot list %s: %s\n", argv[i], ec.message().c_str());
        return 2;
      }
      if (found == 0) {
        std::fprintf(stderr, "fuzz-replay: corpus directory %s has no input files: nothing to check\n",
                     argv[i]);
        return 2;
      }
    } else if (fs::is_regular_file(p, ec)) {
      files.push_back(p);
    } else {
      std::fprintf(stderr, "fuzz-replay: no such file or directory: %s\n", argv[i]);
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  std::size_t bytes = 0;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::vector<char> buf{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    if (!in.is_open() || (!in.eof() && in.fail())) {
      std::fprintf(stderr, "fuzz-replay: cannot read %s\n", f.c_str());
      return 2;
    }
    bytes += buf.size();
    // A copy of exactly the input's size, so that ASan catches reads past its end.
    std::vector<std::uint8_t> data(buf.begin(), buf.end());
    LLVMFuzzerTestOneInput(data.data(), data.size());
  }
  LLVMFuzzerTestOneInput(nullptr, 0);
  std::printf("fuzz-replay: %zu inputs (%zu bytes) and the empty input passed\n", files.size(), bytes);
  return 0;
}
