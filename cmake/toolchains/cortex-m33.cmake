# rijn for Cortex-33 with arm-none-eabi-gcc (see rijn-mcu-common.cmake).
# Soft-float ABI by default; rijn uses no floating point, so linking into a
# hard-float project needs the same -mfloat-abi: override RIJN_MCU_FLAGS.
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_AR arm-none-eabi-ar)
set(RIJN_MCU_FLAGS "-mcpu=cortex-m33 -mthumb -mfloat-abi=soft" CACHE STRING "target flags")
include(${CMAKE_CURRENT_LIST_DIR}/rijn-mcu-common.cmake)
