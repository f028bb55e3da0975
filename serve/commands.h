// The subcommand that serves a database over HTTP. Takes the arguments after
// the subcommand name and returns the exit code (0 ok, 1 failed, 2 usage).
// Environment failures throw; main catches them.
#ifndef LUDEX_SERVE_COMMANDS_H_
#define LUDEX_SERVE_COMMANDS_H_

#include <string>
#include <vector>

namespace ludex {

int run_serve_command(const std::vector<std::string>& args);

}  // namespace ludex

#endif  // LUDEX_SERVE_COMMANDS_H_
