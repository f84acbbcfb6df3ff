// fuzz/fuzz_xts.cpp: AES-XTS (aes_xts) against OpenSSL libcrypto (EVP aes-128-xts / aes-256-xts),
// on the backend an input byte picks. Properties, per op:
//  0   data unit: encrypt == OpenSSL for any length from 16 bytes (ciphertext stealing when not a
//      multiple of 16), out of place, in place and from a misaligned buffer; decrypt of it gives the
//      data back, out of place and in place; decrypt of the data (as a ciphertext) == OpenSSL's.
//  1   sectors: encrypt_sectors(first, size, ...) == OpenSSL per sector with the plain64 tweak of
//      first + i (modulo 2^64); decrypt_sectors gives the data back in place.
//  2   errors: key lengths other than 32/64, equal key halves, a tweak that is not 16 bytes, a data
//      unit shorter than 16 bytes, a sector size below 16 or not dividing the input, a short
//      output, partially overlapping in/out: each is the documented errc, and nothing is written.
//
// Input layout: op, backend, key size (bit 0: 64 bytes), 64 key bytes, 16 tweak bytes, flags,
// u64 first sector, u16 sector size, then the data.
#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "fastprim/aes_xts.hpp"
#include "fuzz.hpp"

namespace {

using fastprim::aes_xts;
using fastprim::errc;
using fastprim::primitive;
using bspan = std::span<const std::byte>;
using mspan = std::span<std::byte>;
using bytes = std::vector<std::byte>;

const unsigned char* uc(bspan s) { return reinterpret_cast<const unsigned char*>(s.data()); }

bytes ossl_xts(bspan key, bspan tweak, bspan in, bool enc) {
  static EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  FUZZ_CHECK(EVP_CipherInit_ex(ctx, key.size() == 32 ? EVP_aes_128_xts() : EVP_aes_256_xts(), nullptr,
                               uc(key), uc(tweak), enc ? 1 : 0) == 1);
  bytes out(in.size());
  int n1 = 0, n2 = 0;
  FUZZ_CHECK(EVP_CipherUpdate(ctx, reinterpret_cast<unsigned char*>(out.data()), &n1, uc(in),
                              static_cast<int>(in.size())) == 1);
  FUZZ_CHECK(EVP_CipherFinal_ex(ctx, reinterpret_cast<unsigned char*>(out.data()) + n1, &n2) == 1);
  FUZZ_CHECK(static_cast<std::size_t>(n1 + n2) == in.size());
  return out;
}

bytes plain64(std::uint64_t s) {
  bytes t(16);
  for (int i = 0; i < 8; ++i) t[i] = std::byte(s >> (8 * i));
  return t;
}

bool same(bspan a, bspan b) { return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin()); }

// A key whose halves differ (OpenSSL 3 and fastprim both refuse equal halves).
bytes key_from(bspan k, std::size_t n) {
  bytes key(k.begin(), k.begin() + static_cast<std::ptrdiff_t>(n));
  if (std::equal(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(n / 2),
                 key.begin() + static_cast<std::ptrdiff_t>(n / 2)))
    key[n - 1] ^= std::byte{1};
  return key;
}

void unit(const aes_xts& x, bspan key, bspan tweak, bspan data, unsigned flags) {
  if (data.size() < 16) data = bspan{};  // too short: op 2 covers it
  if (data.empty()) return;
  const bytes want = ossl_xts(key, tweak, data, true);
  bytes out(data.size());
  FUZZ_CHECK(x.encrypt(tweak, data, out).has_value());
  FUZZ_CHECK_OR(same(out, want), fuzz::print_hex("fastprim", out); fuzz::print_hex("openssl", want));
  bytes io(data.begin(), data.end());
  FUZZ_CHECK(x.encrypt(tweak, io, io).has_value());
  FUZZ_CHECK(same(io, want));
  const std::size_t off = 1 + flags % 15;  // misaligned input and output
  bytes mis(data.size() + off);
  std::memcpy(mis.data() + off, data.data(), data.size());
  FUZZ_CHECK(x.encrypt(tweak, bspan(mis).subspan(off), mspan(mis).subspan(off)).has_value());
  FUZZ_CHECK(same(bspan(mis).subspan(off), want));
  bytes back(data.size());
  FUZZ_CHECK(x.decrypt(tweak, want, back).has_value());
  FUZZ_CHECK(same(back, data));
  FUZZ_CHECK(x.decrypt(tweak, io, io).has_value());
  FUZZ_CHECK(same(io, data));
  const bytes dwant = ossl_xts(key, tweak, data, false);
  FUZZ_CHECK(x.decrypt(tweak, data, out).has_value());
  FUZZ_CHECK(same(out, dwant));
}

void sectors(const aes_xts& x, bspan key, std::uint64_t first, std::size_t size, bspan data) {
  size = 16 + size % 600;
  const std::size_t count = std::min<std::size_t>(data.size() / size, 40);
  data = data.first(count * size);
  bytes want;
  for (std::size_t i = 0; i < count; ++i) {
    const bytes c = ossl_xts(key, plain64(first + i), data.subspan(i * size, size), true);
    want.insert(want.end(), c.begin(), c.end());
  }
  bytes out(data.size());
  FUZZ_CHECK(x.encrypt_sectors(first, size, data, out).has_value());
  FUZZ_CHECK(same(out, want));
  FUZZ_CHECK(x.decrypt_sectors(first, size, out, out).has_value());
  FUZZ_CHECK(same(out, data));
}

void errors(fastprim::backend b, bspan k, unsigned flags, bspan data) {
  const std::size_t bad_key = flags % 65;
  if (bad_key != 32 && bad_key != 64)
    FUZZ_CHECK(aes_xts::create(k.first(bad_key), b).code() == errc::bad_key_length);
  bytes twice(32);  // the same 16 bytes twice
  std::copy(k.begin(), k.begin() + 16, twice.begin());
  std::copy(k.begin(), k.begin() + 16, twice.begin() + 16);
  FUZZ_CHECK(aes_xts::create(twice, b).code() == errc::weak_key);
  const auto x = aes_xts::create(key_from(k, 32), b);
  FUZZ_CHECK(x.has_value());
  bytes out(data.size() + 32, std::byte{0xee});
  const bytes untouched = out;
  const std::size_t t = flags % 40;
  if (t != 16) FUZZ_CHECK(x->encrypt(k.first(t), data, out).code() == errc::bad_iv_length);
  const bspan tweak = k.first(16);
  if (data.size() < 16) FUZZ_CHECK(x->decrypt(tweak, data, out).code() == errc::bad_length);
  const std::size_t s = flags % 16;  // below 16
  FUZZ_CHECK(x->encrypt_sectors(0, s, data, out).code() == errc::bad_length);
  if (data.size() >= 17) {
    FUZZ_CHECK(x->encrypt(tweak, data, mspan(out).first(data.size() - 1)).code() == errc::short_output);
    FUZZ_CHECK(x->encrypt_sectors(0, data.size() + 1, data, out).code() ==
               errc::bad_length);  // not a whole number of sectors
    bytes buf(data.begin(), data.end());
    buf.resize(data.size() + 8);
    const std::size_t d = 1 + flags % 7;
    FUZZ_CHECK(x->encrypt(tweak, bspan(buf).first(data.size()), mspan(buf).subspan(d, data.size())).code() ==
               errc::overlap);
  }
  FUZZ_CHECK(same(out, untouched));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::input in(data, size);
  const unsigned op = in.u8() % 3;
  const fastprim::backend b = fuzz::pick_backend<primitive::aes_xts>(in.u8());
  const std::size_t ks = (in.u8() & 1) ? 64 : 32;
  std::array<std::byte, 64> kb{};  // zero-padded if the input ends first
  std::array<std::byte, 16> tb{};
  const bspan k0 = in.bytes(64), t0 = in.bytes(16);
  std::copy(k0.begin(), k0.end(), kb.begin());
  std::copy(t0.begin(), t0.end(), tb.begin());
  const bspan k = kb, tweak = tb;
  const unsigned flags = in.u8();
  const std::uint64_t first = in.u64();
  const std::size_t ssize = in.u16();
  const bspan msg = in.rest();
  if (op == 2) {
    errors(b, k, flags, msg);
    return 0;
  }
  const bytes key = key_from(k, ks);
  const auto x = aes_xts::create(key, b);
  FUZZ_CHECK(x.has_value() && x->backend() == b);
  if (op == 0)
    unit(*x, key, tweak, msg, flags);
  else
    sectors(*x, key, first, ssize, msg);
  return 0;
}
