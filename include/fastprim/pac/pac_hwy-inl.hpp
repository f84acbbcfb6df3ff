// Constant-time: yes (S-boxes and cell permutations are in-register byte shuffles,
// TableLookupBytes, or bitsliced boolean formulas; no memory tables indexed by secrets, no
// branches on secrets).
// fastprim/pac/pac_hwy-inl.hpp: QARMA-64 / ComputePAC with Highway. Lane kernels: one cell per
// byte in a 128-bit block (one PAC per block): S-boxes composed with the MixColumns coefficients
// rho, rho^2 are value lookups, and each MixColumns term composed with the cell shuffles is one
// position lookup. Single calls use one 128-bit vector and relabelled cell layouts
// (qarma::simd_relabel: three shuffle latencies per layer; on AVX-512 with vpternlog); the lane
// batch puts one PAC in every 128-bit block of the widest vector and keeps four vectors in
// flight. QARMA5/QARMA3 batches on AVX3 and AVX2 are bitsliced instead (namespace bs:
// 64 x lanes PACs per block, bit planes after a 64x64 bit transpose). Targets: SSSE3, AVX2, AVX3,
// NEON (not HWY_SCALAR/EMU128: fastprim's own scalar backend serves there). Reference:
// pac-spec.md sections 3-6.
//
// Per-target code: included once per target by detail/hwy_pass.hpp (see dispatch/).
// In fastprim::detail::N_<TARGET>::pac_hwy: `kernels` (const pac_kernels*, nullptr on
// HWY_SCALAR/EMU128) points at `table`, made of
//   std::uint64_t qarma5_single(const pac_schedule&, std::uint64_t data, std::uint64_t modifier)
//   std::uint64_t qarma3_single(...), qarma_any_single(...)   (any rounds / S-box in the schedule)
//   void qarma5_batch(const pac_schedule&, const std::uint64_t* data, const std::uint64_t* modifier,
//                     std::uint64_t* out, std::size_t n)      (and qarma3_batch, qarma_any_batch)
//   std::uint64_t qarma64(p, t, w0, k0, rounds, sbox)         (the paper's general cipher)
// plus the scalar impdef kernels (the hash is a short multiply chain; SIMD does not help).

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/secure_zero.hpp"
#include "fastprim/detail/sse_entry.hpp"
#include "fastprim/pac/pac_kernels.hpp"
#include "fastprim/pac/pac_scalar.hpp"
#include "fastprim/pac/qarma_simd.hpp"

// Per-target part: no toggle guard, detail/hwy_pass.hpp includes this file once per target.
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
FASTPRIM_NAMESPACE_BEGIN
namespace detail::pac {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR && HWY_TARGET != HWY_EMU128
namespace hn = hwy::HWY_NAMESPACE;

template <class D>
HWY_INLINE hn::Vec<D> dup(D d, const std::uint8_t* block16) {
  return hn::LoadDup128(d, block16);
}

// The constant tables of one S-box, broadcast to every 128-bit block.
template <class D>
struct tables {
  hn::Vec<D> f0, f1, f2, b0, b1, b2;  // S, rho S, rho^2 S; S', rho S', rho^2 S'
  hn::Vec<D> fwd1, fwd2, fwd3, bwd1, bwd2, bwd3, refl1, refl2, refl3;
  hn::Vec<D> tweak, tweak_mask, omega, rho1, rho2;

  HWY_INLINE tables(D d, pac::sbox s) {
    const qarma::simd_sbox_tables& st = qarma::simd_sbox[unsigned(s)];
    const qarma::simd_layer_tables& lt = qarma::simd_layers;
    f0 = dup(d, st.fwd[0]), f1 = dup(d, st.fwd[1]), f2 = dup(d, st.fwd[2]);
    b0 = dup(d, st.bwd[0]), b1 = dup(d, st.bwd[1]), b2 = dup(d, st.bwd[2]);
    fwd1 = dup(d, lt.fwd[0]), fwd2 = dup(d, lt.fwd[1]), fwd3 = dup(d, lt.fwd[2]);
    bwd1 = dup(d, lt.bwd[0]), bwd2 = dup(d, lt.bwd[1]), bwd3 = dup(d, lt.bwd[2]);
    refl1 = dup(d, lt.refl[0]), refl2 = dup(d, lt.refl[1]), refl3 = dup(d, lt.refl[2]);
    tweak = dup(d, lt.tweak), tweak_mask = dup(d, lt.tweak_mask), omega = dup(d, lt.omega);
    rho1 = dup(d, lt.rho1), rho2 = dup(d, lt.rho2);
  }
};

template <class V>
HWY_INLINE V lut(V table, V idx) {
  return hn::TableLookupBytes(table, idx);
}

// One cell per byte from 64-bit words: block b of the result holds the cells of word 2b (lo)
// or word 2b+1 (hi) of `words` (u64 lanes).
template <class D>
HWY_INLINE void unpack(D d, hn::Vec<D> words, hn::Vec<D>& lo, hn::Vec<D>& hi) {
  const hn::Repartition<std::uint16_t, D> d16;
  const auto m = hn::Set(d, 0x0F);
  const auto low = hn::And(words, m);                                                        // cells 2i
  const auto high = hn::And(hn::BitCast(d, hn::ShiftRight<4>(hn::BitCast(d16, words))), m);  // 2i+1
  lo = hn::InterleaveLower(d, low, high);
  hi = hn::InterleaveUpper(d, low, high);
}

// Inverse of unpack: block b of the result = [word from `lo` block b, word from `hi` block b].
template <class D>
HWY_INLINE hn::Vec<D> pack(D d, hn::Vec<D> lo, hn::Vec<D> hi) {
  const hn::Repartition<std::uint16_t, D> d16;
  const auto merge = [&](hn::Vec<D> v) {  // byte 2i = cell 2i | cell 2i+1 << 4
    const auto v16 = hn::BitCast(d16, v);
    return hn::BitCast(d, hn::Or(v16, hn::ShiftRight<4>(v16)));
  };
  alignas(16) static constexpr std::uint8_t take_lo[16] = {0,    2,    4,    6,    8,    10,   12,   14,
                                                           0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80};
  alignas(16) static constexpr std::uint8_t take_hi[16] = {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
                                                           0,    2,    4,    6,    8,    10,   12,   14};
  return hn::Or(hn::TableLookupBytesOr0(merge(lo), hn::LoadDup128(d, take_lo)),
                hn::TableLookupBytesOr0(merge(hi), hn::LoadDup128(d, take_hi)));
}

// QARMA-64 encryption of K independent states (one PAC per 128-bit block of each), cells of the
// plaintext `z` and tweak `t` already unpacked. R forward rounds. pac-spec section 5, with every
// linear layer merged into three position lookups of value-looked-up S-box outputs.
template <unsigned R, std::size_t K, class D>
HWY_INLINE void encrypt(D d, const tables<D>& tb, const qarma_simd_keys& k, hn::Vec<D> (&z)[K],
                        hn::Vec<D> (&t)[K]) {
  using V = hn::Vec<D>;
  V tw[R + 1][K];
  for (std::size_t j = 0; j < K; ++j) tw[0][j] = t[j];
  for (unsigned i = 0; i < R; ++i) {
    for (std::size_t j = 0; j < K; ++j) {
      const V u = lut(tw[i][j], tb.tweak);
      tw[i + 1][j] = hn::Xor(u, hn::And(hn::Xor(u, lut(tb.omega, u)), tb.tweak_mask));
    }
  }
  const V a0 = dup(d, k.v_fwd0);
  for (std::size_t j = 0; j < K; ++j) z[j] = hn::Xor3(z[j], a0, tw[0][j]);
  for (unsigned i = 1; i <= R; ++i) {  // rounds 1..R-1, then the central forward round
    const V a1 = dup(d, k.v_fwd1[i]), a2 = dup(d, k.v_fwd2[i]);
    for (std::size_t j = 0; j < K; ++j) {
      const V s1 = hn::Xor3(lut(tb.f1, z[j]), a1, lut(tb.rho1, tw[i][j]));
      const V s2 = hn::Xor3(lut(tb.f2, z[j]), a2, lut(tb.rho2, tw[i][j]));
      z[j] = hn::Xor3(lut(s1, tb.fwd1), lut(s2, tb.fwd2), lut(s1, tb.fwd3));
    }
  }
  {  // S, then the pseudo-reflector tau^-1(M(tau(.)) ^ k0)
    const V kr = dup(d, k.v_refl);
    for (std::size_t j = 0; j < K; ++j) {
      const V s1 = lut(tb.f1, z[j]), s2 = lut(tb.f2, z[j]);
      z[j] = hn::Xor(hn::Xor3(lut(s1, tb.refl1), lut(s2, tb.refl2), lut(s1, tb.refl3)), kr);
    }
  }
  for (unsigned i = R; i >= 1; --i) {  // central backward round, then backward rounds R-1..1
    const V b = dup(d, k.v_bwd[i]);
    for (std::size_t j = 0; j < K; ++j) {
      const V s1 = lut(tb.b1, z[j]), s2 = lut(tb.b2, z[j]);
      const V m = hn::Xor3(lut(s1, tb.bwd1), lut(s2, tb.bwd2), lut(s1, tb.bwd3));
      z[j] = hn::Xor3(m, b, tw[i][j]);
    }
  }
  const V b0 = dup(d, k.v_bwd[0]);
  for (std::size_t j = 0; j < K; ++j) z[j] = hn::Xor3(lut(tb.b0, z[j]), b0, tw[0][j]);
}

// One call, latency-bound: the relabelled layouts of qarma::simd_relabel (three shuffle
// latencies per layer instead of four); the tweak's share of each layer is computed off the
// critical path. The input layout puts the cells where the last layer leaves its output in
// even/odd halves, so the output word is two S-box lookups and a 64-bit XOR.
// `lay[l]`: layer l's key in its output layout (qarma_simd_keys::v_layer); `first`, `last`: the
// words added before the first S-box and after the last.
template <unsigned R>
HWY_INLINE std::uint64_t single(pac::sbox s, const std::uint8_t (*lay)[16], std::uint64_t first,
                                std::uint64_t last, std::uint64_t data, std::uint64_t modifier) {
  using D = hn::Full128<std::uint8_t>;
  using V = hn::Vec<D>;
  const D d;
  const hn::Full128<std::uint64_t> d64;
  const qarma::simd_sbox_tables& st = qarma::simd_sbox[unsigned(s)];
  const qarma::simd_layer_tables& lt = qarma::simd_layers;
  const qarma::simd_relabel& rl = qarma::simd_relabels[R];
  const V f1 = dup(d, st.fwd[1]), f2 = dup(d, st.fwd[2]), b1 = dup(d, st.bwd[1]), b2 = dup(d, st.bwd[2]);
  const V rho1 = dup(d, lt.rho1), rho2 = dup(d, lt.rho2);
  // Round 0's additions on the 64-bit word; u64 lanes [x0, x0 >> 4] masked to nibbles hold the even
  // cells in bytes 0..7 and the odd cells in bytes 8..15; one position lookup makes the input layout.
  const std::uint64_t x0 = data ^ first ^ modifier;
  const V e = hn::And(hn::BitCast(d, hn::InterleaveLower(d64, hn::Set(d64, x0), hn::Set(d64, x0 >> 4))),
                      hn::Set(d, 0x0F));
  V z = rl.in_is_e ? e : lut(e, dup(d, rl.in_from_e));
  V t, t_hi;
  unpack(d, hn::BitCast(d, hn::Set(d64, modifier)), t, t_hi);
  V tw[R + 1];
  tw[0] = t;
  {
    const V ts = dup(d, lt.tweak), tm = dup(d, lt.tweak_mask), om = dup(d, lt.omega);
    for (unsigned i = 0; i < R; ++i) {
      const V u = lut(tw[i], ts);
      tw[i + 1] = hn::IfThenElse(hn::MaskFromVec(tm), lut(om, u), u);
    }
  }
  // Layer l's linear map on s1 = rho S(z), s2 = rho^2 S(z), and its key.
  const auto layer = [&](V s1, V s2, unsigned l, V key) {
    if (rl.rho2_unmoved[l])
      return hn::Xor3(lut(s1, dup(d, rl.q2[l])), lut(s1, dup(d, rl.q3[l])), hn::Xor(s2, key));
    return hn::Xor3(lut(s2, dup(d, rl.q2[l])), lut(s1, dup(d, rl.q3[l])), hn::Xor(s1, key));
  };
  HWY_UNROLL(1)
  for (unsigned l = 0; l < R; ++l) {  // forward rounds 1..R-1 and the central forward round
    const V r1 = lut(rho1, tw[l + 1]), r2 = lut(rho2, tw[l + 1]);
    const V key = hn::Xor(
        hn::Xor3(lut(r1, dup(d, rl.tq[l][0])), lut(r2, dup(d, rl.tq[l][1])), lut(r1, dup(d, rl.tq[l][2]))),
        dup(d, lay[l]));
    z = layer(lut(f1, z), lut(f2, z), l, key);
  }
  z = layer(lut(f1, z), lut(f2, z), R, dup(d, lay[R]));  // pseudo-reflector
  HWY_UNROLL(1)
  for (unsigned i = R; i >= 1; --i) {  // central backward round, backward rounds R-1..1
    const unsigned l = 2 * R + 1 - i;
    const V key = hn::Xor(lut(tw[i], dup(d, rl.sigma_out[l])), dup(d, lay[l]));
    z = layer(lut(b1, z), lut(b2, z), l, key);
  }
  // Last S-box: S'(even cells) in bytes 0..7, S'(odd cells) << 4 in bytes 8..15; the last key on
  // the 64-bit word.
  const V lo = lut(dup(d, st.bwd[0]), z), hi = lut(dup(d, st.bwd_hi), z);
  const auto out =
      hn::Xor(hn::BitCast(d64, lo), hn::InterleaveUpper(d64, hn::BitCast(d64, hi), hn::BitCast(d64, hi)));
  return hn::GetLane(out) ^ last ^ modifier;
}

#if HWY_TARGET == HWY_AVX3
// The same layouts with AVX-512VL/BW on one xmm register, scheduled for a latency-bound call on a
// machine whose shuffle ports are the bottleneck: every three-way XOR is one vpternlog, and the
// tweak's share of layer l (tweak update, rho lookups, three position lookups) is issued in
// program order just after the data path of layer l - kLookahead, so that the older data-path
// shuffles win the ports and the tweak work fills the slots they leave. Critical path per layer:
// S-box lookup, position lookup, vpternlog. It runs as fast as an asm mock-up of its bare data
// path; the layer orders, lookups and layouts tried, and what bounds a layer on Intel and AMD,
// are in docs/performance.md ("PAC", "The single call").
template <unsigned R>
HWY_INLINE std::uint64_t single_avx512(pac::sbox s, const std::uint8_t (*lay)[16], std::uint64_t first,
                                       std::uint64_t last, std::uint64_t data, std::uint64_t modifier) {
  constexpr unsigned kLookahead = 2;
  constexpr unsigned L = 2 * R + 1;
  const qarma::simd_sbox_tables& st = qarma::simd_sbox[unsigned(s)];
  const qarma::simd_layer_tables& lt = qarma::simd_layers;
  const qarma::simd_relabel& rl = qarma::simd_relabels_avx512(R);
  const auto ld = [](const std::uint8_t* p) { return _mm_load_si128(reinterpret_cast<const __m128i*>(p)); };
  constexpr __mmask16 lfsr_cells = [] {
    unsigned m = 0;
    for (unsigned n = 0; n < 16; ++n)
      if ((qarma::tweak_lfsr_cells >> (4 * n)) & 0xF) m |= 1u << n;
    return __mmask16(m);
  }();
  const __m128i m0f = _mm_set1_epi8(0x0F);
  __m128i tw[R + 1];  // tweak cells of rounds 0..R, natural order
  {
    const __m128i b = _mm_cvtsi64_si128(std::int64_t(modifier));
    tw[0] = _mm_unpacklo_epi8(_mm_and_si128(b, m0f), _mm_and_si128(_mm_srli_epi16(b, 4), m0f));
  }
  const __m128i ts = ld(lt.tweak), om = ld(lt.omega);
  __m128i kt[L];  // layer l's key: tweak share ^ key constant, in the layer's output layout
  unsigned tw_done = 0;
  const auto share = [&](unsigned l) {
    if (l >= L) return;
    const unsigned need = l < R ? l + 1 : l == R ? 0 : 2 * R + 1 - l;
    while (tw_done < need) {
      const __m128i u = _mm_shuffle_epi8(tw[tw_done], ts);
      tw[tw_done + 1] = _mm_mask_shuffle_epi8(u, lfsr_cells, om, u);
      ++tw_done;
    }
    if (l < R) {  // forward: MixColumns(tau(t)) as three terms rho, rho^2, rho
      const __m128i t = tw[l + 1];
      const __m128i r1 = _mm_shuffle_epi8(ld(lt.rho1), t), r2 = _mm_shuffle_epi8(ld(lt.rho2), t);
      kt[l] = _mm_xor_si128(
          _mm_ternarylogic_epi64(_mm_shuffle_epi8(r1, ld(rl.tq[l][0])), _mm_shuffle_epi8(r2, ld(rl.tq[l][1])),
                                 _mm_shuffle_epi8(r1, ld(rl.tq[l][2])), 0x96),
          ld(lay[l]));
    } else if (l == R) {  // pseudo-reflector: no tweak
      kt[l] = ld(lay[R]);
    } else {  // backward: the tweak in the layer's layout
      kt[l] = _mm_xor_si128(_mm_shuffle_epi8(tw[2 * R + 1 - l], ld(rl.sigma_out[l])), ld(lay[l]));
    }
  };
  for (unsigned l = 0; l < kLookahead; ++l) share(l);
  const __m128i f1 = ld(st.fwd[1]), f2 = ld(st.fwd[2]), b1 = ld(st.bwd[1]), b2 = ld(st.bwd[2]);
  // Even cells in bytes 0..7, odd cells in bytes 8..15, then the input layout. The first key
  // (first ^ modifier) is split the same way off the data path, so data goes straight to the
  // vector unit and its nibble mask and key are one vpternlog: (e & 0x0F) ^ key.
  const __m128i split = _mm_set_epi64x(4, 0);
  const __m128i key0 =
      _mm_and_si128(_mm_srlv_epi64(_mm_set1_epi64x(std::int64_t(first ^ modifier)), split), m0f);
  const __m128i e = _mm_srlv_epi64(_mm_set1_epi64x(std::int64_t(data)), split);
  __m128i z = _mm_ternarylogic_epi64(e, m0f, key0, 0x6A);
  if (!rl.in_is_e) z = _mm_shuffle_epi8(z, ld(rl.in_from_e));
  HWY_UNROLL(17)
  for (unsigned l = 0; l < L; ++l) {
    const __m128i t1 = l <= R ? f1 : b1, t2 = l <= R ? f2 : b2;
    const __m128i s1 = _mm_shuffle_epi8(t1, z), s2 = _mm_shuffle_epi8(t2, z);
    share(l + kLookahead);
    if (rl.rho2_unmoved[l])  // both position lookups on rho S; rho^2 S stays put
      z = _mm_ternarylogic_epi64(_mm_shuffle_epi8(s1, ld(rl.q2[l])), _mm_shuffle_epi8(s1, ld(rl.q3[l])),
                                 _mm_xor_si128(kt[l], s2), 0x96);
    else
      z = _mm_ternarylogic_epi64(_mm_shuffle_epi8(s2, ld(rl.q2[l])), _mm_shuffle_epi8(s1, ld(rl.q3[l])),
                                 _mm_xor_si128(kt[l], s1), 0x96);
  }
  // S'(even cells) | S'(odd cells) << 4 and the last key. The odd cells (bytes 8..15) move to bytes
  // 0..7 before their lookup (vpshufd, 1 cycle), so the two lookups do not become ready together.
  const __m128i kl = _mm_cvtsi64_si128(std::int64_t(last ^ modifier));
  const __m128i lo = _mm_shuffle_epi8(ld(st.bwd[0]), z);
  const __m128i hi = _mm_shuffle_epi8(ld(st.bwd_hi), _mm_shuffle_epi32(z, 0xEE));  // q1 -> q0
  return std::uint64_t(_mm_cvtsi128_si64(_mm_ternarylogic_epi64(lo, hi, kl, 0x96)));
}
#endif

// Four states in flight: two vector loads, each unpacked into the even and the odd words.
template <unsigned R>
HWY_INLINE void batch(const pac_schedule& sched, const std::uint64_t* data, const std::uint64_t* modifier,
                      std::uint64_t* out, std::size_t n) {
  using D = hn::ScalableTag<std::uint8_t>;
  const D d;
  const hn::Repartition<std::uint64_t, D> d64;
  using V = hn::Vec<D>;
  const std::size_t per = hn::Lanes(d64);  // PACs per vector load
  const tables<D> tb(d, sched.q.s);
  const auto step = [&](const std::uint64_t* dp, const std::uint64_t* mp, std::uint64_t* op) {
    V z[4], t[4];
    unpack(d, hn::BitCast(d, hn::LoadU(d64, dp)), z[0], z[1]);
    unpack(d, hn::BitCast(d, hn::LoadU(d64, dp + per)), z[2], z[3]);
    unpack(d, hn::BitCast(d, hn::LoadU(d64, mp)), t[0], t[1]);
    unpack(d, hn::BitCast(d, hn::LoadU(d64, mp + per)), t[2], t[3]);
    encrypt<R, 4>(d, tb, sched.v, z, t);
    hn::StoreU(hn::BitCast(d64, pack(d, z[0], z[1])), d64, op);
    hn::StoreU(hn::BitCast(d64, pack(d, z[2], z[3])), d64, op + per);
  };
  std::size_t i = 0;
  for (; i + 2 * per <= n; i += 2 * per) step(data + i, modifier + i, out + i);
  if (i < n) {
    constexpr std::size_t max_words = 2 * HWY_MAX_BYTES / 8;
    std::uint64_t bd[max_words] = {}, bm[max_words] = {}, bo[max_words];
    std::memcpy(bd, data + i, (n - i) * 8);
    std::memcpy(bm, modifier + i, (n - i) * 8);
    step(bd, bm, bo);
    std::memcpy(out + i, bo, (n - i) * 8);
  }
}

#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX2
// ---- bitsliced batches -----------------------------------------------------------------------------
// Blocks of 64 * N PACs (N = u64 lanes: 512 on AVX-512, 256 on AVX2). Vector i of a block holds
// PACs i*N .. i*N+N-1, one per u64 lane; a 64x64 bit transpose inside every lane turns the 64
// vectors into 64 bit planes (plane 4n+b = bit b of cell n of 64 PACs per lane), and the cipher is
// the scalar backend's bitsliced S-box formulas (qarma::sub_raw: S(x) ^ S(0), the constant
// folded into the keys of qarma_keys) on planes. Cell shuffles and MixColumns are plane
// renaming plus three-way XORs, the tweak schedule is plane renaming plus 7 XORs per round, and
// the round keys (one per batch) are all-ones/all-zero masks XORed into the planes.
namespace bs {
using D = hn::ScalableTag<std::uint64_t>;
using V = hn::Vec<D>;

#if HWY_TARGET <= HWY_AVX3
template <unsigned Imm>  // vpternlogq: bit (a << 2 | b << 1 | c) of Imm
HWY_INLINE V tern(V a, V b, V c) {
  return V{_mm512_ternarylogic_epi64(a.raw, b.raw, c.raw, Imm)};
}
#endif

// 64x64 bit transpose inside each u64 lane of x[0..63] (an involution): two passes on groups of
// eight vectors, the whole-byte half (the 8x8 byte transpose inside each u64 lane: three exchange
// stages on AVX-512, four levels of unpacks without it, transpose8_bytes) and the bit half (three
// exchange stages).
// exchange's byte shuffles: bytes in the high half of each 2 Bytes take the byte Bytes lower
// (kmask, ctrl_hi); the others take the byte Bytes higher (ctrl_lo).
template <unsigned Bytes>
struct byte_move {
  std::uint64_t kmask = 0;
  alignas(64) std::uint8_t ctrl_hi[64] = {};
  alignas(64) std::uint8_t ctrl_lo[64] = {};
  constexpr byte_move() {
    for (unsigned j = 0; j < 64; ++j)
      if (j % (2 * Bytes) >= Bytes)
        kmask |= std::uint64_t{1} << j, ctrl_hi[j] = std::uint8_t(j % 16 - Bytes);
      else
        ctrl_lo[j] = std::uint8_t(j % 16 + Bytes);
  }
};
template <unsigned Bytes>
alignas(64) inline constexpr byte_move<Bytes> byte_move_of{};

// a's high parts (m << Shift) and b's low parts (m: the low Shift bits of each 2 Shift) trade places.
template <unsigned Shift>
HWY_INLINE void exchange(V& a, V& b, V m) {
#if HWY_TARGET <= HWY_AVX3
  // Both results from the originals: for whole bytes two byte shuffles, each merged under a byte
  // mask (2 uops); else two shifts and two vpternlog selects (4 uops; the XOR-swap form takes 5).
  if constexpr (Shift % 8 == 0) {
    constexpr const byte_move<Shift / 8>& mv = byte_move_of<Shift / 8>;
    const auto hi = static_cast<__mmask64>(mv.kmask);
    const __m512i na = _mm512_mask_shuffle_epi8(a.raw, hi, b.raw, _mm512_load_si512(mv.ctrl_hi));
    b.raw = _mm512_mask_shuffle_epi8(b.raw, static_cast<__mmask64>(~mv.kmask), a.raw,
                                     _mm512_load_si512(mv.ctrl_lo));
    a.raw = na;
  } else {
    const V na = tern<0xCA>(hn::ShiftLeft<Shift>(m), hn::ShiftLeft<Shift>(b), a);  // m << s ? b << s : a
    b = tern<0xCA>(m, hn::ShiftRight<Shift>(a), b);                                // m ? a >> s : b
    a = na;
  }
#else
  const V t = hn::And(hn::Xor(hn::ShiftRight<Shift>(a), b), m);
  b = hn::Xor(b, t);
  a = hn::Xor(a, hn::ShiftLeft<Shift>(t));
#endif
}
template <unsigned S0, unsigned S1, unsigned S2>
HWY_INLINE void transpose8(V* x, unsigned base, unsigned stride, V m0, V m1, V m2) {
  V r[8];
  HWY_UNROLL(8)
  for (unsigned i = 0; i < 8; ++i) r[i] = x[base + stride * i];
  HWY_UNROLL(8)
  for (unsigned i = 0; i < 4; ++i) exchange<S0>(r[i], r[i + 4], m0);
  HWY_UNROLL(8)
  for (unsigned i = 0; i < 8; ++i)
    if (!(i & 2)) exchange<S1>(r[i], r[i + 2], m1);
  HWY_UNROLL(8)
  for (unsigned i = 0; i < 8; i += 2) exchange<S2>(r[i], r[i + 1], m2);
  HWY_UNROLL(8)
  for (unsigned i = 0; i < 8; ++i) x[base + stride * i] = r[i];
}
#if HWY_TARGET > HWY_AVX3
// The whole-byte half of the transpose without AVX-512 (the 8x8 byte transpose inside each u64
// lane of x[base + stride * i], i = 0..7): four levels of unpacks, 32 shuffles, where the three
// XOR-swap stages take 72 ALU ops. In each 128-bit block, with rows A_i (u64 lane 0) and B_i:
// bytes, then 16-bit pairs, then 32-bit quads interleave the rows into columns (A col 2j, A col
// 2j+1) and (B col 2j, B col 2j+1); the u64 unpacks pair them up as (A col j, B col j).
HWY_INLINE void transpose8_bytes(V* x, unsigned base, unsigned stride) {
  const hn::Repartition<std::uint8_t, D> d8;
  const hn::Repartition<std::uint16_t, D> d16;
  const hn::Repartition<std::uint32_t, D> d32;
  const D d64;
  hn::Vec<decltype(d8)> r[8];
  HWY_UNROLL(8)
  for (unsigned i = 0; i < 8; ++i) r[i] = hn::BitCast(d8, x[base + stride * i]);
  hn::Vec<decltype(d16)> p[8];  // p[2k] (A rows 2k, 2k+1), p[2k+1] (B rows 2k, 2k+1)
  HWY_UNROLL(4)
  for (unsigned k = 0; k < 4; ++k) {
    p[2 * k] = hn::BitCast(d16, hn::InterleaveLower(d8, r[2 * k], r[2 * k + 1]));
    p[2 * k + 1] = hn::BitCast(d16, hn::InterleaveUpper(d8, r[2 * k], r[2 * k + 1]));
  }
  hn::Vec<decltype(d32)> q[8];  // q[4h + 2u + l]: rows 4h..4h+3 of A (u = 0) or B, columns 4l..4l+3
  HWY_UNROLL(4)
  for (unsigned hu = 0; hu < 4; ++hu) {  // h = hu / 2, u = hu % 2
    const auto lo = p[2 * (hu & 2) + hu % 2], hi = p[2 * (hu & 2) + 2 + hu % 2];
    q[2 * hu] = hn::BitCast(d32, hn::InterleaveLower(d16, lo, hi));
    q[2 * hu + 1] = hn::BitCast(d32, hn::InterleaveUpper(d16, lo, hi));
  }
  V c[8];  // c[4u + 2l + w]: columns 4l + 2w, 4l + 2w + 1 of A (u = 0) or B, all eight rows
  HWY_UNROLL(4)
  for (unsigned ul = 0; ul < 4; ++ul) {  // u = ul / 2, l = ul % 2
    const auto lo = q[ul], hi = q[4 + ul];
    c[2 * ul] = hn::BitCast(d64, hn::InterleaveLower(d32, lo, hi));
    c[2 * ul + 1] = hn::BitCast(d64, hn::InterleaveUpper(d32, lo, hi));
  }
  HWY_UNROLL(4)
  for (unsigned j = 0; j < 4; ++j) {
    x[base + stride * 2 * j] = hn::InterleaveLower(d64, c[j], c[4 + j]);
    x[base + stride * (2 * j + 1)] = hn::InterleaveUpper(d64, c[j], c[4 + j]);
  }
}
#endif

FASTPRIM_ZERO_REGS_INNER HWY_NOINLINE inline void transpose(V* x) {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  const D d;
  {
#if HWY_TARGET <= HWY_AVX3
    const V m0 = hn::Set(d, 0x00000000FFFFFFFFu), m1 = hn::Set(d, 0x0000FFFF0000FFFFu),
            m2 = hn::Set(d, 0x00FF00FF00FF00FFu);
    HWY_UNROLL(1)
    for (unsigned g = 0; g < 8; ++g) transpose8<32, 16, 8>(x, g, 8, m0, m1, m2);
#else
    HWY_UNROLL(1)
    for (unsigned g = 0; g < 8; ++g) transpose8_bytes(x, g, 8);
#endif
  }
  {
    const V m0 = hn::Set(d, 0x0F0F0F0F0F0F0F0Fu), m1 = hn::Set(d, 0x3333333333333333u),
            m2 = hn::Set(d, 0x5555555555555555u);
    HWY_UNROLL(1)
    for (unsigned g = 0; g < 8; ++g) transpose8<4, 2, 1>(x, 8 * g, 1, m0, m1, m2);
  }
}

// qarma::sub_raw on the four planes of one cell (a = bit 0 .. d = bit 3), in place.
template <pac::sbox S, bool Inverse>
HWY_INLINE void sub_cell(V& pa, V& pb, V& pc, V& pd) {
  const V a = pa, b = pb, c = pc, d = pd;
#if HWY_TARGET <= HWY_AVX3
  // Eight vpternlogq per S-box, depth 2: four functions of three input bits, then each output
  // bit a function of three of those and the inputs (the formulas below take 12 ops here).
  // Found by lab/qarma-sbox-ternlog-search.c; the immediates give sub_raw's S(x) ^ S(0).
  if constexpr (S == pac::sbox::sigma1) {
    const V g0 = tern<0x13>(a, b, c), g1 = tern<0x4e>(b, c, d), g2 = tern<0x52>(a, c, d),
            g3 = tern<0x1e>(b, c, d);
    pa = tern<0x6a>(a, g0, g1), pb = tern<0x7c>(a, g2, g3), pc = tern<0x72>(a, d, g3),
    pd = tern<0xb2>(c, g0, g2);
  } else if constexpr (!Inverse) {  // sigma2
    static_assert(S == pac::sbox::sigma2);
    const V g0 = tern<0x78>(a, b, c), g1 = tern<0x24>(a, c, d), g2 = tern<0x27>(b, c, d),
            g3 = tern<0x6c>(b, c, d);
    pa = tern<0x36>(b, g0, g1), pb = tern<0x8b>(a, g2, g3), pc = tern<0x2e>(c, g0, g3),
    pd = tern<0xe8>(d, g0, g2);
  } else {  // sigma2^-1
    static_assert(S == pac::sbox::sigma2);
    const V g0 = tern<0x71>(a, b, c), g1 = tern<0x49>(a, c, d), g2 = tern<0x19>(a, b, c),
            g3 = tern<0x34>(a, b, c);
    pa = tern<0xc7>(b, g0, g1), pb = tern<0x69>(g0, g1, g2), pc = tern<0xd1>(a, g1, g3),
    pd = tern<0x2b>(d, g2, g3);
  }
#else
  if constexpr (S == pac::sbox::sigma1) {  // an involution
    const V bc = hn::Xor(b, c), ab_and = hn::And(a, b), ad = hn::Xor(a, d), ab_or = hn::Or(a, b);
    const V t4182 = hn::AndNot(bc, ad);
    pc = hn::AndNot(hn::AndNot(ab_and, d), hn::Or(a, bc));
    pa = hn::Xor(hn::AndNot(ab_and, c), t4182);
    pb = hn::Xor(t4182, hn::And(d, ab_or));
    pd = hn::Or(hn::And(b, ad), hn::And(c, ab_or));
  } else if constexpr (!Inverse) {  // sigma2
    static_assert(S == pac::sbox::sigma2);
    const V ac = hn::Xor(a, c), b_nd = hn::AndNot(d, b), ab = hn::Xor(a, b), bd = hn::Or(b, d);
    const V t6f66 = hn::Or(ab, hn::AndNot(c, d));
    pc = hn::Xor(hn::AndNot(a, b), hn::Or(ac, b_nd));
    pd = hn::AndNot(b_nd, t6f66);
    pa = hn::AndNot(hn::And(ac, bd), hn::Or(c, ab));
    pb = hn::Xor3(b, t6f66, hn::Or(ac, bd));
  } else {  // sigma2^-1: 16 gates (lab/qarma-sbox-gate-search.c; 17 by hand before)
    static_assert(S == pac::sbox::sigma2);
    const V t1 = hn::AndNot(b, d), t2 = hn::Xor(c, b);
    const V t4 = hn::Xor(d, t2), t5 = hn::AndNot(t1, t2), t7 = hn::Or(a, t4);
    const V t8 = hn::AndNot(hn::Xor(a, b), t7);
    const V o3 = hn::Xor(t5, hn::AndNot(t4, a));
    pa = hn::Xor(t5, hn::Or(hn::AndNot(t8, o3), t1));
    pb = hn::Xor(hn::AndNot(c, o3), t4);
    pc = hn::Or(hn::AndNot(d, c), t8);
    pd = o3;
  }
#endif
}

// The round keys as masks: word w becomes 64 lanes of 0 or ~0 (bit i of w in lane i).
template <unsigned R>
struct masks {
  std::uint64_t fwd[R + 1][64];  // qarma_keys::fwd
  std::uint64_t refl[64];        // tau^-1(qarma_keys::refl): added after the reflector's tau^-1
  std::uint64_t bwd[R + 1][64];  // qarma_keys::bwd
};
HWY_INLINE void expand_word(std::uint64_t w, std::uint64_t* out) {
  const D d;
  const hn::RebindToSigned<D> di;
  const std::size_t n = hn::Lanes(d);
  const V word = hn::Set(d, w), lane = hn::Iota(d, 0);
  for (std::size_t j = 0; j < 64; j += n) {
    const V up = hn::Shl(word, hn::Sub(hn::Set(d, 63 - j), lane));  // bit j + lane at the top
    hn::StoreU(hn::BitCast(d, hn::BroadcastSignBit(hn::BitCast(di, up))), d, out + j);
  }
}
template <unsigned R>
HWY_INLINE void expand(const qarma_keys& k, masks<R>& m) {
  for (unsigned i = 0; i <= R; ++i) expand_word(k.fwd[i], m.fwd[i]), expand_word(k.bwd[i], m.bwd[i]);
  expand_word(qarma::permute<qarma::cell_inv_shuffle_perm>(k.refl), m.refl);
}

// x ^= key ^ t, plane by plane (t: where each tweak plane is).
HWY_INLINE void add_key_tweak(V* x, const std::uint64_t* key, const V* const* t) {
  const D d;
  HWY_UNROLL(8)
  for (unsigned i = 0; i < 64; ++i) x[i] = hn::Xor3(x[i], hn::Set(d, key[i]), *t[i]);
}

// The tweak schedule as renaming: plane p of the tweak of round i is slot plane[i][p] of the
// tweak store, whose slots 0..63 are the modifier's planes and slot 64 + 7(i-1) + k the k-th
// plane that round i's omega creates (the XOR of slots xor_a and xor_b). TweakShuffle moves
// cells; omega(b3 b2 b1 b0) = (b0^b1, b3, b2, b1) on the LFSR cells moves planes and makes one.
// The backward rounds use the same tweaks in reverse order: no inverse schedule.
template <unsigned R>
struct tweak_slots {
  std::uint8_t plane[R + 1][64];
  std::uint8_t xor_a[R][7], xor_b[R][7];
};
template <unsigned R>
constexpr tweak_slots<R> make_tweak_slots() {
  tweak_slots<R> s{};
  for (unsigned p = 0; p < 64; ++p) s.plane[0][p] = std::uint8_t(p);
  for (unsigned i = 1; i <= R; ++i) {
    unsigned k = 0;
    for (unsigned n = 0; n < 16; ++n) {
      const std::uint8_t* in = s.plane[i - 1] + 4 * qarma::tweak_shuffle_perm[n];
      std::uint8_t* out = s.plane[i] + 4 * n;
      if ((qarma::tweak_lfsr_cells >> (4 * n)) & 0xF) {
        s.xor_a[i - 1][k] = in[0], s.xor_b[i - 1][k] = in[1];
        out[0] = in[1], out[1] = in[2], out[2] = in[3], out[3] = std::uint8_t(64 + 7 * (i - 1) + k);
        ++k;
      } else {
        out[0] = in[0], out[1] = in[1], out[2] = in[2], out[3] = in[3];
      }
    }
  }
  return s;
}
template <unsigned R>
inline constexpr tweak_slots<R> tweak_slots_of = make_tweak_slots<R>();

// One layer, column by column. Kind 0 (forward rounds 1..r-1 and the central forward round):
// y = M(tau(S(x) ^ key ^ t)). Kind 1 (central S and the pseudo-reflector):
// y = tau^-1(M(tau(S(x)))) ^ key. Kind 2 (central backward and backward rounds):
// y = tau^-1(M(S'(x))) ^ key ^ t. rho^e in MixColumns reads bit (b - e) mod 4 of a cell.
// The four columns are unrolled so every plane, key and tweak-pointer index is a constant: rolled,
// the index arithmetic was more than half the instructions (AVX2: 285 a column, 110 vector ops).
template <pac::sbox S, int Kind>
FASTPRIM_ZERO_REGS_INNER HWY_NOINLINE void layer(const V* x, V* y, const std::uint64_t* key,
                                                 const V* const* t) {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  const D d;
  HWY_UNROLL(4)
  for (unsigned c = 0; c < 4; ++c) {
    V in[4][4];
    HWY_UNROLL(4)
    for (unsigned k = 0; k < 4; ++k) {  // the column's cells k = 0..3 after tau (Kind 0, 1)
      const unsigned cell = Kind == 2 ? c + 4 * k : qarma::cell_shuffle_perm[c + 4 * k];
      HWY_UNROLL(4)
      for (unsigned b = 0; b < 4; ++b) in[k][b] = x[4 * cell + b];
      sub_cell<S, Kind == 2>(in[k][0], in[k][1], in[k][2], in[k][3]);
      if constexpr (Kind == 0) {
        HWY_UNROLL(4)
        for (unsigned b = 0; b < 4; ++b)
          in[k][b] = hn::Xor3(in[k][b], hn::Set(d, key[4 * cell + b]), *t[4 * cell + b]);
      }
    }
    HWY_UNROLL(4)
    for (unsigned i = 0; i < 4; ++i) {
      // tau^-1 puts cell m at position CS[m]
      const unsigned cell = Kind == 0 ? c + 4 * i : qarma::cell_shuffle_perm[c + 4 * i];
      HWY_UNROLL(4)
      for (unsigned b = 0; b < 4; ++b) {
        // Outputs i and i + 2 share the rho terms' XOR (cells i + 1 and i + 3, rotated the same);
        // where Xor3 is two XORs (AVX2) the shared one is Xor3's inner XOR: 24 ops, not 32.
        V o = hn::Xor3(in[(i + 2) & 3][(b + 2) & 3], in[(i + 1) & 3][(b + 3) & 3],
                       in[(i + 3) & 3][(b + 3) & 3]);
        if constexpr (Kind == 1) o = hn::Xor(o, hn::Set(d, key[4 * cell + b]));
        if constexpr (Kind == 2) o = hn::Xor3(o, hn::Set(d, key[4 * cell + b]), *t[4 * cell + b]);
        y[4 * cell + b] = o;
      }
    }
  }
}

// The working planes of one block; the pads keep the arrays off the same 4 KiB offsets.
template <unsigned R>
struct state {
  V x[64];
  V pad0[3];
  V y[64];
  V pad1[5];
  V tw[64 + 7 * R];       // the tweak store (tweak_slots)
  const V* t[R + 1][64];  // tweak plane pointers per round
};

template <unsigned R>
HWY_INLINE void init_state(state<R>& st) {
  for (unsigned i = 0; i <= R; ++i)
    for (unsigned p = 0; p < 64; ++p) st.t[i][p] = st.tw + tweak_slots_of<R>.plane[i][p];
}

// out[i] = QARMA(data[i], modifier[i]) for the 64 * N PACs of one block; out may be data.
template <pac::sbox S, unsigned R>
HWY_INLINE void block(const masks<R>& m, state<R>& st, const std::uint64_t* data,
                      const std::uint64_t* modifier, std::uint64_t* out) {
  const D d;
  const std::size_t n = hn::Lanes(d);
  constexpr const tweak_slots<R>& ts = tweak_slots_of<R>;
  V* x = st.x;
  V* y = st.y;
  HWY_UNROLL(8)
  for (unsigned i = 0; i < 64; ++i)
    x[i] = hn::LoadU(d, data + n * i), st.tw[i] = hn::LoadU(d, modifier + n * i);
  transpose(x);
  transpose(st.tw);
  HWY_UNROLL(1)
  for (unsigned j = 0; j < 7 * R; ++j)
    st.tw[64 + j] = hn::Xor(st.tw[ts.xor_a[j / 7][j % 7]], st.tw[ts.xor_b[j / 7][j % 7]]);
  add_key_tweak(x, m.fwd[0], st.t[0]);
  HWY_UNROLL(1)
  for (unsigned i = 1; i <= R; ++i) {
    layer<S, 0>(x, y, m.fwd[i], st.t[i]);
    std::swap(x, y);
  }
  layer<S, 1>(x, y, m.refl, nullptr);
  std::swap(x, y);
  HWY_UNROLL(1)
  for (unsigned i = R; i >= 1; --i) {
    layer<S, 2>(x, y, m.bwd[i], st.t[i]);
    std::swap(x, y);
  }
  HWY_UNROLL(1)
  for (unsigned c = 0; c < 16; ++c) sub_cell<S, true>(x[4 * c], x[4 * c + 1], x[4 * c + 2], x[4 * c + 3]);
  add_key_tweak(x, m.bwd[0], st.t[0]);
  transpose(x);
  HWY_UNROLL(8)
  for (unsigned i = 0; i < 64; ++i) hn::StoreU(x[i], d, out + n * i);
}

// Wipes the key masks and the planes of the last block (with vector stores: a memset of the
// same 20 KiB cost five times as much). The plane pointers
// are not secret.
template <unsigned R>
HWY_INLINE void wipe(masks<R>& m, state<R>& st) {
  const D d;
  const V z = hn::Zero(d);
  for (V& v : st.x) v = z;
  for (V& v : st.y) v = z;
  for (V& v : st.tw) v = z;
  std::uint64_t* w = &m.fwd[0][0];
  static_assert(sizeof(masks<R>) % HWY_MAX_BYTES == 0);
  for (std::size_t i = 0; i < sizeof(masks<R>) / 8; i += hn::Lanes(d)) hn::StoreU(z, d, w + i);
  wipe_barrier(&st);
  wipe_barrier(&m);
}

// PACs per block.
HWY_INLINE std::size_t block_size() { return 64 * hn::Lanes(D()); }

}  // namespace bs

// Whole blocks bitsliced; a remainder of at least half a block is padded to one, a shorter one
// runs on the lane kernel (`batch`), which costs about half as much per PAC as a padded block.
template <pac::sbox S, unsigned R>
HWY_INLINE void batch_bitsliced(const pac_schedule& sched, const std::uint64_t* data,
                                const std::uint64_t* modifier, std::uint64_t* out, std::size_t n) {
  const std::size_t blk = bs::block_size();
  if (n < blk / 2) return batch<R>(sched, data, modifier, out, n);
  bs::masks<R> m;
  bs::expand(sched.q, m);
  bs::state<R> st;
  bs::init_state(st);
  std::size_t i = 0;
  for (; i + blk <= n; i += blk) bs::block<S, R>(m, st, data + i, modifier + i, out + i);
  const std::size_t rest = n - i;
  if (rest >= blk / 2) {
    constexpr std::size_t max_block = 64 * HWY_MAX_BYTES / 8;
    std::uint64_t pad_data[max_block], pad_modifier[max_block];
    std::memcpy(pad_data, data + i, rest * 8);
    std::memcpy(pad_modifier, modifier + i, rest * 8);
    std::memset(pad_data + rest, 0, (blk - rest) * 8);
    std::memset(pad_modifier + rest, 0, (blk - rest) * 8);
    bs::block<S, R>(m, st, pad_data, pad_modifier, pad_data);
    std::memcpy(out + i, pad_data, rest * 8);
    secure_zero(pad_data, sizeof pad_data);
  } else if (rest != 0) {
    batch<R>(sched, data + i, modifier + i, out + i, rest);
  }
  bs::wipe(m, st);
}
#endif

// ---- kernels with plain signatures, for the dispatch table ----------------------------------------

// The best single-call path for R rounds on this target, on a keyed schedule.
template <unsigned R>
HWY_INLINE std::uint64_t single_best(const pac_schedule& s, std::uint64_t data, std::uint64_t modifier) {
#if HWY_TARGET == HWY_AVX3
  return single_avx512<R>(s.q.s, s.v.v_layer_avx512, s.v.first, s.v.last, data, modifier);
#else
  return single<R>(s.q.s, s.v.v_layer, s.v.first, s.v.last, data, modifier);
#endif
}

// The same with the key passed in: the layer keys (make_qarma_simd_keys's v_layer, for this
// target's layouts) are built here, two MixColumns on the 64-bit key words and one cell
// expansion and position lookup per layer, instead of a full schedule (about 30x dearer), then
// wiped.
template <pac::sbox S, unsigned R>
HWY_INLINE std::uint64_t single_key(std::uint64_t k0, std::uint64_t w0, std::uint64_t data,
                                    std::uint64_t modifier) {
  using namespace qarma;
  const hn::Full128<std::uint8_t> d;
  const hn::Full128<std::uint64_t> d64;
#if HWY_TARGET == HWY_AVX3
  const simd_relabel& rl = simd_relabels_avx512(R);
#else
  const simd_relabel& rl = simd_relabels[R];
#endif
  const std::uint64_t w1 = std::rotr(w0, 1) ^ (w0 >> 63);
  const std::uint64_t mk0 = mix_shuffle(k0);
  alignas(16) std::uint8_t lay[2 * R + 1][16];
  HWY_UNROLL(17)
  for (unsigned l = 0; l < 2 * R + 1; ++l) {
    hn::Vec<decltype(d)> cells, unused;
    unpack(d, hn::BitCast(d, hn::Set(d64, simd_layer_key_word(k0, w0, w1, mk0, R, l))), cells, unused);
    hn::Store(lut(cells, dup(d, rl.sigma_out[l])), d, lay[l]);
  }
  const std::uint64_t first = w0 ^ k0 ^ rc[0], last = k0 ^ rc[0] ^ alpha ^ w1;
#if HWY_TARGET == HWY_AVX3
  const std::uint64_t r = single_avx512<R>(S, lay, first, last, data, modifier);
#else
  const std::uint64_t r = single<R>(S, lay, first, last, data, modifier);
#endif
  for (auto& row : lay) hn::Store(hn::Zero(d), d, row);
  wipe_barrier(lay);
  return r;
}

FASTPRIM_ZERO_REGS inline std::uint64_t qarma5_single(const pac_schedule& s, std::uint64_t data,
                                                      std::uint64_t modifier) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  return single_best<5>(s, data, modifier);
}
FASTPRIM_ZERO_REGS inline std::uint64_t qarma3_single(const pac_schedule& s, std::uint64_t data,
                                                      std::uint64_t modifier) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  return single_best<3>(s, data, modifier);
}
FASTPRIM_ZERO_REGS inline std::uint64_t qarma5_key(std::uint64_t key_lo, std::uint64_t key_hi,
                                                   std::uint64_t data, std::uint64_t modifier) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  return single_key<pac::sbox::sigma2, 5>(key_lo, key_hi, data, modifier);
}
FASTPRIM_ZERO_REGS inline std::uint64_t qarma3_key(std::uint64_t key_lo, std::uint64_t key_hi,
                                                   std::uint64_t data, std::uint64_t modifier) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  return single_key<pac::sbox::sigma1, 3>(key_lo, key_hi, data, modifier);
}
FASTPRIM_ZERO_REGS inline std::uint64_t qarma_any_single(const pac_schedule& s, std::uint64_t data,
                                                         std::uint64_t modifier) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  switch (s.q.rounds) {
    case 1:
      return single_best<1>(s, data, modifier);
    case 2:
      return single_best<2>(s, data, modifier);
    case 3:
      return single_best<3>(s, data, modifier);
    case 4:
      return single_best<4>(s, data, modifier);
    case 5:
      return single_best<5>(s, data, modifier);
    case 6:
      return single_best<6>(s, data, modifier);
    case 7:
      return single_best<7>(s, data, modifier);
    default:
      return single_best<8>(s, data, modifier);
  }
}
FASTPRIM_ZERO_REGS inline void qarma5_batch(const pac_schedule& s, const std::uint64_t* data,
                                            const std::uint64_t* modifier, std::uint64_t* out,
                                            std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX2
  batch_bitsliced<pac::sbox::sigma2, 5>(s, data, modifier, out, n);
#else
  batch<5>(s, data, modifier, out, n);
#endif
}
FASTPRIM_ZERO_REGS inline void qarma3_batch(const pac_schedule& s, const std::uint64_t* data,
                                            const std::uint64_t* modifier, std::uint64_t* out,
                                            std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX2
  batch_bitsliced<pac::sbox::sigma1, 3>(s, data, modifier, out, n);
#else
  batch<3>(s, data, modifier, out, n);
#endif
}
FASTPRIM_ZERO_REGS inline void qarma_any_batch(const pac_schedule& s, const std::uint64_t* data,
                                               const std::uint64_t* modifier, std::uint64_t* out,
                                               std::size_t n) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  switch (s.q.rounds) {
    case 1:
      return batch<1>(s, data, modifier, out, n);
    case 2:
      return batch<2>(s, data, modifier, out, n);
    case 3:
      return batch<3>(s, data, modifier, out, n);
    case 4:
      return batch<4>(s, data, modifier, out, n);
    case 5:
      return batch<5>(s, data, modifier, out, n);
    case 6:
      return batch<6>(s, data, modifier, out, n);
    case 7:
      return batch<7>(s, data, modifier, out, n);
    default:
      return batch<8>(s, data, modifier, out, n);
  }
}
// The paper's general QARMA-64 (key schedule built per call).
FASTPRIM_ZERO_REGS inline std::uint64_t qarma64(std::uint64_t p, std::uint64_t t, std::uint64_t w0,
                                                std::uint64_t k0, unsigned rounds, pac::sbox s) noexcept {
  FASTPRIM_ZERO_REGS_EVEX(HWY_TARGET <= HWY_AVX3);
  const pac_schedule sched{make_qarma_keys(k0, w0, rounds, s), make_qarma_simd_keys(k0, w0, rounds), {}};
  return qarma_any_single(sched, p, t);
}

// impdef has no SIMD kernel: the scalar hash is a short multiply chain.
inline constexpr pac_kernels table{
    {&qarma5_single, &qarma3_single, &scalar::pac_impdef_single},
    {&qarma5_batch, &qarma3_batch, &scalar::pac_batch_of<&scalar::pac_impdef_single>},
    &qarma_any_single,
    &qarma_any_batch,
    &qarma64,
    {&qarma5_key, &qarma3_key},
};
FASTPRIM_HWY_EXPORT const pac_kernels* kernels = &table;
#if HWY_TARGET == HWY_SSSE3
// Legacy SSE: on CPUs with AVX the kernels are entered with a vzeroupper (detail/sse_entry.hpp).
inline constexpr pac_kernels table_avx{
    {&sse_entry<&qarma5_single>::call, &sse_entry<&qarma3_single>::call, &scalar::pac_impdef_single},
    {&sse_entry<&qarma5_batch>::call, &sse_entry<&qarma3_batch>::call,
     &scalar::pac_batch_of<&scalar::pac_impdef_single>},
    &sse_entry<&qarma_any_single>::call,
    &sse_entry<&qarma_any_batch>::call,
    &sse_entry<&qarma64>::call,
    {&sse_entry<&qarma5_key>::call, &sse_entry<&qarma3_key>::call},
};
FASTPRIM_HWY_EXPORT const pac_kernels* kernels_avx = &table_avx;
#endif

#else  // HWY_SCALAR / EMU128: fastprim has its own scalar backend
FASTPRIM_HWY_EXPORT const pac_kernels* kernels = nullptr;
#endif

}  // namespace HWY_NAMESPACE
}  // namespace detail::pac
FASTPRIM_NAMESPACE_END
HWY_AFTER_NAMESPACE();
