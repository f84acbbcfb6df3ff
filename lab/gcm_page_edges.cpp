// AES-128-GCM seal/open of a message that starts right after, or ends right before, an inaccessible
// page, against the same message mid-page, fastprim and (if built with it) ipsec-mb: TSC ticks per
// call, best of 3000 blocks of 10 calls. A masked access whose masked-off bytes reach a page that
// is not mapped costs a microcode assist; fastprim's kernels take a stack copy there instead.
//   lab/gcm-page-edges [SIZE...]        (default 20 64 100 150 576 1420)
#include <sys/mman.h>
#include <x86intrin.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fastprim/aes_gcm.hpp>
#include <vector>
#if __has_include(<intel-ipsec-mb.h>) && defined(LAB_IPSEC_MB)
#include <intel-ipsec-mb.h>
#define HAVE_IMB 1
#else
#define HAVE_IMB 0
#endif

template <class F>
static double best_ticks(F f) {
  double b = 1e30;
  for (int r = 0; r < 3000; ++r) {
    const auto t0 = __rdtsc();
    for (int i = 0; i < 10; ++i) f();
    b = std::min(b, static_cast<double>(__rdtsc() - t0) / 10);
  }
  return b;
}

int main(int argc, char** argv) {
  std::vector<std::size_t> sizes = {20, 64, 100, 150, 576, 1420};
  if (argc > 1) sizes.clear();
  for (int i = 1; i < argc; ++i) sizes.push_back(std::strtoul(argv[i], nullptr, 10));
  // Pages: 0 none | 1 2 in | 3 none | 4 5 out | 6 none.
  const std::size_t pg = 4096;
  auto* m = static_cast<std::byte*>(
      mmap(nullptr, 7 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (m == MAP_FAILED) return 1;
  std::memset(m, 7, 7 * pg);
  for (std::size_t p : {0u, 3u, 6u}) mprotect(m + p * pg, pg, PROT_NONE);
  alignas(64) static std::byte key[16], iv[12], tag[16];
  auto g = *fastprim::aes_gcm::create(std::span<const std::byte>(key, 16));
#if HAVE_IMB
  IMB_MGR* mg = alloc_mb_mgr(0);
  init_mb_mgr_auto(mg, nullptr);
  alignas(64) static gcm_key_data kd;
  static gcm_context_data cx;
  alignas(16) static std::uint8_t ivb[16];
  IMB_AES128_GCM_PRE(mg, key, &kd);
#endif
  std::printf("%6s %-11s %9s %9s %9s %9s\n", "bytes", "placement", "seal", "open", "imb seal", "imb open");
  for (std::size_t n : sizes) {
    if (n > 2 * pg - 64) continue;
    const struct {
      const char* name;
      std::byte *in, *out;
    } cases[] = {{"mid page", m + pg + 2048 - n / 2, m + 4 * pg + 2048 - n / 2},
                 {"page start", m + pg, m + 4 * pg},
                 {"page end", m + 3 * pg - n, m + 6 * pg - n}};
    for (const auto& c : cases) {
      std::byte tg[16];
      (void)g.seal(iv, {}, std::span<const std::byte>(c.in, n), std::span(c.out, n), std::span(tg, 16));
      const double s = best_ticks([&] {
        (void)g.seal(iv, {}, std::span<const std::byte>(c.in, n), std::span(c.out, n), std::span(tag, 16));
      });
      const double o = best_ticks([&] {
        (void)g.open(iv, {}, std::span<const std::byte>(c.out, n), std::span<const std::byte>(tg, 16),
                     std::span(c.in, n));
      });
      double is = 0, io = 0;
#if HAVE_IMB
      auto* ui = reinterpret_cast<std::uint8_t*>(c.in);
      auto* uo = reinterpret_cast<std::uint8_t*>(c.out);
      std::uint8_t t2[16];
      is = best_ticks([&] { IMB_AES128_GCM_ENC(mg, &kd, &cx, uo, ui, n, ivb, nullptr, 0, t2, 16); });
      io = best_ticks([&] { IMB_AES128_GCM_DEC(mg, &kd, &cx, ui, uo, n, ivb, nullptr, 0, t2, 16); });
#endif
      std::printf("%6zu %-11s %9.1f %9.1f %9.1f %9.1f\n", n, c.name, s, o, is, io);
    }
  }
}
