// examples/shasum_main.hpp: the body of fastprim-sha256sum and fastprim-sha1sum, a drop-in for
// coreutils sha256sum/sha1sum: same output for files and `-` (stdin), and `-c FILE` check mode
// with coreutils' messages and exit status.
//   fastprim-sha256sum FILE... | fastprim-sha256sum -c SUMS
#pragma once

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

template <class H>
class shasum {
 public:
  explicit shasum(const char* prog) : prog_(prog) {}

  int main(int argc, char** argv) {
    std::vector<std::string> files;
    bool check = false;
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "-c" || a == "--check")
        check = true;
      else
        files.push_back(a);
    }
    if (files.empty()) files.push_back("-");
    bool ok = true;
    for (const auto& f : files) ok &= check ? check_list(f) : print_sum(f);
    return ok ? 0 : 1;
  }

 private:
  // Hex digest of a file ("-": stdin); false with errno set if it cannot be read.
  bool digest_file(const std::string& name, std::string& hex) {
    std::FILE* f = name == "-" ? stdin : std::fopen(name.c_str(), "rb");
    if (!f) return false;
    H h;
    std::vector<std::byte> buf(1 << 18);
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) h.update(std::span(buf.data(), n));
    const bool err = std::ferror(f) != 0;
    const int saved = errno;
    if (f != stdin) std::fclose(f);
    if (err) {
      errno = saved;
      return false;
    }
    static const char* digits = "0123456789abcdef";
    hex.clear();
    for (std::byte b : h.digest()) {
      hex += digits[std::to_integer<unsigned>(b) >> 4];
      hex += digits[std::to_integer<unsigned>(b) & 15];
    }
    return true;
  }

  void warn_errno(const std::string& name) {
    std::fprintf(stderr, "%s: %s: %s\n", prog_, name.c_str(), std::strerror(errno));
  }

  bool print_sum(const std::string& name) {
    std::string hex;
    if (!digest_file(name, hex)) {
      warn_errno(name);
      return false;
    }
    // coreutils escapes names holding a backslash or newline and marks the line with '\'.
    std::string shown;
    bool escaped = false;
    for (char c : name) {
      if (c == '\\')
        shown += "\\\\", escaped = true;
      else if (c == '\n')
        shown += "\\n", escaped = true;
      else
        shown += c;
    }
    std::printf("%s%s  %s\n", escaped ? "\\" : "", hex.c_str(), shown.c_str());
    return true;
  }

  static bool is_hex(const std::string& s) {
    for (char c : s)
      if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
    return true;
  }

  bool check_list(const std::string& list) {
    std::ifstream file;
    std::istream* in = &std::cin;
    if (list != "-") {
      file.open(list);
      if (!file) {
        warn_errno(list);
        return false;
      }
      in = &file;
    }
    const std::size_t hexlen = 2 * H::digest_size;
    std::size_t bad_format = 0, failed = 0, unreadable = 0, good_lines = 0;
    std::string line;
    while (std::getline(*in, line)) {
      bool escaped = false;
      std::string l = line;
      if (!l.empty() && l[0] == '\\') escaped = true, l.erase(0, 1);
      // "<hex>  <name>" (text) or "<hex> *<name>" (binary).
      if (l.size() < hexlen + 2 || !is_hex(l.substr(0, hexlen)) || l[hexlen] != ' ' ||
          (l[hexlen + 1] != ' ' && l[hexlen + 1] != '*')) {
        ++bad_format;
        continue;
      }
      std::string name = l.substr(hexlen + 2), unescaped;
      if (escaped) {
        for (std::size_t i = 0; i < name.size(); ++i) {
          if (name[i] == '\\' && i + 1 < name.size()) {
            unescaped += name[i + 1] == 'n' ? '\n' : name[i + 1];
            ++i;
          } else {
            unescaped += name[i];
          }
        }
        name = unescaped;
      }
      if (name.empty()) {
        ++bad_format;
        continue;
      }
      ++good_lines;
      std::string want = l.substr(0, hexlen), got;
      for (auto& c : want) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (!digest_file(name, got)) {
        warn_errno(name);
        std::printf("%s: FAILED open or read\n", name.c_str());
        ++unreadable;
        continue;
      }
      if (got == want) {
        std::printf("%s: OK\n", name.c_str());
      } else {
        std::printf("%s: FAILED\n", name.c_str());
        ++failed;
      }
    }
    std::fflush(stdout);
    if (good_lines == 0) {
      std::fprintf(stderr, "%s: %s: no properly formatted checksum lines found\n", prog_,
                   list == "-" ? "standard input" : list.c_str());
      return false;
    }
    if (bad_format)
      std::fprintf(stderr, "%s: WARNING: %zu line%s improperly formatted\n", prog_, bad_format,
                   bad_format == 1 ? " is" : "s are");
    if (unreadable)
      std::fprintf(stderr, "%s: WARNING: %zu listed file%s could not be read\n", prog_, unreadable,
                   unreadable == 1 ? "" : "s");
    if (failed)
      std::fprintf(stderr, "%s: WARNING: %zu computed checksum%s did NOT match\n", prog_, failed,
                   failed == 1 ? "" : "s");
    return failed == 0 && unreadable == 0;
  }

  const char* prog_;
};
