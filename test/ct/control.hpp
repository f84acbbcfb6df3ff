// test/ct/control.hpp: the negative controls of the ct suite. Each is a textbook implementation
// that is NOT constant-time, written here only (never in the library), in its own translation
// unit so the compiler cannot specialise it for the test's inputs. Memcheck must flag every one:
// if it does not, the suite's zero-error results for the library mean nothing.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ct_control {

// AES-128 encryption with the classic 32-bit T-tables (four 1 KiB tables indexed by state bytes)
// and an S-box table for the key expansion and the last round: secret-indexed loads, the
// cache-timing leak of Bernstein (2005) and Osvik-Shamir-Tromer (2006). Correct AES: the suite
// checks it against OpenSSL.
void ttable_aes128_encrypt(const std::uint8_t key[16], const std::uint8_t in[16],
                           std::uint8_t out[16]) noexcept;

// Tag comparison that returns at the first differing byte: a secret-dependent branch (the
// timing oracle that lets an attacker forge a MAC byte by byte).
bool early_exit_equal(const std::uint8_t* a, const std::uint8_t* b, std::size_t n) noexcept;

// PKCS#7 check that reads the pad length and loops over it, returning at the first bad byte:
// secret-dependent loop bound and branches (a padding-oracle timing leak).
int branchy_pkcs7_unpad(const std::uint8_t block[16]) noexcept;

// GHASH (SP 800-38D 6.4) with Shoup's 4-bit tables (the "4-bit tables" software method of the GCM
// specification, McGrew & Viega, section 4.1): a 16-entry table of multiples of the secret H,
// indexed by the nibbles of the running hash, which depends on H: secret-indexed loads. y = 0 on
// entry gives GHASH_H of the `nblocks` blocks at `in`.
void table_ghash(const std::uint8_t h[16], const std::uint8_t* in, std::size_t nblocks,
                 std::uint8_t y[16]) noexcept;

// The XTS tweak multiplied by alpha `n` times the textbook way (IEEE 1619 5.2, a byte loop and
// `if (carry) t[0] ^= 0x87`): a branch on a bit of the secret tweak.
void branchy_xts_mul_alpha(std::uint8_t t[16], unsigned n) noexcept;

// QARMA's sigma2 S-box on the 16 nibbles of `x` by a table lookup per nibble: secret-indexed loads.
std::uint64_t table_qarma_sbox(std::uint64_t x) noexcept;

#if defined(__x86_64__)
// The controls of the static check (test/ct/check-vector-kernels), for the AVX-512 kernels
// valgrind cannot run; never called. An AVX-512 gather whose indices are the data, and a table
// lookup at a byte taken from a vector register: both must be flagged.
void avx512_gather_by_data(const std::uint32_t* table, const std::uint32_t idx[16],
                           std::uint32_t out[16]) noexcept;
std::uint8_t avx512_lookup_by_lane(const std::uint8_t table[256], const std::uint8_t v[64]) noexcept;
#endif

}  // namespace ct_control
