#include "serve/request_args.h"

namespace ludex {
namespace po = boost::program_options;

std::variant<std::vector<NamedValue>, std::string> request_args(
    const QueryParams& params, const po::options_description& options,
    const std::vector<std::pair<std::string, std::string>>& refused) {
  std::vector<NamedValue> args;
  for (const auto& [name, value] : params) {
    for (const auto& [refused_name, reason] : refused) {
      if (name == refused_name) return "parameter '" + name + "': " + reason;
    }
    if (name.empty() || name.front() == '-' || name == "help") {
      return "unknown parameter '" + name + "'";
    }
    const po::option_description* option = options.find_nothrow(name, false);
    if (option == nullptr) return "unknown parameter '" + name + "'";
    if (option->semantic()->max_tokens() == 0) {
      if (value.empty() || value == "1" || value == "true" || value == "yes" || value == "on") {
        args.push_back({name, std::nullopt});
      } else if (value != "0" && value != "false" && value != "no" && value != "off") {
        return "parameter '" + name + "' is a switch: give 1 or 0, not '" + value + "'";
      }
      continue;
    }
    // An empty value is no value (a form's field left blank), but for
    // `line=`: the empty board, as `--line ''` is (games that reach it, not
    // every game).
    if (value.empty()) {
      if (name == "line") args.push_back({name, std::string()});
      continue;
    }
    args.push_back({name, value});
  }
  return args;
}

}  // namespace ludex
