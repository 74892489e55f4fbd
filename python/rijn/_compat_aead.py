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

from . import _rijn
from ._compat import _buf, _output

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
