// Constant-time: yes (AES-NI and SHA-NI instructions; branches depend on public lengths only).
// fastprim/authenc/authenc_x86_aesni.hpp: one-pass AES-CBC encryption + SHA-1 / SHA-256 (the HMAC's
// inner hash over the ciphertext), AES-NI + SHA-NI. Used by the x86_aesni and x86_vaes tokens: CBC
// encryption is one serial chain of aesenc whatever the vector width.
//
// CBC encryption and a SHA compression are each one serial dependency chain, on different units
// (the AES unit, the SHA unit). One loop carries both: each iteration encrypts four blocks and
// compresses 64 bytes of ciphertext written two iterations before, its round groups spread between
// the aesenc rounds, so neither chain waits for the other (docs/performance.md, "authenc").
#pragma once

#include <cstddef>
#include <cstdint>

#include "fastprim/aes/aes_x86_aesni.hpp"
#include "fastprim/authenc/authenc_kernels.hpp"
#include "fastprim/detail/config.hpp"
#include "fastprim/detail/sse_entry.hpp"
#include "fastprim/sha/sha1_x86_shani.hpp"
#include "fastprim/sha/sha256_x86_shani.hpp"

#if FASTPRIM_HAVE_X86_AESNI && FASTPRIM_HAVE_X86_SHANI
#include <immintrin.h>

FASTPRIM_NAMESPACE_BEGIN
namespace detail::authenc::x86_aesni {

// The hash chains, one block at a time in groups of rounds: begin(block), group(0..groups-1), end().
struct sha256_chain {
  static constexpr int groups = 16;
  __m128i abef, cdgh, abef0, cdgh0, m[4];
  FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void load(const std::uint32_t* s) noexcept {
    sha::x86_shani::sha256_load_state(s, abef, cdgh);
  }
  FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void store(std::uint32_t* s) const noexcept {
    sha::x86_shani::sha256_store_state(s, abef, cdgh);
  }
  FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void begin(const std::byte* p) noexcept {
    const __m128i bswap32 = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j)
      m[j] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * j)), bswap32);
    abef0 = abef;
    cdgh0 = cdgh;
  }
  FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void group(int g) noexcept {
    sha::x86_shani::sha256_group(abef, cdgh, m, g);
  }
  FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void end() noexcept {
    abef = _mm_add_epi32(abef, abef0);
    cdgh = _mm_add_epi32(cdgh, cdgh0);
  }
  FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void block(const std::byte* p) noexcept {
    begin(p);
#pragma GCC unroll 16
    for (int g = 0; g < groups; ++g) group(g);
    end();
  }
};

struct sha1_chain {
  static constexpr int groups = 20;
  __m128i abcd, e, abcd0, e0, ecur, prev, m[4];
  FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void load(const std::uint32_t* s) noexcept {
    sha::x86_shani::sha1_load_state(s, abcd, e);
  }
  FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void store(std::uint32_t* s) const noexcept {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(s), _mm_shuffle_epi32(abcd, 0x1B));
    s[4] = static_cast<std::uint32_t>(_mm_extract_epi32(e, 3));
  }
  FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void begin(const std::byte* p) noexcept {
    // Big-endian words with W0 in the top lane: every byte of a 16-byte chunk in reverse order.
    const __m128i reverse = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j)
      m[j] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * j)), reverse);
    abcd0 = abcd;
    e0 = e;
    ecur = _mm_add_epi32(e, m[0]);
  }
  FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void group(int g) noexcept {
    sha::x86_shani::sha1_group(abcd, ecur, prev, m, g);
  }
  FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void end() noexcept {
    e = sha::x86_shani::sha1_nexte(prev, e0);
    abcd = _mm_add_epi32(abcd, abcd0);
  }
  FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void block(const std::byte* p) noexcept {
    begin(p);
#pragma GCC unroll 20
    for (int g = 0; g < groups; ++g) group(g);
    end();
  }
};

// One CBC block (cbc_enc_impl's chain: `s` carries C[i] ^ P[i+1] ^ K[0], R aes latencies per
// block); `last` is the final block of the call, whose ciphertext goes to `c`.
template <int R>
FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void cbc_step(__m128i& s, __m128i& c,
                                                                     const std::byte*& in, std::byte*& out,
                                                                     const aes::x86_aesni::keys<R>& K,
                                                                     __m128i kx, bool last) noexcept {
#pragma GCC unroll 13
  for (int r = 1; r < R; ++r) s = _mm_aesenc_si128(s, K.k[r]);
  if (!last) {
    const __m128i p = aes::x86_aesni::loadu(in + 16);
    s = _mm_aesenclast_si128(s, _mm_xor_si128(kx, p));
    aes::x86_aesni::storeu(out, _mm_xor_si128(s, _mm_xor_si128(K.k[0], p)));
  } else {
    c = _mm_aesenclast_si128(s, K.k[R]);
    aes::x86_aesni::storeu(out, c);
  }
  in += 16;
  out += 16;
}

// Four CBC blocks with one hash block's groups spread between their rounds, so that both
// dependency chains have uops waiting in the scheduler at every moment.
template <int R, class Chain>
FASTPRIM_TARGET_X86_AESNI_SHANI FASTPRIM_ALWAYS_INLINE void cbc4_hash(__m128i& s, const std::byte*& in,
                                                                      std::byte*& out,
                                                                      const aes::x86_aesni::keys<R>& K,
                                                                      __m128i kx, Chain& h,
                                                                      const std::byte* hash) noexcept {
  constexpr int per_block = Chain::groups / 4;
  h.begin(hash);
#pragma GCC unroll 4
  for (int b = 0; b < 4; ++b) {
#pragma GCC unroll 13
    for (int r = 1; r < R; ++r) {
      s = _mm_aesenc_si128(s, K.k[r]);
      if (r <= per_block) h.group(b * per_block + r - 1);  // R - 1 >= 9 rounds carry every group
    }
    const __m128i p = aes::x86_aesni::loadu(in + 16);
    s = _mm_aesenclast_si128(s, _mm_xor_si128(kx, p));
    aes::x86_aesni::storeu(out, _mm_xor_si128(s, _mm_xor_si128(K.k[0], p)));
    in += 16;
    out += 16;
  }
  h.end();
}

template <int R, class Chain>
FASTPRIM_ZERO_REGS FASTPRIM_TARGET_X86_AESNI_SHANI inline void cbc_hash(
    const aes_round_keys& ks, std::byte* iv, const std::byte* in, std::byte* out, std::size_t n,
    std::uint32_t* state, const std::byte* hash, std::size_t nhash) noexcept {
  Chain h;
  h.load(state);
  if (n != 0) {
    const aes::x86_aesni::keys<R> K(ks.bytes);
    const __m128i kx = _mm_xor_si128(K.k[0], K.k[R]);
    __m128i s = _mm_xor_si128(_mm_xor_si128(aes::x86_aesni::loadu(in), aes::x86_aesni::loadu(iv)), K.k[0]);
    __m128i c = s;
    std::size_t left = n;
    // Each iteration hashes a block that ends at least 64 bytes before its own ciphertext: stores
    // two iterations old have left the store buffer, so the hash's loads do not wait on them.
    for (; left > 4; left -= 4) {
      if (nhash != 0 && hash + 128 <= out) {
        cbc4_hash<R>(s, in, out, K, kx, h, hash);
        hash += 64;
        --nhash;
      } else {
        cbc_step<R>(s, c, in, out, K, kx, false);
        cbc_step<R>(s, c, in, out, K, kx, false);
        cbc_step<R>(s, c, in, out, K, kx, false);
        cbc_step<R>(s, c, in, out, K, kx, false);
      }
    }
    for (; left != 0; --left) cbc_step<R>(s, c, in, out, K, kx, left == 1);
    aes::x86_aesni::storeu(iv, c);
  }
  for (; nhash != 0; --nhash, hash += 64) h.block(hash);
  h.store(state);
}

template <int R>
inline constexpr cbc_hash_fn cbc_sha1 = &cbc_hash<R, sha1_chain>;
template <int R>
inline constexpr cbc_hash_fn cbc_sha256 = &cbc_hash<R, sha256_chain>;

inline constexpr authenc_kernels make_kernels(const xts_kernels* xts) noexcept {
  return {xts, {cbc_sha1<10>, cbc_sha1<12>, cbc_sha1<14>}, {cbc_sha256<10>, cbc_sha256<12>, cbc_sha256<14>}};
}

// On CPUs with AVX the kernels are entered with a vzeroupper (detail/sse_entry.hpp).
inline constexpr authenc_kernels make_kernels_avx(const xts_kernels* xts) noexcept {
  return {xts,
          {&sse_entry<&cbc_hash<10, sha1_chain>>::call, &sse_entry<&cbc_hash<12, sha1_chain>>::call,
           &sse_entry<&cbc_hash<14, sha1_chain>>::call},
          {&sse_entry<&cbc_hash<10, sha256_chain>>::call, &sse_entry<&cbc_hash<12, sha256_chain>>::call,
           &sse_entry<&cbc_hash<14, sha256_chain>>::call}};
}

}  // namespace detail::authenc::x86_aesni
FASTPRIM_NAMESPACE_END

#endif  // FASTPRIM_HAVE_X86_AESNI && FASTPRIM_HAVE_X86_SHANI
