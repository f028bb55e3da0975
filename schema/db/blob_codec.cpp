#include "schema/db/blob_codec.h"

#include <cstdint>

#include "core/coding.h"

namespace ludex {
namespace {

constexpr unsigned char kWidePointsMarker = 0xFF;
constexpr std::size_t kLinkBytes = 5;

bool fits_byte(std::int16_t v) {
  return v >= 0 && v <= 255;
}

}  // namespace

void encode_points(std::span<const Point> points, std::string& out) {
  out.clear();
  bool narrow = true;
  for (const Point& p : points) {
    if (!fits_byte(p.x) || !fits_byte(p.y)) {
      narrow = false;
      break;
    }
  }
  if (narrow) {
    for (const Point& p : points) {
      out.push_back(static_cast<char>(p.x));
      out.push_back(static_cast<char>(p.y));
    }
    return;
  }
  for (const Point& p : points) {
    put_int16_le(out, p.x);
    put_int16_le(out, p.y);
  }
  out.push_back(static_cast<char>(kWidePointsMarker));
}

bool decode_points(std::string_view bytes, MovePoints& points) {
  points.clear();
  if (bytes.size() % 2 == 0) {
    points.reserve(bytes.size() / 2);
    for (std::size_t i = 0; i < bytes.size(); i += 2) {
      points.push_back(Point{static_cast<std::int16_t>(static_cast<unsigned char>(bytes[i])),
                             static_cast<std::int16_t>(static_cast<unsigned char>(bytes[i + 1]))});
    }
    return true;
  }
  if (bytes.size() % 4 != 1 || static_cast<unsigned char>(bytes.back()) != kWidePointsMarker) {
    return false;
  }
  points.reserve(bytes.size() / 4);
  for (std::size_t i = 0; i + 4 <= bytes.size(); i += 4) {
    points.push_back(Point{get_int16_le(bytes.data() + i), get_int16_le(bytes.data() + i + 2)});
  }
  return true;
}

void encode_links(const std::vector<LinkEdit>& links, std::string& out) {
  out.clear();
  for (const LinkEdit& e : links) {
    unsigned flags = e.add ? 1U : 0U;
    if (e.slope > 0) flags |= 1U << 1;
    if (e.slope < 0) flags |= 2U << 1;
    out.push_back(static_cast<char>(flags));
    put_int16_le(out, e.cx2);
    put_int16_le(out, e.cy2);
  }
}

bool decode_links(std::string_view bytes, std::vector<LinkEdit>& links) {
  links.clear();
  if (bytes.size() % kLinkBytes != 0) return false;
  for (std::size_t i = 0; i < bytes.size(); i += kLinkBytes) {
    const auto flags = static_cast<unsigned char>(bytes[i]);
    const unsigned slope_code = (flags >> 1) & 3U;
    if ((flags & ~7U) != 0 || slope_code == 3) return false;
    LinkEdit e;
    e.add = (flags & 1U) != 0;
    e.slope = slope_code == 0 ? 0 : (slope_code == 1 ? 1 : -1);
    e.cx2 = get_int16_le(bytes.data() + i + 1);
    e.cy2 = get_int16_le(bytes.data() + i + 3);
    links.push_back(e);
  }
  return true;
}

void encode_values(std::span<const std::string> values, std::string& out) {
  out.clear();
  for (const std::string& v : values) {
    out.push_back('[');
    for (char c : v) {
      if (c == ']' || c == '\\') out.push_back('\\');
      out.push_back(c);
    }
    out.push_back(']');
  }
}

bool decode_values(std::string_view text, PropertyValues& values) {
  values.clear();
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '[') return false;
    ++i;
    std::string& v = values.emplace_back();
    bool closed = false;
    while (i < text.size()) {
      const char c = text[i++];
      if (c == ']') {
        closed = true;
        break;
      }
      if (c == '\\') {
        if (i == text.size()) return false;
        v.push_back(text[i++]);
      } else {
        v.push_back(c);
      }
    }
    if (!closed) return false;
  }
  return true;
}

}  // namespace ludex
