// fastprim/pac/pointer.hpp: the Arm pointer-authentication instructions on top of ComputePAC,
// with QEMU's semantics, for emulators: AddPAC (PACIA/PACIB/PACDA/PACDB and their Z/SP/1716
// forms), Auth (AUTIA/AUTIB/AUTDA/AUTDB, including the FPAC fault of the plain and combined
// forms), Strip (XPACI/XPACD/XPACLRI) and PACGA, for the EL1&0 regime and for single-range
// regimes, at every feature level from FEAT_PAuth to FEAT_FPACCOMBINE.
// ISA: portable C++; the cipher is fastprim/pac/compute.hpp's (keyed_pac or compute) or any
// callable the caller passes.
// Constant-time: as constant-time as the cipher. The code here branches on the translation
// configuration and on public pointer bits (bit 55, canonical or not), never on a PAC or the
// outcome of an authentication (selected by mask), and never indexes memory by a secret
// (test/ct checks it under valgrind memcheck).
// Reference: docs/pac-spec.md section 8 (QEMU target/arm/tcg/pauth_helper.c and
// aa64_va_parameters), section 9 for the QEMU 7.2 records the tests reproduce.
#pragma once

#include <concepts>
#include <cstdint>
#include <type_traits>

#include "fastprim/detail/config.hpp"
#include "fastprim/pac/compute.hpp"

FASTPRIM_NAMESPACE_BEGIN
namespace pac {

// The FEAT_PAuth level the emulated CPU implements. The values are those of the ID_AA64ISAR1_EL1
// APA/API fields (and ID_AA64ISAR2_EL1.APA3), so `feature_level(apa)` converts a field value.
// QEMU 7.2 `-cpu max` is at `pauth`; QEMU 8.0 and later `-cpu max` is at `fpac_combined`.
enum class feature_level : std::uint8_t {
  pauth = 1,          // FEAT_PAuth: a non-canonical AddPAC input flips one PAC bit; failed AUT
                      // writes a 2-bit error code
  epac = 2,           // FEAT_EPAC: a non-canonical AddPAC input gives PAC 0
  pauth2 = 3,         // FEAT_PAuth2: the PAC is XORed into the pointer; no error code
  fpac = 4,           // FEAT_FPAC: a failed plain AUT* faults (ESR EC 0x1C)
  fpac_combined = 5,  // FEAT_FPACCOMBINE: the combined forms (RETAA, BRAA, LDRAA...) fault too
};

// The key an AddPAC/Auth instruction uses. Bit 0 = B key, bit 1 = data key. The value equals
// bits [11:10] of the opcode of PACIA..AUTDB (data-processing, 1 source), so an instruction
// decoder can write `key_id(opcode & 3)`, and the two bits of the FPAC syndrome (fpac_esr).
enum class key_id : std::uint8_t { ia = 0, ib = 1, da = 2, db = 3 };

constexpr bool is_data_key(key_id k) noexcept { return (static_cast<unsigned>(k) & 2) != 0; }
constexpr bool is_b_key(key_id k) noexcept { return (static_cast<unsigned>(k) & 1) != 0; }

// Translation granule of one VA range (TCR.TG0/TG1). Only the clamping of TxSZ depends on it.
enum class granule : std::uint8_t { k4, k16, k64 };

// Translation features of the emulated CPU that bound TxSZ (pac-spec 8.1). The defaults are those
// of QEMU `-cpu max` (7.2 to 10.x): FEAT_TTST, FEAT_LVA and FEAT_LPA2 present.
struct translation_features {
  bool ttst = true;  // FEAT_TTST: TxSZ up to 48 (47 with 64K pages) instead of 39
  bool lva = true;   // FEAT_LVA: TxSZ down to 12 with 64K pages
  bool lpa2 = true;  // FEAT_LPA2 (4K and 16K granules): TxSZ down to 12 when TCR.DS = 1
};

// One VA range as the TCR describes it, before clamping.
struct va_range {
  unsigned txsz = 16;  // T0SZ or T1SZ (6 bits)
  bool tbi = false;    // TBI0/TBI1: top byte ignored
  bool tbid = false;   // TBID0/TBID1: TBI applies to data accesses only (instruction keys ignore TBI)
  granule gran = granule::k4;
  bool ds = false;  // TCR.DS (FEAT_LPA2 52-bit addresses with 4K/16K pages)
};

// Where the PAC goes in one pointer: bits [bottom, top) are the extension/PAC field, bit 55
// excluded. bottom = 64 - clamped TxSZ; top = 56 with TBI, else 64.
struct pointer_layout {
  std::uint8_t bottom = 48;
  bool tbi = false;
  constexpr unsigned top() const noexcept { return tbi ? 56u : 64u; }
  // Bits [bottom, top), bit 55 included: what Strip overwrites with the extension.
  constexpr std::uint64_t extension_mask() const noexcept {
    const std::uint64_t below_top = tbi ? (std::uint64_t{1} << 56) - 1 : ~std::uint64_t{0};
    return below_top & ~((std::uint64_t{1} << bottom) - 1);
  }
  // The PAC bits proper: the extension field without bit 55.
  constexpr std::uint64_t pac_mask() const noexcept { return extension_mask() & ~(std::uint64_t{1} << 55); }
};

// The pointer-authentication configuration of an emulated CPU: the cipher, the feature level and
// the resolved layout of both VA ranges for instruction and data keys. Cheap to build (a few
// shifts), trivially copyable; rebuild it when the guest writes TCR_ELx or switches regime.
class config {
 public:
  // TCR_EL1 = 0 (T0SZ = T1SZ = 0, clamped to 16: 48-bit VAs, no TBI), QARMA5, FEAT_PAuth: QEMU
  // 7.2 `-cpu max` before the guest programs TCR_EL1.
  constexpr config() noexcept : config(from_tcr_el1(0, algorithm::qarma5, feature_level::pauth)) {}

  // EL1&0 regime (and EL2&0 with HCR_EL2.E2H = 1): two ranges chosen by pointer bit 55.
  // Bit fields read (QEMU aa64_va_parameters): T0SZ [5:0], TG0 [15:14], T1SZ [21:16],
  // TG1 [31:30], TBI0 37, TBI1 38, TBID0 51, TBID1 52, DS 59. `tcr_el1` is the value the
  // records of pac-spec section 9 carry.
  static constexpr config from_tcr_el1(std::uint64_t tcr_el1, algorithm alg, feature_level level,
                                       translation_features f = {}) noexcept {
    const auto bit = [tcr_el1](unsigned n) { return ((tcr_el1 >> n) & 1) != 0; };
    constexpr granule tg0[4] = {granule::k4, granule::k64, granule::k16, granule::k4};
    constexpr granule tg1[4] = {granule::k4, granule::k16, granule::k4, granule::k64};
    const va_range lower{unsigned(tcr_el1 & 63), bit(37), bit(51), tg0[(tcr_el1 >> 14) & 3], bit(59)};
    const va_range upper{unsigned((tcr_el1 >> 16) & 63), bit(38), bit(52), tg1[(tcr_el1 >> 30) & 3], bit(59)};
    return config(lower, upper, alg, level, f);
  }

  // Single-range regimes (EL2 with E2H = 0, EL3): T0SZ [5:0], TG0 [15:14], TBI 20, TBID 29,
  // DS 32. Bit 55 still chooses the extension value, not the parameters.
  static constexpr config from_tcr_single_range(std::uint64_t tcr, algorithm alg, feature_level level,
                                                translation_features f = {}) noexcept {
    const auto bit = [tcr](unsigned n) { return ((tcr >> n) & 1) != 0; };
    constexpr granule tg0[4] = {granule::k4, granule::k64, granule::k16, granule::k4};
    const va_range r{unsigned(tcr & 63), bit(20), bit(29), tg0[(tcr >> 14) & 3], bit(32)};
    return config(r, r, alg, level, f);
  }

  // `lower` is used for pointers with bit 55 = 0, `upper` for bit 55 = 1. An unimplemented
  // granule encoding counts as 4K, as QEMU does for `-cpu max`.
  constexpr config(va_range lower, va_range upper, algorithm alg, feature_level level,
                   translation_features f = {}) noexcept
      : alg_(alg), level_(level) {
    const va_range r[2] = {lower, upper};
    for (int select = 0; select < 2; ++select) {
      const unsigned tsz = clamp_tsz(r[select], f);
      for (int data = 0; data < 2; ++data) {
        // Instruction keys and strips: TBI only where TBID is clear. Data keys ignore TBID.
        const bool tbi = r[select].tbi && (data || !r[select].tbid);
        layout_[data][select] = pointer_layout{static_cast<std::uint8_t>(64 - tsz), tbi};
      }
    }
  }

  constexpr algorithm cipher() const noexcept { return alg_; }
  constexpr feature_level level() const noexcept { return level_; }

  // The layout that applies to `ptr` (its bit 55 picks the range) for a data or instruction key.
  constexpr pointer_layout layout(std::uint64_t ptr, bool data) const noexcept {
    return layout_[data ? 1 : 0][(ptr >> 55) & 1];
  }

 private:
  static constexpr unsigned clamp_tsz(const va_range& r, translation_features f) noexcept {
    const unsigned max = f.ttst ? (r.gran == granule::k64 ? 47u : 48u) : 39u;
    unsigned min = 16;
    if (r.gran == granule::k64 ? f.lva : (r.ds && f.lpa2)) min = 12;
    return r.txsz < min ? min : (r.txsz > max ? max : r.txsz);
  }

  pointer_layout layout_[2][2]{};  // [data][bit 55]
  algorithm alg_;
  feature_level level_;
};

// The cipher of the templated overloads: a keyed_pac (its own algorithm and key; the fastest way,
// the key schedule is built once), or any callable mapping (data, modifier) to the 64-bit
// ComputePAC output, e.g. `[&](std::uint64_t d, std::uint64_t m) { return my_cipher(d, m); }`.
template <class C>
concept pac_cipher = std::is_invocable_r_v<std::uint64_t, const C&, std::uint64_t, std::uint64_t> ||
    requires(const C& c, std::uint64_t d, std::uint64_t m) {
  { c.compute(d, m) } -> std::convertible_to<std::uint64_t>;
};

// Result of Auth. `value` is the register result. When `fault` is set, FEAT_FPAC/FPACCOMBINE
// requires a synchronous exception (syndrome: fpac_esr) and the destination register must be left
// unwritten; `value` then holds the failed (non-canonical) pointer for diagnostics.
struct auth_result {
  std::uint64_t value;
  bool fault;
  friend constexpr bool operator==(const auth_result&, const auth_result&) = default;
};

// ESR_ELx value of the FPAC exception: EC 0x1C, IL = 1, ISS[1] = data key, ISS[0] = B key
// (QEMU syn_pacfail).
constexpr std::uint32_t fpac_esr(key_id k) noexcept {
  return (std::uint32_t{0x1C} << 26) | (std::uint32_t{1} << 25) | static_cast<std::uint32_t>(k);
}

}  // namespace pac

namespace detail {
template <fastprim::pac::pac_cipher C>
constexpr std::uint64_t pac_call(const C& c, std::uint64_t data, std::uint64_t modifier) noexcept {
  if constexpr (std::is_invocable_r_v<std::uint64_t, const C&, std::uint64_t, std::uint64_t>)
    return c(data, modifier);
  else
    return c.compute(data, modifier);
}
// Every bit of `mask` set to bit `ext_bit` of `ptr`.
constexpr std::uint64_t pac_extend(std::uint64_t ptr, std::uint64_t mask, unsigned ext_bit) noexcept {
  return ((ptr >> ext_bit) & 1) ? (ptr | mask) : (ptr & ~mask);
}
}  // namespace detail

namespace pac {

// XPACI (`data` = false) / XPACD (`data` = true): the extension field [bottom, top) set to
// bit 55; with TBI the top byte is kept. Not gated by SCTLR_ELx.En*.
constexpr std::uint64_t strip(const config& cfg, std::uint64_t ptr, bool data) noexcept {
  return detail::pac_extend(ptr, cfg.layout(ptr, data).extension_mask(), 55);
}

// PACIA/PACIB/PACDA/PACDB and their Z/SP/1716/LR forms: `ptr` signed with `modifier` by `f`,
// the cipher holding the key of `id` (APIAKey for PACIA...); cfg.cipher() is not used. The
// caller handles SCTLR_ELx.EnIA/EnIB/EnDA/EnDB: a disabled key leaves the register unchanged.
// Emulator use: `keyed_pac ia{alg, key};` when the guest writes APIAKey, then
// `x = add_pac(cfg, x, y, ia, key_id::ia);`.
template <pac_cipher F>
constexpr std::uint64_t add_pac(const config& cfg, std::uint64_t ptr, std::uint64_t modifier, const F& f,
                                key_id id) noexcept {
  const pointer_layout l = cfg.layout(ptr, is_data_key(id));
  const std::uint64_t field = l.extension_mask();
  // QEMU's extension bit: bit 55 with TBI, else bit 63 (the Arm ARM differs, pac-spec 8.7).
  const unsigned ext_bit = l.tbi ? 55 : 63;
  const std::uint64_t ext_ptr = detail::pac_extend(ptr, field, ext_bit);
  std::uint64_t pac = detail::pac_call(f, ext_ptr, modifier);
  if (ext_ptr != ptr && cfg.level() < feature_level::pauth2) {  // non-canonical input
    if (cfg.level() == feature_level::epac)
      pac = 0;
    else
      pac ^= std::uint64_t{1} << (l.top() - 2);  // bit 54 or 62: a later AUT fails
  }
  if (cfg.level() >= feature_level::pauth2) pac ^= ptr;
  const std::uint64_t ext55 = ((ptr >> ext_bit) & 1) << 55;
  return (ptr & ~field) | ext55 | (pac & l.pac_mask());
}

// The same with the cipher named by cfg.cipher() and the key `k` (APIAKey for PACIA, ...). This
// prepares the key on every call; a keyed_pac is faster for a key used more than once.
inline std::uint64_t add_pac(const config& cfg, std::uint64_t ptr, std::uint64_t modifier, const key& k,
                             key_id id) noexcept {
  const algorithm alg = cfg.cipher();
  return add_pac(
      cfg, ptr, modifier, [alg, &k](std::uint64_t d, std::uint64_t m) { return pac::compute(alg, d, m, k); },
      id);
}

// AUTIA/AUTIB/AUTDA/AUTDB and their Z/SP/1716/LR forms, with the cipher `f` holding the key of
// `id` (cfg.cipher() is not used); SCTLR_ELx.En* as for add_pac. `combined` = true for the combined
// instructions (RETAA, BRAA, BLRAA, ERETAA, LDRAA...), which fault only at fpac_combined.
// FEAT_PAuth/EPAC: on failure the stripped pointer with error code 01 (A key) or 10 (B key) at
// bits 54:53 (TBI) or 62:61. FEAT_PAuth2 and above: ptr XOR the PAC bits, then the FPAC check.
template <pac_cipher F>
constexpr auth_result auth(const config& cfg, std::uint64_t ptr, std::uint64_t modifier, const F& f,
                           key_id id, bool combined = false) noexcept {
  const pointer_layout l = cfg.layout(ptr, is_data_key(id));
  const std::uint64_t cmp = l.pac_mask();
  const std::uint64_t orig = detail::pac_extend(ptr, l.extension_mask(), 55);
  const std::uint64_t pac = detail::pac_call(f, orig, modifier);
  if (cfg.level() >= feature_level::pauth2) {
    const std::uint64_t result = ptr ^ (pac & cmp);
    const feature_level faults_at = combined ? feature_level::fpac_combined : feature_level::fpac;
    const std::uint64_t ext = ((result >> 55) & 1) ? ~std::uint64_t{0} : 0;
    return {result, cfg.level() >= faults_at && ((result ^ ext) & cmp) != 0};
  }
  // The comparison selects by mask, without a branch: the recomputed PAC is secret, and only the
  // returned pointer may reveal whether it matched.
  const std::uint64_t fail = std::uint64_t{0} - std::uint64_t{((pac ^ ptr) & cmp) != 0};
  const unsigned at = l.tbi ? 53 : 61;
  const std::uint64_t code = is_b_key(id) ? 2 : 1;
  const std::uint64_t failed = (orig & ~(std::uint64_t{3} << at)) | (code << at);
  return {orig ^ ((orig ^ failed) & fail), false};
}

// The same with the cipher named by cfg.cipher() and the key `k` (prepared on every call).
inline auth_result auth(const config& cfg, std::uint64_t ptr, std::uint64_t modifier, const key& k, key_id id,
                        bool combined = false) noexcept {
  const algorithm alg = cfg.cipher();
  return auth(
      cfg, ptr, modifier, [alg, &k](std::uint64_t d, std::uint64_t m) { return pac::compute(alg, d, m, k); },
      id, combined);
}

// PACGA Xd, Xn, Xm|SP: the upper 32 bits of ComputePAC(x, y, APGAKey), low half zero, with `f`
// holding APGAKey. Not gated by SCTLR_ELx; independent of the translation configuration.
template <pac_cipher F>
constexpr std::uint64_t pacga(std::uint64_t x, std::uint64_t y, const F& f) noexcept {
  return detail::pac_call(f, x, y) & 0xFFFFFFFF00000000u;
}

// The same with the cipher named by cfg.cipher() and the key `ga`.
inline std::uint64_t pacga(const config& cfg, std::uint64_t x, std::uint64_t y, const key& ga) noexcept {
  return pac::compute(cfg.cipher(), x, y, ga) & 0xFFFFFFFF00000000u;
}

}  // namespace pac
FASTPRIM_NAMESPACE_END
