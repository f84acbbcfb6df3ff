// fuzz/fuzz_hash.cpp: SHA-1, SHA-256, HMAC-SHA-1/-SHA-256 and XXH64 against OpenSSL libcrypto
// and libxxhash. The input decides the operation, the backends, the split points, the key or
// seed and the message. Properties:
//  * streaming: update() over the chunks between the split points, with a backend switch in the
//    middle of the stream (the hash state is backend-independent), digest() after every chunk
//    equal to the oracle's hash of that prefix, a copy made after one chunk (fork) finished
//    with the rest in one update, reset() and one update: all equal the oracle; one-shot too;
//  * HMAC: the same with the key from the input (0..255 bytes, so also longer than a block),
//    compute() and hmac_sha*() one-shot, verify() of the right tag, of a tag with one bit
//    flipped and of a truncated tag, and a second object keyed on the second backend;
//  * batch (sha1_batch, sha256_batch, xxh64_batch): messages shaped as consecutive chunks,
//    equal-length pieces or nested prefixes; every result equals the oracle's single hash, the
//    output slot after the last stays untouched, and a short output span is an error that
//    writes nothing.
//
// Input layout: op, backend, backend2, nsplit, nsplit x u16 split, fork, then per op: HMAC
// key length + key; XXH64 seed (u64); batch shape. The rest is the message.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "fastprim/hmac.hpp"
#include "fastprim/sha1.hpp"
#include "fastprim/sha256.hpp"
#include "fastprim/xxh64.hpp"
#include "fuzz.hpp"

namespace {

using fastprim::primitive;
using bspan = std::span<const std::byte>;

const unsigned char* bytes_of(bspan s) {
  static const unsigned char empty = 0;
  return s.empty() ? &empty : reinterpret_cast<const unsigned char*>(s.data());
}

// ---- oracles -------------------------------------------------------------------------------------
// Fetched once: OpenSSL 3's implicit fetch per call would dominate the run time.
const EVP_MD* md_sha1() {
  static EVP_MD* md = EVP_MD_fetch(nullptr, "SHA1", nullptr);
  return md;
}
const EVP_MD* md_sha256() {
  static EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  return md;
}

template <std::size_t N>
std::array<std::byte, N> ossl_digest(const EVP_MD* md, bspan m) {
  std::array<std::byte, N> out{};
  unsigned len = 0;
  FUZZ_CHECK(EVP_Digest(bytes_of(m), m.size(), reinterpret_cast<unsigned char*>(out.data()), &len, md,
                        nullptr) == 1);
  FUZZ_CHECK(len == N);
  return out;
}

template <std::size_t N>
std::array<std::byte, N> ossl_hmac(const EVP_MD* md, bspan key, bspan m) {
  std::array<std::byte, N> out{};
  unsigned len = 0;
  FUZZ_CHECK(HMAC(md, bytes_of(key), static_cast<int>(key.size()), bytes_of(m), m.size(),
                  reinterpret_cast<unsigned char*>(out.data()), &len) != nullptr);
  FUZZ_CHECK(len == N);
  return out;
}

// One algorithm as the target sees it: the fastprim types and the oracle.
struct sha1_alg {
  using hasher = fastprim::sha1;
  static constexpr primitive single = primitive::sha1;
  static constexpr primitive batch = primitive::sha1_batch;
  static constexpr std::size_t size = 20;
  static std::array<std::byte, 20> oracle(bspan m) { return ossl_digest<20>(md_sha1(), m); }
  static std::array<std::byte, 20> oracle_hmac(bspan k, bspan m) { return ossl_hmac<20>(md_sha1(), k, m); }
  static fastprim::result<void> run_batch(std::span<const bspan> msgs,
                                          std::span<std::array<std::byte, 20>> out) {
    return fastprim::sha1_batch(msgs, out);
  }
  static std::array<std::byte, 20> hmac_oneshot(bspan k, bspan m) { return fastprim::hmac_sha1(k, m); }
};
struct sha256_alg {
  using hasher = fastprim::sha256;
  static constexpr primitive single = primitive::sha256;
  static constexpr primitive batch = primitive::sha256_batch;
  static constexpr std::size_t size = 32;
  static std::array<std::byte, 32> oracle(bspan m) { return ossl_digest<32>(md_sha256(), m); }
  static std::array<std::byte, 32> oracle_hmac(bspan k, bspan m) { return ossl_hmac<32>(md_sha256(), k, m); }
  static fastprim::result<void> run_batch(std::span<const bspan> msgs,
                                          std::span<std::array<std::byte, 32>> out) {
    return fastprim::sha256_batch(msgs, out);
  }
  static std::array<std::byte, 32> hmac_oneshot(bspan k, bspan m) { return fastprim::hmac_sha256(k, m); }
};

// ---- the decoded input -----------------------------------------------------------------------------
struct plan {
  std::uint8_t b1 = 0, b2 = 0;    // backend choices (index into the usable list)
  std::vector<std::size_t> ends;  // end offset of each chunk; the last is msg.size()
  std::size_t fork = 0;           // fork after this chunk
  bspan msg;
  bspan prefix(std::size_t chunk) const { return msg.first(ends[chunk]); }
  bspan chunk(std::size_t i) const {
    const std::size_t b = i == 0 ? 0 : ends[i - 1];
    return msg.subspan(b, ends[i] - b);
  }
};

// The split values are read before the message, whose length is known only at the end.
struct raw_plan {
  std::uint8_t b1, b2;
  std::vector<std::uint16_t> splits;
  std::uint8_t fork;
};
raw_plan read_plan(fuzz::input& in) {
  raw_plan r{in.u8(), in.u8(), {}, 0};
  const std::size_t n = in.below(17);
  for (std::size_t i = 0; i < n; ++i) r.splits.push_back(in.u16());
  r.fork = in.u8();
  return r;
}
plan finish_plan(const raw_plan& r, bspan msg) {
  plan p;
  p.b1 = r.b1;
  p.b2 = r.b2;
  p.msg = msg;
  for (std::uint16_t s : r.splits) p.ends.push_back(s % (msg.size() + 1));
  std::sort(p.ends.begin(), p.ends.end());
  p.ends.push_back(msg.size());
  p.fork = r.fork % p.ends.size();
  return p;
}

template <class A>
void check_digest(const std::array<std::byte, A::size>& got, const std::array<std::byte, A::size>& want,
                  bspan msg, const char* what) {
  FUZZ_CHECK_OR(got == want, (std::fprintf(stderr, "  %s\n", what), fuzz::print_hex("message", msg),
                              fuzz::print_hex("fastprim", got), fuzz::print_hex("oracle", want)));
}

// ---- SHA-1 / SHA-256 streaming ---------------------------------------------------------------------
template <class A>
void fuzz_stream(const plan& p) {
  using H = typename A::hasher;
  const auto want = A::oracle(p.msg);
  const std::size_t n = p.ends.size();
  std::optional<H> forked;
  H h;
  fuzz::pinned<A::single> pin{fuzz::pick_backend<A::single>(p.b1)};
  for (std::size_t i = 0; i < n; ++i) {
    if (i == n / 2) pin.to(fuzz::pick_backend<A::single>(p.b2));
    h.update(p.chunk(i));
    check_digest<A>(h.digest(), A::oracle(p.prefix(i)), p.prefix(i), "digest() of a prefix");
    if (i == p.fork) {
      forked.emplace(h);
      forked->update(p.msg.subspan(p.ends[i]));
    }
  }
  check_digest<A>(h.digest(), want, p.msg, "streamed digest");
  check_digest<A>(forked->digest(), want, p.msg, "forked stream");
  check_digest<A>(H::hash(p.msg), want, p.msg, "one-shot hash (second backend)");
  h.reset();
  h.update(p.msg);
  check_digest<A>(h.digest(), want, p.msg, "reset, one update");
  pin.to(fuzz::pick_backend<A::single>(p.b1));
  check_digest<A>(H::hash(p.msg), want, p.msg, "one-shot hash (first backend)");
}

// ---- HMAC ------------------------------------------------------------------------------------------
template <class A>
void fuzz_hmac(const plan& p, bspan key, std::uint8_t flip) {
  using mac_t = fastprim::hmac<typename A::hasher>;
  const auto want = A::oracle_hmac(key, p.msg);
  const std::size_t n = p.ends.size();
  fuzz::pinned<A::single> pin{fuzz::pick_backend<A::single>(p.b1)};
  mac_t mac{key};  // binds the first backend
  std::optional<mac_t> forked;
  for (std::size_t i = 0; i < n; ++i) {
    mac.update(p.chunk(i));
    check_digest<A>(mac.digest(), A::oracle_hmac(key, p.prefix(i)), p.prefix(i), "HMAC digest() of a prefix");
    if (i == p.fork) {
      forked.emplace(mac);
      forked->update(p.msg.subspan(p.ends[i]));
    }
  }
  check_digest<A>(mac.digest(), want, p.msg, "streamed HMAC");
  check_digest<A>(forked->digest(), want, p.msg, "forked HMAC stream");
  check_digest<A>(mac.compute(p.msg), want, p.msg, "HMAC compute()");
  check_digest<A>(A::hmac_oneshot(key, p.msg), want, p.msg, "one-shot HMAC");
  FUZZ_CHECK(mac.verify(want));
  FUZZ_CHECK(mac.verify(p.msg, want));
  auto bad = want;
  bad[(flip >> 3) % A::size] ^= std::byte(1u << (flip & 7));
  FUZZ_CHECK(!mac.verify(bad));
  FUZZ_CHECK(!mac.verify(p.msg, bad));
  FUZZ_CHECK(!mac.verify(std::span(want).first(A::size - 1)));
  mac.reset();
  mac.update(p.msg);
  check_digest<A>(mac.digest(), want, p.msg, "HMAC reset, one update");
  pin.to(fuzz::pick_backend<A::single>(p.b2));
  const mac_t mac2{key};
  check_digest<A>(mac2.compute(p.msg), want, p.msg, "HMAC compute() on the second backend");
}

// ---- XXH64 streaming ---------------------------------------------------------------------------------
void check_xxh(std::uint64_t got, std::uint64_t want, bspan msg, std::uint64_t seed, const char* what) {
  FUZZ_CHECK_OR(got == want,
                (std::fprintf(stderr, "  %s: seed %016llx fastprim %016llx libxxhash %016llx\n", what,
                              (unsigned long long)seed, (unsigned long long)got, (unsigned long long)want),
                 fuzz::print_hex("message", msg)));
}

void fuzz_xxh64(const plan& p, std::uint64_t seed) {
  constexpr primitive P = primitive::xxh64;
  const std::uint64_t want = XXH64(bytes_of(p.msg), p.msg.size(), seed);
  const std::size_t n = p.ends.size();
  std::optional<fastprim::xxh64_state> forked;
  fastprim::xxh64_state s{seed};
  fuzz::pinned<P> pin{fuzz::pick_backend<P>(p.b1)};
  for (std::size_t i = 0; i < n; ++i) {
    if (i == n / 2) pin.to(fuzz::pick_backend<P>(p.b2));
    s.update(p.chunk(i));
    const bspan pre = p.prefix(i);
    check_xxh(s.digest(), XXH64(bytes_of(pre), pre.size(), seed), pre, seed, "digest() of a prefix");
    if (i == p.fork) {
      forked.emplace(s);
      forked->update(p.msg.subspan(p.ends[i]));
    }
  }
  check_xxh(s.digest(), want, p.msg, seed, "streamed digest");
  check_xxh(forked->digest(), want, p.msg, seed, "forked stream");
  check_xxh(fastprim::xxh64(p.msg, seed), want, p.msg, seed, "one-shot");
  s.reset(seed);
  s.update(p.msg);
  check_xxh(s.digest(), want, p.msg, seed, "reset, one update");
}

// ---- batches ---------------------------------------------------------------------------------------
// shape 0: the chunks; 1: as many equal-length pieces; 2: nested prefixes (same start address).
std::vector<bspan> batch_messages(const plan& p, std::uint8_t shape) {
  std::vector<bspan> v;
  const std::size_t k = p.ends.size();
  switch (shape % 3) {
    case 0:
      for (std::size_t i = 0; i < k; ++i) v.push_back(p.chunk(i));
      break;
    case 1: {
      const std::size_t len = p.msg.size() / k;
      for (std::size_t i = 0; i < k; ++i) v.push_back(p.msg.subspan(i * len, len));
      break;
    }
    default:
      for (std::size_t i = 0; i < k; ++i) v.push_back(p.prefix(i));
      break;
  }
  // Bit 2: drop the last message, so an empty batch (k = 1) is tried too.
  if ((shape & 4) != 0) v.pop_back();
  return v;
}

template <class A>
void fuzz_batch(const plan& p, std::uint8_t shape) {
  const auto msgs = batch_messages(p, shape);
  fuzz::pinned<A::batch> pin{fuzz::pick_backend<A::batch>(p.b1)};
  std::array<std::byte, A::size> sentinel;
  sentinel.fill(std::byte{0xa5});
  std::vector<std::array<std::byte, A::size>> out(msgs.size() + 1, sentinel);
  FUZZ_CHECK(A::run_batch(msgs, out).has_value());
  for (std::size_t i = 0; i < msgs.size(); ++i) check_digest<A>(out[i], A::oracle(msgs[i]), msgs[i], "batch");
  FUZZ_CHECK(out.back() == sentinel);
  if (!msgs.empty()) {
    std::vector<std::array<std::byte, A::size>> shorter(msgs.size() - 1, sentinel);
    FUZZ_CHECK(A::run_batch(msgs, shorter).code() == fastprim::errc::short_output);
    for (const auto& d : shorter) FUZZ_CHECK(d == sentinel);
  }
}

void fuzz_xxh64_batch(const plan& p, std::uint8_t shape, std::uint64_t seed) {
  constexpr primitive P = primitive::xxh64_batch;
  const auto msgs = batch_messages(p, shape);
  fuzz::pinned<P> pin{fuzz::pick_backend<P>(p.b1)};
  constexpr std::uint64_t sentinel = 0xa5a5a5a5a5a5a5a5u;
  std::vector<std::uint64_t> out(msgs.size() + 1, sentinel);
  FUZZ_CHECK(fastprim::xxh64_batch(msgs, out, seed).has_value());
  for (std::size_t i = 0; i < msgs.size(); ++i)
    check_xxh(out[i], XXH64(bytes_of(msgs[i]), msgs[i].size(), seed), msgs[i], seed, "batch");
  FUZZ_CHECK(out.back() == sentinel);
  if (!msgs.empty()) {
    std::vector<std::uint64_t> shorter(msgs.size() - 1, sentinel);
    FUZZ_CHECK(fastprim::xxh64_batch(msgs, shorter, seed).code() == fastprim::errc::short_output);
    for (std::uint64_t d : shorter) FUZZ_CHECK(d == sentinel);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::input in{data, size};
  const unsigned op = in.below(8);
  const raw_plan r = read_plan(in);
  switch (op) {
    case 0:
      fuzz_stream<sha1_alg>(finish_plan(r, in.rest()));
      break;
    case 1:
      fuzz_stream<sha256_alg>(finish_plan(r, in.rest()));
      break;
    case 2:
    case 3: {
      const std::uint8_t flip = in.u8();
      const bspan key = in.bytes(in.u8());
      const plan p = finish_plan(r, in.rest());
      if (op == 2)
        fuzz_hmac<sha1_alg>(p, key, flip);
      else
        fuzz_hmac<sha256_alg>(p, key, flip);
      break;
    }
    case 4: {
      const std::uint64_t seed = in.u64();
      fuzz_xxh64(finish_plan(r, in.rest()), seed);
      break;
    }
    case 5:
    case 6: {
      const std::uint8_t shape = in.u8();
      const plan p = finish_plan(r, in.rest());
      if (op == 5)
        fuzz_batch<sha1_alg>(p, shape);
      else
        fuzz_batch<sha256_alg>(p, shape);
      break;
    }
    default: {
      const std::uint8_t shape = in.u8();
      const std::uint64_t seed = in.u64();
      fuzz_xxh64_batch(finish_plan(r, in.rest()), shape, seed);
      break;
    }
  }
  return 0;
}
