// cli/enc_options.hpp: the command line of fastprim-enc (the AES part of `openssl enc`)
// and its hex key and IV, checked before any data is read. Every problem is a message for the
// user, never an exception or a wrong key: a -K or -iv of the wrong length, an odd number of hex
// digits or a non-hex digit is an error where openssl pads, truncates or half-parses.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace enc {

// The bytes of an even-length string of hex digits (either case); nullopt for anything else.
inline std::optional<std::vector<std::byte>> decode_hex(std::string_view s) {
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (s.size() % 2 != 0) return std::nullopt;
  std::vector<std::byte> out(s.size() / 2);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = nibble(s[2 * i]), lo = nibble(s[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = std::byte(hi << 4 | lo);
  }
  return out;
}

inline std::string encode_hex(std::span<const std::byte> b) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * b.size());
  for (std::byte x : b) {
    out += digits[std::to_integer<unsigned>(x) >> 4];
    out += digits[std::to_integer<unsigned>(x) & 15];
  }
  return out;
}

enum class mode { ecb, cbc, ctr };

struct options {
  bool help = false, decrypt = false, nopad = false;
  int bits = 0;  // 128, 192 or 256
  mode m = mode::cbc;
  std::vector<std::byte> key, iv;  // iv empty for ECB
  std::string in_path, out_path;   // empty: stdin / stdout
  std::string warning;             // to print, not fatal
};

struct parse_result {
  options o;
  std::string error;  // empty when the command line is usable
};

// Parses the arguments after the program name. Options as in `openssl enc`: the last of
// repeated ones wins; -salt and -nosalt are accepted and do nothing, as with -K in openssl.
inline parse_result parse_args(std::span<const std::string_view> args) {
  parse_result r;
  options& o = r.o;
  std::string key_hex, iv_hex;
  bool have_key = false, have_iv = false;
  auto fail = [&](std::string msg) {
    r.error = std::move(msg);
    return r;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    const bool takes_value = a == "-K" || a == "-iv" || a == "-in" || a == "-out";
    if (takes_value && i + 1 == args.size()) return fail("option " + std::string(a) + " needs a value");
    if (a == "-h" || a == "-help" || a == "--help") {
      o.help = true;
      return r;
    } else if (a == "-e") {
      o.decrypt = false;
    } else if (a == "-d") {
      o.decrypt = true;
    } else if (a == "-nopad") {
      o.nopad = true;
    } else if (a == "-salt" || a == "-nosalt") {
    } else if (a == "-K") {
      key_hex = args[++i], have_key = true;
    } else if (a == "-iv") {
      iv_hex = args[++i], have_iv = true;
    } else if (a == "-in") {
      o.in_path = args[++i];
      if (o.in_path.empty()) return fail("-in: empty file name");
    } else if (a == "-out") {
      o.out_path = args[++i];
      if (o.out_path.empty()) return fail("-out: empty file name");
    } else if (a == "-k" || a == "-kfile" || a == "-pass" || a == "-pbkdf2" || a == "-iter" || a == "-md") {
      return fail(std::string(a) + ": password-based keys are not supported; give the key with -K HEX");
    } else if (a.size() == 12 && a.substr(0, 5) == "-aes-" && a[8] == '-') {
      const std::string_view bits = a.substr(5, 3), m = a.substr(9);
      o.bits = bits == "128" ? 128 : bits == "192" ? 192 : bits == "256" ? 256 : 0;
      if (m == "ecb")
        o.m = mode::ecb;
      else if (m == "cbc")
        o.m = mode::cbc;
      else if (m == "ctr")
        o.m = mode::ctr;
      else
        o.bits = 0;
      if (o.bits == 0)
        return fail("unknown cipher " + std::string(a) + " (-aes-{128,192,256}-{ecb,cbc,ctr})");
    } else if (!a.empty() && a[0] == '-') {
      return fail("unknown option " + std::string(a));
    } else {
      return fail("unexpected argument '" + std::string(a) + "' (input is -in FILE or stdin)");
    }
  }
  if (o.bits == 0) return fail("no cipher given (-aes-128-cbc, ...)");
  if (!have_key) return fail("no key given (-K HEX); password-based keys are not supported");

  const std::string need = std::to_string(o.bits / 4);
  auto key = decode_hex(key_hex);
  if (!key) return fail("-K: not a hex string with an even number of digits");
  if (key->size() * 8 != static_cast<std::size_t>(o.bits))
    return fail("-K: AES-" + std::to_string(o.bits) + " needs exactly " + need + " hex digits, got " +
                std::to_string(key_hex.size()));
  o.key = std::move(*key);
  if (o.m == mode::ecb) {
    if (have_iv) o.warning = "warning: iv not used by this cipher";
  } else {
    if (!have_iv) return fail("-iv: an IV is needed for CBC and CTR (32 hex digits)");
    auto iv = decode_hex(iv_hex);
    if (!iv) return fail("-iv: not a hex string with an even number of digits");
    if (iv->size() != 16)
      return fail("-iv: needs exactly 32 hex digits, got " + std::to_string(iv_hex.size()));
    o.iv = std::move(*iv);
  }
  return r;
}

}  // namespace enc
