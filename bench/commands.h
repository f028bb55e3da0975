// The ludex-bench subcommands. Each takes the arguments after the subcommand
// name and returns the exit code (0 ok, 1 failed, 2 usage error).
// Environment failures throw; main catches them.
#ifndef LUDEX_BENCH_COMMANDS_H_
#define LUDEX_BENCH_COMMANDS_H_

#include <string>
#include <vector>

namespace ludex {

int run_generate_command(const std::vector<std::string>& args);
int run_import_bench_command(const std::vector<std::string>& args);
int run_store_bench_command(const std::vector<std::string>& args);
int run_parse_bench_command(const std::vector<std::string>& args);
int run_query_bench_command(const std::vector<std::string>& args);
int run_serve_load_command(const std::vector<std::string>& args);

// Shared by the commands: removes a database file with its -wal and -shm
// files when `replace`, else throws std::runtime_error if it exists.
void prepare_new_database(const std::string& path, bool replace);

// "12.3" with the given number of decimals.
std::string fixed(double value, int decimals);

}  // namespace ludex

#endif  // LUDEX_BENCH_COMMANDS_H_
