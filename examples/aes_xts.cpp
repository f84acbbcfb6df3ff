// examples/aes_xts.cpp: storage encryption with AES-XTS: sectors numbered as dm-crypt's plain64
// does, then one data unit with its own 16-byte tweak and a length that is not a multiple of 16.
// Calls that can fail return a fastprim::result: check it before using the value. Known answers
// (expected/aes_xts.txt): NIST CAVP XTSGenAES256.rsp (tweak-dataunitseqno) COUNT 1 and
// XTSGenAES128.rsp (tweak-128hexstr), the first record with DataUnitLen 200; OpenSSL gives the same.
#include <cstdio>
#include <fastprim/aes_xts.hpp>
#include <string>
#include <vector>

using bytes = std::vector<std::byte>;
bytes unhex(const std::string& h) {
  bytes b(h.size() / 2);
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = std::byte(std::stoul(h.substr(2 * i, 2), nullptr, 16));
  return b;
}
void print(const char* label, std::span<const std::byte> b) {
  std::printf("%s", label);
  for (std::size_t i = 0; i < b.size(); ++i) std::printf("%s%02x", i % 16 ? "" : " ", unsigned(b[i]));
  std::printf("\n");
}
int fail(std::string_view why) { return std::fprintf(stderr, "%.*s\n", int(why.size()), why.data()), 1; }

int main() {
  // AES-256-XTS: 64 bytes, the data key then the tweak key (they must differ).
  auto disk =
      fastprim::aes_xts::create(unhex("ef010ca1a3663e32534349bc0bae62232a1573348568fb9ef41768a7674f507a"
                                      "727f98755397d0e0aa32f830338cc7a926c773f09e57b357cd156afbca46e1a0"));
  if (!disk) return fail(disk.message());
  // Sectors of 32 bytes here (disks use 512 or 4096), starting at sector 187, encrypted in place.
  const bytes plain = unhex("ed98e01770a853b49db9e6aaf88f0a41b9b56e91a5a2b11d40529254f5523e75");
  bytes sector = plain;
  if (auto r = disk->encrypt_sectors(187, sector.size(), sector, sector); !r) return fail(r.message());
  print("sector 187:", sector);
  if (auto r = disk->decrypt_sectors(187, sector.size(), sector, sector); !r) return fail(r.message());
  std::printf("decrypted: %s\n", sector == plain ? "equal" : "DIFFERENT");

  // AES-128-XTS (32-byte key), one 25-byte data unit: the last partial block steals ciphertext.
  auto unit =
      fastprim::aes_xts::create(unhex("394c97881abd989d29c703e48a72b397a7acf51b59649eeea9b33274d8541df4"));
  if (!unit) return fail(unit.message());
  const bytes tweak = unhex("4b15c684a152d485fe9937d39b168c29");
  const bytes msg = unhex("2f3b9dcfbae729583b1d1ffdd16bb6fe2757329435662a78f0");
  bytes ct(msg.size());
  if (auto r = unit->encrypt(tweak, msg, ct); !r) return fail(r.message());
  print("25 bytes:", ct);
  // Misuse is an error, never a silent result: fewer than 16 bytes cannot be a data unit.
  auto r = unit->encrypt(tweak, std::span(msg).first(15), ct);
  std::printf("15 bytes: %s\n", r ? "ACCEPTED" : r.message().data());
  return r ? 1 : 0;
}
