// A TU of the separate-implementation mode as a user writes it (-DFASTPRIM_SEPARATE_IMPL, no
// FASTPRIM_INTERNALS): it must parse no backend, no Highway and no dispatch engine, and compute
// the outside references' values through the implementation TU's entry points.
#include <fastprim/fastprim.hpp>

#if !FASTPRIM_DECLARE_ONLY
#error "built without -DFASTPRIM_SEPARATE_IMPL, or with FASTPRIM_INTERNALS"
#endif
// What a declarations-only TU must not parse: Highway, the x86 and ARM intrinsics, the engine's
// <mutex> (their include guards, as g++ 12 / libstdc++ and Highway 1.0.3 spell them).
#if defined(HWY_HIGHWAY_INCLUDED) || defined(_IMMINTRIN_H_INCLUDED) || defined(__ARM_NEON_H) || \
    defined(_GLIBCXX_MUTEX)
#error "a separate-mode TU parsed Highway, intrinsics or the dispatch engine"
#endif

#include <cstdio>
#include <string>
#include <string_view>

namespace {
int failures = 0;
void check(bool ok, const char* what) {
  std::printf("%s: %s\n", what, ok ? "ok" : "WRONG");
  failures += !ok;
}
std::string hex(std::span<const std::byte> b) {
  std::string s;
  for (std::byte x : b) {
    char t[3];
    std::snprintf(t, sizeof t, "%02x", unsigned(x));
    s += t;
  }
  return s;
}
}  // namespace

int main() {
  // FIPS 197 appendix C.1 (AES-128).
  const std::array<std::uint8_t, 16> key{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  const std::array<std::uint8_t, 16> pt{0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                        0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
  std::array<std::byte, 16> ct{};
  auto aes = fastprim::aes::create(key);
  check(aes && aes->encrypt_ecb(pt, ct) && hex(ct) == "69c4e0d86a7b0430d8cdb78070b4c55a",
        "AES-128 FIPS 197 C.1");
  // FIPS 180-4 example "abc".
  check(hex(fastprim::sha256::hash(std::string_view("abc"))) ==
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "SHA-256 abc");
  check(hex(fastprim::sha1::hash(std::string_view("abc"))) == "a9993e364706816aba3e25717850c26c9cd0d89d",
        "SHA-1 abc");
  // RFC 4231 test case 2.
  const fastprim::hmac<fastprim::sha256> mac{std::string_view("Jefe")};
  check(hex(mac.compute(std::string_view("what do ya want for nothing?"))) ==
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
        "HMAC-SHA256 RFC 4231 case 2");
  // xxhsum -H1 of "abc" (xxhash 0.8.1).
  check(fastprim::xxh64(std::string_view("abc")) == 0x44bc2cf5ad770999ull, "XXH64 abc");
  // QARMA5-64-sigma2 of Avanzi 2017's test vector (pac-spec section 6), one-shot and keyed.
  namespace pac = fastprim::pac;
  const pac::key k{0xec2802d4e0a488e9, 0x84be85ce9804e94b};
  bool pac_ok = true;
  for (int i = 0; i < 3; ++i)  // fresh, then cached
    pac_ok = pac_ok && pac::compute(pac::algorithm::qarma5, 0xfb623599da6e8127, 0x477d469dec0b8762, k) ==
                           0xc003b93999b33765u;
  const pac::keyed_pac keyed{pac::algorithm::qarma5, k};
  check(pac_ok && keyed.compute(0xfb623599da6e8127, 0x477d469dec0b8762) == 0xc003b93999b33765u,
        "QARMA5 paper vector");
  // The report comes from the implementation TU too.
  check(fastprim::report().find("aes ") != std::string::npos, "report");
  return failures == 0 ? 0 : 1;
}
