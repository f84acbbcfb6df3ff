// libFuzzer target: fastprim-pac's line format (cli/pac_records.hpp).
// Input: byte 0 picks the mode (bit 0: compute), algorithm ((b >> 1) % 3), feature level
// ((b >> 3) % 5) and the operation of the built record ((b >> 4) % 11); byte 1 the PAC backend
// (pinned for the input); the rest is the tool's standard input, one line per '\n', and its
// first 40 bytes also give the numbers of the built record.
// Properties: process_line never crashes or hangs, whatever the numbers (any tcr_el1, key,
// pointer); a line is either an error with a message and no text, or a text of one line; the
// text read back gives the same text (fastprim-pac's output is valid input and a fixed point);
// a record built from the input bytes and written by format_record reads back with its six
// columns unchanged and the result of the library call; parse_hex inverts hex, with or without
// 0x and in either case.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "fuzz.hpp"
#include "pac_records.hpp"

namespace {

namespace pac = fastprim::pac;

std::uint64_t take64(std::string_view& s) {
  std::uint64_t v = 0;
  const std::size_t n = s.size() < 8 ? s.size() : 8;
  std::memcpy(&v, s.data(), n);
  s.remove_prefix(n);
  return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const unsigned sel = data[0];
  fuzz::pinned<fastprim::primitive::pac> pin{fuzz::pick_backend<fastprim::primitive::pac>(data[1])};
  const bool compute_mode = sel & 1;
  const pac::algorithm algs[] = {pac::algorithm::qarma5, pac::algorithm::qarma3, pac::algorithm::impdef};
  const pac::feature_level levels[] = {pac::feature_level::pauth, pac::feature_level::epac,
                                       pac::feature_level::pauth2, pac::feature_level::fpac,
                                       pac::feature_level::fpac_combined};
  const pac::algorithm alg = algs[(sel >> 1) % 3];
  const pac::feature_level level = levels[(sel >> 3) % 5];
  const std::string_view input(reinterpret_cast<const char*>(data) + 2, size - 2);

  for (std::size_t start = 0; start <= input.size();) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    const std::string_view line = input.substr(start, end - start);
    const pac_records::line_result r = pac_records::process_line(line, compute_mode, alg, level);
    if (!r.error.empty()) {
      FUZZ_CHECK_OR(r.text.empty(), std::fputs("an error with output\n", stderr));
    } else {
      FUZZ_CHECK_OR(r.text.find('\n') == std::string::npos,
                    std::fputs("output of more than one line\n", stderr));
      const pac_records::line_result again = pac_records::process_line(r.text, compute_mode, alg, level);
      FUZZ_CHECK_OR(again.error.empty() && again.text == r.text,
                    std::fputs("output does not read back to itself\n", stderr));
    }
    start = end + 1;
  }

  // A record from the input bytes.
  std::string_view rest = input;
  pac_records::record rec;
  rec.op = &pac_records::ops[(sel >> 4) % std::size(pac_records::ops)];
  rec.tcr = take64(rest), rec.key_lo = take64(rest), rec.key_hi = take64(rest), rec.x = take64(rest),
  rec.y = take64(rest);
  const std::string line = pac_records::format_record(rec);
  const pac_records::line_result r = pac_records::process_line(line, false, alg, level);
  FUZZ_CHECK_OR(r.error.empty(), std::fputs("a formatted record is rejected\n", stderr));
  const auto w = pac_records::split(r.text);
  FUZZ_CHECK_OR(w.size() == 7, std::fputs("record output has not 7 columns\n", stderr));
  FUZZ_CHECK_OR(r.text.substr(0, line.size()) == line, std::fputs("record columns changed\n", stderr));
  FUZZ_CHECK_OR(w[6] == pac_records::result(rec, alg, level),
                std::fputs("result column differs from the library call\n", stderr));

  for (std::uint64_t v : {rec.tcr, rec.key_lo, rec.x}) {
    const std::string h = pac_records::hex(v);
    FUZZ_CHECK_OR(pac_records::parse_hex(h) == v, std::fputs("parse_hex(hex(v)) != v\n", stderr));
    std::string u = "0X" + h;
    for (char& c : u)
      if (c >= 'a' && c <= 'f') c = static_cast<char>(c - 'a' + 'A');
    FUZZ_CHECK_OR(pac_records::parse_hex(u) == v, std::fputs("parse_hex of 0X + upper case\n", stderr));
    FUZZ_CHECK_OR(pac_records::parse_hex(h.substr(
                      h.find_first_not_of('0') == std::string::npos ? 15 : h.find_first_not_of('0'))) == v,
                  std::fputs("parse_hex without leading zeros\n", stderr));
  }
  return 0;
}
