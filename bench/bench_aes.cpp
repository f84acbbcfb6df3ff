// AES-128/256 ECB, CBC and CTR: fastprim (dispatched and every usable backend) against OpenSSL
// EVP, libgcrypt and nettle, keys expanded outside the timed loop. Every peer's output is
// checked against fastprim's before timing. OpenSSL rows reuse one context without resetting
// the IV per call (a reset costs about 85 ns; see ../shared/peers.md), libgcrypt sets the IV or
// counter in every call, nettle copies the IV per call.
#include <gcrypt.h>
#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/ctr.h>
#include <openssl/evp.h>

#include <cstring>
#include <fastprim/aes.hpp>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "harness.hpp"

namespace {

enum class op { ecb_enc, cbc_enc, cbc_dec, ctr };
constexpr const char* op_name[] = {"ecb-enc", "cbc-enc", "cbc-dec", "ctr"};

struct io {
  std::shared_ptr<std::vector<std::byte>> in, out, key, iv;
};

template <op O>
FASTPRIM_ALWAYS_INLINE fastprim::result<void> run_fastprim(const fastprim::aes& a, const io& b,
                                                           std::size_t n) {
  const std::span<const std::byte> in(b.in->data(), n);
  const std::span<std::byte> out(b.out->data(), n);
  if constexpr (O == op::ecb_enc) return a.encrypt_ecb(in, out);
  if constexpr (O == op::cbc_enc) return a.encrypt_cbc(*b.iv, in, out);
  if constexpr (O == op::cbc_dec) return a.decrypt_cbc(*b.iv, in, out);
  if constexpr (O == op::ctr) return a.ctr(*b.iv, in, out);
}

void check(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error("bench_aes: output mismatch: " + what);
}

template <op o>
void register_one(int bits, std::size_t n) {
  const std::string group = "aes" + std::to_string(bits) + "-" + op_name[static_cast<int>(o)];
  io b{fpbench::buffer(n, 1), std::make_shared<std::vector<std::byte>>(n), fpbench::buffer(bits / 8, 2),
       fpbench::buffer(16, 3)};
  auto ref = std::make_shared<std::vector<std::byte>>(n);
  {
    auto a = fastprim::aes::create(*b.key, fastprim::backend::scalar);
    (void)run_fastprim<o>(*a, {b.in, ref, b.key, b.iv}, n);
  }

  // fastprim, dispatched, then each usable backend.
  auto fp = std::make_shared<fastprim::aes>(*fastprim::aes::create(*b.key));
  fpbench::add(group, "fastprim", n,
               [fp, b, n] { benchmark::DoNotOptimize(run_fastprim<o>(*fp, b, n).has_value()); });
  for (fastprim::backend be : fastprim::all_backends) {
    auto r = fastprim::aes::create(*b.key, be);
    if (!r) continue;
    auto a = std::make_shared<fastprim::aes>(*r);
    (void)run_fastprim<o>(*a, b, n);
    check(*b.out == *ref, group + " fastprim:" + std::string(fastprim::to_string(be)));
    fpbench::add(group, "fastprim:" + std::string(fastprim::to_string(be)), n,
                 [a, b, n] { benchmark::DoNotOptimize(run_fastprim<o>(*a, b, n).has_value()); });
  }

  // OpenSSL EVP: one context, no IV reset per call (CBC/CTR then continue the chain; the work
  // per byte is the same).
  {
    const std::string name = "aes-" + std::to_string(bits) +
                             (o == op::ecb_enc ? "-ecb"
                              : o == op::ctr   ? "-ctr"
                                               : "-cbc");
    std::shared_ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
    EVP_CipherInit_ex(ctx.get(), EVP_get_cipherbyname(name.c_str()), nullptr,
                      reinterpret_cast<const unsigned char*>(b.key->data()),
                      reinterpret_cast<const unsigned char*>(b.iv->data()), o != op::cbc_dec);
    EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
    auto update = [ctx, b, n] {
      int len = 0;
      EVP_CipherUpdate(ctx.get(), reinterpret_cast<unsigned char*>(b.out->data()), &len,
                       reinterpret_cast<const unsigned char*>(b.in->data()), static_cast<int>(n));
      benchmark::DoNotOptimize(len);
    };
    update();
    check(*b.out == *ref, group + " openssl");
    fpbench::add(group, "openssl", n, update);
  }

  // libgcrypt: IV or counter set per call, as a one-shot user would.
  {
    const int algo = bits == 128 ? GCRY_CIPHER_AES128 : GCRY_CIPHER_AES256;
    const int mode = o == op::ecb_enc ? GCRY_CIPHER_MODE_ECB
                     : o == op::ctr   ? GCRY_CIPHER_MODE_CTR
                                      : GCRY_CIPHER_MODE_CBC;
    gcry_cipher_hd_t h = nullptr;
    gcry_cipher_open(&h, algo, mode, 0);
    gcry_cipher_setkey(h, b.key->data(), b.key->size());
    std::shared_ptr<std::remove_pointer_t<gcry_cipher_hd_t>> hd(h, gcry_cipher_close);
    auto call = [hd, b, n] {
      if (o == op::ctr) gcry_cipher_setctr(hd.get(), b.iv->data(), 16);
      if (o == op::cbc_enc || o == op::cbc_dec) gcry_cipher_setiv(hd.get(), b.iv->data(), 16);
      if (o == op::cbc_dec)
        gcry_cipher_decrypt(hd.get(), b.out->data(), n, b.in->data(), n);
      else
        gcry_cipher_encrypt(hd.get(), b.out->data(), n, b.in->data(), n);
    };
    call();
    check(*b.out == *ref, group + " libgcrypt");
    fpbench::add(group, "libgcrypt", n, call);
  }

  // nettle: the aes128/aes256 contexts and the generic mode functions.
  {
    struct ctxs {
      aes128_ctx e128, d128;
      aes256_ctx e256, d256;
    };
    auto c = std::make_shared<ctxs>();
    const auto* k = reinterpret_cast<const std::uint8_t*>(b.key->data());
    if (bits == 128) {
      aes128_set_encrypt_key(&c->e128, k);
      aes128_set_decrypt_key(&c->d128, k);
    } else {
      aes256_set_encrypt_key(&c->e256, k);
      aes256_set_decrypt_key(&c->d256, k);
    }
    auto call = [c, b, n, bits] {
      std::uint8_t iv[16];
      std::memcpy(iv, b.iv->data(), 16);
      auto* out = reinterpret_cast<std::uint8_t*>(b.out->data());
      const auto* in = reinterpret_cast<const std::uint8_t*>(b.in->data());
      const void* e = bits == 128 ? static_cast<const void*>(&c->e128) : &c->e256;
      const void* d = bits == 128 ? static_cast<const void*>(&c->d128) : &c->d256;
      auto* ef = bits == 128 ? reinterpret_cast<nettle_cipher_func*>(aes128_encrypt)
                             : reinterpret_cast<nettle_cipher_func*>(aes256_encrypt);
      auto* df = bits == 128 ? reinterpret_cast<nettle_cipher_func*>(aes128_decrypt)
                             : reinterpret_cast<nettle_cipher_func*>(aes256_decrypt);
      switch (o) {
        case op::ecb_enc:
          ef(e, n, out, in);
          break;
        case op::cbc_enc:
          cbc_encrypt(e, ef, 16, iv, n, out, in);
          break;
        case op::cbc_dec:
          cbc_decrypt(d, df, 16, iv, n, out, in);
          break;
        case op::ctr:
          ctr_crypt(e, ef, 16, iv, n, out, in);
          break;
      }
    };
    call();
    check(*b.out == *ref, group + " nettle");
    fpbench::add(group, "nettle", n, call);
  }
}

}  // namespace

void register_aes() {
  for (int bits : {128, 256})
    for (std::size_t n : fpbench::sizes()) {
      if (n % 16 != 0) continue;
      register_one<op::ecb_enc>(bits, n);
      register_one<op::cbc_enc>(bits, n);
      register_one<op::cbc_dec>(bits, n);
      register_one<op::ctr>(bits, n);
    }
}
