// examples/pac.cpp: Arm pointer authentication as an emulator computes it (QARMA5, FEAT_PAuth:
// QEMU 7.2 `-cpu max`): a keyed_pac per key, PACGA one at a time and as a batch, then PACIA,
// AUTIA and XPACI on a pointer. Known answers (expected/pac.txt): records of real QEMU 7.2 runs,
// test/data/pac-qemu72-arch.txt (expected/README.md names the lines).
#include <array>
#include <cinttypes>
#include <cstdio>
#include <fastprim/pac.hpp>

namespace pac = fastprim::pac;

int main() {
  // A key is prepared once (its schedule, for the backend chosen now) and used for many PACs.
  const pac::keyed_pac ga{pac::algorithm::qarma5,
                          pac::key{.lo = 0x02c5affc54a23002, .hi = 0x39b1660a456bb7d0}};
  std::printf("pacga: %016" PRIx64 "\n", pac::pacga(0xb7a196d445cfb0f9, 0xddeed439e19df7dd, ga));

  const std::array<std::uint64_t, 4> x{0xb7a196d445cfb0f9, 0xdaf2359e59158b38, 0x72f76c66060f1b72,
                                       0xbc7a7b56e85f0286};
  const std::array<std::uint64_t, 4> y{0xddeed439e19df7dd, 0x3cf44ad06d81d059, 0xb422ad8c87405f7d,
                                       0xaa0fed484b047f92};
  std::array<std::uint64_t, 4> pacs;
  if (auto r = ga.compute(x, y, pacs); !r) {  // full ComputePAC outputs; errors: lengths, overlap
    std::fprintf(stderr, "batch: %s\n", r.message().data());
    return 1;
  }
  for (std::uint64_t p : pacs) std::printf("pacga batch: %016" PRIx64 "\n", p & 0xffffffff00000000);

  // The pointer model: where the PAC goes follows TCR_EL1 (here 48-bit VAs, no TBI).
  const auto cfg = pac::config::from_tcr_el1(0x80100010, pac::algorithm::qarma5, pac::feature_level::pauth);
  const pac::keyed_pac ia{pac::algorithm::qarma5,
                          pac::key{.lo = 0x8b05a29ddcf5ca7c, .hi = 0x1aff769e75aa85bd}};
  const std::uint64_t ptr = 0x0000d6802c2500b3, modifier = 0xb4ace38947d26c35;
  const std::uint64_t signed_ptr = pac::add_pac(cfg, ptr, modifier, ia, pac::key_id::ia);
  std::printf("pacia: %016" PRIx64 "\n", signed_ptr);
  const pac::auth_result ok = pac::auth(cfg, signed_ptr, modifier, ia, pac::key_id::ia);
  const pac::auth_result bad = pac::auth(cfg, signed_ptr, modifier + 1, ia, pac::key_id::ia);
  std::printf("autia: %016" PRIx64 "%s\n", ok.value, ok.fault ? " (fault)" : "");
  std::printf("autia, wrong modifier: %016" PRIx64 " (error code in bits 62:61)\n", bad.value);
  std::printf("xpaci: %016" PRIx64 "\n", pac::strip(cfg, signed_ptr, false));
}
