// explorer_images (declared in derive/explorer_report.h): a position's images
// under the board's symmetries, each with the map of its moves back into the
// position's orientation. Shared by `ludex next`, the server and the kept
// answers (schema/explorer/explorer_answers.h), which must agree on it to the bit.
#include <algorithm>
#include <utility>

#include "derive/explorer_report.h"

namespace ludex {
namespace {

// The move as `symmetry` maps it: its points (sorted again) and its Blokus
// colour.
Continuation mapped(const BoardSymmetry& symmetry, const Board& shape, Continuation c) {
  for (Point& p : c.points) p = transform(symmetry, shape, p);
  std::sort(c.points.begin(), c.points.end());
  if (c.color >= 1 && c.color <= 4) c.color = symmetry.colour_map[c.color];
  return c;
}

}  // namespace

std::vector<ExplorerImage> explorer_images(const Board& shape,
                                           const std::vector<Occupant>& occupants,
                                           const std::vector<TwixtLink>& links, std::uint64_t hash,
                                           bool symmetric) {
  // Each distinct hash with the symmetry that turns the position into it,
  // and the position's stabiliser: the symmetries that map it onto itself
  // (the identity at least; all of them for the empty board).
  std::vector<std::pair<std::uint64_t, BoardSymmetry>> images = {{hash, BoardSymmetry{}}};
  std::vector<BoardSymmetry> stabiliser = {BoardSymmetry{}};
  if (symmetric) {
    for (const BoardSymmetry& s : board_symmetries(shape)) {
      std::vector<Occupant> moved;
      std::vector<TwixtLink> moved_links;
      for (const Occupant& o : occupants) moved.push_back(transform(s, shape, o));
      for (const TwixtLink& l : links) moved_links.push_back(transform(s, shape, l));
      std::sort(moved.begin(), moved.end());
      std::sort(moved_links.begin(), moved_links.end());
      if (s.name != "identity" && moved == occupants && moved_links == links) {
        stabiliser.push_back(s);
      }
      const std::uint64_t h = hash_contents(shape, moved, moved_links);
      const bool known = std::any_of(images.begin(), images.end(),
                                     [h](const auto& image) { return image.first == h; });
      if (h != 0 && !known) images.emplace_back(h, s);
    }
  }
  std::vector<ExplorerImage> out;
  for (const auto& [image_hash, symmetry] : images) {
    ExplorerImage image;
    image.hash = image_hash;
    const BoardSymmetry back = inverse(symmetry);
    const bool identity = symmetry.name == "identity";
    if (!identity || stabiliser.size() > 1) {
      image.map_back = [shape, back, identity, stabiliser](const Continuation& found) {
        Continuation c = identity ? found : mapped(back, shape, found);
        ContinuationKey key = key_of(c);
        for (std::size_t i = 1; i < stabiliser.size(); ++i) {
          Continuation other = mapped(stabiliser[i], shape, c);
          ContinuationKey other_key = key_of(other);
          if (other_key < key) {
            key = std::move(other_key);
            c = std::move(other);
          }
        }
        return c;
      };
    }
    out.push_back(std::move(image));
  }
  return out;
}

}  // namespace ludex
