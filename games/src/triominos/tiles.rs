//! The 56 Triominos tiles (rules §1): every multiset {a, b, c} of numbers 0..=5 exactly once, written
//! in canonical form `[a, b, c]` with a ≤ b ≤ c (the clockwise order starting at the lowest corner).

/// A tile in canonical ascending form.
pub type Tile = [u8; 3];

/// Highest number on a corner.
pub const MAX_NUMBER: u8 = 5;

/// How many tiles the box holds: C(8, 3).
pub const TILE_COUNT: usize = 56;

/// The whole set in canonical order (0-0-0, 0-0-1, ..., 5-5-5). Built at compile time from the
/// definition of §1 rather than typed out, so it cannot miss or repeat a tile.
pub const ALL_TILES: [Tile; TILE_COUNT] = all_tiles();

const fn all_tiles() -> [Tile; TILE_COUNT] {
    let mut out = [[0u8; 3]; TILE_COUNT];
    let mut i = 0;
    let mut a = 0;
    while a <= MAX_NUMBER {
        let mut b = a;
        while b <= MAX_NUMBER {
            let mut c = b;
            while c <= MAX_NUMBER {
                out[i] = [a, b, c];
                i += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// Points a tile is worth: the sum of its corners.
pub fn value(t: &Tile) -> i64 {
    t.iter().map(|&n| i64::from(n)).sum()
}

/// Whether all three corners carry the same number.
pub fn is_triple(t: &Tile) -> bool {
    t[0] == t[1] && t[1] == t[2]
}

/// The distinct rotations of a tile: a triple looks the same in all three.
pub fn rotations(t: &Tile) -> std::ops::Range<u8> {
    if is_triple(t) {
        0..1
    } else {
        0..3
    }
}

/// The numbers a tile writes onto a cell's clockwise vertex list with rotation `k` (§2.1): the
/// cyclic shift of `[a, b, c]` by k.
pub fn corners(t: &Tile, k: u8) -> [u8; 3] {
    let k = usize::from(k % 3);
    [t[k], t[(k + 1) % 3], t[(k + 2) % 3]]
}

/// Sum of the values of a rack.
pub fn rack_value(rack: &[Tile]) -> i64 {
    rack.iter().map(value).sum()
}
