// libFuzzer target: the check-list readers and writers of the sum tools (cli/sum_list.hpp)
// and the quoting of names in their messages (cli/quote.hpp).
// Input: a checksum list, one line per '\n'; the first byte picks options.
// Properties: the readers never crash, hang or read outside the line; every accepted line has a
// digest of the right size; a line written by format_*_line reads back to the same digest, name
// and mode (for every name the tools can print); unescape_name inverts escape_name; quote_name
// output holds no control byte and a shell reads it back as the name (checked by an independent
// decoder of '...', "..." and $'...').
#include <clocale>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz.hpp"
#include "quote.hpp"
#include "sum_list.hpp"

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// What a POSIX shell with $'...' makes of a word made only of quoted parts and plain characters.
std::optional<std::string> shell_word(std::string_view q) {
  std::string out;
  std::size_t i = 0;
  while (i < q.size()) {
    if (q[i] == '\'') {
      const std::size_t end = q.find('\'', i + 1);
      if (end == std::string_view::npos) return std::nullopt;
      out.append(q.substr(i + 1, end - i - 1));
      i = end + 1;
    } else if (q[i] == '"') {
      const std::size_t end = q.find('"', i + 1);
      if (end == std::string_view::npos) return std::nullopt;
      const std::string_view inner = q.substr(i + 1, end - i - 1);
      if (inner.find_first_of("$`\\!") != std::string_view::npos) return std::nullopt;  // would expand
      out.append(inner);
      i = end + 1;
    } else if (q[i] == '$' && i + 1 < q.size() && q[i + 1] == '\'') {
      i += 2;
      for (;;) {
        if (i >= q.size()) return std::nullopt;
        if (q[i] == '\'') break;
        if (q[i] != '\\') {
          out += q[i++];
          continue;
        }
        if (++i >= q.size()) return std::nullopt;
        const char c = q[i];
        const char* named = "a\ab\bf\fn\nr\rt\tv\v\\\\''";
        const char* p = nullptr;
        for (const char* n = named; *n; n += 2)
          if (*n == c) p = n;
        if (p) {
          out += p[1];
          ++i;
        } else if (c >= '0' && c <= '7') {
          int v = 0, k = 0;
          while (k < 3 && i < q.size() && q[i] >= '0' && q[i] <= '7') v = v * 8 + (q[i++] - '0'), ++k;
          out += static_cast<char>(v);
        } else {
          return std::nullopt;
        }
      }
      ++i;
    } else if (q[i] == '\\' && i + 1 < q.size()) {
      out += q[i + 1];
      i += 2;
    } else {
      if (std::string_view(" \t\n|&;<>()$`\"'*?[").find(q[i]) != std::string_view::npos) return std::nullopt;
      out += q[i++];
    }
  }
  return out;
}

void check_quote(std::string_view name) {
  const std::string q = cli::quote_name(name);
  for (char c : q)
    FUZZ_CHECK_OR(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f,
                  std::fputs("control byte in a quoted name\n", stderr));
  // A name with a NUL cannot reach a shell.
  if (name.find('\0') != std::string_view::npos) return;
  const auto back = shell_word(q);
  FUZZ_CHECK_OR(back && *back == name, std::fputs("quote_name does not read back as the name\n", stderr));
}

void check_gnu(std::string_view line, std::string_view tag, std::size_t hex_len, bool list_is_stdin) {
  sum_list::gnu_reader reader(tag, hex_len);
  sum_list::gnu_entry e;
  const sum_list::line_kind k = reader.read(line, e, list_is_stdin);
  if (k != sum_list::line_kind::entry) return;
  FUZZ_CHECK_OR(e.hex.size() == hex_len, std::fputs("accepted digest of the wrong length\n", stderr));
  for (char c : e.hex)
    FUZZ_CHECK_OR(sum_list::is_hex_digit(c), std::fputs("accepted a non-hex digest\n", stderr));
  FUZZ_CHECK_OR(e.name.find('\0') == std::string::npos, std::fputs("NUL in an accepted name\n", stderr));
  check_quote(e.name);
  if (e.name.empty()) return;  // no tool prints a line for an empty name (no such file)
  for (bool bsd : {false, true}) {
    const std::string again = sum_list::format_gnu_line(lower(e.hex), e.name, e.binary, bsd, tag);
    sum_list::gnu_reader fresh(tag, hex_len);
    sum_list::gnu_entry e2;
    FUZZ_CHECK_OR(fresh.read(again, e2) == sum_list::line_kind::entry,
                  std::fputs("a formatted line does not read back\n", stderr));
    FUZZ_CHECK_OR(e2.hex == lower(e.hex) && e2.name == e.name,
                  std::fputs("a formatted line reads back differently\n", stderr));
    if (!bsd) FUZZ_CHECK_OR(e2.binary == e.binary, std::fputs("binary flag lost\n", stderr));
  }
  const std::string esc = sum_list::escape_name(e.name);
  const auto un = sum_list::unescape_name(esc);
  FUZZ_CHECK_OR(un && *un == e.name, std::fputs("unescape_name(escape_name(n)) != n\n", stderr));
}

void check_xxh(std::string_view line, bool little_endian) {
  sum_list::xxh_entry e;
  if (!sum_list::read_xxh_line(line, e, little_endian)) return;
  FUZZ_CHECK_OR(e.bits == 32 || e.bits == 64 || e.bits == 128,
                std::fputs("accepted a digest of another size\n", stderr));
  FUZZ_CHECK_OR(e.name.find('\0') == std::string::npos,
                std::fputs("NUL in an accepted xxhsum name\n", stderr));
  if (e.bits != 64) return;
  for (bool bsd : {false, true})
    for (bool le : {false, true}) {
      const std::string again = sum_list::format_xxh_line(e.digest, e.name, bsd, le);
      sum_list::xxh_entry e2;
      FUZZ_CHECK_OR(sum_list::read_xxh_line(again, e2, le),
                    std::fputs("a formatted xxhsum line does not read back\n", stderr));
      FUZZ_CHECK_OR(e2.bits == 64 && e2.digest == e.digest && e2.name == e.name,
                    std::fputs("xxhsum line reads back differently\n", stderr));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const unsigned flags = data[0];
  // Names print as they are in a UTF-8 locale when valid and printable, escaped in the C locale.
  std::setlocale(LC_CTYPE, flags & 4 ? "C.UTF-8" : "C");
  std::string_view list(reinterpret_cast<const char*>(data) + 1, size - 1);
  // One stateful reader over the whole list, as the tools read it.
  sum_list::gnu_reader reader("SHA256", 64);
  for (std::size_t start = 0; start <= list.size();) {
    std::size_t end = list.find('\n', start);
    if (end == std::string_view::npos) end = list.size();
    const std::string_view line = list.substr(start, end - start);
    sum_list::gnu_entry e;
    if (reader.read(line, e, flags & 1) == sum_list::line_kind::entry) {
      FUZZ_CHECK_OR(e.hex.size() == 64, std::fputs("stateful reader: digest length\n", stderr));
      FUZZ_CHECK_OR(!(flags & 1) || e.name != "-",
                    std::fputs("'-' accepted in a list read from stdin\n", stderr));
    }
    check_gnu(line, "SHA256", 64, flags & 1);
    check_gnu(line, "SHA1", 40, flags & 1);
    check_xxh(line, flags & 2);
    check_quote(line);
    const auto un = sum_list::unescape_name(line);
    if (un && line.find('\r') == std::string_view::npos)
      FUZZ_CHECK_OR(sum_list::escape_name(*un) == line,
                    std::fputs("escape_name(unescape_name(s)) != s\n", stderr));
    start = end + 1;
  }
  return 0;
}
