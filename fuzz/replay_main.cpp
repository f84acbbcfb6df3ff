// fuzz/replay_main.cpp: the main() of the corpus-replay tests, linked with a fuzz target in
// builds without libFuzzer (any compiler, the aarch64 cross build under qemu-user): every file
// named on the command line, or found in a directory named there, is passed once to
// LLVMFuzzerTestOneInput, followed by the empty input. A failed property aborts, so the
// committed corpus (and every crash input added to it) is a regression test everywhere.
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
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const fs::path p = argv[i];
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (const auto& e : fs::directory_iterator(p))
        if (e.is_regular_file()) files.push_back(e.path());
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
    if (!in.eof() && in.fail()) {
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
