// The options behind the filters and positions that `ludex query`,
// `ludex export`, `ludex next` and `ludex serve` share (Boost.Program_options),
// declared once, and readers that turn parsed options into the plain argument
// structs the library functions take (query/filter_args.h,
// query/node_filter_options.h, query/next_moves.h). Only the command files and
// the server's request reader include this header.
#ifndef LUDEX_QUERY_FILTER_OPTIONS_H_
#define LUDEX_QUERY_FILTER_OPTIONS_H_

#include <boost/program_options.hpp>

#include "query/filter_args.h"
#include "query/next_moves.h"
#include "query/node_filter_options.h"

namespace ludex {

// Adds --player, --family, --variant, --size, --event, --result, --winner,
// --date-from, --date-to, --moves-min, --moves-max, --duplicates, --game, --limit,
// and the paging and order options --offset, --sort, --desc.
void add_filter_options(boost::program_options::options_description& options);
// The values of add_filter_options' options in `vm`.
FilterArgs filter_args_of(const boost::program_options::variables_map& vm);

// Adds the node filter options (--has, --empty, --link, --pattern,
// --position, --line, --position-file, --symmetric, the evaluation and
// comment filters, --first, --main-line).
void add_node_filter_options(boost::program_options::options_description& options);
// The values of add_node_filter_options' options in `vm`.
NodeFilterArgs node_filter_args_of(const boost::program_options::variables_map& vm);

// Adds `ludex next`'s position and counting options: --position,
// --position-file (when `files`: the command line, not the server), --line,
// --pattern, --around, --symmetric, --all-copies, --replay.
void add_next_options(boost::program_options::options_description& options, bool files);
// The values of add_next_options' options in `vm`.
NextArgs next_args_of(const boost::program_options::variables_map& vm);

}  // namespace ludex

#endif  // LUDEX_QUERY_FILTER_OPTIONS_H_
