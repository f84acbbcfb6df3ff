// libFuzzer target: fastprim-enc's command line and hex parsing (cli/enc_options.hpp).
// Input: the arguments after the program name, separated by NUL bytes.
// Properties: parse_args never crashes or hangs; it either reports an error or returns a usable
// configuration (a cipher, a key of its size, a 16-byte IV unless ECB), never both or neither;
// decode_hex accepts exactly the even-length hex strings and round-trips with encode_hex.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "enc_options.hpp"
#include "fuzz.hpp"

namespace {

bool is_hex_string(std::string_view s) {
  if (s.size() % 2) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
  return true;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> args;
  for (std::size_t start = 0;;) {
    const std::size_t end = in.find('\0', start);
    args.push_back(in.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }

  const enc::parse_result r = enc::parse_args(args);
  if (!r.o.help) {
    if (r.error.empty()) {
      FUZZ_CHECK_OR(r.o.bits == 128 || r.o.bits == 192 || r.o.bits == 256,
                    std::fputs("accepted without a cipher\n", stderr));
      FUZZ_CHECK_OR(r.o.key.size() * 8 == static_cast<std::size_t>(r.o.bits),
                    std::fputs("key length does not match the cipher\n", stderr));
      FUZZ_CHECK_OR(r.o.m == enc::mode::ecb ? r.o.iv.empty() : r.o.iv.size() == 16,
                    std::fputs("IV length\n", stderr));
      // The key came from one of the arguments, as given.
      bool found = false;
      for (std::string_view a : args) found |= lower(a) == enc::encode_hex(r.o.key);
      FUZZ_CHECK_OR(found, std::fputs("key not found among the arguments\n", stderr));
    }
  }

  // Hex: every argument, and the raw input as bytes.
  for (std::string_view a : args) {
    const auto d = enc::decode_hex(a);
    FUZZ_CHECK_OR(d.has_value() == is_hex_string(a),
                  std::fputs("decode_hex accepts exactly even-length hex\n", stderr));
    if (d)
      FUZZ_CHECK_OR(enc::encode_hex(*d) == lower(a),
                    std::fputs("encode_hex(decode_hex(s)) != lower(s)\n", stderr));
  }
  const std::span<const std::byte> raw(reinterpret_cast<const std::byte*>(data), size);
  const auto back = enc::decode_hex(enc::encode_hex(raw));
  FUZZ_CHECK_OR(back && back->size() == size && std::equal(back->begin(), back->end(), raw.begin()),
                std::fputs("decode_hex(encode_hex(b)) != b\n", stderr));
  return 0;
}
