//! The map compiled for the rules: dense hex indices, neighbours, per-hex terrain
//! costs for every movement class, per-edge crossing costs, roads, rivers and
//! fortification lines, combat CMs. Built once per game; queries are array lookups.

use hexx::Hex;

use sztab_core::hex::{Dir, Grid, HexId, Hexside, MapEdge};
use sztab_core::model::{
    Cost, Costs, FieldFortification, HexsideRole, Map, MovementClass, Mp, TerrainCatalogue, UnitDef,
};

/// Dense index of a board hex (`Grid::index`).
pub type Hx = usize;

const NONE: u32 = u32::MAX;

/// The column of the terrain table a unit moves by (R1.3, R9.1.2, §5.1).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Mover {
    Trucked,
    Mechanized,
    Foot,
    /// HQs move as trucked but enter swamp and mountain for 5 MP (R9.1.3).
    Hq,
    /// Never moves (resilience groups, R15.2.1).
    Static,
}

impl Mover {
    pub fn of(def: &UnitDef) -> Mover {
        if def.is_hq() {
            return Mover::Hq;
        }
        match def.movement {
            MovementClass::Trucked => Mover::Trucked,
            MovementClass::Mechanized => Mover::Mechanized,
            MovementClass::Foot => Mover::Foot,
            MovementClass::Static => Mover::Static,
        }
    }

    /// Column of the cost arrays; `None` for static units.
    pub fn column(self) -> Option<usize> {
        match self {
            Mover::Trucked => Some(0),
            Mover::Mechanized => Some(1),
            Mover::Foot => Some(2),
            Mover::Hq => Some(3),
            Mover::Static => None,
        }
    }

    /// Trucked and mechanized units are motorized (R4.1.4).
    pub fn is_motorized(self) -> bool {
        matches!(self, Mover::Trucked | Mover::Mechanized | Mover::Hq)
    }
}

const COLUMNS: [(MovementClass, bool); 4] = [
    (MovementClass::Trucked, false),
    (MovementClass::Mechanized, false),
    (MovementClass::Foot, false),
    (MovementClass::Trucked, true),
];

fn per_column(costs: &Costs) -> [Cost; 4] {
    COLUMNS.map(|(class, hq)| costs.get(class, hq))
}

/// Entering a hex: the base terrain, then its features. A feature that `Set`s a cost
/// replaces everything else of the hex (an HQ in swamp pays 5 flat, R9.1.3, A-78);
/// otherwise base + additive features (R3.1.12).
fn enter_cost(base: Cost, features: &[Cost]) -> Option<Mp> {
    if base.is_impassable() || features.iter().any(|c| c.is_impassable()) {
        return None;
    }
    let set = features
        .iter()
        .filter_map(|c| match c {
            Cost::Set(v) => Some(*v),
            _ => None,
        })
        .max();
    if let Some(v) = set {
        return Some(v);
    }
    let base = match base {
        Cost::Set(v) | Cost::Add(v) => v,
        Cost::Impassable => return None,
    };
    Some(
        base + features
            .iter()
            .map(|c| match c {
                Cost::Add(v) => *v,
                _ => Mp::ZERO,
            })
            .sum(),
    )
}

/// A road kind as the rules use it.
#[derive(Clone, Debug)]
pub struct RoadInfo {
    pub id: String,
    /// Cost of one hex along the road per column (`None`: the road does not help).
    pub cost: [Option<Mp>; 4],
    /// Columns that get the extra hex when their whole move is along this road.
    pub extra_hex: [bool; 4],
}

/// A hexside kind as the rules use it.
#[derive(Clone, Debug)]
pub struct SideKindInfo {
    pub id: String,
    pub name: String,
    pub role: HexsideRole,
    pub cm: i8,
}

/// Everything on the edge between two hexes. Edge 0 is the plain edge.
#[derive(Clone, Debug)]
pub struct EdgeInfo {
    pub hexside: Option<Hexside>,
    /// Crossing cost per column, summed over the features; `None`: impassable.
    pub cross: [Option<Mp>; 4],
    /// A usable road connection (a destroyed bridge cuts it).
    pub road: Option<usize>,
    /// A big river runs along the edge (R4.1.3, R5.3.5, R5.4.8, R15.1.8).
    pub big_river: bool,
    /// Water and big-river kinds on the edge, with their defender CM (R5.5.4).
    pub water: Vec<usize>,
    /// Every hexside kind on the edge (for scenario crossing restrictions).
    pub kinds: Vec<usize>,
    /// A Fixed Position line and the hex it protects (R7.2).
    pub fp: Option<(Hx, i8)>,
    /// A Soviet Fortified Line and the hex it protects (R19).
    pub fl: Option<(Hx, i8)>,
    /// The bridge of this edge (`Board::bridges`): a road over water, or a big river a
    /// headquarters may bridge (R14).
    pub bridge: Option<usize>,
    /// The Fixed Position group of the edge's FP line (R7.2.3).
    pub fp_group: Option<String>,
}

impl EdgeInfo {
    /// An edge with nothing on it: free to cross.
    pub fn plain() -> Self {
        EdgeInfo {
            hexside: None,
            cross: [Some(Mp::ZERO); 4],
            road: None,
            big_river: false,
            water: Vec::new(),
            kinds: Vec::new(),
            fp: None,
            fl: None,
            bridge: None,
            fp_group: None,
        }
    }
}

/// A bridge site (R14): a printed bridge (a road over a river, stream or big river), or
/// a big-river hexside without one, where a headquarters may build one (R14.3.2).
#[derive(Clone, Debug)]
pub struct BridgeInfo {
    pub side: Hexside,
    pub ends: (Hx, Hx),
    /// Across a big river (demolition 3 MP, building by an HQ, R14.3).
    pub big: bool,
    /// A printed bridge: it may be rebuilt (R14.2.3) and carries its road.
    pub printed: bool,
}

/// The compiled map.
#[derive(Clone, Debug)]
pub struct Board {
    pub grid: Grid,
    ids: Vec<HexId>,
    axial: Vec<Hex>,
    nbr: Vec<[u32; 6]>,
    edge_of: Vec<[u32; 6]>,
    pub edges: Vec<EdgeInfo>,
    enter: Vec<[Option<Mp>; 4]>,
    /// Defender CM of the hex itself: base terrain + features (R5.5.1-5.5.2).
    pub terrain_cm: Vec<i8>,
    /// Town or city hex (FF value R20.1.1, VP "other town hexes").
    pub urban: Vec<bool>,
    /// No field fortification may stand here (swamp, R7.1.8).
    pub no_ff: Vec<bool>,
    /// The hex is on the protected side of a Fixed Position line (R7.2).
    pub fp_hex: Vec<bool>,
    /// The hex is on the protected side of a Fortified Line (R19).
    pub fl_hex: Vec<bool>,
    /// Map edges each hex lies on.
    pub map_edges: Vec<Vec<MapEdge>>,
    /// The map file gives this hex a terrain (M04: sheets with gaps between them).
    pub defined: Vec<bool>,
    pub roads: Vec<RoadInfo>,
    pub side_kinds: Vec<SideKindInfo>,
    pub field_fortification: FieldFortification,
    pub places: Vec<(String, Vec<Hx>)>,
    pub bridges: Vec<BridgeInfo>,
    /// Which bridges stand at the start (the scenario's destroyed bridges are down).
    pub bridges_at_start: Vec<bool>,
    /// Every step's cost per hex, direction and column where no bridge decides it:
    /// the movement, threat and supply searches take millions of steps a game.
    steps: Vec<[[PlainStep; 4]; 6]>,
}

/// A step whose cost does not depend on which bridges stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PlainStep {
    /// Off the map or impassable for the column.
    Blocked,
    /// The cost and the road followed (`NO_ROAD`: none).
    Cost(Mp, u32),
    /// A bridge stands on the edge: its cost depends on whether it is up.
    Bridged,
}

const NO_ROAD: u32 = u32::MAX;

impl Board {
    /// Compiles a map whose references have been checked; unknown kinds count as plain.
    pub fn new(map: &Map, cat: &TerrainCatalogue, destroyed_bridges: &[Hexside]) -> Board {
        let grid = map.grid;
        let n = grid.len();
        let ids: Vec<HexId> = (0..n).filter_map(|i| grid.id_at(i)).collect();
        let axial = ids.iter().map(|&id| grid.axial(id)).collect();
        let nbr = ids
            .iter()
            .map(|&id| {
                Dir::ALL.map(|d| {
                    grid.neighbour(id, d)
                        .and_then(|x| grid.index(x))
                        .map_or(NONE, |i| i as u32)
                })
            })
            .collect();
        let roads: Vec<RoadInfo> = cat
            .roads
            .iter()
            .map(|r| RoadInfo {
                id: r.id.to_string(),
                cost: per_column(&r.movement.unwrap_or_else(Costs::free)).map(|c| match c {
                    Cost::Set(v) | Cost::Add(v) => Some(v),
                    Cost::Impassable => None,
                }),
                extra_hex: COLUMNS.map(|(class, _)| r.extra_hex.contains(&class)),
            })
            .collect();
        let side_kinds: Vec<SideKindInfo> = cat
            .hexsides
            .iter()
            .map(|k| SideKindInfo {
                id: k.id.to_string(),
                name: k.name.clone(),
                role: k.role,
                cm: k.combat_cm,
            })
            .collect();
        let mut board = Board {
            grid,
            ids,
            axial,
            nbr,
            edge_of: vec![[0; 6]; n],
            edges: vec![EdgeInfo::plain()],
            enter: vec![[None; 4]; n],
            terrain_cm: vec![0; n],
            urban: vec![false; n],
            no_ff: vec![false; n],
            fp_hex: vec![false; n],
            fl_hex: vec![false; n],
            map_edges: Vec::with_capacity(n),
            defined: vec![false; n],
            roads,
            side_kinds,
            field_fortification: cat.field_fortification.clone().unwrap_or_default(),
            places: Vec::new(),
            bridges: Vec::new(),
            bridges_at_start: Vec::new(),
            steps: Vec::new(),
        };
        board.compile_hexes(map, cat);
        board.compile_edges(map, cat, destroyed_bridges);
        board.steps = (0..n).map(|h| board.plain_steps(h)).collect();
        board.places = map
            .places
            .iter()
            .map(|p| {
                let hexes = p.hexes.iter().filter_map(|&h| board.index(h)).collect();
                (p.name.clone(), hexes)
            })
            .collect();
        board
    }

    fn compile_hexes(&mut self, map: &Map, cat: &TerrainCatalogue) {
        for h in 0..self.len() {
            let id = self.ids[h];
            self.map_edges.push(self.grid.edges_of(id));
            let Some(cell) = map.hexes.get(&id) else {
                continue;
            };
            let Some(base) = cat.terrain(cell.terrain.as_str()) else {
                continue;
            };
            self.defined[h] = true;
            let feats: Vec<_> = cell
                .features
                .iter()
                .filter_map(|f| cat.feature(f.as_str()))
                .collect();
            let base_cost = per_column(&base.movement.unwrap_or_else(Costs::free));
            let feat_cost: Vec<[Cost; 4]> = feats
                .iter()
                .map(|f| per_column(&f.movement.unwrap_or_else(Costs::free)))
                .collect();
            for c in 0..4 {
                let fc: Vec<Cost> = feat_cost.iter().map(|f| f[c]).collect();
                self.enter[h][c] = enter_cost(base_cost[c], &fc);
            }
            // Each CM is within the table's span (model::range::CM); their sum need not be.
            let cm = i32::from(base.combat_cm)
                + feats.iter().map(|f| i32::from(f.combat_cm)).sum::<i32>();
            self.terrain_cm[h] = cm.clamp(i8::MIN.into(), i8::MAX.into()) as i8;
            self.urban[h] = base.urban || feats.iter().any(|f| f.urban);
            self.no_ff[h] =
                base.no_field_fortification || feats.iter().any(|f| f.no_field_fortification);
        }
    }

    fn compile_edges(&mut self, map: &Map, cat: &TerrainCatalogue, destroyed: &[Hexside]) {
        let mut keys: Vec<Hexside> = map.hexsides.keys().copied().collect();
        keys.extend(map.roads.keys().copied());
        keys.sort();
        keys.dedup();
        for side in keys {
            let (a, b) = side.hexes();
            let (Some(ha), Some(hb)) = (self.index(a), self.index(b)) else {
                continue;
            };
            let (Some(da), Some(db)) = (self.dir_to(ha, hb), self.dir_to(hb, ha)) else {
                continue;
            };
            let mut e = EdgeInfo {
                hexside: Some(side),
                ..EdgeInfo::plain()
            };
            for f in map.hexsides.get(&side).into_iter().flatten() {
                let Some(k) = cat.hexsides.iter().position(|k| k.id == f.kind) else {
                    continue;
                };
                let kind = &cat.hexsides[k];
                e.kinds.push(k);
                for (c, cost) in per_column(&kind.crossing.unwrap_or_else(Costs::free))
                    .into_iter()
                    .enumerate()
                {
                    e.cross[c] = match (e.cross[c], cost) {
                        (Some(x), Cost::Add(v) | Cost::Set(v)) => Some(x + v),
                        _ => None,
                    };
                }
                let protects = f.protects.and_then(|p| self.index(p));
                match kind.role {
                    HexsideRole::Water => e.water.push(k),
                    HexsideRole::BigRiver => {
                        e.big_river = true;
                        e.water.push(k);
                    }
                    HexsideRole::FixedPosition => {
                        if let Some(p) = protects {
                            e.fp = Some((p, kind.combat_cm));
                            e.fp_group = f.group.clone();
                            self.fp_hex[p] = true;
                        }
                    }
                    HexsideRole::FortifiedLine => {
                        if let Some(p) = protects {
                            e.fl = Some((p, kind.combat_cm));
                            self.fl_hex[p] = true;
                        }
                    }
                    // WB-95 has no printed crossings: a road over water is the bridge
                    // (its catalogue check refuses the role, C03).
                    HexsideRole::Crossing => {}
                }
            }
            // Where kinds share a hexside, the road is the first that moves units
            // (docs/wb95: a railroad alone carries no movement in WB-95).
            e.road = map.roads.get(&side).and_then(|rs| {
                let known = || {
                    rs.iter()
                        .filter_map(|r| cat.roads.iter().position(|k| k.id == *r))
                };
                known()
                    .find(|i| cat.roads[*i].movement.is_some())
                    .or_else(|| known().next())
            });
            let printed = e.road.is_some() && !e.water.is_empty();
            if printed || e.big_river {
                e.bridge = Some(self.bridges.len());
                self.bridges.push(BridgeInfo {
                    side,
                    ends: (ha, hb),
                    big: e.big_river,
                    printed,
                });
                self.bridges_at_start
                    .push(printed && !destroyed.contains(&side));
            }
            let idx = self.edges.len() as u32;
            self.edges.push(e);
            self.edge_of[ha][da] = idx;
            self.edge_of[hb][db] = idx;
        }
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    pub fn index(&self, id: HexId) -> Option<Hx> {
        self.grid.index(id)
    }

    pub fn id(&self, h: Hx) -> HexId {
        self.ids[h]
    }

    pub fn neighbour(&self, h: Hx, dir: usize) -> Option<Hx> {
        let n = self.nbr[h][dir];
        (n != NONE).then_some(n as Hx)
    }

    /// On-board neighbours with the direction index towards each.
    pub fn neighbours(&self, h: Hx) -> impl Iterator<Item = (usize, Hx)> + '_ {
        (0..6).filter_map(move |d| self.neighbour(h, d).map(|n| (d, n)))
    }

    pub fn dir_to(&self, a: Hx, b: Hx) -> Option<usize> {
        (0..6).find(|&d| self.nbr[a][d] == b as u32)
    }

    pub fn adjacent(&self, a: Hx, b: Hx) -> bool {
        self.dir_to(a, b).is_some()
    }

    pub fn distance(&self, a: Hx, b: Hx) -> u32 {
        self.axial[a].unsigned_distance_to(self.axial[b])
    }

    /// The axial coordinates of `h` (for rings and ranges around it).
    pub fn axial_of(&self, h: Hx) -> Hex {
        self.axial[h]
    }

    /// The edge on side `dir` of `h`.
    pub fn edge(&self, h: Hx, dir: usize) -> &EdgeInfo {
        &self.edges[self.edge_of[h][dir] as usize]
    }

    /// The edge between two adjacent hexes.
    pub fn edge_between(&self, a: Hx, b: Hx) -> Option<&EdgeInfo> {
        self.dir_to(a, b).map(|d| self.edge(a, d))
    }

    /// Cost of entering `h` off-road, before hexsides (`None`: impassable).
    pub fn enter_cost(&self, h: Hx, mover: Mover) -> Option<Mp> {
        mover.column().and_then(|c| self.enter[h][c])
    }

    /// Terrain cost of the step `from` → its neighbour in `dir` (R3.1.11-3.1.12, §5.4):
    /// along a road connection the road cost replaces everything; otherwise the
    /// hex cost plus the hexside crossing. Returns the cost and the road kind used.
    pub fn step(&self, from: Hx, dir: usize, mover: Mover) -> Option<(Mp, Option<usize>)> {
        self.step_over(from, dir, mover, &self.bridges_at_start)
    }

    /// `step` with the bridges standing now (`up`, per `bridges`): a road over a downed
    /// bridge is no road (R14.1.2); a bridge an HQ built over a big river is crossed at
    /// the terrain cost of the hex entered (R14.3.2, A-85).
    pub fn step_over(
        &self,
        from: Hx,
        dir: usize,
        mover: Mover,
        up: &[bool],
    ) -> Option<(Mp, Option<usize>)> {
        let col = mover.column()?;
        match self.steps.get(from).map(|s| s[dir][col]) {
            Some(PlainStep::Blocked) => None,
            Some(PlainStep::Cost(c, road)) => Some((c, (road != NO_ROAD).then_some(road as usize))),
            Some(PlainStep::Bridged) | None => self.step_by_bridges(from, dir, col, up),
        }
    }

    /// The cost of every step from `h` that no bridge decides (see `step_by_bridges`).
    fn plain_steps(&self, h: Hx) -> [[PlainStep; 4]; 6] {
        std::array::from_fn(|dir| {
            std::array::from_fn(|col| {
                if self.neighbour(h, dir).is_some() && self.edge(h, dir).bridge.is_some() {
                    return PlainStep::Bridged;
                }
                match self.step_by_bridges(h, dir, col, &[]) {
                    None => PlainStep::Blocked,
                    Some((c, road)) => PlainStep::Cost(c, road.map_or(NO_ROAD, |r| r as u32)),
                }
            })
        })
    }

    /// `step_over` for the column `col`, computed from the terrain.
    fn step_by_bridges(
        &self,
        from: Hx,
        dir: usize,
        col: usize,
        up: &[bool],
    ) -> Option<(Mp, Option<usize>)> {
        let to = self.neighbour(from, dir)?;
        let e = self.edge(from, dir);
        let standing = e.bridge.map(|b| up.get(b).copied().unwrap_or(false));
        if let Some(r) = e.road
            && standing != Some(false)
            && let Some(c) = self.roads[r].cost[col]
        {
            return Some((c, Some(r)));
        }
        if standing == Some(true) {
            return Some((self.enter[to][col]?, None));
        }
        Some((self.enter[to][col]? + e.cross[col]?, None))
    }

    /// Does a bridge standing in `up` carry the edge on side `dir` of `h`?
    pub fn bridged(&self, h: Hx, dir: usize, up: &[bool]) -> bool {
        self.edge(h, dir)
            .bridge
            .is_some_and(|b| up.get(b).copied().unwrap_or(false))
    }

    /// The bridge between two adjacent hexes, if any.
    pub fn bridge_between(&self, a: Hx, b: Hx) -> Option<usize> {
        self.edge_between(a, b).and_then(|e| e.bridge)
    }

    /// The bridge on a hexside, if any.
    pub fn bridge_at(&self, side: Hexside) -> Option<usize> {
        let (a, b) = side.hexes();
        self.bridge_between(self.index(a)?, self.index(b)?)
    }

    /// Hexes within `range` of `h` (including `h`).
    pub fn within(&self, h: Hx, range: u32) -> impl Iterator<Item = Hx> + '_ {
        self.axial[h]
            .range(range)
            .filter_map(move |x| self.index(self.grid.id_of(x)?))
    }

    /// The cheapest way into `h` from off the map, for reinforcements (R11.1.5): by a
    /// road touching the hex if it has one, else its terrain.
    pub fn entry_cost(&self, h: Hx, mover: Mover) -> Option<Mp> {
        let col = mover.column()?;
        let road = (0..6)
            .filter_map(|d| self.edge(h, d).road)
            .filter_map(|r| self.roads[r].cost[col])
            .min();
        match (road, self.enter[h][col]) {
            (Some(r), Some(t)) => Some(r.min(t)),
            (r, t) => r.or(t),
        }
    }

    /// Is there any way for a mover into `h`: its terrain, or a road into it (P03, R02)?
    pub fn enterable(&self, h: Hx, mover: Mover) -> bool {
        self.enter_cost(h, mover).is_some()
            || (0..6).any(|d| {
                self.neighbour(h, d).is_some()
                    && self
                        .edge(h, d)
                        .road
                        .and_then(|r| mover.column().and_then(|c| self.roads[r].cost[c]))
                        .is_some()
            })
    }

    /// FF value in a hex: the edition's CM, or its urban CM in a town or city (R7.1.10,
    /// R20.1.1).
    pub fn ff_cm(&self, h: Hx) -> i8 {
        let ff = &self.field_fortification;
        match (self.urban[h], ff.urban_cm) {
            (true, Some(u)) => u,
            _ => ff.cm,
        }
    }

    pub fn place(&self, name: &str) -> Option<&[Hx]> {
        self.places
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, h)| h.as_slice())
    }

    /// Hexes of a map edge.
    pub fn edge_hexes(&self, edge: MapEdge) -> Vec<Hx> {
        (0..self.len())
            .filter(|&h| self.map_edges[h].contains(&edge))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sztab_core::model::Bundle;

    fn fixture() -> Board {
        let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/mini.scenario.ron");
        let (b, _) = Bundle::load(&path).unwrap();
        Board::new(&b.map, &b.terrain, &b.scenario.destroyed_bridges)
    }

    fn hx(b: &Board, s: &str) -> Hx {
        b.index(HexId::parse(s).unwrap()).unwrap()
    }

    /// The tabled steps are the terrain's, with every bridge up and with every bridge
    /// down (A-06, R14.1.2), on the fixture and on a full scenario map.
    #[test]
    fn a_6_tabled_steps_match_the_terrain_whichever_bridges_stand() {
        let claws = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("scenarios/kursk-1943/armored-claws.scenario.ron");
        let (c, _) = Bundle::load(&claws).unwrap();
        let boards = [
            fixture(),
            Board::new(&c.map, &c.terrain, &c.scenario.destroyed_bridges),
        ];
        let movers = [Mover::Trucked, Mover::Mechanized, Mover::Foot, Mover::Hq];
        for b in &boards {
            assert!(!b.bridges.is_empty(), "the board has bridges to test");
            for up in [vec![true; b.bridges.len()], vec![false; b.bridges.len()]] {
                for h in 0..b.len() {
                    for d in 0..6 {
                        for (col, m) in movers.into_iter().enumerate() {
                            assert_eq!(
                                b.step_over(h, d, m, &up),
                                b.step_by_bridges(h, d, col, &up),
                                "hex {} side {d} {m:?}",
                                b.id(h)
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn r3_1_12_costs_add_up_per_movement_class() {
        let b = fixture();
        // Forest over clear: mechanized 1 + 1, trucked 2 + 2, foot 1 + 1 (§5.2).
        let f = hx(&b, "1008");
        assert_eq!(b.enter_cost(f, Mover::Mechanized), Some(Mp::whole(2)));
        assert_eq!(b.enter_cost(f, Mover::Trucked), Some(Mp::whole(4)));
        assert_eq!(b.enter_cost(f, Mover::Foot), Some(Mp::whole(2)));
        // Town: foot +0.
        assert_eq!(
            b.enter_cost(hx(&b, "0102"), Mover::Foot),
            Some(Mp::whole(1))
        );
        // Swamp is closed to motorized units, 5 flat for an HQ (R9.1.3).
        let s = hx(&b, "0503");
        assert_eq!(b.enter_cost(s, Mover::Trucked), None);
        assert_eq!(b.enter_cost(s, Mover::Hq), Some(Mp::whole(5)));
        assert_eq!(b.enter_cost(s, Mover::Foot), Some(Mp::whole(3)));
        assert_eq!(b.enter_cost(hx(&b, "1303"), Mover::Static), None);
    }

    #[test]
    fn a_6_a_road_replaces_terrain_and_bridges_the_river() {
        let b = fixture();
        let (w, e) = (hx(&b, "0705"), hx(&b, "0805"));
        let d = b.dir_to(w, e).unwrap();
        let (cost, road) = b.step(w, d, Mover::Mechanized).unwrap();
        assert_eq!(cost, Mp::ratio(1, 2).unwrap());
        assert!(road.is_some());
        // Off the road the river adds 1: clear 1 + river 1.
        let (x, y) = (hx(&b, "0706"), hx(&b, "0806"));
        let d = b.dir_to(x, y).unwrap();
        assert_eq!(b.step(x, d, Mover::Mechanized), Some((Mp::whole(2), None)));
        assert!(b.fl_hex[y] && b.edge(x, d).fl == Some((y, 2)));
        assert!(!b.edge(x, d).water.is_empty());
    }
}
