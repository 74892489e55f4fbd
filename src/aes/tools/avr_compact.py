"""avr_compact.py -- the compact AVR encryption listing of gen_aes_avr.py
(RIJN_CFG_AES_AVR_COMPACT: the smallest code, encryption only; the fast
listings and the checks are in gen_aes_avr.py). State in r2..r17,
ShiftRows as register moves, one column routine called for the four
columns, the S-box table only, parameters in a stack frame.
"""
from avr_entry import BLOCK_ARGS, entry


# complexity: straight-line emitter of the compact AVR listing, in output order
def gen_compact():
    """Smallest code: state in r2..r17, ShiftRows as register moves, one
    column routine (MixColumns with xtime computed branch-free, then
    AddRoundKey; T flag clear = AddRoundKey only) called for the four
    columns, S-box table only. Parameters live in a stack frame (Y)."""
    L = []
    E = L.append
    st = ["r%d" % (2 + i) for i in range(16)]
    entry(E, "rijn_i_aes_avr_enc", BLOCK_ARGS, ".Lavrc_go")
    for r in ["r%d" % i for i in range(2, 18)] + ["r28", "r29"]:
        E("\tpush %s" % r)
    for r in ("r16", "r17", "r18", "r19", "r24", "r25", "r22", "r20", "r21"):
        E("\tpush %s" % r)
    E("\tin r28, 0x3d")
    E("\tin r29, 0x3e")  # Y+1 out hi, +2 out lo, +3 rounds, +4 rk hi, +5 rk lo, +6 in hi,
    # +7 in lo, +8 n hi, +9 n lo (blocks left)
    E("\tldi r31, hi8(rijn_i_aes_avr_tab)")
    E(".Lavrc_block:")
    E("\tldd r27, Y+6")
    E("\tldd r26, Y+7")
    for r in st:
        E("\tld %s, X+" % r)
    E("\tstd Y+6, r27")
    E("\tstd Y+7, r26")
    E("\tldd r27, Y+4")
    E("\tldd r26, Y+5")
    E("\tldd r0, Y+3")
    E("\tclt")
    E("\trcall .Lavrc_cols")
    E(".Lavrc_round:")
    E("\trcall .Lavrc_sbsr")
    E("\tdec r0")
    E("\tbreq .Lavrc_last")
    E("\tset")
    E("\trcall .Lavrc_cols")
    E("\trjmp .Lavrc_round")
    E(".Lavrc_last:")
    E("\tclt")
    E("\trcall .Lavrc_cols")
    E("\tldd r27, Y+1")
    E("\tldd r26, Y+2")
    for r in st:
        E("\tst X+, %s" % r)
    E("\tstd Y+1, r27")
    E("\tstd Y+2, r26")
    E("\tldd r22, Y+9")
    E("\tldd r23, Y+8")
    E("\tsubi r22, 1")
    E("\tsbci r23, 0")
    E("\tstd Y+9, r22")
    E("\tstd Y+8, r23")
    E("\tbreq .Lavrc_done")
    E("\trjmp .Lavrc_block")
    E(".Lavrc_done:")
    for _ in range(9):
        E("\tpop r0")
    for r in reversed(["r%d" % i for i in range(2, 18)] + ["r28", "r29"]):
        E("\tpop %s" % r)
    E("\tret")
    # SubBytes then ShiftRows by moves (s[4c+r])
    E(".Lavrc_sbsr:")
    for r in st:
        E("\tmov r30, %s" % r)
        E("\tlpm %s, Z" % r)
    s_ = lambda c, r: st[4 * c + r]
    E("\tmov r22, %s" % s_(0, 1))  # row 1: left by one column
    for c in range(3):
        E("\tmov %s, %s" % (s_(c, 1), s_(c + 1, 1)))
    E("\tmov %s, r22" % s_(3, 1))
    for c in (0, 1):  # row 2: swap columns c, c+2
        E("\tmov r22, %s" % s_(c, 2))
        E("\tmov %s, %s" % (s_(c, 2), s_(c + 2, 2)))
        E("\tmov %s, r22" % s_(c + 2, 2))
    E("\tmov r22, %s" % s_(3, 3))  # row 3: right by one column
    for c in (3, 2, 1):
        E("\tmov %s, %s" % (s_(c, 3), s_(c - 1, 3)))
    E("\tmov %s, r22" % s_(0, 3))
    E("\tret")
    # the four columns through r18..r21
    E(".Lavrc_cols:")
    for c in range(4):
        E("\tmovw r18, %s" % s_(c, 0))
        E("\tmovw r20, %s" % s_(c, 2))
        E("\trcall .Lavrc_col")
        E("\tmovw %s, r18" % s_(c, 0))
        E("\tmovw %s, r20" % s_(c, 2))
    E("\tret")
    a = ["r18", "r19", "r20", "r21"]
    E(".Lavrc_col:")
    E("\tbrtc .Lavrc_ark")
    E("\tmov r22, r18")
    E("\teor r22, r19")
    E("\teor r22, r20")
    E("\teor r22, r21")
    E("\tmov r25, r18")
    for i in range(4):
        E("\tmov r23, %s" % a[i])
        E("\teor r23, %s" % (a[i + 1] if i < 3 else "r25"))
        E("\tlsl r23")
        E("\tsbc r24, r24")
        E("\tandi r24, 0x1b")
        E("\teor r23, r24")
        E("\teor %s, r23" % a[i])
        E("\teor %s, r22" % a[i])
    E(".Lavrc_ark:")
    for i in range(4):
        E("\tld r23, X+")
        E("\teor %s, r23" % a[i])
    E("\tret")
    E("\t.size rijn_i_aes_avr_enc, . - rijn_i_aes_avr_enc")
    return L
