// test/deref_error.cpp: using the value of a result that holds an error stops the program with the
// error's own message (error.hpp). Each case runs in a child process (fork) whose stderr goes to a
// pipe; the parent checks that the child died of SIGABRT and that its stderr holds
// "fastprim: <message>". No test framework, so that meson also builds this file with
// -fno-exceptions (test deref-error-noexcept) and the check covers both builds. Exit status 0
// when every case passes.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <fastprim/aes.hpp>
#include <fastprim/pkcs7.hpp>
#include <string>
#include <string_view>
#include <utility>

namespace {

constexpr std::string_view aes_key_message = "AES key must be 16, 24 or 32 bytes";
const std::array<std::byte, 5> short_key{};  // an AES key of a length AES does not take
std::array<std::byte, 16> in{}, out{};

// The calls under test; each must not return.
void arrow() { (void)fastprim::aes::create(short_key)->encrypt_ecb(in, out); }
void star() {
  const fastprim::aes a = *fastprim::aes::create(short_key);
  (void)a.key_size();
}
void value() {
  auto r = fastprim::aes::create(short_key);
  (void)r.value().key_size();
}
void value_const() {
  const auto r = fastprim::aes::create(short_key);
  (void)r.value().key_size();
}
void value_rvalue() { (void)fastprim::aes::create(short_key).value().key_size(); }
void star_other_error() {
  const std::array<std::byte, 16> bad_padding{};  // last byte 0: not PKCS#7
  (void)*fastprim::pkcs7_unpad(bad_padding);
}

struct death_case {
  const char* name;
  void (*run)();
  std::string_view message;
};
constexpr death_case cases[] = {
    {"aes::create(5-byte key)->encrypt_ecb(...)", arrow, aes_key_message},
    {"*aes::create(5-byte key)", star, aes_key_message},
    {"aes::create(5-byte key).value()", value, aes_key_message},
    {"const result<aes>::value()", value_const, aes_key_message},
    {"result<aes>&&::value()", value_rvalue, aes_key_message},
    {"*pkcs7_unpad(bad padding)", star_other_error, "bad PKCS#7 padding"},
};

// Runs `c` in a child; true if it died of SIGABRT with "fastprim: <message>" on its stderr.
bool dies_with_message(const death_case& c) {
  int fds[2];
  if (pipe(fds) != 0) {
    std::perror("pipe");
    return false;
  }
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    std::perror("fork");
    return false;
  }
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], STDERR_FILENO);
    close(fds[1]);
    signal(SIGABRT, SIG_DFL);
    c.run();
    std::fprintf(stderr, "returned\n");
    _exit(0);
  }
  close(fds[1]);
  std::string err;
  char buf[512];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) != 0;) {
    if (n < 0) break;
    err.append(buf, static_cast<std::size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) {
    std::perror("waitpid");
    return false;
  }
  const bool aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
  const std::string want = "fastprim: " + std::string(c.message);
  const bool said = err.find(want) != std::string::npos;
  std::printf("%s %s: %s, stderr \"%s\"\n", aborted && said ? "ok  " : "FAIL", c.name,
              aborted               ? "SIGABRT"
              : WIFSIGNALED(status) ? "another signal"
                                    : "exited",
              err.substr(0, err.find_last_not_of('\n') + 1).c_str());
  return aborted && said;
}

}  // namespace

// Under qemu-user a forked child of the emulated program can hang, so the cross build runs each case
// as its own process from test/deref-error-emulated.sh: --list prints "N<TAB>fastprim: <message>"
// per case, --case N runs case N in this process, --value only the check of a result with a value.
int main(int argc, char** argv) {
  const std::string_view mode = argc > 1 ? argv[1] : "";
  if (mode == "--list") {
    for (std::size_t i = 0; i < std::size(cases); ++i)
      std::printf("%zu\tfastprim: %.*s\n", i, int(cases[i].message.size()), cases[i].message.data());
    return 0;
  }
  if (mode == "--case" && argc == 3) {
    const auto i = static_cast<std::size_t>(std::strtoul(argv[2], nullptr, 10));
    if (i >= std::size(cases)) return 2;
    signal(SIGABRT, SIG_DFL);
    cases[i].run();
    std::fprintf(stderr, "returned\n");
    return 0;
  }
  int failed = 0;
  if (mode != "--value")
    for (const death_case& c : cases) failed += !dies_with_message(c);
  // A result that holds a value is used normally.
  const std::array<std::byte, 16> key{};
  auto good = fastprim::aes::create(key);
  if (!good || good->key_size() != 16 || (*good).rounds() != 10 ||
      good.value().backend() != good->backend()) {
    std::printf("FAIL a result with a value\n");
    ++failed;
  }
  if (mode != "--value")
    std::printf("%s: %d of %zu death cases failed\n", failed ? "FAIL" : "ok", failed, std::size(cases));
  return failed ? 1 : 0;
}
