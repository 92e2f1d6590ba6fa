//! Shared help for [`crate::Game::determinize`]: redealing what a seat cannot see.

use rand::seq::SliceRandom;

use crate::engine::GameRng;

/// Gathers the items of `hands`, shuffles them and deals them back, each hand keeping its size.
/// What a seat knows of hidden hands is often only their sizes (others' racks, the pile): this
/// draws uniformly among the deals consistent with that. The items are sorted before the shuffle, so
/// the deal depends only on which items the hands hold together, never on who held which: two
/// states a seat cannot tell apart give the same deal for the same `rng`. Hands keep their order
/// convention only if the caller sorts them again.
pub fn redeal<T: Ord>(hands: &mut [&mut Vec<T>], rng: &mut GameRng) {
    let sizes: Vec<usize> = hands.iter().map(|h| h.len()).collect();
    let mut all: Vec<T> = hands.iter_mut().flat_map(|h| h.drain(..)).collect();
    all.sort();
    all.shuffle(rng);
    let mut rest = all.into_iter();
    for (hand, size) in hands.iter_mut().zip(sizes) {
        hand.extend(rest.by_ref().take(size));
    }
}
