// cli/pac_records.hpp: the line format of fastprim-pac (docs/pac-spec.md section 9), read
// and computed one line at a time.
//   records:  OP tcr_el1 key_lo key_hi x y [result]   ->  the six columns and QEMU's result
//   compute:  data modifier key_lo key_hi [result]     ->  the four columns and ComputePAC
// Numbers are 1 to 16 hex digits, with or without 0x. A header line (first word `op`, or `data`
// in compute mode) gets `result` appended; empty lines and lines whose first word starts with #
// are copied as they are. A line printed by process_line reads back to the same line. An error
// message quotes the word it names as a shell would read it back (quote.hpp), so a NUL or other
// control byte in the input shows as $'\000' and never reaches the terminal raw.
#pragma once

#include <charconv>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fastprim/pac.hpp"
#include "quote.hpp"

namespace pac_records {

namespace pac = fastprim::pac;

inline std::optional<pac::algorithm> parse_algorithm(std::string_view s) {
  if (s == "qarma5") return pac::algorithm::qarma5;
  if (s == "qarma3") return pac::algorithm::qarma3;
  if (s == "impdef") return pac::algorithm::impdef;
  return std::nullopt;
}

inline std::optional<pac::feature_level> parse_level(std::string_view s) {
  if (s == "pauth") return pac::feature_level::pauth;
  if (s == "epac") return pac::feature_level::epac;
  if (s == "pauth2") return pac::feature_level::pauth2;
  if (s == "fpac") return pac::feature_level::fpac;
  if (s == "fpac-combined") return pac::feature_level::fpac_combined;
  return std::nullopt;
}

// 1 to 16 hex digits, optionally after 0x or 0X.
inline std::optional<std::uint64_t> parse_hex(std::string_view s) {
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
  if (s.empty() || s.size() > 16) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : s) {
    const int d = c >= '0' && c <= '9'   ? c - '0'
                  : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                         : -1;
    if (d < 0) return std::nullopt;
    v = v << 4 | static_cast<unsigned>(d);
  }
  return v;
}

// A word of the line in an error message: always in quotes, odd bytes escaped.
inline std::string quote_word(std::string_view w) { return cli::quote_name(w, true); }

inline std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
  return buf;
}

// Words separated by spaces, tabs and carriage returns.
inline std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> words;
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  for (std::size_t i = 0; i < line.size();) {
    while (i < line.size() && space(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !space(line[j])) ++j;
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
inline constexpr op_info ops[] = {
    {"PACIA", op_kind::pac, pac::key_id::ia},   {"PACIB", op_kind::pac, pac::key_id::ib},
    {"PACDA", op_kind::pac, pac::key_id::da},   {"PACDB", op_kind::pac, pac::key_id::db},
    {"AUTIA", op_kind::aut, pac::key_id::ia},   {"AUTIB", op_kind::aut, pac::key_id::ib},
    {"AUTDA", op_kind::aut, pac::key_id::da},   {"AUTDB", op_kind::aut, pac::key_id::db},
    {"XPACI", op_kind::xpac, pac::key_id::ia},  {"XPACD", op_kind::xpac, pac::key_id::da},
    {"PACGA", op_kind::pacga, pac::key_id::ia},
};

struct record {
  const op_info* op = nullptr;
  std::uint64_t tcr = 0, key_lo = 0, key_hi = 0, x = 0, y = 0;
};

// A record line's words (6, or 7 with a result column that is ignored); empty error when good.
inline std::string parse_record(const std::vector<std::string_view>& w, record& r) {
  if (w.size() != 6 && w.size() != 7) return "expected 6 columns: OP tcr_el1 key_lo key_hi x y";
  r.op = nullptr;
  for (const op_info& o : ops)
    if (o.name == w[0]) r.op = &o;
  if (!r.op) return "unknown operation " + quote_word(w[0]);
  std::uint64_t* fields[] = {&r.tcr, &r.key_lo, &r.key_hi, &r.x, &r.y};
  for (int i = 0; i < 5; ++i) {
    auto x = parse_hex(w[i + 1]);
    if (!x) return "bad hex number " + quote_word(w[i + 1]);
    *fields[i] = *x;
  }
  return {};
}

// What QEMU's instruction returns for `r`: the register value, or FPAC where AUT faults.
inline std::string result(const record& r, pac::algorithm alg, pac::feature_level level) {
  const auto cfg = pac::config::from_tcr_el1(r.tcr, alg, level);
  const pac::key k{r.key_lo, r.key_hi};
  switch (r.op->kind) {
    case op_kind::pac:
      return hex(pac::add_pac(cfg, r.x, r.y, k, r.op->id));
    case op_kind::xpac:
      return hex(pac::strip(cfg, r.x, pac::is_data_key(r.op->id)));
    case op_kind::pacga:
      return hex(pac::pacga(cfg, r.x, r.y, k));
    case op_kind::aut: {
      const pac::auth_result a = pac::auth(cfg, r.x, r.y, k, r.op->id);
      return a.fault ? std::string("FPAC") : hex(a.value);
    }
  }
  return "?";
}

// A record as fastprim-pac's own records are written: every number in 16 hex digits.
inline std::string format_record(const record& r) {
  return std::string(r.op->name) + ' ' + hex(r.tcr) + ' ' + hex(r.key_lo) + ' ' + hex(r.key_hi) + ' ' +
         hex(r.x) + ' ' + hex(r.y);
}

struct line_result {
  std::string text;   // the line to print, without '\n'
  std::string error;  // non-empty: the line is bad and `text` is empty
};

// One input line (without '\n') to one output line.
inline line_result process_line(std::string_view line, bool compute_mode, pac::algorithm alg,
                                pac::feature_level level) {
  const auto w = split(line);
  if (w.empty() || w[0].starts_with('#')) return {std::string(line), {}};
  const std::size_t columns = compute_mode ? 4 : 6;
  std::string out;
  for (std::size_t i = 0; i < w.size() && i < columns; ++i) out.append(w[i]).append(" ");
  if (w[0] == (compute_mode ? "data" : "op")) {
    if (w.size() != columns && w.size() != columns + 1)
      return {{}, "header line: expected " + std::to_string(columns) + " columns"};
    return {out + "result", {}};
  }
  if (compute_mode) {
    if (w.size() != 4 && w.size() != 5) return {{}, "expected 4 columns: data modifier key_lo key_hi"};
    std::uint64_t v[4];
    for (int i = 0; i < 4; ++i) {
      auto x = parse_hex(w[static_cast<std::size_t>(i)]);
      if (!x) return {{}, "bad hex number " + quote_word(w[static_cast<std::size_t>(i)])};
      v[i] = *x;
    }
    return {out + hex(pac::compute(alg, v[0], v[1], pac::key{v[2], v[3]})), {}};
  }
  record r;
  std::string err = parse_record(w, r);
  if (!err.empty()) return {{}, std::move(err)};
  return {out + result(r, alg, level), {}};
}

}  // namespace pac_records
