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
// word `result` appended; empty lines and lines starting with # are copied unchanged.
// Reference: docs/pac-spec.md sections 8 and 9.
#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fastprim/pac.hpp"

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
  return 0;
}

std::optional<pac::algorithm> parse_algorithm(std::string_view s) {
  if (s == "qarma5") return pac::algorithm::qarma5;
  if (s == "qarma3") return pac::algorithm::qarma3;
  if (s == "impdef") return pac::algorithm::impdef;
  return std::nullopt;
}

std::optional<pac::feature_level> parse_level(std::string_view s) {
  if (s == "pauth") return pac::feature_level::pauth;
  if (s == "epac") return pac::feature_level::epac;
  if (s == "pauth2") return pac::feature_level::pauth2;
  if (s == "fpac") return pac::feature_level::fpac;
  if (s == "fpac-combined") return pac::feature_level::fpac_combined;
  return std::nullopt;
}

std::optional<std::uint64_t> parse_hex(std::string_view s) {
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
  std::uint64_t v = 0;
  if (s.empty() || s.size() > 16) return std::nullopt;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    if (j > i) words.push_back(line.substr(i, j - i));
    i = j;
  }
  return words;
}

enum class op_kind { pac, aut, xpac, pacga };
struct op_info {
  std::string_view name;
  op_kind kind;
  pac::key_id id;  // for xpac: ia = XPACI, da = XPACD
};
constexpr op_info ops[] = {
    {"PACIA", op_kind::pac, pac::key_id::ia},   {"PACIB", op_kind::pac, pac::key_id::ib},
    {"PACDA", op_kind::pac, pac::key_id::da},   {"PACDB", op_kind::pac, pac::key_id::db},
    {"AUTIA", op_kind::aut, pac::key_id::ia},   {"AUTIB", op_kind::aut, pac::key_id::ib},
    {"AUTDA", op_kind::aut, pac::key_id::da},   {"AUTDB", op_kind::aut, pac::key_id::db},
    {"XPACI", op_kind::xpac, pac::key_id::ia},  {"XPACD", op_kind::xpac, pac::key_id::da},
    {"PACGA", op_kind::pacga, pac::key_id::ia},
};

// Returns the text to append for one line, or an error message.
struct line_result {
  std::string text;
  std::string error;
};

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

line_result record(const std::vector<std::string_view>& w, pac::algorithm alg, pac::feature_level level) {
  if (w.size() != 6 && w.size() != 7) return {{}, "expected 6 columns: OP tcr_el1 key_lo key_hi x y"};
  const op_info* op = nullptr;
  for (const op_info& o : ops)
    if (o.name == w[0]) op = &o;
  if (!op) return {{}, "unknown operation '" + std::string(w[0]) + "'"};
  std::uint64_t v[5];
  for (int i = 0; i < 5; ++i) {
    auto x = parse_hex(w[i + 1]);
    if (!x) return {{}, "bad hex number '" + std::string(w[i + 1]) + "'"};
    v[i] = *x;
  }
  const auto cfg = pac::config::from_tcr_el1(v[0], alg, level);
  const pac::key k{v[1], v[2]};
  switch (op->kind) {
    case op_kind::pac:
      return {hex(pac::add_pac(cfg, v[3], v[4], k, op->id)), {}};
    case op_kind::xpac:
      return {hex(pac::strip(cfg, v[3], pac::is_data_key(op->id))), {}};
    case op_kind::pacga:
      return {hex(pac::pacga(cfg, v[3], v[4], k)), {}};
    case op_kind::aut: {
      const pac::auth_result r = pac::auth(cfg, v[3], v[4], k, op->id);
      return {r.fault ? std::string("FPAC") : hex(r.value), {}};
    }
  }
  return {{}, "internal error"};
}

line_result compute_line(const std::vector<std::string_view>& w, pac::algorithm alg) {
  if (w.size() != 4) return {{}, "expected 4 columns: data modifier key_lo key_hi"};
  std::uint64_t v[4];
  for (int i = 0; i < 4; ++i) {
    auto x = parse_hex(w[i]);
    if (!x) return {{}, "bad hex number '" + std::string(w[i]) + "'"};
    v[i] = *x;
  }
  return {hex(pac::compute(alg, v[0], v[1], pac::key{v[2], v[3]})), {}};
}

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
      auto x = parse_algorithm(value);
      if (!x) return usage(("unknown algorithm '" + std::string(value) + "'").c_str());
      alg = *x;
    } else if (a == "--feature-level") {
      auto x = parse_level(value);
      if (!x) return usage(("unknown feature level '" + std::string(value) + "'").c_str());
      level = *x;
      level_given = true;
    } else {
      return usage(("unknown argument '" + std::string(a) + "'").c_str());
    }
  }
  if (compute_mode && level_given) return usage("compute takes no --feature-level");

  std::ios::sync_with_stdio(false);
  std::string line, out;
  for (long n = 1; std::getline(std::cin, line); ++n) {
    const auto w = split(line);
    if (w.empty() || w[0].starts_with('#')) {
      out = line;
    } else {
      out.clear();
      for (std::size_t i = 0; i < w.size() && i < (compute_mode ? 4u : 6u); ++i) {
        out += w[i];
        out += ' ';
      }
      const bool header = w[0] == (compute_mode ? "data" : "op");
      const line_result r = header         ? line_result{"result", {}}
                            : compute_mode ? compute_line(w, alg)
                                           : record(w, alg, level);
      if (!r.error.empty()) {
        std::fprintf(stderr, "fastprim-pac: line %ld: %s\n", n, r.error.c_str());
        return 1;
      }
      out += r.text;
    }
    out += '\n';
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
  if (std::ferror(stdout) || std::fflush(stdout) != 0) {
    std::fputs("fastprim-pac: write error\n", stderr);
    return 1;
  }
  return 0;
}
