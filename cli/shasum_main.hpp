// cli/shasum_main.hpp: the body of fastprim-sha256sum and fastprim-sha1sum, a drop-in for
// coreutils 9.1 sha256sum/sha1sum: the same options (-b -c -t -w -z --tag --ignore-missing
// --quiet --status --strict), output, messages and exit status, for good input and bad.
//   fastprim-sha256sum FILE... | fastprim-sha256sum -c
// Lists are read a line at a time with a bound (sum_list.hpp, cli_io.hpp): a line over 1 MiB,
// which cannot name a file that open() accepts, is reported and fails the check, where
// coreutils would hold it in memory whole. Files are streamed through a 256 KiB buffer.
// Every message on stderr goes through diag(), which flushes stdout first, as coreutils' error()
// does: with stdout and stderr on one pipe or file (`2>&1`) the lines come out in the order
// coreutils gives them, byte for byte.
#pragma once

#include <getopt.h>

#include <cerrno>
#include <clocale>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli_io.hpp"
#include "quote.hpp"
#include "sum_list.hpp"

template <class H>
class shasum {
 public:
  // `tag` is the name in --tag lines and messages: "SHA256" or "SHA1".
  shasum(const char* prog, const char* tag) : prog_(prog), tag_(tag), reader_(tag, 2 * H::digest_size) {}

  int main(int argc, char** argv) {
    std::setlocale(LC_ALL, "");  // for quote_name, as coreutils does
    enum { ignore_missing_opt = 256, quiet_opt, status_opt, strict_opt, tag_opt, help_opt, version_opt };
    static const option long_opts[] = {
        {"binary", no_argument, nullptr, 'b'},
        {"check", no_argument, nullptr, 'c'},
        {"ignore-missing", no_argument, nullptr, ignore_missing_opt},
        {"quiet", no_argument, nullptr, quiet_opt},
        {"status", no_argument, nullptr, status_opt},
        {"text", no_argument, nullptr, 't'},
        {"warn", no_argument, nullptr, 'w'},
        {"strict", no_argument, nullptr, strict_opt},
        {"tag", no_argument, nullptr, tag_opt},
        {"zero", no_argument, nullptr, 'z'},
        {"help", no_argument, nullptr, help_opt},
        {"version", no_argument, nullptr, version_opt},
        {nullptr, 0, nullptr, 0},
    };
    int binary = -1;  // -1: not given
    bool check = false, zero = false;
    for (int c; (c = getopt_long(argc, argv, "bctwz", long_opts, nullptr)) != -1;) {
      switch (c) {
        case 'b':
          binary = 1;
          break;
        case 'c':
          check = true;
          break;
        case 't':
          binary = 0;
          break;
        // --warn, --quiet and --status exclude each other: the last one wins, as in coreutils.
        case 'w':
          warn_ = true, quiet_ = status_ = false;
          break;
        case 'z':
          zero = true;
          break;
        case ignore_missing_opt:
          ignore_missing_ = true;
          break;
        case quiet_opt:
          quiet_ = true, warn_ = status_ = false;
          break;
        case status_opt:
          status_ = true, warn_ = quiet_ = false;
          break;
        case strict_opt:
          strict_ = true;
          break;
        case tag_opt:
          tag_mode_ = true, binary = 1;
          break;
        case help_opt:
          return help();
        case version_opt:
          std::printf("%s: %s sums on fastprim, a drop-in for coreutils 9.1\n", prog_, tag_);
          return cli::close_stdout(prog_) ? 0 : 1;
        default:
          return usage_error(nullptr);
      }
    }
    if (tag_mode_ && binary == 0) return usage_error("--tag does not support --text mode");
    if (zero && check) return usage_error("the --zero option is not supported when verifying checksums");
    if (tag_mode_ && check) return usage_error("the --tag option is meaningless when verifying checksums");
    if (binary >= 0 && check)
      return usage_error("the --binary and --text options are meaningless when verifying checksums");
    const char* check_only = ignore_missing_ ? "--ignore-missing"
                             : status_       ? "--status"
                             : warn_         ? "--warn"
                             : quiet_        ? "--quiet"
                             : strict_       ? "--strict"
                                             : nullptr;
    if (check_only && !check) {
      const std::string m =
          std::string("the ") + check_only + " option is meaningful only when verifying checksums";
      return usage_error(m.c_str());
    }

    std::vector<std::string> files(argv + optind, argv + argc);
    if (files.empty()) files.push_back("-");
    bool ok = true;
    for (const auto& f : files) {
      if (check) {
        ok &= check_list(f);
        continue;
      }
      std::string hex;
      bool missing = false;
      if (!digest_file(f, hex, missing)) {
        ok = false;
        continue;
      }
      const std::string line = sum_list::format_gnu_line(hex, f, binary == 1, tag_mode_, tag_, !zero);
      std::fwrite(line.data(), 1, line.size(), stdout);
      std::putchar(zero ? '\0' : '\n');
    }
    if (read_stdin_ && std::fclose(stdin) != 0) {
      const int err = errno;
      diag("standard input: %s", std::strerror(err));
      ok = false;
    }
    if (!cli::close_stdout(prog_)) return 1;
    return ok ? 0 : 1;
  }

 private:
  static constexpr std::size_t max_line = 1 << 20;

  int usage_error(const char* why) {
    if (why) diag("%s", why);
    std::fprintf(stderr, "Try '%s --help' for more information.\n", prog_);
    return 1;
  }

  int help() {
    std::printf(
        "Usage: %s [OPTION]... [FILE]...\n"
        "Print or check %s checksums, as coreutils does (output and messages identical).\n\n"
        "With no FILE, or when FILE is -, read standard input.\n"
        "  -b, --binary          read in binary mode ('*' before the name)\n"
        "  -c, --check           read checksums from the FILEs and check them\n"
        "      --tag             create a BSD-style checksum\n"
        "  -t, --text            read in text mode (default)\n"
        "  -z, --zero            end each output line with NUL, not newline,\n"
        "                          and disable file name escaping\n\n"
        "Only when verifying checksums:\n"
        "      --ignore-missing  don't fail or report status for missing files\n"
        "      --quiet           don't print OK for each successfully verified file\n"
        "      --status          don't output anything, status code shows success\n"
        "      --strict          exit non-zero for improperly formatted checksum lines\n"
        "  -w, --warn            warn about improperly formatted checksum lines\n\n"
        "      --help            display this help and exit\n"
        "      --version         output version information and exit\n\n"
        "Lines of a checksum list longer than 1 MiB are reported and fail the check.\n",
        prog_, tag_);
    return cli::close_stdout(prog_) ? 0 : 1;
  }

  // "PROG: MESSAGE\n" on stderr, after flushing stdout (glibc's error(), as coreutils uses it).
  [[gnu::format(printf, 2, 3)]] void diag(const char* fmt, ...) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s: ", prog_);
    std::va_list ap;
    va_start(ap, fmt);
    std::vfprintf(stderr, fmt, ap);
    va_end(ap);
    std::fputc('\n', stderr);
  }

  void warn_errno(const std::string& name, int err) {
    diag("%s: %s", cli::quote_name(name).c_str(), std::strerror(err));
  }

  // Hex digest of a file ("-": stdin). On failure prints the error and returns false, except a
  // missing file under --ignore-missing, which sets `missing` and returns true.
  bool digest_file(const std::string& name, std::string& hex, bool& missing) {
    missing = false;
    const bool is_stdin = name == "-";
    std::FILE* f = stdin;
    if (is_stdin) {
      read_stdin_ = true;
    } else if (!(f = std::fopen(name.c_str(), "rb"))) {
      if (ignore_missing_ && errno == ENOENT) return missing = true;
      warn_errno(name, errno);
      return false;
    }
    H h;
    std::vector<std::byte> buf(1 << 18);
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) h.update(std::span(buf.data(), n));
    int err = std::ferror(f) ? errno : 0;
    if (is_stdin)
      std::clearerr(f);
    else if (std::fclose(f) != 0 && err == 0)
      err = errno;
    if (err) {
      warn_errno(name, err);
      return false;
    }
    static const char digits[] = "0123456789abcdef";
    hex.clear();
    for (std::byte b : h.digest()) {
      hex += digits[std::to_integer<unsigned>(b) >> 4];
      hex += digits[std::to_integer<unsigned>(b) & 15];
    }
    return true;
  }

  // "NAME: WHAT". coreutils 9.1 escapes a name here only when it holds a newline (and then its
  // backslashes and carriage returns too), where sum lines escape any of the three.
  void print_result(const std::string& name, const char* what) {
    const bool esc = name.find('\n') != std::string::npos;
    const std::string shown = esc ? "\\" + sum_list::escape_name(name) : name;
    std::fwrite(shown.data(), 1, shown.size(), stdout);
    if (what) std::printf(": %s\n", what);
  }

  bool check_list(const std::string& list) {
    const bool is_stdin = list == "-";
    const std::string shown = cli::quote_name(is_stdin ? "standard input" : list);
    std::FILE* in = stdin;
    if (is_stdin) {
      read_stdin_ = true;
    } else if (!(in = std::fopen(list.c_str(), "r"))) {
      warn_errno(list, errno);
      return false;
    }
    unsigned long long lineno = 0, bad_format = 0, too_long = 0, failed = 0, unreadable = 0;
    bool any_good = false, any_match = false;
    std::string line;
    sum_list::gnu_entry e;
    for (cli::line_status st; (st = cli::read_line(in, line, max_line)) != cli::line_status::eof &&
                              st != cli::line_status::read_error;) {
      ++lineno;
      sum_list::line_kind k = sum_list::line_kind::bad;
      if (st == cli::line_status::too_long) {
        ++too_long;
        if (!status_) diag("%s: %llu: line longer than %zu bytes, not read", shown.c_str(), lineno, max_line);
      } else {
        k = reader_.read(line, e, is_stdin);
      }
      if (k == sum_list::line_kind::skip) continue;
      if (k == sum_list::line_kind::bad) {
        ++bad_format;
        if (warn_ && st != cli::line_status::too_long)
          diag("%s: %llu: improperly formatted %s checksum line", shown.c_str(), lineno, tag_);
        continue;
      }
      any_good = true;
      std::string got;
      bool missing = false;
      if (!digest_file(e.name, got, missing)) {
        ++unreadable;
        if (!status_) print_result(e.name, "FAILED open or read");
        continue;
      }
      if (missing) continue;
      bool match = got.size() == e.hex.size();
      for (std::size_t i = 0; match && i < got.size(); ++i)
        match = got[i] == static_cast<char>(std::tolower(static_cast<unsigned char>(e.hex[i])));
      if (match)
        any_match = true;
      else
        ++failed;
      if (!status_) {
        if (!match)
          print_result(e.name, "FAILED");
        else if (!quiet_)
          print_result(e.name, "OK");
      }
    }
    const bool read_failed = std::ferror(in) != 0;
    if (is_stdin)
      std::clearerr(in);
    else
      std::fclose(in);
    if (read_failed) {
      diag("%s: read error", shown.c_str());
      return false;
    }
    if (!any_good) {
      diag("%s: no properly formatted checksum lines found", shown.c_str());
    } else if (!status_) {
      if (bad_format)
        diag("WARNING: %llu line%s improperly formatted", bad_format, bad_format == 1 ? " is" : "s are");
      if (unreadable)
        diag("WARNING: %llu listed file%s could not be read", unreadable, unreadable == 1 ? "" : "s");
      if (failed) diag("WARNING: %llu computed checksum%s did NOT match", failed, failed == 1 ? "" : "s");
      if (ignore_missing_ && !any_match) diag("%s: no file was verified", shown.c_str());
    }
    return any_good && any_match && failed == 0 && unreadable == 0 && too_long == 0 &&
           (!strict_ || bad_format == 0);
  }

  const char* prog_;
  const char* tag_;
  sum_list::gnu_reader reader_;
  bool warn_ = false, quiet_ = false, status_ = false, strict_ = false, ignore_missing_ = false;
  bool tag_mode_ = false, read_stdin_ = false;
};
