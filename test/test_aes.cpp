// test/test_aes.cpp: AES-128/192/256 ECB, CBC, CTR, streaming CTR and PKCS#7, on every AES
// backend this build and CPU can run. Expected values come from outside the code under test:
//  * NIST CAVP AESAVS response files (GFSbox, KeySbox, VarKey, VarTxt, MMT; ECB and CBC) and the
//    RFC 3686 CTR vectors, read at run time from the Debian package python3-cryptography-vectors
//    (directory FASTPRIM_VECTORS_DIR, else the package's install path). The package has no
//    AESAVS Monte Carlo files; the Monte Carlo procedure runs against OpenSSL instead.
//  * NIST SP 800-38A appendix F.5 (CTR-AES128/192/256), copied below.
//  * OpenSSL libcrypto (EVP) for differential tests on random keys, IVs, lengths and offsets.
#define BOOST_TEST_MODULE aes
#include <openssl/evp.h>

#include <algorithm>
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "fastprim/aes.hpp"
#include "support/guarded.hpp"
#include "support/openssl_ref.hpp"

#ifndef FASTPRIM_VECTORS_DIR
#define FASTPRIM_VECTORS_DIR "/usr/lib/python3/dist-packages/cryptography_vectors"
#endif

FASTPRIM_NAMESPACE_BEGIN
inline std::ostream& operator<<(std::ostream& os, backend b) { return os << to_string(b); }
FASTPRIM_NAMESPACE_END

namespace {

using fastprim::aes;
using fastprim::aes_ctr;
using fastprim::backend;
using fastprim::errc;
using bytes = std::vector<std::byte>;

// Every backend usable here (under FASTPRIM_BACKEND=scalar: what dispatch picks).
const std::vector<backend> backends = fastprim::detail::usable_backends<fastprim::primitive::aes>();

bytes from_hex(const std::string& s) {
  bytes out;
  auto nib = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
  for (std::size_t i = 0; i + 1 < s.size(); i += 2) out.push_back(std::byte(nib(s[i]) << 4 | nib(s[i + 1])));
  return out;
}

std::string hex(std::span<const std::byte> b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (std::byte x : b) {
    s += d[std::to_integer<int>(x) >> 4];
    s += d[std::to_integer<int>(x) & 15];
  }
  return s;
}

aes make(std::span<const std::byte> key, backend b) {
  auto r = aes::create(key, b);
  BOOST_REQUIRE_MESSAGE(r.has_value(), r.message());
  BOOST_REQUIRE(r->backend() == b);
  return *r;
}

// ---- OpenSSL oracle -------------------------------------------------------------------------
using fastprim_test::openssl_aes;

// ---- NIST response files ----------------------------------------------------------------------
struct record {
  bool encrypt = true;
  std::string file;
  int count = -1;
  bytes key, iv, pt, ct;
};

std::vector<record> read_rsp(const std::string& rel) {
  const std::string path = std::string(FASTPRIM_VECTORS_DIR) + "/" + rel;
  std::ifstream f(path);
  BOOST_REQUIRE_MESSAGE(f.good(), "cannot open " << path << " (python3-cryptography-vectors)");
  std::vector<record> out;
  record cur;
  bool encrypt = true;
  auto flush = [&] {
    if (cur.count >= 0) out.push_back(cur);
    cur = record{};
  };
  std::string line;
  while (std::getline(f, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line == "[ENCRYPT]" || line == "[DECRYPT]") {
      flush();
      encrypt = line == "[ENCRYPT]";
      continue;
    }
    const auto eq = line.find(" = ");
    if (eq == std::string::npos) continue;
    const std::string k = line.substr(0, eq), v = line.substr(eq + 3);
    if (k == "COUNT") {
      flush();
      cur.count = std::stoi(v);
      cur.encrypt = encrypt;
      cur.file = rel;
    } else if (k == "KEY") {
      cur.key = from_hex(v);
    } else if (k == "IV") {
      cur.iv = from_hex(v);
    } else if (k == "PLAINTEXT") {
      cur.pt = from_hex(v);
    } else if (k == "CIPHERTEXT") {
      cur.ct = from_hex(v);
    }
  }
  flush();
  BOOST_REQUIRE_MESSAGE(!out.empty(), "no records in " << path);
  return out;
}

std::vector<record> cavp(const std::string& mode) {
  std::vector<record> all;
  for (const char* kind : {"GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT"})
    for (int bits : {128, 192, 256}) {
      auto v = read_rsp("ciphers/AES/" + mode + "/" + mode + kind + std::to_string(bits) + ".rsp");
      all.insert(all.end(), v.begin(), v.end());
    }
  return all;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(aes_suite)

BOOST_AUTO_TEST_CASE(backends_found) {
  BOOST_TEST_MESSAGE("AES backends here:");
  for (backend b : backends) BOOST_TEST_MESSAGE("  " << b);
  BOOST_TEST(!backends.empty());
  BOOST_TEST((std::find(backends.begin(), backends.end(), backend::scalar) != backends.end()));
  auto a = aes::create(bytes(16));
  BOOST_REQUIRE(a.has_value());
  // create() binds the first usable backend of the best-first order (the forced one under
  // FASTPRIM_BACKEND).
  BOOST_TEST(a->backend() == backends.front());
}

BOOST_DATA_TEST_CASE(nist_cavp_ecb_cbc, boost::unit_test::data::make(backends), b) {
  std::size_t n = 0;
  for (const char* mode : {"ECB", "CBC"}) {
    const bool cbc = mode[0] == 'C';
    for (const record& r : cavp(mode)) {
      const aes a = make(r.key, b);
      bytes out(r.pt.size());
      const bytes& in = r.encrypt ? r.pt : r.ct;
      const bytes& want = r.encrypt ? r.ct : r.pt;
      out.resize(in.size());
      fastprim::result<void> res =
          cbc ? (r.encrypt ? a.encrypt_cbc(r.iv, in, out) : a.decrypt_cbc(r.iv, in, out))
              : (r.encrypt ? a.encrypt_ecb(in, out) : a.decrypt_ecb(in, out));
      BOOST_REQUIRE(res.has_value());
      BOOST_TEST(hex(out) == hex(want),
                 r.file << " COUNT " << r.count << (r.encrypt ? " encrypt" : " decrypt"));
      // In place too.
      bytes io = in;
      res = cbc ? (r.encrypt ? a.encrypt_cbc(r.iv, io, io) : a.decrypt_cbc(r.iv, io, io))
                : (r.encrypt ? a.encrypt_ecb(io, io) : a.decrypt_ecb(io, io));
      BOOST_REQUIRE(res.has_value());
      BOOST_TEST(hex(io) == hex(want), r.file << " COUNT " << r.count << " in place");
      if (in.size() == 16 && !cbc) {
        bytes blk(16);
        BOOST_REQUIRE((r.encrypt ? a.encrypt_block(in, blk) : a.decrypt_block(in, blk)).has_value());
        BOOST_TEST(hex(blk) == hex(want), r.file << " COUNT " << r.count << " single block");
      }
      ++n;
    }
  }
  BOOST_TEST_MESSAGE(b << ": " << n << " CAVP records");
  BOOST_TEST(n > 1000u);
}

// RFC 3686 section 6 vectors (the package's CTR folder) and NIST SP 800-38A F.5.1/F.5.3/F.5.5.
BOOST_DATA_TEST_CASE(ctr_known_answers, boost::unit_test::data::make(backends), b) {
  std::vector<record> all;
  for (int bits : {128, 192, 256}) {
    auto v = read_rsp("ciphers/AES/CTR/aes-" + std::to_string(bits) + "-ctr.txt");
    all.insert(all.end(), v.begin(), v.end());
  }
  const std::string ctr0 = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
  const std::string pt =
      "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f24"
      "45df4f9b17ad2b"
      "417be66c3710";
  const struct {
    const char *key, *ct;
  } sp800_38a[] = {
      {"2b7e151628aed2a6abf7158809cf4f3c",
       "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff5ae4df3edbd5d35e5b4f09020db03eab1e031"
       "dda2fbe03d1792170"
       "a0f3009cee"},
      {"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
       "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e941e36b26bd1ebc670d1bd1d665620abf74f78a"
       "7f6d29809585a97da"
       "ec58c6b050"},
      {"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
       "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c52b0930daa23de94ce87017ba2d84988ddfc9c"
       "58db67aada613c2dd"
       "08457941a6"},
  };
  for (const auto& v : sp800_38a) {
    record r;
    r.file = "SP 800-38A F.5";
    r.count = static_cast<int>(all.size());
    r.key = from_hex(v.key);
    r.iv = from_hex(ctr0);
    r.pt = from_hex(pt);
    r.ct = from_hex(v.ct);
    all.push_back(r);
  }
  for (const record& r : all) {
    const aes a = make(r.key, b);
    bytes out(r.pt.size());
    BOOST_REQUIRE(a.ctr(r.iv, r.pt, out).has_value());
    BOOST_TEST(hex(out) == hex(r.ct), r.file << " " << r.count);
    BOOST_REQUIRE(a.ctr(r.iv, r.ct, out).has_value());
    BOOST_TEST(hex(out) == hex(r.pt), r.file << " " << r.count << " decrypt");
  }
}

// The AESAVS Monte Carlo procedure (AESAVS 6.4: 1000 chained blocks per key, then the key is
// xored with the last output bits), run by fastprim and by OpenSSL on the same random start
// (the package ships no MCT response files). `mode`: 0 ECB enc, 1 ECB dec, 2 CBC enc, 3 CBC dec.
template <class Step>
bytes monte_carlo(int mode, bytes key, bytes iv, bytes in, int outer_n, Step step) {
  bytes results;
  for (int outer = 0; outer < outer_n; ++outer) {
    bytes chain = iv, prev, out;
    for (int j = 0; j < 1000; ++j) {
      bytes o = step(mode, key, chain, in);
      bytes next_in;
      if (mode < 2) {
        next_in = o;
      } else {
        chain = mode == 2 ? o : in;  // the previous ciphertext block
        next_in = j == 0 ? iv : out;
      }
      prev = out;
      out = o;
      in = next_in;
    }
    results.insert(results.end(), out.begin(), out.end());
    bytes tail;
    if (key.size() == 24) tail.insert(tail.end(), prev.begin() + 8, prev.end());
    if (key.size() == 32) tail.insert(tail.end(), prev.begin(), prev.end());
    tail.insert(tail.end(), out.begin(), out.end());
    for (std::size_t i = 0; i < key.size(); ++i) key[i] ^= tail[i];
    if (mode < 2) {
      in = out;
    } else {
      iv = out;
      in = prev;
    }
  }
  return results;
}

BOOST_DATA_TEST_CASE(monte_carlo_vs_openssl, boost::unit_test::data::make(backends), b) {
  std::mt19937_64 rng(7);
  for (std::size_t klen : {16u, 24u, 32u})
    for (int mode = 0; mode < 4; ++mode) {
      bytes key(klen), iv(16), text(16);
      for (auto* v : {&key, &iv, &text})
        for (auto& x : *v) x = std::byte(rng());
      bytes cached_key;
      std::optional<aes> a;
      const bytes ours =
          monte_carlo(mode, key, iv, text, 10, [&](int m, const bytes& k, const bytes& v, const bytes& in) {
            if (k != cached_key) {
              a.emplace(make(k, b));
              cached_key = k;
            }
            bytes o(16);
            switch (m) {
              case 0:
                BOOST_REQUIRE(a->encrypt_ecb(in, o).has_value());
                break;
              case 1:
                BOOST_REQUIRE(a->decrypt_ecb(in, o).has_value());
                break;
              case 2:
                BOOST_REQUIRE(a->encrypt_cbc(v, in, o).has_value());
                break;
              default:
                BOOST_REQUIRE(a->decrypt_cbc(v, in, o).has_value());
                break;
            }
            return o;
          });
      const bytes theirs =
          monte_carlo(mode, key, iv, text, 10, [](int m, const bytes& k, const bytes& v, const bytes& in) {
            return m < 2 ? openssl_aes("ecb", k, {}, in, m == 0) : openssl_aes("cbc", k, v, in, m == 2);
          });
      BOOST_TEST(hex(ours) == hex(theirs), "MCT mode " << mode << " key " << klen);
    }
}

// Random keys, IVs, lengths and buffer offsets, out of place and in place, against OpenSSL.
BOOST_DATA_TEST_CASE(differential_openssl, boost::unit_test::data::make(backends), b) {
  std::mt19937_64 rng(0xae5 + static_cast<unsigned>(b));
  for (int t = 0; t < 300; ++t) {
    bytes key(std::size_t(16 + 8 * (t % 3))), iv(16);
    for (auto& x : key) x = std::byte(rng());
    for (auto& x : iv) x = std::byte(rng());
    const aes a = make(key, b);
    std::size_t nblocks = rng() % (t % 10 == 0 ? 600 : 40);
    const std::size_t tail = rng() % 16;
    const std::size_t off_in = rng() % 16, off_out = rng() % 16;
    bytes msg(nblocks * 16 + tail);
    for (auto& x : msg) x = std::byte(rng());
    bytes inbuf(msg.size() + 16), outbuf(msg.size() + 16);
    std::copy(msg.begin(), msg.end(), inbuf.begin() + std::ptrdiff_t(off_in));
    const std::span<const std::byte> in(inbuf.data() + off_in, msg.size());
    const std::span<std::byte> out(outbuf.data() + off_out, msg.size());
    const std::span<const std::byte> in_b = in.first(nblocks * 16);
    const std::span<std::byte> out_b = out.first(nblocks * 16);
    auto got = [](std::span<const std::byte> s) { return hex(s); };

    BOOST_REQUIRE(a.ctr(iv, in, out).has_value());
    BOOST_TEST(got(out) == hex(openssl_aes("ctr", key, iv, msg, true)), "ctr t=" << t);
    BOOST_REQUIRE(a.encrypt_ecb(in_b, out_b).has_value());
    BOOST_TEST(got(out_b) == hex(openssl_aes("ecb", key, {}, in_b, true)), "ecb enc t=" << t);
    BOOST_REQUIRE(a.decrypt_ecb(in_b, out_b).has_value());
    BOOST_TEST(got(out_b) == hex(openssl_aes("ecb", key, {}, in_b, false)), "ecb dec t=" << t);
    BOOST_REQUIRE(a.encrypt_cbc(iv, in_b, out_b).has_value());
    BOOST_TEST(got(out_b) == hex(openssl_aes("cbc", key, iv, in_b, true)), "cbc enc t=" << t);
    BOOST_REQUIRE(a.decrypt_cbc(iv, in_b, out_b).has_value());
    BOOST_TEST(got(out_b) == hex(openssl_aes("cbc", key, iv, in_b, false)), "cbc dec t=" << t);

    // In place, at the misaligned input offset.
    bytes io(inbuf);
    const std::span<std::byte> s(io.data() + off_in, msg.size());
    const std::span<std::byte> sb = s.first(nblocks * 16);
    BOOST_REQUIRE(a.ctr(iv, s, s).has_value());
    BOOST_TEST(got(s) == hex(openssl_aes("ctr", key, iv, msg, true)), "ctr in place t=" << t);
    std::copy(msg.begin(), msg.end(), s.begin());
    BOOST_REQUIRE(a.decrypt_cbc(iv, sb, sb).has_value());
    BOOST_TEST(got(sb) == hex(openssl_aes("cbc", key, iv, in_b, false)), "cbc dec in place t=" << t);
    std::copy(msg.begin(), msg.end(), s.begin());
    BOOST_REQUIRE(a.encrypt_cbc(iv, sb, sb).has_value());
    BOOST_TEST(got(sb) == hex(openssl_aes("cbc", key, iv, in_b, true)), "cbc enc in place t=" << t);
    std::copy(msg.begin(), msg.end(), s.begin());
    BOOST_REQUIRE(a.encrypt_ecb(sb, sb).has_value());
    BOOST_TEST(got(sb) == hex(openssl_aes("ecb", key, {}, in_b, true)), "ecb enc in place t=" << t);
    std::copy(msg.begin(), msg.end(), s.begin());
    BOOST_REQUIRE(a.decrypt_ecb(sb, sb).has_value());
    BOOST_TEST(got(sb) == hex(openssl_aes("ecb", key, {}, in_b, false)), "ecb dec in place t=" << t);
  }
}

// Data that starts right after, or ends right before, an inaccessible page: 1..70 blocks (CTR with
// 0..15 more bytes), every placement of `in` and `out`. A read or write past a buffer faults; the
// vector tails' masked windows that reach the guard pages take the page-edge path.
BOOST_DATA_TEST_CASE(page_edges, boost::unit_test::data::make(backends), b) {
  std::mt19937_64 rng(0x9a9e + static_cast<unsigned>(b));
  const fastprim_test::guarded gi, go;
  for (std::size_t nblocks = 1; nblocks <= 70; ++nblocks) {
    bytes key(std::size_t(16 + 8 * (nblocks % 3))), iv(16), msg(nblocks * 16 + rng() % 16);
    for (auto* v : {&key, &iv, &msg})
      for (auto& x : *v) x = std::byte(rng());
    const aes a = make(key, b);
    const std::span<const std::byte> msg_b = std::span<const std::byte>(msg).first(nblocks * 16);
    for (int place = 0; place < 4; ++place) {
      const auto buf = [place](const fastprim_test::guarded& g, int bit, std::size_t n) {
        return place & bit ? g.at_end(n) : g.at_start(n);
      };
      const std::span<std::byte> in = buf(gi, 1, msg.size()), out = buf(go, 2, msg.size());
      const std::span<std::byte> in_b = buf(gi, 1, msg_b.size()), out_b = buf(go, 2, msg_b.size());
      const std::string ctx = "blocks " + std::to_string(nblocks) + " placement " + std::to_string(place);
      std::copy(msg.begin(), msg.end(), in.begin());
      BOOST_REQUIRE(a.ctr(iv, in, out).has_value());
      BOOST_TEST_REQUIRE(hex(out) == hex(openssl_aes("ctr", key, iv, msg, true)), ctx << " ctr");
      std::copy(msg_b.begin(), msg_b.end(), in_b.begin());
      BOOST_REQUIRE(a.encrypt_ecb(in_b, out_b).has_value());
      BOOST_TEST_REQUIRE(hex(out_b) == hex(openssl_aes("ecb", key, {}, msg_b, true)), ctx << " ecb enc");
      BOOST_REQUIRE(a.decrypt_ecb(in_b, out_b).has_value());
      BOOST_TEST_REQUIRE(hex(out_b) == hex(openssl_aes("ecb", key, {}, msg_b, false)), ctx << " ecb dec");
      BOOST_REQUIRE(a.encrypt_cbc(iv, in_b, out_b).has_value());
      BOOST_TEST_REQUIRE(hex(out_b) == hex(openssl_aes("cbc", key, iv, msg_b, true)), ctx << " cbc enc");
      BOOST_REQUIRE(a.decrypt_cbc(iv, in_b, out_b).has_value());
      BOOST_TEST_REQUIRE(hex(out_b) == hex(openssl_aes("cbc", key, iv, msg_b, false)), ctx << " cbc dec");
    }
  }
}

// Counters whose low 32 bits, low 64 bits or all 128 bits carry or wrap inside one call, at
// every offset of a vector batch.
BOOST_DATA_TEST_CASE(ctr_carries, boost::unit_test::data::make(backends), b) {
  const bytes key = from_hex("000102030405060708090a0b0c0d0e0f");
  const aes a = make(key, b);
  const char* bases[] = {
      "0123456789abcdef01234567ffffffff",  // 32-bit boundary
      "0123456789abcdefffffffffffffffff",  // 64-bit boundary
      "ffffffffffffffffffffffffffffffff",  // wraps to zero at 2^128
      "fffffffffffffffeffffffffffffffff", "00000000000000000000000000000000",
  };
  for (const char* base : bases)
    for (unsigned back = 0; back < 40; back += 3) {
      bytes iv = from_hex(base);
      // iv -= back (big-endian, with borrow): start `back` blocks before the boundary.
      unsigned borrow = back;
      for (int i = 15; i >= 0 && borrow; --i) {
        const unsigned v = std::to_integer<unsigned>(iv[std::size_t(i)]);
        const unsigned sub = borrow & 0xff;
        iv[std::size_t(i)] = std::byte((v - sub) & 0xff);
        borrow = (borrow >> 8) + (v < sub ? 1 : 0);
      }
      for (std::size_t len : {16u * 1, 16u * 5, 16u * 17, 16u * 40 + 7, 16u * 70}) {
        bytes msg(len, std::byte{0x5a}), out(len);
        BOOST_REQUIRE(a.ctr(iv, msg, out).has_value());
        BOOST_TEST(hex(out) == hex(openssl_aes("ctr", key, iv, msg, true)),
                   base << " -" << back << " len " << len);
      }
    }
}

BOOST_DATA_TEST_CASE(ctr_stream_splits, boost::unit_test::data::make(backends), b) {
  std::mt19937_64 rng(99);
  bytes key(32), iv(16);
  for (auto& x : key) x = std::byte(rng());
  for (auto& x : iv) x = std::byte(rng());
  iv[15] = std::byte{0xf0};  // carry within the stream
  for (std::size_t i = 8; i < 15; ++i) iv[i] = std::byte{0xff};
  const aes a = make(key, b);
  bytes msg(1000);
  for (auto& x : msg) x = std::byte(rng());
  const bytes want = openssl_aes("ctr", key, iv, msg, true);
  // Byte at a time.
  {
    auto s = aes_ctr::create(a, iv);
    BOOST_REQUIRE(s.has_value());
    BOOST_TEST(s->cipher().backend() == b);
    bytes out(msg.size());
    for (std::size_t i = 0; i < msg.size(); ++i)
      BOOST_REQUIRE(s->update(std::span(msg).subspan(i, 1), std::span(out).subspan(i, 1)).has_value());
    BOOST_TEST(hex(out) == hex(want));
  }
  // Every split point into two calls, and random splits; a copy forks the stream.
  for (std::size_t cut = 0; cut <= 100; ++cut) {
    auto s = aes_ctr::create(a, iv);
    bytes out(msg.size());
    BOOST_REQUIRE(s->update(std::span(msg).first(cut), std::span(out).first(cut)).has_value());
    aes_ctr fork = *s;
    BOOST_REQUIRE(s->update(std::span(msg).subspan(cut), std::span(out).subspan(cut)).has_value());
    BOOST_TEST(hex(out) == hex(want), "cut " << cut);
    bytes out2(msg.size() - cut);
    BOOST_REQUIRE(fork.update(std::span(msg).subspan(cut), out2).has_value());
    BOOST_TEST(hex(out2) == hex(std::span(want).subspan(cut)), "fork at " << cut);
  }
  for (int t = 0; t < 50; ++t) {
    auto s = aes_ctr::create(a, iv);
    bytes out(msg.size());
    std::size_t pos = 0;
    while (pos < msg.size()) {
      const std::size_t n = std::min<std::size_t>(msg.size() - pos, rng() % 70);
      BOOST_REQUIRE(s->update(std::span(msg).subspan(pos, n), std::span(out).subspan(pos, n)).has_value());
      pos += n;
    }
    BOOST_TEST(hex(out) == hex(want), "random splits " << t);
  }
  // reset() restarts.
  auto s = aes_ctr::create(a, iv);
  bytes out(msg.size());
  BOOST_REQUIRE(s->update(std::span(msg).first(33), std::span(out).first(33)).has_value());
  BOOST_REQUIRE(s->reset(iv).has_value());
  BOOST_REQUIRE(s->update(msg, out).has_value());
  BOOST_TEST(hex(out) == hex(want));
}

BOOST_DATA_TEST_CASE(error_paths, boost::unit_test::data::make(backends), b) {
  for (std::size_t n : {0u, 1u, 8u, 15u, 17u, 20u, 23u, 25u, 31u, 33u, 48u, 64u}) {
    auto r = aes::create(bytes(n), b);
    BOOST_TEST(!r.has_value());
    BOOST_TEST((r.code() == errc::bad_key_length), "key length " << n);
    BOOST_TEST(!r.message().empty());
  }
  const aes a = make(bytes(16), b);
  BOOST_TEST(a.key_size() == 16u);
  BOOST_TEST(a.rounds() == 10u);
  bytes buf(256), out(256), iv(16);
  // IV length.
  for (std::size_t n : {0u, 15u, 17u, 32u}) {
    bytes bad_iv(n);
    BOOST_TEST((a.encrypt_cbc(bad_iv, std::span(buf).first(32), out).code() == errc::bad_iv_length));
    BOOST_TEST((a.decrypt_cbc(bad_iv, std::span(buf).first(32), out).code() == errc::bad_iv_length));
    BOOST_TEST((a.ctr(bad_iv, std::span(buf).first(32), out).code() == errc::bad_iv_length));
    BOOST_TEST((aes_ctr::create(a, bad_iv).code() == errc::bad_iv_length));
  }
  // ECB/CBC lengths.
  for (std::size_t n : {1u, 15u, 17u, 33u, 255u}) {
    const auto in = std::span(buf).first(n);
    BOOST_TEST((a.encrypt_ecb(in, out).code() == errc::bad_length));
    BOOST_TEST((a.decrypt_ecb(in, out).code() == errc::bad_length));
    BOOST_TEST((a.encrypt_cbc(iv, in, out).code() == errc::bad_length));
    BOOST_TEST((a.decrypt_cbc(iv, in, out).code() == errc::bad_length));
    BOOST_TEST(a.ctr(iv, in, out).has_value());  // CTR takes any length
  }
  BOOST_TEST((a.encrypt_block(std::span(buf).first(15), out).code() == errc::bad_length));
  BOOST_TEST((a.decrypt_block(std::span(buf).first(32), out).code() == errc::bad_length));
  // Short output.
  BOOST_TEST(
      (a.encrypt_ecb(std::span(buf).first(64), std::span(out).first(48)).code() == errc::short_output));
  BOOST_TEST(
      (a.decrypt_cbc(iv, std::span(buf).first(64), std::span(out).first(0)).code() == errc::short_output));
  BOOST_TEST((a.ctr(iv, std::span(buf).first(17), std::span(out).first(16)).code() == errc::short_output));
  BOOST_TEST(
      (a.encrypt_block(std::span(buf).first(16), std::span(out).first(15)).code() == errc::short_output));
  // Longer output is fine and untouched past the input.
  std::fill(out.begin(), out.end(), std::byte{0xee});
  BOOST_TEST(a.encrypt_ecb(std::span(buf).first(32), out).has_value());
  BOOST_TEST((out[32] == std::byte{0xee}));
  // Partial overlap, both directions; in place is fine.
  for (std::size_t d : {1u, 8u, 16u, 48u}) {
    const auto in = std::span(buf).subspan(d, 64);
    const auto lo = std::span(buf).first(80);
    BOOST_TEST((a.encrypt_ecb(in, lo).code() == errc::overlap), "d " << d);
    BOOST_TEST((a.decrypt_cbc(iv, in, lo).code() == errc::overlap));
    BOOST_TEST((a.ctr(iv, std::span(buf).first(64), std::span(buf).subspan(d, 64)).code() == errc::overlap));
    BOOST_TEST(
        (a.encrypt_cbc(iv, std::span(buf).first(64), std::span(buf).subspan(d, 64)).code() == errc::overlap));
  }
  BOOST_TEST(a.encrypt_ecb(std::span(buf).first(64), std::span(buf).first(64)).has_value());
  // One-block ECB calls take their own path: the same checks.
  for (std::size_t d : {1u, 8u, 15u}) {
    BOOST_TEST(
        (a.encrypt_ecb(std::span(buf).subspan(d, 16), std::span(buf).first(16)).code() == errc::overlap));
    BOOST_TEST(
        (a.decrypt_ecb(std::span(buf).first(16), std::span(buf).subspan(d, 16)).code() == errc::overlap));
  }
  BOOST_TEST(
      (a.encrypt_ecb(std::span(buf).first(16), std::span(out).first(15)).code() == errc::short_output));
  BOOST_TEST((a.decrypt_ecb(std::span(buf).first(16), std::span(out).first(0)).code() == errc::short_output));
  BOOST_TEST(a.decrypt_ecb(std::span(buf).first(16), std::span(buf).first(16)).has_value());
  BOOST_TEST(a.encrypt_ecb(std::span(buf).subspan(16, 16), std::span(buf).first(16)).has_value());
  // Adjacent, not overlapping.
  BOOST_TEST(a.encrypt_ecb(std::span(buf).first(64), std::span(buf).subspan(64, 64)).has_value());
  // Empty input is fine everywhere.
  const std::span<const std::byte> none{};
  BOOST_TEST(a.encrypt_ecb(none, std::span<std::byte>{}).has_value());
  BOOST_TEST(a.encrypt_cbc(iv, none, std::span<std::byte>{}).has_value());
  BOOST_TEST(a.decrypt_cbc(iv, none, std::span<std::byte>{}).has_value());
  BOOST_TEST(a.decrypt_ecb(none, std::span<std::byte>{}).has_value());
  BOOST_TEST(a.ctr(iv, none, std::span<std::byte>{}).has_value());
  // Null pointer with a length cannot be built from a span legally; the unsigned char overloads:
  std::vector<unsigned char> u(32), uo(32), uiv(16);
  BOOST_TEST(a.encrypt_cbc(uiv, u, uo).has_value());
  BOOST_TEST((a.encrypt_cbc(std::span(uiv).first(8), u, uo).code() == errc::bad_iv_length));
}

// The hot-path argument checks (one fused compare per test, an overlap formula modulo 2^64)
// against the plain definitions, for every offset pair in a small buffer and lengths around
// one block.
BOOST_DATA_TEST_CASE(argument_checks_exhaustive, boost::unit_test::data::make(backends), b) {
  const aes a = make(bytes(16), b);
  bytes buf(160);
  const bytes iv(16);
  for (std::size_t n : {0u, 8u, 16u, 17u, 32u, 48u})
    for (std::size_t on : {0u, 15u, 16u, 17u, 64u})
      for (std::size_t i = 0; i + n <= 64; i += 3)
        for (std::size_t o = 0; o + on <= buf.size(); o += 5) {
          const auto in = std::span<const std::byte>(buf).subspan(i, n);
          const auto out = std::span(buf).subspan(o, on);
          const bool overlap = n != 0 && i != o && i < o + n && o < i + n;
          const errc want_block = n % 16 != 0 ? errc::bad_length
                                  : on < n    ? errc::short_output
                                  : overlap   ? errc::overlap
                                              : errc::ok;
          const errc want_any = on < n ? errc::short_output : overlap ? errc::overlap : errc::ok;
          BOOST_TEST((a.encrypt_ecb(in, out).code() == want_block),
                     "n " << n << " in " << i << " out " << o << "+" << on);
          BOOST_TEST((a.decrypt_ecb(in, out).code() == want_block));
          BOOST_TEST((a.decrypt_cbc(iv, in, out).code() == want_block));
          BOOST_TEST((a.ctr(iv, in, out).code() == want_any));
        }
}

BOOST_AUTO_TEST_CASE(unavailable_backends) {
  for (backend b : fastprim::all_backends) {
    auto r = aes::create(bytes(16), b);
    // AES's only Highway backend is hwy_ssse3 (x86 without AES-NI), and each architecture
    // lacks the other's instructions.
#if FASTPRIM_ARCH_X86_64
    const bool foreign = b == backend::armv8_ce;
#else
    const bool foreign = b == backend::x86_aesni || b == backend::x86_vaes || b == backend::x86_shani ||
                         b == backend::hwy_ssse3;
#endif
    const bool never = foreign || b == backend::x86_shani ||
                       (fastprim::to_string(b).starts_with("hwy_") && b != backend::hwy_ssse3);
    if (std::find(backends.begin(), backends.end(), b) != backends.end()) {
      BOOST_TEST(r.has_value(), b);
    } else if (never) {
      BOOST_TEST((r.code() == errc::unavailable_backend), b);
    }
  }
}

BOOST_AUTO_TEST_CASE(copies_keep_keys_and_backend) {
  const bytes key = from_hex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4");
  for (backend b : backends) {
    auto a = aes::create(key, b);
    aes c = *a;
    bytes z(16), o1(16), o2(16);
    BOOST_REQUIRE(a->encrypt_block(z, o1).has_value());
    BOOST_REQUIRE(c.encrypt_block(z, o2).has_value());
    BOOST_TEST(hex(o1) == hex(o2));
    BOOST_TEST(c.backend() == b);
    BOOST_TEST(hex(o1) == hex(openssl_aes("ecb", key, {}, z, true)));
  }
}

// PKCS#7 against OpenSSL's padded CBC, and the constant-time unpad on bad padding.
BOOST_DATA_TEST_CASE(pkcs7_padding, boost::unit_test::data::make(backends), b) {
  std::mt19937_64 rng(5);
  const bytes key = from_hex("2b7e151628aed2a6abf7158809cf4f3c"), iv(16);
  const aes a = make(key, b);
  for (std::size_t n = 0; n <= 48; ++n) {
    bytes msg(n);
    for (auto& x : msg) x = std::byte(rng());
    bytes padded(fastprim::pkcs7_padded_size(n));
    auto p = fastprim::pkcs7_pad(msg, padded);
    BOOST_REQUIRE(p.has_value());
    BOOST_TEST(*p == (n / 16 + 1) * 16);
    bytes ct(padded.size());
    BOOST_REQUIRE(a.encrypt_cbc(iv, padded, ct).has_value());
    BOOST_TEST(hex(ct) == hex(openssl_aes("cbc", key, iv, msg, true, true)), "n " << n);
    bytes back(ct.size());
    BOOST_REQUIRE(a.decrypt_cbc(iv, ct, back).has_value());
    auto u = fastprim::pkcs7_unpad(back);
    BOOST_REQUIRE(u.has_value());
    BOOST_TEST(*u == n);
  }
  // In-place padding.
  bytes inplace(32);
  inplace.resize(5);
  inplace.resize(32);
  BOOST_TEST(*fastprim::pkcs7_pad(std::span(inplace).first(5), inplace) == 16u);
  BOOST_TEST((inplace[15] == std::byte{11}));
  // Bad padding.
  auto block_with = [](std::initializer_list<int> tail) {
    bytes blk(16, std::byte{0x41});
    std::size_t i = 16 - tail.size();
    for (int v : tail) blk[i++] = std::byte(v);
    return blk;
  };
  for (const bytes& bad :
       {block_with({0}), block_with({17}), block_with({0xff}), block_with({1, 2}), block_with({2, 3, 3}),
        block_with({3, 4, 4, 4}), bytes(16, std::byte{0x10}) /* good: full block */}) {
    auto u = fastprim::pkcs7_unpad(bad);
    if (bad[15] == std::byte{0x10}) {
      BOOST_TEST(*u == 0u);
    } else {
      BOOST_TEST((u.code() == errc::bad_padding), hex(bad));
    }
  }
  BOOST_TEST((fastprim::pkcs7_unpad(bytes{}).code() == errc::bad_length));
  BOOST_TEST((fastprim::pkcs7_unpad(bytes(15, std::byte{1})).code() == errc::bad_length));
  bytes small(4);
  BOOST_TEST((fastprim::pkcs7_pad(bytes(16), small).code() == errc::short_output));
}

BOOST_AUTO_TEST_SUITE_END()
