// Subcommands that read a database. Each takes the arguments after the
// subcommand name and returns the process exit code (0 ok, 1 failed, 2 usage).
// Environment failures throw; main catches them.
#ifndef LUDEX_QUERY_COMMANDS_H_
#define LUDEX_QUERY_COMMANDS_H_

#include <string>
#include <vector>

namespace ludex {

int run_info_command(const std::vector<std::string>& args);
int run_query_command(const std::vector<std::string>& args);
int run_export_command(const std::vector<std::string>& args);
int run_show_command(const std::vector<std::string>& args);
int run_next_command(const std::vector<std::string>& args);
int run_check_command(const std::vector<std::string>& args);
int run_players_command(const std::vector<std::string>& args);
int run_player_command(const std::vector<std::string>& args);
int run_events_command(const std::vector<std::string>& args);
int run_event_command(const std::vector<std::string>& args);

}  // namespace ludex

#endif  // LUDEX_QUERY_COMMANDS_H_
