// A plain reference ComputePAC for the tests and the fuzz targets, transcribed from pac-spec
// sections 3-7 (nibble loops and tables; slow, and independent of the library's kernels), and
// the QARMA paper's test inputs.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "fastprim/pac.hpp"

namespace fastprim_test::pac_ref {

namespace pac = fastprim::pac;

constexpr std::array<std::uint64_t, 8> rc{0x0000000000000000, 0x13198A2E03707344, 0xA4093822299F31D0,
                                          0x082EFA98EC4E6C89, 0x452821E638D01377, 0xBE5466CF34E90C6C,
                                          0x3F84D5B5B5470917, 0x9216D5D98979FB1B};
constexpr std::uint64_t alpha = 0xC0AC29B7C97C50DD;
using table = std::array<unsigned, 16>;
constexpr table s0{0x0, 0xe, 0x2, 0xa, 0x9, 0xf, 0x8, 0xb, 0x6, 0x4, 0x3, 0x7, 0xd, 0xc, 0x1, 0x5};
constexpr table s1{0xa, 0xd, 0xe, 0x6, 0xf, 0x7, 0x3, 0x5, 0x9, 0x8, 0x0, 0xc, 0xb, 0x1, 0x2, 0x4};
constexpr table s2{0xb, 0x6, 0x8, 0xf, 0xc, 0x0, 0x9, 0xe, 0x3, 0x7, 0x4, 0x5, 0xd, 0x2, 0x1, 0xa};
constexpr table s2i{0x5, 0xe, 0xd, 0x8, 0xa, 0xb, 0x1, 0x9, 0x2, 0x6, 0xf, 0x0, 0x4, 0xc, 0x7, 0x3};
constexpr table cs{13, 6, 11, 0, 7, 12, 1, 10, 8, 3, 14, 5, 2, 9, 4, 15};
constexpr table cis{3, 6, 12, 9, 14, 11, 1, 4, 8, 13, 7, 2, 5, 0, 10, 15};
constexpr table ts{4, 5, 6, 7, 11, 2, 3, 8, 12, 13, 14, 15, 0, 1, 10, 9};
constexpr table tis{12, 13, 5, 6, 0, 1, 2, 3, 7, 15, 14, 4, 8, 9, 10, 11};

inline unsigned nib(std::uint64_t v, unsigned n) { return unsigned(v >> (4 * n)) & 15; }
inline std::uint64_t set_nib(std::uint64_t v, unsigned n, unsigned x) {
  return (v & ~(std::uint64_t{15} << (4 * n))) | (std::uint64_t(x) << (4 * n));
}
inline std::uint64_t sub(std::uint64_t v, const table& s) {
  std::uint64_t r = 0;
  for (unsigned n = 0; n < 16; ++n) r = set_nib(r, n, s[nib(v, n)]);
  return r;
}
inline std::uint64_t perm(std::uint64_t v, const table& p) {
  std::uint64_t r = 0;
  for (unsigned n = 0; n < 16; ++n) r = set_nib(r, n, nib(v, p[n]));
  return r;
}
inline unsigned rotl4(unsigned v, unsigned k) { return ((v << k) | (v >> (4 - k))) & 15; }
inline std::uint64_t mix(std::uint64_t v) {
  std::uint64_t r = 0;
  for (unsigned c = 0; c < 4; ++c) {
    const unsigned a0 = nib(v, c), a1 = nib(v, c + 4), a2 = nib(v, c + 8), a3 = nib(v, c + 12);
    r = set_nib(r, c, rotl4(a1, 1) ^ rotl4(a2, 2) ^ rotl4(a3, 1));
    r = set_nib(r, c + 4, rotl4(a0, 1) ^ rotl4(a2, 1) ^ rotl4(a3, 2));
    r = set_nib(r, c + 8, rotl4(a0, 2) ^ rotl4(a1, 1) ^ rotl4(a3, 1));
    r = set_nib(r, c + 12, rotl4(a0, 1) ^ rotl4(a1, 2) ^ rotl4(a2, 1));
  }
  return r;
}
inline std::uint64_t tweak_shuffle(std::uint64_t t) {
  t = perm(t, ts);
  for (unsigned n : {2u, 4u, 7u, 11u, 12u, 14u, 15u}) {
    const unsigned v = nib(t, n);
    t = set_nib(t, n, (v >> 1) | (((v ^ (v >> 1)) & 1) << 3));
  }
  return t;
}
inline std::uint64_t tweak_inv_shuffle(std::uint64_t t) {
  t = perm(t, tis);
  for (unsigned n : {0u, 6u, 8u, 9u, 10u, 11u, 15u}) {
    const unsigned v = nib(t, n);
    t = set_nib(t, n, ((v << 1) & 15) | ((v ^ (v >> 3)) & 1));
  }
  return t;
}

// QARMA-64 with r forward rounds, S-box s and its inverse si; w0 = key hi, k0 = key lo.
// trace: r forward x, r forward t, central forward, reflector, central backward, r backward x.
inline std::uint64_t qarma(std::uint64_t data, std::uint64_t modifier, std::uint64_t w0, std::uint64_t k0,
                           unsigned r, const table& s, const table& si,
                           std::vector<std::uint64_t>* trace = nullptr) {
  const std::uint64_t w1 = ((w0 >> 1) | (w0 << 63)) ^ (w0 >> 63);
  std::vector<std::uint64_t> fx, ft, bx;
  std::uint64_t x = data ^ w0, t = modifier;
  for (unsigned i = 0; i < r; ++i) {
    x ^= k0 ^ t ^ rc[i];
    if (i > 0) x = mix(perm(x, cs));
    x = sub(x, s);
    t = tweak_shuffle(t);
    fx.push_back(x);
    ft.push_back(t);
  }
  x ^= w1 ^ t;
  x = sub(mix(perm(x, cs)), s);
  const std::uint64_t central_fwd = x;
  x = perm(mix(perm(x, cs)) ^ k0, cis);
  const std::uint64_t reflector = x;
  x = perm(mix(sub(x, si)), cis);
  x ^= w0 ^ t;
  const std::uint64_t central_bwd = x;
  for (unsigned i = r; i-- > 0;) {
    x = sub(x, si);
    if (i > 0) x = perm(mix(x), cis);
    t = tweak_inv_shuffle(t);
    x ^= k0 ^ t ^ rc[i] ^ alpha;
    bx.push_back(x);
  }
  if (trace) {
    *trace = fx;
    trace->insert(trace->end(), ft.begin(), ft.end());
    trace->push_back(central_fwd);
    trace->push_back(reflector);
    trace->push_back(central_bwd);
    trace->insert(trace->end(), bx.begin(), bx.end());
  }
  return x ^ w1;
}
inline std::uint64_t qarma(std::uint64_t data, std::uint64_t modifier, std::uint64_t w0, std::uint64_t k0,
                           unsigned r, pac::sbox s) {
  switch (s) {
    case pac::sbox::sigma0:
      return qarma(data, modifier, w0, k0, r, s0, s0);  // sigma0 and sigma1 are involutions
    case pac::sbox::sigma1:
      return qarma(data, modifier, w0, k0, r, s1, s1);
    case pac::sbox::sigma2:
      break;
  }
  return qarma(data, modifier, w0, k0, r, s2, s2i);
}

// QEMU's implementation-defined hash (pac-spec section 7).
inline std::uint64_t impdef(std::uint64_t data, std::uint64_t modifier, pac::key k) {
  constexpr std::uint64_t p1 = 0x9E3779B185EBCA87, p2 = 0xC2B2AE3D27D4EB4F, p3 = 0x165667B19E3779F9,
                          p4 = 0x85EBCA77C2B2AE63;
  const auto rotl = [](std::uint64_t v, int n) { return (v << n) | (v >> (64 - n)); };
  const auto round = [&](std::uint64_t acc, std::uint64_t x) { return rotl(acc + x * p2, 31) * p1; };
  const std::uint64_t v[4] = {round(1 + p1 + p2, data), round(1 + p2, modifier), round(1, k.lo),
                              round(1 - p1, k.hi)};
  std::uint64_t h = rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18);
  for (std::uint64_t vi : v) h = (h ^ round(0, vi)) * p1 + p4;
  h ^= h >> 33;
  h *= p2;
  h ^= h >> 29;
  h *= p3;
  h ^= h >> 32;
  return h;
}

inline std::uint64_t compute(pac::algorithm alg, std::uint64_t data, std::uint64_t modifier, pac::key k) {
  switch (alg) {
    case pac::algorithm::qarma5:
      return qarma(data, modifier, k.hi, k.lo, 5, s2, s2i);
    case pac::algorithm::qarma3:
      return qarma(data, modifier, k.hi, k.lo, 3, s1, s1);
    case pac::algorithm::impdef:
      break;
  }
  return impdef(data, modifier, k);
}

// The paper's inputs (pac-spec section 6): P, T, w0 = KeyHi, k0 = KeyLo.
constexpr std::uint64_t paper_p = 0xfb623599da6e8127, paper_t = 0x477d469dec0b8762;
constexpr pac::key paper_key{0xec2802d4e0a488e9, 0x84be85ce9804e94b};
struct paper_vector {
  unsigned rounds;
  pac::sbox s;
  std::uint64_t c;
};
// Avanzi 2017, test-vector appendix, as listed in pac-spec section 6; plus QARMA3 (QEMU 10.0.2 PACGA).
constexpr paper_vector paper_vectors[] = {
    {5, pac::sbox::sigma0, 0x3ee99a6c82af0c38}, {6, pac::sbox::sigma0, 0x9f5c41ec525603c9},
    {7, pac::sbox::sigma0, 0xbcaf6c89de930765}, {5, pac::sbox::sigma1, 0x544b0ab95bda7c3a},
    {6, pac::sbox::sigma1, 0xa512dd1e4e3ec582}, {7, pac::sbox::sigma1, 0xedf67ff370a483f2},
    {5, pac::sbox::sigma2, 0xc003b93999b33765}, {6, pac::sbox::sigma2, 0x270a787275c48d10},
    {7, pac::sbox::sigma2, 0x5c06a7501b63b2fd}, {3, pac::sbox::sigma1, 0xc8b7fdc1d507b9ef},
};
// ComputePAC of the paper inputs (pac-spec section 6).
constexpr std::uint64_t paper_qarma5 = 0xc003b93999b33765, paper_qarma3 = 0xc8b7fdc1d507b9ef,
                        paper_impdef = 0x3f52a54232b357ae;

}  // namespace fastprim_test::pac_ref
