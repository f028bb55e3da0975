#include "importers/gtv/gtv_header.h"

#include "importers/gtv/gtv_format.h"

namespace ludex::gtv {
namespace {

const HeaderPair* find_pair(const RawHeader& header, std::string_view key) {
  for (const HeaderPair& p : header.pairs) {
    if (p.key == key) return &p;
  }
  return nullptr;
}

std::string quoted_key(std::string_view key) {
  return "'" + quote_bytes(key) + "'";
}

// A header integer of any width 1..8, as the length field says.
std::optional<Failure> header_uint(const HeaderPair& pair, std::uint64_t* out) {
  const auto value = decode_uint(pair.value);
  if (!value) {
    return Failure{static_cast<std::int64_t>(pair.value_offset),
                   "header " + quoted_key(pair.key) + " is " + std::to_string(pair.value.size()) +
                       " bytes long; an integer has 1 to 8"};
  }
  *out = *value;
  return std::nullopt;
}

}  // namespace

std::string quote_bytes(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  const std::size_t n = std::min<std::size_t>(bytes.size(), 40);
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c >= 0x20 && c < 0x7F && c != '\'' && c != '\\') {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    }
  }
  if (bytes.size() > n) out += "...";
  return out;
}

std::optional<std::int32_t> decode_board(std::string_view value) {
  const auto side = decode_uint(value);
  if (!side || *side < 1 || *side > static_cast<std::uint64_t>(kMaxBoardSide)) return std::nullopt;
  return static_cast<std::int32_t>(*side);
}

std::optional<std::int8_t> decode_winner(std::string_view value) {
  const auto w = decode_uint(value);
  if (!w || *w > 4) return std::nullopt;
  return static_cast<std::int8_t>(*w);
}

std::string_view player_key(int version, std::int8_t seat) {
  if (version == 1) return seat == 1 ? kKeyV1Player1 : kKeyV1Player2;
  return seat == 1 ? kKeyPlayer1 : kKeyPlayer2;
}

std::string_view board_key(int version) {
  return version == 1 ? kKeyV1Size : kKeyBoardSize;
}

RawHeader read_header_pairs(std::string_view bytes) {
  RawHeader header;
  std::size_t pos = 0;
  const auto fail = [&](std::size_t offset, std::string message) {
    header.failure = Failure{static_cast<std::int64_t>(offset), std::move(message)};
    return header;
  };
  while (true) {
    if (pos >= bytes.size()) {
      return fail(pos, "the file ends inside the header: no zero byte ends its key-value list");
    }
    const auto key_length = static_cast<std::uint8_t>(bytes[pos]);
    if (key_length == 0) {
      header.end = pos + 1;
      return header;
    }
    HeaderPair pair;
    pair.offset = pos;
    ++pos;
    if (bytes.size() - pos < key_length) {
      return fail(pos - 1, "header key length " + std::to_string(key_length) + " but only " +
                               std::to_string(bytes.size() - pos) + " bytes are left");
    }
    pair.key = bytes.substr(pos, key_length);
    pos += key_length;
    if (bytes.size() - pos < 4) {
      return fail(pos,
                  "the file ends inside the value length of header key " + quoted_key(pair.key));
    }
    const std::uint64_t length = *decode_uint(bytes.substr(pos, 4));
    if (length > bytes.size() - pos - 4) {
      return fail(pos, "header value " + quoted_key(pair.key) + " claims " +
                           std::to_string(length) + " bytes but only " +
                           std::to_string(bytes.size() - pos - 4) + " are left");
    }
    pos += 4;
    pair.value_offset = pos;
    pair.value = bytes.substr(pos, length);
    pos += length;
    header.pairs.push_back(pair);
  }
}

std::optional<Failure> identify_header(const RawHeader& header, HeaderInfo* info) {
  const auto end_offset = static_cast<std::int64_t>(header.end == 0 ? 0 : header.end - 1);
  if (const HeaderPair* gtv = find_pair(header, kKeyVersion)) {
    std::uint64_t version = 0;
    if (auto f = header_uint(*gtv, &version)) return f;
    if (version != 1 && version != 2) {
      return Failure{static_cast<std::int64_t>(gtv->value_offset),
                     "game-tree version " + std::to_string(version) + " is not 1 or 2"};
    }
    info->version = static_cast<int>(version);
  } else if (find_pair(header, kKeyV1Size) != nullptr) {
    info->version = 1;
  } else {
    return Failure{end_offset, "no 'gtv' key (nor the version 1 key 'size') in the header"};
  }
  if (const HeaderPair* type = find_pair(header, kKeyType)) {
    const auto family = family_from_type(type->value);
    if (!family) {
      return Failure{static_cast<std::int64_t>(type->value_offset),
                     "unknown game type '" + quote_bytes(type->value) + "'"};
    }
    info->family = *family;
    return std::nullopt;
  }
  const bool hex = find_pair(header, kKeyHexVersion) != nullptr;
  const bool twixt = find_pair(header, kKeyTwixtVersion) != nullptr;
  if (info->version == 1 || (hex && !twixt)) {
    info->family = Family::kHex;  // the old format is Jhex's
  } else if (twixt && !hex) {
    info->family = Family::kTwixt;
  } else {
    return Failure{end_offset, "no 'type' key in the header to say which game it is"};
  }
  return std::nullopt;
}

std::optional<Failure> interpret_header(const RawHeader& header, HeaderInfo* info) {
  if (auto f = identify_header(header, info)) return f;
  const auto end_offset = static_cast<std::int64_t>(header.end - 1);
  const HeaderPair* board = find_pair(header, board_key(info->version));
  if (board == nullptr) {
    return Failure{end_offset, "no '" + std::string(board_key(info->version)) +
                                   "' key in the header to give the board size"};
  }
  std::uint64_t side = 0;
  if (auto f = header_uint(*board, &side)) return f;
  const auto decoded = decode_board(board->value);
  if (!decoded) {
    return Failure{
        static_cast<std::int64_t>(board->value_offset),
        "board size " + std::to_string(side) + " is not in 1.." + std::to_string(kMaxBoardSide)};
  }
  info->board = *decoded;

  if (info->version == 2) {
    const std::string_view family_key =
        info->family == Family::kHex ? kKeyHexVersion : kKeyTwixtVersion;
    if (const HeaderPair* fv = find_pair(header, family_key)) {
      std::uint64_t v = 0;
      if (auto f = header_uint(*fv, &v)) return f;
      if (v != 1) {
        return Failure{
            static_cast<std::int64_t>(fv->value_offset),
            "'" + std::string(family_key) + "' version " + std::to_string(v) + " is not 1"};
      }
    } else {
      info->warnings.push_back(
          warning_at(0, at_byte(end_offset),
                     "the header has no '" + std::string(family_key) + "' key; read as version 1"));
    }
  }

  for (std::int8_t seat = 1; seat <= 2; ++seat) {
    const HeaderPair* p = find_pair(header, player_key(info->version, seat));
    if (p == nullptr || p->value.empty()) continue;
    info->players.push_back(SeatPlayer{seat, text_from_file(p->value)});
  }
  const auto text = [&](std::string_view key, std::string* out) {
    if (const HeaderPair* p = find_pair(header, key)) *out = text_from_file(p->value);
  };
  text(kKeyEvent, &info->event);
  text(kKeyRound, &info->round);
  text(kKeyDate, &info->date);
  text(kKeyResult, &info->result);
  // A winner that is not a small seat number stays a property only.
  if (const HeaderPair* p = find_pair(header, kKeyWinner)) {
    info->winner = decode_winner(p->value).value_or(0);
  }
  return std::nullopt;
}

}  // namespace ludex::gtv
