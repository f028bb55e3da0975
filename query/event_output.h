// How events are printed on the terminal and as CSV: the list of `ludex
// events` and the page of `ludex event` (query/event_page.h has the JSON).
// One definition for every caller.
//
// Thread-safety: pure functions.
#ifndef LUDEX_QUERY_EVENT_OUTPUT_H_
#define LUDEX_QUERY_EVENT_OUTPUT_H_

#include <ostream>
#include <string>

#include "query/event_page.h"
#include "schema/events/event_list.h"

namespace ludex {

// "7", "7.5", "12.25": a score or tie-break with the decimals it needs.
std::string score_text(double value);

void write_event_table_header(std::ostream& out);
void write_event_table_row(std::ostream& out, const EventSummary& e);
void write_event_csv_header(std::ostream& out);
void write_event_csv_row(std::ostream& out, const EventSummary& e);

// The page: its heading, the kind and why, the standings, then the table of
// its kind (crosstable, rounds or bracket) or a level's groups, and the
// games it could not place.
void write_event_page(std::ostream& out, const EventPage& page);

}  // namespace ludex

#endif  // LUDEX_QUERY_EVENT_OUTPUT_H_
