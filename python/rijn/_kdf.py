"""MACs, KDFs, XTS and key wrap in cryptography's shapes.

HMAC(key, algorithm), CMAC(key or algorithms.AES(key)), Poly1305(key):
update / copy / finalize / verify (rijn.InvalidSignature on mismatch).
HKDF(algorithm, length, salt, info), HKDFExpand(algorithm, length,
info), PBKDF2HMAC(algorithm, length, salt, iterations), Argon2id(salt=,
length=, iterations=, lanes=, memory_cost=, ad=, secret=) and
Scrypt(salt, length, n, r, p): derive(key_material) once, or
verify(key_material, expected_key) (rijn.InvalidKey); HKDF.extract.
An algorithm is a rijn hash class (rijn.sha256), a cryptography hash
object (hashes.SHA256()), a hashlib constructor, or a name ("sha256").
An unknown one raises rijn.UnsupportedError (a
cryptography.exceptions.UnsupportedAlgorithm when cryptography is
installed). xts_encrypt / xts_decrypt (IEEE 1619, key 32 or 64 bytes,
16-byte tweak); aes_key_wrap / aes_key_unwrap (RFC 3394) and the
_with_padding forms (RFC 5649), rijn.InvalidUnwrap on failure.
"""
import hmac as _hmac

from . import _rijn
from ._aead import AlreadyFinalized, _check_int

_HASH_NAMES = {
    "sha224": "SHA-224", "sha256": "SHA-256", "sha384": "SHA-384", "sha512": "SHA-512",
    "sha512_224": "SHA-512/224", "sha512_256": "SHA-512/256", "sha3_224": "SHA3-224",
    "sha3_256": "SHA3-256", "sha3_384": "SHA3-384", "sha3_512": "SHA3-512", "md5": "MD5",
    "sha1": "SHA-1", "blake2b": "BLAKE2b-512",
}


def _exc(name, doc, *bases):
    try:
        import cryptography.exceptions as ce
        extra = (getattr(ce, name),)
    except (ImportError, AttributeError):
        extra = ()
    return type(name, (_rijn.Error,) + bases + extra, {"__doc__": doc, "__module__": "rijn"})


InvalidKey = _exc("InvalidKey", "A derived key did not match (KDF verify); also "
                  "cryptography.exceptions.InvalidKey when cryptography is installed.", ValueError)
InvalidSignature = _exc("InvalidSignature", "A MAC did not match (verify); also "
                        "cryptography.exceptions.InvalidSignature when installed.", ValueError)


class InvalidUnwrap(_rijn.Error, ValueError):
    """Key unwrapping failed (wrong key or damaged data): cryptography's
    keywrap.InvalidUnwrap (not a subclass of it: importing cryptography's
    keywrap module would cost every 'import rijn' its whole Rust binding)."""


def hash_name(h):
    """The C library's name of a hash given as a name, a rijn hash class,
    a cryptography hash object or a hashlib constructor."""
    if isinstance(h, str):
        n = h
    else:
        n = getattr(h, "name", None)
        if not isinstance(n, str):
            n = getattr(h, "__name__", "")
        n = n.replace("openssl_", "")
    key = n.lower().replace("-", "_").replace("/", "_")
    name = _HASH_NAMES.get(key)
    if name is None and n in _HASH_NAMES.values():
        name = n
    if name is None:
        raise _rijn.UnsupportedError("rijn: unsupported hash algorithm %r" % (n or h,))
    return name


def _bytes_arg(name, v, none_ok=True):
    if v is None and none_ok:
        return None
    if isinstance(v, (bytes, bytearray)):
        return v
    if isinstance(v, str):
        raise TypeError("%s must be bytes" % name)
    try:
        memoryview(v)
    except TypeError:
        raise TypeError("%s must be bytes" % name) from None
    return v


def _digest_size(name):
    return _rijn.Hash(name).digest_size


class _KDF:
    _used = False

    def _once(self):
        if self._used:
            raise AlreadyFinalized("Key derivation objects can only be used once.")
        self._used = True

    def derive(self, key_material):
        """The derived key (the object serves one derivation)."""
        self._once()
        return self._derive(_bytes_arg("key_material", key_material, False))

    def verify(self, key_material, expected_key):
        """rijn.InvalidKey unless derive(key_material) == expected_key."""
        if not _hmac.compare_digest(self.derive(key_material), bytes(expected_key)):
            raise InvalidKey("Keys do not match.")


class HKDF(_KDF):
    """HKDF (RFC 5869): HKDF(algorithm, length, salt, info).derive(ikm)."""

    def __init__(self, algorithm, length, salt, info, backend=None):
        self._h = hash_name(algorithm)
        _check_int("length", length)
        if length > 255 * _digest_size(self._h):
            raise ValueError("Cannot derive keys larger than %d octets."
                             % (255 * _digest_size(self._h)))
        self._len, self._salt, self._info = length, _bytes_arg("salt", salt), _bytes_arg("info", info)

    @staticmethod
    def extract(algorithm, salt, key_material):
        """HKDF-Extract: the pseudorandom key (digest size) from salt and key material."""
        return _rijn.hkdf_extract(hash_name(algorithm), _bytes_arg("salt", salt),
                                  _bytes_arg("key_material", key_material, False))

    def _derive(self, ikm):
        return _rijn.hkdf(self._h, self._len, self._salt, ikm, self._info)


class HKDFExpand(_KDF):
    """HKDF-Expand alone: HKDFExpand(algorithm, length, info).derive(prk)."""

    def __init__(self, algorithm, length, info, backend=None):
        self._h = hash_name(algorithm)
        _check_int("length", length)
        if length > 255 * _digest_size(self._h):
            raise ValueError("Cannot derive keys larger than %d octets."
                             % (255 * _digest_size(self._h)))
        self._len, self._info = length, _bytes_arg("info", info)

    def _derive(self, prk):
        return _rijn.hkdf_expand(self._h, prk, self._info, self._len)


class PBKDF2HMAC(_KDF):
    """PBKDF2-HMAC: PBKDF2HMAC(algorithm, length, salt, iterations).derive(password)."""

    def __init__(self, algorithm, length, salt, iterations, backend=None):
        self._h = hash_name(algorithm)
        _check_int("length", length)
        _check_int("iterations", iterations)
        self._len, self._salt, self._it = length, _bytes_arg("salt", salt, False), iterations

    def _derive(self, password):
        return _rijn.pbkdf2(self._h, password, self._salt, self._it, self._len)


class Argon2id(_KDF):
    """Argon2id (RFC 9106): Argon2id(salt=, length=, iterations=, lanes=,
    memory_cost= KiB, ad=None, secret=None).derive(password)."""

    def __init__(self, *, salt, length, iterations, lanes, memory_cost, ad=None, secret=None):
        for n, v in (("length", length), ("iterations", iterations), ("lanes", lanes),
                     ("memory_cost", memory_cost)):
            _check_int(n, v)
        self._a = (_bytes_arg("salt", salt, False), iterations, memory_cost, lanes, length,
                   _bytes_arg("secret", secret), _bytes_arg("ad", ad))

    def _derive(self, password):
        salt, t, m, p, n, secret, ad = self._a
        return _rijn.argon2(2, password, salt, t, m, p, n, secret, ad)


class Scrypt(_KDF):
    """scrypt (RFC 7914): Scrypt(salt, length, n, r, p).derive(password)."""

    def __init__(self, salt, length, n, r, p, backend=None):
        for name, v in (("length", length), ("n", n), ("r", r), ("p", p)):
            _check_int(name, v)
        if n < 2 or n & (n - 1):
            raise ValueError("n must be greater than 1 and be a power of 2.")
        self._a = (_bytes_arg("salt", salt, False), n, r, p, length)

    def _derive(self, password):
        salt, n, r, p, length = self._a
        return _rijn.scrypt(password, salt, n, r, p, length)


class _MacBase:
    def _live(self):
        if self._m is None:
            raise AlreadyFinalized("Context was already finalized.")
        return self._m

    def update(self, data):
        """Add data."""
        self._live().update(_bytes_arg("data", data, False))

    def verify(self, signature):
        """rijn.InvalidSignature unless the MAC of the data is signature."""
        tag = self.finalize()
        if not _hmac.compare_digest(tag, bytes(_bytes_arg("signature", signature, False))):
            raise InvalidSignature("Signature did not match digest.")


class HMAC(_MacBase):
    """HMAC in cryptography's shape: HMAC(key, algorithm); update, copy, finalize, verify."""

    def __init__(self, key, algorithm, backend=None, *, _m=None):
        self.algorithm = algorithm
        self._m = _m if _m is not None else _rijn.Hash(hash_name(algorithm), None,
                                                       hmac_key=_bytes_arg("key", key, False))

    def copy(self):
        """An independent copy of the running state."""
        return HMAC(None, self.algorithm, _m=self._live().copy())

    def finalize(self):
        """The MAC; the object is finished."""
        tag = self._live().digest()
        self._m = None
        return tag


class _CMacLike(_MacBase):
    _KIND = 0

    def __init__(self, key, _m=None):
        self._m = _m if _m is not None else _rijn.Mac(self._KIND, key)

    def finalize(self):
        """The 16-byte tag; the object is finished."""
        tag = self._live().finalize()
        self._m = None
        return tag


class CMAC(_CMacLike):
    """AES-CMAC (RFC 4493): CMAC(key) or CMAC(algorithms.AES(key)) (cryptography's shape)."""

    _KIND = 1

    def __init__(self, algorithm, backend=None, *, _m=None):
        key = getattr(algorithm, "key", algorithm)
        self.algorithm = algorithm
        super().__init__(key, _m)

    def copy(self):
        """An independent copy of the running state."""
        return CMAC(self.algorithm, _m=self._live().copy())


class Poly1305(_CMacLike):
    """Poly1305 (RFC 8439), a one-time 32-byte key: update, finalize, verify."""

    _KIND = 2

    @classmethod
    def generate_tag(cls, key, data):
        """One-shot: the 16-byte tag of data."""
        p = cls(key)
        p.update(data)
        return p.finalize()

    @classmethod
    def verify_tag(cls, key, data, tag):
        """One-shot check: rijn.InvalidSignature unless tag is right."""
        p = cls(key)
        p.update(data)
        p.verify(tag)


def xts_encrypt(key, tweak, data):
    """AES-XTS (IEEE 1619): key 32 or 64 bytes (two AES keys, must differ),
    tweak 16 bytes, data 16 bytes or more (ciphertext stealing)."""
    return _rijn.xts(True, key, tweak, data)


def xts_decrypt(key, tweak, data):
    """Inverse of xts_encrypt."""
    return _rijn.xts(False, key, tweak, data)


def _unwrap(op, kek, data):
    try:
        return _rijn.keywrap(op, kek, data)
    except _rijn.InvalidTag:
        raise InvalidUnwrap("rijn: key unwrap failed") from None
    except _rijn.ParamError as e:
        if op in (1, 3):
            raise InvalidUnwrap(str(e)) from None
        raise


def aes_key_wrap(wrapping_key, key_to_wrap, backend=None):
    """RFC 3394 key wrap (key_to_wrap: 16+ bytes, a multiple of 8)."""
    if len(key_to_wrap) < 16:
        raise ValueError("The key to wrap must be at least 16 bytes")
    if len(key_to_wrap) % 8:
        raise ValueError("The key to wrap must be a multiple of 8 bytes")
    return _rijn.keywrap(0, wrapping_key, key_to_wrap)


def aes_key_unwrap(wrapping_key, wrapped_key, backend=None):
    """Inverse of aes_key_wrap; rijn.InvalidUnwrap if the check fails."""
    if len(wrapped_key) < 24:
        raise InvalidUnwrap("Must be at least 24 bytes")
    if len(wrapped_key) % 8:
        raise InvalidUnwrap("The wrapped key must be a multiple of 8 bytes")
    return _unwrap(1, wrapping_key, wrapped_key)


def aes_key_wrap_with_padding(wrapping_key, key_to_wrap, backend=None):
    """RFC 5649 key wrap with padding (any length from 1 byte)."""
    return _rijn.keywrap(2, wrapping_key, key_to_wrap)


def aes_key_unwrap_with_padding(wrapping_key, wrapped_key, backend=None):
    """Inverse of aes_key_wrap_with_padding; rijn.InvalidUnwrap on failure."""
    if len(wrapped_key) < 16:
        raise InvalidUnwrap("Must be at least 16 bytes")
    return _unwrap(3, wrapping_key, wrapped_key)
