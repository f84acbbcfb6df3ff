// fastprim-xxh64sum: XXH64 of files, output identical to `xxhsum -H1` (xxHash 0.8.1).
//   fastprim-xxh64sum [--tag] [--little-endian] FILE...   hash files ("-" or none: stdin)
//   fastprim-xxh64sum -c [-q|--status|--strict|-w] SUMS  check a list written by either tool
// Options and messages follow xxhsum 0.8.1; where xxhsum gives a wrong answer silently, this tool
// reports an error instead: a read error in the middle of a file, a directory in a list (xxhsum
// hashes it as empty), a write error on stdout, an XXH32 or XXH128 line it cannot check (it
// only has XXH64). List lines are read with xxhsum's 32 KiB bound (sum_list.hpp, cli_io.hpp).
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fastprim/xxh64.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "cli_io.hpp"
#include "sum_list.hpp"

namespace {

constexpr const char* prog = "fastprim-xxh64sum";
// xxhsum 0.8.1 gives up on a line once its buffer would pass 32 KiB.
constexpr std::size_t max_line = 32 * 1024 - 1;

struct settings {
  bool tag = false, little_endian = false, strict = false, status = false, warn = false, quiet = false;
};

enum class failure { none, is_dir, open, read };

// Hashes a file ("-": stdin, unless `literal`, as for names in a list). On failure `err` says
// why, in strerror's words.
failure hash_file(const std::string& name, std::uint64_t& out, std::string& err, bool literal = false) {
  const bool is_stdin = name == "-" && !literal;
  struct stat st {};
  if (!is_stdin && stat(name.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    err = std::strerror(EISDIR);
    return failure::is_dir;
  }
  std::FILE* f = is_stdin ? stdin : std::fopen(name.c_str(), "rb");
  if (!f) {
    err = std::strerror(errno);
    return failure::open;
  }
  fastprim::xxh64_state s;
  std::vector<unsigned char> buf(1 << 16);
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0)
    s.update(std::span<const unsigned char>(buf.data(), n));
  const bool ok = !std::ferror(f);
  if (!ok) err = std::strerror(errno);
  if (is_stdin)
    std::clearerr(f);
  else
    std::fclose(f);
  out = s.digest();
  return ok ? failure::none : failure::read;
}

bool openable(const std::string& name, std::string& err) {
  std::FILE* f = std::fopen(name.c_str(), "rb");
  if (!f) {
    err = std::strerror(errno);
    return false;
  }
  std::fclose(f);
  return true;
}

// Returns true when every listed file matched (xxhsum's rules: at least one good line, no
// mismatch, nothing unreadable, with --strict no bad line).
bool check(const std::string& list_arg, const settings& s) {
  const bool is_stdin = list_arg == "-";
  const std::string list = is_stdin ? "stdin" : list_arg;
  std::FILE* f = is_stdin ? stdin : std::fopen(list.c_str(), "r");
  if (!f) {
    std::fprintf(stderr, "Error: Could not open '%s': %s\n", list.c_str(), std::strerror(errno));
    return false;
  }
  unsigned long lineno = 0, good = 0, bad_format = 0, unreadable = 0, mismatched = 0;
  bool quit = false;
  std::string line;
  sum_list::xxh_entry e;
  for (;;) {
    const cli::line_status st = cli::read_line(f, line, max_line, false);
    if (st == cli::line_status::eof) break;
    ++lineno;
    if (st == cli::line_status::read_error) {
      std::fprintf(stderr, "Error: Could not read '%s': %s\n", list.c_str(), std::strerror(errno));
      quit = true;
      break;
    }
    if (st == cli::line_status::too_long) {
      std::fprintf(stderr, "%s:%lu: Error: Line too long.\n", list.c_str(), lineno);
      quit = true;
      break;
    }
    if (!sum_list::read_xxh_line(line, e, s.little_endian)) {
      ++bad_format;
      if (s.warn)
        std::fprintf(stderr, "%s:%lu: Error: Improperly formatted checksum line.\n", list.c_str(), lineno);
      continue;
    }
    ++good;
    std::uint64_t got = 0;
    std::string err;
    // As xxhsum, a file that cannot be opened is reported so before its digest is looked at.
    if (e.bits != 64 && openable(e.name, err)) {
      ++unreadable;
      if (!s.status)
        std::printf("%s:%lu: Could not check '%s': XXH%u is not supported by %s.\n", list.c_str(), lineno,
                    e.name.c_str(), e.bits, prog);
      continue;
    }
    if (e.bits != 64 || hash_file(e.name, got, err, true) != failure::none) {
      ++unreadable;
      if (!s.status)
        std::printf("%s:%lu: Could not open or read '%s': %s.\n", list.c_str(), lineno, e.name.c_str(),
                    err.c_str());
      continue;
    }
    if (got != e.digest) ++mismatched;
    if (!s.status && (got != e.digest || !s.quiet))
      std::printf("%s: %s\n", e.name.c_str(), got == e.digest ? "OK" : "FAILED");
  }
  if (is_stdin)
    std::clearerr(f);
  else
    std::fclose(f);
  if (good == 0) {
    std::fprintf(stderr, "%s: no properly formatted xxHash checksum lines found\n", list.c_str());
  } else if (!s.status) {
    if (bad_format)
      std::printf("%lu line%s improperly formatted\n", bad_format, bad_format == 1 ? " is" : "s are");
    if (unreadable)
      std::printf("%lu listed file%s could not be read\n", unreadable, unreadable == 1 ? "" : "s");
    if (mismatched)
      std::printf("%lu computed checksum%s did NOT match\n", mismatched, mismatched == 1 ? "" : "s");
  }
  return good != 0 && mismatched == 0 && unreadable == 0 && (!s.strict || bad_format == 0) && !quit;
}

int usage(FILE* to) {
  std::fprintf(to,
               "usage: %s [--tag] [--little-endian] [FILE...]   XXH64 of each FILE (- or none: stdin),\n"
               "                                                   as xxhsum -H1\n"
               "       %s -c [-q] [--status] [--strict] [-w] [SUMS...]   check the sums listed in SUMS\n"
               "Options as in xxhsum 0.8.1; -H1/-H64 are accepted (XXH64 is the only algorithm).\n",
               prog, prog);
  return to == stderr ? 1 : 0;
}

int bad_usage(const std::string& why) {
  std::fprintf(stderr, "%s: %s\n", prog, why.c_str());
  return usage(stderr);
}

}  // namespace

int main(int argc, char** argv) {
  settings s;
  bool check_mode = false;
  int first_file = argc;
  // As xxhsum: options until the first argument not starting with '-' (or after "--"); "-"
  // among the options means stdin, as does "-" among the files.
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--") {
      first_file = i + 1;
      break;
    }
    if (a.empty() || a[0] != '-') {
      first_file = i;
      break;
    }
    if (a.starts_with("--")) {
      if (a == "--check")
        check_mode = true;
      else if (a == "--quiet")
        s.quiet = true;
      else if (a == "--little-endian")
        s.little_endian = true;
      else if (a == "--strict")
        s.strict = true;
      else if (a == "--status")
        s.status = true;
      else if (a == "--warn")
        s.warn = true;
      else if (a == "--tag")
        s.tag = true;
      else if (a == "--help")
        return usage(stdout) | (cli::close_stdout(prog) ? 0 : 1);
      else if (a == "--version") {
        std::printf("%s: XXH64 on fastprim, a drop-in for xxhsum 0.8.1 -H1\n", prog);
        return cli::close_stdout(prog) ? 0 : 1;
      } else
        return bad_usage("unknown option '" + std::string(a) + "'");
      continue;
    }
    for (std::size_t j = 1; j < a.size(); ++j) {
      switch (a[j]) {
        case 'c':
          check_mode = true;
          break;
        case 'w':
          s.warn = true;
          break;
        case 'q':
          s.quiet = true;
          break;
        case 'h':
          return usage(stdout) | (cli::close_stdout(prog) ? 0 : 1);
        case 'V':
          std::printf("%s: XXH64 on fastprim, a drop-in for xxhsum 0.8.1 -H1\n", prog);
          return cli::close_stdout(prog) ? 0 : 1;
        case 'H': {  // -H then digits, then more options may follow ("-H1c")
          std::size_t k = j + 1;
          while (k < a.size() && a[k] >= '0' && a[k] <= '9') ++k;
          const std::string_view n = a.substr(j + 1, k - j - 1);
          if (n != "1" && n != "64")
            return bad_usage("-H" + std::string(n) + ": only XXH64 (-H1, -H64) is supported");
          j = k - 1;
          break;
        }
        default:
          return bad_usage("unknown option '-" + std::string(1, a[j]) + "' in '" + std::string(a) + "'");
      }
    }
  }
  std::vector<std::string> files(argv + first_file, argv + argc);
  if (files.empty()) files.push_back("-");
  bool ok = true;
  if (check_mode) {
    for (const auto& f : files) ok &= check(f, s);
  } else {
    for (const auto& name : files) {
      std::uint64_t h;
      std::string err;
      const failure fail = hash_file(name, h, err);
      if (fail != failure::none) {
        if (fail == failure::is_dir)
          std::fprintf(stderr, "%s: %s: Is a directory \n", prog, name.c_str());
        else
          std::fprintf(stderr, "Error: Could not %s '%s': %s. \n", fail == failure::open ? "open" : "read",
                       name.c_str(), err.c_str());
        ok = false;
        continue;
      }
      const std::string line =
          sum_list::format_xxh_line(h, name == "-" ? "stdin" : name, s.tag, s.little_endian);
      std::fwrite(line.data(), 1, line.size(), stdout);
      std::putchar('\n');
    }
  }
  if (!cli::close_stdout(prog)) return 1;
  return ok ? 0 : 1;
}
