# rijn for RV64 Linux with Debian's cross compiler (gcc-riscv64-linux-gnu,
# libc6-dev-riscv64-cross: scripts/setup.sh --riscv). ctest runs the test
# programs under QEMU user mode (qemu-user); the QEMU_CPU environment variable
# picks the CPU model and its extensions. RIJN_RV_MARCH sets -march (default
# rv64gc; scripts/test-riscv.sh builds rv64gc_zkne_zknd_zknh_zbkb_zbkc, so
# the Zk classes are compiled in). Debian 12 has no riscv64 builds of the
# tests' differential peers (OpenSSL, libsodium, cJSON, libgcrypt, Crypto++),
# so this toolchain turns RIJN_TESTS_PEERS off: only the self-contained
# vector tests are built (tests/CMakeLists.txt lists the others).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR riscv64)
set(CMAKE_C_COMPILER riscv64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/riscv64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(RIJN_RV_MARCH rv64gc CACHE STRING "-march of the RV64 build")
set(CMAKE_C_FLAGS_INIT "-march=${RIJN_RV_MARCH} -mabi=lp64d")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(RIJN_TESTS_PEERS OFF CACHE BOOL "differential peers: none for riscv64 on Debian 12")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-riscv64)
