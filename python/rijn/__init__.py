"""rijn: small, fast, constant-time AES and authenticated encryption.

Python bindings of the rijn C library (CPython C API, no runtime
dependencies). Bytes in, bytes out; every data argument accepts any
bytes-like object (bytes, bytearray, memoryview, array, numpy buffers).
Long inputs are processed with the GIL released.

    import rijn
    key, nonce = rijn.random_bytes(32), rijn.random_bytes(12)
    ct = rijn.AESGCM(key).encrypt(nonce, b"hello", b"header")
    rijn.AESGCM(key).decrypt(nonce, ct, b"header")        # or rijn.InvalidTag

Errors: rijn.InvalidTag (a ValueError) when authentication fails;
rijn.ParamError (a ValueError) for bad key / IV / nonce / tag / data
lengths, bad padding and other bad parameters; rijn.UnsupportedError (a
NotImplementedError); rijn.StateError (a RuntimeError) for calls out of
order. All derive from rijn.Error and carry .code (the C library's
RIJN_ERR_* value); their message is the library's rijn_strerror text.
"""
import os as _os

from . import _rijn
from ._rijn import AES, Error, InvalidTag, ParamError, StateError, UnsupportedError

__version__ = "0.1.0"
library_version = _rijn.library_version

__all__ = [
    "AES", "Error", "InvalidTag", "ParamError", "StateError", "UnsupportedError",
    "ecb_encrypt", "ecb_decrypt", "cbc_encrypt", "cbc_decrypt", "cts_encrypt", "cts_decrypt",
    "ctr", "ctr_encrypt", "ctr_decrypt", "ofb", "ofb_encrypt", "ofb_decrypt",
    "cfb_encrypt", "cfb_decrypt", "Cipher",
    "AESGCM", "AESCCM", "AESOCB3", "AESGCMSIV", "AESSIV", "AESEAX",
    "ChaCha20Poly1305", "XChaCha20Poly1305", "Ascon128",
    "new_hash", "sha224", "sha256", "sha384", "sha512", "sha512_224", "sha512_256",
    "sha3_224", "sha3_256", "sha3_384", "sha3_512", "shake_128", "shake_256", "blake2b",
    "md5", "sha1", "hmac", "hmac_digest", "hkdf", "pbkdf2_hmac", "argon2id", "argon2i",
    "argon2d", "x25519", "x25519_base",
    "encrypt_bytes", "decrypt_bytes", "encrypt_file", "decrypt_file",
    "random_bytes", "aes_implementations", "aes_force_implementation",
]


def random_bytes(n):
    """n bytes from the operating system's CSPRNG (os.urandom)."""
    return _os.urandom(n)


def aes_implementations():
    """[(name, constant_time, hardware, available)] of the compiled-in AES classes."""
    return _rijn.aes_impls()


def aes_force_implementation(name=None):
    """Make later key setups use AES implementation `name` (None: automatic).
    For tests and benchmarks; not thread-safe against concurrent key setups."""
    _rijn.aes_force(name)


# ---- classic modes ----------------------------------------------------------
_ECB, _CBC, _CBC_PAD, _CTR, _CTR32, _OFB, _CFB, _CFB8, _CTS1 = 1, 2, 3, 4, 5, 6, 7, 8, 9
_mode_crypt = _rijn.mode_crypt


def ecb_encrypt(key, data):
    """AES-ECB (len(data) a multiple of 16). Leaks equal blocks: for tests and legacy."""
    return _mode_crypt(_ECB, True, key, None, data)


def ecb_decrypt(key, data):
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
        mode, key, iv, padding = self._args
        return Cipher(mode, key, iv, encrypt=True, padding=padding)

    def decryptor(self):
        mode, key, iv, padding = self._args
        return Cipher(mode, key, iv, encrypt=False, padding=padding)


# ---- AEADs --------------------------------------------------------------------
class _AEAD(_rijn.Aead):
    """encrypt(nonce, data, associated_data=None) -> ciphertext || tag;
    decrypt(nonce, ciphertext || tag, associated_data=None) -> plaintext or
    rijn.InvalidTag. One object serves any number of messages and threads."""

    __slots__ = ("_tag",)
    _ALG = 0
    _KEY_SIZES = (16, 24, 32)
    _TAGS = (16,)

    def __init__(self, key, tag_length=16):
        if tag_length not in self._TAGS:
            raise ValueError("rijn: %s tag_length must be one of %s" % (type(self).__name__, self._TAGS))
        self._tag = tag_length
        super().__init__(self._ALG, key)

    @classmethod
    def generate_key(cls, bit_length=None):
        return _os.urandom((bit_length or cls._KEY_SIZES[-1] * 8) // 8)

    def encrypt(self, nonce, data, associated_data=None):
        return self.seal(nonce, data, associated_data, self._tag)

    def decrypt(self, nonce, data, associated_data=None):
        return self.open(nonce, data, associated_data, self._tag)


class AESGCM(_AEAD):
    """AES-GCM (key 16/24/32 bytes, nonce 12 bytes recommended: 1 byte or more)."""
    __slots__ = ()
    _ALG = 1
    _TAGS = (4, 8, 12, 13, 14, 15, 16)


class AESCCM(_AEAD):
    """AES-CCM (nonce 7..13 bytes, tag_length 4, 6, ..., 16)."""
    __slots__ = ()
    _ALG = 2
    _TAGS = (4, 6, 8, 10, 12, 14, 16)


class AESOCB3(_AEAD):
    """AES-OCB3, RFC 7253 (nonce 1..15 bytes, 12 recommended; tag 1..16)."""
    __slots__ = ()
    _ALG = 3
    _TAGS = tuple(range(1, 17))


class AESGCMSIV(_AEAD):
    """AES-GCM-SIV, RFC 8452 (key 16 or 32 bytes, nonce 12 bytes): nonce-misuse resistant."""
    __slots__ = ()
    _ALG = 4
    _KEY_SIZES = (16, 32)


class AESEAX(_AEAD):
    """AES-EAX (any nonce length, 16 recommended; tag 1..16)."""
    __slots__ = ()
    _ALG = 6
    _TAGS = tuple(range(1, 17))


class ChaCha20Poly1305(_AEAD):
    """ChaCha20-Poly1305, RFC 8439 (key 32 bytes, nonce 12 bytes)."""
    __slots__ = ()
    _ALG = 7
    _KEY_SIZES = (32,)


class XChaCha20Poly1305(_AEAD):
    """XChaCha20-Poly1305 (key 32 bytes, nonce 24 bytes: random nonces are safe)."""
    __slots__ = ()
    _ALG = 8
    _KEY_SIZES = (32,)


class Ascon128(_AEAD):
    """Ascon-AEAD128, NIST SP 800-232 (key 16 bytes, nonce 16 bytes)."""
    __slots__ = ()
    _ALG = 9
    _KEY_SIZES = (16,)


class AESSIV(_rijn.Aead):
    """AES-SIV, RFC 5297 (key 32, 48 or 64 bytes), like cryptography's AESSIV:
    encrypt(data, associated_data=None) -> V || C where associated_data is a
    list of byte strings (each authenticated separately; a nonce, if you use
    one, goes last). decrypt(data, associated_data=None) -> plaintext."""

    __slots__ = ()
    _KEY_SIZES = (32, 48, 64)

    def __init__(self, key):
        super().__init__(5, key)

    generate_key = _AEAD.generate_key

    def encrypt(self, data, associated_data=None):
        return self.seal_v(associated_data, data)

    def decrypt(self, data, associated_data=None):
        return self.open_v(associated_data, data)


# ---- hashes -----------------------------------------------------------------
class _Hash(_rijn.Hash):
    __slots__ = ()
    name = ""

    def hexdigest(self, *length):
        return self.digest(*length).hex()

    def __repr__(self):
        return "<rijn.%s hash object>" % self.name


def _hash_class(pyname, cname):
    def __init__(self, data=None):
        _rijn.Hash.__init__(self, cname, data)

    __init__.__doc__ = "%s(data=None): update(data), digest(), hexdigest(), copy()" % pyname
    return type(pyname, (_Hash,), {"__slots__": (), "name": pyname, "__init__": __init__,
                                   "__module__": __name__})


sha224 = _hash_class("sha224", "SHA-224")
sha256 = _hash_class("sha256", "SHA-256")
sha384 = _hash_class("sha384", "SHA-384")
sha512 = _hash_class("sha512", "SHA-512")
sha512_224 = _hash_class("sha512_224", "SHA-512/224")
sha512_256 = _hash_class("sha512_256", "SHA-512/256")
sha3_224 = _hash_class("sha3_224", "SHA3-224")
sha3_256 = _hash_class("sha3_256", "SHA3-256")
sha3_384 = _hash_class("sha3_384", "SHA3-384")
sha3_512 = _hash_class("sha3_512", "SHA3-512")
md5 = _hash_class("md5", "MD5")    # legacy: broken for collisions
sha1 = _hash_class("sha1", "SHA-1")  # legacy: broken for collisions
shake_128 = _hash_class("shake_128", "shake128")  # digest(length) / hexdigest(length)
shake_256 = _hash_class("shake_256", "shake256")


class blake2b(_Hash):
    """blake2b(data=None, *, digest_size=64, key=b"") (hashlib's names)."""
    __slots__ = ()
    name = "blake2b"

    def __init__(self, data=None, *, digest_size=64, key=b""):
        super().__init__("blake2b", data, digest_size=digest_size, key=key or None)


_HASH_NAMES = {
    "sha224": "SHA-224", "sha256": "SHA-256", "sha384": "SHA-384", "sha512": "SHA-512",
    "sha512_224": "SHA-512/224", "sha512_256": "SHA-512/256", "sha3_224": "SHA3-224",
    "sha3_256": "SHA3-256", "sha3_384": "SHA3-384", "sha3_512": "SHA3-512", "md5": "MD5",
    "sha1": "SHA-1", "blake2b": "BLAKE2b-512",
}


def _hname(h):
    """A hash name for HMAC/HKDF/PBKDF2: "sha256", "SHA-256", a rijn hash class,
    or a hashlib constructor (hashlib.sha256)."""
    if not isinstance(h, str):
        h = getattr(h, "name", None) or getattr(h, "__name__", "")
        h = h.replace("openssl_", "")
    key = h.lower().replace("-", "_").replace("/", "_")
    return _HASH_NAMES.get(key, h)


def new_hash(name, data=None):
    """hashlib.new-style constructor: new_hash("sha256", b"...")."""
    cls = globals().get(name.lower().replace("-", "_"))
    if isinstance(cls, type) and issubclass(cls, _Hash):
        return cls(data)
    raise ValueError("rijn: unknown hash %r" % (name,))


class hmac(_Hash):
    """hmac(key, msg=None, digestmod="sha256"): HMAC object with update(),
    digest(), hexdigest(), copy() (the standard hmac module's shape)."""
    __slots__ = ()
    name = "hmac"

    def __init__(self, key, msg=None, digestmod="sha256"):
        super().__init__(_hname(digestmod), msg, hmac_key=key)


def hmac_digest(key, msg, digest="sha256"):
    """One-shot HMAC (the standard hmac.digest shape)."""
    return _rijn.Hash(_hname(digest), msg, hmac_key=key).digest()


def hkdf(ikm, length, salt=None, info=None, hash="sha256"):
    """HKDF (RFC 5869): extract with salt (None: zeros), expand with info."""
    return _rijn.hkdf(_hname(hash), length, salt, ikm, info)


def pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None):
    """PBKDF2-HMAC (hashlib.pbkdf2_hmac's signature); str passwords are UTF-8."""
    name = _hname(hash_name)
    if isinstance(password, str):
        password = password.encode()
    if dklen is None:
        dklen = _rijn.Hash(name).digest_size
    return _rijn.pbkdf2(name, password, salt, iterations, dklen)


def _argon2(kind, password, salt, t_cost, m_cost_kib, parallelism, length, secret, ad):
    if isinstance(password, str):
        password = password.encode()
    return _rijn.argon2(kind, password, salt, t_cost, m_cost_kib, parallelism, length, secret, ad)


def argon2id(password, salt, t_cost=3, m_cost_kib=65536, parallelism=4, length=32,
             secret=None, ad=None):
    """Argon2id (RFC 9106). m_cost_kib KiB of memory (allocated per call)."""
    return _argon2(2, password, salt, t_cost, m_cost_kib, parallelism, length, secret, ad)


def argon2i(password, salt, t_cost=3, m_cost_kib=65536, parallelism=4, length=32,
            secret=None, ad=None):
    return _argon2(1, password, salt, t_cost, m_cost_kib, parallelism, length, secret, ad)


def argon2d(password, salt, t_cost=3, m_cost_kib=65536, parallelism=4, length=32,
            secret=None, ad=None):
    return _argon2(0, password, salt, t_cost, m_cost_kib, parallelism, length, secret, ad)


def x25519(scalar, point=None):
    """X25519 (RFC 7748): scalar * point (32 bytes each); point None: the base
    point (public key from private key). An all-zero result (low-order point)
    raises rijn.ParamError."""
    return _rijn.x25519(scalar, point)


def x25519_base(scalar):
    return _rijn.x25519(scalar, None)


from ._file import decrypt_bytes, decrypt_file, encrypt_bytes, encrypt_file  # noqa: E402
