# Shared part of rijn's MCU toolchain files (included by the per-target
# files next to it). Builds the static library only:
#   cmake -S . -B build-m3 -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/cortex-m3.cmake
#   cmake --build build-m3          # -> build-m3/librijn.a
# Per-target -mcpu/-mmcu flags come in RIJN_MCU_FLAGS. The library uses only
# memcpy/memmove/memset/memcmp: newlib/avr-libc provide them, and for
# toolchains without a C library (riscv64-unknown-elf) mcu/rt/include has a
# string.h (link mcu/rt/string.c or your own).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_C_FLAGS_INIT "${RIJN_MCU_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
# Library only; no CLI (needs a host), no tests (they run on the host; the
# on-target tests are scripts/mcu-test.sh), no shared library.
set(RIJN_BUILD_CLI OFF CACHE BOOL "" FORCE)
set(RIJN_BUILD_TESTS OFF CACHE BOOL "" FORCE)
set(RIJN_BUILD_SHARED OFF CACHE BOOL "" FORCE)
# 64-bit limit checks are always false on 32/16-bit targets (-Wtype-limits)
# and AVR's 16-bit int gives -Wconversion notes: warnings, not errors, here.
set(RIJN_WERROR OFF CACHE BOOL "" FORCE)
