// bench/peers.hpp: set-up shared by the peer libraries' rows of several bench_<primitive>.cpp:
// libgcrypt's initialisation and the one intel-ipsec-mb manager of the process (x86-64 only; the
// header decides FPBENCH_HAVE_IPSEC_MB).
#pragma once

#include <gcrypt.h>

#if defined(__x86_64__) && __has_include(<intel-ipsec-mb.h>)
#define NO_COMPAT_IMB_API_053 1  // else the header #defines CBC, ECB, SHA1...
#include <intel-ipsec-mb.h>
#define FPBENCH_HAVE_IPSEC_MB 1
#else
#define FPBENCH_HAVE_IPSEC_MB 0
#endif

#include <memory>
#include <stdexcept>
#include <string>

namespace fpbench {

// Idempotent: whichever register_*() runs first initialises libgcrypt (no secure memory).
inline void gcrypt_init() {
  if (!gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P)) {
    gcry_check_version(nullptr);
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
  }
}

#if FPBENCH_HAVE_IPSEC_MB
// An ipsec-mb manager set up by `init` (one of its init_mb_mgr_* calls, named `what`).
template <class F>
std::shared_ptr<IMB_MGR> ipsec_mb_make_manager(const char* what, F init) {
  std::shared_ptr<IMB_MGR> m(alloc_mb_mgr(0), free_mb_mgr);
  if (!m) throw std::runtime_error("fastprim-bench: ipsec-mb alloc_mb_mgr failed");
  init(m.get());
  if (imb_get_errno(m.get()) != 0)
    throw std::runtime_error(std::string("fastprim-bench: ipsec-mb ") + what + ": " +
                             imb_get_strerror(imb_get_errno(m.get())));
  return m;
}

// One manager for every ipsec-mb row, set up for the best architecture this CPU runs (its
// init_mb_mgr_auto choice); the benchmarks are single-threaded.
inline std::shared_ptr<IMB_MGR> ipsec_mb_manager() {
  static std::shared_ptr<IMB_MGR> mgr = ipsec_mb_make_manager("init_mb_mgr_auto", [](IMB_MGR* m) {
    IMB_ARCH arch;
    init_mb_mgr_auto(m, &arch);
  });
  return mgr;
}

// A manager of the SSE architecture (init_mb_mgr_sse). In 1.3 its HMAC-SHA-1/-256 jobs hash with the
// SHA extensions where the CPU has them; the AVX-512 manager that init_mb_mgr_auto picks hashes in
// 16 AVX-512 lanes, which one message at a time leaves idle (bench_authenc.cpp shows both).
inline std::shared_ptr<IMB_MGR> ipsec_mb_manager_sse() {
  static std::shared_ptr<IMB_MGR> mgr =
      ipsec_mb_make_manager("init_mb_mgr_sse", [](IMB_MGR* m) { init_mb_mgr_sse(m); });
  return mgr;
}
#endif

}  // namespace fpbench
