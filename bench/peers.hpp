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
// One manager for every ipsec-mb row, set up for the best architecture this CPU runs (its
// init_mb_mgr_auto choice); the benchmarks are single-threaded.
inline std::shared_ptr<IMB_MGR> ipsec_mb_manager() {
  static std::shared_ptr<IMB_MGR> mgr = [] {
    std::shared_ptr<IMB_MGR> m(alloc_mb_mgr(0), free_mb_mgr);
    if (!m) throw std::runtime_error("fastprim-bench: ipsec-mb alloc_mb_mgr failed");
    IMB_ARCH arch;
    init_mb_mgr_auto(m.get(), &arch);
    if (imb_get_errno(m.get()) != 0)
      throw std::runtime_error(std::string("fastprim-bench: ipsec-mb init_mb_mgr_auto: ") +
                               imb_get_strerror(imb_get_errno(m.get())));
    return m;
  }();
  return mgr;
}
#endif

}  // namespace fpbench
