"""The two legacy file formats of the rijn CLI: `openssl enc` and Mbed
TLS's crypt_and_hash (rijn/legacy_formats.h), in memory and on disk.
LEGACY: neither is safe the way the rijn format is (openssl enc files are
not authenticated: a change goes undetected or shows as a padding error;
crypt_and_hash has an unsalted key derivation). Use them only to exchange
data with those tools; the files are the ones `openssl enc` and `rijn
encrypt --format openssl|mbedtls` read and write.

The C library does the formats (rijn._rijn.LegacyCtx: key schedules,
ciphers, the HMAC and its constant-time check); this module does the
input/output and the random salt / IV.

openssl_enc_encrypt(data, passphrase, cipher="aes-256-cbc", md="sha256",
pbkdf2=False, iterations=None, nosalt=False) -> "Salted__" || salt ||
ciphertext (OpenSSL 3's defaults; the file does not record the options,
both sides must agree). mbedtls_cah_encrypt(data, key, cipher=
"AES-256-CBC", md="SHA256") -> IV || ciphertext || HMAC; its decrypt
checks the HMAC (constant time, rijn.InvalidTag) before returning anything.

The *_file variants stream in constant memory with the guarantees of
rijn.encrypt_file: the input and output may not be the same file, an
existing output is replaced only with force=True, the data goes to a
temporary file renamed at the end, and nothing is left behind on failure
(a bad padding or HMAC removes the temporary file; crypt_and_hash files
that can be read twice are HMAC-checked before anything is decrypted).
"""
import os as _os

from . import _rijn
from ._kdf import hash_name

_PIECE = 65536
_BOTH = _rijn.CAH_MAC | _rijn.CAH_DECRYPT


def _cipher(name, cfb8):
    try:
        mode, klen = _rijn.legacy_cipher(str(name))
    except _rijn.ParamError:
        mode = klen = None
    if mode is None or (mode == _rijn.LEGACY_CFB8 and not cfb8):
        raise ValueError("rijn: cipher must be aes-{128,192,256}-{%s}"
                         % ("cbc,cfb128,cfb8,ctr,ofb" if cfb8 else "cbc,cfb128,ctr,ofb"))
    return klen, mode


def _pass(p):
    return p.encode("utf-8") if isinstance(p, str) else bytes(p)


def _openssl_ctx(enc, passphrase, salt, cipher, md, pbkdf2, iterations):
    """A LegacyCtx keyed for openssl enc, and the header it writes."""
    klen, mode = _cipher(cipher, True)
    it = 0
    if pbkdf2 or iterations is not None:
        it = 10000 if iterations is None else iterations
        if it < 1:
            raise ValueError("rijn: iterations must be >= 1")
    ctx = _rijn.LegacyCtx()
    head = ctx.openssl_init(enc, hash_name(md), mode, klen, it, salt, _pass(passphrase))
    return ctx, head


def openssl_enc_encrypt(data, passphrase, *, cipher="aes-256-cbc", md="sha256", pbkdf2=False,
                        iterations=None, nosalt=False):
    """`openssl enc -e [-pbkdf2 -iter N] [-md MD] [-nosalt]` in memory."""
    salt = None if nosalt else _os.urandom(8)
    ctx, head = _openssl_ctx(True, passphrase, salt, cipher, md, pbkdf2, iterations)
    return head + ctx.update(data) + ctx.final()


def openssl_enc_decrypt(blob, passphrase, *, cipher="aes-256-cbc", md="sha256", pbkdf2=False,
                        iterations=None, nosalt=False):
    """`openssl enc -d ...` in memory. NOT authenticated: a wrong passphrase
    or a changed file gives garbage or rijn.ParamError (bad padding)."""
    mv = memoryview(blob).cast("B")
    salt = None
    if not nosalt:
        salt, mv = _rijn.openssl_enc_salt(mv[:16]), mv[16:]
    ctx, _ = _openssl_ctx(False, passphrase, salt, cipher, md, pbkdf2, iterations)
    return ctx.update(mv) + ctx.final()


def _cah_ctx(enc, key, iv, cipher, md, what=0):
    klen, mode = _cipher(cipher, False)
    ctx = _rijn.LegacyCtx()
    ctx.cah_init(enc, hash_name(md), mode, klen, bytes(iv), _pass(key), what)
    return ctx


def _cah_verify(ctx):
    try:
        ctx.verify()
    except _rijn.InvalidTag:
        raise _rijn.InvalidTag("rijn: HMAC check failed (wrong key or damaged file)") from None
    except _rijn.ParamError:
        raise _rijn.ParamError("rijn: too short for a crypt_and_hash file") from None


def mbedtls_cah_encrypt(data, key, *, cipher="AES-256-CBC", md="SHA256", iv=None):
    """Mbed TLS crypt_and_hash mode 0: IV || ciphertext || HMAC-md(K, ciphertext).
    key: the key as crypt_and_hash takes it (at most 512 bytes)."""
    iv = _os.urandom(16) if iv is None else bytes(iv)
    ctx = _cah_ctx(True, key, iv, cipher, md)
    return iv + ctx.update(data) + ctx.final()


def mbedtls_cah_decrypt(blob, key, *, cipher="AES-256-CBC", md="SHA256"):
    """crypt_and_hash mode 1: checks the HMAC (rijn.InvalidTag) before
    returning the plaintext."""
    mv = memoryview(blob).cast("B")
    if len(mv) < 16:
        raise _rijn.ParamError("rijn: too short for a crypt_and_hash file")
    ctx = _cah_ctx(False, key, mv[:16], cipher, md, _BOTH)
    out = ctx.update(mv[16:])
    _cah_verify(ctx)
    return out + ctx.final()


# ---- files ---------------------------------------------------------------
def _pump(fin, fout, ctx):
    """Feed the rest of fin through ctx into fout (None: discard)."""
    while True:
        piece = fin.read(_PIECE)
        if not piece:
            return
        out = ctx.update(piece)
        if fout is not None:
            fout.write(out)


def _with_files(in_path, out_path, force, setup, body):
    """Open in_path, check out_path (before the slow key derivation),
    setup(fin) -> state, then body(fin, fout, state) into out_path safely."""
    from . import _file
    with open(in_path, "rb") as fin:
        in_stat = _os.fstat(fin.fileno())
        _file._check_output(_os.fspath(out_path), in_stat, force)
        state = setup(fin)
        _file._safe_output(out_path, in_stat, force, lambda fout: body(fin, fout, state))


def openssl_enc_encrypt_file(in_path, out_path, passphrase, *, cipher="aes-256-cbc",
                             md="sha256", pbkdf2=False, iterations=None, nosalt=False,
                             force=False):
    """openssl_enc_encrypt from in_path into out_path, in constant memory."""
    def setup(fin):
        salt = None if nosalt else _os.urandom(8)
        return _openssl_ctx(True, passphrase, salt, cipher, md, pbkdf2, iterations)

    def body(fin, fout, state):
        ctx, head = state
        fout.write(head)
        _pump(fin, fout, ctx)
        fout.write(ctx.final())
    _with_files(in_path, out_path, force, setup, body)


def openssl_enc_decrypt_file(in_path, out_path, passphrase, *, cipher="aes-256-cbc",
                             md="sha256", pbkdf2=False, iterations=None, nosalt=False,
                             force=False):
    """openssl_enc_decrypt from in_path into out_path, in constant memory;
    out_path appears only if the padding checked (CBC)."""
    def setup(fin):
        salt = None if nosalt else _rijn.openssl_enc_salt(fin.read(16))
        return _openssl_ctx(False, passphrase, salt, cipher, md, pbkdf2, iterations)[0]

    def body(fin, fout, ctx):
        _pump(fin, fout, ctx)
        fout.write(ctx.final())
    _with_files(in_path, out_path, force, setup, body)


def mbedtls_cah_encrypt_file(in_path, out_path, key, *, cipher="AES-256-CBC", md="SHA256",
                             iv=None, force=False):
    """mbedtls_cah_encrypt from in_path into out_path, in constant memory."""
    def setup(fin):
        v = _os.urandom(16) if iv is None else bytes(iv)
        return v, _cah_ctx(True, key, v, cipher, md)

    def body(fin, fout, state):
        fout.write(state[0])
        _pump(fin, fout, state[1])
        fout.write(state[1].final())
    _with_files(in_path, out_path, force, setup, body)


def mbedtls_cah_decrypt_file(in_path, out_path, key, *, cipher="AES-256-CBC", md="SHA256",
                             force=False):
    """mbedtls_cah_decrypt from in_path into out_path, in constant memory:
    a file that can be read twice is HMAC-checked before anything is
    decrypted; otherwise the output appears only after the check."""
    def setup(fin):
        iv = fin.read(16)
        if len(iv) < 16:
            raise _rijn.ParamError("rijn: too short for a crypt_and_hash file")
        two = fin.seekable()
        ctx = _cah_ctx(False, key, iv, cipher, md, _rijn.CAH_MAC if two else _BOTH)
        if two:
            _pump(fin, None, ctx)
            _cah_verify(ctx)
            ctx.rewind(_rijn.CAH_DECRYPT)
            fin.seek(16)
        return two, ctx

    def body(fin, fout, state):
        two, ctx = state
        _pump(fin, fout, ctx)
        if not two:
            _cah_verify(ctx)
        fout.write(ctx.final())
    _with_files(in_path, out_path, force, setup, body)
