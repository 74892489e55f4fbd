# rijn for the AVR atmega2560 with avr-gcc and avr-libc (see
# rijn-mcu-common.cmake). The library's auto configuration picks the
# "small" AES class on 8-bit targets (ct32 is ~18-32 KiB of AVR code).
set(CMAKE_SYSTEM_PROCESSOR avr)
set(CMAKE_C_COMPILER avr-gcc)
set(CMAKE_AR avr-ar)
set(RIJN_MCU_FLAGS "-mmcu=atmega2560" CACHE STRING "target flags")
include(${CMAKE_CURRENT_LIST_DIR}/rijn-mcu-common.cmake)
