// File names for exported games: safe on every file system and never able to
// leave the output directory, whatever the player names contain.
#ifndef LUDEX_QUERY_EXPORT_NAMING_H_
#define LUDEX_QUERY_EXPORT_NAMING_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace ludex {

// "<game id, 7 digits>-<family>[-<player>...].<extension>". Only ASCII
// letters, digits, '-', '_' and one '.' before the extension appear; every
// other byte becomes '_'; the name is at most about 100 bytes.
std::string export_file_name(std::int64_t game_id, Family family,
                             const std::vector<SeatPlayer>& players, std::string_view extension);

}  // namespace ludex

#endif  // LUDEX_QUERY_EXPORT_NAMING_H_
