"""X25519 key objects in cryptography's shape, with raw, DER and PEM
serialization (PKCS #8 private keys, SubjectPublicKeyInfo public keys,
RFC 8410), and the serialization names (Encoding, PrivateFormat,
PublicFormat, NoEncryption). cryptography's own serialization enums are
accepted too. Encrypted private keys are not supported (UnsupportedError).
"""
import base64 as _b64
import enum as _enum
import os as _os

from . import _rijn

_PKCS8 = bytes.fromhex("302e020100300506032b656e04220420")
_SPKI = bytes.fromhex("302a300506032b656e032100")


class Encoding(_enum.Enum):
    """Output encodings (cryptography.hazmat.primitives.serialization.Encoding's)."""
    PEM = "PEM"
    DER = "DER"
    Raw = "Raw"


class PrivateFormat(_enum.Enum):
    """Private key formats (PKCS #8 or raw)."""
    PKCS8 = "PKCS8"
    Raw = "Raw"


class PublicFormat(_enum.Enum):
    """Public key formats (SubjectPublicKeyInfo or raw)."""
    SubjectPublicKeyInfo = "X.509 subjectPublicKeyInfo"
    Raw = "Raw"


class NoEncryption:
    """No encryption of a serialized private key (the only choice here)."""


def _name(v):
    """The member name of a rijn or cryptography enum value."""
    return getattr(v, "name", None) or str(v).rsplit(".", 1)[-1]


def _raw32(data, what):
    if isinstance(data, str) or not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError("%s must be bytes" % what)
    data = bytes(data)
    if len(data) != 32:
        raise _rijn.ParamError("An X25519 %s is 32 bytes long" % what)
    return data


def _pem(label, der):
    b = _b64.encodebytes(der).replace(b"\n", b"")
    lines = [b[i:i + 64] for i in range(0, len(b), 64)]
    return b"-----BEGIN %s-----\n%s\n-----END %s-----\n" % (label, b"\n".join(lines), label)


def _serialize(raw, prefix, label, encoding, fmt, raw_fmt):
    enc, f = _name(encoding), _name(fmt)
    if enc == "Raw" or f == "Raw":
        if not (enc == "Raw" and f == "Raw"):
            raise ValueError("When using Raw both encoding and format must be Raw")
        return raw
    if f != raw_fmt:
        raise ValueError("format must be %s or Raw for X25519 keys" % raw_fmt)
    der = prefix + raw
    if enc == "DER":
        return der
    if enc == "PEM":
        return _pem(label, der)
    raise ValueError("encoding must be PEM, DER or Raw")


def _load(data, prefix, label):
    data = bytes(data)
    if data.lstrip().startswith(b"-----BEGIN"):
        body = data.split(b"-----BEGIN %s-----" % label, 1)[-1].split(b"-----END", 1)[0]
        data = _b64.b64decode(b"".join(body.split()))
    if len(data) != len(prefix) + 32 or not data.startswith(prefix):
        raise _rijn.ParamError("not an X25519 %s" % label.decode().lower())
    return data[len(prefix):]


class X25519PublicKey:
    """An X25519 public key (32 bytes, RFC 7748)."""

    __slots__ = ("_raw",)

    def __init__(self, raw):
        self._raw = raw

    @classmethod
    def from_public_bytes(cls, data):
        """From the 32 raw bytes."""
        return cls(_raw32(data, "public key"))

    @classmethod
    def load(cls, data):
        """From DER or PEM SubjectPublicKeyInfo."""
        return cls(_load(data, _SPKI, b"PUBLIC KEY"))

    def public_bytes_raw(self):
        """The 32 raw bytes."""
        return self._raw

    def public_bytes(self, encoding, format):
        """Raw/Raw, DER or PEM with PublicFormat.SubjectPublicKeyInfo."""
        return _serialize(self._raw, _SPKI, b"PUBLIC KEY", encoding, format,
                          "SubjectPublicKeyInfo")

    def __eq__(self, other):
        return isinstance(other, X25519PublicKey) and self._raw == other._raw

    def __hash__(self):
        return hash(self._raw)


class X25519PrivateKey:
    """An X25519 private key: generate(), exchange(peer_public_key)."""

    __slots__ = ("_raw",)

    def __init__(self, raw):
        self._raw = raw

    @classmethod
    def generate(cls):
        """A new random key."""
        return cls(_os.urandom(32))

    @classmethod
    def from_private_bytes(cls, data):
        """From the 32 raw bytes."""
        return cls(_raw32(data, "private key"))

    @classmethod
    def load(cls, data, password=None):
        """From unencrypted DER or PEM PKCS #8."""
        if password is not None:
            raise _rijn.UnsupportedError("rijn: encrypted private keys are not supported")
        return cls(_load(data, _PKCS8, b"PRIVATE KEY"))

    def public_key(self):
        """The matching public key."""
        return X25519PublicKey(_rijn.x25519(self._raw, None))

    def exchange(self, peer_public_key):
        """The shared secret; rijn.ParamError for a low-order peer point."""
        if not isinstance(peer_public_key, X25519PublicKey):
            raw = getattr(peer_public_key, "public_bytes_raw", None)
            if raw is None:
                raise TypeError("peer_public_key must be an X25519PublicKey")
            peer_public_key = X25519PublicKey(_raw32(raw(), "public key"))
        return _rijn.x25519(self._raw, peer_public_key._raw)

    def private_bytes_raw(self):
        """The 32 raw bytes."""
        return self._raw

    def private_bytes(self, encoding, format, encryption_algorithm):
        """Raw/Raw, DER or PEM with PrivateFormat.PKCS8 (NoEncryption only)."""
        if _name(type(encryption_algorithm)) != "NoEncryption" and type(
                encryption_algorithm).__name__ != "NoEncryption":
            raise _rijn.UnsupportedError("rijn: only NoEncryption() is supported")
        return _serialize(self._raw, _PKCS8, b"PRIVATE KEY", encoding, format, "PKCS8")
