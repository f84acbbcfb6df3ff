// PAC pointer model (fastprim/pac/pointer.hpp) on every PAC backend usable here (keyed_pac bound
// to each): every record of real QEMU 7.2 runs (test/data/pac-qemu72-{arch,impdef}.txt from
// pac-spec section 9, and test/data/pac-probe-qemu72-{arch,impdef}.txt from test/pac-probe/run)
// reproduced at feature level FEAT_PAuth; the QEMU 10.0 PAuth2 examples and the layouts stated in
// pac-spec section 8; the properties of section 8 at every feature level and with every cipher:
// auth(add_pac(p)) == p, strip(add_pac(p)) == p, and what a wrong modifier does (error code,
// non-canonical result, FPAC); and every result of AddPAC, Auth and PACGA, through each cipher
// overload, against the plain reference model (support/pac_pointer_ref.hpp over pac_ref's
// ComputePAC), which itself reproduces every QEMU record.
// Test data: test/data (see support/qemu_pac_records.hpp).
#define BOOST_TEST_MODULE pac_pointer
#include <array>
#include <bit>
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <ostream>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "fastprim/pac.hpp"
#include "support/backends.hpp"
#include "support/pac_backends.hpp"
#include "support/pac_pointer_ref.hpp"
#include "support/pac_ref.hpp"
#include "support/qemu_pac_records.hpp"

namespace pac = fastprim::pac;
namespace bdata = boost::unit_test::data;
namespace qemu = fastprim_test::qemu_pac;
namespace pref = fastprim_test::pac_pointer_ref;
using fastprim::backend;
using fastprim_test::keyed_on;
using fastprim_test::pac_backends;

namespace {

constexpr std::array<pac::algorithm, 3> algorithms{pac::algorithm::qarma5, pac::algorithm::qarma3,
                                                   pac::algorithm::impdef};
constexpr std::array<pac::feature_level, 5> levels{pac::feature_level::pauth, pac::feature_level::epac,
                                                   pac::feature_level::pauth2, pac::feature_level::fpac,
                                                   pac::feature_level::fpac_combined};
// One cipher and feature level: the parameter of the data-driven cases.
struct variant {
  pac::algorithm alg;
  pac::feature_level level;
};
std::ostream& operator<<(std::ostream& os, const variant& v) {
  constexpr const char* algs[] = {"qarma5", "qarma3", "impdef"};
  constexpr const char* lvls[] = {"?", "pauth", "epac", "pauth2", "fpac", "fpac_combined"};
  return os << algs[static_cast<int>(v.alg)] << "/" << lvls[static_cast<int>(v.level)];
}
std::vector<variant> variants() {
  std::vector<variant> v;
  for (auto a : algorithms)
    for (auto l : levels) v.push_back({a, l});
  return v;
}

constexpr std::array<pac::key_id, 4> key_ids{pac::key_id::ia, pac::key_id::ib, pac::key_id::da,
                                             pac::key_id::db};

// The seven TCR_EL1 values of the QEMU records (pac-spec section 9).
constexpr std::array<std::uint64_t, 7> record_tcrs{0x0000000080100010, 0x0000006080100010, 0x0000000080190019,
                                                   0x0000006080270027, 0x000000208008003c, 0x0018006080140014,
                                                   0x00000040801c001c};

// One record's instruction: PACGA, XPACI/XPACD, or PAC*/AUT* with its key.
struct instruction {
  enum kind_t { pacga, xpac, add, aut, bad } kind = bad;
  pac::key_id id = pac::key_id::ia;
  bool data = false;  // XPACD
};
instruction parse_op(const std::string& op) {
  if (op == "PACGA") return {instruction::pacga};
  if (op == "XPACI" || op == "XPACD") return {instruction::xpac, pac::key_id::ia, op == "XPACD"};
  const std::string ids[] = {"IA", "IB", "DA", "DB"};
  for (int i = 0; i < 4; ++i) {
    if (op == "PAC" + ids[i]) return {instruction::add, pac::key_id(i)};
    if (op == "AUT" + ids[i]) return {instruction::aut, pac::key_id(i)};
  }
  return {};
}

std::string hex16(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// Runs one record through the library at FEAT_PAuth with cipher `c`: the record's key (the
// (algorithm, key) overloads) or a pac_cipher holding it (keyed_pac). Returns the result column
// as QEMU prints it.
template <class Cipher>
std::string run_record(const qemu::record& r, const Cipher& c, pac::algorithm alg) {
  const auto cfg = pac::config::from_tcr_el1(r.tcr, alg, pac::feature_level::pauth);
  const instruction in = parse_op(r.op);
  switch (in.kind) {
    case instruction::pacga:
      if constexpr (std::is_same_v<Cipher, pac::key>)
        return hex16(pac::pacga(cfg, r.x, r.y, c));
      else
        return hex16(pac::pacga(r.x, r.y, c));
    case instruction::xpac:
      return hex16(pac::strip(cfg, r.x, in.data));
    case instruction::add:
      return hex16(pac::add_pac(cfg, r.x, r.y, c, in.id));
    case instruction::aut: {
      const auto a = pac::auth(cfg, r.x, r.y, c, in.id);
      return a.fault ? "FPAC" : hex16(a.value);
    }
    case instruction::bad:
      break;
  }
  return "bad op " + r.op;
}

// The same through the reference model and pac_ref's cipher.
std::string run_record_ref(const qemu::record& r, pac::algorithm alg) {
  const pref::ref_cipher c{alg, r.key()};
  const instruction in = parse_op(r.op);
  const bool data = pac::is_data_key(in.id), b_key = pac::is_b_key(in.id);
  switch (in.kind) {
    case instruction::pacga:
      return hex16(pref::pacga(r.x, r.y, c));
    case instruction::xpac:
      return hex16(pref::strip(r.tcr, r.x, in.data));
    case instruction::add:
      return hex16(pref::add_pac(r.tcr, pac::feature_level::pauth, r.x, r.y, c, data));
    case instruction::aut: {
      const auto a = pref::auth(r.tcr, pac::feature_level::pauth, r.x, r.y, c, data, b_key, false);
      return a.fault ? "FPAC" : hex16(a.value);
    }
    case instruction::bad:
      break;
  }
  return "bad op " + r.op;
}

// The reference model's Auth as the library's type.
pac::auth_result ref_auth(std::uint64_t tcr, pac::feature_level level, std::uint64_t ptr, std::uint64_t mod,
                          const pref::ref_cipher& c, pac::key_id id, bool combined) {
  const auto a = pref::auth(tcr, level, ptr, mod, c, pac::is_data_key(id), pac::is_b_key(id), combined);
  return {a.value, a.fault};
}

// Canonical pointer for layout `l`: the extension field all equal to bit 55 (top byte free with TBI).
std::uint64_t canonical(std::uint64_t r, const pac::pointer_layout& l) {
  return ((r >> 55) & 1) ? (r | l.extension_mask()) : (r & ~l.extension_mask());
}

// A TCR_EL1 with random pointer-authentication fields (every TxSZ, granule, TBI/TBID, DS).
std::uint64_t random_tcr(std::mt19937_64& rng) {
  const std::uint64_t r = rng();
  return (r & 63) | (r & (3ull << 14)) | (r & (63ull << 16)) | (r & (3ull << 30)) | (r & (3ull << 37)) |
         (r & (3ull << 51)) | (r & (1ull << 59));
}

}  // namespace

// The layout code works in constant expressions (pac-spec 8.3 and 8.4 examples).
static_assert(pac::strip(pac::config::from_tcr_el1(0x80100010, pac::algorithm::qarma5,
                                                   pac::feature_level::pauth),
                         0x4911d6802c2500b3, false) == 0x0000d6802c2500b3);
static_assert(pac::strip(pac::config{}, 0x7f83ee219b524a67, true) == 0xffffee219b524a67);
static_assert(pac::add_pac(
                  pac::config{}, 0x0000123456789abc, 0,
                  [](std::uint64_t, std::uint64_t) -> std::uint64_t { return ~0ull; },
                  pac::key_id::ia) == 0xff7f123456789abc);

BOOST_AUTO_TEST_SUITE(pac_pointer)

// The reference model with pac_ref's cipher reproduces every QEMU 7.2 record: it is an outside
// reference for the cases below, which compare each backend with it at every feature level.
BOOST_DATA_TEST_CASE(reference_model_reproduces_qemu72, bdata::make(qemu::files()), file) {
  int mismatches = 0;
  const auto records = qemu::read(file);
  for (const qemu::record& r : records) {
    const std::string got = run_record_ref(r, file.alg);
    if (got != r.result) {
      ++mismatches;
      BOOST_TEST(got == r.result, file.name << ":" << r.line << ": " << r.op);
    }
  }
  BOOST_TEST(int(records.size()) == file.records);
  BOOST_TEST(mismatches == 0);
}

// Every line of the QEMU 7.2 records, reproduced exactly at FEAT_PAuth on every backend: through
// a keyed_pac bound to it, and through the (algorithm, key) overloads. The records of pac-spec
// section 9, and those of test/pac-probe/run (PACDB/AUTDB, random TCR_EL1 values).
BOOST_DATA_TEST_CASE(qemu72_records, bdata::make(qemu::files()) * bdata::make(pac_backends()), file, b) {
  const keyed_on keyed(b);
  int mismatches = 0;
  const auto records = qemu::read(file);
  for (const qemu::record& r : records) {
    const std::string got = run_record(r, keyed(file.alg, r.key()), file.alg);
    const std::string got_key = run_record(r, r.key(), file.alg);
    if (got != r.result || got_key != r.result) {
      ++mismatches;
      BOOST_TEST(got == r.result, file.name << ":" << r.line << ": " << r.op << " (keyed_pac)");
      BOOST_TEST(got_key == r.result, file.name << ":" << r.line << ": " << r.op << " (algorithm, key)");
    }
  }
  BOOST_TEST(int(records.size()) == file.records);
  BOOST_TEST(mismatches == 0);
}

// pac-spec 8.2: the same instruction under QEMU 7.2 (PAuth) and QEMU 10.0 (PAuth2 and above), with
// the key and with a keyed_pac bound to each backend.
BOOST_DATA_TEST_CASE(spec_examples_pauth1_and_pauth2, bdata::make(pac_backends()), b) {
  const keyed_on keyed(b);
  const pac::key ia{0x8b05a29ddcf5ca7c, 0x1aff769e75aa85bd};
  const pac::keyed_pac kia = keyed(pac::algorithm::qarma5, ia);
  for (auto level : levels) {
    const auto cfg = pac::config::from_tcr_el1(0x80100010, pac::algorithm::qarma5, level);
    const bool v2 = level >= pac::feature_level::pauth2;
    const std::uint64_t signed_hi = v2 ? 0x80fcee219b524a67 : 0x7f83ee219b524a67;
    BOOST_TEST(pac::add_pac(cfg, 0x0000d6802c2500b3, 0xb4ace38947d26c35, ia, pac::key_id::ia) ==
               0x4911d6802c2500b3);
    BOOST_TEST(pac::add_pac(cfg, 0x0000d6802c2500b3, 0xb4ace38947d26c35, kia, pac::key_id::ia) ==
               0x4911d6802c2500b3);
    BOOST_TEST(pac::add_pac(cfg, 0xffffee219b524a67, 0xf947bbf66cd875b9, ia, pac::key_id::ia) == signed_hi);
    BOOST_TEST(pac::add_pac(cfg, 0xffffee219b524a67, 0xf947bbf66cd875b9, kia, pac::key_id::ia) == signed_hi);
    for (const auto& a : {pac::auth(cfg, signed_hi, 0xf947bbf66cd875b9, ia, pac::key_id::ia),
                          pac::auth(cfg, signed_hi, 0xf947bbf66cd875b9, kia, pac::key_id::ia)}) {
      BOOST_TEST(a.value == 0xffffee219b524a67);
      BOOST_TEST(!a.fault);
    }
  }
  // Paper vector through PACGA (pac-spec section 6).
  const pac::key paper{0xec2802d4e0a488e9, 0x84be85ce9804e94b};
  const auto cfg = pac::config::from_tcr_el1(0, pac::algorithm::qarma5, pac::feature_level::pauth);
  BOOST_TEST(pac::pacga(cfg, 0xfb623599da6e8127, 0x477d469dec0b8762, paper) == 0xc003b93900000000);
  BOOST_TEST(pac::pacga(0xfb623599da6e8127, 0x477d469dec0b8762, keyed(pac::algorithm::qarma5, paper)) ==
             0xc003b93900000000);
  const auto cfg3 = pac::config::from_tcr_el1(0, pac::algorithm::qarma3, pac::feature_level::fpac_combined);
  BOOST_TEST(pac::pacga(cfg3, 0xfb623599da6e8127, 0x477d469dec0b8762, paper) == 0xc8b7fdc100000000);
  BOOST_TEST(pac::pacga(0xfb623599da6e8127, 0x477d469dec0b8762, keyed(pac::algorithm::qarma3, paper)) ==
             0xc8b7fdc100000000);
}

// pac-spec 8.1: PAC field widths and TxSZ clamping.
BOOST_AUTO_TEST_CASE(layouts) {
  using pac::feature_level;
  const auto lvl = feature_level::pauth;
  const auto alg = pac::algorithm::qarma5;
  auto width = [](const pac::pointer_layout& l) { return std::popcount(l.pac_mask()); };
  const std::uint64_t lo = 0, hi = 1ull << 55;
  {  // 48-bit VA: 7 bits with TBI, 15 without
    const auto c = pac::config::from_tcr_el1(0x0000006080100010, alg, lvl);
    BOOST_TEST(width(c.layout(lo, true)) == 7);
    BOOST_TEST(width(c.layout(hi, false)) == 7);
    BOOST_TEST(width(pac::config::from_tcr_el1(0x80100010, alg, lvl).layout(hi, true)) == 15);
  }
  {  // 39-bit VA: 16 with TBI, 24 without
    BOOST_TEST(width(pac::config::from_tcr_el1(0x0000006080190019, alg, lvl).layout(lo, true)) == 16);
    BOOST_TEST(width(pac::config::from_tcr_el1(0x80190019, alg, lvl).layout(lo, true)) == 24);
  }
  {  // TBID: instruction keys ignore TBI, data keys keep it
    const auto c = pac::config::from_tcr_el1(0x0018006080140014, alg, lvl);
    BOOST_TEST(c.layout(lo, true).tbi);
    BOOST_TEST(!c.layout(lo, false).tbi);
    BOOST_TEST(!c.layout(hi, false).tbi);
  }
  {  // T0SZ=60 clamps to 48 with FEAT_TTST (39 without); T1SZ=8 clamps to 16
    const auto c = pac::config::from_tcr_el1(0x000000208008003c, alg, lvl);
    BOOST_TEST(c.layout(lo, true).bottom == 16);
    BOOST_TEST(c.layout(hi, true).bottom == 48);
    BOOST_TEST(c.layout(lo, true).tbi);
    BOOST_TEST(!c.layout(hi, true).tbi);
    const auto old = pac::config::from_tcr_el1(0x000000208008003c, alg, lvl, {.ttst = false});
    BOOST_TEST(old.layout(lo, true).bottom == 25);
  }
  {  // 64K granule: max 47, and min 12 with FEAT_LVA
    const std::uint64_t tg0_64k = 1ull << 14, tg1_64k = 3ull << 30;
    const auto c = pac::config::from_tcr_el1(tg0_64k | tg1_64k | (50ull << 16) | 5, alg, lvl);
    BOOST_TEST(c.layout(lo, true).bottom == 52);
    BOOST_TEST(c.layout(hi, true).bottom == 17);
    const auto no_lva =
        pac::config::from_tcr_el1(tg0_64k | tg1_64k | (50ull << 16) | 5, alg, lvl, {.lva = false});
    BOOST_TEST(no_lva.layout(lo, true).bottom == 48);
  }
  {  // TCR.DS with 4K pages: min 12 with FEAT_LPA2
    const std::uint64_t ds = 1ull << 59, tg1_4k = 2ull << 30;
    BOOST_TEST(
        pac::config::from_tcr_el1(ds | tg1_4k | (10ull << 16) | 10, alg, lvl).layout(hi, true).bottom == 52);
    BOOST_TEST(pac::config::from_tcr_el1(tg1_4k | (10ull << 16) | 10, alg, lvl).layout(hi, true).bottom ==
               48);
    BOOST_TEST(
        pac::config::from_tcr_el1(ds | tg1_4k | 10, alg, lvl, {.lpa2 = false}).layout(lo, true).bottom == 48);
  }
  {  // single-range regime: TBI at bit 20, TBID at bit 29, for both values of bit 55
    const auto c = pac::config::from_tcr_single_range((1ull << 20) | (1ull << 29) | 25, alg, lvl);
    BOOST_TEST(c.layout(hi, true).tbi);
    BOOST_TEST(c.layout(hi, true).bottom == 39);
    BOOST_TEST(!c.layout(lo, false).tbi);
  }
  BOOST_TEST(pac::fpac_esr(pac::key_id::db) == 0x72000003u);
  BOOST_TEST(pac::fpac_esr(pac::key_id::ia) == 0x72000000u);
}

// pac-spec section 8 properties, for every cipher and feature level on every backend (a
// keyed_pac bound to it), on the record TCRs and on random ones, with canonical pointers (top
// byte free where TBI applies); every AddPAC and Auth result also equals the reference model's.
BOOST_DATA_TEST_CASE(properties, bdata::make(variants()) * bdata::make(pac_backends()), v, b) {
  const keyed_on keyed(b);
  const pac::algorithm alg = v.alg;
  const pac::feature_level level = v.level;
  std::mt19937_64 rng(0x5eed0000 + static_cast<unsigned>(alg) * 16 + static_cast<unsigned>(level));
  int checked = 0, collisions = 0;
  for (int t = 0; t < 40; ++t) {
    const std::uint64_t tcr = t < int(record_tcrs.size()) ? record_tcrs[t] : random_tcr(rng);
    const auto cfg = pac::config::from_tcr_el1(tcr, alg, level);
    for (int i = 0; i < 12; ++i) {
      const pac::key k{rng(), rng()};
      const pac::keyed_pac kp = keyed(alg, k);
      const pref::ref_cipher rc{alg, k};
      const std::uint64_t mod = rng();
      const std::uint64_t mod2 = mod ^ (1ull << (rng() % 64));
      for (pac::key_id id : key_ids) {
        const bool data = pac::is_data_key(id);
        const std::uint64_t r = rng();
        const pac::pointer_layout l = cfg.layout(r, data);
        const std::uint64_t p = canonical(r, l);
        const std::uint64_t s = pac::add_pac(cfg, p, mod, kp, id);
        std::ostringstream where;
        where << "tcr " << std::hex << tcr << " ptr " << p << " mod " << mod << " key " << int(id);
        BOOST_TEST_REQUIRE(s == pref::add_pac(tcr, level, p, mod, rc, data), where.str());
        // The PAC lands in the PAC field only; the rest of the pointer and bit 55 are kept.
        BOOST_TEST_REQUIRE((s & ~l.pac_mask()) == (p & ~l.pac_mask()), where.str());
        BOOST_TEST_REQUIRE(pac::strip(cfg, s, data) == p, where.str());
        BOOST_TEST_REQUIRE(pref::strip(tcr, s, data) == p, where.str());
        BOOST_TEST_REQUIRE((pac::auth(cfg, s, mod, kp, id) == pac::auth_result{p, false}), where.str());
        BOOST_TEST_REQUIRE((pac::auth(cfg, s, mod, kp, id, true) == pac::auth_result{p, false}), where.str());

        // A wrong modifier. Whether the PAC bits collide is decided by the cipher itself.
        const std::uint64_t good = rc(p, mod), bad = rc(p, mod2);
        const auto a = pac::auth(cfg, s, mod2, kp, id);
        const auto ac = pac::auth(cfg, s, mod2, kp, id, true);
        BOOST_TEST_REQUIRE((a == ref_auth(tcr, level, s, mod2, rc, id, false)), where.str());
        BOOST_TEST_REQUIRE((ac == ref_auth(tcr, level, s, mod2, rc, id, true)), where.str());
        ++checked;
        if (((good ^ bad) & l.pac_mask()) == 0) {
          ++collisions;
          BOOST_TEST_REQUIRE((a == pac::auth_result{p, false}), where.str());
          continue;
        }
        if (level <= pac::feature_level::epac) {
          // Error code 01 (A key) or 10 (B key) at bits 54:53 (TBI) or 62:61.
          const unsigned at = l.tbi ? 53 : 61;
          const std::uint64_t code = pac::is_b_key(id) ? 2 : 1;
          BOOST_TEST_REQUIRE((a == pac::auth_result{(p & ~(3ull << at)) | (code << at), false}), where.str());
          BOOST_TEST_REQUIRE((ac == a), where.str());
        } else {
          // No error code: the result is non-canonical, and strips back to p.
          BOOST_TEST_REQUIRE(canonical(a.value, l) != a.value, where.str());
          BOOST_TEST_REQUIRE(pac::strip(cfg, a.value, data) == p, where.str());
          BOOST_TEST_REQUIRE(ac.value == a.value, where.str());
          BOOST_TEST_REQUIRE(a.fault == (level >= pac::feature_level::fpac), where.str());
          BOOST_TEST_REQUIRE(ac.fault == (level >= pac::feature_level::fpac_combined), where.str());
        }
      }
    }
  }
  BOOST_TEST(checked == 40 * 12 * 4);
  BOOST_TEST(collisions < checked / 20);  // PAC fields are 7 bits or wider: about 1 in 128 or fewer
}

// Non-canonical inputs to AddPAC (pac-spec 8.2 step 4) at each feature level, on every backend;
// AddPAC and Auth also against the reference model.
BOOST_DATA_TEST_CASE(non_canonical_add_pac, bdata::make(variants()) * bdata::make(pac_backends()), v, b) {
  const keyed_on keyed(b);
  const pac::algorithm alg = v.alg;
  const pac::feature_level level = v.level;
  std::mt19937_64 rng(77 + static_cast<unsigned>(alg) * 16 + static_cast<unsigned>(level));
  for (std::uint64_t tcr : record_tcrs) {
    const auto cfg = pac::config::from_tcr_el1(tcr, alg, level);
    for (int i = 0; i < 50; ++i) {
      const pac::key k{rng(), rng()};
      const pac::keyed_pac kp = keyed(alg, k);
      const pref::ref_cipher rc{alg, k};
      const std::uint64_t mod = rng();
      const pac::key_id id = key_ids[rng() % 4];
      const bool data = pac::is_data_key(id);
      const std::uint64_t r = rng();
      const pac::pointer_layout l = cfg.layout(r, data);
      std::uint64_t p = canonical(r, l);
      // Flip one bit of the extension field other than bit 55 (which would change the range).
      std::uint64_t bit;
      do bit = 1ull << (rng() % 64);
      while ((bit & l.pac_mask()) == 0);
      p ^= bit;
      const std::uint64_t s = pac::add_pac(cfg, p, mod, kp, id);
      std::ostringstream where;
      where << "tcr " << std::hex << tcr << " ptr " << p << " mod " << mod << " key " << int(id);
      BOOST_TEST_REQUIRE(s == pref::add_pac(tcr, level, p, mod, rc, data), where.str());
      if (level == pac::feature_level::epac) {
        BOOST_TEST_REQUIRE((s & l.pac_mask()) == 0, where.str());  // PAC 0
      }
      // Only inputs whose extension comes from bit 55 either way (TBI, or bit 63 == bit 55): with
      // neither, QEMU takes the extension from bit 63 and the signed pointer changes range.
      if (!l.tbi && ((p >> 63) & 1) != ((p >> 55) & 1)) continue;
      const std::uint64_t orig = canonical(p, l);
      const auto a = pac::auth(cfg, s, mod, kp, id);
      BOOST_TEST_REQUIRE((a == ref_auth(tcr, level, s, mod, rc, id, false)), where.str());
      const unsigned at = l.tbi ? 53 : 61;
      const std::uint64_t failed = (orig & ~(3ull << at)) | (std::uint64_t(pac::is_b_key(id) ? 2 : 1) << at);
      if (level == pac::feature_level::pauth) {
        // One PAC bit (54 or 62) flipped: AUT always fails.
        BOOST_TEST_REQUIRE((a == pac::auth_result{failed, false}), where.str());
      } else if (level == pac::feature_level::epac) {
        // PAC 0: AUT fails unless the true PAC bits are all zero.
        const bool zero = (rc(orig, mod) & l.pac_mask()) == 0;
        BOOST_TEST_REQUIRE((a == pac::auth_result{zero ? orig : failed, false}), where.str());
      } else {
        // PAuth2: PAC XOR pointer bits, so AUT gives the non-canonical pointer back, and FPAC
        // faults on it because it is not canonical.
        BOOST_TEST_REQUIRE((a == pac::auth_result{p, level >= pac::feature_level::fpac}), where.str());
      }
    }
  }
}

// Each cipher overload (the key, a callable, a keyed_pac bound to the backend) against the
// reference model: AddPAC of random pointers (canonical or not), Auth of the signed pointer and of
// a tampered one, plain and combined, and PACGA.
BOOST_DATA_TEST_CASE(cipher_overloads_match_reference, bdata::make(variants()) * bdata::make(pac_backends()),
                     v, b) {
  const keyed_on keyed(b);
  std::mt19937_64 rng(3);
  const pac::algorithm alg = v.alg;
  const pac::feature_level level = v.level;
  for (std::uint64_t tcr : record_tcrs) {
    const auto cfg = pac::config::from_tcr_el1(tcr, alg, level);
    const pac::key k{rng(), rng()};
    const pac::keyed_pac kp = keyed(alg, k);
    const auto f = [&kp](std::uint64_t d, std::uint64_t m) { return kp.compute(d, m); };
    const pref::ref_cipher rc{alg, k};
    for (int i = 0; i < 20; ++i) {
      const std::uint64_t p = rng(), m = rng();
      for (pac::key_id id : key_ids) {
        std::ostringstream where;
        where << "tcr " << std::hex << tcr << " ptr " << p << " mod " << m << " key " << int(id);
        const std::uint64_t want = pref::add_pac(tcr, level, p, m, rc, pac::is_data_key(id));
        BOOST_TEST(pac::add_pac(cfg, p, m, k, id) == want, where.str());
        BOOST_TEST(pac::add_pac(cfg, p, m, f, id) == want, where.str());
        BOOST_TEST(pac::add_pac(cfg, p, m, kp, id) == want, where.str());
        for (bool combined : {false, true}) {
          for (const std::uint64_t s : {want, want ^ (rng() & rng() & rng())}) {
            const pac::auth_result a = ref_auth(tcr, level, s, m, rc, id, combined);
            BOOST_TEST((pac::auth(cfg, s, m, k, id, combined) == a), where.str() << " auth " << s);
            BOOST_TEST((pac::auth(cfg, s, m, f, id, combined) == a), where.str() << " auth " << s);
            BOOST_TEST((pac::auth(cfg, s, m, kp, id, combined) == a), where.str() << " auth " << s);
          }
        }
      }
      const std::uint64_t want = pref::pacga(p, m, rc);
      BOOST_TEST(pac::pacga(cfg, p, m, k) == want);
      BOOST_TEST(pac::pacga(p, m, f) == want);
      BOOST_TEST(pac::pacga(p, m, kp) == want);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
