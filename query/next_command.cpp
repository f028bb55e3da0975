// Placeholder until the command is written: keeps the build linking.
#include <iostream>

#include "query/commands.h"

namespace ludex {

int run_next_command(const std::vector<std::string>& /*args*/) {
  std::cerr << "ludex next: not implemented yet\n";
  return 1;
}

}  // namespace ludex
