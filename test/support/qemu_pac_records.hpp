// test/support/qemu_pac_records.hpp: the records of real QEMU 7.2 PAC instructions in test/data
// (pac-spec section 9: `OP tcr_el1 key_lo key_hi x y result`, hex; result "FPAC" for a fault),
// read for the PAC test suites.
#pragma once

#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "fastprim/pac.hpp"

namespace fastprim_test::qemu_pac {

struct record {
  std::string op;
  std::uint64_t tcr, key_lo, key_hi, x, y;
  std::string result;  // as QEMU printed it
  int line;
  fastprim::pac::key key() const { return {key_lo, key_hi}; }
  // The result as a number (every op but a faulting AUT*).
  std::uint64_t value() const { return std::strtoull(result.c_str(), nullptr, 16); }
};

// One record file: its name, the cipher QEMU ran, and how many records it holds.
struct file {
  const char* name;
  fastprim::pac::algorithm alg;
  int records;
  int pacga;  // of which PACGA
};
inline std::ostream& operator<<(std::ostream& os, const file& f) { return os << f.name; }

// Every QEMU 7.2 record file: pac-spec section 9's, and those of test/pac-probe/run (PACDB/AUTDB, random
// TCR_EL1 values).
inline const std::vector<file>& files() {
  static const std::vector<file> v{
      {"pac-qemu72-arch.txt", fastprim::pac::algorithm::qarma5, 2017, 169},
      {"pac-qemu72-impdef.txt", fastprim::pac::algorithm::impdef, 2017, 169},
      {"pac-probe-qemu72-arch.txt", fastprim::pac::algorithm::qarma5, 2001, 126},
      {"pac-probe-qemu72-impdef.txt", fastprim::pac::algorithm::impdef, 2001, 126}};
  return v;
}

// $FASTPRIM_TEST_DATA_DIR, else the build's -DFASTPRIM_TEST_DATA_DIR="...", else test/data
// beside this header.
inline std::filesystem::path data_dir() {
  if (const char* d = std::getenv("FASTPRIM_TEST_DATA_DIR")) return d;
#ifdef FASTPRIM_TEST_DATA_DIR
  return FASTPRIM_TEST_DATA_DIR;
#else
  return std::filesystem::path(__FILE__).parent_path().parent_path() / "data";
#endif
}

// Every record of `f` (all of them, or it fails: a missing or short file is an error).
inline std::vector<record> read(const file& f) {
  const auto path = data_dir() / f.name;
  std::ifstream in(path);
  BOOST_TEST_REQUIRE(in.is_open(), "cannot open " << path << " (set FASTPRIM_TEST_DATA_DIR)");
  std::vector<record> v;
  std::string line;
  int lineno = 0, pacga = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#' || line.rfind("op ", 0) == 0) continue;
    std::istringstream ss(line);
    record r;
    ss >> r.op >> std::hex >> r.tcr >> r.key_lo >> r.key_hi >> r.x >> r.y >> r.result;
    BOOST_TEST_REQUIRE(!ss.fail(), f.name << ":" << lineno << ": malformed line '" << line << "'");
    r.line = lineno;
    pacga += r.op == "PACGA";
    v.push_back(r);
  }
  BOOST_TEST_REQUIRE(int(v.size()) == f.records, f.name << ": records");
  BOOST_TEST_REQUIRE(pacga == f.pacga, f.name << ": PACGA records");
  return v;
}

// The PACGA records of `f`.
inline std::vector<record> read_pacga(const file& f) {
  std::vector<record> v;
  for (const record& r : read(f))
    if (r.op == "PACGA") v.push_back(r);
  return v;
}

}  // namespace fastprim_test::qemu_pac
