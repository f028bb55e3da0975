#include "options/command_line.h"

#include <iostream>

namespace ludex {
namespace po = boost::program_options;

std::variant<ParsedArgs, std::string> parse_arguments(
    const std::vector<std::string>& args, const po::options_description& options,
    const po::positional_options_description* positional) {
  ParsedArgs out;
  try {
    po::command_line_parser parser(args);
    parser.options(options);
    if (positional != nullptr) parser.positional(*positional);
    po::store(parser.run(), out.vm);
    if (out.vm.count("help") != 0) {
      out.help = true;
      return out;
    }
    po::notify(out.vm);
  } catch (const po::error& e) {
    return std::string(e.what());
  }
  return out;
}

std::optional<ParsedArgs> parse_command_line(const std::string& command,
                                             const std::vector<std::string>& args,
                                             const po::options_description& options,
                                             const po::positional_options_description* positional) {
  std::variant<ParsedArgs, std::string> parsed = parse_arguments(args, options, positional);
  if (const std::string* error = std::get_if<std::string>(&parsed)) {
    std::cerr << "ludex " << command << ": " << *error << "\n" << options;
    return std::nullopt;
  }
  return std::get<ParsedArgs>(std::move(parsed));
}

}  // namespace ludex
