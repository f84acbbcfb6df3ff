/* Searches for small circuits of two-input gates for the QARMA S-boxes, the ones the bitsliced PAC
 * batches use on AVX2 (include/fastprim/pac/qarma_hwy-inl.hpp, bs::sub_cell, the #else branch), where
 * each gate is one instruction on 256-bit bit planes. Gate set: AND, OR, XOR and ANDN (~x & y, either
 * operand order), no NOT and no constants; all of them map 0 to 0, as does the function computed,
 * F(x) = S(x) ^ S(0) (qarma::sub_raw, whose constant the key schedule absorbs). The four output bits
 * must each be some gate's output; an output may feed later gates. Truth tables are 16-bit words
 * (bit x = value at input x; a = bit 0 .. d = bit 3 of x, likewise for the outputs pa .. pd).
 *
 * Two parts, for each S-box:
 * - Exhaustive: iterative deepening over straight-line programs, k = 4, 5, .. up to -e (default 9)
 *   gates; "none" for k is a proof that no circuit of k gates exists (nor of fewer). It prunes only
 *   what cannot hold in a circuit of minimal size: no two gates with the same function and none with
 *   the zero function or an input's; an output is computed as soon as one gate can compute it from
 *   what exists (moving it there, with those operands, keeps the size); the other gates ("helpers")
 *   come in a canonical order (a helper that could have been computed before the previous helper has
 *   a larger truth table than it); every input and helper must be used, and k - gates >= the outputs
 *   still missing plus what is needed to use the unused ones. The search grows by about 40x per gate,
 *   so the sizes found (15, 16) are out of its reach: it proves a lower bound only.
 * - Heuristic, when the exhaustive part found nothing: Cartesian genetic programming, a (1+4)
 *   evolution of a 22-gate genome with neutral moves accepted, from fixed seeds (-s seeds of -g
 *   generations each; deterministic). It keeps the fewest gates, then the smallest depth, then orders
 *   the gates (exact dynamic programming over the orders) for the fewest values live at once.
 * Every printed circuit is checked on all 16 inputs. -x also runs the heuristic with a one-gate XOR of
 * three (for interest; AVX2 has none). S-box tables: pac-spec.md section 3 (the QARMA paper's sigma1,
 * sigma2; sigma2^-1).
 *
 * Build and run: cc -O2 -o /tmp/gs lab/qarma-sbox-gate-search.c && /tmp/gs
 * Options: -e 9 -s 16 -g 1000000 are the defaults (about 1 minute on one core; -x adds about as much
 * again); -e 10 proves no circuit of 10 gates, about 2.5 minutes per S-box; -e 11 would take ~40x that.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const int tables[3][16] = {
    {0xa, 0xd, 0xe, 0x6, 0xf, 0x7, 0x3, 0x5, 0x9, 0x8, 0x0, 0xc, 0xb, 0x1, 0x2, 0x4},
    {0xb, 0x6, 0x8, 0xf, 0xc, 0x0, 0x9, 0xe, 0x3, 0x7, 0x4, 0x5, 0xd, 0x2, 0x1, 0xa},
    {0x5, 0xe, 0xd, 0x8, 0xa, 0xb, 0x1, 0x9, 0x2, 0x6, 0xf, 0x0, 0x4, 0xc, 0x7, 0x3}};
/* Set bits of x; a table, since plain cc -O2 on x86-64 makes __builtin_popcount a library call. */
static uint8_t bits16[65536];
static inline int bits(uint32_t x) { return bits16[x & 0xffff] + bits16[x >> 16]; }
static const char* const names[3] = {"sigma1", "sigma2", "sigma2^-1"};
static const uint16_t inputs[4] = {0xaaaa, 0xcccc, 0xf0f0, 0xff00};
static uint16_t target[4]; /* F's output bits */

/* Gate ops: 0 x & y, 1 x | y, 2 x ^ y, 3 ~x & y, 4 x & ~y, 5 x ^ y ^ z (only with -x). */
static inline uint16_t apply(int op, uint16_t x, uint16_t y, uint16_t z) {
  switch (op) {
    case 0:
      return x & y;
    case 1:
      return x | y;
    case 2:
      return x ^ y;
    case 3:
      return (uint16_t)(~x & y);
    case 4:
      return (uint16_t)(x & ~y);
    default:
      return x ^ y ^ z;
  }
}

/* A circuit: nodes 0..3 are the inputs a..d, node 4 + i is gate i (operands of lower index). */
#define MAXG 28
#define MAXN (MAXG + 4)
typedef struct {
  int ng;
  uint8_t op[MAXN], x[MAXN], y[MAXN], z[MAXN];
  uint8_t out[4]; /* node of each output bit */
} circuit;

static int sbox;

/* Evaluates the circuit bit by bit on all 16 inputs against the table. */
static int verify(const circuit* c) {
  for (int in = 0; in < 16; ++in) {
    uint16_t v[MAXN];
    for (int i = 0; i < 4; ++i) v[i] = (uint16_t)((in >> i) & 1);
    for (int i = 4; i < 4 + c->ng; ++i) v[i] = apply(c->op[i], v[c->x[i]], v[c->y[i]], v[c->z[i]]) & 1;
    for (int j = 0; j < 4; ++j)
      if (v[c->out[j]] != (((tables[sbox][in] ^ tables[sbox][0]) >> j) & 1)) return 0;
  }
  return 1;
}
static int arity(int op) { return op == 5 ? 3 : 2; }
/* Drops the gates no output needs. */
static void compact(circuit* c) {
  uint8_t need[MAXN] = {0}, map[MAXN];
  for (int j = 0; j < 4; ++j) need[c->out[j]] = 1;
  for (int i = 3 + c->ng; i >= 4; --i)
    if (need[i]) {
      need[c->x[i]] = need[c->y[i]] = 1;
      if (arity(c->op[i]) == 3) need[c->z[i]] = 1;
    }
  circuit d = *c;
  int n = 4;
  for (int i = 0; i < 4; ++i) map[i] = (uint8_t)i;
  for (int i = 4; i < 4 + c->ng; ++i)
    if (need[i]) {
      d.op[n] = c->op[i], d.x[n] = map[c->x[i]], d.y[n] = map[c->y[i]], d.z[n] = map[c->z[i]];
      map[i] = (uint8_t)n++;
    }
  d.ng = n - 4;
  for (int j = 0; j < 4; ++j) d.out[j] = map[c->out[j]];
  *c = d;
}
static int depth(const circuit* c) {
  int dep[MAXN] = {0}, m = 0;
  for (int i = 4; i < 4 + c->ng; ++i) {
    int d = dep[c->x[i]] > dep[c->y[i]] ? dep[c->x[i]] : dep[c->y[i]];
    if (arity(c->op[i]) == 3 && dep[c->z[i]] > d) d = dep[c->z[i]];
    dep[i] = d + 1;
  }
  for (int j = 0; j < 4; ++j)
    if (dep[c->out[j]] > m) m = dep[c->out[j]];
  return m;
}
static int is_out(const circuit* c, int node) {
  for (int j = 0; j < 4; ++j)
    if (c->out[j] == node) return 1;
  return 0;
}
/* Reorders the gates for the fewest values live at once (inputs until their last use, gate results
 * until theirs, outputs to the end), by dynamic programming over the sets of gates already computed.
 * Returns that number. */
static int schedule(circuit* c) {
  const int g = c->ng;
  uint32_t users[MAXN] = {0}, deps[MAXG] = {0};
  for (int i = 0; i < g; ++i) {
    const int ops[3] = {c->x[4 + i], c->y[4 + i], c->z[4 + i]};
    for (int t = 0; t < arity(c->op[4 + i]); ++t) {
      users[ops[t]] |= 1u << i;
      if (ops[t] >= 4) deps[i] |= 1u << (ops[t] - 4);
    }
  }
  const uint32_t all = (1u << g) - 1;
  uint8_t* best = malloc((size_t)1 << g);
  uint8_t* last = malloc((size_t)1 << g);
  memset(best, 0xff, (size_t)1 << g);
  best[0] = 4;
  for (uint32_t s = 0; s < all; ++s) {
    if (best[s] == 0xff) continue;
    for (int i = 0; i < g; ++i) {
      if (((s >> i) & 1) || (deps[i] & ~s)) continue;
      const uint32_t t = s | (1u << i);
      int live = 0;
      for (int k = 0; k < 4; ++k) live += (users[k] & ~t) != 0;
      for (int k = 0; k < g; ++k)
        if ((t >> k) & 1) live += is_out(c, 4 + k) || (users[4 + k] & ~t) != 0;
      const int v = live > best[s] ? live : best[s];
      if (v < best[t]) best[t] = (uint8_t)v, last[t] = (uint8_t)i;
    }
  }
  const int peak = best[all];
  int order[MAXG];
  for (uint32_t s = all, k = (uint32_t)g; s; s &= ~(1u << last[s])) order[--k] = last[s];
  circuit d = *c;
  uint8_t map[MAXN];
  for (int i = 0; i < 4; ++i) map[i] = (uint8_t)i;
  for (int k = 0; k < g; ++k) map[4 + order[k]] = (uint8_t)(4 + k);
  for (int k = 0; k < g; ++k) {
    const int i = 4 + order[k];
    d.op[4 + k] = c->op[i], d.x[4 + k] = map[c->x[i]], d.y[4 + k] = map[c->y[i]], d.z[4 + k] = map[c->z[i]];
  }
  for (int j = 0; j < 4; ++j) d.out[j] = map[c->out[j]];
  *c = d;
  free(best), free(last);
  return peak;
}
static void print_circuit(const circuit* c) {
  char nm[MAXN][12];
  for (int i = 0; i < 4; ++i) snprintf(nm[i], sizeof nm[i], "%c", 'a' + i);
  int t = 0;
  for (int i = 4; i < 4 + c->ng; ++i) {
    int o = -1;
    for (int j = 0; j < 4; ++j)
      if (c->out[j] == i) o = j;
    if (o >= 0)
      snprintf(nm[i], sizeof nm[i], "p%c", 'a' + o);
    else
      snprintf(nm[i], sizeof nm[i], "t%d", t++);
    const char *x = nm[c->x[i]], *y = nm[c->y[i]];
    char e[64];
    static const char* const fn[4] = {"And", "Or", "Xor", "AndNot"};
    if (c->op[i] == 4) /* x & ~y is AndNot(y, x) */
      snprintf(e, sizeof e, "hn::AndNot(%s, %s)", y, x);
    else if (c->op[i] < 4)
      snprintf(e, sizeof e, "hn::%s(%s, %s)", fn[c->op[i]], x, y);
    else
      snprintf(e, sizeof e, "hn::Xor3(%s, %s, %s)", x, y, nm[c->z[i]]);
    if (o >= 0)
      printf("  %s = %s;\n", nm[i], e);
    else
      printf("  const V %s = %s;\n", nm[i], e);
  }
  for (int j = 0; j < 4; ++j)
    if (c->out[j] < 4) printf("  p%c = %s;\n", 'a' + j, nm[c->out[j]]);
}

/* ---- Exhaustive search. The program so far: node i has truth table val[i] and is output gout[i]
 * (or -1); dangling: the inputs and helpers no gate uses yet; missing: the outputs not computed. */
static uint16_t val[MAXN];
static int8_t gop[MAXN], gx[MAXN], gy[MAXN], gout[MAXN];
static int n, missing;
static uint32_t dangling;
static uint8_t in_s[65536];
static uint32_t stamp_of[65536], stamp;
static int first_of[65536];
static long long nodes;
static int overflow;
static circuit found;

static void push(uint16_t v, int op, int x, int y, int o) {
  val[n] = v, gop[n] = (int8_t)op, gx[n] = (int8_t)x, gy[n] = (int8_t)y, gout[n] = (int8_t)o;
  in_s[v] = 1;
  ++n;
}
static void pop(void) { --n, in_s[val[n]] = 0; }

static int dfs(int k, uint16_t prev, int nb);

/* Computes the missing outputs one gate can compute (pairs with an operand >= from are new), the
 * lowest-numbered first, trying each operand pair that leaves the fewest nodes unused; then dfs. */
static int close_outputs(int k, uint16_t prev, int nb, int from) {
  if (n - 4 > k) return 0;
  for (int o = 0; o < 4; ++o) {
    if (!((missing >> o) & 1)) continue;
    const uint16_t f = target[o];
    int ci[64], cj[64], cop[64], nc = 0;
    uint32_t cdm[64];
    for (int j = from; j < n; ++j)
      for (int i = 0; i < j; ++i)
        for (int op = 0; op < 5; ++op) {
          if (apply(op, val[i], val[j], 0) != f) continue;
          const uint32_t dm = dangling & ((1u << i) | (1u << j));
          int dominated = 0, w = 0;
          for (int t = 0; t < nc; ++t) dominated |= (cdm[t] & dm) == dm;
          if (dominated) continue;
          for (int t = 0; t < nc; ++t) /* drop the choices this one dominates */
            if ((cdm[t] & dm) != cdm[t]) ci[w] = ci[t], cj[w] = cj[t], cop[w] = cop[t], cdm[w++] = cdm[t];
          nc = w;
          if (nc < 64)
            ci[nc] = i, cj[nc] = j, cop[nc] = op, cdm[nc++] = dm;
          else
            overflow = 1; /* never seen; the proof would be incomplete */
        }
    if (!nc) continue;
    int r = 0;
    const uint32_t saved = dangling;
    missing &= ~(1 << o);
    for (int t = 0; t < nc && !r; ++t) {
      dangling = saved & ~cdm[t];
      push(f, cop[t], ci[t], cj[t], o);
      r = close_outputs(k, prev, nb, from);
      pop();
    }
    missing |= 1 << o;
    dangling = saved;
    return r;
  }
  return dfs(k, prev, nb);
}

static void save_found(void) {
  found.ng = n - 4;
  for (int i = 4; i < n; ++i)
    found.op[i] = (uint8_t)gop[i], found.x[i] = (uint8_t)gx[i], found.y[i] = (uint8_t)gy[i];
  for (int i = 0; i < n; ++i)
    if (gout[i] >= 0) found.out[gout[i]] = (uint8_t)i;
}

/* Adds one helper gate. prev: the last helper's truth table; nb: the number of nodes before it. */
#define MAXC 2048
static int dfs(int k, uint16_t prev, int nb) {
  ++nodes;
  if (!missing) {
    save_found();
    return 1;
  }
  const int m = bits(missing), hr = k - (n - 4) - m; /* helpers still allowed */
  /* No output is one gate away: a helper comes next. Each later gate uses at most two unused nodes
   * and each helper is one more. */
  if (hr < 1 || bits(dangling) > hr + 2 * m) return 0;
  const uint32_t saved = dangling;
  if (hr == 1) { /* the last helper: it must let one gate compute an output */
    for (int j = 1; j < n; ++j)
      for (int i = 0; i < j; ++i) {
        const uint32_t left = saved & ~((1u << i) | (1u << j));
        if (bits(left) + 1 > 2 * m) continue;
        for (int op = 0; op < 5; ++op) {
          const uint16_t g = apply(op, val[i], val[j], 0);
          if (!g || in_s[g]) continue;
          int ok = 0;
          for (int o = 0; o < 4 && !ok; ++o) {
            if (!((missing >> o) & 1)) continue;
            const uint16_t f = target[o];
            if (in_s[g ^ f])
              ok = 1;
            else if (!(f & ~g) || !(g & ~f) || !(g & f))
              for (int q = 0; q < n && !ok; ++q)
                for (int p = 0; p < 5 && !ok; ++p) ok = apply(p, g, val[q], 0) == f;
          }
          if (!ok) continue;
          dangling = left | (1u << n);
          const int here = n;
          push(g, op, i, j, -1);
          const int r = close_outputs(k, g, here, here);
          pop();
          dangling = saved;
          if (r) return 1;
        }
      }
    return 0;
  }
  /* The candidates: each new function once, with the operand pairs that use a maximal set of unused
   * nodes. A function the nodes before the previous helper already gave must exceed it. */
  uint16_t cv[MAXC];
  uint32_t cdm[MAXC];
  int8_t ci[MAXC], cj[MAXC], cop[MAXC];
  int nc = 0;
  ++stamp;
  for (int j = 1; j < n; ++j)
    for (int i = 0; i < j; ++i) {
      const int old = j < nb;
      const uint32_t dm = saved & ((1u << i) | (1u << j));
      for (int op = 0; op < 5; ++op) {
        const uint16_t v = apply(op, val[i], val[j], 0);
        if (!v || in_s[v]) continue;
        if (stamp_of[v] != stamp) {
          stamp_of[v] = stamp;
          if (old && v <= prev) {
            first_of[v] = -1;
            continue;
          }
          first_of[v] = nc;
        } else {
          if (first_of[v] < 0) continue;
          int dominated = 0;
          for (int t = first_of[v]; t < nc && !dominated; ++t) dominated = cv[t] == v && (cdm[t] & dm) == dm;
          for (int t = first_of[v]; t < nc && !dominated; ++t)
            if (cv[t] == v && (cdm[t] & dm) == cdm[t])
              cdm[t] = dm, ci[t] = (int8_t)i, cj[t] = (int8_t)j, cop[t] = (int8_t)op, dominated = 1;
          if (dominated) continue;
        }
        cv[nc] = v, cdm[nc] = dm, ci[nc] = (int8_t)i, cj[nc] = (int8_t)j, cop[nc++] = (int8_t)op;
      }
    }
  for (int t = 0; t < nc; ++t) {
    if (bits(saved & ~cdm[t]) + 1 > hr - 1 + 2 * m) continue;
    dangling = (saved & ~cdm[t]) | (1u << n);
    const int here = n;
    push(cv[t], cop[t], ci[t], cj[t], -1);
    const int r = close_outputs(k, cv[t], here, here);
    pop();
    dangling = saved;
    if (r) return 1;
  }
  return 0;
}

/* Searches for a circuit of at most k gates. 1: found (in found), 0: none. */
static int exact(int k) {
  memset(in_s, 0, sizeof in_s);
  n = 0, missing = 0xf, dangling = 0xf, nodes = 0;
  for (int i = 0; i < 4; ++i) {
    int o = -1;
    for (int j = 0; j < 4; ++j)
      if (target[j] == inputs[i]) o = j, missing &= ~(1 << j);
    push(inputs[i], 0, -1, -1, o);
  }
  return close_outputs(k, 0, 0, 0);
}

/* ---- Heuristic: Cartesian genetic programming. A genome of NGENE gates, each op and operands of
 * lower index; each output bit is read from the node closest to it (Hamming distance). Score:
 * mismatched bits, then gates that the outputs use; moves that keep these are accepted whatever the
 * depth, and the best seen by (bits, gates, depth) is kept. */
#define NGENE 22
static uint64_t rng_state;
static uint64_t rnd(void) {
  rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
  return rng_state;
}
static int nops = 5;
static long cgp_score(circuit* g) {
  uint16_t t[MAXN];
  for (int i = 0; i < 4; ++i) t[i] = inputs[i];
  for (int i = 4; i < 4 + NGENE; ++i) t[i] = apply(g->op[i], t[g->x[i]], t[g->y[i]], t[g->z[i]]);
  int mis = 0;
  for (int o = 0; o < 4; ++o) {
    int best = 99;
    for (int i = 3 + NGENE; i >= 0; --i) {
      const int d = bits(t[i] ^ target[o]);
      if (d < best) best = d, g->out[o] = (uint8_t)i;
    }
    mis += best;
  }
  uint8_t need[MAXN] = {0}, dep[MAXN] = {0};
  int used = 0, deepest = 0;
  for (int o = 0; o < 4; ++o) need[g->out[o]] = 1;
  for (int i = 3 + NGENE; i >= 4; --i)
    if (need[i]) {
      ++used, need[g->x[i]] = need[g->y[i]] = 1;
      if (g->op[i] == 5) need[g->z[i]] = 1;
    }
  for (int i = 4; i < 4 + NGENE; ++i)
    if (need[i]) {
      int d = dep[g->x[i]] > dep[g->y[i]] ? dep[g->x[i]] : dep[g->y[i]];
      if (g->op[i] == 5 && dep[g->z[i]] > d) d = dep[g->z[i]];
      dep[i] = (uint8_t)(d + 1);
    }
  for (int o = 0; o < 4; ++o)
    if (dep[g->out[o]] > deepest) deepest = dep[g->out[o]];
  return (long)mis << 16 | used << 8 | deepest;
}
static void cgp_operands(circuit* g, int i, int which) {
  uint8_t* const p[3] = {&g->x[i], &g->y[i], &g->z[i]};
  uint8_t v;
  do v = (uint8_t)(rnd() % (unsigned)i);
  while (v == *p[(which + 1) % 3] || v == *p[(which + 2) % 3]);
  *p[which] = v;
}
static void cgp_mutate(circuit* g) {
  for (int k = 1 + (int)(rnd() % 3); k--;) {
    const int i = 4 + (int)(rnd() % NGENE), w = (int)(rnd() % 4);
    if (w == 3)
      g->op[i] = (uint8_t)(rnd() % (unsigned)nops);
    else
      cgp_operands(g, i, w);
  }
}
/* Runs one seed for gens generations; returns its best circuit (compacted) if it is complete. */
static int cgp(uint64_t seed, long gens, circuit* res) {
  rng_state = 0x9e3779b97f4a7c15ull * (seed + 1);
  circuit p;
  p.ng = NGENE;
  for (int i = 4; i < 4 + NGENE; ++i) {
    p.op[i] = (uint8_t)(rnd() % (unsigned)nops), p.x[i] = p.y[i] = p.z[i] = 0xff;
    for (int w = 0; w < 3; ++w) cgp_operands(&p, i, w);
  }
  long ps = cgp_score(&p), keep_score = ps;
  circuit keep = p;
  for (long it = 0; it < gens; ++it) {
    circuit best = p;
    long bs = 1L << 40;
    for (int l = 0; l < 4; ++l) {
      circuit c = p;
      cgp_mutate(&c);
      const long cs = cgp_score(&c);
      if (cs >> 8 < bs >> 8) bs = cs, best = c;
    }
    if (bs >> 8 <= ps >> 8) { /* neutral moves too */
      p = best, ps = bs;
      if (ps < keep_score) keep = p, keep_score = ps;
    }
  }
  if (keep_score >> 16) return 0;
  *res = keep;
  compact(res);
  return verify(res);
}

/* Is a better than b: fewer gates, then smaller depth. */
static int better(const circuit* a, const circuit* b) {
  return a->ng < b->ng || (a->ng == b->ng && depth(a) < depth(b));
}

static double seconds(clock_t c0) { return (double)(clock() - c0) / CLOCKS_PER_SEC; }

int main(int argc, char** argv) {
  int emax = 9, xor3 = 0, seeds = 16;
  long gens = 1000000;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "-e") && i + 1 < argc)
      emax = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-g") && i + 1 < argc)
      gens = atol(argv[++i]);
    else if (!strcmp(argv[i], "-s") && i + 1 < argc)
      seeds = atoi(argv[++i]);
    else if (!strcmp(argv[i], "-x"))
      xor3 = 1;
    else {
      fprintf(stderr, "usage: %s [-e max gates searched exhaustively] [-g generations] [-s seeds] [-x]\n",
              argv[0]);
      return 2;
    }
  }
  if (emax > MAXG - 4) emax = MAXG - 4;
  for (int i = 1; i < 65536; ++i) bits16[i] = (uint8_t)(bits16[i >> 1] + (i & 1));
  const clock_t all = clock();
  int ok = 1;
  for (sbox = 0; sbox < 3; ++sbox) {
    const clock_t c0 = clock();
    for (int j = 0; j < 4; ++j) {
      target[j] = 0;
      for (int x = 0; x < 16; ++x)
        if (((tables[sbox][x] ^ tables[sbox][0]) >> j) & 1) target[j] |= (uint16_t)(1u << x);
    }
    circuit best = {0};
    int proven = 0, k;
    long long total = 0;
    for (k = 4; k <= emax && !proven; ++k) {
      if (exact(k)) proven = 1, best = found;
      total += nodes;
    }
    const double te = seconds(c0);
    if (proven)
      printf("// %s: optimal, no circuit of fewer gates (exhaustive, %lld nodes, %.1f s)\n", names[sbox],
             total, te);
    else
      printf("// %s: no circuit of %d gates or fewer (exhaustive, %lld nodes, %.1f s)\n", names[sbox], emax,
             total, te);
    if (overflow) printf("// (internal limit hit: the exhaustive result above is not a proof)\n"), ok = 0;
    if (!proven) {
      best.ng = MAXG + 1;
      for (uint64_t seed = 0; seed < (uint64_t)seeds; ++seed) {
        circuit c;
        if (cgp(seed, gens, &c) && better(&c, &best)) best = c;
      }
      if (best.ng > MAXG) {
        printf("// %s: the heuristic found no circuit\n", names[sbox]);
        ok = 0;
        continue;
      }
    }
    const int peak = schedule(&best);
    if (!verify(&best)) {
      printf("// %s: internal error, the circuit does not compute the S-box\n", names[sbox]);
      ok = 0;
      continue;
    }
    printf("// %s: %d gates, depth %d, at most %d values live (inputs and outputs included), %s (%.1f s)\n",
           names[sbox], best.ng, depth(&best), peak, proven ? "exhaustive" : "heuristic", seconds(c0) - te);
    print_circuit(&best);
    if (xor3) {
      nops = 6;
      circuit b3 = {0};
      b3.ng = MAXG + 1;
      for (uint64_t seed = 0; seed < (uint64_t)seeds; ++seed) {
        circuit c;
        if (cgp(seed, gens, &c) && better(&c, &b3)) b3 = c;
      }
      nops = 5;
      const int p3 = b3.ng <= MAXG ? schedule(&b3) : 0;
      if (b3.ng <= MAXG && verify(&b3)) {
        printf("// %s with a one-gate XOR of three: %d gates, depth %d, at most %d live, heuristic\n",
               names[sbox], b3.ng, depth(&b3), p3);
        print_circuit(&b3);
      }
    }
    fflush(stdout);
  }
  printf("// total %.1f s\n", seconds(all));
  return ok ? 0 : 1;
}
