/*
 * rijn.h -- umbrella header: includes every public rijn header.
 */
#ifndef RIJN_H
#define RIJN_H

#include "rijn/common.h"
#include "rijn/aes.h"
#include "rijn/modes.h"
#include "rijn/sha2.h"
#include "rijn/sha3.h"
#include "rijn/legacy.h"
#include "rijn/hash.h"
#include "rijn/hmac.h"
#include "rijn/kdf.h"
#include "rijn/blake2.h"
#include "rijn/argon2.h"
#include "rijn/encoding.h"
#include "rijn/aead.h"
#include "rijn/aead_table.h"
#include "rijn/gcm.h"
#include "rijn/ccm.h"
#include "rijn/gcmsiv.h"
#include "rijn/cmac.h"
#include "rijn/eax.h"
#include "rijn/ocb.h"
#include "rijn/siv.h"
#include "rijn/xts.h"
#include "rijn/blockcipher.h"
#include "rijn/keywrap.h"
#include "rijn/chacha20.h"
#include "rijn/poly1305.h"
#include "rijn/chachapoly.h"
#include "rijn/x25519.h"
#include "rijn/ascon.h"
#include "rijn/norx.h"

#include "rijn/file.h"
#include "rijn/file_recipients.h"
#include "rijn/age.h"
#include "rijn/legacy_formats.h"

#endif
