"""The AEAD classes in cryptography's shape (AESGCM, AESCCM, AESOCB3,
AESGCMSIV, AESSIV, ChaCha20Poly1305) plus AESEAX, XChaCha20Poly1305 and
Ascon128.

Where a class copies a cryptography name it copies its contract: the same
accepted types (bytes-like; str and None are TypeError), the same nonce
lengths (AESGCM 8..128 bytes, AESOCB3 12..15, AESCCM 7..13, AESGCMSIV and
ChaCha20Poly1305 12), the same generate_key rules, AESSIV's list of
associated data, encrypt_into / decrypt_into. Wider nonces that the
standards allow (GCM from 1 byte, OCB from 1 byte) need the explicit
keyword wide_nonces=True. Extensions are keywords too: tag_length= on
every class (truncated tags where the algorithm allows them).
encryptor(nonce) / decryptor(nonce) give streaming messages (data that
does not fit in memory) with cryptography's AEAD context methods.
"""
import os as _os

from . import _rijn

_BIG = 1 << 31


def _check_int(name, v):
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError("%s must be an integer" % name)


class _AEAD(_rijn.Aead):
    """encrypt(nonce, data, associated_data=None) -> ciphertext || tag;
    decrypt(nonce, ciphertext || tag, associated_data=None) -> plaintext or
    rijn.InvalidTag. One object serves any number of messages and threads."""

    __slots__ = ("_tag", "_key", "_nb")
    _ALG = 0
    _KEY_SIZES = (16, 24, 32)
    _TAGS = (16,)
    _NONCE = (0, _BIG)       # cryptography's accepted nonce lengths
    _NONCE_WIDE = (0, _BIG)  # with wide_nonces=True (the standard's)
    _GEN_BITS = True         # generate_key takes bit_length

    def __init__(self, key, tag_length=16, *, wide_nonces=False):
        _check_int("tag_length", tag_length)
        if tag_length not in self._TAGS:
            raise ValueError("Invalid tag_length: %s allows %s" % (type(self).__name__, self._TAGS))
        self._tag = tag_length
        lo, hi = self._nb = self._NONCE_WIDE if wide_nonces else self._NONCE
        super().__init__(self._ALG, key, lo, hi)
        self._key = bytes(key)  # for encryptor()/decryptor(), which key a context of their own

    @classmethod
    def generate_key(cls, bit_length):
        """A random key of bit_length bits (one of the sizes the class takes)."""
        _check_int("bit_length", bit_length)
        bits = tuple(8 * k for k in cls._KEY_SIZES)
        if bit_length not in bits:
            raise ValueError("bit_length must be %s" % " or ".join(map(str, bits)))
        return _os.urandom(bit_length // 8)

    def encrypt(self, nonce, data, associated_data=None):
        """-> ciphertext || tag. nonce: never reuse one with the same key."""
        return self.seal(nonce, data, associated_data, self._tag)

    def decrypt(self, nonce, data, associated_data=None):
        """ciphertext || tag -> plaintext; rijn.InvalidTag if anything changed."""
        return self.open(nonce, data, associated_data, self._tag)

    def encrypt_into(self, nonce, data, associated_data, buf):
        """encrypt() into buf (writable, exactly len(data) + tag bytes) -> bytes written."""
        return self.seal_into(nonce, data, associated_data, self._tag, buf)

    def decrypt_into(self, nonce, data, associated_data, buf):
        """decrypt() into buf (writable, exactly len(data) - tag bytes) -> bytes written."""
        return self.open_into(nonce, data, associated_data, self._tag, buf)

    def encryptor(self, nonce):
        """A streaming encryption of one message (cryptography's AEAD context:
        authenticate_additional_data, update, update_into, finalize, tag)."""
        return AEADEncryptionContext(self, nonce)

    def decryptor(self, nonce):
        """A streaming decryption: update() releases unauthenticated plaintext;
        finalize_with_tag(tag) checks it (rijn.InvalidTag)."""
        return AEADDecryptionContext(self, nonce)


class AESGCM(_AEAD):
    """AES-GCM, key 16/24/32 bytes. Nonce 8..128 bytes as cryptography's
    (12 recommended); wide_nonces=True allows 1..7 as well."""

    __slots__ = ()
    _ALG = 1
    _TAGS = (4, 8, 12, 13, 14, 15, 16)
    _NONCE = (8, 128)
    _NONCE_WIDE = (1, _BIG)


class AESCCM(_AEAD):
    """AES-CCM, key 16/24/32 bytes, nonce 7..13 bytes, tag_length 4, 6, ..., 16."""

    __slots__ = ()
    _ALG = 2
    _TAGS = (4, 6, 8, 10, 12, 14, 16)
    _NONCE = _NONCE_WIDE = (7, 13)


class AESOCB3(_AEAD):
    """AES-OCB3, RFC 7253. Nonce 12..15 bytes as cryptography's;
    wide_nonces=True allows 1..11 as well; tag_length 1..16 (rijn)."""

    __slots__ = ()
    _ALG = 3
    _TAGS = tuple(range(1, 17))
    _NONCE = (12, 15)
    _NONCE_WIDE = (1, 15)


class AESGCMSIV(_AEAD):
    """AES-GCM-SIV, RFC 8452 (key 16, 24 or 32 bytes, nonce 12 bytes): nonce-misuse resistant."""

    __slots__ = ()
    _ALG = 4
    _KEY_SIZES = (16, 24, 32)
    _NONCE = _NONCE_WIDE = (12, 12)


class AESEAX(_AEAD):
    """AES-EAX (any nonce length, 16 recommended; tag_length 1..16). Not in cryptography."""

    __slots__ = ()
    _ALG = 6
    _TAGS = tuple(range(1, 17))


class _FixedKey(_AEAD):
    __slots__ = ()
    _GEN_BITS = False

    @classmethod
    def generate_key(cls):
        """A random key (the class's one key size)."""
        return _os.urandom(cls._KEY_SIZES[0])


class ChaCha20Poly1305(_FixedKey):
    """ChaCha20-Poly1305, RFC 8439 (key 32 bytes, nonce 12 bytes)."""

    __slots__ = ()
    _ALG = 7
    _KEY_SIZES = (32,)
    _NONCE = _NONCE_WIDE = (12, 12)


class XChaCha20Poly1305(_FixedKey):
    """XChaCha20-Poly1305 (key 32 bytes, nonce 24 bytes: random nonces are safe)."""

    __slots__ = ()
    _ALG = 8
    _KEY_SIZES = (32,)
    _NONCE = _NONCE_WIDE = (24, 24)


class Ascon128(_FixedKey):
    """Ascon-AEAD128, NIST SP 800-232 (key 16 bytes, nonce 16 bytes)."""

    __slots__ = ()
    _ALG = 9
    _KEY_SIZES = (16,)
    _NONCE = _NONCE_WIDE = (16, 16)

    def encryptor(self, nonce):
        """Not available for Ascon (no streaming binding yet)."""
        raise _rijn.UnsupportedError("rijn: no streaming Ascon-AEAD128 in Python")

    decryptor = encryptor


class AESSIV(_rijn.Aead):
    """AES-SIV, RFC 5297 (key 32, 48 or 64 bytes), like cryptography's AESSIV:
    encrypt(data, associated_data=None) -> V || C where associated_data is a
    list of byte strings (each authenticated separately; a nonce, if you use
    one, goes last). decrypt(data, associated_data=None) -> plaintext."""

    __slots__ = ()
    _KEY_SIZES = (32, 48, 64)

    def __init__(self, key):
        super().__init__(5, key)

    generate_key = classmethod(_AEAD.generate_key.__func__)

    def encrypt(self, data, associated_data=None):
        """-> V || C (16-byte synthetic IV first, as cryptography's)."""
        return self.seal_v(associated_data, data)

    def decrypt(self, data, associated_data=None):
        """V || C -> plaintext; rijn.InvalidTag if anything changed."""
        return self.open_v(associated_data, data)


class AlreadyFinalized(_rijn.StateError):
    """A streaming context used after finalize (cryptography's AlreadyFinalized)."""


class _Ctx:
    __slots__ = ("_s", "_aead", "_done", "tag_length")

    def __init__(self, aead, nonce, enc):
        alg = aead._ALG
        self._aead = aead
        self.tag_length = aead._tag
        n = len(memoryview(nonce).cast("B"))
        lo, hi = aead._nb
        if not lo <= n <= hi:
            raise _rijn.ParamError("Nonce must be between %d and %d bytes" % (lo, hi))
        self._s = _rijn.AeadStream(alg, aead._key, nonce, enc, aead._tag)
        self._done = False

    def _live(self):
        if self._done:
            raise AlreadyFinalized("Context was already finalized.")
        return self._s

    def authenticate_additional_data(self, data):
        """Associated data (before the first update)."""
        self._live().aad(data)

    def update(self, data):
        """The next piece -> bytes (OCB may keep back up to 15 bytes)."""
        return self._live().update(data)

    def update_into(self, data, buf):
        """update() into buf (len(data) bytes, + 15 for OCB) -> bytes written."""
        return self._live().update_into(data, buf)


class AEADEncryptionContext(_Ctx):
    """Streaming encryption of one message (cryptography's shape)."""

    __slots__ = ("_tagv",)

    def __init__(self, aead, nonce):
        super().__init__(aead, nonce, True)
        self._tagv = None

    def finalize(self):
        """The last bytes of ciphertext; then .tag holds the tag."""
        tail, self._tagv = self._live().finalize()
        self._done = True
        return tail

    @property
    def tag(self):
        """The tag (after finalize)."""
        if self._tagv is None:
            raise _rijn.StateError("You must finalize encryption before getting the tag.")
        return self._tagv


class AEADDecryptionContext(_Ctx):
    """Streaming decryption of one message (cryptography's shape)."""

    __slots__ = ()

    def __init__(self, aead, nonce):
        super().__init__(aead, nonce, False)

    def finalize_with_tag(self, tag):
        """Check the tag: the last plaintext bytes, or rijn.InvalidTag."""
        s = self._live()
        self._done = True
        return s.finalize(tag)

    def finalize(self):
        """cryptography's rule: a decryption needs the tag (finalize_with_tag)."""
        raise ValueError("Authentication tag must be provided when decrypting "
                         "(use finalize_with_tag).")
