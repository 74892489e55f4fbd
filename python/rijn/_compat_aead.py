"""PyCryptodome's AES.new(key, MODE_GCM / CCM / EAX / OCB / SIV, ...) on rijn.

The objects keep PyCryptodome's state machine (update, then encrypt* or
decrypt*, then digest/verify; TypeError out of order), its parameter
rules (nonce and mac_len ranges, CCM's msg_len / assoc_len) and its
exceptions (ValueError "MAC check failed": here rijn.InvalidTag, a
ValueError).

Implementation notes: associated data is held (as references) until the
direction is known, then fed to the library's streaming message
(rijn._rijn.AeadStream, keyed on first use); encrypt_and_digest and
decrypt_and_verify on a fresh object take the one-shot path instead
(rijn._rijn.Aead: one call into C, GIL released for long inputs). A
decryption releases plaintext before verify(), as PyCryptodome's does;
decrypt_and_verify is the safe call. After a failed verify() the object
stays failed (PyCryptodome would accept a later correct tag).
"""
import os as _os

from . import _rijn
from ._compat import MessageTooLongError, _buf, _output, pop_threads

_GCM, _CCM, _OCB, _SIV, _EAX = 1, 2, 3, 5, 6
_ALL = frozenset(("update", "encrypt", "decrypt", "digest", "verify"))


def _mac_failed():
    return _rijn.InvalidTag("MAC check failed")


class _AeadMode:
    block_size = 16
    _alg = 0

    def __init__(self, key, nonce, mac_len):
        self._key = key
        self.nonce = nonce
        self._mac_len = mac_len
        self._clen = mac_len  # the tag length asked of the library (GcmMode: may be 16)
        self._shadow = None
        self._next = _ALL
        self._aad = []
        self._stream = None
        self._tag = None
        self._verified = None

    def _step(self, name, after):
        if name not in self._next:
            raise TypeError(self._order_msg(name))
        self._next = after

    @staticmethod
    def _order_msg(name):
        if name == "update":
            return "update() can only be called immediately after initialization"
        if name in ("encrypt", "decrypt"):
            return "%s() can only be called after initialization or an update()" % name
        if name == "digest":
            return "digest() cannot be called when decrypting or validating a message"
        return "verify() cannot be called when encrypting a message"

    def update(self, assoc_data):
        """Add associated data (authenticated, not encrypted); returns self."""
        self._step("update", _ALL)
        self._aad.append(bytes(_buf(assoc_data)))
        return self

    def _start(self, enc, msg_len=-1):
        aad = self._aad
        self._stream = _rijn.AeadStream(self._alg, self._key, self.nonce, enc, self._clen,
                                        sum(map(len, aad)), msg_len)
        for a in aad:
            self._stream.aad(a)
        if not enc and self._clen != self._mac_len:
            # a truncation the library does not check (GCM 5..7, 9..11 bytes):
            # re-encrypting the plaintext yields the ciphertext and its full tag
            self._shadow = _rijn.AeadStream(self._alg, self._key, self.nonce, True, self._clen)
            for a in aad:
                self._shadow.aad(a)
        self._aad = None

    def encrypt(self, plaintext, output=None):
        """Encrypt the next piece of the message."""
        self._step("encrypt", frozenset(("encrypt", "digest")))
        if self._stream is None:
            self._start(True)
        n = len(memoryview(_buf(plaintext)).cast("B"))
        return _output(self._stream.update(plaintext), output, n)

    def decrypt(self, ciphertext, output=None):
        """Decrypt the next piece (unauthenticated until verify())."""
        self._step("decrypt", frozenset(("decrypt", "verify")))
        if self._stream is None:
            self._start(False)
        n = len(memoryview(_buf(ciphertext)).cast("B"))
        pt = self._stream.update(ciphertext)
        if self._shadow is not None:
            self._shadow.update(pt)
        return _output(pt, output, n)

    def _final_enc(self):
        if self._stream is None:
            self._start(True)
        tail, tag = self._stream.finalize()
        self._tag = tag[:self._mac_len]
        return tail

    def digest(self):
        """The MAC tag (mac_len bytes) of the message encrypted so far."""
        self._step("digest", frozenset(("digest",)))
        if self._tag is None:
            self._final_enc()
        return self._tag

    def hexdigest(self):
        """digest() as a hex string."""
        return self.digest().hex()

    def verify(self, received_mac_tag):
        """Check the tag of the decrypted message; ValueError (rijn.InvalidTag) if wrong."""
        self._step("verify", frozenset(("verify",)))
        tag = bytes(_buf(received_mac_tag))
        if self._verified is None:
            if self._stream is None:
                self._start(False)
            if self._shadow is not None:
                full = self._shadow.finalize()[1]
                self._verified = tag if _rijn_ct_eq(full[:self._mac_len], tag) else False
            else:
                try:
                    self._stream.finalize(tag)
                    self._verified = tag
                except _rijn.InvalidTag:
                    self._verified = False
        if self._verified is False or not _rijn_ct_eq(self._verified, tag):
            raise _mac_failed()

    def hexverify(self, hex_mac_tag):
        """verify() with the tag as a hex string."""
        self.verify(bytes.fromhex(hex_mac_tag))

    def _fresh(self):
        return self._stream is None and self._next is _ALL or (
            self._stream is None and "encrypt" in self._next and "decrypt" in self._next)

    def encrypt_and_digest(self, plaintext, output=None):
        """Encrypt the whole message -> (ciphertext, tag)."""
        if self._fresh():
            self._step("encrypt", frozenset(("digest",)))
            aead = _rijn.Aead(self._alg, self._key)
            ct, tag = aead.seal_split(self.nonce, plaintext, b"".join(self._aad), self._clen)
            self._aad = None
            self._tag = tag[:self._mac_len]
            self._next = frozenset(("digest",))
            return _output(ct, output, len(ct)), self._tag
        ct = self.encrypt(plaintext, output)
        tail = self._final_enc()
        if tail:
            ct = ct + tail
        self._next = frozenset(("digest",))
        return ct, self.digest()

    def decrypt_and_verify(self, ciphertext, received_mac_tag, output=None):
        """Decrypt and check the whole message; ValueError (rijn.InvalidTag) if forged."""
        if self._fresh() and self._clen == self._mac_len:
            self._step("decrypt", frozenset(("verify",)))
            tag = bytes(_buf(received_mac_tag))
            if len(tag) != self._mac_len:
                self._verified = False
                raise _mac_failed()
            aead = _rijn.Aead(self._alg, self._key)
            try:
                pt = aead.open_split(self.nonce, ciphertext, b"".join(self._aad), tag)
            except _rijn.InvalidTag:
                self._verified = False
                raise _mac_failed() from None
            self._aad = None
            self._verified = tag
            return _output(pt, output, len(pt))
        pt = self.decrypt(ciphertext, output)
        self.verify(received_mac_tag)
        return pt


def _rijn_ct_eq(a, b):
    import hmac
    return hmac.compare_digest(a, b)


class GcmMode(_AeadMode):
    """AES-GCM (PyCryptodome's GcmMode): nonce any length >= 1 (default 16
    random bytes), mac_len 4..16."""

    _alg = _GCM

    def __init__(self, key, nonce, mac_len):
        super().__init__(key, nonce, mac_len)
        if mac_len not in (4, 8, 12, 13, 14, 15, 16):
            self._clen = 16  # NIST's lengths in the library; others truncate a full tag


class EaxMode(_AeadMode):
    """AES-EAX (PyCryptodome's EaxMode): nonce any length >= 1, mac_len 2..16."""

    _alg = _EAX


class OcbMode(_AeadMode):
    """AES-OCB3, RFC 7253 (PyCryptodome's OcbMode): nonce 1..15 bytes, mac_len
    8..16. encrypt() / decrypt() with no argument ends the message and
    returns the bytes kept back (PyCryptodome's rule)."""

    _alg = _OCB

    def encrypt(self, plaintext=None, output=None):
        """Encrypt the next piece; encrypt() with no argument flushes."""
        if plaintext is not None:
            self._step("encrypt", frozenset(("encrypt",)))
            if self._stream is None:
                self._start(True)
            return self._stream.update(plaintext)
        self._step("encrypt", frozenset(("digest",)))
        return self._final_enc()

    def _start_dec(self):
        if self._stream is None:
            self._start(False)
            # the bytes kept back at the end come out at decrypt() without the
            # tag: an encryption of the same plaintext blocks yields them
            self._ocb_shadow = _rijn.AeadStream(_OCB, self._key, self.nonce, True, self._mac_len)
            self._held = b""

    def decrypt(self, ciphertext=None, output=None):
        """Decrypt the next piece; decrypt() with no argument flushes the
        bytes kept back (unauthenticated until verify())."""
        if ciphertext is not None:
            self._step("decrypt", frozenset(("decrypt",)))
            self._start_dec()
            ct = bytes(_buf(ciphertext))
            pt = self._stream.update(ct)
            self._ocb_shadow.update(pt)
            keep = (len(self._held) + len(ct) - len(pt))
            self._held = (self._held + ct)[len(self._held) + len(ct) - keep:]
            return pt
        self._step("decrypt", frozenset(("verify",)))
        self._start_dec()
        tail = self._ocb_shadow.update(self._held) + self._ocb_shadow.finalize()[0]
        return tail

    def verify(self, received_mac_tag):
        """Check the tag; ValueError (rijn.InvalidTag) if wrong."""
        super().verify(received_mac_tag)

    def decrypt_and_verify(self, ciphertext, received_mac_tag, output=None):
        """Decrypt and check the whole message; ValueError (rijn.InvalidTag) if forged."""
        if self._fresh():
            return super().decrypt_and_verify(ciphertext, received_mac_tag, output)
        self._step("decrypt", frozenset(("verify",)))
        if self._stream is None:
            self._start(False)
        head = self._stream.update(ciphertext)
        self._step("verify", frozenset(("verify",)))
        try:
            tail = self._stream.finalize(bytes(_buf(received_mac_tag)))
        except _rijn.InvalidTag:
            self._verified = False
            raise _mac_failed() from None
        self._verified = bytes(received_mac_tag)
        return head + tail


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

    def hexdigest(self):
        """digest() as a hex string."""
        return self.digest().hex()

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

    def hexverify(self, hex_mac_tag):
        """verify() with a hex tag."""
        self.verify(bytes.fromhex(hex_mac_tag))

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
