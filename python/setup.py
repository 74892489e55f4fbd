"""Build script of the rijn Python package.

The extension rijn._rijn is the package's C code (rijn/_rijn*.c) compiled
together with the whole rijn C library (src/**/*.c, include/rijn/*.h).
The library selects its AES/GHASH/SHA kernels at run time (cpuid), so one
wheel built for x86-64 uses AES-NI, VAES, PCLMUL and SHA-NI where the CPU
has them and portable constant-time code elsewhere.

Nothing is written into the source tree: from a repository checkout the
library is compiled straight from ../src and ../include, the build
folder and the egg-info go to a temporary folder (removed at exit), and
an sdist gets its copy of the library (csrc/) in the release tree only;
an sdist therefore builds on its own.

Environment (for the project's tests; not needed by users):
  RIJN_PY_ROOT=/path/to/rijn        the repository (default: the parent of
                                    this folder), for a copy built elsewhere;
  RIJN_PY_LIBRARY=/path/librijn.a   link this (PIC) static library instead of
                                    compiling the library sources again;
  RIJN_PY_DEFINES="A=0;B=1"         extra RIJN_CFG_* definitions (must match
                                    the library's: context sizes depend on them);
  RIJN_PY_JOBS=N                    parallel compile jobs (default 2).
"""
import atexit
import glob
import os
import shutil
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.environ.get("RIJN_PY_ROOT") or os.path.dirname(HERE)


def library_root():
    """csrc/ of an sdist, else the repository (../src, ../include)."""
    for root in (os.path.join(HERE, "csrc"), REPO):
        if os.path.isfile(os.path.join(root, "include", "rijn", "common.h")) and os.path.isdir(
                os.path.join(root, "src")):
            return root
    sys.exit("rijn: library sources not found (expected ../src and ../include, or csrc/)")


LIB = library_root()
# Out-of-tree build: pip builds in the source folder; keep build/ and
# *.egg-info out of it.
SCRATCH = tempfile.mkdtemp(prefix="rijn-py-build-")
atexit.register(shutil.rmtree, SCRATCH, True)


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
    """Adds the library's C sources (csrc/src, csrc/include) to the release tree."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        for part in ("src", "include"):
            src_root = os.path.join(LIB, part)
            for path in glob.glob(os.path.join(src_root, "**", "*.[ch]"), recursive=True):
                dst = os.path.join(base_dir, "csrc", part, os.path.relpath(path, src_root))
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy2(path, dst)


def extension():
    sources = sorted(glob.glob(os.path.join("rijn", "_rijn*.c")))
    extra_objects = []
    lib = os.environ.get("RIJN_PY_LIBRARY")
    if lib:
        extra_objects.append(lib)
    else:
        sources += sorted(glob.glob(os.path.join(LIB, "src", "**", "*.c"), recursive=True))
    macros = []
    for d in filter(None, os.environ.get("RIJN_PY_DEFINES", "").split(";")):
        name, _, value = d.partition("=")
        macros.append((name, value or None))
    return Extension(
        "rijn._rijn",
        sources=sources,
        include_dirs=[os.path.join(LIB, "include"), os.path.join(LIB, "src")],
        depends=glob.glob(os.path.join("rijn", "*.h")),
        define_macros=macros,
        extra_objects=extra_objects,
    )


setup(
    ext_modules=[extension()],
    cmdclass={"build_ext": BuildExt, "sdist": Sdist},
    options={
        "build": {"build_base": os.path.join(SCRATCH, "build")},
        "egg_info": {"egg_base": SCRATCH},
        "bdist_wheel": {"bdist_dir": os.path.join(SCRATCH, "bdist")},
    },
)
