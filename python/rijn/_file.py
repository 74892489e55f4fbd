"""The rijn file format (docs/FORMAT.md) from Python: in memory and on disk.
Recipients (version 2) and the age format are in rijn._recip, reached
through the same four functions (recipients=, identity=, format="age").

The C library does the format and the cryptography (rijn/file.h, through
rijn._rijn.FileCtx); this module does the input/output, the random salt
and the choice of parameters. Files are the same as the `rijn encrypt`
command line tool writes and reads.

Reading releases only authenticated plaintext: decrypt_bytes returns
nothing unless the whole stream verified; decrypt_file writes to a
temporary file next to the destination and renames it only on success.
Key-derivation costs in a header are checked against limits before any
work (the header is authenticated only after the key is derived).

Output files get the rijn CLI's guarantees: the input and the output may
not be the same file (also through a hard link or a symbolic link: the
device and inode are compared), an existing output (or a dangling
symbolic link) is replaced only with force=True, the data goes to a
temporary file in the output's directory that takes the output's name
only when everything succeeded (os.link without force, so a file that
appeared meanwhile is not replaced either; os.replace with force), and
nothing is left behind on failure. An output that exists and is not a
regular file (/dev/null, a FIFO) is written directly, as by the CLI.
Passphrases default to Argon2id with the CLI's parameters (t=3 passes,
64 MiB, 4 lanes); kdf="pbkdf2" (600,000 iterations) remains available.
"""
import errno
import io
import stat
import os
import tempfile

from . import _rijn

# The file AEADs of this build, named by the library's descriptor table.
AEADS = _rijn.file_aeads()
KDFS = {"pbkdf2": 2, "argon2id": 3}
_KEY_RAW = 1
HEADER_MAX = 88
RIJN_MAGIC = b"\x89RIJN\r\n\x1a"
TAG_SIZE = 16

# Passphrase default: Argon2id where the library has it (the CLI's rule).
DEFAULT_KDF = "argon2id" if _rijn.file_available(0, 3) else "pbkdf2"

# Reader limits on key-derivation costs: the file layer's (rijn/file.h).
MAX_ITERATIONS = _rijn.FILE_READ_MAX_PBKDF2_ITER
MAX_ARGON2_T = _rijn.FILE_READ_MAX_ARGON2_T
MAX_ARGON2_M = _rijn.FILE_READ_MAX_ARGON2_M  # KiB = 4 GiB


def _passbytes(p):
    return p.encode("utf-8") if isinstance(p, str) else bytes(p)


def _writer(key, passphrase, aead, chunk_size, kdf, iterations, argon2_t, argon2_m, argon2_p):
    """A keyed FileCtx and the header bytes for a new stream."""
    if (key is None) == (passphrase is None):
        raise ValueError("rijn: give exactly one of key= (32 bytes) or passphrase=")
    aead_id = AEADS.get(aead)
    if aead_id is None:
        raise ValueError("rijn: aead must be one of %s" % sorted(AEADS))
    if key is not None:
        source = _KEY_RAW
    else:
        source = KDFS.get(DEFAULT_KDF if kdf is None else kdf)
        if source is None:
            raise ValueError("rijn: kdf must be one of %s" % sorted(KDFS))
    if iterations is None:
        iterations = 600_000
    params = (aead_id, chunk_size, source, iterations, argon2_t, argon2_m, argon2_p,
              os.urandom(32))
    master = key if key is not None else _rijn.file_master_key(params, _passbytes(passphrase))
    ctx = _rijn.FileCtx()
    header = ctx.seal_init(params, master)
    return ctx, header, chunk_size


def _reader(head, key, passphrase, max_iterations, max_argon2_m):
    """Parse and authenticate the header at the start of head -> (ctx, header_len, chunk_size)."""
    if (key is None) == (passphrase is None):
        raise ValueError("rijn: give exactly one of key= (32 bytes) or passphrase=")
    p = _rijn.file_parse(head)
    hlen, aead, chunk, source, it, t, m, lanes, salt = p
    params = p[1:]
    if source == _KEY_RAW:
        if key is None:
            raise ValueError("rijn: this file was encrypted with a key, not a passphrase")
        master = key
    else:
        if passphrase is None:
            raise ValueError("rijn: this file was encrypted with a passphrase, not a key")
        if (source == 2 and it > max_iterations) or (
                source == 3 and (t > MAX_ARGON2_T or m > max_argon2_m)):
            raise _rijn.ParamError("rijn: key derivation costs in the header are above the limits")
        master = _rijn.file_master_key(params, _passbytes(passphrase))
    ctx = _rijn.FileCtx()
    ctx.open_header(head[:hlen], master)
    return ctx, hlen, chunk


def encrypt_bytes(data, *, key=None, passphrase=None, recipients=None, format="rijn",
                  armor=False, aead=None, chunk_size=None, kdf=None, iterations=None,
                  argon2_t=3, argon2_m=65536, argon2_p=4, scrypt_log_n=18):
    """Encrypt data (bytes-like) into the rijn format (default) or, with
    format="age", the age format v1; returns bytes.

    rijn format: key= (a 32-byte key, a key file's content) or passphrase=
    (str or bytes; kdf "argon2id", the default as the CLI's: argon2_t
    passes, argon2_m KiB, argon2_p lanes, or "pbkdf2": iterations, default
    600,000) gives version 1; recipients= (X25519 public keys: "age1..."
    strings or rijn.X25519PublicKey objects) gives version 2 (FORMAT.md
    section 10), with a passphrase and/or key stanza too when those are
    given. aead: "aes-256-gcm" (default), "chacha20-poly1305" or
    "ascon128"; chunk_size 256 .. 2**24 bytes (default 65536).

    format="age" (readable by `age -d`): recipients= ("age1..." keys), or
    passphrase= alone (scrypt with work factor 2**scrypt_log_n, default
    18 as age: 256 MiB). ChaCha20-Poly1305 in 64 KiB chunks (aead and
    chunk_size may not be changed); no key=.

    armor=True: PEM-like text ("-----BEGIN RIJN ENCRYPTED FILE-----" or
    "-----BEGIN AGE ENCRYPTED FILE-----"), as the CLI's --armor.
    """
    if format == "rijn" and not recipients and not armor:
        return _encrypt_v1(data, key, passphrase, "aes-256-gcm" if aead is None else aead,
                           65536 if chunk_size is None else chunk_size, kdf, iterations,
                           argon2_t, argon2_m, argon2_p)
    from . import _recip
    setup = _recip._seal_header(format, key, passphrase, recipients, aead, chunk_size, kdf,
                                iterations, argon2_t, argon2_m, argon2_p, scrypt_log_n)
    out = io.BytesIO()
    _recip.seal_stream(io.BytesIO(memoryview(data).cast("B")), out, armor, format, setup)
    return out.getvalue()


def decrypt_bytes(blob, *, key=None, passphrase=None, identity=None,
                  max_iterations=MAX_ITERATIONS, max_argon2_m=MAX_ARGON2_M,
                  max_scrypt_log_n=22):
    """Decrypt a rijn-format (version 1 or 2) or age blob, binary or armored
    (recognised by itself). Give the secret the file was made for: key=,
    passphrase=, or identity= (an "AGE-SECRET-KEY-1..." string, an identity
    file's text, a rijn.X25519PrivateKey, or a list of these).

    Raises rijn.InvalidTag (wrong key or passphrase, any modification),
    rijn.NoMatchingIdentity (an InvalidTag: no identity, key or passphrase
    opens a stanza of the file; the message says what the file holds) or
    rijn.ParamError (not an encrypted file, truncated, KDF costs over
    max_iterations / max_argon2_m KiB / scrypt work factor 2**max_scrypt_log_n,
    default 22 as age). Returns the plaintext only if everything verified."""
    mv = memoryview(blob).cast("B")
    if identity is None and bytes(mv[:9]) == RIJN_MAGIC + b"\x01":
        return _decrypt_v1(mv, key, passphrase, max_iterations, max_argon2_m)
    from . import _recip
    out = io.BytesIO()
    ctx, cs, src = _recip.open_stream(io.BytesIO(mv), identity, key, passphrase, max_iterations,
                                      max_argon2_m, max_scrypt_log_n)
    _recip.open_body(src, out, ctx, cs)
    return out.getvalue()


def _encrypt_v1(data, key, passphrase, aead, chunk_size, kdf, iterations, argon2_t, argon2_m,
                argon2_p):
    """Version 1 in memory (one key or passphrase)."""
    ctx, header, cs = _writer(key, passphrase, aead, chunk_size, kdf, iterations, argon2_t,
                              argon2_m, argon2_p)
    mv = memoryview(data).cast("B")
    n = len(mv)
    out = [header]
    pos = 0
    while True:
        last = n - pos <= cs
        end = n if last else pos + cs
        out.append(ctx.seal_chunk(mv[pos:end], last))
        if last:
            break
        pos = end
    return b"".join(out)


def _decrypt_v1(mv, key, passphrase, max_iterations, max_argon2_m):
    """Version 1 in memory."""
    ctx, pos, cs = _reader(mv[:HEADER_MAX], key, passphrase, max_iterations, max_argon2_m)
    piece = cs + TAG_SIZE
    n = len(mv)
    out = []
    while True:
        last = n - pos <= piece
        end = n if last else pos + piece
        out.append(ctx.open_chunk(mv[pos:end], last))
        if last:
            break
        pos = end
    ctx.open_final()
    return b"".join(out)


def _read_full(f, n):
    buf = f.read(n)
    if buf is None:
        return b""
    while len(buf) < n:
        more = f.read(n - len(buf))
        if not more:
            break
        buf += more
    return buf


def _stream(fin, fout, size, fn):
    """Feed fixed-size pieces of fin to fn(piece, is_last), writing the results."""
    cur = _read_full(fin, size)
    while True:
        nxt = _read_full(fin, size) if len(cur) == size else b""
        last = not nxt
        fout.write(fn(cur, last))
        if last:
            return
        cur = nxt


def _same_file(a, b):
    return a.st_dev == b.st_dev and a.st_ino == b.st_ino


def _check_output(out_path, in_stat, force):
    """The CLI's output rules (fio_out_check) -> "named" or "direct"."""
    try:
        st = os.stat(out_path)
    except FileNotFoundError:
        if os.path.lexists(out_path) and not force:
            raise FileExistsError(errno.EEXIST, "rijn: output exists (a dangling symbolic "
                                  "link; use force=True to replace it)", out_path) from None
        return "named"
    if in_stat is not None and _same_file(st, in_stat) and stat.S_ISREG(st.st_mode):
        raise ValueError("rijn: the input and the output are the same file (%r)" % (out_path,))
    if stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, "rijn: the output is a directory", out_path)
    if not stat.S_ISREG(st.st_mode):
        return "direct"
    if not force:
        raise FileExistsError(errno.EEXIST, "rijn: output exists (use force=True to replace it)",
                              out_path)
    return "named"


def _safe_output(out_path, in_stat, force, body):
    """Run body(fout) into out_path with the guarantees above."""
    out_path = os.fspath(out_path)
    if _check_output(out_path, in_stat, force) == "direct":
        with open(out_path, "wb") as fout:
            body(fout)
        return
    d = os.path.dirname(os.path.abspath(out_path))
    fd, tmp = tempfile.mkstemp(prefix=".%s." % os.path.basename(out_path), suffix=".rijn-tmp",
                               dir=d)
    try:
        with os.fdopen(fd, "wb") as fout:
            body(fout)
            fout.flush()
            os.fsync(fout.fileno())
        if force:
            os.replace(tmp, out_path)
        else:
            os.link(tmp, out_path)  # fails if out_path appeared meanwhile
            os.unlink(tmp)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def encrypt_file(in_path, out_path, *, key=None, passphrase=None, recipients=None,
                 format="rijn", armor=False, aead=None, chunk_size=None, kdf=None,
                 iterations=None, argon2_t=3, argon2_m=65536, argon2_p=4, scrypt_log_n=18,
                 force=False):
    """Encrypt the file in_path into out_path, in constant memory: the rijn
    format (as `rijn encrypt`) or, with format="age", the age format (as
    `rijn encrypt --format age` and `age`). Parameters as encrypt_bytes.
    The output is written through a temporary file and renamed at the end;
    an existing out_path is replaced only with force=True (else
    FileExistsError); the input itself (same device and inode) is refused
    with ValueError even then; nothing is left behind on failure."""
    from . import _recip
    with open(in_path, "rb") as fin:
        in_stat = os.fstat(fin.fileno())
        _check_output(os.fspath(out_path), in_stat, force)  # before the (slow) key derivation
        setup = _recip._seal_header(format, key, passphrase, recipients, aead, chunk_size, kdf,
                                    iterations, argon2_t, argon2_m, argon2_p, scrypt_log_n)
        _safe_output(out_path, in_stat, force,
                     lambda fout: _recip.seal_stream(fin, fout, armor, format, setup))


def decrypt_file(in_path, out_path, *, key=None, passphrase=None, identity=None,
                 max_iterations=MAX_ITERATIONS, max_argon2_m=MAX_ARGON2_M,
                 max_scrypt_log_n=22, force=False):
    """Decrypt in_path (rijn format version 1 or 2, or age; binary or
    armored, recognised by itself) into out_path in constant memory.
    Secrets and errors as decrypt_bytes. The plaintext goes to a temporary
    file that takes out_path's name only after the last chunk verified; on
    any error nothing is left behind. An existing out_path is replaced only
    with force=True; the input itself is refused (ValueError)."""
    from . import _recip
    with open(in_path, "rb") as fin:
        in_stat = os.fstat(fin.fileno())
        _check_output(os.fspath(out_path), in_stat, force)
        ctx, cs, src = _recip.open_stream(fin, identity, key, passphrase, max_iterations,
                                          max_argon2_m, max_scrypt_log_n)
        _safe_output(out_path, in_stat, force, lambda fout: _recip.open_body(src, fout, ctx, cs))
