"""Encryption to recipients: version 2 of the rijn format (X25519
recipients, passphrase and key stanzas; docs/FORMAT.md section 10) and
the age format v1 (https://age-encryption.org/v1: X25519 recipients or
one scrypt passphrase), binary or ASCII-armored, and X25519 key pairs in
age's text forms ("age1..." / "AGE-SECRET-KEY-1..."), as `rijn keygen
--x25519`, `rijn encrypt -r/--format age` and `rijn decrypt -i` use them.

The C library does both formats and all the cryptography (rijn/age.h,
rijn/file_recipients.h through rijn._rijn); this module does the
input/output, the randomness (file keys, salts, ephemeral secrets, the
age payload nonce), armor (rijn._armor) and the choice of stanzas.
Output files get the guarantees of rijn._file (_check_output,
_safe_output): never the input, no replacement without force=True,
temporary file + rename, nothing left behind on failure.
"""
import os
import time

from . import _armor, _file, _rijn

AGE_INTRO = b"age-encryption.org/v1\n"
AGE_CHUNK = 65536
AGE_LOG_N_DEFAULT = 18   # age's default scrypt work factor (256 MiB)
AGE_MAX_LOG_N = 22       # age's own reading limit
_X25519, _RAW, _PBKDF2, _ARGON2ID = 4, 1, 2, 3
_MAGIC = b"\x89RIJN\r\n\x1a"


class NoMatchingIdentity(_rijn.InvalidTag):
    """No given identity, key or passphrase opens any stanza of the file
    (a rijn.InvalidTag: the secrets are wrong for this file)."""


# ---- keys --------------------------------------------------------------------
def _key_lines(text, what):
    """The keys in text: one per line, '#' comments and empty lines skipped."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        text = bytes(text).decode("ascii", "replace")
    if not isinstance(text, str):
        raise TypeError("rijn: %s must be str (or a key object)" % what)
    keys = [ln.strip() for ln in text.splitlines()]
    keys = [k for k in keys if k and not k.startswith("#")]
    if not keys:
        raise ValueError("rijn: no %s in %r" % (what, text[:40]))
    return keys


def _public(r):
    raw = getattr(r, "public_bytes_raw", None)
    if raw is not None:
        return [raw()]
    out = []
    for k in _key_lines(r, "recipient"):
        if k.startswith("ssh-"):
            raise _rijn.UnsupportedError("rijn: SSH recipients are not supported (X25519 "
                                         "age1... keys only)")
        out.append(_rijn.age_decode(False, k))
    return out


def _identities(ids):
    if ids is None:
        return []
    if isinstance(ids, (str, bytes, bytearray)) or hasattr(ids, "private_bytes_raw"):
        ids = [ids]
    out = []
    for i in ids:
        raw = getattr(i, "private_bytes_raw", None)
        if raw is not None:
            out.append(raw())
        else:
            out += [_rijn.age_decode(True, k) for k in _key_lines(i, "identity")]
    return out


def _recipients(recipients):
    if recipients is None:
        return []
    if isinstance(recipients, (str, bytes)) or hasattr(recipients, "public_bytes_raw"):
        recipients = [recipients]
    out = []
    for r in recipients:
        out += _public(r)
    return out


def x25519_keygen(path=None, *, force=False):
    """A new X25519 key pair in age's text forms -> (identity, recipient):
    "AGE-SECRET-KEY-1..." (keep it secret) and "age1..." (give it out).
    With path, also write the identity file as `rijn keygen --x25519 -o`
    and age-keygen do ("# created", "# public key" and the identity line;
    mode 0600, never replacing path unless force=True)."""
    sk = os.urandom(32)
    ident = _rijn.age_encode(True, sk)
    recip = _rijn.age_encode(False, _rijn.x25519(sk, None))
    if path is not None:
        text = "# created: %s\n# public key: %s\n%s\n" % (
            time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), recip, ident)
        _file._safe_output(path, None, force, lambda f: f.write(text.encode()))
    return ident, recip


def x25519_recipient(identity):
    """The "age1..." public key of an identity ("AGE-SECRET-KEY-1..." or an
    identity file's text: its first identity), as `rijn keygen -y`."""
    return _rijn.age_encode(False, _rijn.x25519(_identities(identity)[0], None))


# ---- writing -----------------------------------------------------------------
def _seal_header(fmt, key, passphrase, recipients, aead, chunk_size, kdf, iterations,
                 argon2_t, argon2_m, argon2_p, scrypt_log_n):
    """(FileCtx keyed for sealing, bytes before the first chunk, chunk size)."""
    pubs = _recipients(recipients)
    if fmt == "age":
        if key is not None:
            raise ValueError("rijn: the age format has no raw-key recipient (use recipients= "
                             "or passphrase=)")
        if aead not in (None, "chacha20-poly1305") or chunk_size not in (None, AGE_CHUNK):
            raise ValueError("rijn: the age format is ChaCha20-Poly1305 in 64 KiB chunks")
        if (passphrase is None) == (not pubs):
            raise ValueError("rijn: give recipients= or passphrase= (age allows a passphrase "
                             "only alone)")
        fk, nonce = os.urandom(16), os.urandom(16)
        scr = None
        if passphrase is not None:
            scr = (_file._passbytes(passphrase), os.urandom(16), int(scrypt_log_n))
        header = _rijn.age_seal(fk, [(p, os.urandom(32)) for p in pubs], scr)
        ctx = _rijn.FileCtx()
        _rijn.age_payload_init(ctx, True, fk, nonce)
        return ctx, header + nonce, AGE_CHUNK
    if fmt != "rijn":
        raise ValueError("rijn: format must be \"rijn\" or \"age\"")
    aead = "aes-256-gcm" if aead is None else aead
    chunk_size = 65536 if chunk_size is None else chunk_size
    if not pubs:
        return _file._writer(key, passphrase, aead, chunk_size, kdf, iterations, argon2_t,
                             argon2_m, argon2_p)
    aead_id = _file.AEADS.get(aead)
    if aead_id is None:
        raise ValueError("rijn: aead must be one of %s" % sorted(_file.AEADS))
    salt, fk = os.urandom(32), os.urandom(32)
    stanzas = [(_X25519, p, os.urandom(32), 0, 0, 0, 0) for p in pubs]
    if passphrase is not None:
        source = _file.KDFS.get(_file.DEFAULT_KDF if kdf is None else kdf)
        if source is None:
            raise ValueError("rijn: kdf must be one of %s" % sorted(_file.KDFS))
        it = 600_000 if iterations is None else iterations
        params = (aead_id, chunk_size, source, it, argon2_t, argon2_m, argon2_p, salt)
        master = _rijn.file_master_key(params, _file._passbytes(passphrase))
        stanzas.append((source, master, None, it, argon2_t, argon2_m, argon2_p))
    if key is not None:
        stanzas.append((_RAW, key, None, 0, 0, 0, 0))
    ctx = _rijn.FileCtx()
    header = _rijn.file_v2_seal(ctx, aead_id, chunk_size, salt, fk, stanzas)
    return ctx, header, chunk_size


def seal_stream(fin, fout, armor, fmt, setup):
    ctx, header, cs = setup
    out = _armor.Writer(fout, _armor.AGE_LABEL if fmt == "age" else _armor.RIJN_LABEL) \
        if armor else fout
    out.write(header)
    _file._stream(fin, out, cs, ctx.seal_chunk)
    if armor:
        out.close()


# ---- reading -----------------------------------------------------------------
class _Input:
    """read(n) with bytes pushed back in front (headers read ahead)."""

    def __init__(self, f):
        self.f, self.buf = f, b""

    def read(self, n):
        if not self.buf:
            return _file._read_full(self.f, n)
        out, self.buf = self.buf[:n], self.buf[n:]
        return out + _file._read_full(self.f, n - len(out)) if len(out) < n else out

    def unread(self, b):
        self.buf = bytes(b) + self.buf


def _age_open(src, ids, passphrase, max_log_n):
    buf = b""
    while True:
        more = src.read(4096)
        if not more:
            raise _rijn.ParamError("rijn: the input ends inside the age header (truncated)")
        buf += more
        end = buf.rfind(b"\n") + 1
        hl = _rijn.age_header_len(buf[:end]) if end else None
        if hl is not None:
            break
        if len(buf) > (1 << 20):
            raise _rijn.ParamError("rijn: the age header is longer than 1 MiB")
    hdr = buf[:hl]
    src.unread(buf[hl:])
    n, nx, nscrypt, log_n = _rijn.age_header_info(hdr)
    fk = None
    if nscrypt:
        if passphrase is None:
            raise NoMatchingIdentity("rijn: the age file is passphrase-encrypted (scrypt): give "
                                     "passphrase=")
        fk = _rijn.age_unwrap_scrypt(hdr, _file._passbytes(passphrase), max_log_n, log_n)
        if fk is None:
            raise NoMatchingIdentity("rijn: wrong passphrase (the scrypt stanza did not open)")
    else:
        if not ids:
            raise NoMatchingIdentity("rijn: the age file is encrypted to %d X25519 recipient%s: "
                                     "give identity=" % (nx, "" if nx == 1 else "s"))
        for i in ids:
            r = _rijn.age_unwrap_x25519(hdr, i)
            if r is not None:
                fk = r[0]
                break
        if fk is None:
            raise NoMatchingIdentity("rijn: no identity matched any of the %d recipient "
                                     "stanza%s (%d X25519)" % (n, "" if n == 1 else "s", nx))
    _rijn.age_verify_header(hdr, fk)
    nonce = src.read(16)
    if len(nonce) != 16:
        raise _rijn.ParamError("rijn: the input ends before the payload nonce (truncated)")
    ctx = _rijn.FileCtx()
    _rijn.age_payload_init(ctx, False, fk, nonce)
    return ctx, AGE_CHUNK


def _v2_open(src, ids, key, passphrase, max_iterations, max_argon2_m):
    buf = src.read(47)
    while True:
        done, hl, aead, chunk, n, salt = _rijn.file_v2_parse(buf)
        if done:
            break
        more = src.read(hl - len(buf))
        if not more:
            raise _rijn.ParamError("rijn: the input ends inside the header (truncated)")
        buf += more
    hdr = buf[:hl]
    src.unread(buf[hl:])
    stanzas = [_rijn.file_v2_stanza(hdr, i) for i in range(n)]
    fk, tried = None, 0
    for i, (typ, it, t, m, lanes) in enumerate(stanzas):
        secrets = []
        if typ == _X25519:
            secrets = ids
        elif typ == _RAW and key is not None:
            secrets = [bytes(key)]
        elif typ in (_PBKDF2, _ARGON2ID) and passphrase is not None:
            if (typ == _PBKDF2 and it > max_iterations) or (
                    typ == _ARGON2ID and (t > _file.MAX_ARGON2_T or m > max_argon2_m)):
                raise _rijn.ParamError("rijn: key derivation costs in the header are above the "
                                       "limits")
            secrets = [_rijn.file_master_key((aead, chunk, typ, it, t, m, lanes, salt),
                                             _file._passbytes(passphrase))]
        for s in secrets:
            tried += 1
            fk = _rijn.file_v2_unwrap(hdr, i, s)
            if fk is not None:
                break
        if fk is not None:
            break
    if fk is None:
        cnt = [sum(1 for s in stanzas if s[0] in ts) for ts in ((_X25519,), (_PBKDF2, _ARGON2ID),
                                                                 (_RAW,))]
        raise NoMatchingIdentity(
            "rijn: no stanza opened the file: it has %d X25519 recipient(s), %d passphrase and "
            "%d key stanza(s); %s" % (cnt[0], cnt[1], cnt[2], "wrong identity, key or passphrase"
                                      if tried else "give identity=, key= or passphrase="))
    ctx = _rijn.FileCtx()
    _rijn.file_v2_open(ctx, hdr, fk)
    return ctx, chunk


def open_stream(fin, identity, key, passphrase, max_iterations, max_argon2_m, max_log_n):
    """Recognise the input (rijn v1/v2, age; binary or armored) and open its
    header -> (FileCtx keyed for opening, chunk size, reader)."""
    src = _Input(fin)
    head = src.read(4096)
    label = _armor.detect(head)
    src.unread(head)
    if label is not None:
        src = _Input(_armor.Reader(src, label))
        head = src.read(len(AGE_INTRO))
        src.unread(head)
    ids = _identities(identity)
    if head.startswith(AGE_INTRO):
        if key is not None:
            raise ValueError("rijn: an age file has no key stanza: give identity= or passphrase=")
        return _age_open(src, ids, passphrase, max_log_n) + (src,)
    if head[:8] == _MAGIC and head[8:9] == b"\x02":
        return _v2_open(src, ids, key, passphrase, max_iterations, max_argon2_m) + (src,)
    if identity is not None:
        if head[:8] != _MAGIC:
            raise _rijn.ParamError("rijn: not a rijn or age encrypted file")
        raise NoMatchingIdentity("rijn: this file has no recipients (version 1: a key or "
                                 "passphrase file): give key= or passphrase=")
    hb = src.read(_file.HEADER_MAX)
    ctx, hlen, cs = _file._reader(hb, key, passphrase, max_iterations, max_argon2_m)
    src.unread(hb[hlen:])
    return ctx, cs, src


def open_body(src, fout, ctx, cs):
    _file._stream(src, fout, cs + _file.TAG_SIZE, ctx.open_chunk)
    ctx.open_final()
