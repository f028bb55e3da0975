// Files for every test group: the shared corpus, and whole files read and
// written as bytes. Defined in e2e_support.cpp (library ludex_e2e_support,
// which every test program links).
#ifndef LUDEX_TESTS_SUPPORT_TEST_FILES_H_
#define LUDEX_TESTS_SUPPORT_TEST_FILES_H_

#include <filesystem>
#include <string>
#include <string_view>

namespace ludex::test {

// The shared corpus directory (../shared/corpus beside the project).
std::filesystem::path corpus_dir();
// A file or folder under the shared corpus, by its path relative to it.
std::string corpus_path(std::string_view relative);

// The whole file as bytes; "" when it cannot be read.
std::string read_bytes(const std::filesystem::path& path);
// Writes `bytes` as the whole file, creating its parent folders.
void write_bytes(const std::filesystem::path& path, const std::string& bytes);

}  // namespace ludex::test

#endif  // LUDEX_TESTS_SUPPORT_TEST_FILES_H_
