// test/expect_backends.cpp: the build states which backend each primitive must get on the machine
// it tests on (meson option expected_backends, passed as FASTPRIM_EXPECT_BACKENDS, e.g.
// "aes=armv8_ce,sha256=armv8_ce,pac=hwy_neon"); this program fails unless dispatch chose exactly
// those. A broken feature detection would otherwise leave every suite running scalar and passing.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fastprim/report.hpp"

int main() {
  const char* env = std::getenv("FASTPRIM_EXPECT_BACKENDS");
  if (env == nullptr || *env == '\0') {
    std::fprintf(stderr, "expect_backends: FASTPRIM_EXPECT_BACKENDS is empty: nothing to check\n");
    return 1;
  }
  std::fputs(fastprim::report().c_str(), stdout);
  std::string_view s(env);
  int bad = 0, checked = 0;
  while (!s.empty()) {
    const auto comma = s.find(',');
    const std::string_view item = s.substr(0, comma);
    s = comma == std::string_view::npos ? std::string_view{} : s.substr(comma + 1);
    const auto eq = item.find('=');
    if (eq == std::string_view::npos) {
      std::fprintf(stderr, "expect_backends: '%.*s' is not primitive=backend\n", int(item.size()),
                   item.data());
      return 1;
    }
    const std::string_view prim = item.substr(0, eq), want = item.substr(eq + 1);
    bool known = false;
    for (std::size_t i = 0; i < fastprim::primitive_count; ++i) {
      const auto p = static_cast<fastprim::primitive>(i);
      if (fastprim::to_string(p) != prim) continue;
      known = true;
      const auto got = fastprim::to_string(fastprim::explain(p).chosen);
      const bool ok = got == want;
      std::printf("expect %-13.*s %-12.*s got %-12.*s %s\n", int(prim.size()), prim.data(), int(want.size()),
                  want.data(), int(got.size()), got.data(), ok ? "ok" : "MISMATCH");
      bad += ok ? 0 : 1;
      ++checked;
    }
    if (!known) {
      std::fprintf(stderr, "expect_backends: unknown primitive '%.*s'\n", int(prim.size()), prim.data());
      return 1;
    }
  }
  std::printf("expect_backends: %d of %d as expected\n", checked - bad, checked);
  return bad == 0 && checked > 0 ? 0 : 1;
}
