// Shared argument handling for the subcommands (Boost.Program_options): a
// usage error is a value, never an exception that escapes to main.
#ifndef LUDEX_OPTIONS_COMMAND_LINE_H_
#define LUDEX_OPTIONS_COMMAND_LINE_H_

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <boost/program_options.hpp>

namespace ludex {

struct ParsedArgs {
  boost::program_options::variables_map vm;
  bool help = false;  // --help was given: the caller prints usage, exits 0
};

// Parses args against options (and positional, if given) without printing:
// a usage error is returned as its message ("unrecognised option '--foo'"),
// the text parse_command_line prints after "ludex <command>: ". Used where
// arguments come from elsewhere than a terminal (ludex serve's query
// parameters), so that the same input gets the same message.
std::variant<ParsedArgs, std::string> parse_arguments(
    const std::vector<std::string>& args,
    const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description* positional = nullptr);

// A subcommand of a program (ludex import, ludex-bench generate, ...): its
// name and the function that runs it with the arguments after the name.
struct Subcommand {
  std::string_view name;
  int (*run)(const std::vector<std::string>& args);
};

// Runs the subcommand of `commands` called `name` with `args` and returns its
// exit code. An unknown name prints "PROGRAM: unknown command 'NAME'" and
// `usage` to stderr and returns 2. An exception the subcommand lets out (an
// environment failure: a disk, a database) is caught here, the one place, and
// printed as "PROGRAM NAME: what"; then it returns 1.
int run_subcommand(std::string_view program, std::span<const Subcommand> commands,
                   std::string_view name, const std::vector<std::string>& args,
                   std::string_view usage);

// One option as a request names it: `value` is nullopt for a switch.
struct NamedValue {
  std::string name;
  std::optional<std::string> value;
};

// Stores `values` as the values of `options`, in order, with no command
// line in between: what parse_arguments would give for "--NAME=VALUE" (a
// switch: "--NAME") per value, with the same messages for a value that does
// not convert ("the argument ('abc') for option '--size' is invalid"), an
// option given twice that takes one value, or a required one missing. The
// names must be options of `options` (the caller checks them).
std::variant<ParsedArgs, std::string> parse_named_values(
    const std::vector<NamedValue>& values,
    const boost::program_options::options_description& options);

// Parses args against options (and positional, if given). On a usage error
// prints "ludex <command>: <what>" and the options to stderr and returns
// nullopt; the caller returns exit code 2.
std::optional<ParsedArgs> parse_command_line(
    const std::string& command, const std::vector<std::string>& args,
    const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description* positional = nullptr);

}  // namespace ludex

#endif  // LUDEX_OPTIONS_COMMAND_LINE_H_
