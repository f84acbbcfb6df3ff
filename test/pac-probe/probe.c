// test/pac-probe/probe.c: a bare-metal aarch64 program that runs the real pointer-authentication
// instructions (PACIA/PACIB/PACDA/PACDB, AUTIA/AUTIB/AUTDA/AUTDB, XPACI/XPACD, PACGA) at EL1
// under qemu-system-aarch64 and prints one record per instruction on the PL011 UART, in the
// format of pac-spec section 9:  OP tcr_el1 key_lo key_hi x y result  (hex; result FPAC when the
// instruction trapped with EC 0x1C). Lines starting with # carry metadata (ID registers, seed).
//
// Inputs come from a splitmix64 PRNG. Its seed and the number of records are read from two
// 64-bit words at 0x40300000 and 0x40300008, which test/pac-probe/run fills with
//   -device loader,addr=0x40300000,data=SEED,data-len=8 -device loader,addr=0x40300008,data=N,data-len=8
// (zero, the value of untouched RAM, means seed 0 and 2000 records).
// Build: aarch64-linux-gnu-gcc -ffreestanding -nostdlib -march=armv8.3-a -mgeneral-regs-only
//        -mstrict-align -mbranch-protection=none -T link.ld start.S probe.c
// (-mbranch-protection=none: compiler-inserted PACIASP would break when the probe changes keys;
// -mstrict-align: with the MMU off all data accesses are Device memory, which faults unaligned.)
#include <stdint.h>

typedef uint64_t u64;

volatile u64 probe_fpac_hit;  // set by the exception vector in start.S
void probe_power_off(void);

#define PARAMS ((volatile const u64*)0x40300000)
#define UART_DR ((volatile uint32_t*)0x09000000)

// ---- freestanding support -------------------------------------------------------------------
void* memset(void* d, int c, unsigned long n) {
  unsigned char* p = d;
  while (n--) *p++ = (unsigned char)c;
  return d;
}
void* memcpy(void* d, const void* s, unsigned long n) {
  unsigned char* p = d;
  const unsigned char* q = s;
  while (n--) *p++ = *q++;
  return d;
}

static void put_char(char c) { *UART_DR = (uint32_t)(unsigned char)c; }
static void put_str(const char* s) {
  while (*s) put_char(*s++);
}
static void put_hex(u64 v) {
  for (int i = 60; i >= 0; i -= 4) put_char("0123456789abcdef"[(v >> i) & 15]);
}
static void put_dec(u64 v) {
  char buf[21];
  int n = 0;
  do buf[n++] = (char)('0' + v % 10);
  while ((v /= 10) != 0);
  while (n) put_char(buf[--n]);
}

void probe_fatal(u64 esr, u64 elr) {
  put_str("# unexpected exception esr=");
  put_hex(esr);
  put_str(" elr=");
  put_hex(elr);
  put_char('\n');
  probe_power_off();
}

// ---- PRNG -----------------------------------------------------------------------------------
static u64 rng;
static u64 next(void) {
  u64 z = (rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static unsigned below(unsigned n) { return (unsigned)(next() % n); }

// ---- system registers -----------------------------------------------------------------------
#define READ_SYSREG(name)                          \
  ({                                               \
    u64 v_;                                        \
    __asm__ volatile("mrs %0, " #name : "=r"(v_)); \
    v_;                                            \
  })
#define WRITE_SYSREG(name, v) __asm__ volatile("msr " #name ", %0\n\tisb" : : "r"((u64)(v)) : "memory")

struct key {
  u64 lo, hi;
};
struct keys {
  struct key ia, ib, da, db, ga;
};

static void load_keys(const struct keys* k) {
  WRITE_SYSREG(apiakeylo_el1, k->ia.lo);
  WRITE_SYSREG(apiakeyhi_el1, k->ia.hi);
  WRITE_SYSREG(apibkeylo_el1, k->ib.lo);
  WRITE_SYSREG(apibkeyhi_el1, k->ib.hi);
  WRITE_SYSREG(apdakeylo_el1, k->da.lo);
  WRITE_SYSREG(apdakeyhi_el1, k->da.hi);
  WRITE_SYSREG(apdbkeylo_el1, k->db.lo);
  WRITE_SYSREG(apdbkeyhi_el1, k->db.hi);
  WRITE_SYSREG(apgakeylo_el1, k->ga.lo);
  WRITE_SYSREG(apgakeyhi_el1, k->ga.hi);
}

// ---- the instructions -----------------------------------------------------------------------
enum op { PACIA, PACIB, PACDA, PACDB, AUTIA, AUTIB, AUTDA, AUTDB, XPACI, XPACD, PACGA };
static const char* const op_names[] = {"PACIA", "PACIB", "PACDA", "PACDB", "AUTIA", "AUTIB",
                                       "AUTDA", "AUTDB", "XPACI", "XPACD", "PACGA"};

#define RMW(insn, x, y) __asm__ volatile(insn " %0, %1" : "+r"(x) : "r"(y) : "memory")
#define RMW1(insn, x) __asm__ volatile(insn " %0" : "+r"(x) : : "memory")

// Runs one instruction; returns 0 and sets *out, or 1 when it trapped (FPAC).
static int execute(enum op op, u64 x, u64 y, u64* out) {
  probe_fpac_hit = 0;
  switch (op) {
    case PACIA:
      RMW("pacia", x, y);
      break;
    case PACIB:
      RMW("pacib", x, y);
      break;
    case PACDA:
      RMW("pacda", x, y);
      break;
    case PACDB:
      RMW("pacdb", x, y);
      break;
    case AUTIA:
      RMW("autia", x, y);
      break;
    case AUTIB:
      RMW("autib", x, y);
      break;
    case AUTDA:
      RMW("autda", x, y);
      break;
    case AUTDB:
      RMW("autdb", x, y);
      break;
    case XPACI:
      RMW1("xpaci", x);
      break;
    case XPACD:
      RMW1("xpacd", x);
      break;
    case PACGA: {
      u64 d;
      __asm__ volatile("pacga %0, %1, %2" : "=r"(d) : "r"(x), "r"(y) : "memory");
      x = d;
      break;
    }
  }
  *out = x;
  return probe_fpac_hit != 0;
}

static u64 tcr_now;
static const struct keys* keys_now;
static u64 records;

static const struct key* key_of(enum op op) {
  static const struct key none = {0, 0};
  switch (op) {
    case PACIA:
    case AUTIA:
      return &keys_now->ia;
    case PACIB:
    case AUTIB:
      return &keys_now->ib;
    case PACDA:
    case AUTDA:
      return &keys_now->da;
    case PACDB:
    case AUTDB:
      return &keys_now->db;
    case PACGA:
      return &keys_now->ga;
    default:
      return &none;
  }
}

// Executes `op` and prints its record; returns the register result (the input on FPAC).
static u64 record(enum op op, u64 x, u64 y) {
  if (op == XPACI || op == XPACD) y = 0;
  u64 r;
  const int fault = execute(op, x, y, &r);
  const struct key* k = key_of(op);
  put_str(op_names[op]);
  put_char(' ');
  put_hex(tcr_now);
  put_char(' ');
  put_hex(k->lo);
  put_char(' ');
  put_hex(k->hi);
  put_char(' ');
  put_hex(x);
  put_char(' ');
  put_hex(y);
  put_char(' ');
  if (fault)
    put_str("FPAC");
  else
    put_hex(r);
  put_char('\n');
  ++records;
  return fault ? x : r;
}

static void set_tcr(u64 tcr) {
  WRITE_SYSREG(tcr_el1, tcr);
  tcr_now = READ_SYSREG(tcr_el1);  // record what the CPU holds, in case it masks bits
}

// ---- inputs ---------------------------------------------------------------------------------
// TCR_EL1 from its pointer-authentication fields only (the MMU stays off).
static u64 make_tcr(unsigned t0sz, unsigned t1sz, unsigned tg0, unsigned tg1, unsigned tbi0, unsigned tbi1,
                    unsigned tbid0, unsigned tbid1, unsigned ds) {
  return (u64)t0sz | (u64)tg0 << 14 | (u64)t1sz << 16 | (u64)tg1 << 30 | (u64)tbi0 << 37 | (u64)tbi1 << 38 |
         (u64)tbid0 << 51 | (u64)tbid1 << 52 | (u64)ds << 59;
}

// The seven configurations of the shipped records, then random ones (every TxSZ, granule,
// TBI/TBID and DS combination, which exercises the TxSZ clamping).
static const u64 fixed_tcrs[] = {0x0000000080100010, 0x0000006080100010, 0x0000000080190019,
                                 0x0000006080270027, 0x000000208008003c, 0x0018006080140014,
                                 0x00000040801c001c};

static u64 random_tcr(void) {
  unsigned t0 = below(64), t1 = below(64);
  if (below(2)) t0 = 12 + below(40);  // mostly in or near the valid range
  if (below(2)) t1 = 12 + below(40);
  return make_tcr(t0, t1, below(4), below(4), below(2), below(2), below(4) == 0, below(4) == 0,
                  below(3) == 0);
}

// A pointer of one of several shapes around a VA width of `bits` (1..63).
static u64 random_pointer(unsigned bits) {
  const u64 low = next() & ((1ull << bits) - 1);
  const u64 high = ~((1ull << bits) - 1);
  switch (below(8)) {
    case 0:
      return low;  // canonical, lower range
    case 1:
      return low | high;  // canonical, upper range
    case 2:
      return low | (next() << 56);  // tagged, lower
    case 3:
      return (low | high) ^ (next() & 0xff00000000000000);  // tagged, upper
    case 4:
      return low ^ (1ull << 63);  // bit 63 != bit 55
    case 5:
      return (low | high) ^ (1ull << (bits + below(63 - bits)));  // one bad extension bit
    case 6:
      return low ^ (1ull << 55);  // bit 55 alone set
    default:
      return next();  // anything
  }
}

static u64 random_modifier(void) {
  switch (below(4)) {
    case 0:
      return 0;  // PACIZA-style
    case 1:
      return 0x0000fffffffff000ull | (next() & 0xff0);  // stack-pointer-like
    default:
      return next();
  }
}

static void random_keys(struct keys* k) {
  struct key* all[5] = {&k->ia, &k->ib, &k->da, &k->db, &k->ga};
  for (int i = 0; i < 5; ++i) {
    all[i]->lo = next();
    all[i]->hi = next();
  }
}

// Signs a pointer with each key and authenticates it with the right modifier, a modifier with one
// bit flipped, and (sometimes) a pointer with one PAC-area bit flipped; strips; one PACGA.
static void exercise(u64 tcr) {
  const unsigned t0sz = (unsigned)(tcr & 63), t1sz = (unsigned)((tcr >> 16) & 63);
  unsigned bits;
  switch (below(3)) {
    case 0:
      bits = 64 - (t0sz < 12 ? 12 : t0sz > 56 ? 56 : t0sz);
      break;
    case 1:
      bits = 64 - (t1sz < 12 ? 12 : t1sz > 56 ? 56 : t1sz);
      break;
    default:
      bits = 8 + below(49);
      break;
  }
  const u64 p = random_pointer(bits), m = random_modifier();
  static const enum op pac_ops[4] = {PACIA, PACIB, PACDA, PACDB};
  u64 signed_i = p, signed_d = p;
  for (int i = 0; i < 4; ++i) {
    const u64 s = record(pac_ops[i], p, m);
    if (i == 0) signed_i = s;
    if (i == 2) signed_d = s;
    const enum op aut = (enum op)(AUTIA + i);
    record(aut, s, m);
    record(aut, s, m ^ (1ull << below(64)));
    if (below(4) == 0) record(aut, s ^ (1ull << (16 + below(48))), m);
  }
  record(XPACI, signed_i, 0);
  record(XPACD, signed_d, 0);
  record(PACGA, next(), next());
}

int main(void) {
  const u64 seed = PARAMS[0];
  u64 count = PARAMS[1];
  if (count == 0) count = 2000;
  rng = seed;

  u64 sctlr = READ_SYSREG(sctlr_el1);
  sctlr |= (1ull << 31) | (1ull << 30) | (1ull << 27) | (1ull << 13);  // EnIA EnIB EnDA EnDB
  sctlr &= ~1ull;                                                      // MMU off
  WRITE_SYSREG(sctlr_el1, sctlr);

  put_str("# fastprim pac-probe seed=");
  put_hex(seed);
  put_str(" count=");
  put_dec(count);
  put_str("\n# ID_AA64ISAR1_EL1 ");
  put_hex(READ_SYSREG(id_aa64isar1_el1));
  put_str("\n# ID_AA64ISAR2_EL1 ");
  put_hex(READ_SYSREG(s3_0_c0_c6_2));
  put_str("\nop tcr_el1 key_lo key_hi x y result\n");

  // First the paper vector through PACGA (pac-spec section 6): c003b939_00000000 with QARMA5.
  static struct keys k;
  k.ga.lo = 0xec2802d4e0a488e9ull;
  k.ga.hi = 0x84be85ce9804e94bull;
  load_keys(&k);
  keys_now = &k;
  set_tcr(0);
  record(PACGA, 0xfb623599da6e8127ull, 0x477d469dec0b8762ull);

  for (unsigned group = 0; records < count; ++group) {
    random_keys(&k);
    load_keys(&k);
    set_tcr(group < sizeof fixed_tcrs / sizeof fixed_tcrs[0] ? fixed_tcrs[group] : random_tcr());
    for (int i = 0; i < 8 && records < count; ++i) exercise(tcr_now);
  }
  put_str("# done records=");
  put_dec(records);
  put_char('\n');
  return 0;
}
