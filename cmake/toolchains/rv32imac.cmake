# rijn for RV32IMAC with Debian's riscv64-unknown-elf-gcc (see
# rijn-mcu-common.cmake). -misa-spec=2.2: with the newer spec GCC 12 picks
# the rv32imac_zicsr multilib, which Debian does not ship. No C library
# (hence -ffreestanding: GCC's own stdint.h), and
# mcu/rt/include provides string.h.
set(CMAKE_SYSTEM_PROCESSOR riscv32)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_AR riscv64-unknown-elf-ar)
set(RIJN_MCU_FLAGS "-march=rv32imac -misa-spec=2.2 -mabi=ilp32 -mcmodel=medany -ffreestanding -isystem ${CMAKE_CURRENT_LIST_DIR}/../../mcu/rt/include" CACHE STRING "target flags")
include(${CMAKE_CURRENT_LIST_DIR}/rijn-mcu-common.cmake)
