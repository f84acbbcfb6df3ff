// bench/bench_sha.cpp: SHA-256, SHA-1, HMAC-SHA256 and batches, every fastprim backend usable
// here (kernels called directly: "fastprim:<token>") next to OpenSSL's low-level API.
// Link: -lcrypto. Registered by register_sha() (list it in main.cpp).
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include <fastprim/hmac.hpp>
#include <fastprim/sha1.hpp>
#include <fastprim/sha256.hpp>
#include <span>
#include <string>
#include <vector>

#include "harness.hpp"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // OpenSSL's low-level SHA/HMAC_CTX API

namespace {
namespace fd = fastprim::detail;
using fastprim::backend;

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

}  // namespace

void register_sha() {
  const auto backends = sha_backends();
  for (std::size_t n : fpbench::sizes()) {
    auto buf = fpbench::buffer(n);
    const std::span<const std::byte> msg(buf->data(), n);
    fpbench::add("sha256", "fastprim", n,
                 [buf, msg] { benchmark::DoNotOptimize(fastprim::sha256::hash(msg)); });
    fpbench::add("sha1", "fastprim", n, [buf, msg] { benchmark::DoNotOptimize(fastprim::sha1::hash(msg)); });
    for (const auto& b : backends) {
      if (b.token.rfind("hwy_", 0) == 0) continue;  // hwy_* single-message compress is the scalar one
      fpbench::add("sha256", "fastprim:" + b.token, n, [buf, msg, c = b.k256->compress] {
        benchmark::DoNotOptimize(fd::md_oneshot<8, 32>(fd::sha256_iv.data(), msg.data(), msg.size(), 0, c));
      });
      fpbench::add("sha1", "fastprim:" + b.token, n, [buf, msg, c = b.k1->compress] {
        benchmark::DoNotOptimize(fd::md_oneshot<5, 20>(fd::sha1_iv.data(), msg.data(), msg.size(), 0, c));
      });
    }
    fpbench::add("sha256", "openssl", n, [buf, n] {
      SHA256_CTX c;
      unsigned char md[32];
      SHA256_Init(&c);
      SHA256_Update(&c, buf->data(), n);
      SHA256_Final(md, &c);
      benchmark::DoNotOptimize(md);
    });
    fpbench::add("sha1", "openssl", n, [buf, n] {
      SHA_CTX c;
      unsigned char md[20];
      SHA1_Init(&c);
      SHA1_Update(&c, buf->data(), n);
      SHA1_Final(md, &c);
      benchmark::DoNotOptimize(md);
    });
    // HMAC-SHA256 with the keyed state reused across messages.
    auto key = fpbench::buffer(32, 2);
    auto mac = std::make_shared<fastprim::hmac<fastprim::sha256>>(std::span<const std::byte>(*key));
    fpbench::add("hmac-sha256", "fastprim", n,
                 [buf, msg, mac] { benchmark::DoNotOptimize(mac->compute(msg)); });
    std::shared_ptr<HMAC_CTX> ctx(HMAC_CTX_new(), HMAC_CTX_free);
    HMAC_Init_ex(ctx.get(), key->data(), 32, EVP_sha256(), nullptr);
    fpbench::add("hmac-sha256", "openssl", n, [buf, n, ctx] {
      unsigned char md[32];
      unsigned len;
      HMAC_Init_ex(ctx.get(), nullptr, 0, nullptr, nullptr);
      HMAC_Update(ctx.get(), reinterpret_cast<const unsigned char*>(buf->data()), n);
      HMAC_Final(ctx.get(), md, &len);
      benchmark::DoNotOptimize(md);
    });
  }
  // 64 independent messages of 1 KiB; bytes = the whole batch.
  auto big = fpbench::buffer(64 * 1024);
  auto msgs = std::make_shared<std::vector<std::span<const std::byte>>>();
  for (int i = 0; i < 64; ++i) msgs->emplace_back(big->data() + 1024 * i, 1024);
  auto out = std::make_shared<std::vector<std::array<std::byte, 32>>>(64);
  auto out1 = std::make_shared<std::vector<std::array<std::byte, 20>>>(64);
  for (const auto& b : backends) {
    fpbench::add("sha256-batch-64x1KiB", "fastprim:" + b.token, 65536, [big, msgs, out, k = b.k256] {
      k->batch(msgs->data(), msgs->size(), out->data());
      benchmark::DoNotOptimize(out->data());
    });
    fpbench::add("sha1-batch-64x1KiB", "fastprim:" + b.token, 65536, [big, msgs, out1, k = b.k1] {
      k->batch(msgs->data(), msgs->size(), out1->data());
      benchmark::DoNotOptimize(out1->data());
    });
  }
  fpbench::add("sha256-batch-64x1KiB", "openssl", 65536, [big, msgs, out] {
    for (std::size_t i = 0; i < msgs->size(); ++i) {
      SHA256_CTX c;
      SHA256_Init(&c);
      SHA256_Update(&c, (*msgs)[i].data(), (*msgs)[i].size());
      SHA256_Final(reinterpret_cast<unsigned char*>((*out)[i].data()), &c);
    }
    benchmark::DoNotOptimize(out->data());
  });
}
