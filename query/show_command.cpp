// Placeholder until the command is written: keeps the build linking.
#include <iostream>

#include "query/commands.h"

namespace ludex {

int run_show_command(const std::vector<std::string>& /*args*/) {
  std::cerr << "ludex show: not implemented yet\n";
  return 1;
}

}  // namespace ludex
