// Constant-time: yes (hardware SHA instructions; no data-dependent branches or indices).
// fastprim/sha/sha1_x86_shani_rounds.hpp: the SHA-1 SHA-NI round loop, included by
// sha1_x86_shani.hpp once per variant: FASTPRIM_SHA1_SHANI_TARGET is the variant's target
// attribute, FASTPRIM_SHA1_SHANI_AVX512 (0 or 1) whether it may use AVX-512VL. No include guard
// (deliberately); the includer opens the variant's namespace.

// sha1nexte(abcd, m) = m + (rol30(A), 0, 0, 0), A the top lane of abcd. With AVX-512VL it runs
// off the SHA port (vprord + masked vpaddd): on Intel every SHA instruction issues on the one
// port of sha1rnds4, the dependency chain, so this shortens it (the SSE equivalent is slower).
FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_ALWAYS_INLINE __m128i sha1_nexte(__m128i abcd, __m128i m) noexcept {
#if FASTPRIM_SHA1_SHANI_AVX512
  return _mm_mask_add_epi32(m, 0x8, m, _mm_ror_epi32(abcd, 2));
#else
  return _mm_sha1nexte_epu32(abcd, m);
#endif
}

#if FASTPRIM_SHA1_SHANI_AVX512
// sha1msg2(x, w4) with 3 cycles from w4 (W[t-4..t-1], the previous group's words) to the result,
// where sha1msg2 takes about 6: on Intel the message schedule, a chain of sha1msg2 one group
// apart, was longer than the rounds' and bound bulk SHA-1. With x = (x3, x2, x1, x0) (x3 the top
// lane, for W[t]):
//   W[t..t+2] = rol1(x3..x1 ^ W[t-3..t-1])
//   W[t+3] = rol1(x0 ^ W[t]) = rol1(x0) ^ rol2(x3) ^ rol2(W[t-3])
// so W = rol1(x) ^ (lane 0: rol2(x3)) ^ rolv(W[t-3], W[t-2], W[t-1], W[t-3]; by 1, 1, 1, 2); only
// the last term (vpshufd, vprolvd) waits for w4.
FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_ALWAYS_INLINE __m128i sha1_msg2_short(__m128i x, __m128i w4) noexcept {
  const __m128i b = _mm_rolv_epi32(_mm_shuffle_epi32(w4, 0x92), _mm_set_epi32(1, 1, 1, 2));
  return _mm_ternarylogic_epi32(_mm_rol_epi32(x, 1), _mm_srli_si128(_mm_rol_epi32(x, 2), 12), b, 0x96);
}
#endif

// sha1rnds4 takes its round function as an immediate; `f` is a constant after unrolling.
FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_ALWAYS_INLINE __m128i sha1_rnds4(__m128i abcd, __m128i e,
                                                                     int f) noexcept {
  switch (f) {
    case 0:
      return _mm_sha1rnds4_epu32(abcd, e, 0);
    case 1:
      return _mm_sha1rnds4_epu32(abcd, e, 1);
    case 2:
      return _mm_sha1rnds4_epu32(abcd, e, 2);
    default:
      return _mm_sha1rnds4_epu32(abcd, e, 3);
  }
}

// Group g (rounds 4g..4g+3) of one lane: `ecur` is E plus this group's words, `prev` receives the
// group's input ABCD; the words W[4g+16..] replace m[g & 3] (g < 16). Also called group by group
// between other work (authenc).
FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_ALWAYS_INLINE void sha1_group(__m128i& abcd, __m128i& ecur, __m128i& prev,
                                                                  __m128i* m, int g) noexcept {
  prev = abcd;
  abcd = sha1_rnds4(abcd, ecur, g / 5);
  // E of the next four rounds is rol30 of this group's A, folded into its words.
  if (g < 19) ecur = sha1_nexte(prev, m[(g + 1) & 3]);
  if (g < 16) {
    // W[t..t+3] = rol1(W[t-3..] ^ W[t-8..] ^ W[t-14..] ^ W[t-16..])
    // sha1msg1 (W[t-16..] ^ W[t-14..]) by palignr and pxor: on Ice Lake every SHA
    // instruction shares one port with sha1rnds4, the chain.
    const __m128i w16 = m[g & 3];
    const __m128i x =
        _mm_xor_si128(_mm_xor_si128(w16, _mm_alignr_epi8(w16, m[(g + 1) & 3], 8)), m[(g + 2) & 3]);
#if FASTPRIM_SHA1_SHANI_AVX512
    m[g & 3] = sha1_msg2_short(x, m[(g + 3) & 3]);
#else
    m[g & 3] = _mm_sha1msg2_epu32(x, m[(g + 3) & 3]);
#endif
  }
}

// One block for each of L lanes, lane l's words W0..W15 in m[0..3][l] (W0 in the top lane of
// m[0][l], as sha1rnds4 expects), into abcd[l]/e[l].
template <std::size_t L>
FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_ALWAYS_INLINE void sha1_block_words(__m128i* abcd, __m128i* e,
                                                                        __m128i (*m)[L]) noexcept {
  __m128i abcd0[L], e0[L], ecur[L], prev[L], w[L][4];
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) {
    abcd0[l] = abcd[l];
    e0[l] = e[l];
    ecur[l] = _mm_add_epi32(e[l], m[0][l]);
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j) w[l][j] = m[j][l];
  }
#pragma GCC unroll 20
  for (int g = 0; g < 20; ++g) {
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) sha1_group(abcd[l], ecur[l], prev[l], w[l], g);
  }
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) {
    e[l] = sha1_nexte(prev[l], e0[l]);
    abcd[l] = _mm_add_epi32(abcd[l], abcd0[l]);
  }
}

// One block for each of L lanes (lane l's block at src[l]) into abcd[l]/e[l].
template <std::size_t L>
FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_ALWAYS_INLINE void sha1_block_lanes(
    __m128i* abcd, __m128i* e, const std::byte* const* src) noexcept {
  // Big-endian words with W0 in the top lane: every byte of a 16-byte chunk in reverse order.
  const __m128i reverse = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  __m128i m[4][L];
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l)
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j)
      m[j][l] = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src[l] + 16 * j)), reverse);
  sha1_block_words<L>(abcd, e, m);
}

// The state s[0..4] (A..E) as sha1rnds4 wants it: ABCD with A in the top lane, and E000.
FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_ALWAYS_INLINE void sha1_load_state(const std::uint32_t* s, __m128i& abcd,
                                                                       __m128i& e) noexcept {
  abcd = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s)), 0x1B);  // ABCD
  e = _mm_set_epi32(static_cast<int>(s[4]), 0, 0, 0);                                    // E000
}

// Lane l hashes `nblocks` consecutive blocks at blocks[l] into states[l].
template <std::size_t L>
FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_ALWAYS_INLINE void sha1_compress_lanes(std::uint32_t* const* states,
                                                                           const std::byte* const* blocks,
                                                                           std::size_t nblocks) noexcept {
  __m128i abcd[L], e[L];
  const std::byte* p[L];
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) {
    sha1_load_state(states[l], abcd[l], e[l]);
    p[l] = blocks[l];
  }
  for (; nblocks != 0; --nblocks) {
    sha1_block_lanes<L>(abcd, e, p);
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) p[l] += md_block_size;
  }
#pragma GCC unroll 8
  for (std::size_t l = 0; l < L; ++l) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(states[l]), _mm_shuffle_epi32(abcd[l], 0x1B));
    states[l][4] = static_cast<std::uint32_t>(_mm_extract_epi32(e[l], 3));
  }
}

// The digest: A B C D big-endian (every byte of ABCD, A in the top lane, in reverse order), then E.
FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_ALWAYS_INLINE void sha1_store_digest(std::byte* out, __m128i abcd,
                                                                         __m128i e) noexcept {
  const __m128i reverse = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_shuffle_epi8(abcd, reverse));
  const std::uint32_t e_be = byteswap(static_cast<std::uint32_t>(_mm_extract_epi32(e, 3)));
  std::memcpy(out + 16, &e_be, 4);
}

// Whole messages, L at a time, as sha256_hash_lanes: `groups` groups of L consecutive messages
// of `nb` padded blocks each, lane l's digest to out[l], the state in registers throughout.
template <std::size_t L>
FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_ALWAYS_INLINE void sha1_hash_lanes(const std::span<const std::byte>* msgs,
                                                                       std::array<std::byte, 20>* out,
                                                                       std::size_t nb,
                                                                       std::size_t groups) noexcept {
  const __m128i abcd_iv = _mm_set_epi32(static_cast<int>(sha1_iv[0]), static_cast<int>(sha1_iv[1]),
                                        static_cast<int>(sha1_iv[2]), static_cast<int>(sha1_iv[3]));
  const __m128i e_iv = _mm_set_epi32(static_cast<int>(sha1_iv[4]), 0, 0, 0);
  md_lane_blocks<L> lb;
  for (; groups != 0; --groups, msgs += L, out += L) {
    __m128i abcd[L], e[L];
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) {
      abcd[l] = abcd_iv;
      e[l] = e_iv;
      lb.start(l, msgs[l]);
    }
    for (std::size_t b = 0; b < nb; ++b) {
      const std::byte* src[L];
#pragma GCC unroll 8
      for (std::size_t l = 0; l < L; ++l) src[l] = lb.next(l, b);
      sha1_block_lanes<L>(abcd, e, src);
    }
#pragma GCC unroll 8
    for (std::size_t l = 0; l < L; ++l) sha1_store_digest(out[l].data(), abcd[l], e[l]);
  }
}

// ---- whole messages with the state in registers (as sha256_hash / sha256_hmac) ------------------

// Every block of the message (`n` bytes at `p`, after `prefix` bytes already absorbed), the
// padding included (built in registers), into abcd/e.
FASTPRIM_SHA1_SHANI_TARGET FASTPRIM_ALWAYS_INLINE void sha1_absorb(__m128i& abcd, __m128i& e,
                                                                   const std::byte* p, std::size_t n,
                                                                   std::uint64_t prefix) noexcept {
  const __m128i reverse = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  for (std::size_t b = n / md_block_size, i = 0; i < b; ++i) {
    const std::byte* src[1] = {p + i * md_block_size};
    sha1_block_lanes<1>(&abcd, &e, src);
  }
  const sha_tail tl = sha_tail_load(p, n, prefix);
  __m128i m[4][1] = {{_mm_shuffle_epi8(tl.c0, reverse)},
                     {_mm_shuffle_epi8(tl.c1, reverse)},
                     {_mm_shuffle_epi8(tl.c2, reverse)},
                     {_mm_shuffle_epi8(tl.c3, reverse)}};
  sha1_block_words<1>(&abcd, &e, m);
  if (tl.two) {
    const __m128i z = _mm_setzero_si128();
    __m128i m2[4][1] = {{z}, {z}, {z}, {_mm_shuffle_epi8(tl.len, reverse)}};
    sha1_block_words<1>(&abcd, &e, m2);
  }
}

FASTPRIM_ZERO_REGS FASTPRIM_SHA1_SHANI_TARGET inline void sha1_hash(const std::uint32_t* init,
                                                                    const std::byte* p, std::size_t n,
                                                                    std::uint64_t prefix,
                                                                    std::byte* out) noexcept {
#if FASTPRIM_SHA1_SHANI_AVX512
  FASTPRIM_ZERO_REGS_EVEX(true);
#endif
  __m128i abcd, e;
  sha1_load_state(init, abcd, e);
  sha1_absorb(abcd, e, p, n, prefix);
  sha1_store_digest(out, abcd, e);
}

FASTPRIM_ZERO_REGS FASTPRIM_SHA1_SHANI_TARGET inline void sha1_hmac(const std::uint32_t* istate,
                                                                    const std::uint32_t* ostate,
                                                                    const std::byte* p, std::size_t n,
                                                                    std::byte* out) noexcept {
#if FASTPRIM_SHA1_SHANI_AVX512
  FASTPRIM_ZERO_REGS_EVEX(true);
#endif
  __m128i abcd, e, oabcd, oe;
  sha1_load_state(istate, abcd, e);
  sha1_load_state(ostate, oabcd, oe);
  sha1_absorb(abcd, e, p, n, md_block_size);
  // The outer block: the inner digest A..E as W0..W4 (A B C D is abcd, A in the top lane; E is
  // the top lane of e, the others zero), 0x80 as W5, zeros, and the bit length of opad block +
  // digest, (64 + 20) * 8, as W15.
  __m128i m[4][1] = {{abcd},
                     {_mm_or_si128(e, _mm_set_epi32(0, static_cast<int>(0x80000000u), 0, 0))},
                     {_mm_setzero_si128()},
                     {_mm_set_epi32(0, 0, 0, (64 + 20) * 8)}};
  sha1_block_words<1>(&oabcd, &oe, m);
  sha1_store_digest(out, oabcd, oe);
}
