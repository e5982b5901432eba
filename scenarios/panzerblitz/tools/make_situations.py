#!/usr/bin/env python3
"""Writes the twelve PanzerBlitz situations as Sztab scenarios (`NN-name.scenario.ron`)
from the transcribed situation data: boards, turns, who sets up and moves first, each
group's units and where it sets up or enters, and both sides' victory levels. Run from
this folder after make_maps.py and make_counters.py:

    python3 make_situations.py TABLES_DIR ..

A group that sets up on the map (rather than entering) is given one legal set-up inside
its area: Sztab's generic scenarios do not hold free set-up areas yet, so the file needs
hexes. The set-up is chosen here, not printed: the situation lets the player choose
anywhere in the area the scenario's notes name. See ../README.md.

Areas and edges below are given in the coordinates of the assembled board tables (x
across the boards, y down their length), as the situation data gives them;
make_maps.hex_id turns them into the map's hex numbers (column y + 1, row x + 1). So the
tables' north edge (y = 0) is the map's West edge, south is East, west (x = 0) is North
and east is South. The ground the set-up reads is composed as Sztab composes the map.
"""

import sys
from pathlib import Path

import make_counters
import make_maps

# Situation data key -> (nation, counter type key of make_counters).
KEYS = {
    "engineer-platoon-german": ("german", "engineer"),
    "security-platoon-german": ("german", "security"),
    "rifle-platoon-german-42": ("german", "rifle"),
    "smg-platoon-german": ("german", "smg"),
    "truck-german": ("german", "truck"),
    "sdkfz-251": ("german", "sdkfz251"),
    "sdkfz-234_1": ("german", "sdkfz234-1"),
    "sdkfz-234_4": ("german", "sdkfz234-4"),
    "wespe": ("german", "wespe"),
    "hummel": ("german", "hummel"),
    "grille": ("german", "grille"),
    "stuh-42": ("german", "stuh42"),
    "marder-iii": ("german", "marder3"),
    "stug-iii-g": ("german", "stug3"),
    "nashorn": ("german", "nashorn"),
    "jgdpz-iv_70": ("german", "jgdpz4"),
    "pzkw-iii-g": ("german", "pz3g"),
    "pzkw-iv-h": ("german", "pz4"),
    "panther-g": ("german", "panther"),
    "tiger-i": ("german", "tiger1"),
    "50mm-at": ("german", "50mm-at"),
    "75mm-at": ("german", "75mm-at"),
    "88mm-at": ("german", "88mm-at"),
    "20mm-aa": ("german", "20mm-aa"),
    "20mm_4-aa": ("german", "20mm4-aa"),
    "75mm-how-company": ("german", "75mm-ig"),
    "150mm-how-company": ("german", "150mm-ig"),
    "105mm-how": ("german", "105mm-how"),
    "150mm-how": ("german", "150mm-how"),
    "81mm-mortar": ("german", "81mm-mortar"),
    "120mm-mortar-german": ("german", "120mm-mortar"),
    "fort-40": ("german", "fort"),
    "engineer-company": ("russian", "engineer"),
    "recon-company": ("russian", "recon"),
    "rifle-company-43": ("russian", "rifle"),
    "guards-company-43": ("russian", "guards"),
    "smg-company-43": ("russian", "smg"),
    "cavalry-russian-43": ("russian", "cavalry"),
    "truck-russian": ("russian", "truck"),
    "m-2": ("russian", "halftrack"),
    "su-152": ("russian", "su152"),
    "su-76": ("russian", "su76"),
    "su-85": ("russian", "su85"),
    "t-34-c": ("russian", "t34c"),
    "t-34_85": ("russian", "t34-85"),
    "12_7mm-mg": ("russian", "12.7mm-mg"),
    "45mm-at": ("russian", "45mm-at"),
    "76_2mm-at": ("russian", "76.2mm-at"),
    "76_2mm-how-company": ("russian", "76.2mm-how"),
    "122mm-how": ("russian", "122mm-how"),
    "82mm-mortar-motorized": ("russian", "82mm-mortar-mot"),
    "82mm-mortar": ("russian", "82mm-mortar"),
    "120mm-mortar-russian": ("russian", "120mm-mortar"),
    "fort-50": ("russian", "fort"),
}
# Shared by both nations: the side's own.
COMMON = {"command-post": "cp", "block": "block", "minefield": "mines", "wagon": "wagon"}
# Types whose printed counters run out: the supplements continue them.
MORE = {("russian", "t34c"): "t34c-x", ("russian", "122mm-how"): "122mm-how-x"}

VEHICLES = {"tank", "tank_destroyer", "sp_gun", "spa", "armored_car", "halftrack", "truck", "wagon"}
LIMIT = {"german": 3, "russian": 2}


def parse_units(text):
    """'2x 50mm-at, 1x block' -> [(2, '50mm-at'), (1, 'block')]"""
    out = []
    for part in text.split(","):
        n, key = part.strip().split("x ", 1)
        out.append((int(n), key.strip()))
    return out


class Pools:
    """Hands out counters of each type in PIC order."""

    def __init__(self):
        self.free = {}
        self.kind = {}
        for nation, key, uid, _, attrs in make_counters.counters():
            self.free.setdefault((nation, key), []).append(uid)
            self.kind[uid] = attrs["type"]

    def take(self, nation, data_key, n):
        key = (nation, COMMON[data_key]) if data_key in COMMON else KEYS[data_key]
        assert key[0] == nation, (nation, data_key)
        pool = self.free[key]
        if len(pool) < n and key in MORE:
            pool += self.free.pop((nation, MORE[key]))
        assert len(pool) >= n, f"{nation} {data_key}: {n} wanted, {len(pool)} left"
        got, self.free[key] = pool[:n], pool[n:]
        return got


def axial(col, row):
    """Axial coordinates of a 1-based hex of a grid numbered like the boards (the first
    printed column, an odd one, half a hex lower): Sztab's own conversion."""
    c, r = col - 1, row - 1
    return c, r - (c + (c & 1)) // 2


def offset(q, r):
    return q + 1, r + (q + (q & 1)) // 2 + 1


class Ground:
    """The composed map as the set-up reads it, assembled as Sztab assembles a composed
    map (crates/core/src/model/compose.rs): each section placed by true position, a turned one
    reflected through the middle of its block; a seam hex takes the first section's
    terrain unless that is clear, both sections' features, the higher elevation."""

    def __init__(self, boards, rows):
        self.width = (make_maps.W - 1) * max(len(r) for r in rows) + 1
        self.height = (make_maps.H - 1) * len(rows) + 1
        self.hexes, self.road = {}, set()
        for ry, row in enumerate(rows):
            for rx, (n, turned) in enumerate(row):
                cells, _, _, _ = make_maps.assemble(boards, [[(n, False)]])
                hexes, _, links, _, _ = make_maps.convert(cells, [], [])
                at = self.placer((make_maps.H - 1) * ry, (make_maps.W - 1) * rx, turned)
                for h, (t, e, f) in hexes.items():
                    to = at(h)
                    if to is None:
                        continue
                    if to in self.hexes:
                        t0, e0, f0 = self.hexes[to]
                        t = t if t0 == "clear" else t0
                        e = max(e0 or 0, e or 0) or None
                        f = f0 + [x for x in f if x not in f0]
                    self.hexes[to] = (t, e, f)
                for side, kind in links.items():
                    ends = [at(x) for x in side.split("-")]
                    if kind == "road" and None not in ends:
                        self.road.update(ends)
        for x in range(self.width):
            for y in range(self.height):
                self.hexes.setdefault(self.id(x, y), ("clear", None, []))

    def placer(self, col0, row0, turned):
        oq, orr = axial(col0 + 1, row0 + 1)
        lq, lr = axial(make_maps.H, make_maps.W)
        fq, fr = axial(1, 1)

        def at(h):
            q, r = axial(int(h[:2]), int(h[2:]))
            if turned:
                q, r = oq + lq - q, orr + lr - r
            else:
                q, r = oq + q - fq, orr + r - fr
            col, row = offset(q, r)
            if 1 <= col <= self.height and 1 <= row <= self.width:
                return f"{col:02}{row:02}"
            return None

        return at

    def id(self, x, y):
        return make_maps.hex_id(x, y)

    def road_near(self, x, y):
        """The road hex nearest table hex (x, y) along its edge: the situation's road
        entry, wherever the composition puts the road."""
        for d in range(0, 4):
            for yy in (y - d, y + d):
                h = self.id(x, yy)
                if 0 <= yy < self.height and h in self.road:
                    return h
        raise ValueError(f"no road near {x},{y}")

    def cover(self, h):
        """How well a hex hides and shields its units: town, woods, hilltop, slope."""
        t, e, f = self.hexes[h]
        return {"town": 4, "woods": 3}.get(t, 0) + (e or 0)

    def edge(self, which, xs=None, ys=None):
        """Map hexes on a table edge (north y=0, south, west x=0, east), within ranges."""
        w, h = self.width, self.height
        xs = xs or range(w)
        ys = ys or range(h)
        at = {
            "north": [(x, 0) for x in xs],
            "south": [(x, h - 1) for x in xs],
            "west": [(0, y) for y in ys],
            "east": [(w - 1, y) for y in ys],
        }[which]
        return [self.id(x, y) for x, y in at]


class Setup:
    """Places units hex by hex, keeping to the set-up checks: stacking limits, one marker
    of a kind a hex, no vehicle in swamp or on the pond, markers on their own."""

    def __init__(self, ground, kinds):
        self.g = ground
        self.kind = kinds
        self.stacks = {}  # hex -> [(uid, kind)]
        self.placements = []

    def fits(self, h, uid, nation):
        t, _, _ = self.g.hexes[h]
        kind = self.kind[uid]
        here = self.stacks.get(h, [])
        if t == "water":
            return False
        if kind in VEHICLES and t == "swamp":
            return False
        if kind in ("mines", "block"):
            return not here  # alone in its hex
        if any(k in ("mines", "block") for _, k in here):
            return False
        if kind == "fort":
            return t != "swamp" and not any(k == "fort" for _, k in here)
        counted = [u for u, k in here if k not in ("mines", "fort")]
        return len(counted) < LIMIT[nation]

    def put(self, h, uid, state=None):
        self.stacks.setdefault(h, []).append((uid, self.kind[uid]))
        self.placements.append((uid, h, state or {}))

    def spread(self, uids, nation, area, prefer):
        """Fills `area` (map hex ids) with `uids`, best hexes first by `prefer`, one unit a
        hex while there is room, then stacking up to the limit."""
        ranked = sorted(area, key=lambda h: (-prefer(h), h))
        for depth in range(1, LIMIT[nation] + 1):
            for uid in list(uids):
                for h in ranked:
                    if len(self.stacks.get(h, [])) < depth and self.fits(h, uid, nation):
                        self.put(h, uid)
                        uids.remove(uid)
                        break
        assert not uids, f"no room for {uids}"


def table_area(ground, xs, ys):
    return [ground.id(x, y) for x in xs for y in ys]


def ron_placements(placements):
    out = []
    for uid, h, state in placements:
        if state:
            s = ", ".join(f'"{k}": {v}' for k, v in state.items())
            out.append(f'        (unit: "{uid}", hex: "{h}", state: {{{s}}}),')
        else:
            out.append(f'        (unit: "{uid}", hex: "{h}"),')
    return out


def entry_ron(entry):
    if isinstance(entry, str):
        return f"Edge({entry})"
    return ", ".join(f'Hex("{h}")' for h in entry)


# Table edges -> the map's edges (the map is the table transposed).
EDGE = {"north": "West", "south": "East", "west": "North", "east": "South"}


# Situation 1: a German command post destroyed counts 5.
CP5 = {"cp": 5}

RANKS = ("decisive", "tactical", "marginal")


def ranked(german, russian, first):
    """Both sides' levels, decisive to marginal, rank by rank with `first`'s level of a
    rank before the other's; each list holds one condition per rank."""
    sides = {"german": german, "russian": russian}
    order = [first, "russian" if first == "german" else "german"]
    return [(f"{side.capitalize()} {rank} victory", side, [sides[side][i]])
            for i, rank in enumerate(RANKS) for side in order]


def situation_defs():
    """Each situation: file, title, arrangement, turns, first, sets_up_first (or None for
    the default), groups, victory levels, notes."""
    S = []
    mid_side = lambda g: table_area(g, range(11, 20), range(g.height))  # middle board, seams out
    S.append(dict(
        n=1, file="01-rear-area-raid", title="Situation 1: Russian Rear Area Raid, White Russia",
        maps="side-1-2-3", turns=10, first="russian",
        groups=[
            ("german", "580th Signal Rgt. CP 1", "cp1", "1x command-post, 1x fort-40"),
            ("german", "580th Signal Rgt. CP 2", "cp2", "1x command-post, 1x fort-40"),
            ("german", "580th Signal Rgt. CP 3", "cp3", "1x command-post, 1x fort-40"),
            ("german", "286th Sec. Rgt. & 10th Flak Rgt.", mid_side,
             "3x security-platoon-german, 2x engineer-platoon-german, 2x smg-platoon-german, 2x 50mm-at, 2x 88mm-at, 2x 20mm-aa, 1x 20mm_4-aa, 4x block, 4x minefield"),
            ("russian", "982nd Tk. Rgt. & 371st Cav. Rgt.", ["north", "south", "west", "east"],
             "1x 45mm-at, 2x 82mm-mortar-motorized, 1x 76_2mm-how-company, 2x smg-company-43, 3x t-34-c, 1x su-76, 4x wagon, 4x cavalry-russian-43"),
        ],
        victory=[
            ("Russian decisive victory", "russian", [("Eliminated", "german", 16, CP5)]),
            ("Russian tactical victory", "russian", [("Eliminated", "german", 12, CP5)]),
            ("Russian marginal victory", "russian", [("Eliminated", "german", 8, CP5)]),
            ("German decisive victory", "german", [("LosesAtMost", "german", 2)]),
            ("German tactical victory", "german", [("LosesAtMost", "german", 5)]),
            ("German marginal victory", "german", [("LosesAtMost", "german", 7)]),
        ],
        notes="The Russians score a German unit destroyed, and 4 more for each German command post (a CP counts 5). The Germans set up on board 2: a CP in a fort on 2-G-7 and on 2-T-6, the third CP in a fort on a board 2 hilltop at least 3 hexes from the others, everything else anywhere on board 2 (the set-up here is one such). The Russians enter on turn 1 across any map edge.",
    ))
    S.append(dict(
        n=2, file="02-advance-on-nikopol", title="Situation 2: Russian Advance on Nikopol",
        maps="side-1-3-2", turns=10, first="german",
        groups=[
            ("russian", "203rd Rifle Div. Vanguard", ("north", range(0, 11)),
             "6x rifle-company-43, 2x 82mm-mortar, 1x 76_2mm-how-company, 1x 120mm-mortar-russian, 1x smg-company-43, 1x wagon, 1x truck-russian"),
            ("russian", "266th Rifle Div. Vanguard", ("north", range(10, 21)),
             "3x guards-company-43, 2x recon-company, 2x smg-company-43, 1x engineer-company, 1x 122mm-how, 1x truck-russian"),
            ("russian", "33rd Rifle Div. Vanguard", ("north", range(20, 31)),
             "3x rifle-company-43, 2x recon-company, 2x smg-company-43, 1x su-76, 2x 82mm-mortar"),
            ("german", "23rd Pz. Div. Rear Guard", ["south"],
             "3x pzkw-iv-h, 3x stug-iii-g, 2x 75mm-at, 5x rifle-platoon-german-42, 2x 81mm-mortar, 1x 120mm-mortar-german, 5x sdkfz-251, 5x truck-german"),
        ],
        victory=ranked(
            german=[("Eliminated", "russian", n) for n in (30, 20, 10)],
            russian=[("Advance", "russian", "East", n) for n in (18, 12, 8)],
            first="russian"),
        notes="The Russians enter on turn 1 along the row-A end of the boards, each division on its own board (203rd board 1, 266th board 3, 33rd board 2), and score their furthest advance toward the far end at the end of the game (8, 12, 18 rows for marginal, tactical, decisive); the Germans the Russian units destroyed (10, 20, 30). Both sides are scored independently; here the levels are tried rank by rank, the Russian first. The Germans enter across the far end (the boards' last row) and move first.",
    ))
    S.append(dict(
        n=3, file="03-vyazma", title="Situation 3: Battle of Vyazma",
        maps="side-3-2-1", turns=10, first="german",
        groups=[
            ("russian", "119th Rifle Div. Remnants", lambda g: table_area(g, range(0, 31), range(g.height)),
             "2x guards-company-43, 3x smg-company-43, 8x rifle-company-43, 2x 82mm-mortar, 2x 76_2mm-how-company, 3x 76_2mm-at, 6x wagon, 3x truck-russian"),
            ("german", "10th Pz. Div. Vanguard", ["south"],
             "5x pzkw-iii-g, 2x 50mm-at, 3x rifle-platoon-german-42, 1x 81mm-mortar, 1x 75mm-how-company, 5x sdkfz-251, 2x truck-german"),
        ],
        victory=[
            ("Russian victory", "russian", [("FireChain", "russian", "North", "South")]),
            ("German victory", "german", [("FireCorridor", "german", "West", "East", 3)]),
        ],
        notes="The Russians set up anywhere (the set-up here is one such). At the end the Russians win if the hexes their units could fire on form an unbroken chain across the boards (the map's North edge to its South edge); the Germans win if a corridor three hexes wide runs from end to end (West to East) outside that fire. Neither is a draw.",
    ))
    S.append(dict(
        n=4, file="04-minsk", title="Situation 4: Battle of Minsk",
        maps="end-1i-3i-2", turns=10, first="russian", sets_up_first="russian",
        groups=[
            ("russian", "2nd Guard Tk. Corps Vanguard", ["south"],
             "4x t-34-c, 5x t-34_85, 2x su-85, 1x su-152, 4x smg-company-43, 2x recon-company, 2x 82mm-mortar, 6x rifle-company-43, 3x 45mm-at, 2x 76_2mm-at, 15x truck-russian, 5x m-2"),
            ("german", "5th Pz. Div. Battle Group", ("east", None, range(64, 97)),
             "1x panther-g, 1x jgdpz-iv_70, 2x rifle-platoon-german-42, 1x wespe, 1x hummel, 1x 88mm-at, 2x 75mm-at, 1x nashorn, 3x sdkfz-251, 4x truck-german"),
        ],
        victory=ranked(
            german=[("InZoneAtMost", "russian", "3", n) for n in (10, 20, 30)],
            russian=[("Eliminated", "german", n) for n in (15, 10, 5)],
            first="russian"),
        notes="The boards lie end to end: board 1 turned, board 3 turned, board 2. The Russians enter across board 2's far end; the Germans along board 2's long side (hex-11 edge). The Russians score German units destroyed (5, 10, 15); the Germans win by keeping Russian units off board 3 (at most 30, 20, 10 there at the end for marginal, tactical, decisive). Both sides are scored independently; here the levels are tried rank by rank, the Russian first.",
    ))
    S.append(dict(
        n=5, file="05-lutezh-bridgehead", title="Situation 5: Lutezh Bridgehead",
        maps="side-3-1i-2", turns=10, first="german",
        groups=[
            ("russian", "842nd Rifle Rgt.", mid_side,
             "8x rifle-company-43, 2x 82mm-mortar, 1x smg-company-43, 2x 120mm-mortar-russian, 1x 76_2mm-how-company, 2x 122mm-how, 2x su-76, 3x 45mm-at, 4x minefield, 6x block, 2x truck-russian, 6x wagon"),
            ("german", "7th Pz. Div. Battle Group", lambda g: table_area(g, range(0, 10), range(g.height)),
             "2x sdkfz-234_1, 2x pzkw-iv-h, 2x stug-iii-g, 3x rifle-platoon-german-42, 1x 81mm-mortar, 1x engineer-platoon-german, 2x wespe, 3x command-post, 8x sdkfz-251"),
        ],
        victory=[
            ("German decisive victory", "german", [("Exited", "german", "North", 20)]),
            ("German tactical victory", "german", [("Exited", "german", "North", 14)]),
            ("German marginal victory", "german", [("Exited", "german", "North", 7)]),
            ("Russian victory", "russian", []),
        ],
        notes="The Russians set up on board 1 (turned) in the middle, the Germans on board 3; the set-ups here are one such. The Germans score units that reconnoitre off the hex-11 side and come back to leave across the hex-1 side (7, 14, 20); the levels here count the units that leave across the hex-1 side. The Russians win if the Germans win nothing.",
    ))
    S.append(dict(
        n=6, file="06-dnieper-bend", title="Situation 6: German Retreat from Dnieper Bend",
        maps="end-3i-2i-1", turns=10, first="german",
        groups=[
            ("russian", "19th Tk. Corps", lambda g: table_area(g, range(g.width), range(87, 97)),
             "12x t-34-c, 6x smg-company-43, 2x recon-company, 2x 45mm-at, 2x 76_2mm-at, 2x su-85, 2x su-152, 2x m-2, 10x truck-russian"),
            ("german", "24th Pz. Div. Battle Group", lambda g: table_area(g, range(g.width), range(33, 64)),
             "2x pzkw-iv-h, 1x panther-g, 3x rifle-platoon-german-42, 1x 120mm-mortar-german, 1x jgdpz-iv_70, 2x 75mm-at, 1x 88mm-at, 1x 20mm_4-aa, 1x wespe, 1x hummel, 1x command-post, 8x sdkfz-251"),
        ],
        victory=ranked(
            [("LossRatio", "german", r) for r in (3, 2, 1)],
            [("InZone", "russian", "3", n) for n in (30, 20, 10)],
            first="german"),
        notes="The boards lie end to end: board 3 turned, board 2 turned, board 1. The Russians set up in the last ten rows of board 1, the Germans on board 2 (the set-ups here are one such). The Russians score their units on board 3 at the end (10, 20, 30); the Germans the Russian units destroyed divided by their own (1, 2, 3; with no German loss the Russian losses alone). Both sides are scored independently; here the levels are tried rank by rank, the German first.",
    ))
    S.append(dict(
        n=7, file="07-relief-of-kiev", title="Situation 7: German Relief of Kiev",
        maps="side-1i-2-3i", turns=10, first="german",
        groups=[
            ("russian", "6th Guards Tk. Army", "hex:0,16",
             "6x t-34_85, 12x t-34-c, 6x smg-company-43, 3x 45mm-at, 2x 76_2mm-at, 2x recon-company, 1x 12_7mm-mg, 2x su-85, 12x truck-russian, 2x m-2, 2x su-152"),
            ("german", "19th Pz. Div.", "hex:30,16",
             "6x pzkw-iv-h, 5x panther-g, 4x stug-iii-g, 4x rifle-platoon-german-42, 1x sdkfz-234_4, 1x 120mm-mortar-german, 2x 75mm-at, 1x wespe, 1x hummel, 7x sdkfz-251"),
        ],
        victory=ranked(
            [("ZoneRatio", "german", "2", r) for r in (3, 2, 1)],
            [("ZoneRatio", "russian", "2", r) for r in (3, 2, 1)],
            first="german"),
        notes="Both sides arrive in road column from opposite long sides, the Russians by the road on the map's North edge (board 1, turned), the Germans by the road on its South edge (board 3, turned), and race for board 2. Each side scores its units on board 2 divided by the enemy's there at the end (1, 2, 3; with no enemy there its own units alone). Both sides are scored independently; here the levels are tried rank by rank, the German first, so an even split on board 2 is a German marginal victory.",
    ))
    S.append(dict(
        n=8, file="08-korsun-pocket", title="Situation 8: German Relief of the Korsun Pocket",
        maps="side-3-1i-2", turns=10, first="german",
        groups=[
            ("russian", "180th, 51st & 428th Rgt.", mid_side,
             "6x rifle-company-43, 8x guards-company-43, 3x smg-company-43, 5x 82mm-mortar, 3x 120mm-mortar-russian, 2x 76_2mm-how-company, 1x recon-company, 6x 76_2mm-at, 2x 122mm-how, 2x su-85, 6x block, 10x minefield, 8x fort-50, 2x command-post"),
            ("german", "5th SS Pz. Div. & Supporting Units", lambda g: table_area(g, range(21, 31), range(g.height)),
             "3x panther-g, 4x pzkw-iv-h, 3x stug-iii-g, 11x rifle-platoon-german-42, 2x 81mm-mortar, 3x 120mm-mortar-german, 1x wespe, 1x hummel, 2x engineer-platoon-german, 2x command-post, 1x grille, 1x stuh-42, 8x sdkfz-251, 16x truck-german"),
        ],
        victory=[
            ("German decisive victory", "german", [("Exited", "german", "North", 50)]),
            ("German tactical victory", "german", [("Exited", "german", "North", 40)]),
            ("German marginal victory", "german", [("Exited", "german", "North", 30)]),
            ("Russian decisive victory", "russian", [("Eliminated", "german", 30)]),
            ("Russian tactical victory", "russian", [("Eliminated", "german", 20)]),
            ("Russian marginal victory", "russian", [("Eliminated", "german", 10)]),
        ],
        notes="The Russians set up on board 1 (turned) in the middle with forts, mines and blocks; the Germans on board 2 (the set-ups here are one such) and break out across board 3's hex-1 side. Both sides are scored independently in the situation; here the German levels are tried first.",
    ))
    S.append(dict(
        n=9, file="09-drive-on-stalino", title="Situation 9: Russian Drive on Stalino",
        maps="side-1-2-3", turns=10, first="russian",
        groups=[
            ("german", "514th Infantry Rgt.", mid_side,
             "14x rifle-platoon-german-42, 2x 81mm-mortar, 2x 75mm-how-company, 1x 150mm-how-company, 2x 75mm-at, 2x 120mm-mortar-german, 3x truck-german, 3x wagon, 6x block, 3x minefield, 2x engineer-platoon-german"),
            ("russian", "4th Guards Mech. Corps", ["east"],
             "9x guards-company-43, 1x smg-company-43, 3x 45mm-at, 3x 76_2mm-at, 1x 82mm-mortar, 3x 82mm-mortar-motorized, 3x 120mm-mortar-russian, 3x recon-company, 1x 12_7mm-mg, 2x engineer-company, 4x t-34-c, 2x su-76, 2x su-152, 17x truck-russian, 6x m-2"),
        ],
        # The Russians field 60 units: "destroyed or not off the map" at least 10, 20, 40
        # is at most 50, 40, 20 of them off the hex-1 side (North).
        victory=ranked(
            german=[("ExitedAtMost", "russian", "North", 20),
                    ("ExitedAtMost", "russian", "North", 40),
                    ("ExitedAtMost", "russian", "North", 50)],
            russian=[("Eliminated", "german", 25), ("Eliminated", "german", 20),
                     ("Eliminated", "german", 10)],
            first="russian"),
        notes="The Germans set up on board 2 (the set-up here is one such); the Russians enter along board 3's hex-11 side and must drive through and off board 1's hex-1 side: the Germans score every Russian unit destroyed or not off that side at the end (10, 20, 40; of the 60 Russian units, at most 50, 40, 20 off the map), the Russians the German units destroyed (10, 20, 25). Both sides are scored independently; here the levels are tried rank by rank, the Russian first.",
    ))
    S.append(dict(
        n=10, file="10-prochorovka", title="Situation 10: Battle of Prochorovka",
        maps="end-2-3-1i", turns=12, first="german",
        groups=[
            ("russian", "18th Tk. Corps", lambda g: table_area(g, range(g.width), range(0, 32)),
             "18x t-34-c, 2x su-76, 2x su-85, 2x su-152, 6x smg-company-43, 2x 82mm-mortar, 3x recon-company, 11x truck-russian"),
            ("russian", "26th AT Bgde.", lambda g: table_area(g, range(g.width), range(65, 96)),
             "6x 76_2mm-at, 6x truck-russian"),
            ("german", "SS Pz. Div. Das Reich", ["south"],
             "8x pzkw-iv-h, 5x panther-g, 2x tiger-i, 4x stug-iii-g, 2x marder-iii, 2x wespe, 1x hummel, 6x rifle-platoon-german-42, 2x 81mm-mortar, 2x 75mm-at, 11x sdkfz-251, 2x truck-german"),
        ],
        victory=ranked(
            [("Eliminated", "russian", n) for n in (40, 20, 15)],
            [("InZone", "russian", "3", n) for n in (30, 15, 10)],
            first="german"),
        notes="The boards lie end to end: board 2, board 3, board 1 turned. The Russians set up the 18th Tank Corps on board 2 and the 26th AT Brigade on board 1 (the set-ups here are one such); the Germans enter across the map's East edge (board 1, turned: its row-A end). The Russians score their units on board 3 at the end (10, 15, 30); the Germans the Russian units destroyed (15, 20, 40). Both sides are scored independently; here the levels are tried rank by rank, the German first. The situation needs 18 T-34s: six beyond the printed twelve are supplements.",
    ))
    S.append(dict(
        n=11, file="11-relief-of-1st-pz-army", title="Situation 11: German Relief of the 1st Pz. Army",
        maps="side-2-1i-3i", turns=8, first="german",
        groups=[
            ("russian", "20th Guards Mech. Bgde.", mid_side,
             "9x guards-company-43, 3x 45mm-at, 3x 76_2mm-at, 2x 82mm-mortar, 1x smg-company-43, 3x 82mm-mortar-motorized, 1x 120mm-mortar-russian, 3x recon-company, 1x 12_7mm-mg, 4x t-34_85, 6x m-2, 17x truck-russian"),
            ("german", "9th SS Pz. Div.", ["west"],
             "12x pzkw-iv-h, 12x panther-g, 9x rifle-platoon-german-42, 3x 81mm-mortar, 2x 120mm-mortar-german, 3x stug-iii-g, 1x grille, 2x wespe, 1x hummel, 3x truck-german, 11x sdkfz-251"),
        ],
        victory=[
            ("German victory", "german", [("FireCorridor", "german", "North", "South", 3)]),
            ("Russian victory", "russian", []),
        ],
        notes="The Russians set up on board 1 (turned) in the middle (the set-up here is one such); the Germans enter along board 2's hex-1 side and win if a corridor three hexes wide outside Russian fire runs across the boards (the map's North edge to its South edge) at the end; otherwise the Russians win.",
    ))
    S.append(dict(
        n=12, file="12-nikopol-bridgehead", title="Situation 12: Defense of Nikopol Bridgehead",
        maps="side-1i-2-3i", turns=10, first="russian",
        groups=[
            ("german", "111th Infantry Div.", mid_side,
             "18x rifle-platoon-german-42, 2x smg-platoon-german, 3x security-platoon-german, 4x 81mm-mortar, 4x 120mm-mortar-german, 3x engineer-platoon-german, 4x 75mm-how-company, 2x 150mm-how-company, 1x stug-iii-g, 2x 75mm-at, 3x command-post, 5x truck-german, 4x wagon, 8x block, 11x minefield, 8x fort-40"),
            ("german", "111th Infantry Div. Arty", lambda g: table_area(g, range(0, 20), range(g.height)),
             "3x 105mm-how, 2x 150mm-how"),
            ("russian", "267th & 40th Rifle Div.", lambda g: table_area(g, range(21, 31), range(g.height)),
             "9x rifle-company-43, 10x guards-company-43, 6x smg-company-43, 4x 45mm-at, 6x 76_2mm-at, 2x 122mm-how, 2x 76_2mm-how-company, 6x 82mm-mortar, 3x 122mm-how, 2x su-85, 2x su-76, 2x su-152, 4x t-34-c, 4x truck-russian, 8x wagon"),
        ],
        victory=ranked(
            [("Eliminated", "russian", n) for n in (60, 40, 20)],
            [("InZone", "russian", "1", n) for n in (40, 20, 10)],
            first="russian"),
        notes="The Germans set up the 111th Infantry Division on board 2 and its artillery on boards 1 and 2; the Russians on board 3 (the set-ups here are one such). The Russians score their units on board 1 at the end (10, 20, 40); the Germans the Russian units destroyed (20, 40, 60). Both sides are scored independently; here the levels are tried rank by rank, the Russian first. The situation lists five 122mm howitzers: three beyond the printed two are supplements.",
    ))
    return S


def build(boards, s, pools):
    rows = next(r for name, _, r in make_maps.ARRANGEMENTS if name == s["maps"])
    g = Ground(boards, rows)
    setup = Setup(g, pools.kind)
    arrivals = []
    for nation, name, where, units in s["groups"]:
        uids = [u for n, key in parse_units(units) for u in pools.take(nation, key, n)]
        if isinstance(where, list):
            arrivals.append((name, uids, [EDGE[e] for e in where]))
        elif isinstance(where, tuple):
            edge, xs, *ys = where
            arrivals.append((name, uids, [g.edge(edge, xs, ys[0] if ys else None)]))
        elif isinstance(where, str) and where.startswith("hex:"):
            x, y = map(int, where[4:].split(","))
            arrivals.append((name, uids, [[g.road_near(x, y)]]))
        elif isinstance(where, str):
            cp_in_fort(g, setup, where, uids)
        else:
            place_group(g, setup, nation, where(g), uids)
    return setup.placements, arrivals


def place_group(g, setup, nation, area, uids):
    kind = setup.kind
    marks = [u for u in uids if kind[u] in ("mines", "block")]
    forts = [u for u in uids if kind[u] == "fort"]
    rest = [u for u in uids if u not in marks and u not in forts]
    # Blocks and minefields on the roads, spread along them.
    roads = [h for h in area if h in g.road]
    for i, u in enumerate(marks):
        step = max(1, len(roads) // max(1, len(marks)))
        pick = [h for h in roads[i * step:] + roads if setup.fits(h, u, nation)]
        setup.spread([u], nation, pick or area, lambda h: 0)
    # Forts on the best cover, each with a unit in it.
    setup.spread(forts, nation, area, g.cover)
    fort_hexes = [h for h, st in setup.stacks.items() if any(u in forts for u, _ in st)]
    infantry = [u for u in rest if kind[u] in ("infantry", "engineer", "cp", "gun")]
    for h in fort_hexes:
        if infantry:
            u = infantry.pop(0)
            rest.remove(u)
            setup.put(h, u)
    setup.spread(rest, nation, area, g.cover)


def cp_in_fort(g, setup, which, uids):
    """Situation 1's command posts: in a fort on 2-G-7, on 2-T-6, and on a board 2
    hilltop at least 3 hexes from both."""
    fixed = {"cp1": (16, 6), "cp2": (15, 19)}
    if which in fixed:
        h = g.id(*fixed[which])
    else:
        others = [g.id(*xy) for xy in fixed.values()]
        hill = [g.id(x, y) for x in range(11, 20) for y in range(g.height)
                if g.hexes[g.id(x, y)][1] == 2]
        h = next(c for c in sorted(hill) if all(distance(c, o) >= 3 for o in others))
    for u in uids:
        setup.put(h, u)


def cube(h):
    col, row = int(h[:2]) - 1, int(h[2:])
    # shifted: Odd: the printed odd columns, 0-based even ones, sit half a hex lower
    return col, row - (col + (col & 1)) // 2


def distance(a, b):
    qa, ra = cube(a)
    qb, rb = cube(b)
    return max(abs(qa - qb), abs(ra - rb), abs((qa + ra) - (qb + rb)))


def victory_ron(levels):
    out = []
    for name, winner, conds in levels:
        cs = []
        for c in conds:
            if c[0] == "Eliminated" and len(c) > 3:
                weights = ", ".join(f'"{t}": {w}' for t, w in c[3].items())
                cs.append(f'Eliminated(side: "{c[1]}", at_least: {c[2]}, weights: {{{weights}}})')
            elif c[0] == "Eliminated":
                cs.append(f'Eliminated(side: "{c[1]}", at_least: {c[2]})')
            elif c[0] in ("InZone", "InZoneAtMost"):
                bound = "at_least" if c[0] == "InZone" else "at_most"
                cs.append(f'{c[0]}(side: "{c[1]}", zone: Board("{c[2]}"), {bound}: {c[3]})')
            elif c[0] == "LossRatio":
                cs.append(f'LossRatio(side: "{c[1]}", at_least: {c[2]:.1f})')
            elif c[0] == "ZoneRatio":
                cs.append(f'ZoneRatio(side: "{c[1]}", zone: Board("{c[2]}"), at_least: {c[3]:.1f})')
            elif c[0] == "Advance":
                cs.append(f'Advance(side: "{c[1]}", toward: {c[2]}, hexes: {c[3]})')
            elif c[0] == "FireChain":
                cs.append(f'FireChain(side: "{c[1]}", from: {c[2]}, to: {c[3]})')
            elif c[0] == "FireCorridor":
                cs.append(f'FireCorridor(side: "{c[1]}", from: {c[2]}, to: {c[3]}, width: {c[4]})')
            elif c[0] == "LosesAtMost":
                cs.append(f'LosesAtMost(side: "{c[1]}", units: {c[2]})')
            elif c[0] == "Exited":
                cs.append(f'Exited(side: "{c[1]}", edge: {c[2]}, at_least: {c[3]})')
            elif c[0] == "ExitedAtMost":
                cs.append(f'ExitedAtMost(side: "{c[1]}", edge: {c[2]}, units: {c[3]})')
        out.append(f'            (name: "{name}", winner: "{winner}", all_of: [{", ".join(cs)}]),')
    return out


def ron(s, placements, arrivals):
    out = [
        f"// {s['title']}: written by tools/make_situations.py; see README.md.",
        "#![enable(implicit_some)]",
        "#![enable(unwrap_variant_newtypes)]",
        "(",
        '    system: "panzerblitz",',
        f'    title: "{s["title"]}",',
        f'    notes: "{s["notes"]}",',
        f'    map: "maps/{s["maps"]}.map.ron",',
        '    counters: "panzerblitz.counters.ron",',
        f"    turns: {s['turns']},",
        "    sides: [",
        '        (id: "german", name: "German", nations: ["german"]),',
        '        (id: "russian", name: "Russian", nations: ["russian"]),',
        "    ],",
        f'    first: "{s["first"]}",',
        "    setup: [",
        *ron_placements(placements),
        "    ],",
        "    arrivals: [",
    ]
    for name, uids, entries in arrivals:
        units = ", ".join(f'"{u}"' for u in uids)
        entry = ", ".join(entry_ron(e) for e in entries)
        out.append(f'        (turn: 1, name: "{name}", units: [{units}], entry: [{entry}]),')
    out.append("    ],")
    if s["victory"]:
        out.append("    victory: (")
        out.append("        levels: [")
        out += victory_ron(s["victory"])
        out.append("        ],")
        out.append("    ),")
    if s.get("sets_up_first"):
        out.append(f'    rules: {{"sets_up_first": "{s["sets_up_first"]}"}},')
    out.append(")")
    return "\n".join(out) + "\n"


def main():
    tables, out = Path(sys.argv[1]), Path(sys.argv[2])
    boards = {n: make_maps.read(tables / f"board-0{n}.txt") for n in (1, 2, 3)}
    for s in situation_defs():
        pools = Pools()
        placements, arrivals = build(boards, s, pools)
        (out / f"{s['file']}.scenario.ron").write_text(ron(s, placements, arrivals))
        print(f"{s['file']}: {len(placements)} placed, {sum(len(a[1]) for a in arrivals)} arriving")


if __name__ == "__main__":
    main()
