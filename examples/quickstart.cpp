// quickstart: every primitive once, as the README shows them.
#include <array>
#include <cstdio>
#include <fastprim/fastprim.hpp>
#include <vector>

int main() {
  std::vector<std::byte> msg(1000, std::byte{'a'});

  // XXH64: one-shot, streaming, batch.
  const std::uint64_t h = fastprim::xxh64(msg, 7);
  fastprim::xxh64_state st{7};
  st.update(std::span(msg).first(10));
  st.update(std::span(msg).subspan(10));
  std::array<std::span<const std::byte>, 2> inputs{std::span(msg).first(32), std::span(msg).last(32)};
  std::array<std::uint64_t, 2> hashes{};
  if (!fastprim::xxh64_batch(inputs, hashes) || st.digest() != h) return 1;

  // SHA-256 and HMAC.
  constexpr auto abc = fastprim::sha256::hash("abc");  // evaluated at compile time
  fastprim::hmac<fastprim::sha256> mac{std::string_view("key")};
  const auto tag = mac.compute(msg);
  if (!mac.verify(msg, tag) || abc[0] != std::byte{0xba}) return 1;

  // AES: errors are values.
  const std::array<std::byte, 16> key{}, iv{};
  auto aes = fastprim::aes::create(key);
  if (!aes) return std::puts(aes.message().data()), 1;
  std::vector<std::byte> out(msg.size());
  if (auto r = aes->ctr(iv, msg, out); !r) return std::puts(r.message().data()), 1;
  auto bad = fastprim::aes::create(std::span(key).first(15));
  std::printf("aes backend %s; a 15-byte key: %s\n", fastprim::to_string(aes->backend()).data(), bad.message().data());

  // PAC: sign and authenticate a pointer the way QEMU's PACIA/AUTIA do.
  namespace pac = fastprim::pac;
  const pac::key k{0x0123456789abcdefull, 0xfedcba9876543210ull};
  pac::keyed_pac cipher{pac::algorithm::qarma5, k};
  const auto cfg = pac::config::from_tcr_el1(0x80100010, pac::algorithm::qarma5, pac::feature_level::pauth);
  const std::uint64_t ptr = 0x0000aaaadeadbeefull, modifier = 0x42;
  const std::uint64_t signed_ptr = pac::add_pac(cfg, ptr, modifier, cipher, pac::key_id::ia);
  const pac::auth_result ok = pac::auth(cfg, signed_ptr, modifier, cipher, pac::key_id::ia);
  const pac::auth_result forged = pac::auth(cfg, signed_ptr, modifier + 1, cipher, pac::key_id::ia);
  std::printf("pac: %016llx -> %016llx; auth %s; wrong modifier gives %016llx\n", (unsigned long long)ptr,
              (unsigned long long)signed_ptr, ok.value == ptr ? "ok" : "FAILED", (unsigned long long)forged.value);
  return ok.value == ptr && forged.value != ptr ? 0 : 1;
}
