// fastprim-enc: the AES part of `openssl enc`, byte for byte, streaming any input size.
//
//   fastprim-enc -aes-128-cbc -K 000102...0f -iv 0f0e...00 -in plain.txt -out cipher.bin
//   fastprim-enc -d -aes-256-ctr -K <64 hex digits> -iv <32 hex digits> < cipher.bin > plain.txt
//
// Ciphers: -aes-{128,192,256}-{ecb,cbc,ctr}. ECB and CBC add PKCS#7 padding on encryption and
// check and remove it on decryption, as `openssl enc` does, unless -nopad is given; CTR is a
// stream mode and never pads. Unlike openssl, which pads a short hex key or IV with zeros and
// truncates a long one (with only a warning), a -K or -iv of the wrong length is an error.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fastprim/aes.hpp"
#include "fastprim/pkcs7.hpp"

namespace {

constexpr const char* usage =
    "usage: fastprim-enc -aes-{128,192,256}-{ecb,cbc,ctr} -K HEX [-iv HEX] [-e|-d] [-nopad]\n"
    "                    [-in FILE] [-out FILE]\n"
    "  -e / -d     encrypt (default) / decrypt\n"
    "  -K HEX      the key: exactly 32, 48 or 64 hex digits for AES-128, -192, -256\n"
    "  -iv HEX     the IV (CBC) or initial counter block (CTR): exactly 32 hex digits; not used by ECB\n"
    "  -nopad      no PKCS#7 padding for ECB/CBC (input must be a multiple of 16 bytes)\n"
    "  -in/-out    files (default stdin/stdout)\n"
    "Output is byte-identical to `openssl enc` with the same options. Stricter than openssl: a key\n"
    "or IV of the wrong length is an error (openssl zero-pads or truncates it with a warning).\n";

enum class mode { ecb, cbc, ctr };

[[noreturn]] void die(const std::string& msg) {
  std::fprintf(stderr, "fastprim-enc: %s\n", msg.c_str());
  std::exit(1);
}

std::optional<std::vector<std::byte>> parse_hex(std::string_view s) {
  auto nib = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (s.size() % 2 != 0) return std::nullopt;
  std::vector<std::byte> out;
  for (std::size_t i = 0; i < s.size(); i += 2) {
    const int hi = nib(s[i]), lo = nib(s[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(std::byte(hi << 4 | lo));
  }
  return out;
}

struct options {
  bool decrypt = false, nopad = false;
  int bits = 0;
  mode m = mode::cbc;
  std::string key_hex, iv_hex, in_path, out_path;
  bool have_key = false, have_iv = false;
};

options parse_args(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) die(std::string("missing value after ") + argv[i]);
      return argv[++i];
    };
    if (a == "-h" || a == "-help" || a == "--help") {
      std::fputs(usage, stdout);
      std::exit(0);
    } else if (a == "-e") {
      o.decrypt = false;
    } else if (a == "-d") {
      o.decrypt = true;
    } else if (a == "-nopad") {
      o.nopad = true;
    } else if (a == "-K") {
      o.key_hex = value();
      o.have_key = true;
    } else if (a == "-iv") {
      o.iv_hex = value();
      o.have_iv = true;
    } else if (a == "-in") {
      o.in_path = value();
    } else if (a == "-out") {
      o.out_path = value();
    } else if (a.size() == 12 && a.substr(0, 5) == "-aes-" && a[8] == '-') {
      const std::string_view bits = a.substr(5, 3), m = a.substr(9);
      o.bits = bits == "128" ? 128 : bits == "192" ? 192 : bits == "256" ? 256 : 0;
      if (o.bits == 0) die("unknown cipher " + std::string(a));
      if (m == "ecb")
        o.m = mode::ecb;
      else if (m == "cbc")
        o.m = mode::cbc;
      else if (m == "ctr")
        o.m = mode::ctr;
      else
        die("unknown cipher " + std::string(a));
    } else {
      std::fputs(usage, stderr);
      die("unknown option " + std::string(a));
    }
  }
  if (o.bits == 0) die("no cipher given (-aes-128-cbc, ...)");
  if (!o.have_key) die("no key given (-K HEX); password-based keys are not supported");
  return o;
}

// Processes the stream in chunks; keeps back what the mode cannot finish before the end.
class processor {
 public:
  processor(const options& o, const fastprim::aes& a, std::span<const std::byte> iv)
      : o_(o),
        a_(a),
        ctr_(o.m == mode::ctr ? std::optional(*fastprim::aes_ctr::create(a, iv)) : std::nullopt) {
    if (!iv.empty()) std::memcpy(chain_, iv.data(), 16);
  }

  // How many bytes of `n` buffered bytes can be processed before the end of the input.
  std::size_t ready(std::size_t n) const {
    if (o_.m == mode::ctr) return n;
    if (o_.decrypt && !o_.nopad) return n == 0 ? 0 : (n - 1) / 16 * 16;  // keep the padded block
    return n / 16 * 16;
  }

  void run(std::span<const std::byte> in, std::span<std::byte> out) {
    fastprim::result<void> r;
    if (o_.m == mode::ctr) {
      r = ctr_->update(in, out);
    } else if (o_.m == mode::ecb) {
      r = o_.decrypt ? a_.decrypt_ecb(in, out) : a_.encrypt_ecb(in, out);
    } else if (!in.empty()) {
      // The chaining value of the next chunk is the last ciphertext block of this one.
      std::byte next[16] = {};
      if (o_.decrypt) std::memcpy(next, in.data() + in.size() - 16, 16);
      r = o_.decrypt ? a_.decrypt_cbc(chain_, in, out) : a_.encrypt_cbc(chain_, in, out);
      if (!o_.decrypt) std::memcpy(next, out.data() + out.size() - 16, 16);
      std::memcpy(chain_, next, 16);
    }
    if (!r) die(std::string(r.message()));
  }

  // The end of the input: `rest` is what ready() kept back. Returns the bytes to write.
  std::vector<std::byte> finish(std::span<const std::byte> rest) {
    std::vector<std::byte> out(rest.size() + 16);
    if (o_.m == mode::ctr) {
      run(rest, std::span(out).first(rest.size()));
      out.resize(rest.size());
    } else if (!o_.decrypt && !o_.nopad) {
      auto p = fastprim::pkcs7_pad(rest, out);
      if (!p) die(std::string(p.message()));
      out.resize(*p);
      run(out, out);
    } else if (o_.decrypt && !o_.nopad) {
      if (rest.size() != 16) die("bad decrypt: input is not a non-zero multiple of 16 bytes");
      out.resize(16);
      run(rest, out);
      auto n = fastprim::pkcs7_unpad(out);
      if (!n) die("bad decrypt: " + std::string(n.message()));
      out.resize(*n);
    } else {
      if (!rest.empty()) die("data not multiple of block length (-nopad needs a multiple of 16 bytes)");
      out.clear();
    }
    return out;
  }

 private:
  const options& o_;
  const fastprim::aes& a_;
  std::optional<fastprim::aes_ctr> ctr_;
  std::byte chain_[16] = {};
};

}  // namespace

int main(int argc, char** argv) {
  const options o = parse_args(argc, argv);
  const auto key = parse_hex(o.key_hex);
  if (!key) die("-K: not a hex string with an even number of digits");
  if (key->size() * 8 != static_cast<std::size_t>(o.bits))
    die("-K: AES-" + std::to_string(o.bits) + " needs exactly " + std::to_string(o.bits / 4) +
        " hex digits, got " + std::to_string(o.key_hex.size()));
  std::vector<std::byte> iv;
  if (o.m == mode::ecb) {
    if (o.have_iv) std::fputs("fastprim-enc: warning: iv not used by this cipher\n", stderr);
  } else {
    if (!o.have_iv) die("-iv: an IV is needed for CBC and CTR (32 hex digits)");
    auto v = parse_hex(o.iv_hex);
    if (!v || v->size() != 16)
      die("-iv: needs exactly 32 hex digits, got " + std::to_string(o.iv_hex.size()));
    iv = *v;
  }
  auto cipher = fastprim::aes::create(*key);
  if (!cipher) die(std::string(cipher.message()));

  std::FILE* in = o.in_path.empty() ? stdin : std::fopen(o.in_path.c_str(), "rb");
  if (!in) die("cannot open " + o.in_path + ": " + std::strerror(errno));
  std::FILE* out = o.out_path.empty() ? stdout : std::fopen(o.out_path.c_str(), "wb");
  if (!out) die("cannot create " + o.out_path + ": " + std::strerror(errno));

  processor p(o, *cipher, iv);
  constexpr std::size_t chunk = 1 << 16;
  std::vector<std::byte> buf(chunk + 32), res(chunk + 32);
  std::size_t have = 0;
  for (;;) {
    const std::size_t got = std::fread(buf.data() + have, 1, chunk, in);
    have += got;
    if (got == 0) break;
    const std::size_t n = p.ready(have);
    p.run(std::span(buf).first(n), std::span(res).first(n));
    if (std::fwrite(res.data(), 1, n, out) != n) die("write error");
    std::memmove(buf.data(), buf.data() + n, have - n);
    have -= n;
  }
  if (std::ferror(in)) die("read error");
  const auto last = p.finish(std::span(buf).first(have));
  if (std::fwrite(last.data(), 1, last.size(), out) != last.size() || std::fflush(out) != 0)
    die("write error");
  if (out != stdout) std::fclose(out);
  if (in != stdin) std::fclose(in);
  return 0;
}
