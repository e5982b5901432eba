//! The rectangle of columns and rows a drawing covers, so only visible hexes are visited.

use crate::hex::{Grid, HexId, Hexside};

/// Board columns `c0..=c1` and rows `r0..=r1` (0-based offsets from the first printed
/// column and row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexWindow {
    pub c0: u16,
    pub c1: u16,
    pub r0: u16,
    pub r1: u16,
}

impl HexWindow {
    pub fn whole(grid: &Grid) -> Option<Self> {
        (!grid.is_empty()).then(|| Self {
            c0: 0,
            c1: grid.cols - 1,
            r0: 0,
            r1: grid.rows - 1,
        })
    }

    /// The hexes touching a board-unit rectangle, with one hex of margin; `None` when the
    /// rectangle misses the board.
    pub fn covering(grid: &Grid, min: [f32; 2], max: [f32; 2]) -> Option<Self> {
        // Column c is centred at x = 1.5 c; a row at y = √3 r (+ √3/2 when shifted).
        let (col, row) = (Grid::COLUMN_SPACING, Grid::ROW_SPACING);
        let c0 = (min[0] / col).floor() as i64 - 1;
        let c1 = (max[0] / col).ceil() as i64 + 1;
        let r0 = (min[1] / row).floor() as i64 - 1;
        let r1 = (max[1] / row).ceil() as i64 + 1;
        let cols = i64::from(grid.cols) - 1;
        let rows = i64::from(grid.rows) - 1;
        if grid.is_empty() || c1 < 0 || r1 < 0 || c0 > cols || r0 > rows {
            return None;
        }
        Some(Self {
            c0: c0.clamp(0, cols) as u16,
            c1: c1.clamp(0, cols) as u16,
            r0: r0.clamp(0, rows) as u16,
            r1: r1.clamp(0, rows) as u16,
        })
    }

    pub fn len(&self) -> usize {
        usize::from(self.c1 - self.c0 + 1) * usize::from(self.r1 - self.r0 + 1)
    }

    /// A window always holds at least one hex (`c0 <= c1`, `r0 <= r1`).
    pub fn is_empty(&self) -> bool {
        false
    }

    pub fn hexes<'a>(&self, grid: &'a Grid) -> impl Iterator<Item = HexId> + 'a {
        let n = grid.numbering;
        let w = *self;
        (w.c0..=w.c1).flat_map(move |c| {
            (w.r0..=w.r1).map(move |r| HexId::new(n.first_col + c, n.first_row + r))
        })
    }

    pub fn contains(&self, grid: &Grid, id: HexId) -> bool {
        let n = grid.numbering;
        let (Some(c), Some(r)) = (
            id.col.checked_sub(n.first_col),
            id.row.checked_sub(n.first_row),
        ) else {
            return false;
        };
        (self.c0..=self.c1).contains(&c) && (self.r0..=self.r1).contains(&r)
    }

    /// Hexside keys whose first hex lies in the window's columns (plus the one before):
    /// a range of the sorted map, so hexsides and roads are visited per visible column.
    pub fn hexside_range(&self, grid: &Grid) -> Option<std::ops::RangeInclusive<Hexside>> {
        let n = grid.numbering;
        let lo_col = (n.first_col + self.c0).saturating_sub(1);
        let hi_col = n.first_col + self.c1;
        let lo = Hexside::new(HexId::new(lo_col, 0), HexId::new(lo_col, 1))?;
        let hi = Hexside::new(
            HexId::new(hi_col, u16::MAX - 1),
            HexId::new(hi_col, u16::MAX),
        )?;
        Some(lo..=hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Numbering;

    #[test]
    fn a_window_covers_the_hexes_in_a_rectangle() {
        let g = Grid::new(30, 20, Numbering::default());
        let w = HexWindow::covering(&g, [10.0, 5.0], [20.0, 12.0]).unwrap();
        for id in g.iter() {
            let [x, y] = g.center(id);
            if (10.0..=20.0).contains(&x) && (5.0..=12.0).contains(&y) {
                assert!(w.contains(&g, id), "{id} missing");
            }
        }
        assert!(w.len() < 200);
        assert!(HexWindow::covering(&g, [-50.0, -50.0], [-40.0, -40.0]).is_none());
    }
}
