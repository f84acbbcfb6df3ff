// fastprim-enc: the AES part of `openssl enc`, byte for byte, streaming any input size.
//
//   fastprim-enc -aes-128-cbc -K 000102...0f -iv 0f0e...00 -in plain.txt -out cipher.bin
//   fastprim-enc -d -aes-256-ctr -K <64 hex digits> -iv <32 hex digits> < cipher.bin > plain.txt
//
// Ciphers: -aes-{128,192,256}-{ecb,cbc,ctr}. ECB and CBC add PKCS#7 padding on encryption and
// check and remove it on decryption, as `openssl enc` does, unless -nopad is given; CTR is a
// stream mode and never pads. Unlike openssl, which pads a short hex key or IV with zeros and
// truncates a long one (with only a warning), a -K or -iv of the wrong length is an error.
// Bad input of any kind (options, files, truncated or badly padded ciphertext, a closed stdout
// or full disk) gives a message on stderr and exit status 1; memory use does not grow with the
// input (64 KiB chunks).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli_io.hpp"
#include "enc_options.hpp"
#include "fastprim/aes.hpp"
#include "fastprim/pkcs7.hpp"

namespace {

using enc::mode;
using enc::options;

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

[[noreturn]] void die(const std::string& msg) {
  std::fprintf(stderr, "fastprim-enc: %s\n", msg.c_str());
  std::exit(1);
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
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  const enc::parse_result parsed = enc::parse_args(args);
  if (parsed.o.help) {
    std::fputs(usage, stdout);
    return cli::close_stdout("fastprim-enc") ? 0 : 1;
  }
  if (!parsed.error.empty()) {
    std::fprintf(stderr, "fastprim-enc: %s (see fastprim-enc -help)\n", parsed.error.c_str());
    return 1;
  }
  const options& o = parsed.o;
  if (!o.warning.empty()) std::fprintf(stderr, "fastprim-enc: %s\n", o.warning.c_str());
  auto cipher = fastprim::aes::create(o.key);
  if (!cipher) die(std::string(cipher.message()));

  // A closed stdout is a write error now: otherwise the input file would be opened on
  // descriptor 1 and look like the output.
  if (o.out_path.empty() && ::fcntl(STDOUT_FILENO, F_GETFD) == -1)
    die("write error on standard output: " + std::string(std::strerror(errno)));
  std::FILE* in = o.in_path.empty() ? stdin : std::fopen(o.in_path.c_str(), "rb");
  if (!in) die("cannot open " + o.in_path + ": " + std::strerror(errno));
  const std::string in_name = o.in_path.empty() ? "standard input" : o.in_path;
  const std::string out_name = o.out_path.empty() ? "standard output" : o.out_path;
  // The output file is truncated only once it is known not to be the input (as `cat f > f`
  // refuses, where openssl would destroy the file and exit 0).
  std::FILE* out = stdout;
  if (!o.out_path.empty()) {
    const int fd = ::open(o.out_path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0 || !(out = ::fdopen(fd, "wb")))
      die("cannot create " + o.out_path + ": " + std::strerror(errno));
  }
  struct stat si = {}, so = {};
  const bool out_regular = ::fstat(::fileno(out), &so) == 0 && S_ISREG(so.st_mode);
  if (out_regular && ::fstat(::fileno(in), &si) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino)
    die(in_name + " is also the output " + out_name + "; nothing done");
  if (!o.out_path.empty() && out_regular && ::ftruncate(::fileno(out), 0) != 0)
    die("cannot truncate " + o.out_path + ": " + std::strerror(errno));
  auto write = [&](const void* p, std::size_t n) {
    if (n != 0 && std::fwrite(p, 1, n, out) != n)
      die("write error on " + out_name + ": " + std::strerror(errno));
  };

  processor p(o, *cipher, o.iv);
  constexpr std::size_t chunk = 1 << 16;
  std::vector<std::byte> buf(chunk + 32), res(chunk + 32);
  std::size_t have = 0;
  for (;;) {
    const std::size_t got = std::fread(buf.data() + have, 1, chunk, in);
    have += got;
    if (got == 0) break;
    const std::size_t n = p.ready(have);
    p.run(std::span(buf).first(n), std::span(res).first(n));
    write(res.data(), n);
    std::memmove(buf.data(), buf.data() + n, have - n);
    have -= n;
  }
  if (std::ferror(in)) die("read error on " + in_name + ": " + std::strerror(errno));
  const auto last = p.finish(std::span(buf).first(have));
  write(last.data(), last.size());
  if (in != stdin) std::fclose(in);
  if (out == stdout) return cli::close_stdout("fastprim-enc") ? 0 : 1;
  if (std::fflush(out) != 0 || std::ferror(out) || std::fclose(out) != 0)
    die("write error on " + out_name + ": " + std::strerror(errno));
  return 0;
}
