"""PyCryptodome's AES.new(key, mode, ...) on rijn: the classic modes.

Code written for PyCryptodome (``from Crypto.Cipher import AES``) runs
with ``from rijn import AES`` and gives the same bytes and the same
exception types (ValueError for bad lengths and failed MAC checks,
TypeError for calls out of order or unknown parameters). The objects
here: ECB, CBC, CFB (segment_size 8 or 128), OFB, CTR (nonce /
initial_value / counter=Crypto.Util.Counter.new(...)); the AEAD modes
(GCM, CCM, EAX, OCB, SIV) are in rijn/_compat_aead.py.

Implementation notes: every object keys the library's streaming context
(rijn._rijn.ModeCtx) once, at AES.new, like PyCryptodome; a direction is
fixed by the first call (encrypt after decrypt is a TypeError, as in
PyCryptodome). CTR keeps PyCryptodome's counter semantics: the counter
field (the bytes after the nonce) wraps modulo its own size without
carrying into the nonce, and more blocks than the field can count raise
MessageTooLongError-like OverflowError/ValueError; a counter with a
suffix or little-endian counting (rare) takes a slower path that builds
the counter blocks in Python and encrypts them with ECB.
"""
import os as _os

from . import _rijn

_ModeCtx = _rijn.ModeCtx
_ECB, _CBC, _CTR, _OFB, _CFB, _CFB8 = 1, 2, 4, 6, 7, 8


try:  # PyCryptodome's own class, when it is installed, so its except clauses work
    from Crypto import MessageTooLongError as _MTLBase
except ImportError:
    class _MTLBase(ValueError, OverflowError):
        pass


class MessageTooLongError(_MTLBase):
    """Too much data for the mode's counter or length field (PyCryptodome's
    Crypto.MessageTooLongError: a ValueError and an OverflowError; a
    subclass of it when PyCryptodome is installed)."""


def pop_threads(kwargs):
    """PyCryptodome's threads= (CTR, GCM, OCB): checked and accepted; rijn
    runs one thread per call, with the GIL released for long inputs."""
    threads = kwargs.pop("threads", 1)
    if not isinstance(threads, int) or isinstance(threads, bool):
        raise TypeError("threads must be an integer")
    if threads < 0:
        raise ValueError("threads must be non-negative")
    return threads or (_os.cpu_count() or 1)


def _buf(data, what="data"):
    if isinstance(data, str):
        raise TypeError("Object type %s cannot be passed to C code" % type(data))
    return data


def _output(result, output, n):
    """PyCryptodome's output= rule: write result into output, return None."""
    if output is None:
        return result
    if not isinstance(output, (bytearray, memoryview)) or (
            isinstance(output, memoryview) and output.readonly):
        raise TypeError("output must be a bytearray or a writeable memoryview")
    if len(output) != n:
        raise ValueError("output must have the same length as the input  (%d bytes)" % n)
    memoryview(output).cast("B")[:] = result
    return None


def _pop_iv(kwargs, mode_name):
    iv = kwargs.pop("iv", None)
    IV = kwargs.pop("IV", None)
    if (iv, IV) == (None, None):
        iv = _os.urandom(16)
    elif iv is not None:
        if IV is not None:
            raise TypeError("You must either use 'iv' or 'IV', not both")
    else:
        iv = IV
    if len(iv) != 16:
        raise ValueError("Incorrect IV length (it must be 16 bytes long)")
    return bytes(iv)


def _no_more(kwargs, mode_name):
    kwargs.pop("use_aesni", None)
    if kwargs:
        raise TypeError("Unknown parameters for %s mode: %s" % (mode_name, str(kwargs)))


class _Classic:
    """One direction per object, fixed by the first call (PyCryptodome's rule)."""

    block_size = 16
    _ctx_mode = 0
    _align = False
    _name = ""

    def __init__(self, key, iv):
        self._key = key
        self._ivv = iv
        self._enc = None  # the direction-specific context, made on first use
        self._dir = None

    def _ctx(self, enc):
        if self._dir is not None and self._dir != enc:
            raise TypeError("%s() cannot be called after %s()" % (
                "encrypt" if enc else "decrypt", "decrypt" if enc else "encrypt"))
        self._dir = enc
        if self._enc is None:
            self._enc = _ModeCtx(self._ctx_mode, enc, self._key, self._ivv)
        return self._enc

    def _run(self, enc, data, output):
        data = _buf(data)
        ctx = self._ctx(enc)
        n = len(memoryview(data).cast("B")) if not isinstance(data, bytes) else len(data)
        if self._align and n % 16:
            raise ValueError("Data must be padded to 16 byte boundary in %s mode" % self._name)
        return _output(ctx.update(data), output, n)

    def encrypt(self, plaintext, output=None):
        """Encrypt plaintext (any bytes-like); output= writes into a buffer."""
        return self._run(True, plaintext, output)

    def decrypt(self, ciphertext, output=None):
        """Decrypt ciphertext (any bytes-like); output= writes into a buffer."""
        return self._run(False, ciphertext, output)


class EcbMode(_Classic):
    """AES-ECB (PyCryptodome's EcbMode): encrypt and decrypt on one object."""

    mode = 1
    _ctx_mode = _ECB
    _name = "ECB"

    def __init__(self, key):
        super().__init__(key, None)
        self._ctxs = {}

    def _run(self, enc, data, output):
        data = _buf(data)
        n = len(data) if isinstance(data, bytes) else len(memoryview(data).cast("B"))
        if n % 16:
            raise ValueError("Data must be aligned to block boundary in ECB mode")
        ctx = self._ctxs.get(enc)
        if ctx is None:
            ctx = self._ctxs[enc] = _ModeCtx(_ECB, enc, self._key, None)
        return _output(ctx.update(data), output, n)


class CbcMode(_Classic):
    """AES-CBC (PyCryptodome's CbcMode); .iv / .IV hold the IV."""

    mode = 2
    _ctx_mode = _CBC
    _align = True
    _name = "CBC"

    def __init__(self, key, iv):
        super().__init__(key, iv)
        self.iv = self.IV = iv


class CfbMode(_Classic):
    """AES-CFB with segment_size 8 (PyCryptodome's default) or 128 bits."""

    mode = 3
    _name = "CFB"

    def __init__(self, key, iv, segment_size):
        super().__init__(key, iv)
        self.iv = self.IV = iv
        self.segment_size = segment_size // 8
        self._ctx_mode = _CFB8 if segment_size == 8 else _CFB
        # CFB128 encryption of whole blocks takes the one-shot path (the
        # extension runs it on the library's CBC kernel) until a call
        # leaves a partial block; then the streaming context takes over
        self._fast = segment_size == 128

    def _run(self, enc, data, output):
        if self._fast and enc and self._dir is not False:
            data = _buf(data)
            n = len(data) if isinstance(data, bytes) else len(memoryview(data).cast("B"))
            if n % 16 == 0:
                self._dir = True
                out = _rijn.mode_crypt(_CFB, True, self._key, self._ivv, data)
                if n:
                    self._ivv = out[-16:]
                return _output(out, output, n)
        self._fast = False
        return super()._run(enc, data, output)


class _CfbSegments(CfbMode):
    """CFB with 16..120-bit segments (rare): the shift register in Python,
    one AES block per segment through the library's ECB."""

    def __init__(self, key, iv, segment_size):
        super().__init__(key, iv, 128)
        self.segment_size = segment_size // 8
        self._reg = iv
        self._ecb = _ModeCtx(_ECB, True, key, None)

    def _run(self, enc, data, output):
        data = bytes(_buf(data))
        if self._dir is None:
            self._dir = enc
        elif self._dir != enc:
            raise TypeError("%s() cannot be called after %s()" % (
                "encrypt" if enc else "decrypt", "decrypt" if enc else "encrypt"))
        s = self.segment_size
        if len(data) % s:
            raise ValueError("Data must be a multiple of the segment size (%d bytes)" % s)
        out = bytearray()
        reg = self._reg
        for i in range(0, len(data), s):
            ks = self._ecb.update(reg)[:s]
            piece = data[i:i + s]
            res = bytes(a ^ b for a, b in zip(piece, ks))
            out += res
            reg = reg[s:] + (res if enc else piece)
        self._reg = reg
        return _output(bytes(out), output, len(data))


class OfbMode(_Classic):
    """AES-OFB (PyCryptodome's OfbMode)."""

    mode = 5
    _ctx_mode = _OFB
    _name = "OFB"

    def __init__(self, key, iv):
        super().__init__(key, iv)
        self.iv = self.IV = iv


class CtrMode(_Classic):
    """AES-CTR with PyCryptodome's counter block: nonce || counter (big
    endian), the counter wrapping within its own bytes. .nonce is the
    fixed prefix (b"" with a Crypto.Util.Counter object without one)."""

    mode = 6
    _name = "CTR"

    def __init__(self, key, prefix, counter_len, initial, suffix=b"", little_endian=False):
        super().__init__(key, None)
        self._prefix, self._clen, self._suffix, self._le = prefix, counter_len, suffix, little_endian
        self._initial = initial
        self._space = 1 << (8 * counter_len)  # blocks before the keystream repeats
        self._done = 0  # bytes processed
        self._seg_ctx = None
        self._seg_end = 0  # byte offset where the current counter segment ends
        self._generic = bool(suffix) or little_endian or counter_len == 0

    def _block(self, value):
        c = value.to_bytes(self._clen, "little" if self._le else "big")
        return self._prefix + c + self._suffix

    def _run(self, enc, data, output):
        data = _buf(data)
        if self._dir is None:
            self._dir = enc
        elif self._dir != enc:
            raise TypeError("%s() cannot be called after %s()" % (
                "encrypt" if enc else "decrypt", "decrypt" if enc else "encrypt"))
        mv = memoryview(data).cast("B")
        n = len(mv)
        if -(-(self._done + n) // 16) > self._space:
            raise MessageTooLongError("The counter has wrapped around in CTR mode")
        if self._generic:
            out = self._generic_xor(mv)
        else:
            parts = []
            pos = 0
            while pos < n:
                if self._seg_ctx is None or self._done >= self._seg_end:
                    blk = self._done // 16
                    value = (self._initial + blk) % self._space
                    self._seg_ctx = _ModeCtx(_CTR, True, self._key, self._block(value))
                    self._seg_end = (blk + self._space - value) * 16
                take = min(n - pos, self._seg_end - self._done)
                parts.append(self._seg_ctx.update(mv[pos:pos + take] if take != n else data))
                pos += take
                self._done += take
            out = parts[0] if len(parts) == 1 else b"".join(parts)
            return _output(out, output, n)
        self._done += n
        return _output(out, output, n)

    def _generic_xor(self, mv):
        first, off = divmod(self._done, 16)
        nblk = -(-(off + len(mv)) // 16)
        blocks = b"".join(self._block((self._initial + first + i) % self._space)
                          for i in range(nblk))
        ks = _ModeCtx(_ECB, True, self._key, None).update(blocks)[off:off + len(mv)]
        x = int.from_bytes(ks, "big") ^ int.from_bytes(mv, "big")
        return x.to_bytes(len(mv), "big")


def _create_ctr(key, kwargs):
    counter = kwargs.pop("counter", None)
    nonce = kwargs.pop("nonce", None)
    initial_value = kwargs.pop("initial_value", None)
    threads = pop_threads(kwargs)
    _no_more(kwargs, "CTR")
    if counter is not None and (nonce, initial_value) != (None, None):
        raise TypeError("'counter' and 'nonce'/'initial_value' are mutually exclusive")
    if counter is None:
        nonce = _os.urandom(8) if nonce is None else bytes(_buf(nonce))
        if len(nonce) >= 16:
            raise ValueError("Nonce is too long")
        clen = 16 - len(nonce)
        if initial_value is None:
            initial_value = 0
        if isinstance(initial_value, int):
            if (1 << (clen * 8)) - 1 < initial_value:
                raise ValueError("Initial counter value is too large")
        else:
            if len(initial_value) != clen:
                raise ValueError("Incorrect length for counter byte string (%d bytes, expected %d)"
                                 % (len(initial_value), clen))
            initial_value = int.from_bytes(bytes(initial_value), "big")
        obj = CtrMode(key, nonce, clen, initial_value)
        obj.nonce = nonce  # PyCryptodome: only without a counter object
        obj._threads = threads
        return obj
    c = dict(counter)
    try:
        clen, prefix, suffix = c.pop("counter_len"), c.pop("prefix"), c.pop("suffix")
        initial_value, le = c.pop("initial_value"), c.pop("little_endian")
    except KeyError:
        raise TypeError("Incorrect counter object (use Crypto.Util.Counter.new)") from None
    if len(prefix) + clen + len(suffix) != 16:
        raise ValueError("Size of the counter block (%d bytes) must match block size (16)"
                         % (len(prefix) + clen + len(suffix)))
    obj = CtrMode(key, bytes(prefix), clen, initial_value, bytes(suffix), bool(le))
    if not suffix:
        obj.nonce = bytes(prefix)  # PyCryptodome: the prefix, unless a suffix is used
    obj._threads = threads
    return obj


def new_classic(key, mode, args, kwargs):
    """The classic-mode half of AES.new (modes 1, 2, 3, 5, 6)."""
    if args:
        if mode in (2, 3, 5):
            if len(args) > 1:
                raise TypeError("Too many arguments for this mode")
            kwargs["IV"] = args[0]
        elif mode == 6:
            raise TypeError("Too many arguments for this mode")
        elif mode == 1:
            raise TypeError("IV is not meaningful for the ECB mode")
    key = bytes(_buf(key))
    if len(key) not in (16, 24, 32):
        raise ValueError("Incorrect AES key length (%d bytes)" % len(key))
    if mode == 1:
        _no_more(kwargs, "ECB")
        return EcbMode(key)
    if mode == 6:
        return _create_ctr(key, kwargs)
    iv = _pop_iv(kwargs, "")
    if mode == 2:
        _no_more(kwargs, "CBC")
        return CbcMode(key, iv)
    if mode == 3:
        seg = kwargs.pop("segment_size", 8)
        _no_more(kwargs, "CFB")
        if not (0 < seg <= 128) or seg % 8:
            raise ValueError("'segment_size' must be positive and multiple of 8 bits")
        return CfbMode(key, iv, seg) if seg in (8, 128) else _CfbSegments(key, iv, seg)
    _no_more(kwargs, "OFB")
    return OfbMode(key, iv)
