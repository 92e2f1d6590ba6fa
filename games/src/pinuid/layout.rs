//! Board size and start layouts as data (rules §1, §3). Both the size and the Classic layout are
//! reconstructions: a corrected diagram changes this file only, never the rules code.

/// Squares per side (§1, resolution P1). Notation assumes at most 9 ranks ("a1".."h8").
pub const SIZE: usize = 8;

/// Pinuid Classic (§3.1, RECONSTRUCTION): seat 0 is White (rank 1), seat 1 is Black (rank 8).
pub const CLASSIC: [&[&str]; 2] = [
    &["a1", "b1", "d1", "e1", "g1", "h1", "c2", "f2"],
    &["a8", "b8", "d8", "e8", "g8", "h8", "c7", "f7"],
];

/// Classic back row (§2.4) per seat, as a rank index (0 = rank 1): where re-entries go.
pub const CLASSIC_BACK_ROW: [usize; 2] = [0, SIZE - 1];

/// Pinuid Quatro (§3.2): colours P1..P4 clockwise from the SW corner (SW, NW, NE, SE). Seat `i`
/// plays colour `i`.
pub const QUATRO: [&[&str]; 4] = [
    &["a1", "b2", "c3", "h2", "h3", "b8", "c8"],
    &["a8", "b7", "c6", "h7", "h6", "b1", "c1"],
    &["h8", "g7", "f6", "a7", "a6", "g1", "f1"],
    &["h1", "g2", "f3", "a2", "a3", "g8", "f8"],
];

/// With 3 players, the colour whose pieces are taken off after setup (§3.2: server default P4).
/// The 3 seats then play the other colours in clockwise order.
pub const QUATRO_THREE_PLAYER_DROPPED: usize = 3;
