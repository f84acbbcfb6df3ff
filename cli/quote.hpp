// cli/quote.hpp: a file name as coreutils prints it in a diagnostic ("sha256sum: 'a b': No
// such file or directory"): gnulib's shell-escape quoting with ':' quoted too (coreutils'
// quotef). The result is a string a POSIX shell (with $'...') reads back as the name, and it
// holds no control character, so a hostile name cannot drive the terminal.
//   - unchanged when nothing in it is special to a shell;
//   - "it's" in double quotes when the only specials are single quotes and spaces;
//   - otherwise in single quotes, a ' as '\'', unprintable bytes as $'\r', $'\001'.
// Printable follows the locale as the C library sees it (setlocale): in a UTF-8 locale a valid
// printable multibyte character is kept as it is, in the C locale every byte >= 0x80 is escaped.
#pragma once

#include <clocale>
#include <cstdlib>
#include <cwchar>
#include <cwctype>
#include <string>
#include <string_view>

namespace cli {

namespace detail {

// One character of `s` at `i`: its length in bytes and whether it prints. An invalid or truncated
// multibyte sequence is one unprintable byte (truncated: the rest of the string).
struct quote_char {
  std::size_t len;
  bool printable;
};

inline quote_char next_char(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x80 || MB_CUR_MAX == 1) return {1, c >= 0x20 && c < 0x7f};
  std::mbstate_t st{};
  wchar_t w;
  const std::size_t n = std::mbrtowc(&w, s.data() + i, s.size() - i, &st);
  if (n == static_cast<std::size_t>(-1) || n == 0) return {1, false};
  if (n == static_cast<std::size_t>(-2)) return {s.size() - i, false};
  return {n, std::iswprint(static_cast<wint_t>(w)) != 0};
}

// Whether the byte at `i` makes the name need quotes.
inline bool is_shell_special(std::string_view s, std::size_t i) {
  const char c = s[i];
  if (c == '{' || c == '}') return s.size() == 1;  // a lone brace
  if (c == '#' || c == '~') return i == 0;
  return std::string_view(" !\"$&'()*;<=>?[\\^`|:").find(c) != std::string_view::npos;
}

}  // namespace detail

// With `always`, a name that needs no quoting gets single quotes all the same ('abc'), as
// gnulib's shell-escape-always style (coreutils' quote()) gives it: for a word quoted in a sentence.
inline std::string quote_name(std::string_view s, bool always = false) {
  bool needs = always || s.empty(), has_single = false, double_ok = true;
  for (std::size_t i = 0; i < s.size();) {
    const detail::quote_char ch = detail::next_char(s, i);
    if (!ch.printable) {
      needs = true;
      double_ok = false;
    } else if (ch.len == 1) {
      const char c = s[i];
      if (detail::is_shell_special(s, i)) needs = true;
      has_single |= c == '\'';
      // gnulib picks "..." only when every character is one of these.
      const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                         std::string_view("%+,-./:]_ '@").find(c) != std::string_view::npos ||
                         ((c == '#' || c == '~') && i == 0) || ((c == '{' || c == '}') && s.size() == 1);
      if (!plain) double_ok = false;
    }
    i += ch.len;
  }
  if (!needs) return std::string(s);
  if (has_single && double_ok) return '"' + std::string(s) + '"';

  // gnulib, given a single quote, runs the loop once to measure and once more to write, and the
  // second run starts in the $'...' state the first one ended in. When the name starts with a
  // plain character that gives a harmless extra '' after the opening quote, kept here so that
  // messages are byte-identical; when it starts with an escape gnulib leaves out the $' (a
  // wrong quoting), which is not copied.
  std::string out;
  bool in_dollar = false;  // inside a $'...' part
  auto escape = [&](const std::string& e) {
    if (!in_dollar || out.size() == 1) out += "'$'", in_dollar = true;
    out += e;
  };
  for (int pass = has_single ? 0 : 1; pass < 2; ++pass) {
    out = "'";
    for (std::size_t i = 0; i < s.size();) {
      const detail::quote_char ch = detail::next_char(s, i);
      const char c = s[i];
      const char* named = c == '\a'   ? "\\a"
                          : c == '\b' ? "\\b"
                          : c == '\f' ? "\\f"
                          : c == '\n' ? "\\n"
                          : c == '\r' ? "\\r"
                          : c == '\t' ? "\\t"
                          : c == '\v' ? "\\v"
                                      : nullptr;
      if (named) {
        escape(named);
      } else if (!ch.printable) {
        for (std::size_t k = 0; k < ch.len; ++k) {
          const auto b = static_cast<unsigned char>(s[i + k]);
          escape({'\\', static_cast<char>('0' + (b >> 6)), static_cast<char>('0' + (b >> 3 & 7)),
                  static_cast<char>('0' + (b & 7))});
        }
      } else if (c == '\'') {
        out += "'\\''";
        in_dollar = false;
      } else {
        if (in_dollar) out += "''", in_dollar = false;
        out += s.substr(i, ch.len);
      }
      i += ch.len;
    }
  }
  out += '\'';
  return out;
}

}  // namespace cli
