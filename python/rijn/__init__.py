"""rijn: small, fast, constant-time AES and authenticated encryption.

Python bindings of the rijn C library (CPython C API, no runtime
dependencies). Bytes in, bytes out; every data argument accepts any
bytes-like object (bytes, bytearray, memoryview, array, numpy buffers).
Long inputs are processed with the GIL released.

    import rijn
    key, nonce = rijn.random_bytes(32), rijn.random_bytes(12)
    ct = rijn.AESGCM(key).encrypt(nonce, b"hello", b"header")
    rijn.AESGCM(key).decrypt(nonce, ct, b"header")        # or rijn.InvalidTag

Three API shapes, each with the contract of the library it copies:
  - PyCryptodome's: rijn.AES.new(key, rijn.AES.MODE_CBC, iv) and the other
    modes (ECB CBC CFB OFB CTR GCM CCM EAX OCB SIV), rijn.Padding.pad/unpad;
  - cryptography's: AESGCM, AESCCM, AESOCB3, AESGCMSIV, AESSIV,
    ChaCha20Poly1305 (+ encrypt_into, encryptor/decryptor), HMAC, CMAC,
    Poly1305, HKDF, HKDFExpand, PBKDF2HMAC, Argon2id, Scrypt,
    X25519PrivateKey/X25519PublicKey, aes_key_wrap, xts_encrypt;
  - hashlib's: sha256(...), sha3_256, shake_128, blake2b, blake2s, new_hash, hmac,
    pbkdf2_hmac; plus rijn's functions (cbc_encrypt, ctr, hkdf, argon2id,
    x25519) and the rijn file format (encrypt_file, decrypt_file, ...),
    also to X25519 recipients and in the age format (recipients=,
    identity=, format="age", x25519_keygen).

Errors: rijn.InvalidTag (a ValueError, and cryptography's InvalidTag when
that package is installed) when authentication fails; rijn.ParamError (a
ValueError) for bad key / IV / nonce / tag / data lengths, bad padding
and other bad parameters; rijn.UnsupportedError (a NotImplementedError,
and cryptography's UnsupportedAlgorithm when installed); rijn.StateError
(a RuntimeError) for calls out of order. Wrong argument types (str for
bytes, None for a nonce) are TypeError. All rijn errors derive from
rijn.Error and carry .code (the C library's RIJN_ERR_* value).
"""
import os as _os

from . import _rijn
from ._rijn import Error, InvalidTag, ParamError, StateError, UnsupportedError
# .code of errors raised from Python (the C side sets it on each instance)
Error.code, ParamError.code, InvalidTag.code = -12, -12, -6
UnsupportedError.code, StateError.code = -7, -10

from . import Padding  # noqa: F401  (rijn.Padding.pad / unpad, PyCryptodome's)
from ._compat import MessageTooLongError, new_classic as _new_classic
from ._compat_new import new_aead as _new_aead

__version__ = "0.1.0"
library_version = _rijn.library_version

__all__ = [
    "AES", "Padding", "Error", "InvalidTag", "ParamError", "StateError", "UnsupportedError",
    "MessageTooLongError", "AlreadyFinalized", "InvalidKey", "InvalidSignature", "InvalidUnwrap",
    "ecb_encrypt", "ecb_decrypt", "cbc_encrypt", "cbc_decrypt", "cts_encrypt", "cts_decrypt",
    "ctr", "ctr_encrypt", "ctr_decrypt", "ofb", "ofb_encrypt", "ofb_decrypt",
    "cfb_encrypt", "cfb_decrypt", "Cipher",
    "AESGCM", "AESCCM", "AESOCB3", "AESGCMSIV", "AESSIV", "AESEAX",
    "ChaCha20Poly1305", "XChaCha20Poly1305", "Ascon128",
    "new_hash", "sha224", "sha256", "sha384", "sha512", "sha512_224", "sha512_256",
    "sha3_224", "sha3_256", "sha3_384", "sha3_512", "shake_128", "shake_256", "blake2b",
    "blake2s",
    "md5", "sha1", "hmac", "hmac_digest", "hkdf", "pbkdf2_hmac", "argon2id", "argon2i",
    "argon2d", "x25519", "x25519_base", "library_version",
    "HMAC", "CMAC", "Poly1305", "HKDF", "HKDFExpand", "PBKDF2HMAC", "Argon2id", "Scrypt", "scrypt",
    "xts_encrypt", "xts_decrypt", "aes_key_wrap", "aes_key_unwrap", "aes_key_wrap_with_padding",
    "aes_key_unwrap_with_padding", "X25519PrivateKey", "X25519PublicKey", "Encoding",
    "PrivateFormat", "PublicFormat", "NoEncryption",
    "AEADEncryptionContext", "AEADDecryptionContext",
    "encrypt_bytes", "decrypt_bytes", "encrypt_file", "decrypt_file", "NoMatchingIdentity",
    "x25519_keygen", "x25519_recipient",
    "openssl_enc_encrypt", "openssl_enc_decrypt", "mbedtls_cah_encrypt", "mbedtls_cah_decrypt",
    "openssl_enc_encrypt_file", "openssl_enc_decrypt_file", "mbedtls_cah_encrypt_file",
    "mbedtls_cah_decrypt_file",
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


class AES(_rijn.AES):
    """The AES block cipher, and PyCryptodome's Crypto.Cipher.AES module shape.

    AES(key).encrypt_block(block) / decrypt_block(block) (16-byte blocks),
    .impl (the implementation in use).

    AES.new(key, AES.MODE_xxx, ...) returns PyCryptodome's cipher objects
    with the same arguments, bytes and exception types: MODE_ECB,
    MODE_CBC (iv), MODE_CFB (iv, segment_size=8 or 128), MODE_OFB (iv),
    MODE_CTR (nonce, initial_value, or counter=Crypto.Util.Counter.new),
    MODE_GCM / MODE_EAX / MODE_OCB / MODE_CCM (nonce, mac_len; CCM:
    msg_len, assoc_len) and MODE_SIV (key 32/48/64 bytes, nonce optional),
    with encrypt / decrypt / update / digest / verify /
    encrypt_and_digest / decrypt_and_verify. Use rijn.Padding.pad/unpad
    with ECB and CBC. MODE_OPENPGP, MODE_KW and MODE_KWP are not offered
    (aes_key_wrap is).
    """

    __slots__ = ()
    MODE_ECB, MODE_CBC, MODE_CFB, MODE_OFB, MODE_CTR = 1, 2, 3, 5, 6
    MODE_CCM, MODE_EAX, MODE_SIV, MODE_GCM, MODE_OCB = 8, 9, 10, 11, 12
    block_size = 16
    key_size = (16, 24, 32)

    @staticmethod
    def new(key, mode, *args, **kwargs):
        """A PyCryptodome cipher object for mode (see the class doc)."""
        if mode in (1, 2, 3, 5, 6):
            return _new_classic(key, mode, args, kwargs)
        if mode in (8, 9, 10, 11, 12):
            return _new_aead(key, mode, args, kwargs)
        raise ValueError("Mode not supported")


# ---- classic modes (rijn/_modes.py) -----------------------------------------
from ._modes import (Cipher, cbc_decrypt, cbc_encrypt, cfb_decrypt, cfb_encrypt,  # noqa: E402
                     cts_decrypt, cts_encrypt, ctr, ctr_decrypt, ctr_encrypt, ecb_decrypt,
                     ecb_encrypt, ofb, ofb_decrypt, ofb_encrypt)

# ---- AEADs (cryptography's shapes) ------------------------------------------
from ._aead import (AEADDecryptionContext, AEADEncryptionContext, AESCCM, AESEAX,  # noqa: E402
                    AESGCM, AESGCMSIV, AESOCB3, AESSIV, AlreadyFinalized, Ascon128,
                    ChaCha20Poly1305, XChaCha20Poly1305)
from ._kdf import (CMAC, HKDF, HMAC, PBKDF2HMAC, Argon2id, HKDFExpand, InvalidKey,  # noqa: E402
                   InvalidSignature, InvalidUnwrap, Poly1305, Scrypt, aes_key_unwrap,
                   aes_key_unwrap_with_padding, aes_key_wrap, aes_key_wrap_with_padding,
                   hash_name as _hash_name, xts_decrypt, xts_encrypt)
from ._x25519 import (Encoding, NoEncryption, PrivateFormat, PublicFormat,  # noqa: E402
                      X25519PrivateKey, X25519PublicKey)


# ---- hashes -----------------------------------------------------------------
class _Hash(_rijn.Hash):
    __slots__ = ()
    name = ""

    def hexdigest(self, *length):
        """digest() as a hex string (SHAKE: hexdigest(length))."""
        return self.digest(*length).hex()

    def __repr__(self):
        return "<rijn.%s hash object>" % self.name


def _hash_class(pyname, cname):
    def __init__(self, data=None):
        _rijn.Hash.__init__(self, cname, data)

    doc = ("%s(data=None): the %s hash in hashlib's shape: update(data), digest(), "
           "hexdigest(), copy(), digest_size, block_size, name." % (pyname, cname))
    if pyname.startswith("shake"):
        doc += " An XOF: digest(length) / hexdigest(length)."
    if pyname in ("md5", "sha1"):
        doc += " Legacy: broken for collisions; for old formats only."
    __init__.__doc__ = doc
    return type(pyname, (_Hash,), {"__slots__": (), "name": pyname, "__init__": __init__,
                                   "__module__": __name__, "__doc__": doc})


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
    """blake2b(data=None, *, digest_size=64, key=b"", salt=b"", person=b"")
    (hashlib's names and checks: digest_size 1..64, key up to 64 bytes,
    salt and person up to 16, zero-padded; RFC 7693)."""
    __slots__ = ()
    name = "blake2b"
    SALT_SIZE = PERSON_SIZE = 16
    MAX_KEY_SIZE = MAX_DIGEST_SIZE = 64

    def __init__(self, data=None, *, digest_size=64, key=b"", salt=b"", person=b""):
        super().__init__("blake2b", data, digest_size=digest_size, key=key or None,
                         salt=salt or None, person=person or None)


class blake2s(_Hash):
    """blake2s(data=None, *, digest_size=32, key=b"", salt=b"", person=b"")
    (hashlib's names and checks: digest_size 1..32, key up to 32 bytes,
    salt and person up to 8, zero-padded; RFC 7693, 32-bit words)."""
    __slots__ = ()
    name = "blake2s"
    SALT_SIZE = PERSON_SIZE = 8
    MAX_KEY_SIZE = MAX_DIGEST_SIZE = 32

    def __init__(self, data=None, *, digest_size=32, key=b"", salt=b"", person=b""):
        super().__init__("blake2s", data, digest_size=digest_size, key=key or None,
                         salt=salt or None, person=person or None)


def _hname(h):
    """A hash name for HMAC/HKDF/PBKDF2: "sha256", "SHA-256", a rijn hash class,
    a cryptography hash object or a hashlib constructor (hashlib.sha256)."""
    return _hash_name(h)


def _hname_hashlib(h):
    """_hname for the hashlib-shaped functions: an unknown hash is a ValueError there."""
    try:
        return _hash_name(h)
    except UnsupportedError as e:
        raise ValueError("unsupported hash type %s" % (h,)) from e


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
        super().__init__(_hname_hashlib(digestmod), msg, hmac_key=key)


def hmac_digest(key, msg, digest="sha256"):
    """One-shot HMAC (the standard hmac.digest shape)."""
    return _rijn.Hash(_hname_hashlib(digest), msg, hmac_key=key).digest()


def hkdf(ikm, length, salt=None, info=None, hash="sha256"):
    """HKDF (RFC 5869): extract with salt (None: zeros), expand with info."""
    return _rijn.hkdf(_hname(hash), length, salt, ikm, info)


def pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None):
    """PBKDF2-HMAC (hashlib.pbkdf2_hmac's signature); str passwords are UTF-8."""
    name = _hname_hashlib(hash_name)
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
    """Argon2i (RFC 9106; data-independent memory access). Prefer argon2id."""
    return _argon2(1, password, salt, t_cost, m_cost_kib, parallelism, length, secret, ad)


def argon2d(password, salt, t_cost=3, m_cost_kib=65536, parallelism=4, length=32,
            secret=None, ad=None):
    """Argon2d (RFC 9106; data-dependent memory access: not for passwords an
    attacker can time). Prefer argon2id."""
    return _argon2(0, password, salt, t_cost, m_cost_kib, parallelism, length, secret, ad)


def scrypt(password, salt, n, r, p, length=64):
    """scrypt (RFC 7914): 128 * r * (n + p + 2) bytes of memory per call."""
    if isinstance(password, str):
        password = password.encode()
    return _rijn.scrypt(password, salt, n, r, p, length)


def x25519(scalar, point=None):
    """X25519 (RFC 7748): scalar * point (32 bytes each); point None: the base
    point (public key from private key). An all-zero result (low-order point)
    raises rijn.ParamError."""
    return _rijn.x25519(scalar, point)


def x25519_base(scalar):
    """The X25519 public key of scalar (scalar * base point)."""
    return _rijn.x25519(scalar, None)


from ._file import decrypt_bytes, decrypt_file, encrypt_bytes, encrypt_file  # noqa: E402
from ._recip import NoMatchingIdentity, x25519_keygen, x25519_recipient  # noqa: E402
from ._legacy import (mbedtls_cah_decrypt, mbedtls_cah_decrypt_file,  # noqa: E402
                      mbedtls_cah_encrypt, mbedtls_cah_encrypt_file, openssl_enc_decrypt,
                      openssl_enc_decrypt_file, openssl_enc_encrypt, openssl_enc_encrypt_file)
