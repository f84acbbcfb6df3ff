// test/ct/test_ct.cpp: constant-time proof under valgrind memcheck (see ct.hpp for the method).
// Secrets (keys; plaintexts, messages, padded blocks, PAC inputs) are marked undefined and run
// through the real library code, pinned to each backend through dispatch, exactly as a user
// calls it; memcheck must report no branch and no memory address that depends on them.
//
//   suite ct       every software backend this build and valgrind's CPU can run (valgrind 3.19
//                  hides AVX-512 and SHA-NI; it executes SSSE3, AVX2, AES-NI and PCLMULQDQ), plus
//                  the hardware-instruction backends it can execute, as a check of our glue
//                  code around instructions that are constant-time by construction.
//   suite control  textbook leaky code (control.cpp) that memcheck must flag.
//
// Expected values come from outside the code under test: OpenSSL libcrypto (AES, AES-GCM, SHA, HMAC),
// the QARMA paper's vectors (Avanzi 2017, via pac-spec section 6), and QEMU 7.2 records of
// PACIA/AUTIA (test/data/pac-qemu72-arch.txt, pac-spec section 8.2 for PAuth2).
#define BOOST_TEST_MODULE ct
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <array>
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ct/control.hpp"
#include "ct/ct.hpp"
#include "fastprim/fastprim.hpp"
#include "support/backends.hpp"
#include "support/openssl_ref.hpp"
#include "support/pac_ref.hpp"
#include "support/random.hpp"

namespace bdata = boost::unit_test::data;
namespace pac = fastprim::pac;
using fastprim::backend;
using fastprim::primitive;
using bytes = std::vector<std::byte>;

namespace {

// Backends built on crypto instructions: constant-time by construction (the instructions have
// fixed latency and no tables; our code around them does not branch or index on data). They
// run here too where valgrind executes their instructions.
constexpr bool hardware(backend b) {
  return b == backend::x86_aesni || b == backend::x86_vaes || b == backend::x86_shani ||
         b == backend::armv8_ce;
}

std::string label(const char* what, backend b) {
  return std::string(what) + "/" + std::string(fastprim::to_string(b)) + (hardware(b) ? " (hw)" : "");
}

bool same(std::span<const std::byte> a, std::span<const std::byte> b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

// An output computed from secrets: it must carry them (else the check saw nothing), then it is
// declassified and compared with the expected value.
void expect_output(std::span<std::byte> out, std::span<const std::byte> want, const std::string& what) {
  BOOST_TEST(ct::tainted(out), what << ": output does not depend on the marked secret");
  ct::declassify(out);
  BOOST_TEST(same(out, want), what << ": wrong value");
}
template <std::size_t N>
void expect_output(std::array<std::byte, N>& out, std::span<const std::byte> want, const std::string& what) {
  expect_output(std::span<std::byte>(out), want, what);
}

bytes secret_copy(const bytes& v) {
  bytes s = v;
  ct::secret(s.data(), s.size());
  return s;
}

const unsigned char* uc(std::span<const std::byte> s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

// ---- OpenSSL oracles (support/openssl_ref.hpp)
// --------------------------------------------------------------------------------
using fastprim_test::openssl_aes;
using fastprim_test::openssl_digest;
using fastprim_test::openssl_hmac;

template <primitive P>
std::vector<backend> backends_of() {
  return fastprim::detail::usable_backends<P>();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(ct)

// What the cases below run on, per primitive, and why any compiled backend is absent. Only
// backends that need what valgrind 3.19's CPU hides (AVX-512; the SHA extensions) may be
// missing: a software backend left out for any other reason would leave a hole in the proof.
BOOST_AUTO_TEST_CASE(coverage) {
  ct::require_memcheck();
  const auto hidden_by_valgrind = [](backend b) {
    return b == backend::x86_vaes || b == backend::x86_shani || b == backend::hwy_avx3 ||
           b == backend::hwy_avx3_dl;
  };
  const auto one = [&](auto c) {
    std::string run, absent;
    for (const auto& row : c.rows) {
      const std::string tok(fastprim::to_string(row.b));
      if (row.why == fastprim::detail::reason::chosen || row.why == fastprim::detail::reason::worse) {
        run += " " + tok;
      } else if (row.why != fastprim::detail::reason::not_compiled) {
        absent += " " + tok + " (" + std::string(fastprim::detail::to_string(row.why)) + ")";
        BOOST_TEST((row.why == fastprim::detail::reason::cpu_lacks && hidden_by_valgrind(row.b)),
                   fastprim::to_string(c.p)
                       << ": backend " << tok << " is not checked: " << fastprim::detail::to_string(row.why));
      }
    }
    std::printf("ct coverage %-13s runs:%s%s%s\n", std::string(fastprim::to_string(c.p)).c_str(), run.c_str(),
                absent.empty() ? "" : "; not run here:", absent.c_str());
  };
  one(fastprim::detail::explain<primitive::aes>());
  one(fastprim::detail::explain<primitive::sha1>());
  one(fastprim::detail::explain<primitive::sha256>());
  one(fastprim::detail::explain<primitive::sha1_batch>());
  one(fastprim::detail::explain<primitive::sha256_batch>());
  one(fastprim::detail::explain<primitive::pac>());
  one(fastprim::detail::explain<primitive::aes_gcm>());
  one(fastprim::detail::explain<primitive::aes_xts>());
  one(fastprim::detail::explain<primitive::authenc>());
}

// ---- AES ------------------------------------------------------------------------------------------
// Every AES backend dispatch offers here (new software backends join by being in the table).
// Each key size: key expansion, one block each way, ECB/CBC over 13 blocks (the 8-, 4- and
// 1-block passes of the bitsliced code), CTR over 13 blocks + 5 bytes (the tail keystream block),
// streaming CTR in uneven pieces. Secret: key and plaintext; IV and ciphertext are public.
BOOST_DATA_TEST_CASE(aes_every_mode_and_key_size, bdata::make(backends_of<primitive::aes>()), b) {
  ct::require_memcheck();
  for (const std::size_t ks : {16u, 24u, 32u}) {
    const bytes key = fastprim_test::random_bytes(ks, 100 + ks);
    const bytes iv = fastprim_test::random_bytes(16, 200 + ks);
    const bytes pt = fastprim_test::random_bytes(13 * 16, 300 + ks);
    const bytes ctr_pt = fastprim_test::random_bytes(13 * 16 + 5, 400 + ks);
    const bytes want_ecb = openssl_aes("ecb", key, {}, pt, true);
    const bytes want_cbc = openssl_aes("cbc", key, iv, pt, true);
    const bytes want_ctr = openssl_aes("ctr", key, iv, ctr_pt, true);
    const std::string what = label("aes", b) + " AES-" + std::to_string(ks * 8);
    const bytes skey = secret_copy(key), spt = secret_copy(pt), sctr = secret_copy(ctr_pt);

    ct::ledger led(what);
    std::optional<fastprim::result<fastprim::aes>> made;
    led.check("expand_key",
              [&] { made.emplace(fastprim::aes::create(std::span<const std::byte>(skey), b)); });
    BOOST_TEST_REQUIRE(made->has_value(), what << ": " << made->message());
    const fastprim::aes& c = **made;
    BOOST_TEST(c.backend() == b);
    BOOST_TEST(ct::tainted(fastprim::detail::aes_access::round_keys(c).bytes, 16),
               what << ": round keys do not carry the key");

    bytes out(ctr_pt.size());
    const std::span<std::byte> o(out);
    bool ok = true;
    led.check("encrypt_block",
              [&] { ok &= c.encrypt_block(std::span(spt).first(16), o.first(16)).has_value(); });
    expect_output(o.first(16), std::span(want_ecb).first(16), what + " encrypt_block");
    led.check("decrypt_block",
              [&] { ok &= c.decrypt_block(std::span(want_ecb).first(16), o.first(16)).has_value(); });
    expect_output(o.first(16), std::span(pt).first(16), what + " decrypt_block");

    led.check("ecb_enc", [&] { ok &= c.encrypt_ecb(spt, o.first(pt.size())).has_value(); });
    expect_output(o.first(pt.size()), want_ecb, what + " ecb encrypt");
    led.check("ecb_dec", [&] { ok &= c.decrypt_ecb(want_ecb, o.first(pt.size())).has_value(); });
    expect_output(o.first(pt.size()), pt, what + " ecb decrypt");

    led.check("cbc_enc", [&] { ok &= c.encrypt_cbc(iv, spt, o.first(pt.size())).has_value(); });
    expect_output(o.first(pt.size()), want_cbc, what + " cbc encrypt");
    led.check("cbc_dec", [&] { ok &= c.decrypt_cbc(iv, want_cbc, o.first(pt.size())).has_value(); });
    expect_output(o.first(pt.size()), pt, what + " cbc decrypt");

    led.check("ctr_enc", [&] { ok &= c.ctr(iv, sctr, o).has_value(); });
    expect_output(o, want_ctr, what + " ctr encrypt");
    led.check("ctr_dec", [&] { ok &= c.ctr(iv, want_ctr, o).has_value(); });
    expect_output(o, ctr_pt, what + " ctr decrypt");

    std::optional<fastprim::result<fastprim::aes_ctr>> stream;
    led.check("ctr_stream", [&] {
      stream.emplace(fastprim::aes_ctr::create(c, std::span<const std::byte>(iv)));
      if (!stream->has_value()) return;  // public: the IV length
      std::size_t at = 0;
      for (const std::size_t piece : {1u, 15u, 17u, 3u, 64u, 29u, 100u}) {
        const std::size_t n = std::min(piece, sctr.size() - at);
        ok &= (**stream).update(std::span(sctr).subspan(at, n), o.subspan(at, n)).has_value();
        at += n;
      }
    });
    BOOST_TEST_REQUIRE(stream->has_value());
    expect_output(o, want_ctr, what + " streaming ctr");
    BOOST_TEST(ok, what << ": a call returned an error");
  }
}

// ---- AES-GCM ----------------------------------------------------------------------------------------
// Every AES-GCM backend dispatch offers here. Each key size: the key set-up (round keys, H = E_K(0)
// and what the backend derives from it), seal of 13 blocks + 5 bytes with a 12-byte IV and with a
// 16-byte IV (J0 by GHASH under the secret H), GMAC (AAD only), open of the right message and of
// one with a wrong tag, the encryptor and decryptor in uneven pieces. Secret: key and plaintext;
// IV, AAD, ciphertext and tag are public, and so is open's verdict (its result), which the library
// declassifies before it branches on it (FASTPRIM_CT_DECLASSIFY).
BOOST_DATA_TEST_CASE(aes_gcm_seal_open_streams, bdata::make(backends_of<primitive::aes_gcm>()), b) {
  ct::require_memcheck();
  using fastprim_test::openssl_gcm_seal;
  for (const std::size_t ks : {16u, 24u, 32u}) {
    const bytes key = fastprim_test::random_bytes(ks, 1100 + ks);
    const bytes iv12 = fastprim_test::random_bytes(12, 1200 + ks),
                iv16 = fastprim_test::random_bytes(16, 1300 + ks);
    const bytes aad = fastprim_test::random_bytes(20, 1400 + ks);
    const bytes pt = fastprim_test::random_bytes(13 * 16 + 5, 1500 + ks);
    const auto want12 = openssl_gcm_seal(key, iv12, aad, pt), want16 = openssl_gcm_seal(key, iv16, aad, pt);
    const auto gmac = openssl_gcm_seal(key, iv12, aad, {});
    bytes wrong_tag = want12.tag;
    wrong_tag[15] ^= std::byte{1};
    const std::string what = label("aes_gcm", b) + " AES-" + std::to_string(ks * 8);
    const bytes skey = secret_copy(key), spt = secret_copy(pt);

    ct::ledger led(what);
    std::optional<fastprim::result<fastprim::aes_gcm>> made;
    led.check("create",
              [&] { made.emplace(fastprim::aes_gcm::create(std::span<const std::byte>(skey), b)); });
    BOOST_TEST_REQUIRE(made->has_value(), what << ": " << made->message());
    const fastprim::aes_gcm& g = **made;
    BOOST_TEST(g.backend() == b);

    bytes out(pt.size());
    const std::span<std::byte> o(out);
    std::array<std::byte, 16> tag{};
    bool ok = true;
    led.check("seal_iv12", [&] { ok &= g.seal(iv12, aad, spt, o, tag).has_value(); });
    expect_output(o, want12.ct, what + " seal, 12-byte IV");
    expect_output(tag, want12.tag, what + " seal tag, 12-byte IV");
    led.check("seal_iv16", [&] { ok &= g.seal(iv16, aad, spt, o, tag).has_value(); });
    expect_output(o, want16.ct, what + " seal, 16-byte IV");
    expect_output(tag, want16.tag, what + " seal tag, 16-byte IV");
    led.check("gmac", [&] { ok &= g.seal(iv12, aad, {}, {}, tag).has_value(); });
    expect_output(tag, gmac.tag, what + " GMAC");

    std::optional<fastprim::result<void>> opened, refused;
    led.check("open", [&] { opened.emplace(g.open(iv12, aad, want12.ct, want12.tag, o)); });
    expect_output(o, pt, what + " open");
    BOOST_TEST(opened->has_value(), what << " open: " << opened->message());
    led.check("open_bad_tag", [&] { refused.emplace(g.open(iv12, aad, want12.ct, wrong_tag, o)); });
    BOOST_TEST((refused->code() == fastprim::errc::auth_failed), what << ": a wrong tag was accepted");
    ct::declassify(o);
    BOOST_TEST(std::all_of(out.begin(), out.end(), [](std::byte x) { return x == std::byte{0}; }));

    // The streams, in uneven pieces, with each IV length.
    for (const bool long_iv : {false, true}) {
      const bytes& iv = long_iv ? iv16 : iv12;
      const auto& want = long_iv ? want16 : want12;
      const std::string sfx = long_iv ? "_iv16" : "_iv12";
      std::optional<fastprim::result<fastprim::aes_gcm_encryptor>> enc;
      led.check("encryptor" + sfx, [&] {
        enc.emplace(g.encryptor(std::span<const std::byte>(iv)));
        if (!enc->has_value()) return;  // public: the IV length
        auto& e = **enc;
        ok &= e.aad(std::span(aad).first(7)).has_value() && e.aad(std::span(aad).subspan(7)).has_value();
        std::size_t at = 0;
        for (const std::size_t piece : {1u, 15u, 17u, 3u, 64u, 29u, 100u}) {
          const std::size_t n = std::min(piece, spt.size() - at);
          ok &= e.update(std::span(spt).subspan(at, n), o.subspan(at, n)).has_value();
          at += n;
        }
        ok &= e.finish(tag).has_value();
      });
      BOOST_TEST_REQUIRE(enc->has_value());
      expect_output(o, want.ct, what + " encryptor" + sfx);
      expect_output(tag, want.tag, what + " encryptor tag" + sfx);

      std::optional<fastprim::result<fastprim::aes_gcm_decryptor>> dec;
      std::optional<fastprim::result<void>> verdict;
      led.check("decryptor" + sfx, [&] {
        dec.emplace(g.decryptor(std::span<const std::byte>(iv)));
        if (!dec->has_value()) return;
        auto& d = **dec;
        ok &= d.aad(aad).has_value();
        std::size_t at = 0;
        for (const std::size_t piece : {100u, 5u, 16u, 1u, 200u}) {
          const std::size_t n = std::min(piece, want.ct.size() - at);
          ok &= d.update(std::span(want.ct).subspan(at, n), o.subspan(at, n)).has_value();
          at += n;
        }
        verdict.emplace(d.finish(want.tag));
      });
      BOOST_TEST_REQUIRE(dec->has_value());
      expect_output(o, pt, what + " decryptor" + sfx);
      BOOST_TEST(verdict->has_value(), what << " decryptor finish" << sfx << ": " << verdict->message());
    }
    BOOST_TEST(ok, what << ": a call returned an error");
  }
}

// ---- AES-XTS ----------------------------------------------------------------------------------------
// Every AES-XTS backend dispatch offers here. Each key size: the key set-up (both schedules, and
// the equal-halves check, whose verdict the library declassifies), a data unit of 13 blocks + 5
// bytes each way (the bulk kernel, the tweak multiplied by alpha, ciphertext stealing), and three
// sectors of 40 bytes each way (the tweaks encrypted in one batch). Secret: key and plaintext; the
// tweak, the sector numbers and the ciphertext are public.

BOOST_DATA_TEST_CASE(aes_xts_units_and_sectors, bdata::make(backends_of<primitive::aes_xts>()), b) {
  ct::require_memcheck();
  for (const std::size_t ks : {32u, 64u}) {
    const bytes key = fastprim_test::random_bytes(ks, 2100 + ks);
    const bytes tweak = fastprim_test::random_bytes(16, 2200 + ks);
    const bytes pt = fastprim_test::random_bytes(13 * 16 + 5, 2300 + ks);
    const bytes want = fastprim_test::openssl_xts(key, tweak, pt, true);
    constexpr std::uint64_t first = 0xfffffffffffffffe;  // the plain64 numbers wrap after one sector
    bytes want_sectors;
    for (std::uint64_t i = 0; i < 3; ++i) {
      bytes t(16);
      for (int j = 0; j < 8; ++j) t[j] = std::byte((first + i) >> (8 * j));
      const bytes c = fastprim_test::openssl_xts(key, t, std::span(pt).subspan(40 * i, 40), true);
      want_sectors.insert(want_sectors.end(), c.begin(), c.end());
    }
    const std::string what = label("aes_xts", b) + " AES-" + std::to_string(ks * 4) + "-XTS";
    const bytes skey = secret_copy(key), spt = secret_copy(pt);

    ct::ledger led(what);
    std::optional<fastprim::result<fastprim::aes_xts>> made;
    led.check("create",
              [&] { made.emplace(fastprim::aes_xts::create(std::span<const std::byte>(skey), b)); });
    BOOST_TEST_REQUIRE(made->has_value(), what << ": " << made->message());
    const fastprim::aes_xts& x = **made;
    BOOST_TEST(x.backend() == b);

    bytes out(pt.size());
    const std::span<std::byte> o(out);
    bool ok = true;
    led.check("encrypt", [&] { ok &= x.encrypt(tweak, spt, o).has_value(); });
    expect_output(o, want, what + " encrypt");
    const bytes sct = secret_copy(want);
    led.check("decrypt", [&] { ok &= x.decrypt(tweak, sct, o).has_value(); });
    expect_output(o, pt, what + " decrypt");
    const std::span<std::byte> o3 = o.first(120);
    led.check("encrypt_sectors",
              [&] { ok &= x.encrypt_sectors(first, 40, std::span(spt).first(120), o3).has_value(); });
    expect_output(o3, want_sectors, what + " encrypt_sectors");
    const bytes ssec = secret_copy(want_sectors);
    led.check("decrypt_sectors", [&] { ok &= x.decrypt_sectors(first, 40, ssec, o3).has_value(); });
    expect_output(o3, std::span(pt).first(120), what + " decrypt_sectors");
    BOOST_TEST(ok, what << ": a call returned an error");
  }
}

// ---- authenc ----------------------------------------------------------------------------------------
// Each AES backend here, every mode, both hashes: create (the key schedules, the XTS halves check and
// the HMAC key blocks), seal, open with the right tag and with a wrong one (the tag comparison; only
// its verdict is declassified). Secret: both keys and the plaintext; IV, AAD, ciphertext and tag
// are public. Valgrind hides SHA-NI, so the hash runs on the portable or Highway backend and no key
// takes the one-pass kernel here: ct-vector-kernels-disasm covers that kernel's machine code.
BOOST_DATA_TEST_CASE(authenc_seal_open, bdata::make(backends_of<primitive::authenc>()), b) {
  ct::require_memcheck();
  const auto run = [&]<class H>(H*, fastprim::cipher_mode m, std::size_t ks) {
    const bytes key = fastprim_test::random_bytes(ks, 2400 + ks), mk = fastprim_test::random_bytes(40, 2500);
    const bytes iv = fastprim_test::random_bytes(16, 2600), aad = fastprim_test::random_bytes(21, 2700);
    const bytes pt = fastprim_test::random_bytes(m == fastprim::cipher_mode::cbc ? 96 : 91, 2800);
    const std::string what = label("authenc", b) + " " + std::string(fastprim::to_string(m)) + " key " +
                             std::to_string(ks) + (std::is_same_v<H, fastprim::sha1> ? " sha1" : " sha256");
    const bytes skey = secret_copy(key), smk = secret_copy(mk), spt = secret_copy(pt);
    ct::ledger led(what);
    std::optional<fastprim::result<fastprim::authenc<H>>> made;
    led.check("create", [&] {
      made.emplace(fastprim::authenc<H>::create(m, std::span<const std::byte>(skey),
                                                std::span<const std::byte>(smk), b));
    });
    BOOST_TEST_REQUIRE(made->has_value(), what << ": " << made->message());
    const auto& ae = **made;
    bytes ct(pt.size()), tag(16), back(pt.size());
    bool ok = true;
    led.check("seal", [&] { ok &= ae.seal(iv, aad, spt, ct, tag).has_value(); });
    BOOST_TEST(ok, what << ": seal failed");
    const bytes want_ct =
        m == fastprim::cipher_mode::xts
            ? fastprim_test::openssl_xts(key, iv, pt, true)
            : fastprim_test::openssl_aes(m == fastprim::cipher_mode::cbc ? "cbc" : "ctr", key, iv, pt, true);
    bytes mac_in = aad;
    mac_in.insert(mac_in.end(), want_ct.begin(), want_ct.end());
    const bytes want_tag = fastprim_test::openssl_hmac(
        std::is_same_v<H, fastprim::sha1> ? EVP_sha1() : EVP_sha256(), mk, mac_in);
    expect_output(ct, want_ct, what + " seal");
    expect_output(tag, std::span(want_tag).first(16), what + " seal tag");
    bool opened = false;
    led.check("open", [&] { opened = ae.open(iv, aad, ct, tag, back).has_value(); });
    expect_output(back, pt, what + " open");
    BOOST_TEST(opened, what << ": open of seal's output failed");
    tag[3] ^= std::byte{1};
    bool rejected = false;
    led.check("open, wrong tag", [&] { rejected = !ae.open(iv, aad, ct, tag, back).has_value(); });
    BOOST_TEST(rejected, what << ": a wrong tag verified");
  };
  for (const auto m : {fastprim::cipher_mode::cbc, fastprim::cipher_mode::ctr}) {
    run(static_cast<fastprim::sha256*>(nullptr), m, 16);
    run(static_cast<fastprim::sha1*>(nullptr), m, 32);
  }
  run(static_cast<fastprim::sha256*>(nullptr), fastprim::cipher_mode::xts, 64);
  run(static_cast<fastprim::sha1*>(nullptr), fastprim::cipher_mode::xts, 32);
}

// ---- PKCS#7 unpadding --------------------------------------------------------------------------
// The last block of a CBC decryption is secret, and so is its padding: every pad byte value
// 0..17 (0 and 17 invalid), and every valid length with one pad byte corrupted. Only the verdict
// (and, when valid, the length) is public: the result is declassified before the test reads it.
BOOST_AUTO_TEST_CASE(pkcs7_unpad_secret_padding) {
  ct::require_memcheck();
  ct::ledger led("pkcs7");
  const bytes body = fastprim_test::random_bytes(32, 500);
  struct trial {
    bytes data;
    int want;  // message length, or -1 for bad padding
  };
  std::vector<trial> trials;
  for (int pad = 0; pad <= 17; ++pad) {
    bytes d = body;
    for (int i = 0; i < std::min(pad, 16); ++i) d[31 - std::size_t(i)] = std::byte(pad);
    d[31] = std::byte(pad);
    trials.push_back({d, pad >= 1 && pad <= 16 ? 32 - pad : -1});
  }
  for (int pad = 2; pad <= 16; ++pad)
    for (int bad = 1; bad < pad; ++bad) {  // byte `bad` of the padding (0 = the length byte) differs
      bytes d = body;
      for (int i = 0; i < pad; ++i) d[31 - std::size_t(i)] = std::byte(pad);
      d[31 - std::size_t(bad)] ^= std::byte(0x40);
      trials.push_back({d, -1});
    }
  std::vector<bytes> secret;
  for (const trial& t : trials) secret.push_back(secret_copy(t.data));
  std::vector<std::optional<fastprim::result<std::size_t>>> got(trials.size());
  led.check("unpad", [&] {
    for (std::size_t i = 0; i < trials.size(); ++i) got[i].emplace(fastprim::pkcs7_unpad(secret[i]));
  });
  int valid = 0, invalid = 0;
  for (std::size_t i = 0; i < trials.size(); ++i) {
    ct::declassify(*got[i]);
    const fastprim::result<std::size_t>& r = *got[i];
    if (trials[i].want < 0) {
      ++invalid;
      BOOST_TEST(r.code() == fastprim::errc::bad_padding, "trial " << i);
    } else {
      ++valid;
      BOOST_TEST_REQUIRE(r.has_value(), "trial " << i << ": " << r.message());
      BOOST_TEST(*r == std::size_t(trials[i].want), "trial " << i);
    }
  }
  BOOST_TEST(valid == 16);
  BOOST_TEST(invalid == 2 + 15 * 16 / 2);

  // Padding a secret message: its bytes are copied, only its (public) length decides.
  const bytes msg = secret_copy(fastprim_test::random_bytes(37, 501));
  bytes out(48);
  std::optional<fastprim::result<std::size_t>> padded;
  led.check("pad", [&] { padded.emplace(fastprim::pkcs7_pad(msg, out)); });
  BOOST_TEST(ct::tainted(out.data(), 37));
  BOOST_TEST_REQUIRE(padded->has_value());
  BOOST_TEST(**padded == 48u);
}

// ---- SHA-1, SHA-256, HMAC -------------------------------------------------------------------------
namespace {

const std::size_t hash_lengths[] = {1, 3, 55, 56, 63, 64, 65, 119, 120, 128, 300};

// One-shot, streaming in uneven pieces, and a fork by copy, on secret messages of lengths around
// the padding boundaries (55/56: one or two final blocks).
template <class H, primitive P>
void hash_case(backend b, const char* name, const EVP_MD* md) {
  ct::require_memcheck();
  fastprim_test::pinned<P> pin{b};
  const std::string what = label(name, b);
  ct::ledger led(what);
  for (const std::size_t len : hash_lengths) {
    const bytes msg = fastprim_test::random_bytes(len, 600 + len);
    const bytes want = openssl_digest(md, msg);
    const bytes s = secret_copy(msg);
    typename H::digest_type one{}, streamed{}, forked{};
    const std::string at = " len " + std::to_string(len);
    led.check("hash" + std::to_string(len), [&] { one = H::hash(std::span<const std::byte>(s)); });
    expect_output(one, want, what + " one-shot" + at);
    led.check("stream" + std::to_string(len), [&] {
      H h;
      std::size_t i = 0;
      for (const std::size_t piece : {1u, 7u, 64u, 13u, 100u}) {
        const std::size_t n = std::min(piece, s.size() - i);
        h.update(std::span<const std::byte>(s).subspan(i, n));
        i += n;
      }
      H copy = h;  // fork, then finish both
      copy.update(std::span<const std::byte>(s).subspan(i));
      h.update(std::span<const std::byte>(s).subspan(i));
      streamed = h.digest();
      forked = copy.digest();
    });
    expect_output(streamed, want, what + " streaming" + at);
    expect_output(forked, want, what + " forked" + at);
  }
}

// HMAC: secret key (shorter than a block, exactly a block, longer: hashed first) and secret
// message; compute, streaming, the one-shot function, and verify (constant-time tag comparison)
// against the right tag and a tag wrong in its last byte. The verdict is declassified.
template <class H, primitive P>
void hmac_case(backend b, const char* name, const EVP_MD* md) {
  ct::require_memcheck();
  fastprim_test::pinned<P> pin{b};
  const std::string what = label(name, b);
  ct::ledger led(what);
  for (const std::size_t klen : {16u, 64u, 100u}) {
    const bytes key = fastprim_test::random_bytes(klen, 700 + klen);
    const bytes skey = secret_copy(key);
    for (const std::size_t mlen : {0u, 1u, 64u, 200u}) {
      const bytes msg = fastprim_test::random_bytes(mlen, 800 + mlen);
      const bytes want = openssl_hmac(md, key, msg);
      bytes wrong = want;
      wrong.back() ^= std::byte{1};
      const bytes smsg = secret_copy(msg);
      const std::string at = " key " + std::to_string(klen) + " msg " + std::to_string(mlen);
      const std::string tag = "k" + std::to_string(klen) + "m" + std::to_string(mlen);
      typename fastprim::hmac<H>::tag_type computed{}, streamed{}, oneshot{};
      bool good = false, bad = true, good_stream = false;
      led.check(tag, [&] {
        fastprim::hmac<H> mac{std::span<const std::byte>(skey)};
        computed = mac.compute(std::span<const std::byte>(smsg));
        mac.update(std::span<const std::byte>(smsg).first(mlen / 2));
        mac.update(std::span<const std::byte>(smsg).subspan(mlen / 2));
        streamed = mac.digest();
        good_stream = mac.verify(std::span<const std::byte>(want));
        good = mac.verify(std::span<const std::byte>(smsg), std::span<const std::byte>(want));
        bad = mac.verify(std::span<const std::byte>(smsg), std::span<const std::byte>(wrong));
        if constexpr (std::is_same_v<H, fastprim::sha256>)
          oneshot = fastprim::hmac_sha256(std::span<const std::byte>(skey), std::span<const std::byte>(smsg));
        else
          oneshot = fastprim::hmac_sha1(std::span<const std::byte>(skey), std::span<const std::byte>(smsg));
      });
      expect_output(computed, want, what + " compute" + at);
      expect_output(streamed, want, what + " streaming" + at);
      expect_output(oneshot, want, what + " one-shot" + at);
      BOOST_TEST(ct::tainted(good), what << at << ": the verdict does not depend on the key");
      ct::declassify(good);
      ct::declassify(bad);
      ct::declassify(good_stream);
      BOOST_TEST(good, what << at << ": verify rejected the right tag");
      BOOST_TEST(good_stream, what << at << ": streaming verify rejected the right tag");
      BOOST_TEST(!bad, what << at << ": verify accepted a wrong tag");
    }
  }
}

// Batches of independent secret messages of mixed lengths (more than any backend has lanes).
template <std::size_t N, primitive P, class Batch>
void batch_case(backend b, const char* name, const EVP_MD* md, Batch batch) {
  ct::require_memcheck();
  fastprim_test::pinned<P> pin{b};
  const std::string what = label(name, b);
  ct::ledger led(what);
  const std::size_t lengths[] = {0,  1,   55, 56, 64, 100, 128, 200, 300, 1000,
                                 63, 119, 5,  64, 65, 700, 17,  0,   240};
  std::vector<bytes> msgs, secrets;
  std::vector<std::span<const std::byte>> views;
  for (const std::size_t len : lengths) {
    msgs.push_back(fastprim_test::random_bytes(len, 900 + len));
    secrets.push_back(secret_copy(msgs.back()));
  }
  for (const bytes& s : secrets) views.emplace_back(s);
  std::vector<std::array<std::byte, N>> out(views.size());
  bool ok = false;
  led.check("batch", [&] { ok = batch(views, out).has_value(); });
  BOOST_TEST(ok);
  for (std::size_t i = 0; i < views.size(); ++i) {
    const bytes want = openssl_digest(md, msgs[i]);
    if (msgs[i].empty()) {
      BOOST_TEST(same(out[i], want), what << " message " << i);  // no secret in an empty message
    } else {
      expect_output(out[i], want, what + " message " + std::to_string(i));
    }
  }
}

}  // namespace

BOOST_DATA_TEST_CASE(sha1_hash, bdata::make(backends_of<primitive::sha1>()), b) {
  hash_case<fastprim::sha1, primitive::sha1>(b, "sha1", EVP_sha1());
}
BOOST_DATA_TEST_CASE(sha256_hash, bdata::make(backends_of<primitive::sha256>()), b) {
  hash_case<fastprim::sha256, primitive::sha256>(b, "sha256", EVP_sha256());
}
BOOST_DATA_TEST_CASE(hmac_sha1, bdata::make(backends_of<primitive::sha1>()), b) {
  hmac_case<fastprim::sha1, primitive::sha1>(b, "hmac-sha1", EVP_sha1());
}
BOOST_DATA_TEST_CASE(hmac_sha256, bdata::make(backends_of<primitive::sha256>()), b) {
  hmac_case<fastprim::sha256, primitive::sha256>(b, "hmac-sha256", EVP_sha256());
}
BOOST_DATA_TEST_CASE(sha1_batch, bdata::make(backends_of<primitive::sha1_batch>()), b) {
  batch_case<20, primitive::sha1_batch>(
      b, "sha1_batch", EVP_sha1(),
      [](std::span<const std::span<const std::byte>> m, std::span<std::array<std::byte, 20>> o) {
        return fastprim::sha1_batch(m, o);
      });
}
BOOST_DATA_TEST_CASE(sha256_batch, bdata::make(backends_of<primitive::sha256_batch>()), b) {
  batch_case<32, primitive::sha256_batch>(
      b, "sha256_batch", EVP_sha256(),
      [](std::span<const std::span<const std::byte>> m, std::span<std::array<std::byte, 32>> o) {
        return fastprim::sha256_batch(m, o);
      });
}

// ---- PAC ----------------------------------------------------------------------------------------
namespace pac_vectors {  // named: the data-driven cases' lambdas capture these types

// The QARMA paper's inputs and results (pac-spec section 6), from support/pac_ref.hpp.
using fastprim_test::pac_ref::paper_key;
using fastprim_test::pac_ref::paper_p;
using fastprim_test::pac_ref::paper_t;
using fastprim_test::pac_ref::paper_vector;
using fastprim_test::pac_ref::paper_vectors;
// ComputePAC of the paper inputs: QARMA5 (the paper's r = 5, sigma2), QARMA3 and impdef (pac-spec 6).
struct alg_vector {
  pac::algorithm alg;
  const char* name;
  std::uint64_t c;
};
constexpr alg_vector alg_vectors[] = {{pac::algorithm::qarma5, "qarma5", 0xc003b93999b33765},
                                      {pac::algorithm::qarma3, "qarma3", 0xc8b7fdc1d507b9ef},
                                      {pac::algorithm::impdef, "impdef", 0x3f52a54232b357ae}};

}  // namespace pac_vectors
using namespace pac_vectors;

// Every PAC backend dispatch offers here: the key schedule of a keyed object (secret key), one
// PAC and batches of 13 (the vector backends' lane path) and 300 (AVX2's bitsliced block of 256
// plus a lane tail; a padded block on AVX-512) with secret key, data and modifier, and
// the general QARMA-64 (schedule built per call) for the paper's nine instances.
BOOST_DATA_TEST_CASE(pac_compute_every_algorithm, bdata::make(backends_of<primitive::pac>()), b) {
  ct::require_memcheck();
  fastprim_test::pinned<primitive::pac> pin{b};
  const std::string what = label("pac", b);
  ct::ledger led(what);
  for (const alg_vector& v : alg_vectors) {
    pac::key k = paper_key;
    std::uint64_t data = paper_p, modifier = paper_t;
    ct::secret(k);
    ct::secret(data);
    ct::secret(modifier);
    std::optional<pac::keyed_pac> kp;
    led.check(std::string(v.name) + "_key", [&] { kp.emplace(v.alg, k); });
    BOOST_TEST(kp->backend() == b);
    std::uint64_t one = 0;
    led.check(std::string(v.name), [&] { one = kp->compute(data, modifier); });
    BOOST_TEST(ct::tainted(one), what << " " << v.name);
    ct::declassify(one);
    BOOST_TEST(one == v.c, what << " " << v.name);

    for (const std::size_t n : {std::size_t{13}, std::size_t{300}}) {
      std::vector<std::uint64_t> d(n, paper_p), m(n, paper_t), o(n, 0);
      ct::secret(d.data(), d.size() * 8);
      ct::secret(m.data(), m.size() * 8);
      bool ok = false;
      const std::string name = std::string(v.name) + "_batch" + std::to_string(n);
      led.check(name, [&] { ok = kp->compute(d, m, o).has_value(); });
      BOOST_TEST(ok);
      BOOST_TEST(ct::tainted(o.data(), o.size() * 8), what << " " << name);
      ct::declassify(o.data(), o.size() * 8);
      for (const std::uint64_t x : o) BOOST_TEST(x == v.c, what << " " << name);
    }
  }
  std::vector<std::optional<fastprim::result<std::uint64_t>>> q(std::size(paper_vectors));
  pac::key k = paper_key;
  std::uint64_t p = paper_p, t = paper_t;
  ct::secret(k);
  ct::secret(p);
  ct::secret(t);
  led.check("qarma64", [&] {
    for (std::size_t i = 0; i < q.size(); ++i)
      q[i].emplace(pac::qarma64(p, t, k, paper_vectors[i].rounds, paper_vectors[i].s));
  });
  for (std::size_t i = 0; i < q.size(); ++i) {
    BOOST_TEST_REQUIRE(q[i]->has_value());  // public: the rounds and S-box were valid
    std::uint64_t& c = **q[i];
    BOOST_TEST(ct::tainted(c), what << " qarma64 vector " << i);
    ct::declassify(c);
    BOOST_TEST(c == paper_vectors[i].c, what << " qarma64 vector " << i);
  }
}

// The one-shot ComputePAC on every PAC backend (pinned), through its per-thread key cache
// (pac/key_cache.hpp) from empty: a fresh secret key (compared with the cache's slots, then the
// pinned backend's key-passed kernel, single_key), the same key again (admitted: its full
// schedule built into the cache, then the pinned backend), and again (a cache hit); a second
// secret key alternating with the first (misses, admission into the other entry, hits); a third
// replacing the entry used least recently. The comparisons are branch-free; only their verdicts
// are declassified (FASTPRIM_CT_DECLASSIFY), so memcheck flags any other use of the key.
BOOST_DATA_TEST_CASE(pac_one_shot, bdata::make(backends_of<primitive::pac>()), b) {
  ct::require_memcheck();
  fastprim_test::pinned<primitive::pac> pin{b};
  const std::string what = label("pac-one-shot", b);
  ct::ledger led(what);
  fastprim::detail::pac_cache.clear();
  const pac::key other_keys[2] = {{0x0123456789abcdef, 0xfedcba9876543210},
                                  {0x1f2e3d4c5b6a7988, 0x8877665544332211}};
  for (const alg_vector& v : alg_vectors) {
    pac::key k = paper_key, k2 = other_keys[0], k3 = other_keys[1];
    std::uint64_t data = paper_p, modifier = paper_t;
    ct::secret(k);
    ct::secret(k2);
    ct::secret(k3);
    ct::secret(data);
    ct::secret(modifier);
    // (step name, key): every step with `k` must give v.c
    const std::pair<const char*, const pac::key*> steps[] = {
        {"fresh", &k},     {"admit", &k},        {"hit", &k},           {"other_fresh", &k2},
        {"hit_among", &k}, {"other_admit", &k2}, {"hit_alternate", &k}, {"other_hit", &k2},
        {"hit_back", &k},  {"third_fresh", &k3}, {"third_admit", &k3},  {"evicted_fresh", &k2},
        {"hit_last", &k}};
    for (const auto& [step, key] : steps) {
      std::uint64_t r = 0;
      const std::string name = std::string(v.name) + "_" + step;
      led.check(name, [&] { r = pac::compute(v.alg, data, modifier, *key); });
      BOOST_TEST(ct::tainted(r), what << " " << name);
      ct::declassify(r);
      if (key == &k) BOOST_TEST(r == v.c, what << " " << name);
    }
  }
  fastprim::detail::pac_cache.clear();
}

// The pointer model with a secret key on every PAC backend: AddPAC, and Auth's comparison of the
// recomputed PAC with the pointer's, for a right and a wrong modifier. Pointers and modifiers are
// public. FEAT_PAuth (QEMU 7.2 records, pac-qemu72-arch.txt) and FEAT_PAuth2/FPAC (pac-spec 8.2).
BOOST_DATA_TEST_CASE(pac_pointer_auth, bdata::make(backends_of<primitive::pac>()), b) {
  ct::require_memcheck();
  fastprim_test::pinned<primitive::pac> pin{b};
  const std::string what = label("pac-pointer", b);
  ct::ledger led(what);
  pac::key ia{0x8b05a29ddcf5ca7c, 0x1aff769e75aa85bd};
  ct::secret(ia);
  std::optional<pac::keyed_pac> kp;
  led.check("key", [&] { kp.emplace(pac::algorithm::qarma5, ia); });
  BOOST_TEST(kp->backend() == b);
  const auto v1 = pac::config::from_tcr_el1(0x80100010, pac::algorithm::qarma5, pac::feature_level::pauth);
  const auto v2 = pac::config::from_tcr_el1(0x80100010, pac::algorithm::qarma5, pac::feature_level::fpac);

  // Records: PACIA / AUTIA 0000000080100010 8b05a29ddcf5ca7c 1aff769e75aa85bd <x> <y> <result>.
  std::uint64_t signed_ptr = 0;
  led.check("pacia", [&] {
    signed_ptr = pac::add_pac(v1, 0x0000d6802c2500b3, 0xb4ace38947d26c35, *kp, pac::key_id::ia);
  });
  ct::declassify(signed_ptr);
  BOOST_TEST(signed_ptr == 0x4911d6802c2500b3u);
  pac::auth_result good{}, bad{}, good2{}, bad2{};
  led.check("autia_ok",
            [&] { good = pac::auth(v1, 0x4911d6802c2500b3, 0xb4ace38947d26c35, *kp, pac::key_id::ia); });
  led.check("autia_fail",
            [&] { bad = pac::auth(v1, 0x4911d6802c2500b3, 0xb4ace38947d26c36, *kp, pac::key_id::ia); });
  ct::declassify(good);
  ct::declassify(bad);
  BOOST_TEST(good.value == 0x0000d6802c2500b3u);
  BOOST_TEST(!good.fault);
  BOOST_TEST(bad.value == 0x2000d6802c2500b3u);
  BOOST_TEST(!bad.fault);

  // PAuth2 + FPAC (pac-spec 8.2: 0xffffee219b524a67 signs to 0x80fcee219b524a67).
  std::uint64_t signed2 = 0;
  led.check("pacia_v2", [&] {
    signed2 = pac::add_pac(v2, 0xffffee219b524a67, 0xf947bbf66cd875b9, *kp, pac::key_id::ia);
  });
  ct::declassify(signed2);
  BOOST_TEST(signed2 == 0x80fcee219b524a67u);
  led.check("autia_v2_ok",
            [&] { good2 = pac::auth(v2, 0x80fcee219b524a67, 0xf947bbf66cd875b9, *kp, pac::key_id::ia); });
  led.check("autia_v2_fail",
            [&] { bad2 = pac::auth(v2, 0x80fcee219b524a67, 0xf947bbf66cd875ba, *kp, pac::key_id::ia); });
  ct::declassify(good2);
  ct::declassify(bad2);
  BOOST_TEST(good2.value == 0xffffee219b524a67u);
  BOOST_TEST(!good2.fault);
  BOOST_TEST(bad2.fault);
}

BOOST_AUTO_TEST_SUITE_END()  // ct

// ---- negative controls ------------------------------------------------------------------------------
// Each must be flagged (errors > 0) on the same kind of secret the library handles above.
BOOST_AUTO_TEST_SUITE(control)

BOOST_AUTO_TEST_CASE(ttable_aes_is_flagged) {
  ct::require_memcheck();
  const bytes key = fastprim_test::random_bytes(16, 1), pt = fastprim_test::random_bytes(16, 2);
  const bytes want = openssl_aes("ecb", key, {}, pt, true);
  const bytes skey = secret_copy(key), spt = secret_copy(pt);
  std::array<std::uint8_t, 16> out{};
  const unsigned long before = ct::errors();
  ct_control::ttable_aes128_encrypt(uc(skey), uc(spt), out.data());
  const unsigned long n = ct::errors() - before;
  std::printf("ct %-34s errors=%lu (must be > 0)\n", "control/ttable-aes128", n);
  BOOST_TEST(n > 0u, "memcheck did not flag the T-table AES: the ct suite cannot see secret-indexed loads");
  ct::declassify(out);
  BOOST_TEST(same(std::as_bytes(std::span(out)), want), "the control is not AES-128");
}

BOOST_AUTO_TEST_CASE(early_exit_compare_is_flagged) {
  ct::require_memcheck();
  const bytes tag = fastprim_test::random_bytes(32, 3);
  bytes other = tag;
  other[20] ^= std::byte{1};
  const bytes stag = secret_copy(tag);
  const unsigned long before = ct::errors();
  bool eq = ct_control::early_exit_equal(uc(stag), uc(other), 32);
  const unsigned long n = ct::errors() - before;
  std::printf("ct %-34s errors=%lu (must be > 0)\n", "control/early-exit-compare", n);
  BOOST_TEST(n > 0u,
             "memcheck did not flag the early-exit comparison: the ct suite cannot see secret branches");
  ct::declassify(eq);
  BOOST_TEST(!eq);
}

BOOST_AUTO_TEST_CASE(branchy_unpad_is_flagged) {
  ct::require_memcheck();
  bytes block = fastprim_test::random_bytes(16, 4);
  for (int i = 0; i < 5; ++i) block[15 - std::size_t(i)] = std::byte{5};
  const bytes sblock = secret_copy(block);
  const unsigned long before = ct::errors();
  int len = ct_control::branchy_pkcs7_unpad(uc(sblock));
  const unsigned long n = ct::errors() - before;
  std::printf("ct %-34s errors=%lu (must be > 0)\n", "control/branchy-pkcs7-unpad", n);
  BOOST_TEST(n > 0u, "memcheck did not flag the branchy unpadding");
  ct::declassify(len);
  BOOST_TEST(len == 11);
}

// The XTS tweak doubled with a branch on its top bit; checked against a 128-bit integer doubling.
BOOST_AUTO_TEST_CASE(branchy_xts_tweak_is_flagged) {
  ct::require_memcheck();
  bytes t = fastprim_test::random_bytes(16, 5);
  t[15] |= std::byte{0x80};  // the first step folds
  unsigned __int128 want = 0;
  for (int i = 15; i >= 0; --i) want = want << 8 | std::to_integer<unsigned>(t[std::size_t(i)]);
  for (int k = 0; k < 8; ++k) want = (want << 1) ^ ((want >> 127) != 0 ? 0x87 : 0);
  bytes st = secret_copy(t);
  const unsigned long before = ct::errors();
  ct_control::branchy_xts_mul_alpha(reinterpret_cast<std::uint8_t*>(st.data()), 8);
  const unsigned long n = ct::errors() - before;
  std::printf("ct %-34s errors=%lu (must be > 0)\n", "control/branchy-xts-tweak", n);
  BOOST_TEST(n > 0u, "memcheck did not flag the branchy tweak doubling");
  ct::declassify(std::span<std::byte>(st));
  unsigned __int128 got = 0;
  for (int i = 15; i >= 0; --i) got = got << 8 | std::to_integer<unsigned>(st[std::size_t(i)]);
  BOOST_TEST((got == want), "the control is not multiplication by alpha");
}

// GHASH with 4-bit tables of multiples of the secret H; checked as GHASH through a GMAC tag:
// E_K(J0) xor GHASH_H(A || 0-pad || [len A]_64 || [0]_64) equals OpenSSL's tag.
BOOST_AUTO_TEST_CASE(table_ghash_is_flagged) {
  ct::require_memcheck();
  const bytes key = fastprim_test::random_bytes(16, 6), iv = fastprim_test::random_bytes(12, 7);
  const bytes aad = fastprim_test::random_bytes(40, 8);
  const bytes want = fastprim_test::openssl_gcm_seal(key, iv, aad, {}).tag;
  const bytes h = openssl_aes("ecb", key, {}, bytes(16), true);
  bytes j0 = iv;
  j0.insert(j0.end(), {std::byte{0}, std::byte{0}, std::byte{0}, std::byte{1}});
  const bytes ekj0 = openssl_aes("ecb", key, {}, j0, true);
  bytes blocks(48 + 16);  // the AAD zero-padded to 3 blocks, then the length block
  std::copy(aad.begin(), aad.end(), blocks.begin());
  blocks[48 + 6] = std::byte{1};  // [len(A)]_64 = 320 bits = 0x0140
  blocks[48 + 7] = std::byte{0x40};
  const bytes sh = secret_copy(h);
  std::array<std::uint8_t, 16> y{};
  const unsigned long before = ct::errors();
  ct_control::table_ghash(uc(sh), uc(blocks), 4, y.data());
  const unsigned long n = ct::errors() - before;
  std::printf("ct %-34s errors=%lu (must be > 0)\n", "control/table-ghash", n);
  BOOST_TEST(n > 0u, "memcheck did not flag the table GHASH: the ct suite cannot see secret-indexed loads");
  ct::declassify(y);
  bytes tag(16);
  for (std::size_t i = 0; i < 16; ++i) tag[i] = std::byte(y[i]) ^ ekj0[i];
  BOOST_TEST(same(tag, want), "the control is not GHASH");
}

BOOST_AUTO_TEST_CASE(table_qarma_sbox_is_flagged) {
  ct::require_memcheck();
  std::uint64_t x = 0x0123456789abcdef;
  ct::secret(x);
  const unsigned long before = ct::errors();
  std::uint64_t y = ct_control::table_qarma_sbox(x);
  const unsigned long n = ct::errors() - before;
  std::printf("ct %-34s errors=%lu (must be > 0)\n", "control/table-qarma-sbox", n);
  BOOST_TEST(n > 0u, "memcheck did not flag the table S-box");
  ct::declassify(y);
  BOOST_TEST(y == 0xb68fc09e3745d21au);  // sigma2 of every nibble (QARMA paper; pac-spec section 3)
}

BOOST_AUTO_TEST_SUITE_END()  // control
