//! How central a seat's marbles stand, for a search bot's evaluation ([`crate::BotHints::evaluate`]).

use super::rules::Pos;

/// The mean distance (in steps) from the centre E5 of `seat`'s marbles on the board (4 if none).
pub(super) fn mean_centre_distance(pos: &Pos, seat: u8) -> f64 {
    let (mut sum, mut n) = (0u32, 0u32);
    for (c, &o) in pos.cells.iter().enumerate() {
        if o == seat + 1 {
            let (i, num) = super::board::COORDS[c];
            let (di, dn) = (i32::from(i) - 4, i32::from(num) - 5);
            // Hex distance on these axes (steps (0,1), (1,1), (1,0)).
            sum += if di * dn >= 0 {
                di.abs().max(dn.abs())
            } else {
                di.abs() + dn.abs()
            } as u32;
            n += 1;
        }
    }
    if n == 0 {
        4.0
    } else {
        f64::from(sum) / f64::from(n)
    }
}
