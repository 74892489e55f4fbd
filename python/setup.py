"""Build script of the rijn Python package.

The extension rijn._rijn is the package's C code (rijn/_rijn*.c) compiled
together with the whole rijn C library (src/**/*.c, include/rijn/*.h).
From a repository checkout the library is taken from ../src and ../include
and mirrored into csrc/ (only changed files are rewritten); an sdist
carries csrc/, so it builds on its own.

Environment (for the project's tests; not needed by users):
  RIJN_PY_ROOT=/path/to/rijn        the repository (default: the parent of
                                    this folder), for a copy built elsewhere;
  RIJN_PY_LIBRARY=/path/librijn.a   link this (PIC) static library instead of
                                    compiling the library sources again;
  RIJN_PY_DEFINES="A=0;B=1"         extra RIJN_CFG_* definitions (must match
                                    the library's: context sizes depend on them);
  RIJN_PY_JOBS=N                    parallel compile jobs (default 2).
"""
import glob
import os
import shutil
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.environ.get("RIJN_PY_ROOT") or os.path.dirname(HERE)
CSRC = os.path.join(HERE, "csrc")


def _sync_tree(src_root, dst_root):
    """Mirror the .c/.h files of src_root into dst_root (rewrite changed ones only)."""
    wanted = set()
    for dirpath, _dirs, files in os.walk(src_root):
        for name in files:
            if not name.endswith((".c", ".h")):
                continue
            src = os.path.join(dirpath, name)
            rel = os.path.relpath(src, src_root)
            wanted.add(rel)
            dst = os.path.join(dst_root, rel)
            with open(src, "rb") as f:
                data = f.read()
            if os.path.exists(dst):
                with open(dst, "rb") as f:
                    if f.read() == data:
                        continue
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, "wb") as f:
                f.write(data)
    for dirpath, _dirs, files in os.walk(dst_root):
        for name in files:
            path = os.path.join(dirpath, name)
            if os.path.relpath(path, dst_root) not in wanted:
                os.remove(path)


def sync_library_sources():
    """Copy ../src and ../include into csrc/ when building from the repository."""
    if os.path.isfile(os.path.join(REPO, "include", "rijn", "common.h")) and os.path.isdir(
        os.path.join(REPO, "src")
    ):
        for part in ("src", "include"):
            _sync_tree(os.path.join(REPO, part), os.path.join(CSRC, part))
    if not os.path.isfile(os.path.join(CSRC, "include", "rijn", "common.h")):
        sys.exit("rijn: library sources not found (expected ../src and ../include, or csrc/)")


sync_library_sources()


class BuildExt(build_ext):
    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = int(os.environ.get("RIJN_PY_JOBS", "2"))

    def build_extensions(self):
        if self.compiler.compiler_type == "unix":
            for ext in self.extensions:
                ext.extra_compile_args = ["-O3", "-fno-strict-aliasing"]
        super().build_extensions()


class Sdist(sdist):
    def run(self):
        sync_library_sources()
        super().run()


def extension():
    sources = sorted(glob.glob(os.path.join("rijn", "_rijn*.c")))
    extra_objects = []
    lib = os.environ.get("RIJN_PY_LIBRARY")
    if lib:
        extra_objects.append(lib)
    else:
        sources += sorted(
            os.path.relpath(p, HERE)
            for p in glob.glob(os.path.join(CSRC, "src", "**", "*.c"), recursive=True)
        )
    macros = []
    for d in filter(None, os.environ.get("RIJN_PY_DEFINES", "").split(";")):
        name, _, value = d.partition("=")
        macros.append((name, value or None))
    return Extension(
        "rijn._rijn",
        sources=sources,
        include_dirs=[os.path.join("csrc", "include"), os.path.join("csrc", "src")],
        depends=glob.glob(os.path.join("rijn", "*.h")),
        define_macros=macros,
        extra_objects=extra_objects,
    )


setup(ext_modules=[extension()], cmdclass={"build_ext": BuildExt, "sdist": Sdist})
