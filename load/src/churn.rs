//! `churn`: W workers, each in a loop: connect, authenticate, join its own waiting room (a seat, or
//! as a spectator), leave it, disconnect. Cycles/s and the latency of each step. With several
//! nodes, worker `k` creates its room through node `k` and its `c`th cycle connects through node
//! `k + c`: connections spread round-robin, and most joins reach the room through another node.

use futures_util::SinkExt;
use serde_json::{json, Map};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::client::{self, Player, Rest, ServerError, Ws};
use crate::report::{Recorder, Summary};
use crate::{Error, Nodes};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum JoinAs {
    /// Take the free seat of a waiting room (stored), and give it up on leaving.
    Player,
    /// Watch (nothing stored).
    Spectator,
}

#[derive(Debug, Clone, clap::Args)]
pub struct ChurnArgs {
    /// Workers cycling at once, each with its own room.
    #[arg(long, default_value_t = 8)]
    pub concurrency: usize,
    /// Seconds to run.
    #[arg(long, default_value_t = 10.0)]
    pub duration: f64,
    /// Stop after this many cycles in all (default: run for the whole duration).
    #[arg(long)]
    pub cycles: Option<u64>,
    /// How a worker joins its room.
    #[arg(long = "as", value_enum, default_value_t = JoinAs::Player)]
    pub join_as: JoinAs,
}

pub async fn run(
    nodes: &Nodes,
    args: &ChurnArgs,
    recorder: &Arc<Recorder>,
) -> Result<Summary, Error> {
    let workers = args.concurrency.max(1);
    let players =
        crate::idle::create_players(&Rest::new(nodes.at(0)), workers * 2, recorder).await?;
    let mut rooms = Vec::with_capacity(workers);
    for (k, host) in players.iter().take(workers).enumerate() {
        rooms.push(
            Rest::new(nodes.at(k))
                .new_room(host, "abalone", 2, &serde_json::Value::Null)
                .await?,
        );
    }
    recorder.start_measuring();
    let deadline = Instant::now() + crate::seconds(args.duration);
    let mut tasks = Vec::new();
    for (k, (guest, room)) in players[workers..].iter().cloned().zip(rooms).enumerate() {
        let recorder = recorder.clone();
        let (join_as, limit) = (args.join_as, args.cycles);
        let nodes = nodes.clone();
        tasks.push(tokio::spawn(async move {
            let mut c = k;
            while Instant::now() < deadline && limit.is_none_or(|n| recorder.counter("cycles") < n)
            {
                c += 1;
                let addr = nodes.at(c);
                if let Err((step, e)) = cycle(addr, &guest, &room, join_as, &recorder).await {
                    recorder.error(&client::error_code(&e, step));
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
    recorder.stop_measuring();
    let mut extra = Map::new();
    extra.insert("workers".into(), json!(workers));
    extra.insert(
        "join_as".into(),
        json!(match args.join_as {
            JoinAs::Player => "player",
            JoinAs::Spectator => "spectator",
        }),
    );
    Ok(recorder.summary("churn", &nodes.to_string(), extra))
}

/// One cycle: connect + auth, join, leave, close. An error names the step that failed.
async fn cycle(
    addr: SocketAddr,
    guest: &Player,
    room: &str,
    join_as: JoinAs,
    recorder: &Recorder,
) -> Result<(), (&'static str, Error)> {
    let started = Instant::now();
    let mut ws = client::login(addr, None, &guest.token)
        .await
        .map_err(|e| ("connect", e))?;
    recorder.latency("connect_auth", started.elapsed());
    let role = match join_as {
        JoinAs::Player => "player",
        JoinAs::Spectator => "spectator",
    };
    let t = Instant::now();
    let join = json!({"type": "join", "room": room, "as": role});
    request(&mut ws, join, room)
        .await
        .map_err(|e| ("join", e))?;
    recorder.latency("join", t.elapsed());
    let t = Instant::now();
    request(&mut ws, json!({"type": "leave", "room": room}), room)
        .await
        .map_err(|e| ("leave", e))?;
    recorder.latency("leave", t.elapsed());
    let t = Instant::now();
    ws.close(None).await.map_err(|e| ("close", e.into()))?;
    // Wait for the server's close answer: the stream ends with it (or errs once closed).
    while let Ok(Some(_)) = client::next_frame(&mut ws).await {}
    recorder.latency("close", t.elapsed());
    recorder.latency("cycle", started.elapsed());
    recorder.count("cycles", 1);
    Ok(())
}

/// Sends a room frame and waits for the `room` frame that answers it (or its error).
async fn request(ws: &mut Ws, frame: serde_json::Value, room: &str) -> Result<(), Error> {
    ws.send(client::text(&frame)).await?;
    loop {
        match client::next_frame(ws).await? {
            Some(f) if f["type"] == "room" && f["room"]["code"] == room => return Ok(()),
            Some(f) if f["type"] == "error" => {
                return Err(ServerError(f["code"].as_str().unwrap_or("error").into()).into())
            }
            Some(_) => {}
            None => return Err("connection closed".into()),
        }
    }
}
