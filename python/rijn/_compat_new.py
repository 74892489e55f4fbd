"""PyCryptodome's AES.new(key, MODE_CCM / MODE_SIV, ...) and the AEAD half
of AES.new (argument rules of GCM, CCM, EAX, OCB and SIV: default nonce
lengths, nonce and mac_len ranges, CCM's msg_len / assoc_len).

Implementation notes: CcmMode keeps PyCryptodome's rules on announced
lengths (associated data held until the first encrypt/decrypt, msg_len
taken from the first call when not announced, MessageTooLongError past
the nonce's length field); SivMode runs the library's S2V vector
(rijn._rijn.Aead.seal_v/open_v) over the update() components and the
nonce, one message per object. The GCM/EAX/OCB objects and the shared
state machine are in rijn/_compat_aead.py.
"""
import os as _os

from . import _rijn
from ._compat import MessageTooLongError, _buf, _output, pop_threads
from ._compat_aead import (_ALL, _CCM, _SIV, EaxMode, GcmMode, OcbMode, _AeadMode, _mac_failed,
                           _rijn_ct_eq)


class CcmMode(_AeadMode):
    """AES-CCM (PyCryptodome's CcmMode): nonce 7..13 bytes (default 11
    random), mac_len 4, 6, ..., 16; msg_len / assoc_len optional (without
    msg_len, encrypt/decrypt may be called once)."""

    _alg = _CCM

    def __init__(self, key, nonce, mac_len, msg_len, assoc_len):
        super().__init__(key, nonce, mac_len)
        self._msg_len, self._assoc_len = msg_len, assoc_len
        self._cumul_aad = 0
        self._cumul_msg = 0

    def update(self, assoc_data):
        """Add associated data; returns self."""
        super().update(assoc_data)
        self._cumul_aad += len(self._aad[-1])
        if self._assoc_len is not None and self._cumul_aad > self._assoc_len:
            raise MessageTooLongError("Associated data longer than declared")
        return self

    def _begin(self, enc, n):
        if self._stream is None:
            if self._assoc_len is not None and self._cumul_aad < self._assoc_len:
                raise ValueError("Associated data is too short")
            if self._msg_len is None:
                if n.bit_length() > 8 * (15 - len(self.nonce)):
                    raise MessageTooLongError("Message too long for a %u-byte nonce"
                                              % len(self.nonce))
                self._msg_len = n
            self._start(enc, self._msg_len)
        self._cumul_msg += n
        if self._cumul_msg > self._msg_len:
            raise MessageTooLongError("Message longer than declared for (%u bytes vs %u bytes"
                                      % (self._cumul_msg, self._msg_len))

    def encrypt(self, plaintext, output=None):
        """Encrypt the next piece (once only without msg_len)."""
        once = self._msg_len is None
        self._step("encrypt", frozenset(("digest",) if once else ("encrypt", "digest")))
        n = len(memoryview(_buf(plaintext)).cast("B"))
        self._begin(True, n)
        return _output(self._stream.update(plaintext), output, n)

    def decrypt(self, ciphertext, output=None):
        """Decrypt the next piece (once only without msg_len; unauthenticated until verify())."""
        once = self._msg_len is None
        self._step("decrypt", frozenset(("verify",) if once else ("decrypt", "verify")))
        n = len(memoryview(_buf(ciphertext)).cast("B"))
        self._begin(False, n)
        return _output(self._stream.update(ciphertext), output, n)

    def _final_enc(self):
        if self._stream is None:
            self._begin(True, 0)
        if self._cumul_msg != self._msg_len:
            raise ValueError("Message is too short")
        tail, self._tag = self._stream.finalize()
        return tail

    def verify(self, received_mac_tag):
        """Check the tag; ValueError (rijn.InvalidTag) if wrong."""
        if "verify" in self._next and self._stream is None and self._verified is None:
            self._begin(False, 0)
        if self._stream is not None and self._verified is None and self._cumul_msg != self._msg_len:
            self._step("verify", frozenset(("verify",)))
            raise ValueError("Message is too short")
        super().verify(received_mac_tag)

    def _fresh(self):
        return super()._fresh() and (self._assoc_len is None or self._cumul_aad == self._assoc_len)

    def encrypt_and_digest(self, plaintext, output=None):
        """Encrypt the whole message -> (ciphertext, tag)."""
        n = len(memoryview(_buf(plaintext)).cast("B"))
        if self._fresh() and self._msg_len in (None, n):
            return super().encrypt_and_digest(plaintext, output)
        ct = self.encrypt(plaintext, output)
        self._next = frozenset(("digest",))
        return ct, self.digest()

    def decrypt_and_verify(self, ciphertext, received_mac_tag, output=None):
        """Decrypt and check the whole message; ValueError (rijn.InvalidTag) if forged."""
        n = len(memoryview(_buf(ciphertext)).cast("B"))
        if self._fresh() and self._msg_len in (None, n):
            return super().decrypt_and_verify(ciphertext, received_mac_tag, output)
        pt = self.decrypt(ciphertext, output)
        self.verify(received_mac_tag)
        return pt


class SivMode:
    """AES-SIV, RFC 5297 (PyCryptodome's SivMode): key 32, 48 or 64 bytes;
    update() adds one associated-data component each; the nonce, if any,
    is the last component. Only encrypt_and_digest / decrypt_and_verify
    (the tag is the synthetic IV V; ciphertext and tag apart)."""

    block_size = 16

    def __init__(self, key, nonce):
        self._aead = _rijn.Aead(_SIV, key)
        if nonce is not None:
            self.nonce = nonce  # PyCryptodome: no attribute without a nonce
        self._nonce = nonce
        self._ad = []
        self._next = _ALL
        self._tag = None
        self._verified = None

    _step = _AeadMode._step
    _order_msg = staticmethod(_AeadMode._order_msg)
    hexdigest = _AeadMode.hexdigest  # over this class's digest() / verify()
    hexverify = _AeadMode.hexverify

    def update(self, component):
        """Add one associated-data component; returns self."""
        self._step("update", _ALL)
        self._ad.append(bytes(_buf(component)))
        return self

    def encrypt(self, plaintext):
        """Not in SIV mode (PyCryptodome's rule): use encrypt_and_digest."""
        raise TypeError("encrypt() not allowed for SIV mode. Use encrypt_and_digest() instead.")

    def decrypt(self, ciphertext):
        """Not in SIV mode (PyCryptodome's rule): use decrypt_and_verify."""
        raise TypeError("decrypt() not allowed for SIV mode. Use decrypt_and_verify() instead.")

    def _components(self):
        return self._ad + ([self._nonce] if self._nonce is not None else [])

    def digest(self):
        """The tag (V) of the message encrypted by encrypt_and_digest."""
        self._step("digest", frozenset(("digest",)))
        if self._tag is None:
            self._tag = self._aead.seal_v(self._components(), b"")[:16]
        return self._tag

    def verify(self, received_mac_tag):
        """Check the tag of the message given to decrypt_and_verify."""
        self._step("verify", frozenset(("verify",)))
        tag = bytes(_buf(received_mac_tag))
        if self._verified is None:
            try:
                self._aead.open_v(self._components(), tag)
                self._verified = tag
            except _rijn.InvalidTag:
                self._verified = False
        if self._verified is False or not _rijn_ct_eq(self._verified, tag):
            raise _mac_failed()

    def encrypt_and_digest(self, plaintext, output=None):
        """Encrypt the whole message -> (ciphertext, tag = V)."""
        self._step("encrypt", frozenset(("digest",)))
        out = self._aead.seal_v(self._components(), plaintext)
        self._tag = out[:16]
        return _output(out[16:], output, len(out) - 16), self._tag

    def decrypt_and_verify(self, ciphertext, mac_tag, output=None):
        """Decrypt and check; ValueError (rijn.InvalidTag) if forged."""
        self._step("decrypt", frozenset(("verify",)))
        self._next = frozenset(("verify",))
        tag = bytes(_buf(mac_tag))
        try:
            pt = self._aead.open_v(self._components(), tag + bytes(_buf(ciphertext)))
        except _rijn.InvalidTag:
            self._verified = False
            raise _mac_failed() from None
        self._verified = tag
        return _output(pt, output, len(pt))


def _nonce(kwargs, default_len):
    nonce = kwargs.pop("nonce", None)
    if nonce is None:
        return _os.urandom(default_len)
    if isinstance(nonce, str) or not isinstance(nonce, (bytes, bytearray, memoryview)):
        raise TypeError("Nonce must be bytes, bytearray or memoryview")
    return bytes(nonce)


def _done(kwargs, name):
    kwargs.pop("use_aesni", None)
    kwargs.pop("use_clmul", None)
    if kwargs:
        raise TypeError("Unknown parameters for %s mode: %s" % (name, str(kwargs)))


def new_aead(key, mode, args, kwargs):
    """The AEAD half of AES.new (modes 8 CCM, 9 EAX, 10 SIV, 11 GCM, 12 OCB)."""
    if args:
        if len(args) > 1:
            raise TypeError("Too many arguments for this mode")
        kwargs["nonce"] = args[0]
    key = bytes(_buf(key))
    if mode == 10:
        if len(key) not in (32, 48, 64):
            raise ValueError("Incorrect key length (%d bytes)" % len(key))
        nonce = kwargs.pop("nonce", None)
        if nonce is not None:
            nonce = bytes(_buf(nonce))
            if not nonce:
                raise ValueError("When provided, the nonce must be non-empty")
        _done(kwargs, "SIV")
        return SivMode(key, nonce)
    if len(key) not in (16, 24, 32):
        raise ValueError("Incorrect AES key length (%d bytes)" % len(key))
    if mode == 11:
        nonce = _nonce(kwargs, 16)
        mac_len = kwargs.pop("mac_len", 16)
        threads = pop_threads(kwargs)
        _done(kwargs, "GCM")
        if len(nonce) == 0:
            raise ValueError("Nonce cannot be empty")
        if not (4 <= mac_len <= 16):
            raise ValueError("Parameter 'mac_len' must be in the range 4..16")
        obj = GcmMode(key, nonce, mac_len)
        obj._threads = threads
        return obj
    if mode == 9:
        nonce = _nonce(kwargs, 16)
        mac_len = kwargs.pop("mac_len", 16)
        _done(kwargs, "EAX")
        if len(nonce) == 0:
            raise ValueError("Nonce cannot be empty")
        if not (2 <= mac_len <= 16):
            raise ValueError("'mac_len' must be at least 2 and not larger than 16")
        return EaxMode(key, nonce, mac_len)
    if mode == 12:
        nonce = _nonce(kwargs, 15)
        mac_len = kwargs.pop("mac_len", 16)
        threads = pop_threads(kwargs)
        _done(kwargs, "OCB")
        if len(nonce) > 15:
            raise ValueError("Nonce must be at most 15 bytes long")
        if len(nonce) == 0:
            raise ValueError("Nonce must be at least 1 byte long")
        if not (8 <= mac_len <= 16):
            raise ValueError("MAC tag must be between 8 and 16 bytes long")
        obj = OcbMode(key, nonce, mac_len)
        obj._threads = threads
        return obj
    # CCM
    nonce = _nonce(kwargs, 11)
    mac_len = kwargs.pop("mac_len", 16)
    msg_len = kwargs.pop("msg_len", None)
    assoc_len = kwargs.pop("assoc_len", None)
    _done(kwargs, "CCM")
    if mac_len not in (4, 6, 8, 10, 12, 14, 16):
        raise ValueError("Parameter 'mac_len' must be even and in the range 4..16 (not %d)"
                         % mac_len)
    if not (7 <= len(nonce) <= 13):
        raise ValueError("Length of parameter 'nonce' must be in the range 7..13 bytes")
    q = 15 - len(nonce)
    if msg_len and msg_len.bit_length() > 8 * q:
        raise MessageTooLongError("Message too long for a %u-byte nonce" % len(nonce))
    return CcmMode(key, nonce, mac_len, msg_len, assoc_len)
