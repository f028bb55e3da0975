// Subcommands that write a database. Each takes the arguments after the
// subcommand name and returns the process exit code (0 ok, 1 failed, 2 usage).
// Environment failures throw; main catches them.
#ifndef LUDEX_INDEXER_COMMANDS_H_
#define LUDEX_INDEXER_COMMANDS_H_

#include <string>
#include <vector>

namespace ludex {

int run_import_command(const std::vector<std::string>& args);
int run_merge_command(const std::vector<std::string>& args);

}  // namespace ludex

#endif  // LUDEX_INDEXER_COMMANDS_H_
