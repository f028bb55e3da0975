#include "options/command_line.h"

#include <cctype>
#include <iostream>

namespace ludex {
namespace po = boost::program_options;

namespace {

// The first argument holding "%name%" (a letter, digit or '_' between two
// '%'), or nullptr. boost::program_options makes an error's message by
// replacing such placeholders (%value%, %canonical_option%,
// %original_token%, ...) with the user's text until none is left, so text
// that holds one makes what() loop forever (found by
// fuzz/query_options_fuzzer.cpp; `ludex serve` parses request parameters
// here too).
const std::string* argument_with_placeholder(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    std::size_t open = a.find('%');
    while (open != std::string::npos) {
      std::size_t i = open + 1;
      while (i < a.size() && (std::isalnum(static_cast<unsigned char>(a[i])) != 0 || a[i] == '_')) {
        ++i;
      }
      if (i < a.size() && a[i] == '%' && i > open + 1) return &a;
      open = a.find('%', i);
    }
  }
  return nullptr;
}

}  // namespace

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
    // Not e.what(), which would not return (argument_with_placeholder).
    if (const std::string* arg = argument_with_placeholder(args)) {
      return "invalid option or value '" + *arg + "'";
    }
    return std::string(e.what());
  }
  return out;
}

std::variant<ParsedArgs, std::string> parse_named_values(const std::vector<NamedValue>& values,
                                                         const po::options_description& options) {
  ParsedArgs out;
  // The long-option prefix makes the messages name options as the command
  // line does ("--size"), not bare.
  po::parsed_options parsed(&options, po::command_line_style::allow_long);
  std::vector<std::string> spelled;  // each value as the command line would spell it
  for (const NamedValue& v : values) {
    po::option option;
    option.string_key = v.name;
    if (v.value) option.value.push_back(*v.value);
    spelled.push_back("--" + v.name + (v.value ? "=" + *v.value : std::string()));
    option.original_tokens = {spelled.back()};
    parsed.options.push_back(std::move(option));
  }
  try {
    po::store(parsed, out.vm);
    po::notify(out.vm);
  } catch (const po::error& e) {
    if (const std::string* arg = argument_with_placeholder(spelled)) {
      return "invalid option or value '" + *arg + "'";
    }
    return std::string(e.what());
  }
  return out;
}

int run_subcommand(std::string_view program, std::span<const Subcommand> commands,
                   std::string_view name, const std::vector<std::string>& args,
                   std::string_view usage) {
  for (const Subcommand& command : commands) {
    if (command.name != name) continue;
    try {
      return command.run(args);
    } catch (const std::exception& e) {
      std::cerr << program << " " << name << ": " << e.what() << "\n";
      return 1;
    }
  }
  std::cerr << program << ": unknown command '" << name << "'\n" << usage;
  return 2;
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
