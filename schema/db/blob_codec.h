// The compact encodings of the BLOB and list columns (docs/schema.md has the
// byte layouts). Encoders append to a caller-owned buffer so the writer can
// reuse one allocation for millions of rows; decoders return false on bytes
// that no encoder produces (a corrupt or foreign database).
//
// Thread-safety: pure functions.
#ifndef LUDEX_SCHEMA_DB_BLOB_CODEC_H_
#define LUDEX_SCHEMA_DB_BLOB_CODEC_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/node.h"

namespace ludex {

// moves.points. Replaces out with the encoding of points: 2 bytes (x, y) per
// point when every coordinate is in 0..255 (even length), else 4 bytes
// (x, y as little-endian int16) per point followed by one 0xFF byte (odd
// length). An empty list encodes as zero bytes (stored as NULL).
void encode_points(std::span<const Point> points, std::string& out);
bool decode_points(std::string_view bytes, MovePoints& points);

// moves.links. Replaces out with 5 bytes per edit: a flag byte (bit 0 = add,
// bits 1-2 = slope: 0 -> 0, 1 -> +1, 2 -> -1), then cx2 and cy2 as
// little-endian int16.
void encode_links(const std::vector<LinkEdit>& links, std::string& out);
bool decode_links(std::string_view bytes, std::vector<LinkEdit>& links);

// properties.prop_values and moves.prop_values. Replaces out with the values
// in SGF bracket form, "[v1][v2]...", with ']' and '\' escaped by a
// backslash; no values encodes as "". Lossless for any bytes.
void encode_values(std::span<const std::string> values, std::string& out);
bool decode_values(std::string_view text, PropertyValues& values);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_DB_BLOB_CODEC_H_
