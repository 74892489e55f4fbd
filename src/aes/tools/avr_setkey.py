"""avr_setkey.py -- what the AVR listings of gen_aes_avr.py share: the key
setup entry (FIPS 197 KeyExpansion in place, both table placements) and the
lookup tables (S-box, xtime, inverse S-box, 4x; in flash, or the first two
in SRAM with RIJN_CFG_AES_AVR_RAM). The tables' values and the symbols come
from avr_check.py, which checks the whole listing.
"""
from avr_check import FTAB, RTAB, all_tables
from avr_entry import entry


def gen_setkey(ram=False):
    """FIPS 197 KeyExpansion in place in the schedule (the class's setkey
    entry: r25:24 = ks, r23:22 = key, r21:20 = key_len, r19:18 = dirs,
    one schedule for both directions). The previous word stays in four
    registers; word i - nk is read through Y; SubWord by LPM; the branches
    test only the word index and the round constant (public)."""
    L = []
    E = L.append
    entry(E, "rijn_i_aes_avr_setkey", "r25:24 = ks, r23:22 = key, r21:20 = key_len, r19:18 = dirs")
    E("\tpush r28")
    E("\tpush r29")
    E("\tmovw r26, r24")  # X: the word being written
    E("\tmovw r30, r22")
    E("\tmov r21, r20")
    E(".Lks_copy:")
    E("\tld r0, Z+")
    E("\tst X+, r0")
    E("\tdec r21")  # ends at 0: j = 0
    E("\tbrne .Lks_copy")
    t = ["r18", "r19", "r22", "r23"]  # the previous word, byte 0 first
    for r in reversed(t):
        E("\tld %s, -X" % r)
    E("\tadiw r26, 4")
    E("\tmovw r28, r26")
    E("\tsub r28, r20")
    E("\tsbc r29, r1")  # Y: word i - nk
    E("\tlsr r20")
    E("\tlsr r20")  # nk
    E("\tmov r25, r20")
    E("\tlsl r25")
    E("\tadd r25, r20")
    E("\tsubi r25, -28")  # 4 * (nk + 7) - nk words to make
    E("\tldi r24, 1")  # round constant
    E("\tldi r31, hi8(%s)" % (RTAB if ram else FTAB))
    E(".Lks_word:")
    E("\tcpi r21, 0")
    E("\tbrne .Lks_not0")
    E("\tmov r0, %s" % t[0])  # RotWord, SubWord
    for i in range(4):
        E("\tmov r30, %s" % (t[i + 1] if i < 3 else "r0"))
        E("\t%s %s, Z" % ("ld" if ram else "lpm", t[i]))
    E("\teor %s, r24" % t[0])
    E("\tlsl r24")
    E("\tbrcc .Lks_mix")
    E("\tldi r24, 0x1b")
    E("\trjmp .Lks_mix")
    E(".Lks_not0:")
    E("\tcpi r21, 4")  # AES-256: SubWord of word 4 of each 8
    E("\tbrne .Lks_mix")
    E("\tcpi r20, 8")
    E("\tbrne .Lks_mix")
    for r in t:
        E("\tmov r30, %s" % r)
        E("\t%s %s, Z" % ("ld" if ram else "lpm", r))
    E(".Lks_mix:")
    for r in t:
        E("\tld r0, Y+")
        E("\teor %s, r0" % r)
        E("\tst X+, %s" % r)
    E("\tinc r21")
    E("\tcp r21, r20")
    E("\tbrne .Lks_next")
    E("\tclr r21")
    E(".Lks_next:")
    E("\tdec r25")
    E("\tbrne .Lks_word")
    E("\tpop r29")
    E("\tpop r28")
    E("\tret")
    E("\t.size rijn_i_aes_avr_setkey, . - rijn_i_aes_avr_setkey")
    return L


def gen_tables():
    """The tables: without RIJN_CFG_AES_AVR_RAM all in flash (FTAB: S-box,
    xtime, inverse S-box, 4x; LPM); with it the S-box and xtime in SRAM
    (RTAB, initialized data: the C start-up copies it from flash before
    main), the inverse S-box and 4x (decryption) in flash. Both 256-byte
    aligned (a lookup: the page in ZH or YH, the index in ZL or YL)."""
    sb, xt, inv, x4 = all_tables()
    L = []
    E = L.append

    def head(sect, sym, what):
        E("\t.section %s" % sect)
        E("\t.balign 256")
        E("\t.global %s" % sym)
        E("\t.hidden %s" % sym)
        E("\t.type %s, @object" % sym)
        E("%s: ; %s" % (sym, what))

    def rows(tab):
        for i in range(0, 256, 16):
            E("\t.byte " + ", ".join("0x%02x" % v for v in tab[i:i + 16]))
    prog = ".progmem.rijn_aes_avr,\"a\",@progbits"
    E("#if RIJN_CFG_AES_AVR_RAM")
    # .data itself (not .data.*): with -fdata-sections it is the first
    # input of the output .data, whose start (0x100 on the ATmega328P,
    # 0x200 on the ATmega2560) is 256-byte aligned: no padding
    head(".data,\"aw\",@progbits", RTAB, "S-box, xtime (SRAM)")
    E("#else")
    head(prog, FTAB, "S-box, xtime (not in the compact encrypt-only build), inverse S-box, 4x")
    E("#endif")
    rows(sb)
    E("#if !RIJN_CFG_AES_AVR_COMPACT || RIJN_CFG_AES_DECRYPT")
    rows(xt)
    E("#endif")
    E("#if RIJN_CFG_AES_AVR_RAM")
    E("\t.size %s, . - %s" % (RTAB, RTAB))
    E("#if RIJN_CFG_AES_DECRYPT")
    head(prog, FTAB, "inverse S-box, 4x")
    E("#endif")
    E("#endif")
    E("#if RIJN_CFG_AES_DECRYPT")
    rows(inv)
    rows(x4)
    E("#endif")
    E("#if !RIJN_CFG_AES_AVR_RAM || RIJN_CFG_AES_DECRYPT")
    E("\t.size %s, . - %s" % (FTAB, FTAB))
    E("#endif")
    E("")
    return L
