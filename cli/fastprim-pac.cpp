// fastprim-pac: compute what QEMU's PAC instructions would return, one record per line.
//
//   fastprim-pac [--algorithm qarma5|qarma3|impdef] [--feature-level pauth|epac|pauth2|fpac|fpac-combined]
//       [FILE]...
//       input:  OP tcr_el1 key_lo key_hi x y [ignored]     (hex, the records of pac-spec section 9)
//       stdout: the same six columns plus the register result, or FPAC where the AUT would fault.
//   fastprim-pac compute [--algorithm A] [FILE]...
//       input:  data modifier key_lo key_hi                (hex)
//       stdout: the same four columns plus the 64-bit ComputePAC output.
//
// The input is each FILE in turn, or standard input when there is none or FILE is -, as for the
// sum tools; `--` ends the options. OP is PACIA PACIB PACDA PACDB AUTIA AUTIB AUTDA AUTDB XPACI
// XPACD or PACGA. The defaults, qarma5 and pauth, are QEMU 7.2 `-cpu max`. A header line (first
// word `op` or `data`) gets the word `result` appended; empty lines and lines starting with # are
// copied unchanged. A result column already present is ignored, so the output can be fed back in
// (pac_records.hpp).
// A FILE that cannot be opened or read is reported ("fastprim-pac: FILE: REASON", the name quoted
// as coreutils quotes it) and skipped: the other FILEs are still read, and the exit status is 1.
// A bad line or a line over 64 KiB stops the tool with exit status 1 and a message naming the
// input, the line number and the whole line (odd bytes such as NUL escaped, quote.hpp); so does a
// write error. A bad command line gives exit status 2.
// Reference: docs/pac-spec.md sections 8 and 9.
#include <cerrno>
#include <clocale>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "cli_io.hpp"
#include "pac_records.hpp"
#include "quote.hpp"

namespace {

namespace pac = fastprim::pac;

int usage(const char* why) {
  if (why) {
    std::fprintf(stderr, "fastprim-pac: %s (see fastprim-pac --help)\n", why);
    return 2;
  }
  std::fputs(
      "usage: fastprim-pac [--algorithm qarma5|qarma3|impdef]\n"
      "                    [--feature-level pauth|epac|pauth2|fpac|fpac-combined] [FILE]...\n"
      "       fastprim-pac compute [--algorithm qarma5|qarma3|impdef] [FILE]...\n"
      "Reads each FILE in turn; with no FILE, or when FILE is -, reads standard input.\n"
      "Records: OP tcr_el1 key_lo key_hi x y (hex; a 7th column is ignored). Prints each line with the\n"
      "result QEMU would give appended (FPAC where the instruction faults). Defaults: qarma5, pauth.\n"
      "compute: data modifier key_lo key_hi (hex); prints each line with ComputePAC appended.\n"
      "A FILE that cannot be read is reported and skipped (exit status 1); a bad line stops the tool\n"
      "(exit status 1); a bad command line gives exit status 2.\n",
      stdout);
  return cli::close_stdout("fastprim-pac") ? 0 : 1;
}

constexpr std::size_t max_line = 64 * 1024;

// "fastprim-pac: MESSAGE" on stderr, after flushing stdout: with both on one pipe or file the
// message comes after the lines computed before it, as coreutils orders its messages. Written with
// fwrite, not as a C string, so no byte of it can cut it short.
void diag(const std::string& message) {
  std::fflush(stdout);
  const std::string m = "fastprim-pac: " + message + "\n";
  std::fwrite(m.data(), 1, m.size(), stderr);
}

// Why processing stopped: `none` at the end of the input, `skip` when the input could not be
// read (reported; the next FILE is read), `stop` on a bad line or a write error (reported).
enum class outcome { none, skip, stop };

// Copies one input to stdout with each line computed. `shown` is the input's name in messages.
outcome process(std::FILE* in, const std::string& shown, bool compute_mode, pac::algorithm alg,
                pac::feature_level level) {
  std::string line;
  for (unsigned long n = 1;; ++n) {
    const cli::line_status st = cli::read_line(in, line, max_line, false);
    if (st == cli::line_status::eof) return outcome::none;
    if (st == cli::line_status::read_error) {
      diag(shown + ": read error: " + std::strerror(errno));
      return outcome::skip;
    }
    if (st == cli::line_status::too_long) {
      diag(shown + ": line " + std::to_string(n) + ": longer than " + std::to_string(max_line) + " bytes");
      return outcome::stop;
    }
    pac_records::line_result r = pac_records::process_line(line, compute_mode, alg, level);
    if (!r.error.empty()) {
      // The message and the whole line, quoted: no byte of the input reaches stderr raw (a NUL
      // would cut a C string, a control byte would drive the terminal).
      diag(shown + ": line " + std::to_string(n) + ": " + r.error + " (line: " + cli::quote_name(line, true) +
           ")");
      return outcome::stop;
    }
    r.text += '\n';
    if (std::fwrite(r.text.data(), 1, r.text.size(), stdout) != r.text.size()) {
      diag(std::string("write error: ") + std::strerror(errno));
      return outcome::stop;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::setlocale(LC_ALL, "");  // for quote_name, as in the sum tools
  bool compute_mode = false;
  pac::algorithm alg = pac::algorithm::qarma5;
  pac::feature_level level = pac::feature_level::pauth;
  bool level_given = false;
  std::vector<std::string> files;
  bool options_done = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i], value;
    if (options_done || a == "-" || !a.starts_with('-')) {
      if (i == 1 && a == "compute")
        compute_mode = true;
      else
        files.emplace_back(a);
      continue;
    }
    if (a == "--") {
      options_done = true;
      continue;
    }
    if (a == "-h" || a == "--help") return usage(nullptr);
    const std::size_t eq = a.find('=');
    if (a.starts_with("--") && eq != std::string_view::npos) {
      value = a.substr(eq + 1);
      a = a.substr(0, eq);
    } else if (a == "--algorithm" || a == "--feature-level") {
      if (i + 1 == argc) return usage(("missing value after " + std::string(a)).c_str());
      value = argv[++i];
    }
    if (a == "--algorithm") {
      auto x = pac_records::parse_algorithm(value);
      if (!x) return usage(("unknown algorithm '" + std::string(value) + "'").c_str());
      alg = *x;
    } else if (a == "--feature-level") {
      auto x = pac_records::parse_level(value);
      if (!x) return usage(("unknown feature level '" + std::string(value) + "'").c_str());
      level = *x;
      level_given = true;
    } else {
      return usage(("unknown argument '" + std::string(a) + "'").c_str());
    }
  }
  if (compute_mode && level_given) return usage("compute takes no --feature-level");
  if (files.empty()) files.emplace_back("-");

  bool ok = true;
  for (const std::string& f : files) {
    const bool is_stdin = f == "-";
    const std::string shown = is_stdin ? "standard input" : cli::quote_name(f);
    std::FILE* in = is_stdin ? stdin : std::fopen(f.c_str(), "r");
    if (!in) {
      diag(shown + ": " + std::strerror(errno));
      ok = false;
      continue;
    }
    const outcome o = process(in, shown, compute_mode, alg, level);
    if (is_stdin)
      std::clearerr(in);
    else
      std::fclose(in);
    if (o == outcome::stop) return 1;
    if (o == outcome::skip) ok = false;
  }
  if (!cli::close_stdout("fastprim-pac")) return 1;
  return ok ? 0 : 1;
}
