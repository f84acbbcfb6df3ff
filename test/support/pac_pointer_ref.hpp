// A plain reference of the pointer-authentication instructions (AddPAC, Auth, Strip, PACGA) for
// the EL1&0 regime, transcribed from pac-spec section 8 (QEMU's semantics) one bit at a time:
// independent of fastprim/pac/pointer.hpp (no layouts, masks or configs of its own kind), for
// the tests to compare every backend's results with. The cipher is a parameter, normally
// pac_ref::compute. Translation features: QEMU `-cpu max`'s (FEAT_TTST, FEAT_LVA, FEAT_LPA2).
// test_pac_pointer checks this model against every record of real QEMU 7.2 (FEAT_PAuth).
#pragma once

#include <cstdint>

#include "fastprim/pac.hpp"
#include "support/pac_ref.hpp"

namespace fastprim_test::pac_pointer_ref {

using std::uint64_t;
namespace pac = fastprim::pac;

inline unsigned bit(uint64_t v, unsigned n) { return unsigned(v >> n) & 1; }
inline uint64_t with_bit(uint64_t v, unsigned n, unsigned b) {
  return (v & ~(uint64_t{1} << n)) | (uint64_t(b & 1) << n);
}

// The feature level as pac-spec numbers it: 1 FEAT_PAuth, 2 EPAC, 3 PAuth2, 4 FPAC, 5 FPACCOMBINE.
inline unsigned level_number(pac::feature_level l) { return static_cast<unsigned>(l); }

// Section 8.1: the field [bottom, top) of one pointer and whether TBI applies.
struct field {
  unsigned bottom, top;
  bool tbi;
  bool in_field(unsigned n) const { return n >= bottom && n < top; }
  bool in_pac(unsigned n) const { return in_field(n) && n != 55; }  // bit 55 keeps the range
};

inline field parameters(uint64_t tcr, uint64_t ptr, bool data_key) {
  const unsigned select = bit(ptr, 55);  // the range, even when bit 63 disagrees
  const unsigned txsz = unsigned(select ? tcr >> 16 : tcr) & 63;
  const unsigned tg = unsigned(select ? tcr >> 30 : tcr >> 14) & 3;
  const bool granule_64k = select ? tg == 3 : tg == 1;  // TG1 11, TG0 01
  const bool ds = bit(tcr, 59) != 0;
  const bool tbi = bit(tcr, select ? 38 : 37) != 0, tbid = bit(tcr, select ? 52 : 51) != 0;
  const unsigned max = granule_64k ? 47 : 48;        // FEAT_TTST
  const unsigned min = granule_64k || ds ? 12 : 16;  // FEAT_LVA (64K), FEAT_LPA2 (DS)
  const unsigned tsz = txsz < min ? min : txsz > max ? max : txsz;
  const bool t = tbi && (data_key || !tbid);  // instruction keys and XPACI: TBID clears TBI
  return {64 - tsz, t ? 56u : 64u, t};
}

// Section 8.3.
inline uint64_t strip(uint64_t tcr, uint64_t ptr, bool data_key) {
  const field f = parameters(tcr, ptr, data_key);
  uint64_t r = ptr;
  for (unsigned n = f.bottom; n < f.top; ++n) r = with_bit(r, n, bit(ptr, 55));
  return r;
}

// Section 8.2.
template <class Cipher>
uint64_t add_pac(uint64_t tcr, pac::feature_level level, uint64_t ptr, uint64_t modifier,
                 const Cipher& cipher, bool data_key) {
  const unsigned lvl = level_number(level);
  const field f = parameters(tcr, ptr, data_key);
  const unsigned ext = f.tbi ? bit(ptr, 55) : bit(ptr, 63);
  uint64_t ext_ptr = ptr;
  bool canonical = true;
  for (unsigned n = f.bottom; n < f.top; ++n) {
    ext_ptr = with_bit(ext_ptr, n, ext);
    canonical = canonical && bit(ptr, n) == bit(ptr, f.bottom);
  }
  uint64_t p = cipher(ext_ptr, modifier);
  if (!canonical && lvl == 1) p = with_bit(p, f.top - 2, bit(p, f.top - 2) ^ 1);
  if (!canonical && lvl == 2) p = 0;
  if (lvl >= 3) p ^= ptr;
  uint64_t r = 0;
  for (unsigned n = 0; n < 64; ++n) {
    unsigned b = bit(ptr, n);  // below bottom, and the top byte with TBI
    if (n == 55)
      b = ext;
    else if (f.in_pac(n))
      b = bit(p, n);
    r = with_bit(r, n, b);
  }
  return r;
}

struct auth_out {
  uint64_t value;
  bool fault;
};

// Section 8.4; `combined` for RETAA, BRAA, LDRAA...
template <class Cipher>
auth_out auth(uint64_t tcr, pac::feature_level level, uint64_t ptr, uint64_t modifier, const Cipher& cipher,
              bool data_key, bool b_key, bool combined) {
  const unsigned lvl = level_number(level);
  const field f = parameters(tcr, ptr, data_key);
  const uint64_t orig = strip(tcr, ptr, data_key);
  const uint64_t p = cipher(orig, modifier);
  if (lvl <= 2) {
    bool match = true;
    for (unsigned n = 0; n < 64; ++n)
      if (f.in_pac(n) && bit(p, n) != bit(ptr, n)) match = false;
    if (match) return {orig, false};
    const unsigned at = f.tbi ? 53 : 61;  // bits 54:53 or 62:61: A key 01, B key 10
    return {with_bit(with_bit(orig, at + 1, b_key ? 1 : 0), at, b_key ? 0 : 1), false};
  }
  uint64_t r = ptr;
  bool bad = false;
  for (unsigned n = 0; n < 64; ++n)
    if (f.in_pac(n)) r = with_bit(r, n, bit(ptr, n) ^ bit(p, n));
  for (unsigned n = 0; n < 64; ++n)
    if (f.in_pac(n) && bit(r, n) != bit(r, 55)) bad = true;
  return {r, bad && lvl >= (combined ? 5u : 4u)};
}

// Section 8.5.
template <class Cipher>
uint64_t pacga(uint64_t x, uint64_t y, const Cipher& cipher) {
  return cipher(x, y) >> 32 << 32;
}

// pac_ref's ComputePAC under one key, as the cipher argument.
struct ref_cipher {
  pac::algorithm alg;
  pac::key key;
  uint64_t operator()(uint64_t data, uint64_t modifier) const {
    return pac_ref::compute(alg, data, modifier, key);
  }
};

}  // namespace fastprim_test::pac_pointer_ref
