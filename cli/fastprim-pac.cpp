// fastprim-pac: compute what QEMU's PAC instructions would return, one record per line.
//
//   fastprim-pac [--algorithm qarma5|qarma3|impdef] [--feature-level pauth|epac|pauth2|fpac|fpac-combined]
//       stdin:  OP tcr_el1 key_lo key_hi x y [ignored]     (hex, the records of pac-spec section 9)
//       stdout: the same six columns plus the register result, or FPAC where the AUT would fault.
//   fastprim-pac compute [--algorithm A]
//       stdin:  data modifier key_lo key_hi                (hex)
//       stdout: the same four columns plus the 64-bit ComputePAC output.
//
// OP is PACIA PACIB PACDA PACDB AUTIA AUTIB AUTDA AUTDB XPACI XPACD or PACGA. The defaults,
// qarma5 and pauth, are QEMU 7.2 `-cpu max`. A header line (first word `op` or `data`) gets the
// word `result` appended; empty lines and lines starting with # are copied unchanged. A result
// column already present is ignored, so the output can be fed back in (pac_records.hpp).
// A bad line, a line over 64 KiB, a read or a write error stops the tool with a message naming
// the line and exit status 1; a bad command line gives exit status 2.
// Reference: docs/pac-spec.md sections 8 and 9.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "cli_io.hpp"
#include "pac_records.hpp"

namespace {

namespace pac = fastprim::pac;

int usage(const char* why) {
  if (why) {
    std::fprintf(stderr, "fastprim-pac: %s (see fastprim-pac --help)\n", why);
    return 2;
  }
  std::fputs(
      "usage: fastprim-pac [--algorithm qarma5|qarma3|impdef]\n"
      "                    [--feature-level pauth|epac|pauth2|fpac|fpac-combined]  < records\n"
      "       fastprim-pac compute [--algorithm qarma5|qarma3|impdef]              < data modifier key_lo "
      "key_hi\n"
      "Records: OP tcr_el1 key_lo key_hi x y (hex; a 7th column is ignored). Prints each line with the\n"
      "result QEMU would give appended (FPAC where the instruction faults). Defaults: qarma5, pauth.\n",
      stdout);
  return cli::close_stdout("fastprim-pac") ? 0 : 1;
}

constexpr std::size_t max_line = 64 * 1024;

}  // namespace

int main(int argc, char** argv) {
  bool compute_mode = false;
  pac::algorithm alg = pac::algorithm::qarma5;
  pac::feature_level level = pac::feature_level::pauth;
  bool level_given = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i], value;
    if (a == "-h" || a == "--help") return usage(nullptr);
    if (i == 1 && a == "compute") {
      compute_mode = true;
      continue;
    }
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

  std::string line;
  for (unsigned long n = 1;; ++n) {
    const cli::line_status st = cli::read_line(stdin, line, max_line, false);
    if (st == cli::line_status::eof) break;
    if (st == cli::line_status::read_error) {
      std::fprintf(stderr, "fastprim-pac: line %lu: read error: %s\n", n, std::strerror(errno));
      return 1;
    }
    if (st == cli::line_status::too_long) {
      std::fprintf(stderr, "fastprim-pac: line %lu: longer than %zu bytes\n", n, max_line);
      return 1;
    }
    pac_records::line_result r = pac_records::process_line(line, compute_mode, alg, level);
    if (!r.error.empty()) {
      std::fprintf(stderr, "fastprim-pac: line %lu: %s\n", n, r.error.c_str());
      return 1;
    }
    r.text += '\n';
    if (std::fwrite(r.text.data(), 1, r.text.size(), stdout) != r.text.size()) {
      std::fprintf(stderr, "fastprim-pac: write error: %s\n", std::strerror(errno));
      return 1;
    }
  }
  return cli::close_stdout("fastprim-pac") ? 0 : 1;
}
