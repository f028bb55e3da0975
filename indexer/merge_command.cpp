// Placeholder until the command is written: keeps the build linking.
#include <iostream>

#include "indexer/commands.h"

namespace ludex {

int run_merge_command(const std::vector<std::string>& /*args*/) {
  std::cerr << "ludex merge: not implemented yet\n";
  return 1;
}

}  // namespace ludex
