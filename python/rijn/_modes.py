"""rijn._modes -- the classic AES modes of the rijn package: one-shot
functions (ecb/cbc/cts/ctr/ofb/cfb, bytes in, bytes out) and the streaming
Cipher(mode, key, iv); re-exported by rijn/__init__.py, documented there
and in rijn/__init__.pyi.
"""
from . import _rijn

_ECB, _CBC, _CBC_PAD, _CTR, _CTR32, _OFB, _CFB, _CFB8, _CTS1 = 1, 2, 3, 4, 5, 6, 7, 8, 9
_mode_crypt = _rijn.mode_crypt


def ecb_encrypt(key, data):
    """AES-ECB (len(data) a multiple of 16). Leaks equal blocks: for tests and legacy."""
    return _mode_crypt(_ECB, True, key, None, data)


def ecb_decrypt(key, data):
    """Inverse of ecb_encrypt."""
    return _mode_crypt(_ECB, False, key, None, data)


def cbc_encrypt(key, iv, data, padding=True):
    """AES-CBC with PKCS#7 padding (padding=False: len(data) % 16 == 0)."""
    return _mode_crypt(_CBC_PAD if padding else _CBC, True, key, iv, data)


def cbc_decrypt(key, iv, data, padding=True):
    """Inverse of cbc_encrypt; bad padding raises rijn.ParamError (not authenticated!)."""
    return _mode_crypt(_CBC_PAD if padding else _CBC, False, key, iv, data)


def cts_encrypt(key, iv, data, variant=3):
    """AES-CBC with ciphertext stealing (SP 800-38A addendum CS1/CS2/CS3), len >= 16."""
    if variant not in (1, 2, 3):
        raise ValueError("rijn: CTS variant is 1, 2 or 3")
    return _mode_crypt(_CTS1 + variant - 1, True, key, iv, data)


def cts_decrypt(key, iv, data, variant=3):
    """Inverse of cts_encrypt."""
    if variant not in (1, 2, 3):
        raise ValueError("rijn: CTS variant is 1, 2 or 3")
    return _mode_crypt(_CTS1 + variant - 1, False, key, iv, data)


def ctr(key, iv, data):
    """AES-CTR: iv is the first 16-byte counter block, incremented as a 128-bit
    big-endian number (cryptography's modes.CTR, OpenSSL). Encrypts and decrypts."""
    return _mode_crypt(_CTR, True, key, iv, data)


ctr_encrypt = ctr_decrypt = ctr


def ofb(key, iv, data):
    """AES-OFB (encrypts and decrypts)."""
    return _mode_crypt(_OFB, True, key, iv, data)


ofb_encrypt = ofb_decrypt = ofb


def _cfb_mode(segment_size):
    if segment_size == 128:
        return _CFB
    if segment_size == 8:
        return _CFB8
    raise ValueError("rijn: CFB segment_size is 128 or 8 (bits)")


def cfb_encrypt(key, iv, data, segment_size=128):
    """AES-CFB128 (segment_size=128, default) or CFB8 (segment_size=8)."""
    return _mode_crypt(_cfb_mode(segment_size), True, key, iv, data)


def cfb_decrypt(key, iv, data, segment_size=128):
    """Inverse of cfb_encrypt (CFB128 or, with segment_size=8, CFB8)."""
    return _mode_crypt(_cfb_mode(segment_size), False, key, iv, data)


_MODE_NAMES = {
    "ecb": _ECB, "cbc": _CBC, "ctr": _CTR, "ctr32": _CTR32, "ofb": _OFB, "cfb": _CFB,
    "cfb128": _CFB, "cfb8": _CFB8, "cbc-cs1": _CTS1, "cbc-cs2": _CTS1 + 1, "cbc-cs3": _CTS1 + 2,
}


class Cipher(_rijn.ModeCtx):
    """Streaming AES mode: Cipher(mode, key, iv=None, *, encrypt=True, padding=False).

    mode: "ecb", "cbc", "ctr", "ctr32" (32-bit counter, RFC 3686 / GCM
    style), "ofb", "cfb" / "cfb128", "cfb8", "cbc-cs1" / "cbc-cs2" /
    "cbc-cs3". padding=True adds/removes PKCS#7 (CBC only; decryption
    releases plaintext before finalize() has checked the padding).
    update(data) -> bytes (any split of the input), finalize() -> bytes.
    Like cryptography's Cipher, .encryptor() / .decryptor() give fresh
    contexts with the same key and IV.
    """

    __slots__ = ("_args",)

    def __init__(self, mode, key, iv=None, *, encrypt=True, padding=False):
        m = _MODE_NAMES.get(str(mode).lower())
        if m is None:
            raise ValueError("rijn: unknown mode %r" % (mode,))
        if padding:
            if m != _CBC:
                raise ValueError("rijn: padding is for CBC only")
            m = _CBC_PAD
        self._args = (mode, bytes(key), None if iv is None else bytes(iv), padding)
        super().__init__(m, bool(encrypt), key, iv)

    def encryptor(self):
        """A fresh encrypting context with the same mode, key and IV."""
        mode, key, iv, padding = self._args
        return Cipher(mode, key, iv, encrypt=True, padding=padding)

    def decryptor(self):
        """A fresh decrypting context with the same mode, key and IV."""
        mode, key, iv, padding = self._args
        return Cipher(mode, key, iv, encrypt=False, padding=padding)
