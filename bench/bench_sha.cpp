// bench/bench_sha.cpp: SHA-256, SHA-1, HMAC-SHA256 (keyed state reused, and one-shot with the key
// set up per call) and batches of many messages, every fastprim backend usable here (kernels called
// directly: "fastprim:<token>") next to the peers installed on this machine: OpenSSL (low-level,
// one-shot and EVP with a pre-fetched EVP_MD and a reused EVP_MD_CTX), libgcrypt, nettle, Botan 2,
// Crypto++ and, for the batches, intel-ipsec-mb (job API, 64 jobs in flight). Contexts and keys are
// set up outside the timed body; every peer's output is checked once against fastprim's before
// timing (a mismatch aborts). Registered by register_sha() (listed in main.cpp).
#include <nettle/hmac.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/params.h>
#include <openssl/sha.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#pragma GCC diagnostic ignored "-Wdeprecated-copy"
#include <botan/hash.h>
#include <botan/mac.h>
#include <cryptopp/hmac.h>
#include <cryptopp/sha.h>
#pragma GCC diagnostic pop

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fastprim/hmac.hpp>
#include <fastprim/sha1.hpp>
#include <fastprim/sha256.hpp>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "harness.hpp"
#include "peers.hpp"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // OpenSSL's low-level SHA/HMAC_CTX API

namespace {
namespace fd = fastprim::detail;
using fastprim::backend;
using u8 = unsigned char;

struct sha_backend {
  std::string token;
  const fd::sha256_kernels* k256;
  const fd::sha1_kernels* k1;
};

std::vector<sha_backend> sha_backends() {
  using fastprim::primitive;
  std::vector<sha_backend> v;
  for (backend b : fastprim::all_backends) {
    const fd::sha256_kernels* k256 = fd::kernels_for<primitive::sha256_batch>(b);
    if (!k256) k256 = fd::kernels_for<primitive::sha256>(b);
    const fd::sha1_kernels* k1 = fd::kernels_for<primitive::sha1_batch>(b);
    if (!k1) k1 = fd::kernels_for<primitive::sha1>(b);
    if (k256 && k1) v.push_back({std::string(fastprim::to_string(b)), k256, k1});
  }
  return v;
}

[[noreturn]] void mismatch(const std::string& what) {
  std::fprintf(stderr, "bench_sha: output mismatch: %s\n", what.c_str());
  std::abort();
}

// Runs `f(out)` once, compares its D-byte output with fastprim's `ref`, then registers it.
template <std::size_t D, class F>
void peer(const std::string& group, const std::string& impl, std::size_t n,
          const std::array<std::byte, D>& ref, F f) {
  std::array<u8, D> md{};
  f(md.data());
  if (std::memcmp(md.data(), ref.data(), D) != 0) mismatch(group + " " + impl + " " + std::to_string(n));
  fpbench::add(group, impl, n, [f]() mutable {
    u8 out[D];
    f(out);
    benchmark::DoNotOptimize(out);
  });
}

// Botan objects are deliberately never destroyed: Google Benchmark destroys the registered
// bodies at exit, after Botan's static mlock pool, and freeing into it then segfaults.
template <class T>
std::shared_ptr<T> share(std::unique_ptr<T> p, const char* what) {
  if (!p) mismatch(std::string("cannot create ") + what);
  return std::shared_ptr<T>(p.release(), [](T*) {});
}

// The plain-hash peers of one algorithm (SHA-256 or SHA-1).
template <std::size_t D>
void register_hash_peers(const std::string& group, std::size_t n, std::shared_ptr<std::vector<std::byte>> buf,
                         const std::array<std::byte, D>& ref) {
  constexpr bool is256 = D == 32;
  const auto* p = reinterpret_cast<const u8*>(buf->data());

  if constexpr (is256) {
    peer(group, "openssl-lowlevel", n, ref, [buf, p, n](u8* md) {
      SHA256_CTX c;
      SHA256_Init(&c);
      SHA256_Update(&c, p, n);
      SHA256_Final(md, &c);
    });
    peer(group, "openssl-oneshot", n, ref, [buf, p, n](u8* md) { SHA256(p, n, md); });
  } else {
    peer(group, "openssl-lowlevel", n, ref, [buf, p, n](u8* md) {
      SHA_CTX c;
      SHA1_Init(&c);
      SHA1_Update(&c, p, n);
      SHA1_Final(md, &c);
    });
    peer(group, "openssl-oneshot", n, ref, [buf, p, n](u8* md) { SHA1(p, n, md); });
  }
  {
    std::shared_ptr<EVP_MD> md_alg(EVP_MD_fetch(nullptr, is256 ? "SHA2-256" : "SHA1", nullptr), EVP_MD_free);
    std::shared_ptr<EVP_MD_CTX> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    if (!md_alg || !ctx) mismatch("EVP_MD_fetch");
    peer(group, "openssl-evp", n, ref, [buf, p, n, md_alg, ctx](u8* md) {
      EVP_DigestInit_ex(ctx.get(), md_alg.get(), nullptr);
      EVP_DigestUpdate(ctx.get(), p, n);
      EVP_DigestFinal_ex(ctx.get(), md, nullptr);
    });
    peer(group, "openssl-evp-digest", n, ref,
         [buf, p, n, md_alg](u8* md) { EVP_Digest(p, n, md, nullptr, md_alg.get(), nullptr); });
  }
  peer(group, "libgcrypt", n, ref,
       [buf, p, n](u8* md) { gcry_md_hash_buffer(is256 ? GCRY_MD_SHA256 : GCRY_MD_SHA1, md, p, n); });
  if constexpr (is256) {
    peer(group, "nettle", n, ref, [buf, p, n](u8* md) {
      sha256_ctx c;
      sha256_init(&c);
      sha256_update(&c, n, p);
      sha256_digest(&c, D, md);
    });
  } else {
    peer(group, "nettle", n, ref, [buf, p, n](u8* md) {
      sha1_ctx c;
      sha1_init(&c);
      sha1_update(&c, n, p);
      sha1_digest(&c, D, md);
    });
  }
  {
    auto h = share(Botan::HashFunction::create(is256 ? "SHA-256" : "SHA-160"), "Botan hash");
    peer(group, "botan", n, ref, [buf, p, n, h](u8* md) {
      h->update(p, n);
      h->final(md);
    });
  }
  {
    using H = std::conditional_t<is256, CryptoPP::SHA256, CryptoPP::SHA1>;
    auto h = std::make_shared<H>();
    peer(group, "cryptopp", n, ref, [buf, p, n, h](u8* md) { h->CalculateDigest(md, p, n); });
  }
}

void register_hmac_peers(std::size_t n, std::shared_ptr<std::vector<std::byte>> buf,
                         std::shared_ptr<std::vector<std::byte>> key, const std::array<std::byte, 32>& ref) {
  const auto* p = reinterpret_cast<const u8*>(buf->data());
  const auto* k = reinterpret_cast<const u8*>(key->data());
  const std::size_t kn = key->size();
  const std::string g = "hmac-sha256", g1 = "hmac-sha256-oneshot";

  // OpenSSL: HMAC_CTX keyed once / EVP_MAC keyed once (re-init with a null key keeps it) /
  // HMAC() per call.
  {
    std::shared_ptr<HMAC_CTX> ctx(HMAC_CTX_new(), HMAC_CTX_free);
    HMAC_Init_ex(ctx.get(), k, static_cast<int>(kn), EVP_sha256(), nullptr);
    peer(g, "openssl-hmac-ctx", n, ref, [buf, p, n, ctx](u8* md) {
      unsigned len;
      HMAC_Init_ex(ctx.get(), nullptr, 0, nullptr, nullptr);
      HMAC_Update(ctx.get(), p, n);
      HMAC_Final(ctx.get(), md, &len);
    });
  }
  {
    std::shared_ptr<EVP_MAC> mac(EVP_MAC_fetch(nullptr, "HMAC", nullptr), EVP_MAC_free);
    std::shared_ptr<EVP_MAC_CTX> ctx(EVP_MAC_CTX_new(mac.get()), EVP_MAC_CTX_free);
    char digest[] = "SHA2-256";
    const OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
                                 OSSL_PARAM_construct_end()};
    if (!ctx || EVP_MAC_init(ctx.get(), k, kn, params) != 1) mismatch("EVP_MAC_init");
    peer(g, "openssl-evp-mac", n, ref, [buf, p, n, mac, ctx](u8* md) {
      std::size_t len;
      EVP_MAC_init(ctx.get(), nullptr, 0, nullptr);
      EVP_MAC_update(ctx.get(), p, n);
      EVP_MAC_final(ctx.get(), md, &len, 32);
    });
  }
  peer(g1, "openssl-oneshot", n, ref, [buf, key, p, k, kn, n](u8* md) {
    unsigned len;
    HMAC(EVP_sha256(), k, static_cast<int>(kn), p, n, md, &len);
  });

  // libgcrypt: gcry_mac keyed once and reset per message / opened and keyed per call.
  {
    gcry_mac_hd_t h = nullptr;
    if (gcry_mac_open(&h, GCRY_MAC_HMAC_SHA256, 0, nullptr) || gcry_mac_setkey(h, k, kn))
      mismatch("gcry_mac");
    std::shared_ptr<std::remove_pointer_t<gcry_mac_hd_t>> hd(h, gcry_mac_close);
    peer(g, "libgcrypt", n, ref, [buf, p, n, hd](u8* md) {
      std::size_t len = 32;
      gcry_mac_reset(hd.get());
      gcry_mac_write(hd.get(), p, n);
      gcry_mac_read(hd.get(), md, &len);
    });
  }
  peer(g1, "libgcrypt", n, ref, [buf, key, p, k, kn, n](u8* md) {
    gcry_mac_hd_t h = nullptr;
    std::size_t len = 32;
    gcry_mac_open(&h, GCRY_MAC_HMAC_SHA256, 0, nullptr);
    gcry_mac_setkey(h, k, kn);
    gcry_mac_write(h, p, n);
    gcry_mac_read(h, md, &len);
    gcry_mac_close(h);
  });

  // nettle: hmac_sha256_set_key once (digest resets to the keyed state) / per call.
  {
    auto c = std::make_shared<hmac_sha256_ctx>();
    hmac_sha256_set_key(c.get(), kn, k);
    peer(g, "nettle", n, ref, [buf, p, n, c](u8* md) {
      hmac_sha256_update(c.get(), n, p);
      hmac_sha256_digest(c.get(), 32, md);
    });
  }
  peer(g1, "nettle", n, ref, [buf, key, p, k, kn, n](u8* md) {
    hmac_sha256_ctx c;
    hmac_sha256_set_key(&c, kn, k);
    hmac_sha256_update(&c, n, p);
    hmac_sha256_digest(&c, 32, md);
  });

  // Botan: one MessageAuthenticationCode object, keyed once / re-keyed per call.
  {
    auto m = share(Botan::MessageAuthenticationCode::create("HMAC(SHA-256)"), "Botan HMAC");
    m->set_key(k, kn);
    peer(g, "botan", n, ref, [buf, p, n, m](u8* md) {
      m->update(p, n);
      m->final(md);
    });
    auto m1 = share(Botan::MessageAuthenticationCode::create("HMAC(SHA-256)"), "Botan HMAC");
    peer(g1, "botan", n, ref, [buf, key, p, k, kn, n, m1](u8* md) {
      m1->set_key(k, kn);
      m1->update(p, n);
      m1->final(md);
    });
  }

  // Crypto++: HMAC<SHA256> keyed once / re-keyed per call.
  {
    auto m = std::make_shared<CryptoPP::HMAC<CryptoPP::SHA256>>(k, kn);
    peer(g, "cryptopp", n, ref, [buf, p, n, m](u8* md) { m->CalculateDigest(md, p, n); });
    auto m1 = std::make_shared<CryptoPP::HMAC<CryptoPP::SHA256>>();
    peer(g1, "cryptopp", n, ref, [buf, key, p, k, kn, n, m1](u8* md) {
      m1->SetKey(k, kn);
      m1->CalculateDigest(md, p, n);
    });
  }
}

#if FPBENCH_HAVE_IPSEC_MB
// intel-ipsec-mb 1.3 job API with plain-hash jobs (IMB_AUTH_SHA_1 / IMB_AUTH_SHA_256): all the
// messages submitted, then flushed. Returns the number of jobs that completed successfully.
template <std::size_t D>
std::size_t ipsec_mb_hash_batch(IMB_MGR* m, const std::span<const std::byte>* msgs, std::size_t count,
                                std::array<std::byte, D>* out) {
  std::size_t ok = 0;
  auto done = [&ok](IMB_JOB* j) {
    for (; j; j = nullptr) ok += j->status == IMB_STATUS_COMPLETED;
  };
  for (std::size_t i = 0; i < count; ++i) {
    IMB_JOB* j = IMB_GET_NEXT_JOB(m);
    j->cipher_mode = IMB_CIPHER_NULL;
    j->cipher_direction = IMB_DIR_ENCRYPT;
    j->chain_order = IMB_ORDER_HASH_CIPHER;
    j->hash_alg = D == 32 ? IMB_AUTH_SHA_256 : IMB_AUTH_SHA_1;
    j->src = reinterpret_cast<const std::uint8_t*>(msgs[i].data());
    j->hash_start_src_offset_in_bytes = 0;
    j->msg_len_to_hash_in_bytes = msgs[i].size();
    j->auth_tag_output = reinterpret_cast<std::uint8_t*>(out[i].data());
    j->auth_tag_output_len_in_bytes = D;
    done(IMB_SUBMIT_JOB(m));
  }
  for (IMB_JOB* j; (j = IMB_FLUSH_JOB(m)) != nullptr;) done(j);
  return ok;
}
#endif

// `count` independent messages of `size` bytes each; bytes = the whole batch.
void register_sha_batch(const std::vector<sha_backend>& backends, std::size_t count, std::size_t size,
                        const std::string& label) {
  const std::string n256 = "sha256-batch-" + label, n1 = "sha1-batch-" + label;
  const std::size_t total = count * size;
  auto big = fpbench::buffer(total);
  auto msgs = std::make_shared<std::vector<std::span<const std::byte>>>();
  for (std::size_t i = 0; i < count; ++i) msgs->emplace_back(big->data() + size * i, size);
  auto out = std::make_shared<std::vector<std::array<std::byte, 32>>>(count);
  auto out1 = std::make_shared<std::vector<std::array<std::byte, 20>>>(count);
  std::vector<std::array<std::byte, 32>> ref(count);
  std::vector<std::array<std::byte, 20>> ref1(count);
  for (std::size_t i = 0; i < count; ++i) {
    ref[i] = fastprim::sha256::hash((*msgs)[i]);
    ref1[i] = fastprim::sha1::hash((*msgs)[i]);
  }
  for (const auto& b : backends) {
    fpbench::add(n256, "fastprim:" + b.token, total, [big, msgs, out, k = b.k256] {
      k->batch(msgs->data(), msgs->size(), out->data());
      benchmark::DoNotOptimize(out->data());
    });
    fpbench::add(n1, "fastprim:" + b.token, total, [big, msgs, out1, k = b.k1] {
      k->batch(msgs->data(), msgs->size(), out1->data());
      benchmark::DoNotOptimize(out1->data());
    });
  }
  auto openssl256 = [big, msgs, out] {
    for (std::size_t i = 0; i < msgs->size(); ++i) {
      SHA256_CTX c;
      SHA256_Init(&c);
      SHA256_Update(&c, (*msgs)[i].data(), (*msgs)[i].size());
      SHA256_Final(reinterpret_cast<u8*>((*out)[i].data()), &c);
    }
    benchmark::DoNotOptimize(out->data());
  };
  auto openssl1 = [big, msgs, out1] {
    for (std::size_t i = 0; i < msgs->size(); ++i) {
      SHA_CTX c;
      SHA1_Init(&c);
      SHA1_Update(&c, (*msgs)[i].data(), (*msgs)[i].size());
      SHA1_Final(reinterpret_cast<u8*>((*out1)[i].data()), &c);
    }
    benchmark::DoNotOptimize(out1->data());
  };
  openssl256();
  openssl1();
  if (*out != ref) mismatch(n256 + " openssl-lowlevel");
  if (*out1 != ref1) mismatch(n1 + " openssl-lowlevel");
  fpbench::add(n256, "openssl-lowlevel", total, openssl256);
  fpbench::add(n1, "openssl-lowlevel", total, openssl1);

#if FPBENCH_HAVE_IPSEC_MB
  {
    auto m = fpbench::ipsec_mb_manager();
    std::fill(out->begin(), out->end(), std::array<std::byte, 32>{});
    std::fill(out1->begin(), out1->end(), std::array<std::byte, 20>{});
    if (ipsec_mb_hash_batch<32>(m.get(), msgs->data(), count, out->data()) != count || *out != ref)
      mismatch(n256 + " ipsec-mb: " + std::string(imb_get_strerror(imb_get_errno(m.get()))));
    if (ipsec_mb_hash_batch<20>(m.get(), msgs->data(), count, out1->data()) != count || *out1 != ref1)
      mismatch(n1 + " ipsec-mb: " + std::string(imb_get_strerror(imb_get_errno(m.get()))));
    fpbench::add(n256, "ipsec-mb", total, [big, msgs, out, m] {
      benchmark::DoNotOptimize(ipsec_mb_hash_batch<32>(m.get(), msgs->data(), msgs->size(), out->data()));
    });
    fpbench::add(n1, "ipsec-mb", total, [big, msgs, out1, m] {
      benchmark::DoNotOptimize(ipsec_mb_hash_batch<20>(m.get(), msgs->data(), msgs->size(), out1->data()));
    });
  }
#endif
}
}  // namespace

void register_sha() {
  fpbench::gcrypt_init();
  const auto backends = sha_backends();
  for (std::size_t n : fpbench::sizes()) {
    auto buf = fpbench::buffer(n);
    const std::span<const std::byte> msg(buf->data(), n);
    fpbench::add("sha256", "fastprim", n,
                 [buf, msg] { benchmark::DoNotOptimize(fastprim::sha256::hash(msg)); });
    fpbench::add("sha1", "fastprim", n, [buf, msg] { benchmark::DoNotOptimize(fastprim::sha1::hash(msg)); });
    for (const auto& b : backends) {
      if (b.token.rfind("hwy_", 0) == 0) continue;  // hwy_* single-message compress is the scalar one
      // The backend's whole-message kernel, the one the dispatched one-shot calls.
      fpbench::add("sha256", "fastprim:" + b.token, n, [buf, msg, h = b.k256->hash] {
        std::array<std::byte, 32> d;
        h(fd::sha256_iv.data(), msg.data(), msg.size(), 0, d.data());
        benchmark::DoNotOptimize(d);
      });
      fpbench::add("sha1", "fastprim:" + b.token, n, [buf, msg, h = b.k1->hash] {
        std::array<std::byte, 20> d;
        h(fd::sha1_iv.data(), msg.data(), msg.size(), 0, d.data());
        benchmark::DoNotOptimize(d);
      });
    }
    register_hash_peers<32>("sha256", n, buf, fastprim::sha256::hash(msg));
    register_hash_peers<20>("sha1", n, buf, fastprim::sha1::hash(msg));

    // HMAC-SHA256 with the keyed state reused across messages, and one-shot (key set up per call).
    auto key = fpbench::buffer(32, 2);
    auto mac = std::make_shared<fastprim::hmac<fastprim::sha256>>(std::span<const std::byte>(*key));
    fpbench::add("hmac-sha256", "fastprim", n,
                 [buf, msg, mac] { benchmark::DoNotOptimize(mac->compute(msg)); });
    fpbench::add("hmac-sha256-oneshot", "fastprim", n, [buf, key, msg] {
      benchmark::DoNotOptimize(fastprim::hmac_sha256(std::span<const std::byte>(*key), msg));
    });
    register_hmac_peers(n, buf, key, mac->compute(msg));

    // HMAC-SHA-1, key reused, fastprim only: the hash-alone reference of bench_authenc.cpp's SHA-1 rows.
    auto mac1 = std::make_shared<fastprim::hmac<fastprim::sha1>>(std::span<const std::byte>(*key));
    fpbench::add("hmac-sha1", "fastprim", n,
                 [buf, msg, mac1] { benchmark::DoNotOptimize(mac1->compute(msg)); });
  }

  // Many independent messages: 64 of 1 KiB, and 1024 of 64 B (the size of a binary Merkle tree's
  // inner node, two child digests; its padding is a block of its own).
  register_sha_batch(backends, 64, 1024, "64x1KiB");
  register_sha_batch(backends, 1024, 64, "1024x64B");
}
