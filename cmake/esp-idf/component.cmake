# ESP-IDF component build of rijn (manifest: idf_component.yml). Included
# by the root CMakeLists.txt when ESP_PLATFORM is set, i.e. when this
# repository sits in an ESP-IDF project's components/ folder (or comes from
# the component registry). Every library source is built; the linker drops
# what the application does not use. Public headers: include/ (rijn.h,
# rijn/*.h); internal headers: src/. Options (include/rijn/config.h):
# target_compile_definitions(${COMPONENT_LIB} PUBLIC RIJN_CFG_...=0) in the
# project, so the library and the application see the same values.
get_filename_component(RIJN_IDF_ROOT "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
file(GLOB_RECURSE RIJN_IDF_SRCS "${RIJN_IDF_ROOT}/src/*.c")
idf_component_register(SRCS ${RIJN_IDF_SRCS}
                       INCLUDE_DIRS "${RIJN_IDF_ROOT}/include"
                       PRIV_INCLUDE_DIRS "${RIJN_IDF_ROOT}/src")
if(NOT CMAKE_BUILD_EARLY_EXPANSION)
  # 64-bit length-limit checks are constant on 32-bit targets (-Wextra).
  target_compile_options(${COMPONENT_LIB} PRIVATE -Wno-type-limits)
endif()
