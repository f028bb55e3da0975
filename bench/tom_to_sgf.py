#!/usr/bin/env python3
"""Writes the Tom server's records of the public yenw/computer-go-dataset
repository as SGF files, one per game, the way the repository's own
Tom/Converter_Tom.py writes them, for all players at once.

    bench/tom_to_sgf.py TOM_DIR OUT_DIR

TOM_DIR holds Kifu.index (id, "YYYY.MM.DD HH:MM", white, black, komi,
result, moves, "30/3 5m", tab-separated) and kifu/YYYY-MM (id, a tab, the
moves ";B[..];W[..]..."). OUT_DIR/YYYY-MM/ID.sgf gets each game with the
converter's properties: its names (the index's third column is White, the
fourth Black), DT as the index writes it, RE, RO (the moves), KM 6.5, RU
Japanese, TM and OT, PC Tom, and BR and WR 9d, which the converter writes
for every player (the index states no rank). Games of the index without
moves in kifu/ and move lines without an index entry are counted, not
written. Prints the counts.
"""
import os
import sys


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
        return 2
    tom, out = sys.argv[1], sys.argv[2]
    index = {}
    with open(os.path.join(tom, "Kifu.index"), encoding="utf-8") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 8:
                continue
            index[cols[0]] = cols
    written = unindexed = 0
    seen = set()
    kifu = os.path.join(tom, "kifu")
    for month in sorted(os.listdir(kifu)):
        folder = os.path.join(out, month)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(kifu, month), encoding="utf-8") as f:
            for line in f:
                num, _, moves = line.rstrip("\n").partition("\t")
                cols = index.get(num)
                if cols is None:
                    unindexed += 1
                    continue
                seen.add(num)
                _, dt, white, black, _komi, result, ro, time = cols[:8]
                main_time, _, per = time.partition(" ")
                byo = main_time.split("/")
                tm = per[:-1] + " min" if per.endswith("m") else per
                ot = f"{byo[1]}x {byo[0]} sec" if len(byo) == 2 else main_time
                sgf = (
                    "(;CA[UTF-8]GM[1]FF[4]AP[converter]\nSZ[19]"
                    f"GN[{num}]\nDT[{dt}]\nPB[{black}]BR[9d]\nPW[{white}]WR[9d]\n"
                    f"RE[{result}]RO[{ro}]KM[6.5]RU[Japanese]TM[{tm}]OT[{ot}]\nPC[Tom]"
                    f"{moves})"
                )
                with open(os.path.join(folder, num + ".sgf"), "w", encoding="utf-8") as g:
                    g.write(sgf)
                written += 1
    print(f"{written} games written, {len(index) - len(seen)} indexed games without moves, "
          f"{unindexed} move lines without an index entry")
    return 0


if __name__ == "__main__":
    sys.exit(main())
