/* RV32 start-up for QEMU virt (-bios none): everything runs from RAM at
 * 0x80000000, so .data needs no copy; clear .bss, set sp/gp, call main,
 * exit with its status. Also the semihosting trap: the three-instruction
 * sequence must be uncompressed and must not straddle a page, hence
 * norvc and the alignment. */
    .section .text.init, "ax"
    .globl _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la sp, _estack
    la t0, _sbss
    la t1, _ebss
1:  bgeu t0, t1, 2f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 1b
2:  call main
    call hal_exit
3:  j 3b

    .section .text.sh_call, "ax"
    .globl sh_call
    .balign 16
    .option push
    .option norvc
sh_call:
    slli zero, zero, 0x1f
    ebreak
    srai zero, zero, 7
    ret
    .option pop
