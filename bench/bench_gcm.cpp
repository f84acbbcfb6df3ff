// AES-128/256-GCM seal and open with no AAD, and GMAC (the AAD only, empty plaintext); 12-byte IV,
// 16-byte tag. fastprim (dispatched and every usable backend) against intel-ipsec-mb, OpenSSL EVP,
// libgcrypt, nettle, Botan 2 and Crypto++: keys set up outside the timed loop, the IV set and the tag
// made or checked in every call, as a one-message-at-a-time user does. Before timing, every row's
// ciphertext and tag are checked against fastprim's (scalar backend); open rows must return the
// plaintext, accept the tag, and refuse it with one bit flipped.
//
// Per peer: ipsec-mb 1.3's direct API (IMB_AES*_GCM_PRE once; IMB_AES*_GCM_ENC / _DEC one-shot;
// IMB_AES*_GMAC_INIT / UPDATE / FINALIZE; _DEC returns the tag, compared with CRYPTO_memcmp). OpenSSL
// reuses one context and sets only the IV per message (EVP_CipherInit_ex with no cipher and no key).
// libgcrypt: setiv, then gettag / checktag. nettle: gcm_aes{128,256} set_iv, update, encrypt or
// decrypt, digest (open compares with memeql_sec). Botan 2: AEAD_Mode, start(iv) and finish per
// message, which work in place only: seal re-encrypts its own output (same work per byte), open
// first copies the ciphertext and tag back into its buffer (a memcpy of the message, not zero at
// 64 KiB), GMAC sets the AAD per message. Crypto++: GCM<AES> (its default 2K tables option; CLMUL
// where the CPU has it), EncryptAndAuthenticate / DecryptAndVerify, which resynchronise the IV.
//
// Sizes: 16 B and 64 B, 576 B (the IPv4 minimum datagram), 1420 B (a packet in a 1500-byte MTU
// after tunnel headers), 8 KiB and 64 KiB; for GMAC they are the AAD length.
#include <nettle/gcm.h>
#include <nettle/memops.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#pragma GCC diagnostic ignored "-Wdeprecated-copy"
#include <botan/aead.h>
#include <botan/exceptn.h>
#include <cryptopp/aes.h>
#include <cryptopp/gcm.h>
#pragma GCC diagnostic pop

#include <algorithm>
#include <cstring>
#include <fastprim/aes_gcm.hpp>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "harness.hpp"
#include "peers.hpp"

namespace {

enum class op { seal, open, gmac };
constexpr const char* op_name[] = {"gcm-seal", "gcm-open", "gmac"};
constexpr std::size_t gcm_sizes[] = {16, 64, 576, 1420, 8192, 65536};
constexpr std::size_t tag_len = 16, iv_len = 12;

// The quick profile: AES-128 only; seal at 64 B, 1420 B and 64 KiB, open and GMAC at 1420 B (so
// that every peer's open and GMAC checks run in the quick benchmark too).
bool in_quick(op o, std::size_t n) { return n == 1420 || (o == op::seal && (n == 64 || n == 65536)); }

using bytes = std::shared_ptr<std::vector<std::byte>>;
bytes zeros(std::size_t n) { return std::make_shared<std::vector<std::byte>>(n); }

// One row's buffers, shared by its implementations.
struct io {
  bytes in;   // seal: the plaintext; open: the ciphertext; GMAC: the AAD
  bytes out;  // seal: the ciphertext; open: the plaintext; GMAC: empty
  bytes tag;  // seal, GMAC: written; open: read
  bytes key, iv;
  std::size_t n;
  const std::uint8_t* u_in() const { return reinterpret_cast<const std::uint8_t*>(in->data()); }
  std::uint8_t* u_out() const { return reinterpret_cast<std::uint8_t*>(out->data()); }
  std::uint8_t* u_tag() const { return reinterpret_cast<std::uint8_t*>(tag->data()); }
  const std::uint8_t* u_key() const { return reinterpret_cast<const std::uint8_t*>(key->data()); }
  const std::uint8_t* u_iv() const { return reinterpret_cast<const std::uint8_t*>(iv->data()); }
};

// Output and tag: where a row's result lands (`out` and `tag` of io, except for Botan's in-place
// buffer), and what it must be.
struct view {
  std::span<const std::byte> out, tag;
};

void check(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error("bench_gcm: " + what);
}

// Runs `call` (returns false on a failed call or a refused tag) before timing and checks what it
// wrote, then registers it: seal and GMAC must give `want`'s ciphertext and tag; open must give the
// plaintext, accept the tag, refuse it with one bit flipped, and accept it again after. Twice
// (`again`), so that a context reused across messages is checked on its next message as well.
template <op O, class F, class V>
void add_checked(const std::string& group, const std::string& impl, const io& b, const view& want, F call,
                 V result, bool again = true) {
  const std::string what = group + " " + impl + " " + std::to_string(b.n) + " B: ";
  for (int round = 0; round < (again ? 2 : 1); ++round) {
    std::fill(b.out->begin(), b.out->end(), std::byte{0});
    if (O != op::open) std::fill(b.tag->begin(), b.tag->end(), std::byte{0});
    check(call(), what + (O == op::open ? "tag refused" : "call failed"));
    const view v = result();
    check(std::equal(v.out.begin(), v.out.end(), want.out.begin(), want.out.end()),
          what + "output differs from fastprim's");
    if (O != op::open)
      check(std::equal(v.tag.begin(), v.tag.end(), want.tag.begin(), want.tag.end()),
            what + "tag differs from fastprim's");
  }
  if constexpr (O == op::open) {
    (*b.tag)[5] ^= std::byte{0x10};
    const bool accepted = call();
    (*b.tag)[5] ^= std::byte{0x10};
    check(!accepted, what + "a wrong tag was accepted");
    check(call(), what + "tag refused after a refusal");
    const view v = result();
    check(std::equal(v.out.begin(), v.out.end(), want.out.begin(), want.out.end()),
          what + "output differs from fastprim's after a refusal");
  }
  fpbench::add(group, impl, b.n, [call]() mutable { benchmark::DoNotOptimize(call()); });
}
template <op O, class F>
void add_checked(const std::string& group, const std::string& impl, const io& b, const view& want, F call) {
  add_checked<O>(group, impl, b, want, call, [b] { return view{*b.out, *b.tag}; });
}

template <op O>
FASTPRIM_ALWAYS_INLINE bool run_fastprim(const fastprim::aes_gcm& g, const io& b) {
  const std::span<const std::byte> iv(*b.iv), none{}, in(*b.in);
  if constexpr (O == op::seal) return g.seal(iv, none, in, std::span(*b.out), std::span(*b.tag)).has_value();
  if constexpr (O == op::open)
    return g.open(iv, none, in, std::span<const std::byte>(*b.tag), std::span(*b.out)).has_value();
  if constexpr (O == op::gmac)
    return g.seal(iv, in, none, std::span<std::byte>{}, std::span(*b.tag)).has_value();
}

// nettle's GCM functions of one key size.
struct nettle_gcm128 {
  using ctx = gcm_aes128_ctx;
  static constexpr auto set_key = gcm_aes128_set_key;
  static constexpr auto set_iv = gcm_aes128_set_iv;
  static constexpr auto update = gcm_aes128_update;
  static constexpr auto encrypt = gcm_aes128_encrypt;
  static constexpr auto decrypt = gcm_aes128_decrypt;
  static constexpr auto digest = gcm_aes128_digest;
};
struct nettle_gcm256 {
  using ctx = gcm_aes256_ctx;
  static constexpr auto set_key = gcm_aes256_set_key;
  static constexpr auto set_iv = gcm_aes256_set_iv;
  static constexpr auto update = gcm_aes256_update;
  static constexpr auto encrypt = gcm_aes256_encrypt;
  static constexpr auto decrypt = gcm_aes256_decrypt;
  static constexpr auto digest = gcm_aes256_digest;
};

template <op O, int Bits>
void register_one(std::size_t n) {
  const std::string group = "aes" + std::to_string(Bits) + "-" + op_name[static_cast<int>(O)];
  auto plain = fpbench::buffer(n, 1), key = fpbench::buffer(Bits / 8, 2), iv = fpbench::buffer(iv_len, 3);

  // What every row must produce, from fastprim's scalar backend.
  auto ct = zeros(n), tag = zeros(tag_len);
  {
    auto g = fastprim::aes_gcm::create(*key, fastprim::backend::scalar);
    const std::span<const std::byte> none{};
    const bool ok = O == op::gmac ? g->seal(*iv, *plain, none, std::span<std::byte>{}, *tag).has_value()
                                  : g->seal(*iv, none, *plain, *ct, *tag).has_value();
    check(ok, group + ": fastprim scalar seal failed");
  }
  // The row's buffers (`b`) and what they must hold after a call (`want`).
  io b{O == op::open ? ct : plain, zeros(O == op::gmac ? 0 : n), zeros(tag_len), key, iv, n};
  const view want{O == op::seal   ? std::span<const std::byte>(*ct)
                  : O == op::open ? std::span<const std::byte>(*plain)
                                  : std::span<const std::byte>{},
                  *tag};
  if (O == op::open) *b.tag = *tag;

  // fastprim, dispatched, then each usable backend.
  auto fp = std::make_shared<fastprim::aes_gcm>(*fastprim::aes_gcm::create(*key));
  add_checked<O>(group, "fastprim", b, want, [fp, b]() FPBENCH_CALL { return run_fastprim<O>(*fp, b); });
  for (fastprim::backend be : fastprim::all_backends) {
    auto r = fastprim::aes_gcm::create(*key, be);
    if (!r) continue;
    auto g = std::make_shared<fastprim::aes_gcm>(*r);
    add_checked<O>(group, "fastprim:" + std::string(fastprim::to_string(be)), b, want,
                   [g, b]() FPBENCH_CALL { return run_fastprim<O>(*g, b); });
  }

#if FPBENCH_HAVE_IPSEC_MB
  // intel-ipsec-mb 1.3 direct API: key data expanded once (AES round keys and the hash key powers).
  {
    struct state {
      alignas(64) gcm_key_data key;
      gcm_context_data ctx;
      alignas(16) std::uint8_t iv[16];  // the 12-byte IV, in a 16-byte buffer as its API reads it
    };
    auto m = fpbench::ipsec_mb_manager();
    auto s = std::make_shared<state>();
    if constexpr (Bits == 128)
      IMB_AES128_GCM_PRE(m.get(), b.u_key(), &s->key);
    else
      IMB_AES256_GCM_PRE(m.get(), b.u_key(), &s->key);
    std::memcpy(s->iv, b.u_iv(), iv_len);
    std::memcpy(s->iv + iv_len, "\0\0\0\1", 4);
    add_checked<O>(group, "ipsec-mb", b, want, [m, s, b]() FPBENCH_CALL {
      IMB_MGR* mgr = m.get();
      const std::uint8_t* in = b.u_in();
      std::uint8_t* out = b.u_out();
      const std::uint64_t n = b.n;
      if constexpr (O == op::seal) {
        if constexpr (Bits == 128)
          IMB_AES128_GCM_ENC(mgr, &s->key, &s->ctx, out, in, n, s->iv, in, 0, b.u_tag(), tag_len);
        else
          IMB_AES256_GCM_ENC(mgr, &s->key, &s->ctx, out, in, n, s->iv, in, 0, b.u_tag(), tag_len);
        return imb_get_errno(mgr) == 0;
      } else if constexpr (O == op::open) {
        std::uint8_t t[tag_len];
        if constexpr (Bits == 128)
          IMB_AES128_GCM_DEC(mgr, &s->key, &s->ctx, out, in, n, s->iv, in, 0, t, tag_len);
        else
          IMB_AES256_GCM_DEC(mgr, &s->key, &s->ctx, out, in, n, s->iv, in, 0, t, tag_len);
        return imb_get_errno(mgr) == 0 && CRYPTO_memcmp(t, b.u_tag(), tag_len) == 0;
      } else {
        if constexpr (Bits == 128) {
          IMB_AES128_GMAC_INIT(mgr, &s->key, &s->ctx, s->iv, iv_len);
          IMB_AES128_GMAC_UPDATE(mgr, &s->key, &s->ctx, in, n);
          IMB_AES128_GMAC_FINALIZE(mgr, &s->key, &s->ctx, b.u_tag(), tag_len);
        } else {
          IMB_AES256_GMAC_INIT(mgr, &s->key, &s->ctx, s->iv, iv_len);
          IMB_AES256_GMAC_UPDATE(mgr, &s->key, &s->ctx, in, n);
          IMB_AES256_GMAC_FINALIZE(mgr, &s->key, &s->ctx, b.u_tag(), tag_len);
        }
        return imb_get_errno(mgr) == 0;
      }
    });
  }
#endif

  // OpenSSL EVP: one context with cipher and key set once; per message only the IV.
  {
    std::shared_ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
    check(EVP_CipherInit_ex(ctx.get(), Bits == 128 ? EVP_aes_128_gcm() : EVP_aes_256_gcm(), nullptr,
                            b.u_key(), nullptr, O != op::open) == 1,
          group + " openssl: EVP_CipherInit_ex");
    add_checked<O>(group, "openssl", b, want, [ctx, b]() FPBENCH_CALL {
      EVP_CIPHER_CTX* c = ctx.get();
      unsigned char last[16];  // GCM's final writes nothing
      int len = 0, fin = 0;
      bool ok = EVP_CipherInit_ex(c, nullptr, nullptr, nullptr, b.u_iv(), O != op::open) == 1;
      if constexpr (O == op::gmac)
        ok &= EVP_CipherUpdate(c, nullptr, &len, b.u_in(), static_cast<int>(b.n)) == 1;
      else
        ok &= EVP_CipherUpdate(c, b.u_out(), &len, b.u_in(), static_cast<int>(b.n)) == 1;
      if constexpr (O == op::open)
        ok &= EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, tag_len, b.u_tag()) == 1;
      ok &= EVP_CipherFinal_ex(c, last, &fin) == 1;  // open: the tag check
      if constexpr (O != op::open)
        ok &= EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, tag_len, b.u_tag()) == 1;
      return ok;
    });
  }

  // libgcrypt: one handle keyed once; setiv per message.
  {
    gcry_cipher_hd_t h = nullptr;
    check(gcry_cipher_open(&h, Bits == 128 ? GCRY_CIPHER_AES128 : GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_GCM,
                           0) == 0,
          group + " libgcrypt: gcry_cipher_open");
    std::shared_ptr<std::remove_pointer_t<gcry_cipher_hd_t>> hd(h, gcry_cipher_close);
    check(gcry_cipher_setkey(h, b.key->data(), b.key->size()) == 0, group + " libgcrypt: setkey");
    add_checked<O>(group, "libgcrypt", b, want, [hd, b]() FPBENCH_CALL {
      gcry_cipher_hd_t c = hd.get();
      bool ok = gcry_cipher_setiv(c, b.iv->data(), iv_len) == 0;
      if constexpr (O == op::seal) {
        ok &= gcry_cipher_encrypt(c, b.out->data(), b.n, b.in->data(), b.n) == 0;
        ok &= gcry_cipher_gettag(c, b.tag->data(), tag_len) == 0;
      } else if constexpr (O == op::open) {
        ok &= gcry_cipher_decrypt(c, b.out->data(), b.n, b.in->data(), b.n) == 0;
        ok &= gcry_cipher_checktag(c, b.tag->data(), tag_len) == 0;
      } else {
        ok &= gcry_cipher_authenticate(c, b.in->data(), b.n) == 0;
        ok &= gcry_cipher_gettag(c, b.tag->data(), tag_len) == 0;
      }
      return ok;
    });
  }

  // nettle: the gcm_aes128 / gcm_aes256 context, keyed once.
  {
    using N = std::conditional_t<Bits == 128, nettle_gcm128, nettle_gcm256>;
    auto c = std::make_shared<typename N::ctx>();
    N::set_key(c.get(), b.u_key());
    add_checked<O>(group, "nettle", b, want, [c, b]() FPBENCH_CALL {
      auto* x = c.get();
      N::set_iv(x, iv_len, b.u_iv());
      if constexpr (O == op::gmac) N::update(x, b.n, b.u_in());
      if constexpr (O == op::seal) N::encrypt(x, b.n, b.u_out(), b.u_in());
      if constexpr (O == op::open) {
        N::decrypt(x, b.n, b.u_out(), b.u_in());
        std::uint8_t t[tag_len];
        N::digest(x, tag_len, t);
        return memeql_sec(t, b.u_tag(), tag_len) != 0;
      } else {
        N::digest(x, tag_len, b.u_tag());
        return true;
      }
    });
  }

  // Botan 2: AEAD_Mode "AES-n/GCM", keyed once, in place (see the top of the file). Its objects are
  // never destroyed: Google Benchmark destroys the registered bodies at exit, after Botan's static
  // mlock pool, and freeing into it then segfaults.
  {
    auto* mode = Botan::AEAD_Mode::create_or_throw("AES-" + std::to_string(Bits) + "/GCM",
                                                   O == op::open ? Botan::DECRYPTION : Botan::ENCRYPTION)
                     .release();
    mode->set_key(b.u_key(), b.key->size());
    auto* buf = new Botan::secure_vector<std::uint8_t>();
    buf->reserve(b.n + tag_len);
    if (O == op::seal) buf->assign(b.u_in(), b.u_in() + b.n);
    auto result = [buf, b] {
      const auto* p = reinterpret_cast<const std::byte*>(buf->data());
      if (O == op::gmac) return view{{}, {p, buf->size()}};
      if (O == op::open) return view{{p, buf->size()}, *b.tag};
      if (buf->size() != b.n + tag_len) return view{};  // the check then fails
      return view{{p, b.n}, {p + b.n, tag_len}};
    };
    add_checked<O>(
        group, "botan", b, want,
        [mode, buf, b]() FPBENCH_CALL {
          if constexpr (O == op::seal) {
            buf->resize(b.n);  // drops the previous tag; re-encrypts the previous ciphertext
          } else if constexpr (O == op::open) {
            buf->resize(b.n + tag_len);
            std::memcpy(buf->data(), b.u_in(), b.n);
            std::memcpy(buf->data() + b.n, b.u_tag(), tag_len);
          } else {
            buf->clear();
            mode->set_associated_data(b.u_in(), b.n);
          }
          mode->start(b.u_iv(), iv_len);
          try {
            mode->finish(*buf);
          } catch (const Botan::Invalid_Authentication_Tag&) {
            return false;
          }
          return true;
        },
        result, O != op::seal);  // seal: the next call re-encrypts the ciphertext
  }

  // Crypto++: GCM<AES>, keyed once; the one-call API resynchronises the IV per message.
  {
    using namespace CryptoPP;
    if constexpr (O == op::open) {
      auto d = std::make_shared<GCM<AES>::Decryption>();
      d->SetKeyWithIV(b.u_key(), b.key->size(), b.u_iv(), iv_len);
      add_checked<O>(group, "cryptopp", b, want, [d, b]() FPBENCH_CALL {
        return d->DecryptAndVerify(b.u_out(), b.u_tag(), tag_len, b.u_iv(), iv_len, b.u_in(), 0, b.u_in(),
                                   b.n);
      });
    } else {
      auto e = std::make_shared<GCM<AES>::Encryption>();
      e->SetKeyWithIV(b.u_key(), b.key->size(), b.u_iv(), iv_len);
      add_checked<O>(group, "cryptopp", b, want, [e, b]() FPBENCH_CALL {
        if constexpr (O == op::seal)
          e->EncryptAndAuthenticate(b.u_out(), b.u_tag(), tag_len, b.u_iv(), iv_len, b.u_in(), 0, b.u_in(),
                                    b.n);
        if constexpr (O == op::gmac) {  // the message is the header, the plaintext is empty
          std::uint8_t none[1];
          e->EncryptAndAuthenticate(none, b.u_tag(), tag_len, b.u_iv(), iv_len, b.u_in(), b.n, none, 0);
        }
        return true;
      });
    }
  }
}

}  // namespace

void register_gcm() {
  fpbench::gcrypt_init();
  const bool q = fpbench::quick();
  for (std::size_t n : gcm_sizes) {
    if (!q || in_quick(op::seal, n)) register_one<op::seal, 128>(n);
    if (!q || in_quick(op::open, n)) register_one<op::open, 128>(n);
    if (!q || in_quick(op::gmac, n)) register_one<op::gmac, 128>(n);
    if (q) continue;
    register_one<op::seal, 256>(n);
    register_one<op::open, 256>(n);
    register_one<op::gmac, 256>(n);
  }
}
