// test/support/pac_backends.hpp: the PAC backends usable here, and keyed_pac objects bound to a
// chosen one (the public API's way: primitive::pac pinned while the object binds).
//
//   BOOST_DATA_TEST_CASE(name, bdata::make(fastprim_test::pac_backends()), b) {
//     const fastprim_test::keyed_on keyed(b);
//     const fastprim::pac::keyed_pac kp = keyed(alg, key);   // kp.backend() == b
#pragma once

#include <boost/test/unit_test.hpp>
#include <vector>

#include "fastprim/dispatch.hpp"
#include "fastprim/pac/compute.hpp"
#include "support/backends.hpp"

namespace fastprim_test {

// Every backend usable here (under FASTPRIM_BACKEND=scalar: what dispatch picks).
inline std::vector<backend> pac_backends() { return fastprim::detail::usable_backends<primitive::pac>(); }

// While it lives, primitive::pac is pinned to `b`; operator() builds a keyed_pac bound to `b`.
class keyed_on {
 public:
  explicit keyed_on(backend b) : b_(b) {
    const auto r = fastprim::detail::pin<primitive::pac>(b);
    BOOST_TEST_REQUIRE(r.has_value(), "pin pac to " << b << ": " << r.message());
  }
  ~keyed_on() { fastprim::detail::unpin<primitive::pac>(); }
  keyed_on(const keyed_on&) = delete;
  keyed_on& operator=(const keyed_on&) = delete;

  fastprim::pac::keyed_pac operator()(fastprim::pac::algorithm alg, fastprim::pac::key k) const {
    fastprim::pac::keyed_pac kp(alg, k);
    BOOST_TEST_REQUIRE((kp.backend() == b_), "keyed_pac bound " << kp.backend() << ", not " << b_);
    return kp;
  }
  backend bound() const { return b_; }

 private:
  backend b_;
};

}  // namespace fastprim_test
