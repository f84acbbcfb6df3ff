// test/support/backends.hpp: run each test case over every backend usable here.
//
//   BOOST_DATA_TEST_CASE(name, fastprim_test::backends<primitive::xxh64>(), b) {
//     fastprim_test::pinned pin{primitive::xxh64, b};   // the public API now runs on `b`
//     ...
//   }
// Under FASTPRIM_BACKEND=scalar (the forced-scalar run) the list is just what dispatch picks.
#pragma once

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

}  // namespace fastprim_test
