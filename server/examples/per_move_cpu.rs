//! The server's CPU work for one move, without sockets or store, in a form that instruction counters
//! can measure whatever else runs on the machine (`valgrind --tool=callgrind`): random Abalone
//! matches (2 players, fixed seeds; another game with `--game ID`) played the way the room plays
//! them. For each move: the move JSON as a client sends it (an element of `you.legal`) is parsed
//! and played on a copy of the match, each watched viewer's view is built, and its patch frame
//! from the view held is serialised, as in `Room::engine_turn` and `Room::broadcast_version`; the
//! ack frame is serialised too.
//!
//! ```sh
//! cargo build --release -p plateau --example per_move_cpu
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \
//!     target/release/examples/per_move_cpu [MOVES] [--spectators] [--game ID]
//! callgrind_annotate /tmp/cg.out | head -40
//! ```
//!
//! It prints the moves played; the server's instructions per move = (the total `Ir` less the
//! inclusive `Ir` of `client_pick`, the client's share) / moves (the setup of each match is counted
//! in, a small share over long matches). `--spectators` adds a spectator view. `--short`: the seats
//! asked for their legal moves in the game's short notation (`docs/protocol.md`, "Short
//! notation"), and send their moves in it.

use mimalloc::MiMalloc;
use plateau::views::{events_for, write_events, HeldView, LegalForms, Moment, RecipientView};
use plateau_games::{registry, Viewer};
use plateau_protocol::ws::{LegalForm, ServerFrame};
use plateau_protocol::RoomStatus;
use rand::{Rng, SeedableRng};
use serde_json::Value;

#[global_allocator]
static GLOBAL: MiMalloc = MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let moves: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(20_000);
    let spectators = args.iter().any(|a| a == "--spectators");
    let short = args.iter().any(|a| a == "--short");
    let form = if short {
        LegalForm::Short
    } else {
        LegalForm::Full
    };
    let forms = LegalForms::of(form);
    let mut viewers = vec![Viewer::Seat(0), Viewer::Seat(1)];
    if spectators {
        viewers.push(Viewer::Spectator);
    }
    let game = args
        .iter()
        .position(|a| a == "--game")
        .and_then(|i| args.get(i + 1))
        .map_or("abalone", String::as_str);
    let entry = registry::find(game).expect("a registered game");
    let game = entry.info().id;
    let options = entry.validate(2, &Value::Null).expect("options");
    let mut pick = rand::rngs::StdRng::seed_from_u64(7);
    let (mut played_total, mut bytes, mut seed) = (0u64, 0usize, 0u8);
    while played_total < moves {
        seed = seed.wrapping_add(1);
        let mut m = entry.start(&options, 2, [seed; 32]).expect("setup");
        m.limit_plies(300);
        let mut version = 1;
        // The views as the clients hold them (the client picks its move from its own), and as
        // the room holds them.
        let mut sent: Vec<RecipientView> = RecipientView::build_each(
            &*m,
            viewers.iter().map(|v| (*v, forms)),
            &moment(game, version),
        )
        .into_iter()
        .map(|(_, view)| view)
        .collect();
        let mut held: Vec<HeldView> = sent.iter().map(RecipientView::hold).collect();
        while played_total < moves {
            let Some(&seat) = m.to_act().first() else {
                break;
            };
            let mv = client_pick(&sent[seat], form, &mut pick);
            let mut next = m.box_clone();
            let played = next.play(seat, &mv).expect("legal");
            version += 1;
            let status = if next.outcome().is_some() {
                RoomStatus::Finished
            } else {
                RoomStatus::Playing
            };
            let at = Moment {
                status,
                ..moment(game, version)
            };
            let written = write_events(&played.events);
            // Every watched viewer's view, built as the room builds them (`build_views`).
            let views = RecipientView::build_each(&*next, viewers.iter().map(|v| (*v, forms)), &at);
            for (i, ((viewer, view), before)) in views.into_iter().zip(held.iter_mut()).enumerate()
            {
                let events = events_for(&written, viewer);
                bytes += before
                    .patch_frame(
                        &view,
                        "BENCHROOM",
                        (version - 1, version),
                        &events,
                        None,
                        form,
                    )
                    .len();
                *before = view.hold();
                sent[i] = view;
            }
            bytes += serde_json::to_string(&ServerFrame::Ack {
                id: format!("m{played_total}"),
                version,
                room: "BENCHROOM".into(),
            })
            .expect("ack")
            .len();
            m = next;
            played_total += 1;
        }
    }
    println!("{played_total} moves, {bytes} bytes of frames, {seed} matches");
}

/// The client's move: one element of `you.legal` in the view the seat to act holds. Not the
/// server's work: subtract this function's inclusive cost (`callgrind_annotate --inclusive=yes`).
#[inline(never)]
fn client_pick(view: &RecipientView, form: LegalForm, pick: &mut rand::rngs::StdRng) -> Value {
    let mut view = view.full_in(form);
    let legal = view["you"]["legal"]
        .as_array_mut()
        .expect("the seat to act has moves");
    let n = pick.random_range(0..legal.len());
    legal.swap_remove(n)
}

fn moment(game: &'static str, version: u64) -> Moment {
    Moment {
        game,
        version,
        ply: version - 1,
        status: RoomStatus::Playing,
        result: None,
        clock: None,
        played_by_server: Vec::new(),
    }
}
