/* Searches for QARMA S-box circuits of eight vpternlog operations (AVX-512 ternary logic), the
 * ones the bitsliced PAC batches use on AVX-512 (include/fastprim/pac/qarma_hwy-inl.hpp,
 * bs::sub_cell): four intermediates, each a function of three of the four input bits, then each
 * output bit a function of three of {inputs, intermediates}. Every function of three bits is one
 * vpternlog whose immediate is its truth table (bit (x << 2 | y << 1 | z) = f(x, y, z)).
 * For each S-box it prints the first circuit found, with the output immediates of both S(x) and
 * S(x) ^ S(0) (qarma::sub_raw, whose constant the key schedule absorbs). Exhaustive over pairs of
 * intermediates that realise one output with those of a second output, so "none" means none of
 * that shape. S-box tables: pac-spec.md section 3 (the QARMA paper's sigma1, sigma2; sigma2^-1).
 *
 * Build and run: cc -O2 -o /tmp/sbox-search lab/qarma-sbox-ternlog-search.c && /tmp/sbox-search
 */
#include <stdint.h>
#include <stdio.h>

static const int tables[3][16] = {
    {0xa, 0xd, 0xe, 0x6, 0xf, 0x7, 0x3, 0x5, 0x9, 0x8, 0x0, 0xc, 0xb, 0x1, 0x2, 0x4},
    {0xb, 0x6, 0x8, 0xf, 0xc, 0x0, 0x9, 0xe, 0x3, 0x7, 0x4, 0x5, 0xd, 0x2, 0x1, 0xa},
    {0x5, 0xe, 0xd, 0x8, 0xa, 0xb, 0x1, 0x9, 0x2, 0x6, 0xf, 0x0, 0x4, 0xc, 0x7, 0x3}};
static const char *const names[3] = {"sigma1", "sigma2", "sigma2^-1"};
static const int triples[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};

/* Truth tables over the 16 inputs: bit x is the value at input x (a = bit 0 .. d = bit 3). */
static uint16_t var[4];
static uint16_t cand[512];
static int cand_triple[512], cand_imm[512], ncand;
static int pair_a[4][4096], pair_b[4][4096], npairs[4];

static uint16_t tern(int imm, uint16_t x, uint16_t y, uint16_t z) {
  uint16_t r = 0;
  for (int i = 0; i < 16; ++i)
    if ((imm >> ((((x >> i) & 1) << 2) | (((y >> i) & 1) << 1) | ((z >> i) & 1))) & 1) r |= (uint16_t)(1u << i);
  return r;
}
/* Whether f is a function of x, y, z (constant on each of their eight joint values). */
static int function_of(uint16_t f, uint16_t x, uint16_t y, uint16_t z) {
  for (int k = 0; k < 8; ++k) {
    const uint16_t m = (uint16_t)(((k & 4) ? x : ~x) & ((k & 2) ? y : ~y) & ((k & 1) ? z : ~z));
    if ((f & m) != 0 && (f & m) != m) return 0;
  }
  return 1;
}
static int imm_of(uint16_t f, uint16_t x, uint16_t y, uint16_t z) {
  int imm = 0;
  for (int i = 0; i < 16; ++i)
    if ((f >> i) & 1) imm |= 1 << ((((x >> i) & 1) << 2) | (((y >> i) & 1) << 1) | ((z >> i) & 1));
  return imm;
}
static int realised(uint16_t f, const uint16_t *pool, int n, int *p, int *q, int *r) {
  for (*p = 0; *p < n; ++*p)
    for (*q = *p + 1; *q < n; ++*q)
      for (*r = *q + 1; *r < n; ++*r)
        if (function_of(f, pool[*p], pool[*q], pool[*r])) return 1;
  return 0;
}

static int search(int s) {
  uint16_t f[4] = {0, 0, 0, 0};
  for (int j = 0; j < 4; ++j)
    for (int x = 0; x < 16; ++x)
      if ((tables[s][x] >> j) & 1) f[j] |= (uint16_t)(1u << x);
  for (int j = 0; j < 4; ++j) { /* intermediate pairs that realise output j with a variable */
    npairs[j] = 0;
    for (int i = 0; i < ncand; ++i)
      for (int k = i + 1; k < ncand && npairs[j] < 4096; ++k)
        for (int v = 0; v < 4; ++v)
          if (function_of(f[j], cand[i], cand[k], var[v])) {
            pair_a[j][npairs[j]] = i, pair_b[j][npairs[j]++] = k;
            break;
          }
  }
  for (int A = 0; A < 4; ++A)
    for (int B = A + 1; B < 4; ++B)
      for (int x = 0; x < npairs[A]; ++x)
        for (int y = 0; y < npairs[B]; ++y) {
          const int four[4] = {pair_a[A][x], pair_b[A][x], pair_a[B][y], pair_b[B][y]};
          int g[4], n = 0;
          for (int t = 0; t < 4; ++t) {
            int dup = 0;
            for (int u = 0; u < n; ++u) dup |= g[u] == four[t];
            if (!dup) g[n++] = four[t];
          }
          uint16_t pool[8] = {var[0], var[1], var[2], var[3]};
          for (int u = 0; u < n; ++u) pool[4 + u] = cand[g[u]];
          int p, q, r, ok = 1;
          for (int j = 0; j < 4 && ok; ++j) ok = realised(f[j], pool, 4 + n, &p, &q, &r);
          if (!ok) continue;
          static const char *const pn[8] = {"a", "b", "c", "d", "g0", "g1", "g2", "g3"};
          printf("%s: %d ops\n", names[s], n + 4);
          for (int u = 0; u < n; ++u) {
            const int *t = triples[cand_triple[g[u]]];
            printf("  g%d = tern(0x%02x, %s, %s, %s)\n", u, cand_imm[g[u]], pn[t[0]], pn[t[1]], pn[t[2]]);
          }
          for (int j = 0; j < 4; ++j) {
            realised(f[j], pool, 4 + n, &p, &q, &r);
            const int imm = imm_of(f[j], pool[p], pool[q], pool[r]);
            printf("  o%d = tern(0x%02x, %s, %s, %s)   S(x) ^ S(0): 0x%02x\n", j, imm, pn[p], pn[q], pn[r],
                   ((tables[s][0] >> j) & 1) ? imm ^ 0xFF : imm);
          }
          return 1;
        }
  printf("%s: none of this shape\n", names[s]);
  return 0;
}

int main(void) {
  static unsigned char seen[65536];
  for (int i = 0; i < 4; ++i)
    for (int x = 0; x < 16; ++x)
      if ((x >> i) & 1) var[i] |= (uint16_t)(1u << x);
  for (int t = 0; t < 4; ++t) /* every function of three of the inputs, up to complement */
    for (int imm = 0; imm < 256; ++imm) {
      const uint16_t g = tern(imm, var[triples[t][0]], var[triples[t][1]], var[triples[t][2]]);
      const uint16_t inv = (uint16_t)~g, key = g < inv ? g : inv;
      if (!seen[key]) seen[key] = 1, cand[ncand] = g, cand_triple[ncand] = t, cand_imm[ncand++] = imm;
    }
  int found = 1;
  for (int s = 0; s < 3; ++s) found &= search(s);
  return found ? 0 : 1;
}
