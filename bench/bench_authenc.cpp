// Encrypt-then-MAC (fastprim/authenc.hpp): AES-128/256 in CBC, CTR or XTS (XTS: 32- and 64-byte
// keys), then HMAC-SHA-256 or HMAC-SHA-1 over AAD || ciphertext; seal, and open (tag checked, then
// decrypted). fastprim (dispatched and every usable AES backend) against its own two calls and the
// peers' compositions, one message at a time: keys set up outside the timed loop, the IV set and the
// tag made or checked in every call. Before timing, every row's ciphertext and tag are checked
// against fastprim's scalar backend; open rows must return the plaintext, accept the tag, refuse it
// with one bit flipped, and accept it again.
//
// The message: a 13-byte AAD (the length of TLS 1.2's MAC header, sequence number || type ||
// version || length; an ESP header is 8 bytes) and 1 KiB, 8 KiB or 64 KiB of payload; 13 puts the
// ciphertext 13 bytes into the hashed stream, so the one-pass kernel's hash blocks straddle cipher
// blocks (its harder case). Tags as IPsec truncates them: 16 bytes of HMAC-SHA-256 (RFC 4868), 12
// of HMAC-SHA-1 (RFC 2404); MAC keys of the digest size. Rows: aes{128,256}-{cbc,ctr,xts}-
// {sha256,sha1}-{seal,open}/<payload bytes>; aes128-xts has the 32-byte key, as in bench_xts.cpp.
//
// Per implementation:
// - fastprim: authenc<H>::create(mode, enc_key, mac_key), dispatched; fastprim:<token>: the same on
//   each AES backend (the hash keeps its own dispatch: CBC seal takes the one-pass AES-NI + SHA-NI
//   kernel where both are there, `one_pass()`; the others cipher then hash, a chunk at a time).
// - fastprim-two-calls: fastprim's AES (aes::encrypt_cbc / ctr, aes_xts::encrypt) then its
//   streaming hmac<H> over AAD and ciphertext (reset, update, update, digest); open: the tag first
//   (CRYPTO_memcmp), then the decryption. What the issue calls "the two in sequence": the dispatched
//   row over this one is what the one pass (and the chunking) gains. (Pinning the hash dispatch off
//   SHA-NI instead would time the scalar SHA, not the loop: SHA-256's only other x86 stream backend.)
// - openssl: EVP aes-n-cbc/ctr/xts, one context keyed once (no padding), EVP_CipherInit_ex with
//   only the IV per message, one EVP_CipherUpdate; then HMAC_CTX keyed once, HMAC_Init_ex with no key
//   per message, HMAC_Update of the AAD and of the ciphertext, HMAC_Final (truncated). open: HMAC
//   first, CRYPTO_memcmp, then the decryption.
// - ipsec-mb: 1.3's job API, one chained job per message (IMB_ORDER_CIPHER_HASH, IMB_CIPHER_CBC or
//   IMB_CIPHER_CNTR with IMB_AUTH_HMAC_SHA_256 / _SHA_1; open: IMB_ORDER_HASH_CIPHER, decrypt),
//   submitted and flushed; ipad/opad chaining values computed once (IMB_SHA*_ONE_BLOCK). Two
//   managers: the one init_mb_mgr_auto sets up ("ipsec-mb"; on AVX-512 its HMAC runs 16 AVX-512
//   lanes, of which one message at a time fills one) and an SSE one ("ipsec-mb-sse"), whose HMAC
//   uses the SHA extensions (bench/peers.hpp). Its hash reads the source buffer, from
//   hash_start_src_offset: the AAD sits right before the payload in one buffer (AAD at offset 3,
//   payload 16-byte aligned at 16) and seal runs in place (cipher offset 13), so the cipher's output
//   is what gets hashed, AAD || ciphertext as fastprim's. The timed seal re-encrypts its own output
//   (same work per byte; the check copies the input in first).
//   Its open decrypts whatever the tag (the job computes both; the bench compares the tag after),
//   where fastprim and the OpenSSL composition release no plaintext from a wrong tag. Not in XTS (no
//   XTS in 1.3's job API) nor at 64 KiB: 1.3 refuses HMAC jobs of more than 65534 bytes (and CBC
//   jobs of 64 KiB), and one MAC cannot be split over jobs as bench_aes.cpp splits its CBC jobs.
// - "openssl-stitched (TLS MAC-then-encrypt)", CBC seal only, a speed reference for a different
//   function: EVP AES-n-CBC-HMAC-SHA256 / -SHA1 (AES-NI stitched with SHA-NI or AVX), the only mode
//   in which it yields a MAC, TLS 1.2 records: EVP_CTRL_AEAD_TLS1_AAD then EVP_Cipher over explicit
//   IV || payload, which writes CBC(explicit IV || payload || HMAC(header || payload) || padding).
//   It hashes the plaintext (13 + n bytes, as the others) and encrypts n + 64 bytes (n + 48 with
//   SHA-1): bytes per call are counted as n. Checked against that definition composed from
//   fastprim's AES-CBC and HMAC. Not at 64 KiB: a TLS record length has 16 bits. Its IV chains from
//   record to record as in TLS (the check resets it).
//
// References in the same run (scripts/bench-table's authenc table divides seal by the slower of the
// two): the cipher alone, aes{128,256}-cbc-enc / -ctr (bench_aes.cpp) and -xts-enc (bench_xts.cpp)
// "fastprim" rows of the same payload size; the hash alone, hmac-sha256 / hmac-sha1 "fastprim" of
// the payload size (bench_sha.cpp), key reused. HMAC rather than plain SHA: it runs the same number
// of compression calls as seal's MAC (the keyed ipad state, ceil((13 + n + 9) / 64) = ceil((n + 9) /
// 64) blocks at these sizes, the outer block), where plain SHA-256 runs one fewer; it is what the
// two calls in sequence would pay for the hash.
//
// Quick profile: AES-128-CBC + HMAC-SHA-256 at 8 KiB, seal and open (so that every peer's open check
// runs there too); its references (aes128-cbc-enc and hmac-sha256 at 8 KiB) are in the quick sizes.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <fastprim/aes.hpp>
#include <fastprim/aes_xts.hpp>
#include <fastprim/authenc.hpp>
#include <fastprim/hmac.hpp>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "harness.hpp"
#include "peers.hpp"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // OpenSSL's HMAC_CTX

namespace {

using fastprim::cipher_mode;
enum class op { seal, open };
constexpr const char* op_name[] = {"seal", "open"};
constexpr std::size_t ae_sizes[] = {1024, 8192, 65536};
constexpr std::size_t aad_len = 13, iv_len = 16;
// intel-ipsec-mb 1.3 refuses CBC and HMAC jobs longer than this ("Invalid authentication message
// length" from 65535 bytes of hash input).
constexpr std::size_t ipsec_mb_max_len = 65534;

// Per hash: the row name, the IPsec tag length, the MAC key length (the digest size).
template <class H>
struct hash_info;
template <>
struct hash_info<fastprim::sha256> {
  static constexpr const char* name = "sha256";
  static constexpr std::size_t tag_len = 16, digest_len = 32;
};
template <>
struct hash_info<fastprim::sha1> {
  static constexpr const char* name = "sha1";
  static constexpr std::size_t tag_len = 12, digest_len = 20;
};

bool in_quick(int bits, cipher_mode m, bool sha256, std::size_t n) {
  return bits == 128 && m == cipher_mode::cbc && sha256 && n == 8192;
}

using bytes = std::shared_ptr<std::vector<std::byte>>;
bytes zeros(std::size_t n) { return std::make_shared<std::vector<std::byte>>(n); }
using u8 = unsigned char;
// A buffer's bytes as the C libraries take them.
template <class T>
u8* u(const T& p) {
  return reinterpret_cast<u8*>(p->data());
}

// One row's buffers, shared by its implementations.
struct io {
  bytes in;   // seal: the plaintext; open: the ciphertext
  bytes out;  // seal: the ciphertext; open: the plaintext
  bytes tag;  // seal: written; open: read
  bytes aad, iv, key, mac_key;
  cipher_mode m;
  int bits;
  std::size_t n;
};

// Output and tag: where a row's result lands, and what it must be.
struct view {
  std::span<const std::byte> out, tag;
};

void check(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error("bench_authenc: " + what);
}

// Runs `call` (false: a failed call or a refused tag) before timing and checks what `result` then
// shows: seal must give `want`'s ciphertext and tag; open must give the plaintext, accept the tag,
// refuse it with one bit flipped, and accept it again after. Twice, so that a context reused across
// messages is checked on its next message too. Then registers `timed`.
template <op O, class F, class R, class T>
void add_checked(const std::string& group, const std::string& impl, const io& b, const view& want, F call,
                 R result, T timed) {
  const std::string what = group + " " + impl + " " + std::to_string(b.n) + " B: ";
  for (int round = 0; round < 2; ++round) {
    std::fill(b.out->begin(), b.out->end(), std::byte{0});
    if (O == op::seal) std::fill(b.tag->begin(), b.tag->end(), std::byte{0});
    check(call(), what + (O == op::open ? "tag refused" : "call failed"));
    const view v = result();
    check(std::equal(v.out.begin(), v.out.end(), want.out.begin(), want.out.end()),
          what + "output differs from fastprim's (scalar)");
    check(std::equal(v.tag.begin(), v.tag.end(), want.tag.begin(), want.tag.end()),
          what + "tag differs from fastprim's (scalar)");
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
  fpbench::add(group, impl, b.n, [timed]() mutable { benchmark::DoNotOptimize(timed()); });
}
template <op O, class F>
void add_checked(const std::string& group, const std::string& impl, const io& b, const view& want, F call) {
  add_checked<O>(
      group, impl, b, want, call,
      [b] {
        return view{*b.out, *b.tag};
      },
      call);
}

template <op O, class H>
FASTPRIM_ALWAYS_INLINE bool run_fastprim(const fastprim::authenc<H>& a, const io& b) {
  const std::span<const std::byte> iv(*b.iv), aad(*b.aad), in(*b.in);
  if constexpr (O == op::seal) return a.seal(iv, aad, in, std::span(*b.out), std::span(*b.tag)).has_value();
  if constexpr (O == op::open)
    return a.open(iv, aad, in, std::span<const std::byte>(*b.tag), std::span(*b.out)).has_value();
}

// fastprim's AES in the row's mode, as a user would call it.
struct fastprim_cipher {
  std::shared_ptr<fastprim::aes> aes;      // CBC, CTR
  std::shared_ptr<fastprim::aes_xts> xts;  // XTS
  bool run(const io& b, bool encrypt, std::span<const std::byte> in) const {
    const std::span<const std::byte> iv(*b.iv);
    const std::span<std::byte> out(*b.out);
    switch (b.m) {
      case cipher_mode::cbc:
        return (encrypt ? aes->encrypt_cbc(iv, in, out) : aes->decrypt_cbc(iv, in, out)).has_value();
      case cipher_mode::ctr:
        return aes->ctr(iv, in, out).has_value();
      case cipher_mode::xts:
        return (encrypt ? xts->encrypt(iv, in, out) : xts->decrypt(iv, in, out)).has_value();
    }
    return false;
  }
};
fastprim_cipher make_cipher(const io& b) {
  fastprim_cipher c;
  if (b.m == cipher_mode::xts) {
    auto r = fastprim::aes_xts::create(*b.key);
    check(r.has_value(), "fastprim aes_xts::create failed");
    c.xts = std::make_shared<fastprim::aes_xts>(*r);
  } else {
    auto r = fastprim::aes::create(*b.key);
    check(r.has_value(), "fastprim aes::create failed");
    c.aes = std::make_shared<fastprim::aes>(*r);
  }
  return c;
}

// The TLS 1.2 record of `n` payload bytes that OpenSSL's stitched cipher seals (see the top of the
// file): the 13-byte header (sequence number, type 23, version 3.3, length) and the sizes.
struct tls_record {
  std::size_t n, digest, total;  // total: explicit IV + payload + MAC + padding, whole blocks
  std::array<u8, 13> header(std::size_t length) const {
    std::array<u8, 13> h{0, 0, 0, 0, 0, 0, 0x12, 0x34, 23, 3, 3};
    h[11] = static_cast<u8>(length >> 8);
    h[12] = static_cast<u8>(length);
    return h;
  }
};

template <op O, class H>
void register_one(cipher_mode m, int bits, std::size_t n) {
  using info = hash_info<H>;
  constexpr std::size_t tag_len = info::tag_len;
  const std::string group = "aes" + std::to_string(bits) + "-" + std::string(fastprim::to_string(m)) + "-" +
                            info::name + "-" + op_name[static_cast<int>(O)];
  const std::size_t key_len = (m == cipher_mode::xts ? 2 : 1) * bits / 8;
  auto plain = fpbench::buffer(n, 1), key = fpbench::buffer(key_len, 2), iv = fpbench::buffer(iv_len, 3);
  auto aad = fpbench::buffer(aad_len, 4), mac_key = fpbench::buffer(info::digest_len, 5);

  // What every row must produce, from fastprim's scalar AES backend.
  auto ct = zeros(n), tag = zeros(tag_len);
  {
    auto a = fastprim::authenc<H>::create(m, *key, *mac_key, fastprim::backend::scalar);
    check(a.has_value(), group + ": fastprim scalar create failed");
    check(a->seal(*iv, *aad, *plain, *ct, *tag).has_value(), group + ": fastprim scalar seal failed");
  }
  io b{O == op::open ? ct : plain, zeros(n), zeros(tag_len), aad, iv, key, mac_key, m, bits, n};
  const view want{O == op::seal ? std::span<const std::byte>(*ct) : std::span<const std::byte>(*plain), *tag};
  if (O == op::open) *b.tag = *tag;

  // fastprim, dispatched, then each usable AES backend.
  {
    auto a = std::make_shared<fastprim::authenc<H>>(*fastprim::authenc<H>::create(m, *key, *mac_key));
    add_checked<O>(group, "fastprim", b, want, [a, b] { return run_fastprim<O>(*a, b); });
  }
  for (fastprim::backend be : fastprim::all_backends) {
    auto r = fastprim::authenc<H>::create(m, *key, *mac_key, be);
    if (!r) continue;
    auto a = std::make_shared<fastprim::authenc<H>>(*r);
    add_checked<O>(group, "fastprim:" + std::string(fastprim::to_string(be)), b, want,
                   [a, b] { return run_fastprim<O>(*a, b); });
  }

  // fastprim in two calls: the cipher, then the HMAC (streaming: AAD, then the ciphertext).
  {
    const fastprim_cipher c = make_cipher(b);
    auto mac = std::make_shared<fastprim::hmac<H>>(std::span<const std::byte>(*mac_key));
    add_checked<O>(group, "fastprim-two-calls", b, want, [c, mac, b] {
      mac->reset();
      mac->update(std::span<const std::byte>(*b.aad));
      if constexpr (O == op::seal) {
        const bool ok = c.run(b, true, *b.in);
        mac->update(std::span<const std::byte>(*b.out));
        const auto t = mac->digest();
        std::memcpy(b.tag->data(), t.data(), tag_len);
        return ok;
      } else {
        mac->update(std::span<const std::byte>(*b.in));
        const auto t = mac->digest();
        if (CRYPTO_memcmp(t.data(), b.tag->data(), tag_len) != 0) return false;
        return c.run(b, false, *b.in);
      }
    });
  }

  // OpenSSL: EVP cipher keyed once, IV set per message; HMAC_CTX keyed once, re-initialised per
  // message without the key.
  {
    const std::string name = "aes-" + std::to_string(bits) + "-" + std::string(fastprim::to_string(m));
    std::shared_ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
    check(EVP_CipherInit_ex(ctx.get(), EVP_get_cipherbyname(name.c_str()), nullptr, u(key), u(iv),
                            O == op::seal) == 1,
          group + " openssl: EVP_CipherInit_ex");
    EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
    std::shared_ptr<HMAC_CTX> hctx(HMAC_CTX_new(), HMAC_CTX_free);
    check(HMAC_Init_ex(hctx.get(), u(mac_key), static_cast<int>(mac_key->size()),
                       std::is_same_v<H, fastprim::sha256> ? EVP_sha256() : EVP_sha1(), nullptr) == 1,
          group + " openssl: HMAC_Init_ex");
    add_checked<O>(group, "openssl", b, want, [ctx, hctx, b] {
      EVP_CIPHER_CTX* c = ctx.get();
      HMAC_CTX* h = hctx.get();
      const int n = static_cast<int>(b.n);
      u8 md[EVP_MAX_MD_SIZE];
      unsigned md_len = 0;
      int len = 0;
      bool ok = HMAC_Init_ex(h, nullptr, 0, nullptr, nullptr) == 1;
      ok &= HMAC_Update(h, u(b.aad), aad_len) == 1;
      if constexpr (O == op::seal) {
        ok &= EVP_CipherInit_ex(c, nullptr, nullptr, nullptr, u(b.iv), 1) == 1;
        ok &= EVP_CipherUpdate(c, u(b.out), &len, u(b.in), n) == 1 && len == n;
        ok &= HMAC_Update(h, u(b.out), b.n) == 1;
        ok &= HMAC_Final(h, md, &md_len) == 1;
        std::memcpy(u(b.tag), md, tag_len);
        return ok;
      } else {
        ok &= HMAC_Update(h, u(b.in), b.n) == 1;
        ok &= HMAC_Final(h, md, &md_len) == 1;
        if (!ok || CRYPTO_memcmp(md, u(b.tag), tag_len) != 0) return false;
        ok &= EVP_CipherInit_ex(c, nullptr, nullptr, nullptr, u(b.iv), 0) == 1;
        return ok && EVP_CipherUpdate(c, u(b.out), &len, u(b.in), n) == 1 && len == n;
      }
    });
  }

#if FPBENCH_HAVE_IPSEC_MB
  // intel-ipsec-mb: one chained job per message (see the top of the file), on the manager that
  // init_mb_mgr_auto sets up ("ipsec-mb") and on an SSE one ("ipsec-mb-sse": SHA-NI; peers.hpp).
  const bool ipsec_mb_can = m != cipher_mode::xts && aad_len + n <= ipsec_mb_max_len;
  for (const auto& peer : {std::pair{std::string("ipsec-mb"), fpbench::ipsec_mb_manager()},
                           std::pair{std::string("ipsec-mb-sse"), fpbench::ipsec_mb_manager_sse()}}) {
    if (!ipsec_mb_can) break;
    const std::string& impl = peer.first;
    const std::shared_ptr<IMB_MGR> mgr = peer.second;
    constexpr bool is256 = std::is_same_v<H, fastprim::sha256>;
    constexpr std::size_t at = 16 - aad_len;  // the AAD's offset: the payload starts at 16
    struct state {
      alignas(64) std::uint32_t enc[4 * 15];
      alignas(64) std::uint32_t dec[4 * 15];
      alignas(16) u8 ipad[32];
      alignas(16) u8 opad[32];
      std::vector<u8> buf;  // seal: AAD || plaintext, then ciphertext; open: AAD || ciphertext
      int err = 0;          // imb_get_errno after the last submit
    };
    auto s = std::make_shared<state>();
    if (bits == 128)
      IMB_AES_KEYEXP_128(mgr.get(), u(key), s->enc, s->dec);
    else
      IMB_AES_KEYEXP_256(mgr.get(), u(key), s->enc, s->dec);
    for (auto [pad, out] : {std::pair<u8, u8*>{0x36, s->ipad}, std::pair<u8, u8*>{0x5c, s->opad}}) {
      alignas(16) u8 block[64];
      std::memset(block, pad, sizeof block);
      for (std::size_t i = 0; i < mac_key->size(); ++i) block[i] ^= u(mac_key)[i];
      if constexpr (is256)
        IMB_SHA256_ONE_BLOCK(mgr.get(), block, out);
      else
        IMB_SHA1_ONE_BLOCK(mgr.get(), block, out);
    }
    s->buf.resize(16 + n);
    std::memcpy(s->buf.data() + at, u(aad), aad_len);
    if (O == op::open) std::memcpy(s->buf.data() + 16, u(ct), n);
    auto call = [mgr, s, b] {
      IMB_MGR* mg = mgr.get();
      u8 computed[tag_len];
      IMB_JOB* j = IMB_GET_NEXT_JOB(mg);
      j->cipher_mode = b.m == cipher_mode::cbc ? IMB_CIPHER_CBC : IMB_CIPHER_CNTR;
      j->cipher_direction = O == op::seal ? IMB_DIR_ENCRYPT : IMB_DIR_DECRYPT;
      j->chain_order = O == op::seal ? IMB_ORDER_CIPHER_HASH : IMB_ORDER_HASH_CIPHER;
      j->hash_alg = is256 ? IMB_AUTH_HMAC_SHA_256 : IMB_AUTH_HMAC_SHA_1;
      j->enc_keys = s->enc;
      j->dec_keys = s->dec;
      j->key_len_in_bytes = static_cast<std::uint64_t>(b.bits / 8);
      j->src = s->buf.data() + at;
      j->dst = O == op::seal ? s->buf.data() + 16 : u(b.out);
      j->cipher_start_src_offset_in_bytes = aad_len;
      j->msg_len_to_cipher_in_bytes = b.n;
      j->iv = u(b.iv);
      j->iv_len_in_bytes = iv_len;
      j->hash_start_src_offset_in_bytes = 0;
      j->msg_len_to_hash_in_bytes = aad_len + b.n;
      j->auth_tag_output = O == op::seal ? u(b.tag) : computed;
      j->auth_tag_output_len_in_bytes = tag_len;
      j->u.HMAC._hashed_auth_key_xor_ipad = s->ipad;
      j->u.HMAC._hashed_auth_key_xor_opad = s->opad;
      std::size_t done = 0;
      j = IMB_SUBMIT_JOB(mg);
      s->err = imb_get_errno(mg);  // the flush resets it
      if (j) done += j->status == IMB_STATUS_COMPLETED;
      while ((j = IMB_FLUSH_JOB(mg)) != nullptr) done += j->status == IMB_STATUS_COMPLETED;
      if constexpr (O == op::open) return done == 1 && CRYPTO_memcmp(computed, u(b.tag), tag_len) == 0;
      return done == 1;
    };
    // Before timing, a job the library refused says why.
    auto checked = [s, what = group + " " + impl + ": ", call] {
      const bool ok = call();
      if (s->err != 0) throw std::runtime_error("bench_authenc: " + what + imb_get_strerror(s->err));
      return ok;
    };
    if constexpr (O == op::seal) {
      add_checked<O>(
          group, impl, b, want,
          [s, b, checked] {
            std::memcpy(s->buf.data() + 16, u(b.in), b.n);
            return checked();
          },
          [s, b] {
            return view{{reinterpret_cast<const std::byte*>(s->buf.data()) + 16, b.n}, *b.tag};
          },
          call);
    } else {
      add_checked<O>(
          group, impl, b, want, checked,
          [b] {
            return view{*b.out, *b.tag};
          },
          call);
    }
  }
#endif

  // OpenSSL's stitched TLS cipher, a speed reference (see the top of the file).
  if (O == op::seal && m == cipher_mode::cbc && n + 16 < 65536) {
    constexpr std::size_t d = info::digest_len;
    const tls_record rec{n, d, (n + 16 + d + 16) / 16 * 16};
    const std::string name = "AES-" + std::to_string(bits) + "-CBC-HMAC-" +
                             (std::is_same_v<H, fastprim::sha256> ? "SHA256" : "SHA1");
    std::shared_ptr<EVP_CIPHER> cipher(EVP_CIPHER_fetch(nullptr, name.c_str(), nullptr), EVP_CIPHER_free);
    if (cipher) {
      // The input record: explicit IV || payload (room for the rest); what it must seal to, from
      // fastprim's AES-CBC and HMAC: CBC(iv, explicit IV || payload || HMAC(header(n) || payload) ||
      // padding), each padding byte the padding length - 1.
      auto record = zeros(rec.total), sealed = zeros(rec.total), want_rec = zeros(rec.total);
      auto explicit_iv = fpbench::buffer(16, 6);
      std::memcpy(record->data(), explicit_iv->data(), 16);
      std::memcpy(record->data() + 16, plain->data(), n);
      {
        std::vector<std::byte> pt(*record);
        fastprim::hmac<H> mac{std::span<const std::byte>(*mac_key)};
        const auto h = rec.header(n);
        mac.update(std::as_bytes(std::span(h)));
        mac.update(std::span<const std::byte>(*plain));
        const auto t = mac.digest();
        std::memcpy(pt.data() + 16 + n, t.data(), d);
        const std::size_t pad = rec.total - (16 + n + d);
        std::fill(pt.begin() + 16 + n + d, pt.end(), std::byte(pad - 1));
        auto a = fastprim::aes::create(*key, fastprim::backend::scalar);
        check(a.has_value() && a->encrypt_cbc(*iv, pt, *want_rec).has_value(),
              group + ": fastprim scalar CBC of the TLS record failed");
      }
      std::shared_ptr<EVP_CIPHER_CTX> ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
      check(EVP_EncryptInit_ex(ctx.get(), cipher.get(), nullptr, u(key), u(iv)) == 1,
            group + " openssl-stitched: EVP_EncryptInit_ex");
      check(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_MAC_KEY, static_cast<int>(mac_key->size()),
                                u(mac_key)) > 0,
            group + " openssl-stitched: EVP_CTRL_AEAD_SET_MAC_KEY");
      auto seal = [ctx, rec, record, sealed] {
        auto h = rec.header(rec.n + 16);  // the length with the explicit IV; OpenSSL takes it off
        const int extra = EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_TLS1_AAD, 13, h.data());
        return extra == static_cast<int>(rec.total - rec.n - 16) &&
               EVP_Cipher(ctx.get(), u(sealed), u(record), static_cast<unsigned>(rec.total)) > 0;
      };
      add_checked<O>(
          group, "openssl-stitched (TLS MAC-then-encrypt)", b, view{*want_rec, {}},
          [ctx, b, sealed, seal] {
            std::fill(sealed->begin(), sealed->end(), std::byte{0});
            return EVP_EncryptInit_ex(ctx.get(), nullptr, nullptr, nullptr, u(b.iv)) == 1 && seal();
          },
          [sealed] {
            return view{*sealed, {}};
          },
          seal);
    }
  }
}

}  // namespace

void register_authenc() {
  const bool q = fpbench::quick();
  for (std::size_t n : ae_sizes)
    for (cipher_mode m : {cipher_mode::cbc, cipher_mode::ctr, cipher_mode::xts})
      for (int bits : {128, 256}) {
        if (!q || in_quick(bits, m, true, n)) {
          register_one<op::seal, fastprim::sha256>(m, bits, n);
          register_one<op::open, fastprim::sha256>(m, bits, n);
        }
        if (q) continue;
        register_one<op::seal, fastprim::sha1>(m, bits, n);
        register_one<op::open, fastprim::sha1>(m, bits, n);
      }
}
