// AES-128/256 ECB, CBC and CTR: fastprim (dispatched and every usable backend) against OpenSSL
// EVP, libgcrypt, nettle, Botan 2, Crypto++ and intel-ipsec-mb, keys expanded outside the timed
// loop. Every peer's output is checked against fastprim's before timing. OpenSSL rows reuse one
// context without resetting the IV per call (a reset costs about 85 ns in OpenSSL 3.0),
// libgcrypt sets the IV or counter in every call, nettle copies the IV per call, Botan restarts
// the mode (CBC: start(iv), in place, its only form) or sets the CTR IV per call, Crypto++
// resynchronises the IV per call, ipsec-mb submits one job (IV in the job; ECB/CBC over 32 KiB
// as 32 KiB jobs, its 1.3 length limit) and flushes.
#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/ctr.h>
#include <openssl/evp.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#pragma GCC diagnostic ignored "-Wdeprecated-copy"
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/stream_cipher.h>
#include <cryptopp/aes.h>
#include <cryptopp/modes.h>
#pragma GCC diagnostic pop

#include <algorithm>
#include <cstring>
#include <fastprim/aes.hpp>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "harness.hpp"
#include "peers.hpp"

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

// Botan objects are deliberately never destroyed: Google Benchmark destroys the registered
// bodies at exit, after Botan's static mlock pool, and freeing into it then segfaults.
template <class T>
std::shared_ptr<T> leak(std::unique_ptr<T> p) {
  return std::shared_ptr<T>(p.release(), [](T*) {});
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

  const auto* key = reinterpret_cast<const std::uint8_t*>(b.key->data());
  const auto* iv = reinterpret_cast<const std::uint8_t*>(b.iv->data());
  const std::string aes_name = "AES-" + std::to_string(bits);

  // Botan 2: BlockCipher::encrypt_n for ECB; Cipher_Mode "AES-n/CBC/NoPadding" (in place: the
  // check copies the input first, the timed body re-encrypts its own output, same work per
  // byte); StreamCipher "CTR-BE(AES-n)" with the IV set per call.
  if constexpr (o == op::ecb_enc) {
    auto bc = leak(Botan::BlockCipher::create_or_throw(aes_name));
    bc->set_key(key, b.key->size());
    auto call = [bc, b, n] {
      bc->encrypt_n(reinterpret_cast<const std::uint8_t*>(b.in->data()),
                    reinterpret_cast<std::uint8_t*>(b.out->data()), n / 16);
    };
    call();
    check(*b.out == *ref, group + " botan");
    fpbench::add(group, "botan", n, call);
  } else if constexpr (o == op::ctr) {
    auto sc = leak(Botan::StreamCipher::create_or_throw("CTR-BE(" + aes_name + ")"));
    sc->set_key(key, b.key->size());
    auto call = [sc, b, n, iv] {
      sc->set_iv(iv, 16);
      sc->cipher(reinterpret_cast<const std::uint8_t*>(b.in->data()),
                 reinterpret_cast<std::uint8_t*>(b.out->data()), n);
    };
    call();
    check(*b.out == *ref, group + " botan");
    fpbench::add(group, "botan", n, call);
  } else {
    auto cm = leak(Botan::Cipher_Mode::create_or_throw(
        aes_name + "/CBC/NoPadding", o == op::cbc_enc ? Botan::ENCRYPTION : Botan::DECRYPTION));
    cm->set_key(key, b.key->size());
    auto* out = reinterpret_cast<std::uint8_t*>(b.out->data());
    std::memcpy(out, b.in->data(), n);
    cm->start(iv, 16);
    cm->process(out, n);
    check(*b.out == *ref, group + " botan");
    fpbench::add(group, "botan", n, [cm, b, n, iv, out] {
      cm->start(iv, 16);
      benchmark::DoNotOptimize(cm->process(out, n));
    });
  }

  // Crypto++: ECB_Mode / CBC_Mode / CTR_Mode<AES>, keyed once, IV resynchronised per call.
  {
    using namespace CryptoPP;
    std::shared_ptr<SymmetricCipher> c;
    if constexpr (o == op::ecb_enc)
      c = std::make_shared<ECB_Mode<AES>::Encryption>(key, b.key->size());
    else if constexpr (o == op::cbc_enc)
      c = std::make_shared<CBC_Mode<AES>::Encryption>(key, b.key->size(), iv);
    else if constexpr (o == op::cbc_dec)
      c = std::make_shared<CBC_Mode<AES>::Decryption>(key, b.key->size(), iv);
    else
      c = std::make_shared<CTR_Mode<AES>::Encryption>(key, b.key->size(), iv);
    auto call = [c, b, n, iv] {
      if (o != op::ecb_enc) c->Resynchronize(iv, 16);
      c->ProcessData(reinterpret_cast<std::uint8_t*>(b.out->data()),
                     reinterpret_cast<const std::uint8_t*>(b.in->data()), n);
    };
    call();
    check(*b.out == *ref, group + " cryptopp");
    fpbench::add(group, "cryptopp", n, call);
  }

#if FPBENCH_HAVE_IPSEC_MB
  // intel-ipsec-mb 1.3 job API: one job per call (IMB_CIPHER_ECB / CBC / CNTR, no hash),
  // submitted then flushed (CBC encryption is multi-lane and only completes on flush).
  {
    struct keys {
      alignas(64) std::uint32_t enc[4 * 15];
      alignas(64) std::uint32_t dec[4 * 15];
    };
    auto m = fpbench::ipsec_mb_manager();
    auto ks = std::make_shared<keys>();
    if (bits == 128)
      IMB_AES_KEYEXP_128(m.get(), key, ks->enc, ks->dec);
    else
      IMB_AES_KEYEXP_256(m.get(), key, ks->enc, ks->dec);
    auto call = [m, ks, b, n, iv, bits]() -> bool {
      IMB_MGR* mgr = m.get();
      const auto* in = reinterpret_cast<const std::uint8_t*>(b.in->data());
      auto* out = reinterpret_cast<std::uint8_t*>(b.out->data());
      std::size_t ok = 0;
      // 1.3 rejects ECB/CBC jobs of 64 KiB or more (IMB_ERR_JOB_CIPH_LEN): longer messages go
      // as 32 KiB jobs, chained through the IV (CBC encryption must wait for the previous one).
      const std::size_t chunk = o == op::ctr ? n : 32768;
      for (std::size_t off = 0; off < n; off += chunk) {
        IMB_JOB* j = IMB_GET_NEXT_JOB(mgr);
        j->cipher_mode = o == op::ecb_enc ? IMB_CIPHER_ECB : o == op::ctr ? IMB_CIPHER_CNTR : IMB_CIPHER_CBC;
        j->cipher_direction = o == op::cbc_dec ? IMB_DIR_DECRYPT : IMB_DIR_ENCRYPT;
        j->chain_order = o == op::cbc_dec ? IMB_ORDER_HASH_CIPHER : IMB_ORDER_CIPHER_HASH;
        j->hash_alg = IMB_AUTH_NULL;
        j->enc_keys = ks->enc;
        j->dec_keys = ks->dec;
        j->key_len_in_bytes = static_cast<std::uint64_t>(bits / 8);
        j->src = in + off;
        j->dst = out + off;
        j->cipher_start_src_offset_in_bytes = 0;
        j->msg_len_to_cipher_in_bytes = std::min(chunk, n - off);
        j->iv = o == op::ecb_enc   ? nullptr
                : off == 0         ? iv
                : o == op::cbc_enc ? out + off - 16
                                   : in + off - 16;
        j->iv_len_in_bytes = o == op::ecb_enc ? 0 : 16;
        j = IMB_SUBMIT_JOB(mgr);
        if (j) ok += j->status == IMB_STATUS_COMPLETED;
        if (o == op::cbc_enc)
          while ((j = IMB_FLUSH_JOB(mgr)) != nullptr) ok += j->status == IMB_STATUS_COMPLETED;
      }
      for (IMB_JOB* j; (j = IMB_FLUSH_JOB(mgr)) != nullptr;) ok += j->status == IMB_STATUS_COMPLETED;
      return ok == (n + chunk - 1) / chunk;
    };
    std::fill(b.out->begin(), b.out->end(), std::byte{0});
    check(call(), group + " ipsec-mb: job failed: " + imb_get_strerror(imb_get_errno(m.get())));
    check(*b.out == *ref, group + " ipsec-mb");
    fpbench::add(group, "ipsec-mb", n, [call] { benchmark::DoNotOptimize(call()); });
  }
#endif
}

}  // namespace

void register_aes() {
  fpbench::gcrypt_init();
  for (int bits : {128, 256})
    for (std::size_t n : fpbench::sizes()) {
      if (n % 16 != 0) continue;
      register_one<op::ecb_enc>(bits, n);
      register_one<op::cbc_enc>(bits, n);
      register_one<op::cbc_dec>(bits, n);
      register_one<op::ctr>(bits, n);
    }
  // ECB encrypt at 4096 B, outside sizes(): the reference for AES-XTS's 4096-byte rows
  // (bench_xts.cpp; scripts/bench-table sets the two side by side). The quick profile: AES-256 only,
  // as bench_xts.cpp's quick XTS row.
  const std::vector<std::size_t> s = fpbench::sizes();
  if (std::find(s.begin(), s.end(), 4096) == s.end())
    for (int bits : {128, 256})
      if (!fpbench::quick() || bits == 256) register_one<op::ecb_enc>(bits, 4096);
}
