// The version of this build of ludex, for `ludex --version`, the meta table
// (who created and who last wrote a database) and the .deb package.
#ifndef LUDEX_CORE_VERSION_H_
#define LUDEX_CORE_VERSION_H_

#include <string>
#include <string_view>

namespace ludex {

// The project's version from CMakeLists.txt (project(... VERSION)), "0.1.0".
std::string_view ludex_version();

// The git commit the sources were at when CMake last configured the build
// (12 hex digits), or "unknown" when they were not a git checkout.
std::string_view ludex_git_commit();

// "ludex 0.1.0 (commit 59f03f9abcde)", or "ludex 0.1.0" without a commit:
// what the meta table records as created_by and written_by.
std::string ludex_build_name();

}  // namespace ludex

#endif  // LUDEX_CORE_VERSION_H_
