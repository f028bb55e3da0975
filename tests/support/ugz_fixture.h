// .ugz files for tests: PandaNet's compressed .ugf, an LHA archive behind two
// bytes of its own (docs/formats.md, "Archives"). No LHA writer is linked
// into the tests (libarchive only reads LHA), so there are two fixtures:
//  * ugz_lh5(): a real compressed one, as the files seen are (aeb's
//    wa22-507.ugz starts "PP%D-lh5-": two bytes, then an LHA level-1 header
//    with method -lh5-). Made once with jlha-utils 0.1.6 (Debian),
//    `jlha a1 t.lzh wa22-507.ugf` on kUgzMemberText, and "PP" put before it;
//    its bytes are below as hex.
//  * make_ugz_lh0(): any member, stored (-lh0-) under a level-0 header
//    written here field by field, for cases the first cannot give.
// Header only: used by tests/unit/importers/archive and tests/e2e_import.
#ifndef LUDEX_TESTS_SUPPORT_UGZ_FIXTURE_H_
#define LUDEX_TESTS_SUPPORT_UGZ_FIXTURE_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace ludex::test {

// The .ugf inside ugz_lh5(), named wa22-507.ugf: a 9x9 even game of six
// moves, White won by 2.5.
inline constexpr std::string_view kUgzMemberName = "wa22-507.ugf";
inline constexpr std::string_view kUgzMemberText =
    "[Header]\r\nVer=UGF2,200\r\nLang=JPN\r\nCrypt=0,PLAIN_UGF_FILE,READ_WRITE\r\n"
    "Title=Weekly,Game 507\r\nPlace=PANDA-NET\r\nDate=2000/06/21,20:00:00,2000/06/21,21:30:00\r\n"
    "Rule=JPN\r\nSize=9\r\nHdcp=0,6.50\r\nWinner=W,2.50\r\nMoves=6\r\nCoordinateType=IGS\r\n"
    "PlayerB=kuroishi,3d,,\r\nPlayerW=shiroishi,4d,,\r\n[Data]\r\nEE,B1,1,0\r\nCC,W1,2,0\r\n"
    "GG,B1,3,0\r\nCG,W1,4,0\r\nGC,B1,5,0\r\nDE,W1,6,0\r\n";

inline std::string from_hex(std::string_view hex) {
  auto nibble = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(static_cast<char>(nibble(hex[i]) * 16 + nibble(hex[i + 1])));
  }
  return out;
}

inline std::string ugz_lh5() {
  return from_hex(
      "505025e72d6c68352d010100005f010000c0abd52820010c776132322d3530372e756766"
      "18fb000500009b29000000f85a97ad370ae7813bf747f6b15ab8d4270356595c3911aed3"
      "829844afcd92b951b6e0778e3f89b706a02066b778ef1aec1cbdce6f61c93eabdce83a84"
      "1cd2d77fc27ce798e68b2cf1ea9404f2c324d5178356e9255050a863a994494a8e6a6deb"
      "70a5823ceecc175fd0f73e8f139a7babe4299e19a387be655273475f51495791a9106a75"
      "c2b4ec43781fe37363cd19cd4762aa698170b7f053e4736fb3962584c1e0f93996df7966"
      "4c07749bd30fb1e8980b2fc30cacb6f2b5539e229917c34c2731cb6a79f6cb0b7a7cda0f"
      "5801fc662483fa7d7a1f89651597c494a0dae038055e8a2061638d896b695ed0ab6975e8"
      "589a57db146a69606c4000");
}

// CRC-16 as LHA checks a member's data (the "ARC" CRC: polynomial 0x8005
// reflected, initial value 0).
inline std::uint16_t lha_crc16(std::string_view data) {
  std::uint16_t crc = 0;
  for (const char c : data) {
    crc ^= static_cast<unsigned char>(c);
    for (int bit = 0; bit < 8; ++bit) {
      crc = (crc & 1) != 0 ? static_cast<std::uint16_t>((crc >> 1) ^ 0xA001)
                           : static_cast<std::uint16_t>(crc >> 1);
    }
  }
  return crc;
}

// A .ugz holding `data` as member `name` (a name of at most 200 bytes), stored: the
// prefix "PP", then an LHA level-0 header: its size (the bytes after this
// and the checksum byte), the checksum (the sum of those bytes), "-lh0-",
// packed and original size, an MS-DOS time, attribute 0x20, level 0, the
// name's length and the name, the data's CRC-16; then the data and the end
// mark, a zero byte. `prefix` replaces "PP" (it must be 2 bytes for a .ugz).
inline std::string make_ugz_lh0(std::string_view name, std::string_view data,
                                std::string_view prefix = "PP") {
  auto le32 = [](std::string& s, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) s.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
  };
  std::string header = "-lh0-";
  le32(header, static_cast<std::uint32_t>(data.size()));
  le32(header, static_cast<std::uint32_t>(data.size()));
  le32(header, 0x28D5ABC0);  // 2000-06-21 21:30:00, MS-DOS time then date
  header.push_back('\x20');
  header.push_back('\x00');
  header.push_back(static_cast<char>(name.size()));
  header.append(name);
  const std::uint16_t crc = lha_crc16(data);
  header.push_back(static_cast<char>(crc & 0xFF));
  header.push_back(static_cast<char>(crc >> 8));
  unsigned sum = 0;
  for (const char c : header) sum += static_cast<unsigned char>(c);
  std::string out(prefix);
  out.push_back(static_cast<char>(header.size()));
  out.push_back(static_cast<char>(sum & 0xFF));
  out += header;
  out.append(data);
  out.push_back('\0');
  return out;
}

}  // namespace ludex::test

#endif  // LUDEX_TESTS_SUPPORT_UGZ_FIXTURE_H_
