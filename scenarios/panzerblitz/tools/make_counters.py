#!/usr/bin/env python3
"""Writes the PanzerBlitz counter set `panzerblitz.counters.ron`: one entry per printed
counter, identified by nation letter and Program Identity Code (G/951), with the values
of the counter type. Run from this folder:

    python3 make_counters.py ../panzerblitz.counters.ron

The PIC ranges are those of the Unit Identification Table; the values (AF, class, RF,
DF, MF) are the transcribed unit data. Counters a situation needs beyond the printed
mix are written as supplements (`supplement: true`, PIC 0, id nation/TYPE-n); see
../README.md for each.
"""

import sys

# (key, designation, type, attack, class, range, defense, movement, pics, extra attrs)
# pics: a list of PIC numbers, or ("S", n) for n supplement counters.


def span(a, b):
    return list(range(a, b + 1))


GERMAN = [
    # Towed guns, mortars (two-digit codes)
    ("20mm-aa", "20mm AA", "gun", 4, "H", 10, 1, 0, span(51, 52)),
    ("20mm4-aa", "20mm Quad AA", "gun", 14, "H", 10, 1, 0, span(53, 54)),
    ("50mm-at", "50mm AT", "gun", 8, "A", 5, 3, 0, span(21, 22)),
    ("75mm-at", "75mm AT", "gun", 13, "A", 6, 2, 0, span(31, 33)),
    ("88mm-at", "88mm", "gun", 20, "A", 20, 1, 0, span(41, 42)),
    ("75mm-ig", "75mm Inf. How.", "gun", 2, "H", 12, 2, 0, span(61, 64)),
    ("150mm-ig", "150mm Inf. How.", "gun", 20, "H", 12, 2, 0, span(71, 72)),
    ("81mm-mortar", "81mm Mortar", "gun", 3, "M", 12, 3, 1, span(81, 84)),
    ("120mm-mortar", "120mm Mortar", "gun", 15, "M", 20, 2, 0, span(91, 94)),
    ("105mm-how", "105mm How.", "gun", 40, "H", 32, 2, 0, ("S", 3)),
    ("150mm-how", "150mm How.", "gun", 60, "H", 36, 2, 0, ("S", 2)),
    # Infantry
    ("engineer", "Engineer Platoon", "engineer", 3, "I", 4, 10, 1, span(111, 113)),
    ("security", "Security Platoon", "infantry", 2, "I", 4, 5, 1, span(121, 123)),
    ("rifle", "Rifle Platoon", "infantry", 3, "I", 6, 8, 1, span(141, 149) + span(151, 159)),
    ("smg", "SMG Platoon", "infantry", 6, "I", 3, 6, 1, ("S", 2)),
    # Command posts
    ("cp", "Command Post", "cp", 0, "-", 0, 1, 0, span(201, 203)),
    # Transport
    ("wagon", "Wagon", "wagon", 0, "-", 0, 1, 3, span(411, 414)),
    ("truck", "Truck", "truck", 0, "-", 0, 1, 12, span(421, 429) + span(431, 437)),
    ("sdkfz251", "SdKfz 251", "halftrack", 2, "I", 4, 4, 10, span(441, 449) + span(451, 452)),
    # Armored cars
    ("puma", "Puma SdKfz 234/2", "armored_car", 6, "A", 5, 3, 14, [510]),
    ("sdkfz234-4", "SdKfz 234/4", "armored_car", 13, "A", 8, 3, 14, [520]),
    ("sdkfz234-1", "SdKfz 234/1", "armored_car", 2, "H", 4, 3, 16, span(531, 533)),
    # Self-propelled artillery
    ("maultier", "Maultier", "spa", 50, "H", 12, 4, 10, [610], {"no_intensive": True}),
    ("wespe", "Wespe", "spa", 40, "H", 32, 5, 8, span(621, 623)),
    ("hummel", "Hummel", "spa", 60, "H", 24, 6, 8, span(631, 632)),
    # Self-propelled guns
    ("grille", "Grille (SIG 33/1)", "sp_gun", 10, "H", 12, 5, 6, [710]),
    ("wirbelwind", "Wirbelwind", "sp_gun", 14, "H", 10, 6, 8, span(721, 722)),
    ("stuh42", "StuH 42", "sp_gun", 14, "H", 12, 12, 8, [730]),
    # Tank destroyers and assault guns
    ("marder3", "Marder III", "tank_destroyer", 12, "A", 8, 7, 8, span(811, 812)),
    ("stug3", "StuG III", "tank_destroyer", 12, "A", 8, 9, 8, span(821, 824)),
    ("hetzer", "Hetzer", "tank_destroyer", 12, "A", 8, 12, 6, span(831, 832)),
    ("jgdpz4", "JgdPz IV", "tank_destroyer", 16, "A", 12, 11, 8, [840]),
    ("nashorn", "Nashorn", "tank_destroyer", 20, "A", 20, 6, 8, [850]),
    ("jgdpz5", "JgdPz V (Jagdpanther)", "tank_destroyer", 20, "A", 12, 15, 9, span(861, 862)),
    ("jgdpz6", "JgdPz VI (Jagdtiger)", "tank_destroyer", 22, "A", 12, 18, 5, [870]),
    # Tanks
    ("lynx", "Lynx PzKw II L", "tank", 2, "A", 4, 6, 10, [910]),
    ("pz3g", "PzKw III G", "tank", 8, "A", 3, 3, 8, ("S", 5)),
    ("pz4", "PzKw IV", "tank", 14, "A", 8, 8, 8, span(931, 939) + span(941, 943)),
    ("panther", "Panther", "tank", 16, "A", 12, 12, 10, span(951, 959) + span(961, 963)),
    ("tiger1", "Tiger I", "tank", 15, "A", 12, 12, 8, span(971, 972)),
    ("tiger2", "Tiger II", "tank", 20, "A", 12, 16, 6, span(981, 982)),
    # Positional defenses and markers
    ("fort", "Fortification", "fort", 0, "-", 0, 40, 0, span(1111, 1118)),
    ("block", "Block", "block", 0, "-", 0, 0, 0, ("M", 8)),
    ("mines", "Minefield", "mines", 2, "-", 0, 0, 0, ("M", 11)),
]

RUSSIAN = [
    ("12.7mm-mg", "12.7mm AA MG", "gun", 6, "I", 6, 2, 0, span(1, 2)),
    ("45mm-at", "45mm AT", "gun", 7, "A", 3, 3, 0, span(11, 14)),
    ("57mm-at", "57mm AT", "gun", 9, "A", 4, 3, 0, span(21, 22)),
    ("76.2mm-at", "76.2mm AT", "gun", 12, "A", 6, 2, 0, span(31, 36)),
    ("76.2mm-how", "76.2mm How.", "gun", 3, "H", 10, 2, 0, span(61, 62)),
    ("122mm-how", "122mm How.", "gun", 40, "H", 20, 1, 0, span(71, 72)),
    ("122mm-how-x", "122mm How.", "gun", 40, "H", 20, 1, 0, ("S", 3)),
    ("82mm-mortar-mot", "82mm Mortar (motorized)", "gun", 2, "M", 12, 3, 1, span(81, 83)),
    ("82mm-mortar", "82mm Mortar", "gun", 3, "M", 12, 3, 1, span(84, 89)),
    ("120mm-mortar", "120mm Mortar", "gun", 24, "M", 20, 2, 0, span(91, 93)),
    ("engineer", "Engineer Company", "engineer", 3, "I", 2, 8, 1, span(111, 112)),
    ("recon", "Recon Company", "infantry", 3, "I", 1, 4, 1, span(131, 135)),
    ("rifle", "Rifle Company", "infantry", 5, "I", 4, 16, 1, span(141, 149) + span(151, 159)),
    ("guards", "Guards Company", "infantry", 6, "I", 5, 18, 1, span(161, 169) + [171], {"guards": True}),
    ("smg", "SMG Company", "infantry", 8, "I", 1, 12, 1, span(181, 186)),
    ("cp", "Command Post", "cp", 0, "-", 0, 1, 0, span(201, 202)),
    ("cavalry", "Cavalry Squadron", "cavalry", 10, "I", 3, 8, 3, span(301, 304)),
    ("wagon", "Wagon", "wagon", 0, "-", 0, 1, 3, span(411, 418)),
    ("truck", "ZIS-5 Truck", "truck", 0, "-", 0, 1, 12, span(421, 429) + span(431, 438)),
    ("halftrack", "M-2 Halftrack", "halftrack", 2, "I", 1, 2, 10, span(441, 446)),
    ("su152", "SU-152", "sp_gun", 40, "H", 10, 9, 7, span(741, 742)),
    ("su76", "SU-76", "tank_destroyer", 12, "A", 5, 8, 9, span(811, 812)),
    ("su85", "SU-85", "tank_destroyer", 14, "A", 8, 9, 11, span(821, 822)),
    ("su100", "SU-100", "tank_destroyer", 16, "A", 8, 11, 8, span(841, 842)),
    ("jsu122", "JSU-122", "tank_destroyer", 17, "A", 10, 11, 7, span(851, 852)),
    ("kv85", "KV-85", "tank", 15, "A", 8, 13, 10, span(921, 922)),
    ("t34c", "T-34 C", "tank", 12, "A", 6, 9, 11, span(931, 939) + span(941, 943)),
    ("t34c-x", "T-34 C", "tank", 12, "A", 6, 9, 11, ("S", 6)),
    ("t34-85", "T-34/85", "tank", 15, "A", 8, 10, 11, span(951, 956)),
    ("js2", "JS-II", "tank", 18, "A", 8, 12, 8, span(971, 972)),
    ("js3", "JS-III", "tank", 18, "A", 12, 19, 8, span(981, 982)),
    ("fort", "Fortification", "fort", 0, "-", 0, 50, 0, span(1121, 1128)),
    ("block", "Block", "block", 0, "-", 0, 0, 0, ("M", 6)),
    ("mines", "Minefield", "mines", 2, "-", 0, 0, 0, ("M", 10)),
]

NATIONS = [("german", "G", "German", "#8f9aa0", "#101010", GERMAN),
           ("russian", "R", "Russian", "#b9894a", "#101010", RUSSIAN)]

# Type key -> the unit ids of its counters, for the situation generator.
def counters():
    out = []
    for nation, letter, _, _, _, table in NATIONS:
        for row in table:
            key, name, kind, af, cls, rf, df, mf, pics = row[:9]
            extra = row[9] if len(row) > 9 else {}
            if isinstance(pics, tuple):
                tag, n = pics
                tag_name = key.upper().removesuffix("-X")
                ids = [(f"{letter}/{tag_name}-{i}", 0, f"{name} {i}") for i in range(1, n + 1)]
                supplement = tag == "S"
            else:
                ids = [(f"{letter}/{p}", p, f"{name} {p}") for p in pics]
                supplement = False
            for uid, pic, designation in ids:
                attrs = {"pic": pic, "type": kind, "attack": af, "class": cls, "range": rf,
                         "defense": df, "movement": mf}
                attrs.update(extra)
                if supplement:
                    attrs["supplement"] = True
                out.append((nation, key, uid, designation, attrs))
    return out


def value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    return f'"{v}"'


def ron():
    lines = [
        "// PanzerBlitz (Avalon Hill, 1970): the counter set, one entry a printed counter",
        "// (nation letter and Program Identity Code), written by tools/make_counters.py;",
        "// see README.md for the sources and the supplements.",
        "(",
        '    system: "panzerblitz",',
        '    name: "PanzerBlitz counters",',
        '    notes: "German platoons and Russian companies of the 1970 counter sheets, by PIC (G/951 is the first Panther), plus the supplements some situations call for (supplement: true).",',
        "    nations: [",
    ]
    for nation, _, name, colour, text, _ in NATIONS:
        lines.append(f'        (id: "{nation}", name: "{name}", colour: "{colour}", text_colour: "{text}"),')
    lines.append("    ],")
    lines.append("    units: [")
    for nation, _, uid, designation, attrs in counters():
        a = ", ".join(f'"{k}": {value(v)}' for k, v in attrs.items())
        lines.append(f'        (id: "{uid}", designation: "{designation}", nation: "{nation}", attrs: {{{a}}}),')
    lines.append("    ],")
    lines.append(")")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    with open(sys.argv[1], "w") as f:
        f.write(ron())
