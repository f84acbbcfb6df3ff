// cli/sum_list.hpp: the checksum lines of the sum tools, written and read back.
//   coreutils (sha256sum, sha1sum, 9.1):  "HEX  NAME", "HEX *NAME" (binary), "SHA256 (NAME) = HEX"
//     (--tag), a leading '\' when NAME is escaped (\\, \n, \r), and in -c lists "HEX NAME"
//     (BSD reversed) when the first such line is of that form.
//   xxhsum -H1 (0.8.1):  "HEX16  NAME" and "XXH64 (NAME) = HEX16" (--tag), "_LE" for --little-endian.
// The readers reproduce what the real tools accept and reject, line for line, including their
// corner cases (NUL bytes end a name, a '\r' ends a coreutils line but not an xxhsum one), since a
// list is as much the other tool's input as ours. They never read outside the line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sum_list {

inline bool is_hex_digit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
inline int hex_value(char c) {
  return c >= '0' && c <= '9'   ? c - '0'
         : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                : -1;
}

// ---- coreutils ---------------------------------------------------------------------------------

// A name needs the escaped form when it holds a backslash, newline or carriage return.
inline bool needs_escape(std::string_view name) {
  return name.find_first_of("\\\n\r") != std::string_view::npos;
}

inline std::string escape_name(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '\r')
      out += "\\r";
    else
      out += c;
  }
  return out;
}

// The inverse of escape_name: only \\, \n and \r are escapes; any other backslash, a trailing
// one, or a NUL byte makes the name invalid.
inline std::optional<std::string> unescape_name(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\0') return std::nullopt;
    if (s[i] != '\\') {
      out += s[i];
      continue;
    }
    if (++i == s.size()) return std::nullopt;
    if (s[i] == 'n')
      out += '\n';
    else if (s[i] == 'r')
      out += '\r';
    else if (s[i] == '\\')
      out += '\\';
    else
      return std::nullopt;
  }
  return out;
}

// A sum line as `sha256sum` prints it (without the final '\n'); `tag` is "SHA256" or "SHA1".
// `escape` is false for -z output, whose names are printed as they are.
inline std::string format_gnu_line(std::string_view hex, std::string_view name, bool binary, bool bsd_tag,
                                   std::string_view tag, bool escape = true) {
  const bool esc = escape && needs_escape(name);
  const std::string shown = esc ? escape_name(name) : std::string(name);
  std::string out = esc ? "\\" : "";
  if (bsd_tag)
    out.append(tag).append(" (").append(shown).append(") = ").append(hex);
  else
    out.append(hex).append(" ").append(binary ? "*" : " ").append(shown);
  return out;
}

struct gnu_entry {
  std::string hex;   // as written in the list (either case)
  std::string name;  // unescaped
  bool binary = false;
};

enum class line_kind { entry, skip, bad };

// Reads the lines of one or more `sha256sum -c` lists. It has state, as coreutils has: once a
// line of the "HEX NAME" form (BSD reversed: one space, the name not starting with ' ' or '*')
// has been read, "HEX  NAME" lines are read that way too and their names start with the space,
// and the other way round; the state carries over from one list to the next.
class gnu_reader {
 public:
  gnu_reader(std::string_view tag, std::size_t hex_len) : tag_(tag), hex_len_(hex_len) {}

  // `line` is one line without its '\n'. Comments (first byte '#') and lines empty once a final
  // '\r' is dropped are skip; `list_is_stdin` makes a line naming "-" bad, as stdin is the list.
  line_kind read(std::string_view line, gnu_entry& e, bool list_is_stdin = false) {
    if (!line.empty() && line[0] == '#') return line_kind::skip;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) return line_kind::skip;
    if (!split(line, e)) return line_kind::bad;
    if (list_is_stdin && e.name == "-") return line_kind::bad;
    return line_kind::entry;
  }

 private:
  static bool is_white(char c) { return c == ' ' || c == '\t'; }
  bool hex_ok(std::string_view h) const {
    if (h.size() != hex_len_) return false;
    for (char c : h)
      if (!is_hex_digit(c)) return false;
    return true;
  }
  // coreutils handles names as C strings: an unescaped name ends at its first NUL byte.
  static std::string c_string(std::string_view s) { return std::string(s.substr(0, s.find('\0'))); }

  bool split(std::string_view s, gnu_entry& e) {
    std::size_t i = 0;
    while (i < s.size() && is_white(s[i])) ++i;
    const bool escaped = i < s.size() && s[i] == '\\';
    if (escaped) ++i;
    if (s.substr(i, tag_.size()) == tag_) return split_tag(s.substr(i + tag_.size()), escaped, e);

    if (s.size() - i < hex_len_ + 2) return false;
    const std::string_view hex = s.substr(i, hex_len_);
    i += hex_len_;
    if (!is_white(s[i])) return false;
    ++i;
    if (!hex_ok(hex)) return false;
    e.binary = false;
    if (s.size() - i == 1 || (s[i] != ' ' && s[i] != '*')) {
      if (reversed_ == 0) return false;
      reversed_ = 1;
    } else if (reversed_ != 1) {
      reversed_ = 0;
      e.binary = s[i++] == '*';
    }
    return set_name(s.substr(i), escaped, e) && (e.hex = hex, true);
  }

  // After the tag: " (NAME) = HEX", the space optional, NAME up to the last ')'.
  bool split_tag(std::string_view s, bool escaped, gnu_entry& e) {
    if (!s.empty() && s[0] == ' ') s.remove_prefix(1);
    if (s.empty() || s[0] != '(') return false;
    s.remove_prefix(1);
    const std::size_t close = s.rfind(')');
    if (close == std::string_view::npos) return false;
    if (!set_name(s.substr(0, close), escaped, e)) return false;
    std::size_t i = close + 1;
    while (i < s.size() && is_white(s[i])) ++i;
    if (i == s.size() || s[i] != '=') return false;
    ++i;
    while (i < s.size() && is_white(s[i])) ++i;
    const std::string_view hex = s.substr(i, s.find('\0', i) - i);
    if (!hex_ok(hex)) return false;
    e.hex = hex;
    e.binary = false;
    return true;
  }

  static bool set_name(std::string_view raw, bool escaped, gnu_entry& e) {
    if (!escaped) {
      e.name = c_string(raw);
      return true;
    }
    auto n = unescape_name(raw);
    if (!n) return false;
    e.name = std::move(*n);
    return true;
  }

  std::string_view tag_;
  std::size_t hex_len_;
  int reversed_ = -1;  // -1 not yet known, 0 standard, 1 BSD reversed
};

// ---- xxhsum ------------------------------------------------------------------------------------

inline std::string hex64(std::uint64_t v) {
  static const char digits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[static_cast<std::size_t>(i)] = digits[v & 15];
  return out;
}

inline std::uint64_t byte_swap(std::uint64_t v) {
  std::uint64_t r = 0;
  for (int i = 0; i < 8; ++i, v >>= 8) r = r << 8 | (v & 0xff);
  return r;
}

// A line as `xxhsum -H1` prints it: "HEX  NAME", or "XXH64 (NAME) = HEX" with --tag; with
// --little-endian the digest bytes are reversed and the tag is XXH64_LE.
inline std::string format_xxh_line(std::uint64_t digest, std::string_view name, bool bsd_tag,
                                   bool little_endian) {
  const std::string hex = hex64(little_endian ? byte_swap(digest) : digest);
  if (bsd_tag)
    return std::string(little_endian ? "XXH64_LE (" : "XXH64 (").append(name).append(") = ").append(hex);
  return std::string(hex).append("  ").append(name);
}

struct xxh_entry {
  unsigned bits = 0;         // 32, 64 or 128, from the number of hex digits
  std::uint64_t digest = 0;  // XXH64 digest (bits == 64)
  std::string name;
};

// One line of an `xxhsum -c` list (without its '\n'; a '\r' stays part of the name, as in
// xxhsum). The line ends at its first NUL. "HEX?NAME": HEX of 8, 16 or 32 digits, then one space
// and one more byte of any value; or "ALGO (NAME) = HEX", where ALGO containing _LE means the
// digest is little-endian. `little_endian` is --little-endian, for the first form.
inline bool read_xxh_line(std::string_view line, xxh_entry& e, bool little_endian = false) {
  line = line.substr(0, line.find('\0'));
  const std::size_t first = line.find(' ');
  if (first == std::string_view::npos || first + 1 == line.size()) return false;
  std::string_view hex;
  bool rev = little_endian;
  if (line[first + 1] == '(') {
    const std::size_t last = line.rfind(' ');
    if (last - first < 5) return false;
    if (line[last - 1] != '=' || line[last - 2] != ' ' || line[last - 3] != ')') return false;
    rev = line.substr(0, first).find("_LE") != std::string_view::npos;
    hex = line.substr(last + 1);
    e.name = line.substr(first + 2, last - 3 - (first + 2));
  } else {
    hex = line.substr(0, first);
    e.name = line.substr(first + 2);
  }
  if (hex.size() != 8 && hex.size() != 16 && hex.size() != 32) return false;
  for (char c : hex)
    if (!is_hex_digit(c)) return false;
  e.bits = static_cast<unsigned>(hex.size() * 4);
  e.digest = 0;
  if (e.bits == 64) {
    for (char c : hex) e.digest = e.digest << 4 | static_cast<unsigned>(hex_value(c));
    if (rev) e.digest = byte_swap(e.digest);
  }
  return true;
}

}  // namespace sum_list
