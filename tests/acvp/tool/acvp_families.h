/*
 * acvp_families.h -- the ACVP algorithm families compiled into the CLI,
 * one line each: ACVP_FAMILY(fam) means acvp_<fam>.c defines
 * acvp_<fam>_algos[]. Add a family: new file + one line here.
 */
ACVP_FAMILY(aes)
ACVP_FAMILY(aead)
ACVP_FAMILY(xts)
ACVP_FAMILY(kw)
ACVP_FAMILY(mac)
ACVP_FAMILY(sha)
ACVP_FAMILY(ascon)
