// AES-128/256-XTS (IEEE 1619) encrypt and decrypt of one data unit per call, 16-byte tweak: fastprim
// (dispatched and every usable backend) against OpenSSL EVP, libgcrypt, nettle, Botan 2 and
// Crypto++. intel-ipsec-mb is not a peer here: its 1.3 job API has no XTS. Keys (both halves) are
// set up outside the timed loop; the tweak is set in every call, as a one-data-unit-at-a-time user
// (a disk driver) does. Before timing, every row's output is checked against fastprim's scalar
// backend on its own tweak, on a second tweak, and on the first again (so that a context reused
// across messages is seen to take each message's tweak); decrypt rows must give the plaintext back.
//
// Per peer: OpenSSL EVP aes-{128,256}-xts: one context with cipher and key set once; per message
// EVP_CipherInit_ex with no cipher and no key sets only the IV (the tweak), then one
// EVP_CipherUpdate of the whole data unit (no EVP_CipherFinal: XTS leaves nothing over). libgcrypt:
// one GCRY_CIPHER_MODE_XTS handle keyed once; setiv, then encrypt or decrypt. nettle:
// xts_aes{128,256}_set_encrypt_key / _set_decrypt_key once; xts_aes{128,256}_encrypt_message /
// _decrypt_message with the tweak per message. Botan 2: Cipher_Mode "AES-n/XTS", keyed once;
// start(tweak) and finish per message, which works in place only: the timed body re-processes its
// own output (same work per byte, no copy; the check copies the input in first). Crypto++:
// XTS_Mode<AES>::Encryption / ::Decryption, keyed once; Resynchronize(tweak) then ProcessData per
// message (every size here is whole blocks: ProcessLastBlock, for ciphertext stealing, would only
// forward to ProcessData).
//
// Sizes: 512 B (a disk sector), 4096 B (a page, a 4Kn sector, dm-crypt's largest sector) and 64 KiB.
// References in the same run: AES-128/256-ECB encrypt at 4096 B (bench_aes.cpp registers them; the
// cost of the tweak arithmetic is the XTS row over the ECB row, scripts/bench-table), and
// aes256-xts-sectors: 64 sectors of 4096 B in one encrypt_sectors call (tweaks plain64) against one
// 256 KiB data unit in one encrypt call, fastprim dispatched.
#include <nettle/xts.h>
#include <openssl/evp.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#pragma GCC diagnostic ignored "-Wdeprecated-copy"
#include <botan/cipher_mode.h>
#include <cryptopp/aes.h>
#include <cryptopp/xts.h>
#pragma GCC diagnostic pop

#include <algorithm>
#include <cstring>
#include <fastprim/aes_xts.hpp>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "harness.hpp"
#include "peers.hpp"

namespace {

enum class op { enc, dec };
constexpr const char* op_name[] = {"xts-enc", "xts-dec"};
constexpr std::size_t xts_sizes[] = {512, 4096, 65536};
constexpr std::size_t tweak_len = 16;

// The quick profile: AES-256-XTS encrypt at 4096 B (and the sectors row).
bool in_quick(op o, int bits, std::size_t n) { return o == op::enc && bits == 256 && n == 4096; }

using bytes = std::shared_ptr<std::vector<std::byte>>;
bytes zeros(std::size_t n) { return std::make_shared<std::vector<std::byte>>(n); }

// One row's buffers, shared by its implementations. `tweak` is what every call reads; the check
// rewrites it between calls.
struct io {
  bytes in;   // encrypt: the plaintext; decrypt: the ciphertext
  bytes out;  // encrypt: the ciphertext; decrypt: the plaintext
  bytes key, tweak;
  std::size_t n;
  const std::uint8_t* u_in() const { return reinterpret_cast<const std::uint8_t*>(in->data()); }
  std::uint8_t* u_out() const { return reinterpret_cast<std::uint8_t*>(out->data()); }
  const std::uint8_t* u_key() const { return reinterpret_cast<const std::uint8_t*>(key->data()); }
  const std::uint8_t* u_tweak() const { return reinterpret_cast<const std::uint8_t*>(tweak->data()); }
};

// What a row must write: with the row's tweak (`a`), and with a second tweak `tweak_b` (`b`).
struct expected {
  bytes a, tweak_a, b, tweak_b;
};

void check(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error("bench_xts: " + what);
}

// Runs `call` (returns false on a failed call) before timing with the row's tweak, the second
// tweak, and the row's tweak again, and checks what `result` shows after each; then registers
// `timed` (by default `call` itself).
template <class F, class R, class T>
void add_checked(const std::string& group, const std::string& impl, const io& b, const expected& want, F call,
                 R result, T timed) {
  const std::string what = group + " " + impl + " " + std::to_string(b.n) + " B: ";
  for (int round = 0; round < 3; ++round) {
    const bool second = round == 1;
    *b.tweak = second ? *want.tweak_b : *want.tweak_a;
    std::fill(b.out->begin(), b.out->end(), std::byte{0});
    check(call(), what + "call failed");
    const std::span<const std::byte> got = result(), w = second ? *want.b : *want.a;
    check(std::equal(got.begin(), got.end(), w.begin(), w.end()),
          what + "output differs from fastprim's (scalar)" + (second ? " on a second tweak" : ""));
  }
  *b.tweak = *want.tweak_a;
  fpbench::add(group, impl, b.n, [timed]() mutable { benchmark::DoNotOptimize(timed()); });
}
template <class F>
void add_checked(const std::string& group, const std::string& impl, const io& b, const expected& want,
                 F call) {
  add_checked(
      group, impl, b, want, call, [b] { return std::span<const std::byte>(*b.out); }, call);
}

template <op O>
FASTPRIM_ALWAYS_INLINE bool run_fastprim(const fastprim::aes_xts& x, const io& b) {
  const std::span<const std::byte> tweak(*b.tweak), in(*b.in);
  if constexpr (O == op::enc) return x.encrypt(tweak, in, std::span(*b.out)).has_value();
  if constexpr (O == op::dec) return x.decrypt(tweak, in, std::span(*b.out)).has_value();
}

// nettle's XTS functions of one key size.
struct nettle_xts128 {
  using ctx = xts_aes128_key;
  static constexpr auto set_encrypt_key = xts_aes128_set_encrypt_key;
  static constexpr auto set_decrypt_key = xts_aes128_set_decrypt_key;
  static constexpr auto encrypt = xts_aes128_encrypt_message;
  static constexpr auto decrypt = xts_aes128_decrypt_message;
};
struct nettle_xts256 {
  using ctx = xts_aes256_key;
  static constexpr auto set_encrypt_key = xts_aes256_set_encrypt_key;
  static constexpr auto set_decrypt_key = xts_aes256_set_decrypt_key;
  static constexpr auto encrypt = xts_aes256_encrypt_message;
  static constexpr auto decrypt = xts_aes256_decrypt_message;
};

template <op O, int Bits>
void register_one(std::size_t n) {
  const std::string group = "aes" + std::to_string(Bits) + "-" + op_name[static_cast<int>(O)];
  // The key: K1 || K2, two AES keys (random, so the halves differ).
  auto plain = fpbench::buffer(n, 1), key = fpbench::buffer(2 * Bits / 8, 2);
  auto tweak_a = fpbench::buffer(tweak_len, 3), tweak_b = fpbench::buffer(tweak_len, 4);

  // What every row must produce, from fastprim's scalar backend: the ciphertext under tweak A is
  // the decrypt rows' input; the second tweak's output is whatever the scalar backend gives.
  auto ct = zeros(n);
  expected want{nullptr, tweak_a, zeros(n), tweak_b};
  {
    auto x = fastprim::aes_xts::create(*key, fastprim::backend::scalar);
    check(x.has_value(), group + ": fastprim scalar create failed");
    check(x->encrypt(*tweak_a, *plain, *ct).has_value(), group + ": fastprim scalar encrypt failed");
    auto back = zeros(n);
    check(x->decrypt(*tweak_a, *ct, *back).has_value() && *back == *plain,
          group + ": fastprim scalar does not round-trip");
    const auto r = O == op::enc ? x->encrypt(*tweak_b, *plain, *want.b) : x->decrypt(*tweak_b, *ct, *want.b);
    check(r.has_value(), group + ": fastprim scalar on the second tweak failed");
  }
  want.a = O == op::enc ? ct : plain;  // decrypt: the round trip
  io b{O == op::enc ? plain : ct, zeros(n), key, zeros(tweak_len), n};
  *b.tweak = *tweak_a;

  // fastprim, dispatched, then each usable backend.
  auto fp = std::make_shared<fastprim::aes_xts>(*fastprim::aes_xts::create(*key));
  add_checked(group, "fastprim", b, want, [fp, b]() FPBENCH_CALL { return run_fastprim<O>(*fp, b); });
  for (fastprim::backend be : fastprim::all_backends) {
    auto r = fastprim::aes_xts::create(*key, be);
    if (!r) continue;
    auto x = std::make_shared<fastprim::aes_xts>(*r);
    add_checked(group, "fastprim:" + std::string(fastprim::to_string(be)), b, want,
                [x, b]() FPBENCH_CALL { return run_fastprim<O>(*x, b); });
  }

  // OpenSSL EVP: one context with cipher and key set once; per message only the IV (the tweak).
  {
    std::shared_ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
    check(EVP_CipherInit_ex(ctx.get(), Bits == 128 ? EVP_aes_128_xts() : EVP_aes_256_xts(), nullptr,
                            b.u_key(), b.u_tweak(), O == op::enc) == 1,
          group + " openssl: EVP_CipherInit_ex");
    add_checked(group, "openssl", b, want, [ctx, b]() FPBENCH_CALL {
      EVP_CIPHER_CTX* c = ctx.get();
      int len = 0;
      bool ok = EVP_CipherInit_ex(c, nullptr, nullptr, nullptr, b.u_tweak(), O == op::enc) == 1;
      ok &= EVP_CipherUpdate(c, b.u_out(), &len, b.u_in(), static_cast<int>(b.n)) == 1;
      return ok && len == static_cast<int>(b.n);
    });
  }

  // libgcrypt: one XTS handle keyed once (both halves); setiv per message.
  {
    gcry_cipher_hd_t h = nullptr;
    check(gcry_cipher_open(&h, Bits == 128 ? GCRY_CIPHER_AES128 : GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_XTS,
                           0) == 0,
          group + " libgcrypt: gcry_cipher_open");
    std::shared_ptr<std::remove_pointer_t<gcry_cipher_hd_t>> hd(h, gcry_cipher_close);
    check(gcry_cipher_setkey(h, b.key->data(), b.key->size()) == 0, group + " libgcrypt: setkey");
    add_checked(group, "libgcrypt", b, want, [hd, b]() FPBENCH_CALL {
      gcry_cipher_hd_t c = hd.get();
      bool ok = gcry_cipher_setiv(c, b.tweak->data(), tweak_len) == 0;
      if constexpr (O == op::enc)
        ok &= gcry_cipher_encrypt(c, b.out->data(), b.n, b.in->data(), b.n) == 0;
      else
        ok &= gcry_cipher_decrypt(c, b.out->data(), b.n, b.in->data(), b.n) == 0;
      return ok;
    });
  }

  // nettle: the xts_aes128 / xts_aes256 key, set once; the tweak is an argument of each message.
  {
    using N = std::conditional_t<Bits == 128, nettle_xts128, nettle_xts256>;
    auto c = std::make_shared<typename N::ctx>();
    if constexpr (O == op::enc)
      N::set_encrypt_key(c.get(), b.u_key());
    else
      N::set_decrypt_key(c.get(), b.u_key());
    add_checked(group, "nettle", b, want, [c, b]() FPBENCH_CALL {
      if constexpr (O == op::enc)
        N::encrypt(c.get(), b.u_tweak(), b.n, b.u_out(), b.u_in());
      else
        N::decrypt(c.get(), b.u_tweak(), b.n, b.u_out(), b.u_in());
      return true;
    });
  }

  // Botan 2: Cipher_Mode "AES-n/XTS", keyed once, in place (see the top of the file). Its objects are
  // never destroyed: Google Benchmark destroys the registered bodies at exit, after Botan's static
  // mlock pool, and freeing into it then segfaults.
  {
    auto* mode = Botan::Cipher_Mode::create_or_throw("AES-" + std::to_string(Bits) + "/XTS",
                                                     O == op::enc ? Botan::ENCRYPTION : Botan::DECRYPTION)
                     .release();
    mode->set_key(b.u_key(), b.key->size());
    auto* buf = new Botan::secure_vector<std::uint8_t>(b.n);
    auto finish = [mode, buf, b] {
      mode->start(b.u_tweak(), tweak_len);
      mode->finish(*buf);
      return buf->size() == b.n;
    };
    add_checked(
        group, "botan", b, want,
        [buf, b, finish]() FPBENCH_CALL {
          buf->assign(b.u_in(), b.u_in() + b.n);
          return finish();
        },
        [buf] {
          return std::span<const std::byte>(reinterpret_cast<const std::byte*>(buf->data()), buf->size());
        },
        finish);
  }

  // Crypto++: XTS_Mode<AES>, keyed once (both halves); Resynchronize(tweak) per message.
  {
    using namespace CryptoPP;
    using mode = std::conditional_t<O == op::enc, XTS_Mode<AES>::Encryption, XTS_Mode<AES>::Decryption>;
    auto x = std::make_shared<mode>();
    x->SetKeyWithIV(b.u_key(), b.key->size(), b.u_tweak(), tweak_len);
    add_checked(group, "cryptopp", b, want, [x, b]() FPBENCH_CALL {
      x->Resynchronize(b.u_tweak(), tweak_len);
      x->ProcessData(b.u_out(), b.u_in(), b.n);
      return true;
    });
  }
}

// aes256-xts-sectors: 64 sectors of 4096 B in one encrypt_sectors call against one 256 KiB data
// unit in one encrypt call; the same bytes, fastprim dispatched.
void register_sectors() {
  constexpr std::size_t sector = 4096, count = 64, n = sector * count;
  constexpr std::uint64_t first = 1000;
  const std::string group = "aes256-xts-sectors";
  auto plain = fpbench::buffer(n, 1), key = fpbench::buffer(64, 2), tweak = fpbench::buffer(tweak_len, 3);
  auto out = zeros(n);

  // What each must write, from the scalar backend; the sectors also from one encrypt call per
  // sector with its plain64 tweak.
  auto want_sectors = zeros(n), want_unit = zeros(n);
  {
    auto x = fastprim::aes_xts::create(*key, fastprim::backend::scalar);
    check(x.has_value(), group + ": fastprim scalar create failed");
    check(x->encrypt_sectors(first, sector, *plain, *want_sectors).has_value(),
          group + ": fastprim scalar encrypt_sectors failed");
    check(x->encrypt(*tweak, *plain, *want_unit).has_value(), group + ": fastprim scalar encrypt failed");
    std::vector<std::byte> t(tweak_len), one(sector);
    for (std::size_t i = 0; i < count; ++i) {
      std::fill(t.begin(), t.end(), std::byte{0});
      for (int j = 0; j < 8; ++j) t[j] = std::byte((first + i) >> (8 * j));
      const std::span<const std::byte> p(plain->data() + i * sector, sector);
      check(x->encrypt(t, p, one).has_value() &&
                std::equal(one.begin(), one.end(), want_sectors->begin() + i * sector),
            group + ": fastprim scalar encrypt_sectors differs from per-sector encrypt with plain64 tweaks");
    }
  }

  auto fp = std::make_shared<fastprim::aes_xts>(*fastprim::aes_xts::create(*key));
  auto sectors = [fp, plain, out] { return fp->encrypt_sectors(first, sector, *plain, *out).has_value(); };
  auto unit = [fp, plain, out, tweak] { return fp->encrypt(*tweak, *plain, *out).has_value(); };
  const std::pair<std::string, std::pair<std::function<bool()>, bytes>> impls[] = {
      {"fastprim encrypt_sectors 64 x 4096 B", {sectors, want_sectors}},
      {"fastprim encrypt one 256 KiB unit", {unit, want_unit}}};
  for (const auto& [impl, f] : impls) {
    const auto& [call, want] = f;
    std::fill(out->begin(), out->end(), std::byte{0});
    check(call() && *out == *want, group + " " + impl + ": output differs from fastprim's (scalar)");
  }
  fpbench::add(group, impls[0].first, n, [sectors] { benchmark::DoNotOptimize(sectors()); });
  fpbench::add(group, impls[1].first, n, [unit] { benchmark::DoNotOptimize(unit()); });
}

// AES-XTS encrypt, fastprim dispatched only, at the sizes of bench_authenc.cpp that xts_sizes lacks:
// the cipher-alone reference of its XTS rows. Checked against the scalar backend.
void register_authenc_reference(int bits, std::size_t n) {
  const std::string group = "aes" + std::to_string(bits) + "-xts-enc";
  auto plain = fpbench::buffer(n, 1), key = fpbench::buffer(2 * bits / 8, 2),
       tweak = fpbench::buffer(tweak_len, 3);
  auto out = zeros(n), want = zeros(n);
  auto x = fastprim::aes_xts::create(*key, fastprim::backend::scalar);
  check(x.has_value() && x->encrypt(*tweak, *plain, *want).has_value(),
        group + ": fastprim scalar encrypt failed");
  auto fp = std::make_shared<fastprim::aes_xts>(*fastprim::aes_xts::create(*key));
  check(fp->encrypt(*tweak, *plain, *out).has_value() && *out == *want,
        group + " fastprim " + std::to_string(n) + " B: output differs from fastprim's (scalar)");
  fpbench::add(group, "fastprim", n, [fp, plain, out, tweak] {
    benchmark::DoNotOptimize(fp->encrypt(*tweak, *plain, *out).has_value());
  });
}

}  // namespace

void register_xts() {
  fpbench::gcrypt_init();
  const bool q = fpbench::quick();
  for (std::size_t n : xts_sizes) {
    if (!q || in_quick(op::enc, 128, n)) register_one<op::enc, 128>(n);
    if (!q || in_quick(op::dec, 128, n)) register_one<op::dec, 128>(n);
    if (!q || in_quick(op::enc, 256, n)) register_one<op::enc, 256>(n);
    if (!q || in_quick(op::dec, 256, n)) register_one<op::dec, 256>(n);
  }
  register_sectors();
  if (q) return;
  for (int bits : {128, 256})
    for (std::size_t n : {1024, 8192})
      if (std::find(std::begin(xts_sizes), std::end(xts_sizes), n) == std::end(xts_sizes))
        register_authenc_reference(bits, n);
}
