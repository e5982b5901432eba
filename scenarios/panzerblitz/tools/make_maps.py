#!/usr/bin/env python3
"""Writes the PanzerBlitz maps from the hex-by-hex board tables (the facts transcribed from
the OpenPanzerBlitz board data, one table a board: board-01.txt ...):

* `boards/board-N.map.ron`: each of the three geomorphic sections on its own;
* `maps/NAME.map.ron`: the arrangements the twelve situations use, composed of them.

Run from this folder:  python3 make_maps.py TABLES_DIR ..

Only the written maps are data; this script is how they were made, kept so they can be
made again. ../README.md explains every choice it encodes.

Orientation. A table's board is 11 hexes (x, the printed hex number - 1) by 33 rows (y,
the printed row letter A, B, ...) of pointy-top hexes, odd rows half a hex to the left.
Sztab's grid is flat-top, so the table is transposed: table row y is map column y + 1
(the printed row letter: A is column 1) and table hex x is map row x + 1 (the printed hex
number). The printed label 1-P-6 is then column 16, row 6 of board 1, the letter-number
label P-6. Odd columns sit half a hex lower (`shifted: Odd`).

What a table's hex becomes:
  terrain   water (the pond on all six sides), swamp (base SWAMP), town (a named town's hex
            or one with a TOWN hexside), woods (a FOREST hexside), clear.
  e         2 hilltop (elevation 1 in the table), 1 slope (base SLOPE), none at ground.
  features  ford: a hex whose stream segments are all FORD; gully: any other hex on a
            stream, unless a road crosses it there (a road-crossing hex is clear).
  hexsides  FOREST green, TOWN grey, SLOPE brown, WATER pond, and orange on every side
            between a hilltop and a hex that is not one (the tables do not store orange).
  links     ROAD road; STREAM and FORD stream (the course of the gully).
  places    the named towns (Town) and hills (Other, "Hill 135").
  labels    the board's number on the hex that prints it (P-6).

Arrangements (as the situations give them) are composed maps: their sections are the
board maps, placed and turned as the situation lays the boards out, and Sztab assembles
them at load (seam hexes shared, each hex keeping its printed labels: 1-P-6). Boards side
by side along their long edges share a line of half hexes, so the next board starts 10
rows down; boards end to end share a column, so the next starts 32 columns on.
"""

import re
import sys
from pathlib import Path

W, H = 11, 33  # table hexes per row, rows per board
DIRS = ["W", "NW", "NE", "E", "SE", "SW"]
HEXSIDE_KIND = {"FOREST": "green", "TOWN": "grey", "SLOPE": "brown", "WATER": "pond"}
LINK_KIND = {"ROAD": "road", "STREAM": "stream", "FORD": "stream"}
ORDER = ["green", "grey", "brown", "orange", "pond"]
LINE = re.compile(r"^\s*(\d+)\s+(\d+)\s+\|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|([^|]*)\|(.*)$")
BOARD_LABEL = (5, 15)  # table hex of 1-P-6, which prints the board's number


def neighbour(x, y, d):
    """The table's neighbour offsets (odd rows shifted left)."""
    even = y % 2 == 0
    return {
        "W": (x - 1, y),
        "E": (x + 1, y),
        "NW": (x, y - 1) if even else (x - 1, y - 1),
        "NE": (x + 1, y - 1) if even else (x, y - 1),
        "SW": (x, y + 1) if even else (x - 1, y + 1),
        "SE": (x + 1, y + 1) if even else (x, y + 1),
    }[d]


def pairs(field):
    field = field.strip()
    if field in ("", "-"):
        return {}
    return {d: k for d, k in (p.split(":") for p in field.split())}


def read(path):
    """A board: {(x, y): cell} and {region name: [(x, y)]}."""
    cells, regions = {}, {}
    for line in path.read_text().splitlines():
        m = LINE.match(line)
        if m:
            cells[(int(m[1]), int(m[2]))] = {
                "base": m[4].strip(),
                "elev": int(m[5]),
                "sides": pairs(m[6]),
                "paths": pairs(m[7]),
            }
        r = re.match(r"^#\s+([^:]+):\s+((?:\(\d+,\d+\)\s*)+)$", line)
        if r:
            regions[r[1].strip()] = [
                tuple(map(int, p)) for p in re.findall(r"\((\d+),(\d+)\)", r[2])
            ]
    assert len(cells) == W * H, f"{path}: {len(cells)} hexes"
    return cells, regions


def source_of(i, j, ox, inverted):
    """The board hex that lands on (i, j) of a block at x-offset ox, or None."""
    if not inverted:
        return (i, j)
    s = 1 if (ox + j) % 2 == 0 else 0
    x = W - 1 - i - s
    return (x, H - 1 - j) if 0 <= x < W else None


def turn(d, inverted):
    return DIRS[(DIRS.index(d) + 3) % 6] if inverted else d


def assemble(boards, rows):
    """rows: [[(board number, inverted), ...], ...] as the situation lists them.
    Returns cells {(X, Y): cell}, regions [(name, [(X, Y)])], labels [(text, (X, Y))]
    and the assembled size (width, height) in table hexes."""
    cells, regions, labels = {}, [], []
    width = (W - 1) * max(len(r) for r in rows) + 1
    height = (H - 1) * len(rows) + 1
    for ry, row in enumerate(rows):
        for rx, (n, inverted) in enumerate(row):
            bcells, bregions = boards[n]
            ox, oy = (W - 1) * rx, (H - 1) * ry
            where = {}  # board hex -> assembled hex
            for i in range(W):
                for j in range(H):
                    src = source_of(i, j, ox, inverted)
                    if src is None:
                        continue
                    where[src] = (ox + i, oy + j)
                    c = bcells[src]
                    new = {
                        "base": c["base"],
                        "elev": c["elev"],
                        "sides": {turn(d, inverted): k for d, k in c["sides"].items()},
                        "paths": {turn(d, inverted): k for d, k in c["paths"].items()},
                        "town": False,
                    }
                    merge(cells, (ox + i, oy + j), new)
            for name, hexes in bregions.items():
                at = [where[h] for h in hexes if h in where]
                if not name.startswith("Hill"):
                    for h in at:
                        cells[h]["town"] = True
                regions.append((name, at))
            if BOARD_LABEL in where:
                labels.append((str(n), where[BOARD_LABEL]))
    # The half hexes an inverted board leaves bare on an outer edge: clear ground.
    for x in range(width):
        for y in range(height):
            cells.setdefault((x, y), {"base": "CLEAR", "elev": 0, "sides": {}, "paths": {}, "town": False})
    return cells, regions, labels, (width, height)


def merge(cells, at, new):
    old = cells.get(at)
    if old is None:
        cells[at] = new
        return
    if old["base"] == "CLEAR":
        old["base"] = new["base"]
    old["elev"] = max(old["elev"], new["elev"])
    for key in ("sides", "paths"):
        for d, k in new[key].items():
            old[key].setdefault(d, k)
    old["town"] = old["town"] or new["town"]


def hex_id(x, y):
    """Map CCRR number of assembled table hex (x, y): column y + 1, row x + 1."""
    return f"{y + 1:02}{x + 1:02}"


def side_key(a, b):
    return f"{min(a, b)}-{max(a, b)}"


def terrain_of(c):
    kinds = set(c["sides"].values())
    if len(c["sides"]) == 6 and kinds == {"WATER"}:
        return "water"
    if c["base"] == "SWAMP":
        return "swamp"
    if c["town"] or "TOWN" in kinds:
        return "town"
    if "FOREST" in kinds:
        return "woods"
    return "clear"


def features_of(c):
    streams = [k for k in c["paths"].values() if k in ("STREAM", "FORD")]
    if not streams:
        return []
    if all(k == "FORD" for k in streams):
        return ["ford"]
    if "ROAD" in c["paths"].values():
        return []  # a road crosses the gully here: clear terrain
    return ["gully"]


def level_of(c):
    if c["elev"] >= 1:
        return 2
    if c["base"] == "SLOPE":
        return 1
    return None


def convert(cells, regions, labels):
    hexes, sides, links = {}, {}, {}
    for (x, y), c in cells.items():
        h = hex_id(x, y)
        hexes[h] = (terrain_of(c), level_of(c), features_of(c))
        for d, kind in c["sides"].items():
            n = neighbour(x, y, d)
            if n in cells:
                sides.setdefault(side_key(h, hex_id(*n)), set()).add(HEXSIDE_KIND[kind])
        for d, kind in c["paths"].items():
            n = neighbour(x, y, d)
            if n in cells:
                links.setdefault(side_key(h, hex_id(*n)), LINK_KIND[kind])
        if c["elev"] >= 1:
            for d in DIRS:
                n = neighbour(x, y, d)
                if n in cells and cells[n]["elev"] < 1:
                    sides.setdefault(side_key(h, hex_id(*n)), set()).add("orange")
    places = []
    for name, at in regions:
        if not at:
            continue
        kind = "Other" if name.startswith("Hill") else "Town"
        places.append((name, kind, sorted(hex_id(x, y) for x, y in at)))
    marks = [(text, hex_id(x, y)) for text, (x, y) in labels]
    return hexes, sides, links, places, marks


def ron(title, notes, catalogue, size, hexes, sides, links, places, marks):
    width, height = size
    out = [
        f"// {title}: written by tools/make_maps.py from the board tables; see ../README.md.",
        "#![enable(implicit_some)]",
        "#![enable(unwrap_variant_newtypes)]",
        "(",
        '    system: "panzerblitz",',
        f'    name: "{title}",',
        f'    notes: "{notes}",',
        f'    terrain: "{catalogue}",',
        "    grid: (",
        f"        cols: {height},",
        f"        rows: {width},",
        "        numbering: (first_col: 1, first_row: 1, digits: 2, shifted: Odd, labels: LetterNumber),",
        "    ),",
        "    hexes: {",
    ]
    for h in sorted(hexes):
        t, e, f = hexes[h]
        parts = [f't: "{t}"']
        if f:
            parts.append("f: [" + ", ".join(f'"{x}"' for x in f) + "]")
        if e is not None:
            parts.append(f"e: {e}")
        out.append(f'        "{h}": ({", ".join(parts)}),')
    out.append("    },")
    out.append("    hexsides: {")
    for s in sorted(sides):
        kinds = sorted(sides[s], key=ORDER.index)
        out.append(f'        "{s}": [' + ", ".join(f'(kind: "{k}")' for k in kinds) + "],")
    out.append("    },")
    out.append("    roads: {")
    for s in sorted(links):
        out.append(f'        "{s}": "{links[s]}",')
    out.append("    },")
    out.append("    places: [")
    for name, kind, ids in places:
        out.append(
            f'        (name: "{name}", kind: {kind}, hexes: [' + ", ".join(f'"{i}"' for i in ids) + "]),"
        )
    out.append("    ],")
    out.append("    labels: [")
    for text, h in marks:
        out.append(f'        (text: "{text}", hex: "{h}", size: 1.2),')
    out.append("    ],")
    out.append(")")
    return "\n".join(out) + "\n"


# The arrangements of the situations: file name, title, rows of (board, inverted).
ARRANGEMENTS = [
    ("side-1-2-3", "Boards 1, 2, 3 side by side", [[(1, False), (2, False), (3, False)]]),
    ("side-1-3-2", "Boards 1, 3, 2 side by side", [[(1, False), (3, False), (2, False)]]),
    ("side-3-2-1", "Boards 3, 2, 1 side by side", [[(3, False), (2, False), (1, False)]]),
    ("side-3-1i-2", "Boards 3, 1 (inverted), 2 side by side", [[(3, False), (1, True), (2, False)]]),
    ("side-1i-2-3i", "Boards 1 (inverted), 2, 3 (inverted) side by side", [[(1, True), (2, False), (3, True)]]),
    ("side-2-1i-3i", "Boards 2, 1 (inverted), 3 (inverted) side by side", [[(2, False), (1, True), (3, True)]]),
    ("end-1i-3i-2", "Boards 1 (inverted), 3 (inverted), 2 end to end", [[(1, True)], [(3, True)], [(2, False)]]),
    ("end-3i-2i-1", "Boards 3 (inverted), 2 (inverted), 1 end to end", [[(3, True)], [(2, True)], [(1, False)]]),
    ("end-2-3-1i", "Boards 2, 3, 1 (inverted) end to end", [[(2, False)], [(3, False)], [(1, True)]]),
]


def main():
    tables, out = Path(sys.argv[1]), Path(sys.argv[2])
    boards = {n: read(tables / f"board-0{n}.txt") for n in (1, 2, 3)}
    (out / "boards").mkdir(parents=True, exist_ok=True)
    (out / "maps").mkdir(parents=True, exist_ok=True)
    catalogue = "../../../assets/panzerblitz/panzerblitz.terrain.ron"
    for n in (1, 2, 3):
        cells, regions, labels, size = assemble(boards, [[(n, False)]])
        conv = convert(cells, regions, labels)
        notes = (f"Board section {n} on its own: column letters are the printed row letters "
                 f"and row numbers the printed hex numbers ({n}-P-6 is column 16, row 6).")
        (out / "boards" / f"board-{n}.map.ron").write_text(
            ron(f"PanzerBlitz board {n}", notes, catalogue, size, *conv))
        count(f"board {n}", conv)
    for name, title, rows in ARRANGEMENTS:
        (out / "maps" / f"{name}.map.ron").write_text(composed(title, rows))
        print(f"{name}: sections {rows}")


def composed(title, rows):
    """A composed map file: the boards as sections, side by side down the rows, end to
    end along the columns."""
    cols = (H - 1) * len(rows) + 1
    width = (W - 1) * max(len(r) for r in rows) + 1
    out = [
        f"// PanzerBlitz: {title}, as the situations lay the boards out; written by",
        "// tools/make_maps.py, see ../README.md.",
        "(",
        '    system: "panzerblitz",',
        f'    name: "PanzerBlitz: {title}",',
        '    terrain: "../../../assets/panzerblitz/panzerblitz.terrain.ron",',
        "    grid: (",
        f"        cols: {cols},",
        f"        rows: {width},",
        "        numbering: (first_col: 1, first_row: 1, digits: 2, shifted: Odd),",
        "    ),",
        "    sections: [",
    ]
    for ry, row in enumerate(rows):
        for rx, (n, turned) in enumerate(row):
            at = ((H - 1) * ry, (W - 1) * rx)
            t = ", turned: true" if turned else ""
            out.append(f'        (map: "../boards/board-{n}.map.ron", at: {at}{t}, prefix: "{n}"),')
    out.append("    ],")
    out.append(")")
    return "\n".join(out) + "\n"


def count(name, conv):
    hexes, sides, links, _, _ = conv
    counts = {}
    for t, e, f in hexes.values():
        counts[t] = counts.get(t, 0) + 1
    print(f"{name}: {len(hexes)} hexes {counts}, {len(sides)} hexsides, {len(links)} links")


if __name__ == "__main__":
    main()
