// test/ct/control.cpp: deliberately leaky implementations (see control.hpp). Test code only.
// AES: FIPS 197 (S-box generated from its definition: inverse in GF(2^8) then the affine map);
// QARMA sigma2: the QARMA paper (Avanzi 2017), table 3. GHASH: NIST SP 800-38D 6.3-6.4, with the
// 4-bit table method of the GCM specification (McGrew & Viega, section 4.1).
#include "ct/control.hpp"

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace ct_control {
namespace {

constexpr std::uint8_t xtime(std::uint8_t x) { return std::uint8_t((x << 1) ^ ((x >> 7) * 0x1b)); }

constexpr std::uint8_t gf_mul(std::uint8_t a, std::uint8_t b) {
  std::uint8_t r = 0;
  for (int i = 0; i < 8; ++i, a = xtime(a), b >>= 1)
    if (b & 1) r ^= a;
  return r;
}

constexpr std::uint8_t rotl8(std::uint8_t x, int k) { return std::uint8_t((x << k) | (x >> (8 - k))); }

constexpr std::array<std::uint8_t, 256> make_sbox() {
  std::array<std::uint8_t, 256> s{};
  for (int x = 0; x < 256; ++x) {
    std::uint8_t inv = 0;  // x^254 = x^-1 (0 for 0)
    std::uint8_t p = std::uint8_t(x);
    std::uint8_t acc = 1;
    for (int e = 254; e != 0; e >>= 1, p = gf_mul(p, p))
      if (e & 1) acc = gf_mul(acc, p);
    inv = x == 0 ? 0 : acc;
    s[std::size_t(x)] =
        std::uint8_t(inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^ rotl8(inv, 4) ^ 0x63);
  }
  return s;
}

constexpr std::array<std::uint8_t, 256> sbox = make_sbox();
static_assert(sbox[0x00] == 0x63 && sbox[0x53] == 0xed && sbox[0xff] == 0x16);  // FIPS 197 figure 7

// te[r][x]: the MixColumns column of S(x) entering at row r, bytes little-endian (row 0 in bits 0..7).
struct ttables {
  std::uint32_t te[4][256];
};
constexpr ttables make_ttables() {
  ttables t{};
  for (int x = 0; x < 256; ++x) {
    const std::uint8_t s = sbox[std::size_t(x)];
    const std::uint8_t s2 = xtime(s), s3 = std::uint8_t(s2 ^ s);
    const std::uint8_t col[4] = {s2, s, s, s3};  // (2, 1, 1, 3) for row 0
    for (int r = 0; r < 4; ++r) {
      std::uint32_t w = 0;
      for (int i = 0; i < 4; ++i) w |= std::uint32_t(col[(i - r + 4) % 4]) << (8 * i);
      t.te[r][x] = w;
    }
  }
  return t;
}
constexpr ttables tt = make_ttables();

std::uint32_t load_le32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
         std::uint32_t(p[3]) << 24;
}
std::uint32_t sub_word(std::uint32_t w) {
  return std::uint32_t(sbox[w & 0xff]) | std::uint32_t(sbox[(w >> 8) & 0xff]) << 8 |
         std::uint32_t(sbox[(w >> 16) & 0xff]) << 16 | std::uint32_t(sbox[w >> 24]) << 24;
}

}  // namespace

__attribute__((noinline)) void ttable_aes128_encrypt(const std::uint8_t key[16], const std::uint8_t in[16],
                                                     std::uint8_t out[16]) noexcept {
  std::uint32_t rk[44];
  for (int i = 0; i < 4; ++i) rk[i] = load_le32(key + 4 * i);
  std::uint32_t rcon = 1;
  for (int i = 4; i < 44; ++i) {
    std::uint32_t t = rk[i - 1];
    if (i % 4 == 0) {
      t = sub_word((t >> 8) | (t << 24)) ^ rcon;  // RotWord, SubWord: S-box indexed by key bytes
      rcon = xtime(std::uint8_t(rcon));
    }
    rk[i] = rk[i - 4] ^ t;
  }
  std::uint32_t s[4];
  for (int c = 0; c < 4; ++c) s[c] = load_le32(in + 4 * c) ^ rk[c];
  for (int round = 1; round < 10; ++round) {
    std::uint32_t n[4];
    for (int c = 0; c < 4; ++c)  // row r of the new column c comes from column c + r (ShiftRows)
      n[c] = tt.te[0][s[c] & 0xff] ^ tt.te[1][(s[(c + 1) % 4] >> 8) & 0xff] ^
             tt.te[2][(s[(c + 2) % 4] >> 16) & 0xff] ^ tt.te[3][s[(c + 3) % 4] >> 24] ^ rk[4 * round + c];
    std::memcpy(s, n, sizeof s);
  }
  for (int c = 0; c < 4; ++c) {
    const std::uint32_t w = std::uint32_t(sbox[s[c] & 0xff]) |
                            std::uint32_t(sbox[(s[(c + 1) % 4] >> 8) & 0xff]) << 8 |
                            std::uint32_t(sbox[(s[(c + 2) % 4] >> 16) & 0xff]) << 16 |
                            std::uint32_t(sbox[s[(c + 3) % 4] >> 24]) << 24;
    const std::uint32_t o = w ^ rk[40 + c];
    for (int i = 0; i < 4; ++i) out[4 * c + i] = std::uint8_t(o >> (8 * i));
  }
}

__attribute__((noinline)) bool early_exit_equal(const std::uint8_t* a, const std::uint8_t* b,
                                                std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

__attribute__((noinline)) int branchy_pkcs7_unpad(const std::uint8_t block[16]) noexcept {
  const int pad = block[15];
  if (pad == 0 || pad > 16) return -1;
  for (int i = 0; i < pad; ++i)
    if (block[15 - i] != pad) return -1;
  return 16 - pad;
}

namespace {
// A GCM field element as the big-endian integer of its block (hi: bytes 0-7): bit 127 is the
// coefficient of x^0, so multiplying by x is a right shift, with x^128 = 1 + x + x^2 + x^7 (the
// constant 0xe1 in the top byte) folded in when a bit leaves.
struct elem {
  std::uint64_t hi, lo;
};
elem times_x(elem v) {
  const std::uint64_t carry = 0 - (v.lo & 1);  // all ones if a bit leaves (no branch: only the table leaks)
  return {(v.hi >> 1) ^ (carry & 0xe100000000000000u), (v.lo >> 1) | (v.hi << 63)};
}
}  // namespace

__attribute__((noinline)) void table_ghash(const std::uint8_t h[16], const std::uint8_t* in,
                                           std::size_t nblocks, std::uint8_t y[16]) noexcept {
  // m[v]: the nibble v (its top bit the lowest degree: b3 + b2 x + b1 x^2 + b0 x^3) times H.
  elem m[16] = {};
  elem hx{0, 0};
  for (int i = 0; i < 8; ++i) {
    hx.hi = hx.hi << 8 | h[i];
    hx.lo = hx.lo << 8 | h[8 + i];
  }
  for (int bit = 8; bit != 0; bit >>= 1, hx = times_x(hx))
    for (int v = 0; v < 16; ++v)
      if (v & bit) m[v] = {m[v].hi ^ hx.hi, m[v].lo ^ hx.lo};
  std::uint8_t acc[16];
  std::memcpy(acc, y, 16);
  for (std::size_t blk = 0; blk < nblocks; ++blk) {
    for (int i = 0; i < 16; ++i) acc[i] ^= in[16 * blk + std::size_t(i)];
    // Horner from the highest-degree nibble (the low nibble of byte 15) down: z = z x^4 + N H.
    elem z{0, 0};
    for (int i = 15; i >= 0; --i)
      for (const int nib : {acc[i] & 0xf, acc[i] >> 4}) {
        for (int k = 0; k < 4; ++k) z = times_x(z);
        z = {z.hi ^ m[nib].hi, z.lo ^ m[nib].lo};  // the secret-indexed load
      }
    for (int i = 0; i < 8; ++i) {
      acc[i] = std::uint8_t(z.hi >> (56 - 8 * i));
      acc[8 + i] = std::uint8_t(z.lo >> (56 - 8 * i));
    }
  }
  std::memcpy(y, acc, 16);
}

__attribute__((noinline)) void branchy_xts_mul_alpha(std::uint8_t t[16], unsigned n) noexcept {
  for (unsigned k = 0; k < n; ++k) {
    const bool carry = (t[15] & 0x80) != 0;
    for (int i = 15; i > 0; --i) t[i] = static_cast<std::uint8_t>(t[i] << 1 | t[i - 1] >> 7);
    t[0] = static_cast<std::uint8_t>(t[0] << 1);
    if (carry) {
      __asm__ volatile("");  // a branch, as written (not turned into a conditional move)
      t[0] ^= 0x87;
    }
  }
}

__attribute__((noinline)) std::uint64_t table_qarma_sbox(std::uint64_t x) noexcept {
  static constexpr std::uint8_t sigma2[16] = {0xb, 0x6, 0x8, 0xf, 0xc, 0x0, 0x9, 0xe,
                                              0x3, 0x7, 0x4, 0x5, 0xd, 0x2, 0x1, 0xa};
  std::uint64_t y = 0;
  for (int n = 0; n < 16; ++n) y |= std::uint64_t(sigma2[(x >> (4 * n)) & 0xf]) << (4 * n);
  return y;
}

#if defined(__x86_64__)
// g++ 12's AVX-512 intrinsics trip its own -Wuninitialized (their undefined-source idiom).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
__attribute__((target("avx512f,avx512bw"), noinline)) void avx512_gather_by_data(
    const std::uint32_t* table, const std::uint32_t idx[16], std::uint32_t out[16]) noexcept {
  const __m512i i = _mm512_loadu_si512(idx);
  _mm512_storeu_si512(out, _mm512_i32gather_epi32(i, table, 4));
}

__attribute__((target("avx512f,avx512bw"), noinline)) std::uint8_t avx512_lookup_by_lane(
    const std::uint8_t table[256], const std::uint8_t v[64]) noexcept {
  const __m512i x = _mm512_xor_si512(_mm512_loadu_si512(v), _mm512_set1_epi8(0x5a));
  return table[std::uint8_t(_mm_cvtsi128_si32(_mm512_castsi512_si128(x)))];
}
#pragma GCC diagnostic pop
#endif

}  // namespace ct_control
