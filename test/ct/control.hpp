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

// QARMA's sigma2 S-box on the 16 nibbles of `x` by a table lookup per nibble: secret-indexed loads.
std::uint64_t table_qarma_sbox(std::uint64_t x) noexcept;

}  // namespace ct_control
