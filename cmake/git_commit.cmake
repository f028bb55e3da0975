# Sets LUDEX_GIT_COMMIT to the commit the source tree is at (12 hex digits,
# "unknown" outside a git checkout) and makes CMake configure again when HEAD
# moves, so that core/version.cpp names the commit a binary was built from.
# Configure-time only: a build that changes no source compiles nothing.
set(LUDEX_GIT_COMMIT "unknown")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(
    COMMAND ${GIT_EXECUTABLE} -C ${PROJECT_SOURCE_DIR} rev-parse --short=12 HEAD
    OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE result ERROR_QUIET)
  if(result EQUAL 0 AND commit MATCHES "^[0-9a-f]+$")
    set(LUDEX_GIT_COMMIT "${commit}")
    # HEAD names a branch whose ref file (or packed-refs) moves on a commit;
    # a worktree's git dir holds its own HEAD.
    execute_process(
      COMMAND ${GIT_EXECUTABLE} -C ${PROJECT_SOURCE_DIR} rev-parse --absolute-git-dir
      OUTPUT_VARIABLE git_dir OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    execute_process(
      COMMAND ${GIT_EXECUTABLE} -C ${PROJECT_SOURCE_DIR} rev-parse --git-common-dir
      OUTPUT_VARIABLE common_dir OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    execute_process(
      COMMAND ${GIT_EXECUTABLE} -C ${PROJECT_SOURCE_DIR} symbolic-ref -q HEAD
      OUTPUT_VARIABLE head_ref OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT IS_ABSOLUTE "${common_dir}")
      set(common_dir "${PROJECT_SOURCE_DIR}/${common_dir}")
    endif()
    foreach(f "${git_dir}/HEAD" "${common_dir}/${head_ref}" "${common_dir}/packed-refs")
      if(EXISTS "${f}" AND NOT IS_DIRECTORY "${f}")
        set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${f}")
      endif()
    endforeach()
  endif()
endif()
