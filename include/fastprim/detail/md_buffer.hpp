// fastprim/detail/md_buffer.hpp: Merkle-Damgard plumbing shared by SHA-1 and SHA-256, written
// once: block buffering for streaming, the final padding (FIPS 180-4 section 5.1.1: 0x80, zeros,
// 64-bit big-endian bit length), the one-shot path, the streaming state, and the lane scheduler
// that feeds many independent messages to a multi-lane kernel. The public streaming interface
// built on it is fastprim/md_hasher.hpp.
// ISA: none (portable, constexpr-capable). Constant-time: yes (branches and indices depend on
// lengths only, never on message or key bytes).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <type_traits>

#include "fastprim/detail/config.hpp"
#include "fastprim/detail/endian.hpp"
#include "fastprim/detail/secure_zero.hpp"

FASTPRIM_NAMESPACE_BEGIN

namespace detail {

inline constexpr std::size_t md_block_size = 64;

// A raw compression function: `nblocks` consecutive 64-byte blocks at `blocks` into `state`.
using md_compress_fn = void (*)(std::uint32_t* state, const std::byte* blocks, std::size_t nblocks) noexcept;

// Copies `n` bytes of any byte-like type into std::byte storage (constant evaluation cannot
// reinterpret).
template <class T>
constexpr void md_copy(std::byte* dst, const T* src, std::size_t n) noexcept {
  if (std::is_constant_evaluated()) {
    for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<std::byte>(src[i]);
  } else if (n != 0) {
    std::memcpy(dst, src, n);
  }
}

// Writes the padded final block(s) of a message of `total` bytes whose last `tail_len` (< 64)
// bytes are at `tail` into `out` (128 bytes). Returns the number of blocks: 1 if the tail leaves
// room for the 0x80 byte and the 8-byte length (tail_len <= 55), else 2.
template <class T>
constexpr std::size_t md_pad(std::byte* out, const T* tail, std::size_t tail_len,
                             std::uint64_t total) noexcept {
  const std::size_t nblocks = tail_len < md_block_size - 8 ? 1 : 2;
  const std::size_t len_at = nblocks * md_block_size - 8;
  md_copy(out, tail, tail_len);
  out[tail_len] = std::byte{0x80};
  if (std::is_constant_evaluated()) {
    for (std::size_t i = tail_len + 1; i < len_at; ++i) out[i] = std::byte{0};
  } else {
    std::memset(out + tail_len + 1, 0, len_at - tail_len - 1);
  }
  store_be<std::uint64_t>(out + len_at, total << 3);
  return nblocks;
}

// Run-time md_pad for little-endian targets, built for the compress that follows: every
// 16-byte chunk is assembled in registers and written with one 16-byte store (no libc calls),
// so the kernel's 16-byte loads are forwarded from the store buffer instead of stalling.
FASTPRIM_ALWAYS_INLINE std::uint64_t md_load_partial(const std::byte* p, std::size_t k) noexcept {  // k < 8
  std::uint64_t v = 0;
  if (k & 4) {
    std::uint32_t x;
    std::memcpy(&x, p + (k & 3), 4);
    v = std::uint64_t{x} << (8 * (k & 3));
  }
  if (k & 2) {
    std::uint16_t x;
    std::memcpy(&x, p + (k & 1), 2);
    v |= std::uint64_t{x} << (8 * (k & 1));
  }
  if (k & 1) v |= std::uint64_t{std::to_integer<std::uint8_t>(p[0])};
  return v;
}

// Bytes [start, start + 16) of the padded tail as one 16-byte store.
FASTPRIM_ALWAYS_INLINE void md_pad_chunk(std::byte* out, const std::byte* tail, std::size_t tail_len,
                                         std::size_t start, std::uint64_t bitlen_be, bool last) noexcept {
  typedef std::uint64_t u64x2 __attribute__((vector_size(16)));  // GNU vector extension
  u64x2 v;
  if (tail_len >= start + 16) {
    std::memcpy(&v, tail + start, 16);
  } else {
    std::uint64_t lo = 0, hi = 0;
    if (tail_len >= start) {
      const std::size_t have = tail_len - start;  // 0..15, the 0x80 goes at `have`
      if (have >= 8) {
        std::memcpy(&lo, tail + start, 8);
        hi = md_load_partial(tail + start + 8, have - 8) | (std::uint64_t{0x80} << (8 * (have - 8)));
      } else {
        lo = md_load_partial(tail + start, have) | (std::uint64_t{0x80} << (8 * have));
      }
    }
    if (last) hi = bitlen_be;
    v = u64x2{lo, hi};
  }
  std::memcpy(out + start, &v, 16);
}

// Run-time md_pad for little-endian targets, built for the compress that follows: every
// 16-byte chunk is assembled in registers and written with one 16-byte store (no libc calls),
// so the kernel's 16-byte loads are forwarded from the store buffer instead of stalling.
FASTPRIM_ALWAYS_INLINE std::size_t md_pad_fast(std::byte* out, const std::byte* tail, std::size_t tail_len,
                                               std::uint64_t total) noexcept {
  if constexpr (std::endian::native != std::endian::little) {
    return md_pad(out, tail, tail_len, total);
  } else {
    const std::uint64_t bitlen_be = byteswap(total << 3);
    md_pad_chunk(out, tail, tail_len, 0, bitlen_be, false);
    md_pad_chunk(out, tail, tail_len, 16, bitlen_be, false);
    md_pad_chunk(out, tail, tail_len, 32, bitlen_be, false);
    if (tail_len < md_block_size - 8) {
      md_pad_chunk(out, tail, tail_len, 48, bitlen_be, true);
      return 1;
    }
    md_pad_chunk(out, tail, tail_len, 48, bitlen_be, false);
    typedef std::uint64_t u64x2 __attribute__((vector_size(16)));
    const u64x2 z = {0, 0}, l = {0, bitlen_be};
    std::memcpy(out + 64, &z, 16);
    std::memcpy(out + 80, &z, 16);
    std::memcpy(out + 96, &z, 16);
    std::memcpy(out + 112, &l, 16);
    return 2;
  }
}

template <std::size_t Words, std::size_t DigestSize>
constexpr void md_store_digest(std::byte* out, const std::uint32_t* state) noexcept {
  static_assert(DigestSize == 4 * Words);
  for (std::size_t i = 0; i < Words; ++i) store_be<std::uint32_t>(out + 4 * i, state[i]);
}

// One-shot hash of `n` bytes at `p`, continuing from `state` after `prefix` bytes were already
// absorbed (0 for a plain hash, 64 for HMAC's keyed states). Short messages take one call to
// `compress` with the padding built on the stack.
template <std::size_t Words, std::size_t DigestSize, class T, class Compress>
constexpr std::array<std::byte, DigestSize> md_oneshot(const std::uint32_t* init, const T* p, std::size_t n,
                                                       std::uint64_t prefix, Compress compress) noexcept {
  std::uint32_t st[Words] = {};
  for (std::size_t i = 0; i < Words; ++i) st[i] = init[i];
  const std::size_t full = n / md_block_size;
  if (full != 0) {
    if constexpr (std::is_same_v<std::remove_cv_t<T>, std::byte>) {
      compress(st, p, full);
    } else if (std::is_constant_evaluated()) {
      std::byte blk[md_block_size] = {};
      for (std::size_t b = 0; b < full; ++b) {
        md_copy(blk, p + b * md_block_size, md_block_size);
        compress(st, blk, 1);
      }
    } else {
      compress(st, reinterpret_cast<const std::byte*>(p), full);
    }
  }
  alignas(16) std::byte pad[2 * md_block_size];
  if (std::is_constant_evaluated())
    for (auto& b : pad) b = std::byte{0};
  const std::size_t tail = n % md_block_size;
  if constexpr (std::is_same_v<std::remove_cv_t<T>, std::byte>) {
    if (!std::is_constant_evaluated()) {
      compress(st, pad, md_pad_fast(pad, p + full * md_block_size, tail, prefix + n));
    } else {
      compress(st, pad, md_pad(pad, p + full * md_block_size, tail, prefix + n));
    }
  } else {
    compress(st, pad, md_pad(pad, p + full * md_block_size, tail, prefix + n));
  }
  std::array<std::byte, DigestSize> out{};
  md_store_digest<Words, DigestSize>(out.data(), st);
  if (!std::is_constant_evaluated()) {
    secure_zero(pad, sizeof pad);
    secure_zero(st, sizeof st);
  }
  return out;
}

// Whole-message kernel entry points, one per backend table next to `compress`:
//   hash: `out` = digest of the `n` bytes at `p`, continuing from chaining value `init` after
//         `prefix` bytes (0 for a plain hash, 64 for HMAC's keyed states);
//   hmac: `out` = HMAC tag of the `n` bytes at `p` from the chaining values after the ipad
//         block (`istate`) and the opad block (`ostate`).
// Backends with registers to spare keep the state in them from the first block to the digest;
// the portable versions below go through md_oneshot.
using md_hash_fn = void (*)(const std::uint32_t* init, const std::byte* p, std::size_t n,
                            std::uint64_t prefix, std::byte* out) noexcept;
using md_hmac_fn = void (*)(const std::uint32_t* istate, const std::uint32_t* ostate, const std::byte* p,
                            std::size_t n, std::byte* out) noexcept;

template <std::size_t Words, std::size_t DigestSize, auto Compress>
FASTPRIM_ZERO_REGS void md_hash_with(const std::uint32_t* init, const std::byte* p, std::size_t n,
                                     std::uint64_t prefix, std::byte* out) noexcept {
  const auto d = md_oneshot<Words, DigestSize>(init, p, n, prefix, Compress);
  std::memcpy(out, d.data(), DigestSize);
}

template <std::size_t Words, std::size_t DigestSize, auto Compress>
FASTPRIM_ZERO_REGS void md_hmac_with(const std::uint32_t* istate, const std::uint32_t* ostate,
                                     const std::byte* p, std::size_t n, std::byte* out) noexcept {
  auto ih = md_oneshot<Words, DigestSize>(istate, p, n, md_block_size, Compress);
  const auto t = md_oneshot<Words, DigestSize>(ostate, ih.data(), DigestSize, md_block_size, Compress);
  std::memcpy(out, t.data(), DigestSize);
  secure_zero(ih.data(), DigestSize);
}

// Streaming state: chaining value, byte count and the partial block.
template <std::size_t Words>
struct md_state {
  std::uint32_t h[Words];
  std::uint64_t total;  // bytes absorbed so far, including any prefix
  std::byte buf[md_block_size];

  constexpr void init(const std::uint32_t* iv, std::uint64_t prefix = 0) noexcept {
    for (std::size_t i = 0; i < Words; ++i) h[i] = iv[i];
    total = prefix;
  }

  void update(const std::byte* p, std::size_t n, md_compress_fn compress) noexcept {
    if (n == 0) return;
    std::size_t fill = static_cast<std::size_t>(total % md_block_size);
    total += n;
    if (fill != 0) {
      const std::size_t take = n < md_block_size - fill ? n : md_block_size - fill;
      std::memcpy(buf + fill, p, take);
      p += take;
      n -= take;
      if (fill + take < md_block_size) return;
      compress(h, buf, 1);
    }
    const std::size_t full = n / md_block_size;
    if (full != 0) compress(h, p, full);
    std::memcpy(buf, p + full * md_block_size, n % md_block_size);
  }

  // Pads a copy; the state itself stays usable for further updates.
  template <std::size_t DigestSize>
  std::array<std::byte, DigestSize> digest(md_compress_fn compress) const noexcept {
    std::uint32_t st[Words];
    std::memcpy(st, h, sizeof st);
    alignas(16) std::byte pad[2 * md_block_size];
    compress(st, pad, md_pad(pad, buf, static_cast<std::size_t>(total % md_block_size), total));
    std::array<std::byte, DigestSize> out;
    md_store_digest<Words, DigestSize>(out.data(), st);
    secure_zero(pad, sizeof pad);
    secure_zero(st, sizeof st);
    return out;
  }
};

// ---- many independent messages through a multi-lane kernel ------------------------------------
//
// With `idx`, the batch is messages msgs[idx[0 .. n)] (digests to out[idx[..]]).
// `kernel(active, states, blocks, nblocks)` advances `active` (1..MaxL) lanes by `nblocks`
// consecutive blocks each: lane i hashes blocks[i][0 .. 64*nblocks) into states[i]. Every lane
// runs the message's full blocks straight from the caller's buffer, then its one or two padded
// blocks from the lane's own stack slot. A lane that finishes takes the next message, so lanes
// stay busy with messages of mixed lengths; `active` drops below L only at the end of the batch.
// MaxL >= L: when every message left fits into the lanes (at most MaxL at once), they all start,
// so that a batch does not end with one message alone (a lone SHA-NI stream is latency-bound).
template <std::size_t Words, std::size_t DigestSize, std::size_t L, class Kernel, std::size_t MaxL = L>
FASTPRIM_ZERO_REGS_INNER void md_batch(const std::uint32_t* iv, const std::span<const std::byte>* msgs,
                                       std::size_t n, std::array<std::byte, DigestSize>* out, Kernel&& kernel,
                                       const std::size_t* idx = nullptr) noexcept {
  static_assert(MaxL >= L);
  struct lane {
    std::uint32_t h[Words];
    const std::byte* p;
    std::size_t left;  // blocks left in the current phase
    std::size_t tail_blocks;
    std::size_t msg;
    bool in_tail;
    alignas(16) std::byte tail[2 * md_block_size];
  };
  lane lanes[MaxL];
  std::size_t slot[MaxL];  // slot[0 .. active) name the busy lanes
  for (std::size_t i = 0; i < MaxL; ++i) slot[i] = i;
  std::size_t active = 0, next = 0;

  auto start = [&](lane& ln, std::size_t m) {
    if (idx) m = idx[m];
    const std::byte* p = msgs[m].data();
    const std::size_t len = msgs[m].size();
    for (std::size_t i = 0; i < Words; ++i) ln.h[i] = iv[i];
    ln.msg = m;
    ln.left = len / md_block_size;
    ln.tail_blocks = md_pad_fast(ln.tail, p + ln.left * md_block_size, len % md_block_size, len);
    ln.p = p;
    ln.in_tail = false;
    if (ln.left == 0) {
      ln.p = ln.tail;
      ln.left = ln.tail_blocks;
      ln.in_tail = true;
    }
  };

  for (;;) {
    while (active < L && next < n) start(lanes[slot[active++]], next++);
    if (n - next <= MaxL - active)
      while (next < n) start(lanes[slot[active++]], next++);
    if (active == 0) break;
    std::uint32_t* states[MaxL];
    const std::byte* blocks[MaxL];
    std::size_t k = ~std::size_t{0};
    for (std::size_t i = 0; i < active; ++i) {
      lane& ln = lanes[slot[i]];
      states[i] = ln.h;
      blocks[i] = ln.p;
      if (ln.left < k) k = ln.left;
    }
    kernel(active, states, blocks, k);
    for (std::size_t i = 0; i < active;) {
      lane& ln = lanes[slot[i]];
      ln.p += k * md_block_size;
      ln.left -= k;
      if (ln.left != 0) {
        ++i;
      } else if (!ln.in_tail) {
        ln.p = ln.tail;
        ln.left = ln.tail_blocks;
        ln.in_tail = true;
        ++i;
      } else {
        md_store_digest<Words, DigestSize>(out[ln.msg].data(), ln.h);
        const std::size_t s = slot[i];
        slot[i] = slot[--active];
        slot[active] = s;
      }
    }
  }
  secure_zero(lanes, sizeof lanes);
}

// ---- whole messages through a multi-lane block kernel --------------------------------------------
//
// Lane l reads its message block by block and then its padded tail, built at start() with 16-byte
// stores (so the kernel's loads are forwarded); blocks 0, 1, ... come from next(l, b) in order.
// The tails are wiped when the object goes.
template <std::size_t L>
struct md_lane_blocks {
  alignas(16) std::byte tail[L][2 * md_block_size];
  const std::byte* p[L];
  std::size_t full[L];

  FASTPRIM_ALWAYS_INLINE void start(std::size_t l, std::span<const std::byte> m) noexcept {
    const std::size_t n = m.size();
    p[l] = m.data();
    full[l] = n / md_block_size;
    md_pad_fast(tail[l], p[l] + full[l] * md_block_size, n % md_block_size, n);
  }
  FASTPRIM_ALWAYS_INLINE const std::byte* next(std::size_t l, std::size_t b) noexcept {
    if (b == full[l]) p[l] = tail[l];
    const std::byte* q = p[l];
    p[l] += md_block_size;
    return q;
  }
  ~md_lane_blocks() { secure_zero(tail, sizeof tail); }
};

// When messages of one length end in a padding block of their own (length % 64 == 0, or 56..63
// bytes past a block boundary), that last block holds no message byte and is the same for all of
// them: 0x80 first when the length is a multiple of 64 (else zeros) and the bit length at the end.
// Returns whether msgs[0 .. n) are such, writing the block to `out` (64 bytes) when they are. Lane
// kernels compute its message schedule once, with scalar code, instead of in every lane.
inline bool md_shared_last_block(const std::span<const std::byte>* msgs, std::size_t n,
                                 std::byte* out) noexcept {
  const std::size_t len = msgs[0].size(), tail = len % md_block_size;
  if (tail != 0 && tail < md_block_size - 8) return false;
  for (std::size_t i = 1; i < n; ++i)
    if (msgs[i].size() != len) return false;
  std::memset(out, 0, md_block_size);
  if (tail == 0) out[0] = std::byte{0x80};
  store_be<std::uint64_t>(out + md_block_size - 8, std::uint64_t{len} << 3);
  return true;
}

// ---- many independent messages, whole messages at a time ----------------------------------------
//
// For kernels that hash whole messages of the same padded length, L at a time, the state in
// registers: `run(msgs, out, groups, lanes, nb)` hashes `groups` groups of `lanes` (1..MaxL)
// consecutive messages msgs[0 .. groups * lanes) of `nb` blocks each (padding included) into
// out[..]. Consecutive messages of the same padded block count form a run, so a batch of equal or
// similar lengths is hashed in one pass per message. With MaxL = L + 1 (kernels for any lane
// count), a run of two or more goes through `run` in groups of L and one smaller group (a
// remainder of one joins the last group: a lone stream is latency-bound); with MaxL = L (SIMD
// lanes, a group costs L lanes however many are used) only whole groups do. Everything else goes
// to `rest(idx, k)` (md_batch over msgs[idx[0 .. k)]), whose lanes refill as messages of
// different lengths finish.
template <std::size_t L, std::size_t MaxL, std::size_t DigestSize, class Run, class Rest>
FASTPRIM_ZERO_REGS_INNER void md_batch_runs(const std::span<const std::byte>* msgs, std::size_t n,
                                            std::array<std::byte, DigestSize>* out, Run&& run,
                                            Rest&& rest) noexcept {
  static_assert(L >= 2 && (MaxL == L || MaxL == L + 1));
  const auto blocks = [msgs](std::size_t i) { return (msgs[i].size() + 8) / md_block_size + 1; };
  constexpr std::size_t kRest = 64;
  std::size_t rest_idx[kRest], nrest = 0;
  const auto to_rest = [&](std::size_t from, std::size_t to) FASTPRIM_ZERO_REGS_INNER {
    for (std::size_t m = from; m < to; ++m) {
      rest_idx[nrest++] = m;
      if (nrest == kRest) {
        rest(rest_idx, nrest);
        nrest = 0;
      }
    }
  };
  for (std::size_t i = 0; i < n;) {
    const std::size_t nb = blocks(i);
    std::size_t j = i + 1;
    while (j < n && blocks(j) == nb) ++j;
    const std::size_t r = j - i;
    std::size_t groups = r / L, left = r % L;
    if (MaxL == L || r == 1) {
      if (groups != 0) run(msgs + i, out + i, groups, L, nb);
      to_rest(i + groups * L, j);
    } else {
      if (left == 1 && groups != 0) --groups, left = L + 1;  // ... L, L, L + 1
      if (groups != 0) run(msgs + i, out + i, groups, L, nb);
      if (left != 0) run(msgs + i + groups * L, out + i + groups * L, 1, left, nb);
    }
    i = j;
  }
  if (nrest != 0) rest(rest_idx, nrest);
}

}  // namespace detail
FASTPRIM_NAMESPACE_END
