"""avr_entry.py -- the head of a function of the AVR listings
(gen_aes_avr.py, avr_compact.py, avr_setkey.py): section, symbol, label.
"""

# the block functions' arguments (encryption and decryption, both listings)
BLOCK_ARGS = "r25:24 = rk, r23:22 = rounds, r21:20 = out, r19:18 = in, r17:16 = n"


def entry(E, name, args, go=None):
    """Emits the head of function name (global, hidden, in its own section)
    with its argument registers in a comment. With go: a call of n = 0
    blocks (r17:16; r1 is zero on entry) returns at once, the others jump
    to the label go."""
    E("\t.section .text.%s,\"ax\",@progbits" % name)
    E("\t.global %s" % name)
    E("\t.hidden %s" % name)
    E("\t.type %s, @function" % name)
    E("%s: ; %s" % (name, args))
    if go is not None:
        E("\tcp r16, r1")
        E("\tcpc r17, r1")
        E("\tbrne %s" % go)
        E("\tret")
        E("%s:" % go)
