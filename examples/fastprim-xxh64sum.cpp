// fastprim-xxh64sum: XXH64 of files, output identical to `xxhsum -H1`.
//   fastprim-xxh64sum FILE...          hash files ("-" or no argument: standard input)
//   fastprim-xxh64sum -c SUMS          check a list written by either tool
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fastprim/xxh64.hpp>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace {

// Hashes a file (or stdin for "-"); returns false and sets errno-style message on failure.
bool hash_file(const std::string& name, std::uint64_t& out, std::string& err) {
  const bool is_stdin = name == "-";
  struct stat st {};
  if (!is_stdin && stat(name.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    err = "Is a directory";
    return false;
  }
  std::FILE* f = is_stdin ? stdin : std::fopen(name.c_str(), "rb");
  if (!f) {
    err = std::strerror(errno);
    return false;
  }
  fastprim::xxh64_state s;
  std::vector<unsigned char> buf(1 << 16);
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) s.update(std::span<const unsigned char>(buf.data(), n));
  const bool ok = !std::ferror(f);
  if (!ok) err = std::strerror(errno);
  if (!is_stdin) std::fclose(f);
  out = s.digest();
  return ok;
}

bool parse_hex64(const std::string& s, std::uint64_t& v) {
  if (s.size() != 16) return false;
  v = 0;
  for (char c : s) {
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return false;
    v = v << 4 | static_cast<unsigned>(d);
  }
  return true;
}

int check(const std::string& list) {
  std::FILE* f = list == "-" ? stdin : std::fopen(list.c_str(), "r");
  if (!f) {
    std::fprintf(stderr, "Error: Could not open '%s': %s. \n", list.c_str(), std::strerror(errno));
    return 1;
  }
  std::size_t lineno = 0, good = 0, bad_format = 0, unreadable = 0, mismatched = 0;
  std::string line;
  for (int c;;) {
    line.clear();
    while ((c = std::fgetc(f)) != EOF && c != '\n') line += static_cast<char>(c);
    if (c == EOF && line.empty()) break;
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // "<16 hex digits>  <file name>"
    std::uint64_t want;
    if (line.size() < 19 || line[16] != ' ' || line[17] != ' ' || !parse_hex64(line.substr(0, 16), want)) {
      ++bad_format;
      continue;
    }
    ++good;
    const std::string name = line.substr(18);
    std::uint64_t got;
    std::string err;
    if (!hash_file(name == "stdin" ? "-" : name, got, err)) {
      std::printf("%s:%zu: Could not open or read '%s': %s.\n", list.c_str(), lineno, name.c_str(), err.c_str());
      ++unreadable;
      continue;
    }
    if (got == want) {
      std::printf("%s: OK\n", name.c_str());
    } else {
      std::printf("%s: FAILED\n", name.c_str());
      ++mismatched;
    }
  }
  if (f != stdin) std::fclose(f);
  if (good == 0) {
    std::fprintf(stderr, "%s: no properly formatted xxHash checksum lines found\n", list.c_str());
    return 1;
  }
  if (bad_format) std::printf("%zu line%s improperly formatted\n", bad_format, bad_format == 1 ? " is" : "s are");
  if (unreadable) std::printf("%zu listed file%s could not be read\n", unreadable, unreadable == 1 ? "" : "s");
  if (mismatched)
    std::printf("%zu computed checksum%s did NOT match\n", mismatched, mismatched == 1 ? "" : "s");
  return unreadable || mismatched ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  bool check_mode = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "-c" || a == "--check") {
      check_mode = true;
    } else if (a == "-H1" || a == "-H64") {
      // XXH64 is the only algorithm; accepted for drop-in use.
    } else if (a == "-h" || a == "--help") {
      std::printf("usage: %s [FILE...]   XXH64 of each FILE (- or none: stdin), as xxhsum -H1\n"
                  "       %s -c SUMS     check the sums listed in SUMS\n", argv[0], argv[0]);
      return 0;
    } else if (a.size() > 1 && a[0] == '-' && a != "-") {
      std::fprintf(stderr, "%s: unknown option '%s' (try --help)\n", argv[0], a.c_str());
      return 2;
    } else {
      files.push_back(a);
    }
  }
  if (check_mode) {
    if (files.empty()) files.push_back("-");
    int rc = 0;
    for (const auto& f : files) rc |= check(f);
    return rc;
  }
  if (files.empty()) files.push_back("-");
  int rc = 0;
  for (const auto& name : files) {
    std::uint64_t h;
    std::string err;
    if (!hash_file(name, h, err)) {
      if (err == "Is a directory")
        std::fprintf(stderr, "%s: %s: Is a directory \n", "fastprim-xxh64sum", name.c_str());
      else
        std::fprintf(stderr, "Error: Could not open '%s': %s. \n", name.c_str(), err.c_str());
      rc = 1;
      continue;
    }
    std::printf("%016" PRIx64 "  %s\n", h, name == "-" ? "stdin" : name.c_str());
  }
  if (std::fflush(stdout) != 0) {
    std::perror("fastprim-xxh64sum: write error");
    return 1;
  }
  return rc;
}
