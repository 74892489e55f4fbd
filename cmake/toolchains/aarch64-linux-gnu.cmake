# rijn for AArch64 Linux with Debian's cross compiler (gcc-aarch64-linux-gnu,
# g++-aarch64-linux-gnu, libc6-dev-arm64-cross; the tests' libraries from the arm64 multiarch
# packages libssl-dev, libsodium-dev, libcjson-dev, libcrypto++-dev :arm64 (no arm64
# libgcrypt: not co-installable with the host's; test_finalists says so):
# scripts/setup.sh --aarch64). ctest runs the test programs under QEMU user
# mode (qemu-user); the QEMU_CPU environment variable picks the CPU model
# (scripts/test-aarch64.sh runs "max" and "cortex-a53").
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++) # tests/cipher/cryptopp_diff.cpp (Crypto++)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# pkg-config: the arm64 .pc files only (libcjson, libsodium).
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
