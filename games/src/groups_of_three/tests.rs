//! Tests of Groups-of-Three.
use crate::testing::check_contract;
use serde_json::json;

#[test]
fn scratch_lengths() {
    for opt in [json!({}), json!({"must_use_all_moves": false})] {
    for players in 2..=4 {
        let t = std::time::Instant::now();
        let p = check_contract("groups-of-three", players, opt.clone(), 12, 20_000, &[]);
        eprintln!("{opt} {players}p: finished {} plies {} in {:?}", p.finished, p.plies, t.elapsed());
    }
    }
}
