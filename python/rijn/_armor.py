"""ASCII armor of encrypted files (docs/FORMAT.md section 6; age's armor):
"-----BEGIN <label>-----", the whole binary file in standard Base64 with
padding, 64 characters a line, "-----END <label>-----". The same text as
the rijn CLI's --armor writes and reads (labels "RIJN ENCRYPTED FILE" and
"AGE ENCRYPTED FILE"). Armor is a text wrapping only: the format and the
cryptography stay in the C library.

Reading is as strict as the CLI's: white space may precede the BEGIN line
and follow the END line, "\\r\\n" line ends are accepted, lines are at most
80 characters, Base64 must be canonical, '=' padding may only end the
data, and a missing END line is an error (a truncated file).
"""
import binascii
import collections

from . import _rijn

RIJN_LABEL = "RIJN ENCRYPTED FILE"
AGE_LABEL = "AGE ENCRYPTED FILE"
_WS = b" \t\r\n"


def begin_line(label):
    return ("-----BEGIN %s-----" % label).encode()


def detect(head):
    """The label whose BEGIN line starts head (after white space), else None."""
    s = bytes(head).lstrip(_WS)
    for label in (RIJN_LABEL, AGE_LABEL):
        if s.startswith(begin_line(label)):
            return label
    return None


class Writer:
    """A file-like writer that armors everything written to out; close()
    writes the last line and the END line (it does not close out)."""

    def __init__(self, out, label):
        self.out, self.label, self.pend = out, label, b""
        out.write(begin_line(label) + b"\n")

    def write(self, data):
        data = self.pend + bytes(data)
        n = len(data) - len(data) % 48
        if n:
            enc = binascii.b2a_base64(data[:n], newline=False)
            self.out.write(b"".join(enc[i:i + 64] + b"\n" for i in range(0, len(enc), 64)))
        self.pend = data[n:]
        return len(data)

    def close(self):
        if self.pend:
            self.out.write(binascii.b2a_base64(self.pend, newline=False) + b"\n")
        self.pend = b""
        self.out.write(("-----END %s-----\n" % self.label).encode())


class Reader:
    """read(n) of the binary content of an armored input (src: read(n))."""

    def __init__(self, src, label):
        self.src, self.label = src, label
        self.lines, self.tail, self.eof = collections.deque(), b"", False
        self.data, self.done, self.pad = bytearray(), False, False
        self.end = ("-----END %s-----" % label).encode()
        first = self._line()
        while first is not None and not first.strip(_WS):
            first = self._line()
        if first is None or first.strip(b" \t\r") != begin_line(label):
            raise _rijn.ParamError("rijn: armor: the BEGIN line is not followed by a line end")

    def _line(self):
        while not self.lines:
            if self.eof:
                return None
            more = self.src.read(65536)
            if not more:
                self.eof = True
                if self.tail:
                    self.lines.append(self.tail)
                continue
            parts = (self.tail + more).split(b"\n")
            self.tail = parts.pop()
            self.lines.extend(parts)
        return self.lines.popleft()

    def _next(self):
        line = self._line()
        if line is None:
            raise _rijn.ParamError("rijn: armor: no END line (the input is truncated)")
        if line.endswith(b"\r"):
            line = line[:-1]
        if len(line) > 80:
            raise _rijn.ParamError("rijn: armor: a line is too long")
        if line == self.end:
            self.done = True
            rest = self._line()
            while rest is not None:
                if rest.strip(_WS):
                    raise _rijn.ParamError("rijn: armor: text after the END line")
                rest = self._line()
            return
        if self.pad or len(line) % 4:
            raise _rijn.ParamError("rijn: armor: Base64 data after padding or in partial groups")
        try:
            dec = binascii.a2b_base64(line, strict_mode=True)
        except (binascii.Error, ValueError):
            raise _rijn.ParamError("rijn: armor: invalid Base64") from None
        if binascii.b2a_base64(dec, newline=False) != line:
            raise _rijn.ParamError("rijn: armor: non-canonical Base64")
        self.pad = line.endswith(b"=")
        self.data += dec

    def read(self, n):
        while len(self.data) < n and not self.done:
            self._next()
        out = bytes(self.data[:n])
        del self.data[:n]
        return out
