// test/pac-probe/start.S: entry and exception vectors of the bare-metal PAC probe. QEMU starts
// the ELF at EL1 with the MMU off. Sets the stack, clears .bss, installs VBAR_EL1, calls main()
// and powers off with PSCI SYSTEM_OFF (hvc). A synchronous exception with EC 0x1C (FPAC: a
// failed AUT on FEAT_FPAC cores) sets `probe_fpac_hit` and skips the instruction; any other
// exception is reported by probe_fatal() in probe.c.

    .section .text.boot, "ax"
    .global _start
_start:
    ldr     x0, =__stack_top
    mov     sp, x0
    ldr     x1, =__bss_start
    ldr     x2, =__bss_end
1:  cmp     x1, x2
    b.hs    2f
    str     xzr, [x1], #8
    b       1b
2:  adr     x0, vectors
    msr     vbar_el1, x0
    isb
    bl      main
    .global probe_power_off
probe_power_off:
    ldr     x0, =0x84000008         // PSCI SYSTEM_OFF
    hvc     #0
3:  wfe
    b       3b

    .text
    .balign 2048
vectors:
    .rept   16                      // 4 groups x (sync, irq, fiq, serror), 0x80 apart
    .balign 128
    b       exception
    .endr

exception:
    stp     x0, x1, [sp, #-16]!
    mrs     x0, esr_el1
    lsr     x1, x0, #26
    cmp     x1, #0x1c
    b.ne    fatal
    adrp    x1, probe_fpac_hit
    add     x1, x1, :lo12:probe_fpac_hit
    mov     x0, #1
    str     x0, [x1]
    mrs     x0, elr_el1
    add     x0, x0, #4
    msr     elr_el1, x0
    ldp     x0, x1, [sp], #16
    eret
fatal:
    mrs     x1, elr_el1
    bl      probe_fatal             // does not return
    b       probe_power_off
