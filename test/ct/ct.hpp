// test/ct/ct.hpp: the constant-time check, on valgrind memcheck. A secret is marked undefined
// (VALGRIND_MAKE_MEM_UNDEFINED); memcheck then tracks every bit computed from it and reports a
// conditional jump or a memory address that depends on one: exactly the two timing leaks a
// constant-time implementation must not have (secret-dependent branches and secret-dependent
// memory indices; arithmetic on undefined bits is silent). A case counts the errors memcheck
// found during each operation (VALGRIND_COUNT_ERRORS) and requires zero; outputs are marked
// defined again (declassified) before they are compared with the expected values.
//
// A check that cannot fail is no check: every case first requires that memcheck is live
// (RUNNING_ON_VALGRIND, and a byte marked undefined reads back undefined through
// VALGRIND_GET_VBITS), and the negative controls (control.cpp) must be flagged.
#pragma once

#include <valgrind/memcheck.h>

#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <cstdio>
#include <span>
#include <string>
#include <type_traits>
#include <utility>

namespace ct {

// Memcheck (not another valgrind tool, not a plain run) tracks definedness in this process.
inline bool memcheck_live() {
  if (!RUNNING_ON_VALGRIND) return false;
  unsigned char probe = 0x5a, vbits = 0;
  (void)VALGRIND_MAKE_MEM_UNDEFINED(&probe, 1);
  const unsigned r = VALGRIND_GET_VBITS(&probe, &vbits, 1);  // 0 when the tool is not memcheck
  (void)VALGRIND_MAKE_MEM_DEFINED(&probe, 1);
  return r == 1 && vbits == 0xff;
}

inline void require_memcheck() {
  BOOST_TEST_REQUIRE(memcheck_live(),
                     "the ct suite proves nothing outside valgrind memcheck: run it as "
                     "`meson test --suite ct` (valgrind --tool=memcheck test/ct/test_ct)");
}

// Errors memcheck has found so far in this process (suppressed ones excluded; none are).
inline unsigned long errors() { return VALGRIND_COUNT_ERRORS; }

// Marks `n` bytes at `p` as secret: memcheck treats them as undefined from here on.
inline void secret(const void* p, std::size_t n) { (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n); }
template <class T>
void secret(const T& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  secret(&v, sizeof v);
}
template <class T, std::size_t E>
void secret(std::span<T, E> s) {
  secret(s.data(), s.size_bytes());
}

// Marks `n` bytes as public again: an output whose value the caller may now branch on.
inline void declassify(const void* p, std::size_t n) { (void)VALGRIND_MAKE_MEM_DEFINED(p, n); }
template <class T>
void declassify(const T& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  declassify(&v, sizeof v);
}
template <class T, std::size_t E>
void declassify(std::span<T, E> s) {
  declassify(s.data(), s.size_bytes());
}

// True when every one of the `n` bytes has at least one undefined bit: the secret reached this
// output, so the operation really computed on the marked data (a check over outputs that never
// saw a secret would pass vacuously).
inline bool tainted(const void* p, std::size_t n) {
  unsigned char vb[256];
  const auto* b = static_cast<const unsigned char*>(p);
  for (std::size_t off = 0; off < n; off += sizeof vb) {
    const std::size_t k = n - off < sizeof vb ? n - off : sizeof vb;
    if (VALGRIND_GET_VBITS(b + off, vb, k) != 1) return false;
    for (std::size_t i = 0; i < k; ++i)
      if (vb[i] == 0) return false;
  }
  return n != 0;
}
template <class T>
bool tainted(const T& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  return tainted(&v, sizeof v);
}
template <class T, std::size_t E>
bool tainted(std::span<T, E> s) {
  return tainted(s.data(), s.size_bytes());
}

// One line of the report per case: "ct <label> op=errors op=errors ...". Each operation runs in
// its own window of the error count; a window with errors fails the case and names the operation.
class ledger {
 public:
  explicit ledger(std::string label) : label_(std::move(label)) {}
  ledger(const ledger&) = delete;
  ledger& operator=(const ledger&) = delete;
  ~ledger() {
    std::printf("ct %-34s%s\n", label_.c_str(), line_.c_str());
    std::fflush(stdout);
  }

  // Runs `f` (which must not branch on secrets itself: no assertions inside) and records the
  // errors memcheck found meanwhile. Returns that count.
  template <class F>
  unsigned long check(const std::string& op, F&& f) {
    const unsigned long before = errors();
    std::forward<F>(f)();
    const unsigned long n = errors() - before;
    line_ += ' ' + op + '=' + std::to_string(n);
    total_ += n;
    BOOST_TEST(n == 0u, label_ << " " << op << ": memcheck flagged " << n
                               << " secret-dependent branch(es) or address(es); see its report above");
    return n;
  }
  unsigned long total() const { return total_; }

 private:
  std::string label_;
  std::string line_;
  unsigned long total_ = 0;
};

}  // namespace ct
