// Helpers of the explorer's end-to-end tests: the explorer's postings of a
// database in a form that two databases of the same files can compare (games
// named by file and index, nodes by their offset in the game).
#ifndef LUDEX_TESTS_E2E_EXPLORER_EXPLORER_SUPPORT_H_
#define LUDEX_TESTS_E2E_EXPLORER_EXPLORER_SUPPORT_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ludex::test {

// Every kept position (by explorer key) of the database at path, with its
// games' visits as text, sorted: "FILE#INDEX date winner nodes [moves with
// child offsets and evaluations]".
std::map<std::uint64_t, std::vector<std::string>> explorer_content(const std::string& db);

// The first difference between two databases' explorer content, "" if none.
std::string explorer_difference(const std::map<std::uint64_t, std::vector<std::string>>& a,
                                const std::map<std::uint64_t, std::vector<std::string>>& b);

}  // namespace ludex::test

#endif  // LUDEX_TESTS_E2E_EXPLORER_EXPLORER_SUPPORT_H_
