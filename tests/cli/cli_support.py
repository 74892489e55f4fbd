"""cli_support.py -- what the tests/cli/test_*.py scripts share: the path of
the CLI under test, the pass/fail tally, running a command and capturing it,
the one-line error check, files in the test's scratch directory, a
command on a new terminal (pty) answering prompts, the environment of a
run under the fault library (tests/cli/fault_inject.c), the one-line
checks of a failing or succeeding run, the closing "N passed,
N failed" line, and run_cases(), the main() of a test made of cases.

    import cli_support as cs
    rc, out, err = cs.rijn(["encrypt", "-k", key], data=b"...")  # out bytes, err str
    cs.check(rc == 0, "what was checked")
    cs.finish()          # prints the tally, exits 1 on any failure (or none passed)

Not a test itself (no test_ prefix: ctest does not run it).
"""
import os
import pty
import select
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "support"))
from tu_py import check, summary  # noqa: E402,F401 (for the tests: tests/support/tu_py.py)

CLI = os.environ.get("RIJN_CLI")
QUICK = bool(os.environ.get("RIJN_TEST_QUICK"))
T = None  # the scratch directory of path(), write(), read(): use_dir()


def require_cli():
    """A missing CLI is a failure (exit 1), never a silent skip."""
    if not CLI or not os.path.exists(CLI):
        print("FAIL: RIJN_CLI not set or missing")
        sys.exit(1)


def missing(tools=(), package=""):
    """None when the CLI and the tools (commands on PATH) are there; else
    print a FAIL line naming what is missing and return it (the caller
    exits 1: a missing tool is a failure, not a skip)."""
    import shutil
    if not CLI or not os.path.exists(CLI):
        print("FAIL: RIJN_CLI not set or missing")
        return "rijn"
    for tool in tools:
        if shutil.which(tool) is None:
            print("FAIL: %s not found (%s; scripts/setup.sh --tests)" % (tool, package))
            return tool
    return None


def run(argv, data=b"", stdin=None, timeout=120, **kw):
    """Run argv with data (bytes, default empty) as its stdin, or with the
    file stdin when that is given; other keywords (cwd, env, stdout,
    start_new_session...) go to subprocess.run. -> (exit status, stdout
    bytes (b"" when not captured), stderr str)."""
    kw.setdefault("stdout", subprocess.PIPE)
    p = subprocess.run(argv, input=data if stdin is None else None, stdin=stdin,
                       stderr=subprocess.PIPE, timeout=timeout, **kw)
    return (p.returncode, p.stdout if p.stdout is not None else b"",
            p.stderr.decode(errors="replace"))


def rijn(args, data=b"", **kw):
    """run() of the CLI under test with args."""
    return run([CLI] + list(args), data, **kw)


def one_error(rc, out, err, want_rc, cmd, text):
    """Exit status want_rc, nothing on stdout, one stderr line
    'rijn CMD: ...TEXT...'."""
    lines = err.strip().splitlines()
    return (rc == want_rc and out == b"" and len(lines) == 1 and
            lines[0].startswith("rijn %s: " % cmd) and text in lines[0])


def use_dir(d):
    """Make d the scratch directory of path/write/read; returns d."""
    global T
    T = d
    return d


def path(name):
    return os.path.join(T, name)


def write(name, data):
    with open(path(name), "wb") as f:
        f.write(data)
    return path(name)


def read(name):
    with open(path(name), "rb") as f:
        return f.read()


def on_tty(argv, answers, prompt=b":", newline=b"\n", wait=30):
    """Run argv on a new terminal, typing each answer (and newline) once
    the terminal shows a line ending in prompt (never before: a prompt
    may flush what was typed ahead). -> (exit status, what the terminal
    showed); a program still running a minute after the last answer is
    killed (exit status -9)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(argv[0], argv)
    shown = b""
    for ans in answers:
        end, mark = time.time() + wait, len(shown)
        while not shown[mark:].rstrip().endswith(prompt) and time.time() < end:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    shown += os.read(fd, 1024)
                except OSError:
                    break
        os.write(fd, ans + newline)
        shown += b"\n"
    end = time.time() + 60
    while time.time() < end:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                chunk = os.read(fd, 1024)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    done, status = os.waitpid(pid, os.WNOHANG)
    if done == 0:
        os.kill(pid, 9)
        _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), shown.decode(errors="replace")


def fault_env(**kv):
    """The environment of a run with the fault library (tests/cli/
    fault_inject.c, RIJN_FAULT_LIB) preloaded and kv (RIJN_FAULT=...,
    RIJN_FAULT_PATH=..., RIJN_FAULT_POINT=...)."""
    env = dict(os.environ, LD_PRELOAD=os.environ.get("RIJN_FAULT_LIB", ""), **kv)
    # an ASan build's runtime wants to come first; the preload is plain C
    env["ASAN_OPTIONS"] = ":".join(x for x in (os.environ.get("ASAN_OPTIONS"),
                                               "verify_asan_link_order=0") if x)
    return env


def tty_env(**kv):
    """fault_env(kv) as an "env" command prefix, for on_tty()."""
    keep = ("LD_PRELOAD", "ASAN_OPTIONS") + tuple(kv)
    return ["env"] + ["%s=%s" % x for x in fault_env(**kv).items() if x[0] in keep]


def fails(args, want_rc, text, data=b"", cmd=None, **kw):
    """Check that rijn args exits want_rc with the one message text
    (one_error) and nothing on stdout. Returns the check."""
    rc, out, e = rijn(args, data, **kw)
    return check(one_error(rc, out, e, want_rc, cmd or args[0], text),
                 "%s -> %d %r: got %d %r %r" % (args, want_rc, text, rc, out[:60], e))


def succeeds(args, data=b"", want=None, **kw):
    """Check that rijn args exits 0 (with stdout want when given). -> stdout."""
    rc, out, e = rijn(args, data, **kw)
    check(rc == 0 and (want is None or out == want),
          "%s -> 0 %r: got %d %r %r" % (args, want, rc, out[:80], e))
    return out


def left_behind():
    """The output ("out*") or temporary (".*") files of failed runs in the
    scratch directory: the tests name every output out*."""
    return [n for n in os.listdir(T) if n.startswith((".", "out"))]


def finish():
    sys.exit(summary())


def run_cases(*cases, identity=False):
    """A test's main(): require the CLI, run each case (a function of no
    argument) in turn in one new scratch directory -- holding first, with
    identity, an X25519 identity id.txt made by rijn keygen --x25519 --
    then finish()."""
    require_cli()
    with tempfile.TemporaryDirectory() as tmp:
        use_dir(tmp)
        if identity:
            rc, _, e = rijn(["keygen", "--x25519", "-o", path("id.txt")])
            check(rc == 0, "keygen --x25519: %s" % e)
        for case in cases:
            case()
    finish()
