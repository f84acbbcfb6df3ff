// Dispatch: CPU detection against the compiler's own CPUID reading, best-first choice,
// overrides (FASTPRIM_BACKEND / FASTPRIM_DISABLE and set_policy), pins, and the report.
#define BOOST_TEST_MODULE dispatch
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <cstdlib>
#include <fastprim/aes.hpp>
#include <fastprim/pac.hpp>
#include <fastprim/report.hpp>
#include <fastprim/sha1.hpp>
#include <fastprim/sha256.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "support/backends.hpp"

using fastprim::backend;
using fastprim::primitive;
namespace fd = fastprim::detail;

namespace {

// The backend FASTPRIM_BACKEND forces for this run (meson's forced-scalar run), if it is set.
std::optional<backend> forced_by_env() {
  const char* env = std::getenv("FASTPRIM_BACKEND");
  if (!env || !*env) return std::nullopt;
  const auto b = fastprim::backend_from_string(env);
  BOOST_TEST_REQUIRE(b.has_value(), "FASTPRIM_BACKEND=" << env << " is not a backend token");
  return b;
}

// Back to the policy the environment set, after a case that changed it with set_policy.
void restore_env_policy() {
  const auto f = forced_by_env();
  BOOST_TEST_REQUIRE(fastprim::set_policy(f ? fastprim::to_string(*f) : "", "").has_value());
}

// What a run forced to `f` must show for P: the forced backend chosen (when P has it here),
// the only one usable_backends() lists, and every other usable row reported `not_forced`.
template <primitive P>
void check_forced(backend f) {
  int chosen = 0, not_forced = 0;
  BOOST_TEST_CONTEXT(fastprim::to_string(P) << " forced to " << fastprim::to_string(f)) {
    const auto c = fd::explain<P>();
    const auto usable = fd::usable_backends<P>();
    BOOST_TEST_REQUIRE(usable.size() == 1u);
    BOOST_TEST((usable.front() == c.chosen));
    if (fd::kernels_for<P>(f) == nullptr) {
      // P has no such backend here: dispatch falls back to the best usable one.
      BOOST_TEST((c.chosen != f));
      return;
    }
    BOOST_TEST((c.chosen == f));
    if (!fd::pruned<P>::compile_time) BOOST_TEST((fd::select<P>().token == f));
    for (const auto& row : c.rows) {
      BOOST_TEST_CONTEXT("row " << fastprim::to_string(row.b) << ": " << fd::to_string(row.why)) {
        if (row.b == f) {
          BOOST_TEST((row.why == fd::reason::chosen));
          ++chosen;
        } else if (fd::kernels_for<P>(row.b) != nullptr) {
          BOOST_TEST((row.why == fd::reason::not_forced));  // usable, but not the forced one
          ++not_forced;
        } else {
          BOOST_TEST((row.why == fd::reason::not_compiled || row.why == fd::reason::cpu_lacks ||
                      row.why == fd::reason::below_static));
        }
      }
    }
    BOOST_TEST(chosen == 1);
  }
  BOOST_TEST_MESSAGE(fastprim::to_string(P) << ": " << not_forced << " usable backends reported not_forced");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(dispatch)

#if FASTPRIM_ARCH_X86_64
// gcc/clang read CPUID (and XCR0 for AVX and AVX-512 state) on their own: an independent oracle.
// Every flag of cpu_caps that g++ 12's __builtin_cpu_supports knows: all of them (the ones that
// gate a backend choice or a kernel variant: sha, vaes, vpclmulqdq, avx512vbmi*, bmi2...).
BOOST_AUTO_TEST_CASE(cpu_caps_match_compiler_builtins) {
  __builtin_cpu_init();
  const fastprim::cpu_caps& c = fastprim::cpu();
  BOOST_TEST_MESSAGE("cpu_caps: " << fastprim::to_string(c));
#define FASTPRIM_CHECK_FLAG(field, name) \
  BOOST_TEST(c.field == (__builtin_cpu_supports(name) != 0), "cpu_caps." #field " against \"" name "\"")
  FASTPRIM_CHECK_FLAG(ssse3, "ssse3");
  FASTPRIM_CHECK_FLAG(sse4_1, "sse4.1");
  FASTPRIM_CHECK_FLAG(sse4_2, "sse4.2");
  FASTPRIM_CHECK_FLAG(aes, "aes");
  FASTPRIM_CHECK_FLAG(pclmulqdq, "pclmul");
  FASTPRIM_CHECK_FLAG(avx, "avx");
  FASTPRIM_CHECK_FLAG(avx2, "avx2");
  FASTPRIM_CHECK_FLAG(bmi2, "bmi2");
  FASTPRIM_CHECK_FLAG(fma, "fma");
  FASTPRIM_CHECK_FLAG(avx512f, "avx512f");
  FASTPRIM_CHECK_FLAG(avx512bw, "avx512bw");
  FASTPRIM_CHECK_FLAG(avx512vl, "avx512vl");
  FASTPRIM_CHECK_FLAG(avx512dq, "avx512dq");
  FASTPRIM_CHECK_FLAG(avx512vbmi, "avx512vbmi");
  FASTPRIM_CHECK_FLAG(avx512vbmi2, "avx512vbmi2");
  FASTPRIM_CHECK_FLAG(avx512bitalg, "avx512bitalg");
  FASTPRIM_CHECK_FLAG(avx512vpopcntdq, "avx512vpopcntdq");
  FASTPRIM_CHECK_FLAG(vpclmulqdq, "vpclmulqdq");
#if !defined(__clang__)
  // clang++ 14 rejects these three names (g++ 12 takes them; the cross-check is g++'s).
  FASTPRIM_CHECK_FLAG(sha, "sha");
  FASTPRIM_CHECK_FLAG(vaes, "vaes");
  FASTPRIM_CHECK_FLAG(f16c, "f16c");
#endif
#undef FASTPRIM_CHECK_FLAG
}
#endif

BOOST_AUTO_TEST_CASE(cpu_is_cached) { BOOST_TEST(&fastprim::cpu() == &fastprim::cpu()); }

BOOST_AUTO_TEST_CASE(token_round_trip) {
  for (backend b : fastprim::all_backends)
    BOOST_TEST((fastprim::backend_from_string(fastprim::to_string(b)) == b));
  BOOST_TEST(!fastprim::backend_from_string("x86_avx9").has_value());
  BOOST_TEST(!fastprim::backend_from_string("").has_value());
}

BOOST_AUTO_TEST_CASE(scalar_always_usable_and_last) {
  for (std::size_t i = 0; i < fastprim::primitive_count; ++i) {
    const auto order = fd::order(static_cast<primitive>(i));
    BOOST_TEST_REQUIRE(!order.empty());
    BOOST_TEST(order.back() == backend::scalar);
  }
  BOOST_TEST(fd::kernels_for<primitive::xxh64>(backend::scalar) != nullptr);
}

// The chosen backend is the first usable row; disabling it moves to the next usable one. Under
// FASTPRIM_BACKEND (the forced run) the forced backend is chosen instead and the others report
// not_forced.
BOOST_AUTO_TEST_CASE(best_first_and_disable) {
  if (const auto f = forced_by_env()) {
    check_forced<primitive::xxh64_batch>(*f);
    check_forced<primitive::xxh64>(*f);
    return;
  }
  auto c = fd::explain<primitive::xxh64_batch>();
  const auto usable = fastprim_test::backends<primitive::xxh64_batch>();
  BOOST_TEST_REQUIRE(!usable.empty());
  BOOST_TEST(c.chosen == usable.front());
  if (usable.size() > 1) {
    std::string list(fastprim::to_string(usable.front()));
    BOOST_TEST_REQUIRE(fastprim::set_policy("", list).has_value());
    BOOST_TEST(fd::explain<primitive::xxh64_batch>().chosen == usable[1]);
    BOOST_TEST((fd::select<primitive::xxh64_batch>().token == usable[1]));
    BOOST_TEST_REQUIRE(fastprim::set_policy("", "").has_value());
    BOOST_TEST((fd::select<primitive::xxh64_batch>().token == usable.front()));
  }
}

BOOST_AUTO_TEST_CASE(forcing_scalar_everywhere) {
  BOOST_TEST_REQUIRE(fastprim::set_policy("scalar", "").has_value());
  BOOST_TEST(fd::explain<primitive::xxh64>().chosen == backend::scalar);
  // A compile-time choice (the target flags guarantee a backend) ignores overrides by design.
  if (!fd::pruned<primitive::xxh64_batch>::compile_time)
    BOOST_TEST((fd::select<primitive::xxh64_batch>().token == backend::scalar));
  else
    BOOST_TEST((fd::select<primitive::xxh64_batch>().token == fd::pruned<primitive::xxh64_batch>::rows.b[0]));
  // A forced backend a primitive does not have falls back to its best usable one.
  BOOST_TEST_REQUIRE(fastprim::set_policy("x86_shani", "").has_value());
  BOOST_TEST(fd::explain<primitive::xxh64>().chosen == fd::usable_backends<primitive::xxh64>().front());
  restore_env_policy();  // the forced run stays forced for the cases below
}

BOOST_AUTO_TEST_CASE(unknown_tokens_are_errors) {
  auto r = fastprim::set_policy("", "x86_vaes,not_a_backend");
  BOOST_TEST(!r.has_value());
  BOOST_TEST(r.code() == fastprim::errc::unknown_backend);
  BOOST_TEST(!fastprim::set_policy("sclar", "").has_value());
  BOOST_TEST(!fastprim::set_policy("scalar,x86_vaes", "").has_value());  // forcing takes one token
  std::string bad;
  BOOST_TEST(fd::parse_backend_list(" scalar , hwy_avx2,,oops ", bad) ==
             (fd::bit(backend::scalar) | fd::bit(backend::hwy_avx2)));
  BOOST_TEST(bad == "'oops'");
}

// meson runs this suite once more with FASTPRIM_DISABLE=no_such_backend in the environment.
BOOST_AUTO_TEST_CASE(unknown_env_token_reported) {
  const char* d = std::getenv("FASTPRIM_DISABLE");
  const std::string err = fastprim::policy_error();
  if (d && std::string(d) == "no_such_backend") {
    BOOST_TEST(err.find("'no_such_backend'") != std::string::npos, err);
    BOOST_TEST(fastprim::report().find("no_such_backend") != std::string::npos);
  } else {
    BOOST_TEST(err.empty(), err);
  }
}

BOOST_AUTO_TEST_CASE(pin_and_unavailable) {
  for (backend b : fastprim::all_backends) {
    const bool usable = fd::kernels_for<primitive::xxh64>(b) != nullptr;
    auto r = fd::pin<primitive::xxh64>(b);
    BOOST_TEST(r.has_value() == usable, fastprim::to_string(b));
    if (usable) BOOST_TEST((fd::select<primitive::xxh64>().token == b));
    fd::unpin<primitive::xxh64>();
  }
  BOOST_TEST(fd::pin<primitive::xxh64>(backend::x86_shani).code() == fastprim::errc::unavailable_backend);
}

BOOST_AUTO_TEST_CASE(report_names_every_primitive_and_reason) {
  const std::string rep = fastprim::report();
  BOOST_TEST(rep.find("cpu:") != std::string::npos);
  for (std::size_t i = 0; i < fastprim::primitive_count; ++i)
    BOOST_TEST(rep.find(std::string(fastprim::to_string(static_cast<primitive>(i)))) != std::string::npos);
  const auto c = fd::explain<primitive::xxh64_batch>();
  BOOST_TEST(c.rows.size() == fd::order(primitive::xxh64_batch).size());
  int chosen = 0;
  for (auto row : c.rows) chosen += row.why == fd::reason::chosen;
  BOOST_TEST(chosen == 1);
}

// Where a microarchitecture has its own order, the report lists it and the choice follows it.
// Under FASTPRIM_BACKEND the rows keep that order, and the forced backend is chosen over the
// first usable one.
BOOST_AUTO_TEST_CASE(tuning_order_is_followed) {
  const auto forced = forced_by_env();
  const auto tuning = fastprim::tuning_of(fastprim::cpu());
  auto check = [&]<primitive P>() {
    const auto ord = fd::order(P, tuning);
    const auto c = fd::explain<P>();
    BOOST_TEST_REQUIRE(c.rows.size() == ord.size());
    for (std::size_t i = 0; i < ord.size(); ++i) BOOST_TEST((c.rows[i].b == ord[i]));
    if (forced) return check_forced<P>(*forced);
    const auto usable = fd::usable_backends<P>();
    BOOST_TEST_REQUIRE(!usable.empty());
    BOOST_TEST((c.chosen == usable.front()));
    // usable_backends() is a subsequence of the vendor order
    std::size_t j = 0;
    for (backend b : ord)
      if (j < usable.size() && usable[j] == b) ++j;
    BOOST_TEST(j == usable.size());
  };
  check.template operator()<primitive::pac>();
  check.template operator()<primitive::sha256_batch>();
  check.template operator()<primitive::aes>();
  if (tuning == fastprim::cpu_tuning::intel)
    BOOST_TEST((fd::order(primitive::pac, tuning).front() == backend::hwy_avx3));
  if (tuning != fastprim::cpu_tuning::generic)
    BOOST_TEST((fd::order(primitive::sha256_batch, tuning).front() == backend::hwy_avx3));
}

// The tuning from vendor and family: Intel; AMD from family 26 (Zen 5) on; the default otherwise.
BOOST_AUTO_TEST_CASE(tuning_of_vendor_and_family) {
  using fastprim::cpu_tuning, fastprim::cpu_vendor;
  const auto of = [](cpu_vendor v, int family) {
    fastprim::cpu_caps c;
    c.vendor = v;
    c.family = family;
    return fastprim::tuning_of(c);
  };
  BOOST_TEST((of(cpu_vendor::intel, 6) == cpu_tuning::intel));
  BOOST_TEST((of(cpu_vendor::amd, 25) == cpu_tuning::generic));  // Zen 3, Zen 4
  BOOST_TEST((of(cpu_vendor::amd, 26) == cpu_tuning::amd_zen5));
  BOOST_TEST((of(cpu_vendor::other, 26) == cpu_tuning::generic));
  BOOST_TEST((fd::order(primitive::sha256_batch, cpu_tuning::generic).front() == backend::x86_shani));
}

// The AVX-512 SHA-256 lanes bind their chain-associated form on Zen 5 only.
BOOST_AUTO_TEST_CASE(sha256_lanes_form_by_tuning) {
  using fastprim::cpu_vendor;
  using k [[maybe_unused]] = fd::kernels_of<primitive::sha256_batch>;
  [[maybe_unused]] const auto caps = [](cpu_vendor v, int family) {
    fastprim::cpu_caps c;
    c.vendor = v;
    c.family = family;
    return c;
  };
  [[maybe_unused]] const auto check = [&](backend b, const fd::sha256_kernels* plain,
                                          const fd::sha256_kernels* chain) {
    BOOST_TEST((chain != plain));
    BOOST_TEST((k::refine(b, caps(cpu_vendor::amd, 26), plain) == chain));
    BOOST_TEST((k::refine(b, caps(cpu_vendor::amd, 25), plain) == plain));
    BOOST_TEST((k::refine(b, caps(cpu_vendor::intel, 6), plain) == plain));
    BOOST_TEST(std::string(k::variant_name(chain)) == "rounds associated for the e chain");
  };
#if HWY_TARGETS & HWY_AVX3
  check(backend::hwy_avx3, fd::sha::N_AVX3::sha256_k, fd::sha::N_AVX3::sha256_k_chain);
#endif
  // Every other backend usable here keeps its table on Zen 5 (builds without the AVX-512 targets,
  // e.g. aarch64, and the forced-scalar run check this much).
  int others = 0;
  for (backend b : fd::usable_backends<primitive::sha256_batch>()) {
    if (b == backend::hwy_avx3) continue;
    const fd::sha256_kernels* t = fd::kernels_for<primitive::sha256_batch>(b);
    BOOST_TEST_REQUIRE(t != nullptr);
    BOOST_TEST((k::refine(b, caps(cpu_vendor::amd, 26), t) == k::refine(b, caps(cpu_vendor::amd, 25), t)),
               fastprim::to_string(b));
    ++others;
  }
  BOOST_TEST_MESSAGE(others << " backends without the chain form checked");
}

#if FASTPRIM_ARCH_X86_64
// Calls f(a0, ..., a5) with the upper halves of ymm0-15 all ones (what AVX code that skips
// vzeroupper leaves behind) and tells whether the upper halves of ymm0 and ymm15 are zero when it
// returns. A legacy-SSE kernel leaves them as they were; one entered through sse_entry runs a
// vzeroupper first (detail/sse_entry.hpp).
__attribute__((target("avx"))) bool uppers_zero_after(const void* f, std::uintptr_t a0, std::uintptr_t a1,
                                                      std::uintptr_t a2, std::uintptr_t a3, std::uintptr_t a4,
                                                      std::uintptr_t a5) {
  unsigned char zero;
  register std::uintptr_t r8 __asm__("r8") = a4;
  register std::uintptr_t r9 __asm__("r9") = a5;
  __asm__ volatile(
      "vpcmpeqd %%ymm0, %%ymm0, %%ymm0\n\t"
      "vmovdqa %%ymm0, %%ymm1\n\t vmovdqa %%ymm0, %%ymm2\n\t vmovdqa %%ymm0, %%ymm3\n\t"
      "vmovdqa %%ymm0, %%ymm4\n\t vmovdqa %%ymm0, %%ymm5\n\t vmovdqa %%ymm0, %%ymm6\n\t"
      "vmovdqa %%ymm0, %%ymm7\n\t vmovdqa %%ymm0, %%ymm8\n\t vmovdqa %%ymm0, %%ymm9\n\t"
      "vmovdqa %%ymm0, %%ymm10\n\t vmovdqa %%ymm0, %%ymm11\n\t vmovdqa %%ymm0, %%ymm12\n\t"
      "vmovdqa %%ymm0, %%ymm13\n\t vmovdqa %%ymm0, %%ymm14\n\t vmovdqa %%ymm0, %%ymm15\n\t"
      "mov %%rsp, %%rbx\n\t"
      "sub $128, %%rsp\n\t"  // past the red zone
      "and $-16, %%rsp\n\t"
      "call *%[f]\n\t"
      "mov %%rbx, %%rsp\n\t"
      "vextractf128 $1, %%ymm0, %%xmm1\n\t"
      "vextractf128 $1, %%ymm15, %%xmm2\n\t"
      "vpor %%xmm2, %%xmm1, %%xmm1\n\t"
      "vptest %%xmm1, %%xmm1\n\t"
      "setz %[zero]"
      : [zero] "=r"(zero), "+D"(a0), "+S"(a1), "+d"(a2), "+c"(a3), "+r"(r8), "+r"(r9)
      : [f] "r"(f)
      : "rax", "rbx", "r10", "r11", "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
        "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
  return zero != 0;
}

template <class R, class... A>
bool uppers_zero_after(R (*f)(A...) noexcept, auto... args) {
  static_assert(sizeof...(args) == sizeof...(A) && sizeof...(args) <= 6);
  std::uintptr_t a[6] = {std::uintptr_t(args)...};
  return uppers_zero_after(reinterpret_cast<const void*>(f), a[0], a[1], a[2], a[3], a[4], a[5]);
}

// Every mode kernel of an AES table, for each key size, leaves the uppers zero.
void aes_modes_clear_uppers(const fd::aes_kernels& k, fd::aes_round_keys& ks, std::byte* buf,
                            std::byte* out) {
  for (const fd::aes_mode_kernels& m : k.by_rounds) {
    BOOST_TEST(uppers_zero_after(m.encrypt_block, &ks, buf, out));
    BOOST_TEST(uppers_zero_after(m.decrypt_block, &ks, buf, out));
    BOOST_TEST(uppers_zero_after(m.encrypt_ecb, &ks, buf, out, 2));
    BOOST_TEST(uppers_zero_after(m.decrypt_ecb, &ks, buf, out, 2));
    BOOST_TEST(uppers_zero_after(m.encrypt_cbc, &ks, out + 32, buf, out, 2));
    BOOST_TEST(uppers_zero_after(m.decrypt_cbc, &ks, out + 32, buf, out, 2));
    BOOST_TEST(uppers_zero_after(m.ctr, &ks, out + 32, out + 48, buf, out, 2));
  }
}

// On a CPU with AVX, every kernel of the tables bound for x86_shani, x86_aesni and hwy_ssse3 (and
// x86_vaes's key expansion, x86_aesni's) starts from zeroed upper halves; the plain legacy-SSE
// kernel called directly, the control, does not.
BOOST_AUTO_TEST_CASE(legacy_sse_kernels_entered_with_vzeroupper) {
  const fastprim::cpu_caps& c = fastprim::cpu();
  if (!c.avx) {  // no upper state to clear: the plain tables must be bound
#if FASTPRIM_HWY_SSSE3_AVX
    BOOST_TEST((fd::kernels_for<primitive::aes>(backend::hwy_ssse3) == fd::aes::N_SSSE3::kernels));
#endif
#if FASTPRIM_HAVE_X86_AESNI
    if (fd::cpu_supports(backend::x86_aesni, c))
      BOOST_TEST((fd::kernels_for<primitive::aes>(backend::x86_aesni) == &fd::aes::x86_aesni::kernels));
#endif
#if FASTPRIM_HAVE_X86_SHANI
    if (fd::cpu_supports(backend::x86_shani, c))
      BOOST_TEST(
          (fd::kernels_for<primitive::sha256>(backend::x86_shani) == fd::sha::x86_shani::sha256_get()));
#endif
    return;
  }
  alignas(64) std::byte buf[256] = {}, out[64] = {};
  const std::uint32_t* iv256 = fd::sha256_iv.data();
  const std::uint32_t* iv1 = fd::sha1_iv.data();
  std::uint32_t st[8] = {};
  const std::span<const std::byte> msg(buf, 100);
  std::array<std::byte, 32> d32[1];
  std::array<std::byte, 20> d20[1];
#if FASTPRIM_HAVE_X86_SHANI
  if (c.sha && c.sse4_1) {
    BOOST_TEST(!uppers_zero_after(&fd::sha::x86_shani::sha256_hash, iv256, buf, 100, 0, out));  // the control
    const auto check = [&](const auto* k, const std::uint32_t* iv, auto* digests) {
      BOOST_TEST_REQUIRE(k != nullptr);
      BOOST_TEST(uppers_zero_after(k->compress, st, buf, 1));
      BOOST_TEST(uppers_zero_after(k->batch, &msg, 1, digests));
      BOOST_TEST(uppers_zero_after(k->hash, iv, buf, 100, 0, out));
      BOOST_TEST(uppers_zero_after(k->hmac, iv, iv, buf, 100, out));
    };
    check(fd::kernels_for<primitive::sha256>(backend::x86_shani), iv256, d32);
    check(fd::kernels_for<primitive::sha256_batch>(backend::x86_shani), iv256, d32);
    check(fd::kernels_for<primitive::sha1>(backend::x86_shani), iv1, d20);
    check(fd::kernels_for<primitive::sha1_batch>(backend::x86_shani), iv1, d20);
  }
#endif
#if FASTPRIM_HAVE_X86_AESNI
  if (c.aes && c.sse4_1) {
    fd::aes_round_keys ks{};
    BOOST_TEST(!uppers_zero_after(fd::aes::x86_aesni::kernels.expand_key, &ks, buf, 16));  // the control
    std::vector<const fd::aes_kernels*> tables{fd::kernels_for<primitive::aes>(backend::x86_aesni)};
    if (const fd::aes_kernels* v = fd::kernels_for<primitive::aes>(backend::x86_vaes)) tables.push_back(v);
    for (const fd::aes_kernels* k : tables) {
      BOOST_TEST_REQUIRE(k != nullptr);
      BOOST_TEST(uppers_zero_after(k->expand_key, &ks, buf, 16));
    }
    const fd::aes_kernels* k = tables.front();
    aes_modes_clear_uppers(*k, ks, buf, out);
  }
#endif
#if FASTPRIM_HWY_SSSE3_AVX
  // Highway's SSSE3 target: every SIMD kernel of its tables (its SHA tables' compress, hash and
  // hmac are the scalar backend's).
  if (c.ssse3) {
    const fd::pac_schedule sched = fd::make_pac_schedule(fastprim::pac::algorithm::qarma5, {1, 2}, true);
    std::uint64_t words[4] = {1, 2, 3, 4};
    BOOST_TEST(!uppers_zero_after(fd::pac::N_SSSE3::kernels->single[0], &sched, 1, 2));  // the control
    const fd::pac_kernels* pk = fd::kernels_for<primitive::pac>(backend::hwy_ssse3);
    BOOST_TEST_REQUIRE(pk != nullptr);
    for (int a = 0; a < 2; ++a) {
      BOOST_TEST(uppers_zero_after(pk->single[a], &sched, 1, 2));
      BOOST_TEST(uppers_zero_after(pk->batch[a], &sched, words, words + 2, out, 2));
    }
    BOOST_TEST(uppers_zero_after(pk->qarma_any, &sched, 1, 2));
    BOOST_TEST(uppers_zero_after(pk->qarma_any_batch, &sched, words, words + 2, out, 2));
    BOOST_TEST(uppers_zero_after(pk->qarma64, 1, 2, 3, 4, 5, unsigned(fastprim::pac::sbox::sigma1)));
    const auto* s256 = fd::kernels_for<primitive::sha256_batch>(backend::hwy_ssse3);
    const auto* s1 = fd::kernels_for<primitive::sha1_batch>(backend::hwy_ssse3);
    BOOST_TEST_REQUIRE((s256 != nullptr && s1 != nullptr));
    BOOST_TEST(uppers_zero_after(s256->batch, &msg, 1, d32));
    BOOST_TEST(uppers_zero_after(s1->batch, &msg, 1, d20));
    const fd::aes_kernels* ak = fd::kernels_for<primitive::aes>(backend::hwy_ssse3);
    BOOST_TEST_REQUIRE(ak != nullptr);
    fd::aes_round_keys ks{};
    BOOST_TEST(uppers_zero_after(ak->expand_key, &ks, buf, 16));
    aes_modes_clear_uppers(*ak, ks, buf, out);
  }
#endif
}
#endif

BOOST_AUTO_TEST_SUITE_END()
