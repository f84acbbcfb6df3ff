// fuzz/fuzz_pac.cpp: Arm pointer authentication: the PAC/AUT/XPAC pointer model and ComputePAC,
// on the backend an input byte picks. Oracles from outside the code under test: a plain
// reference QARMA-64 and impdef hash written here from docs/pac-spec.md sections 3-7 (checked at
// start-up against the paper's nine QARMA-64 vectors, the spec's QARMA3 and impdef values), and
// a reference of the pointer layout written here from section 8.1 and the Arm TCR bit positions.
//
// op 0, the pointer model, for a configuration (TCR_EL1, a single-range TCR, or two explicit
// VA ranges; feature level FEAT_PAuth..FEAT_FPACCOMBINE; QARMA5/QARMA3/impdef; FEAT_TTST/LVA/
// LPA2), a key, a key id, a pointer and two modifiers:
//  * config.layout() == the reference layout; strip() sets the reference extension field to
//    bit 55 (XPAC), and is idempotent;
//  * for the canonical pointer c = strip(p): strip(add_pac(c)) == c, add_pac changes only the PAC
//    field, and auth(add_pac(c)) == c without a fault (plain and combined forms);
//  * a changed modifier, and a changed key: the 64-bit ComputePAC outputs differ (a collision
//    has probability 2^-64, treated as a finding), and auth fails exactly when the outputs
//    differ in the PAC field `cmp` (reference mask): FEAT_PAuth/EPAC give the stripped pointer
//    with error code 01/10 at bits 54:53 (TBI) or 62:61; PAuth2 and above give
//    c ^ ((pac ^ pac') & cmp), with the FPAC fault at fpac (plain) / fpac_combined (combined
//    too). When they agree in `cmp` (probability 2^-w for a w-bit field; w is 3 for a 52-bit VA
//    with TBI), auth legitimately succeeds: pac-spec 8.1 gives w = 3..47, so "a changed modifier
//    fails" cannot hold for every configuration. Where w >= 40 such a collision is also treated
//    as a finding (chance about 2^-40 per input, under 10^-3 for a billion-input run);
//  * a non-canonical pointer p whose bit 55 equals its extension bit (TBI, or bit 63 == bit 55):
//    auth(add_pac(p)) fails deterministically at FEAT_PAuth (the flipped PAC bit), fails at EPAC
//    exactly when the cipher output is non-zero in `cmp` (its field is 0), and at PAuth2 and above
//    returns p itself, faulting at the FPAC levels (pac-spec 8.2, 8.4);
//  * the key-struct overloads (cipher from the configuration) == the keyed_pac overloads; PACGA.
// op 1, batches: keyed_pac batch on every usable backend == its single calls == the reference, in
//    place too; mismatched spans are bad_length, a short output short_output, a partial overlap
//    overlap, and nothing is written; pac::compute one-shot and batch == the reference.
// op 2, the general QARMA-64: pac::qarma64 on every backend == the reference for rounds 1..8 and
//    sigma0/1/2; rounds 0, 9+ and unknown S-boxes are bad_argument; r=5/sigma2 == QARMA5 and
//    r=3/sigma1 == QARMA3 ComputePAC.
//
// Input layout: op, then per op (see decode_* below) bytes and little-endian u64s.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "fastprim/pac.hpp"
#include "fuzz.hpp"
#include "support/pac_ref.hpp"

namespace {

namespace pac = fastprim::pac;
using fastprim::backend;
using fastprim::errc;
using fastprim::primitive;
using u64 = std::uint64_t;

// ---- reference ComputePAC (test/support/pac_ref.hpp: pac-spec sections 3-7, plain and slow) ----
namespace ref {
using namespace fastprim_test::pac_ref;

// The reference itself must reproduce the published values (pac-spec sections 5-7), or every
// comparison below would be meaningless.
bool self_check() {
  for (const paper_vector& v : paper_vectors)
    if (qarma(paper_p, paper_t, paper_key.hi, paper_key.lo, v.rounds, v.s) != v.c) return false;
  return impdef(paper_p, paper_t, paper_key) == paper_impdef &&
         (std::rotr(paper_key.hi, 1) ^ (paper_key.hi >> 63)) == 0xc25f42e74c0274a4;
}

}  // namespace ref

// ---- reference pointer layout (pac-spec 8.1; TCR bit positions from the Arm ARM) ------------------
struct ref_range {
  unsigned txsz;
  bool tbi, tbid, ds;
  unsigned gran;  // 4, 16 or 64 (KB)
};
struct ref_config {
  ref_range r[2];  // [bit 55]
  pac::translation_features f;
};

unsigned ref_tsz(const ref_range& r, const pac::translation_features& f) {
  const unsigned max = f.ttst ? (r.gran == 64 ? 47 : 48) : 39;
  const unsigned min = (r.gran == 64 && f.lva) || (r.gran != 64 && r.ds && f.lpa2) ? 12 : 16;
  return r.txsz < min ? min : r.txsz > max ? max : r.txsz;
}

// The PAC field of `ptr` (bit 55 excluded) and the extension field (bit 55 included).
struct ref_layout {
  unsigned bottom;
  bool tbi;
  u64 ext_mask() const {
    const unsigned top = tbi ? 56 : 64;
    u64 m = 0;
    for (unsigned b = bottom; b < top; ++b) m |= u64{1} << b;
    return m;
  }
  u64 cmp() const { return ext_mask() & ~(u64{1} << 55); }
};
ref_layout layout_of(const ref_config& c, u64 ptr, bool data) {
  const ref_range& r = c.r[(ptr >> 55) & 1];
  return {64 - ref_tsz(r, c.f), r.tbi && (data || !r.tbid)};
}

unsigned bits(u64 v, unsigned lo, unsigned n) { return unsigned(v >> lo) & ((1u << n) - 1); }

// ---- decoding ------------------------------------------------------------------------------------
struct setup {
  pac::config cfg;
  ref_config rc;
  pac::algorithm alg;
  pac::feature_level level;
};

setup decode_config(fuzz::input& in) {
  const unsigned kind = in.below(3);
  const u64 tcr = in.u64();
  const auto alg = static_cast<pac::algorithm>(in.below(3));
  const auto level = static_cast<pac::feature_level>(1 + in.below(5));
  const std::uint8_t fb = in.u8();
  const pac::translation_features f{(fb & 1) != 0, (fb & 2) != 0, (fb & 4) != 0};
  ref_config rc{{}, f};
  switch (kind) {
    case 0: {  // TCR_EL1: T0SZ [5:0], TG0 [15:14], T1SZ [21:16], TG1 [31:30], TBI0/1 37/38, TBID0/1 51/52, DS
               // 59
      constexpr unsigned tg0[4] = {4, 64, 16, 4}, tg1[4] = {4, 16, 4, 64};
      const bool ds = bits(tcr, 59, 1);
      rc.r[0] = {bits(tcr, 0, 6), bits(tcr, 37, 1) != 0, bits(tcr, 51, 1) != 0, ds, tg0[bits(tcr, 14, 2)]};
      rc.r[1] = {bits(tcr, 16, 6), bits(tcr, 38, 1) != 0, bits(tcr, 52, 1) != 0, ds, tg1[bits(tcr, 30, 2)]};
      return {pac::config::from_tcr_el1(tcr, alg, level, f), rc, alg, level};
    }
    case 1: {  // single range: T0SZ [5:0], TG0 [15:14], TBI 20, TBID 29, DS 32
      constexpr unsigned tg0[4] = {4, 64, 16, 4};
      rc.r[0] = rc.r[1] = {bits(tcr, 0, 6), bits(tcr, 20, 1) != 0, bits(tcr, 29, 1) != 0,
                           bits(tcr, 32, 1) != 0, tg0[bits(tcr, 14, 2)]};
      return {pac::config::from_tcr_single_range(tcr, alg, level, f), rc, alg, level};
    }
    default: {  // two explicit ranges, TxSZ from a whole byte (clamping of out-of-range values)
      pac::va_range v[2];
      constexpr pac::granule g[3] = {pac::granule::k4, pac::granule::k16, pac::granule::k64};
      constexpr unsigned gk[3] = {4, 16, 64};
      for (int i = 0; i < 2; ++i) {
        const unsigned txsz = (tcr >> (16 * i)) & 0xff;
        const unsigned fl = (tcr >> (16 * i + 8)) & 0xff;
        const unsigned gi = (fl >> 3) % 3;
        v[i] = {txsz, (fl & 1) != 0, (fl & 2) != 0, g[gi], (fl & 4) != 0};
        rc.r[i] = {txsz, (fl & 1) != 0, (fl & 2) != 0, (fl & 4) != 0, gk[gi]};
      }
      return {pac::config(v[0], v[1], alg, level, f), rc, alg, level};
    }
  }
}

pac::key decode_key(fuzz::input& in) {
  const u64 lo = in.u64();
  return {lo, in.u64()};
}

// A keyed_pac bound to the backend `b` (pinned while it is built).
pac::keyed_pac keyed_on(backend b, pac::algorithm a, pac::key k) {
  fuzz::pinned<primitive::pac> pin{b};
  pac::keyed_pac kp{a, k};
  FUZZ_CHECK(kp.backend() == b && kp.algorithm() == a);
  return kp;
}

void report(const setup& s, u64 ptr, u64 mod, pac::key k, pac::key_id id) {
  std::fprintf(stderr, "  alg %u level %u key %016llx:%016llx id %u ptr %016llx mod %016llx\n",
               unsigned(s.alg), unsigned(s.level), (unsigned long long)k.hi, (unsigned long long)k.lo,
               unsigned(id), (unsigned long long)ptr, (unsigned long long)mod);
  for (int r = 0; r < 2; ++r)
    std::fprintf(stderr, "  range %d: txsz %u tbi %d tbid %d ds %d granule %uK\n", r, s.rc.r[r].txsz,
                 s.rc.r[r].tbi, s.rc.r[r].tbid, s.rc.r[r].ds, s.rc.r[r].gran);
}

// ---- op 0: the pointer model ------------------------------------------------------------------------
// What auth must give for a pointer signed for `c` (canonical) with cipher output `pac`, presented
// with a modifier/key whose output is `pac2`.
pac::auth_result expected_auth(const setup& s, const ref_layout& l, u64 c, u64 pac, u64 pac2, pac::key_id id,
                               bool combined) {
  const u64 diff = (pac ^ pac2) & l.cmp();
  if (s.level >= pac::feature_level::pauth2) {
    const auto faults_at = combined ? pac::feature_level::fpac_combined : pac::feature_level::fpac;
    return {c ^ diff, diff != 0 && s.level >= faults_at};
  }
  if (diff == 0) return {c, false};
  const unsigned at = l.tbi ? 53 : 61;
  return {(c & ~(u64{3} << at)) | (u64(pac::is_b_key(id) ? 2 : 1) << at), false};
}

void fuzz_pointer(fuzz::input& in) {
  const setup s = decode_config(in);
  const backend b = fuzz::pick_backend<primitive::pac>(in.u8());
  const pac::key k = decode_key(in);
  u64 kdelta = in.u64();
  const auto id = static_cast<pac::key_id>(in.below(4));
  const bool combined = in.flag();
  const u64 ptr = in.u64();
  const u64 mod = in.u64();
  u64 mdelta = in.u64();
  if (kdelta == 0) kdelta = 1;
  if (mdelta == 0) mdelta = 1;
  const pac::key k2{k.lo ^ kdelta, k.hi ^ std::rotl(kdelta, 17)};
  const u64 mod2 = mod ^ mdelta;
  const bool data = pac::is_data_key(id);
  const pac::keyed_pac kp = keyed_on(b, s.alg, k);
  const pac::keyed_pac kp2 = keyed_on(b, s.alg, k2);
  const auto ctx = [&] { report(s, ptr, mod, k, id); };

  // Layout and strip.
  const ref_layout l = layout_of(s.rc, ptr, data);
  const pac::pointer_layout got = s.cfg.layout(ptr, data);
  FUZZ_CHECK_OR(got.bottom == l.bottom && got.tbi == l.tbi && got.pac_mask() == l.cmp(), ctx());
  const u64 ext = ((ptr >> 55) & 1) ? l.ext_mask() : 0;
  const u64 c = (ptr & ~l.ext_mask()) | ext;
  FUZZ_CHECK_OR(pac::strip(s.cfg, ptr, data) == c, ctx());
  FUZZ_CHECK(pac::strip(s.cfg, c, data) == c);

  // The canonical pointer round trip.
  const u64 signed_c = pac::add_pac(s.cfg, c, mod, kp, id);
  FUZZ_CHECK_OR(pac::strip(s.cfg, signed_c, data) == c, ctx());
  FUZZ_CHECK_OR(((signed_c ^ c) & ~l.cmp()) == 0, ctx());
  FUZZ_CHECK_OR((pac::auth(s.cfg, signed_c, mod, kp, id, combined) == pac::auth_result{c, false}), ctx());
  FUZZ_CHECK_OR((pac::auth(s.cfg, signed_c, mod, kp, id, !combined) == pac::auth_result{c, false}), ctx());
  // The field holds the reference cipher output (PAuth2: XORed with the pointer).
  const u64 pac1 = ref::compute(s.alg, c, mod, k);
  FUZZ_CHECK_OR(kp.compute(c, mod) == pac1, ctx());
  const u64 field = (s.level >= pac::feature_level::pauth2 ? pac1 ^ c : pac1) & l.cmp();
  FUZZ_CHECK_OR((signed_c & l.cmp()) == field, ctx());

  // A changed modifier and a changed key.
  const unsigned width = static_cast<unsigned>(std::popcount(l.cmp()));
  for (int which = 0; which < 2; ++which) {
    const u64 pac2 = which == 0 ? kp.compute(c, mod2) : kp2.compute(c, mod);
    FUZZ_CHECK_OR(pac2 == (which == 0 ? ref::compute(s.alg, c, mod2, k) : ref::compute(s.alg, c, mod, k2)),
                  ctx());
    FUZZ_CHECK_OR(pac2 != pac1, ctx());  // 2^-64
    if (width >= 40) FUZZ_CHECK_OR(((pac1 ^ pac2) & l.cmp()) != 0, ctx());
    const auto want = expected_auth(s, l, c, pac1, pac2, id, combined);
    const auto a = which == 0 ? pac::auth(s.cfg, signed_c, mod2, kp, id, combined)
                              : pac::auth(s.cfg, signed_c, mod, kp2, id, combined);
    FUZZ_CHECK_OR(a == want,
                  (ctx(), std::fprintf(stderr, "  %s: auth %016llx fault %d, expected %016llx %d\n",
                                       which == 0 ? "modifier" : "key", (unsigned long long)a.value, a.fault,
                                       (unsigned long long)want.value, want.fault)));
  }

  // A non-canonical pointer whose range does not change when signed.
  const unsigned ext_bit = l.tbi ? 55 : 63;
  if (ptr != c && ((ptr >> ext_bit) & 1) == ((ptr >> 55) & 1)) {
    const u64 sp = pac::add_pac(s.cfg, ptr, mod, kp, id);
    const auto a = pac::auth(s.cfg, sp, mod, kp, id, combined);
    pac::auth_result want{};
    if (s.level >= pac::feature_level::pauth2) {
      const auto faults_at = combined ? pac::feature_level::fpac_combined : pac::feature_level::fpac;
      want = {ptr, s.level >= faults_at};
    } else {
      const u64 real = ref::compute(s.alg, c, mod, k);
      // PAuth: one PAC bit flipped, so auth always fails; EPAC: PAC 0, so it fails unless the
      // real output is 0 in the field.
      const u64 presented =
          s.level == pac::feature_level::epac ? 0 : real ^ (u64{1} << ((l.tbi ? 56 : 64) - 2));
      want = expected_auth(s, l, c, real, presented, id, combined);
      if (s.level == pac::feature_level::pauth) FUZZ_CHECK(want.value != c);
    }
    FUZZ_CHECK_OR(
        a == want,
        (ctx(),
         std::fprintf(stderr, "  non-canonical: auth %016llx fault %d, expected %016llx %d\n",
                      (unsigned long long)a.value, a.fault, (unsigned long long)want.value, want.fault)));
  }

  // The key-struct overloads use cfg.cipher() and a one-shot computation.
  FUZZ_CHECK(pac::add_pac(s.cfg, ptr, mod, k, id) == pac::add_pac(s.cfg, ptr, mod, kp, id));
  FUZZ_CHECK(pac::auth(s.cfg, signed_c, mod2, k, id, combined) ==
             pac::auth(s.cfg, signed_c, mod2, kp, id, combined));
  FUZZ_CHECK(pac::pacga(s.cfg, ptr, mod, k) == (ref::compute(s.alg, ptr, mod, k) & 0xFFFFFFFF00000000u));
  FUZZ_CHECK(pac::pacga(ptr, mod, kp) == pac::pacga(s.cfg, ptr, mod, k));
}

// ---- op 1: batches -------------------------------------------------------------------------------------
void fuzz_batch(fuzz::input& in) {
  const auto alg = static_cast<pac::algorithm>(in.below(3));
  const pac::key k = decode_key(in);
  const std::size_t n = in.below(65);
  const std::uint8_t shape = in.u8();
  std::vector<u64> d(n), m(n), want(n);
  for (std::size_t i = 0; i < n; ++i) {
    d[i] = in.u64();
    m[i] = in.u64();
    want[i] = ref::compute(alg, d[i], m[i], k);
  }
  for (std::size_t i = 0; i < n; ++i) FUZZ_CHECK(pac::compute(alg, d[i], m[i], k) == want[i]);
  {
    std::vector<u64> out(n + 1, 0x5a5a);
    FUZZ_CHECK(pac::compute(alg, d, m, k, std::span(out).first(n)).has_value());
    FUZZ_CHECK(std::equal(want.begin(), want.end(), out.begin()) && out[n] == 0x5a5a);
  }
  for (backend b : fuzz::backends<primitive::pac>()) {
    const pac::keyed_pac kp = keyed_on(b, alg, k);
    std::vector<u64> out(n + 1, 0x5a5a);
    FUZZ_CHECK(kp.compute(d, m, std::span(out).first(n)).has_value());
    for (std::size_t i = 0; i < n; ++i)
      FUZZ_CHECK_OR(out[i] == want[i] && kp.compute(d[i], m[i]) == want[i],
                    std::fprintf(stderr, "  backend %s alg %u i %zu: %016llx, reference %016llx\n",
                                 std::string(fastprim::to_string(b)).c_str(), unsigned(alg), i,
                                 (unsigned long long)out[i], (unsigned long long)want[i]));
    FUZZ_CHECK(out[n] == 0x5a5a);
    // In place, over the data or the modifiers.
    std::vector<u64> io = (shape & 1) ? m : d;
    FUZZ_CHECK(((shape & 1) ? kp.compute(d, io, io) : kp.compute(io, m, io)).has_value());
    FUZZ_CHECK(io == want);
    if (n == 0) continue;
    // Errors write nothing.
    std::vector<u64> buf(3 * n + 2, 0x77);
    const auto unchanged = [&] {
      return std::all_of(buf.begin(), buf.end(), [](u64 x) { return x == 0x77; });
    };
    FUZZ_CHECK(kp.compute(std::span(d).first(n - 1), m, std::span(buf).first(n)).code() == errc::bad_length);
    FUZZ_CHECK(kp.compute(d, m, std::span(buf).first(n - 1)).code() == errc::short_output);
    FUZZ_CHECK(unchanged());
    if (n >= 2) {
      const std::size_t shift = 1 + (shape >> 1) % (n - 1);  // 1 <= shift < n: a partial overlap
      std::copy(d.begin(), d.end(), buf.begin() + static_cast<std::ptrdiff_t>(n));
      const std::vector<u64> before = buf;
      const auto src = std::span<const u64>(buf).subspan(n, n);
      const auto dst = std::span(buf).subspan((shape & 1) ? n + shift : n - shift, n);
      FUZZ_CHECK(kp.compute(src, m, dst).code() == errc::overlap);
      FUZZ_CHECK(kp.compute(d, src, dst).code() == errc::overlap);
      FUZZ_CHECK(buf == before);
    }
  }
}

// ---- op 2: the general QARMA-64 ------------------------------------------------------------------------
void fuzz_qarma64(fuzz::input& in) {
  const u64 p = in.u64(), t = in.u64();
  const pac::key k = decode_key(in);
  const unsigned rounds = in.below(11);
  const unsigned s = in.below(4);
  for (backend b : fuzz::backends<primitive::pac>()) {
    fuzz::pinned<primitive::pac> pin{b};
    const auto r = pac::qarma64(p, t, k, rounds, static_cast<pac::sbox>(s));
    if (rounds < 1 || rounds > 8 || s > 2) {
      FUZZ_CHECK(r.code() == errc::bad_argument);
      continue;
    }
    FUZZ_CHECK_OR(r.has_value() && *r == ref::qarma(p, t, k.hi, k.lo, rounds, static_cast<pac::sbox>(s)),
                  std::fprintf(stderr, "  backend %s r %u sbox %u\n",
                               std::string(fastprim::to_string(b)).c_str(), rounds, s));
    if (rounds == 5 && s == 2) FUZZ_CHECK(*r == pac::compute(pac::algorithm::qarma5, p, t, k));
    if (rounds == 3 && s == 1) FUZZ_CHECK(*r == pac::compute(pac::algorithm::qarma3, p, t, k));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool reference_ok = ref::self_check();
  FUZZ_CHECK(reference_ok);
  fuzz::input in{data, size};
  switch (in.below(3)) {
    case 0:
      fuzz_pointer(in);
      break;
    case 1:
      fuzz_batch(in);
      break;
    default:
      fuzz_qarma64(in);
      break;
  }
  return 0;
}
