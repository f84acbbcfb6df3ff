// test/support/backends.hpp: run each test case over every backend usable here.
//
//   BOOST_DATA_TEST_CASE(name, fastprim_test::backends<primitive::xxh64>(), b) {
//     fastprim_test::pinned pin{primitive::xxh64, b};   // the public API now runs on `b`
//     ...
//   }
// Under FASTPRIM_BACKEND=scalar (the forced-scalar run) the list is just what dispatch picks.
#pragma once

#include <algorithm>
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/unit_test.hpp>
#include <ostream>
#include <vector>

#include "fastprim/dispatch.hpp"

namespace fastprim {
inline namespace FASTPRIM_ABI {
// Boost prints data-test samples with operator<<: the backend token is the test label.
inline std::ostream& operator<<(std::ostream& os, backend b) { return os << to_string(b); }
inline std::ostream& operator<<(std::ostream& os, errc e) { return os << message(e); }
inline std::ostream& operator<<(std::ostream& os, primitive p) { return os << to_string(p); }
}  // namespace FASTPRIM_ABI
}  // namespace fastprim

namespace fastprim_test {

using fastprim::backend;
using fastprim::primitive;

template <primitive P>
std::vector<backend> backends() {
  return fastprim::detail::usable_backends<P>();
}
template <primitive P>
std::vector<backend> usable() {
  return backends<P>();
}

// Pins primitive P to backend b for the scope: the public API dispatches to it.
template <primitive P>
struct pinned {
  explicit pinned(backend b) {
    // Failures in this test case name the backend.
    boost::unit_test::framework::add_context(BOOST_TEST_LAZY_MSG("backend " << b), true);
    BOOST_TEST_MESSAGE("backend " << b);
    auto r = fastprim::detail::pin<P>(b);
    BOOST_TEST_REQUIRE(r.has_value(), "pin " << fastprim::to_string(P) << " to " << b << ": " << r.message());
  }
  ~pinned() { fastprim::detail::unpin<P>(); }
  pinned(const pinned&) = delete;
  pinned& operator=(const pinned&) = delete;
};

// For a mode built on AES (aes_gcm, aes_xts): create(b) on every backend token succeeds where the
// backend is usable here, and is errc::unavailable_backend where it never can be (the other
// architecture's, SHA-NI, Highway: these modes have no such backend).
template <primitive P, class Create>
void check_aes_mode_backends(Create create) {
  const std::vector<backend> here = backends<P>();
  for (backend b : fastprim::all_backends) {
    auto r = create(b);
#if FASTPRIM_ARCH_X86_64
    const bool foreign = b == backend::armv8_ce;
#else
    const bool foreign = b == backend::x86_aesni || b == backend::x86_vaes;
#endif
    const bool never = foreign || b == backend::x86_shani || fastprim::to_string(b).starts_with("hwy_");
    if (std::find(here.begin(), here.end(), b) != here.end()) {
      BOOST_TEST(r.has_value(), b);
    } else if (never) {
      BOOST_TEST((r.code() == fastprim::errc::unavailable_backend), b);
    }
  }
}

}  // namespace fastprim_test
