// test/support/cavp.hpp: hex helpers and a reader for NIST CAVP response files (".rsp") of the
// Debian package python3-cryptography-vectors, read at run time from FASTPRIM_VECTORS_DIR.
// A record is the `Name = value` lines of one `Count = n` block (empty values kept: `PT = `), the
// bracketed section parameters in force (`[Keylen = 128]`; `[ENCRYPT]` or `[DECRYPT]` as a key with an
// empty value), and a bare `FAIL` line if present.
#pragma once

#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <fstream>
#include <map>
#include <span>
#include <string>
#include <vector>

#ifndef FASTPRIM_VECTORS_DIR
#define FASTPRIM_VECTORS_DIR "/usr/lib/python3/dist-packages/cryptography_vectors"
#endif

namespace fastprim_test {

inline std::vector<std::byte> from_hex(const std::string& s) {
  std::vector<std::byte> out;
  auto nib = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
  for (std::size_t i = 0; i + 1 < s.size(); i += 2) out.push_back(std::byte(nib(s[i]) << 4 | nib(s[i + 1])));
  return out;
}

inline std::string hex(std::span<const std::byte> b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (std::byte x : b) {
    s += d[std::to_integer<int>(x) >> 4];
    s += d[std::to_integer<int>(x) & 15];
  }
  return s;
}

struct cavp_record {
  std::string file;
  int count = -1;
  std::map<std::string, std::string> section;  // [Name = value] in force
  std::map<std::string, std::string> fields;   // Name = value of the record
  bool fail = false;                           // a `FAIL` line: the input must be rejected
  std::vector<std::byte> bytes(const std::string& name) const {
    const auto it = fields.find(name);
    BOOST_REQUIRE_MESSAGE(it != fields.end(), file << " Count " << count << ": no field " << name);
    return from_hex(it->second);
  }
};

// Every record of `rel` (relative to FASTPRIM_VECTORS_DIR); a missing or empty file fails the test.
inline std::vector<cavp_record> parse_cavp(const std::string& rel) {
  const std::string path = std::string(FASTPRIM_VECTORS_DIR) + "/" + rel;
  std::ifstream f(path);
  BOOST_REQUIRE_MESSAGE(f.good(), "cannot open " << path << " (python3-cryptography-vectors)");
  std::vector<cavp_record> out;
  std::map<std::string, std::string> section;
  cavp_record cur;
  auto flush = [&] {
    if (cur.count >= 0) out.push_back(cur);
    cur = cavp_record{};
  };
  std::string line;
  while (std::getline(f, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    if (line == "FAIL") {
      cur.fail = true;
      continue;
    }
    const bool bracket = line.front() == '[' && line.back() == ']';
    if (bracket) line = line.substr(1, line.size() - 2);
    if (bracket && (line == "ENCRYPT" || line == "DECRYPT")) {  // a direction: the one in force
      flush();
      section.erase("ENCRYPT");
      section.erase("DECRYPT");
      section[line] = "";
      continue;
    }
    const auto eq = line.find(" =");
    if (eq == std::string::npos) continue;
    const std::string k = line.substr(0, eq);
    const std::string v = eq + 3 <= line.size() ? line.substr(eq + 3) : std::string();
    if (bracket) {
      flush();
      section[k] = v;
    } else if (k == "Count" || k == "COUNT") {
      flush();
      cur.count = std::stoi(v);
      cur.file = rel;
      cur.section = section;
    } else {
      cur.fields[k] = v;
    }
  }
  flush();
  BOOST_REQUIRE_MESSAGE(!out.empty(), "no records in " << path);
  return out;
}

// The same, parsed once per process: the suites read each file once per backend, and under the
// sanitizers parsing the GCM files took most of their CAVP case.
inline const std::vector<cavp_record>& read_cavp(const std::string& rel) {
  static std::map<std::string, std::vector<cavp_record>> cache;
  const auto it = cache.find(rel);
  return it != cache.end() ? it->second : cache.emplace(rel, parse_cavp(rel)).first->second;
}

}  // namespace fastprim_test
