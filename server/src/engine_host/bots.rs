//! Where bots think: on `--bot-threads` threads of their own, off the async runtime's workers and
//! off the blocking pool that runs people's moves, at a lower scheduling priority (the server's
//! niceness plus [`BOT_NICENESS_ADDED`]), so that a thousand bot seats thinking together queue for those threads and
//! take only the CPU that people's moves leave. A search stops by its deadline (the contract: under
//! 2 seconds a move, counted from when the room asked, waiting included); a bot that waited past it
//! for a thread plays the best move one ply ahead by the game's evaluation.

use plateau_bots::BotLevel as EngineLevel;
use plateau_games::{Match, Seat};
use plateau_protocol::ws::BotLevel;
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// The longest a bot's move may take from the room's request to its answer.
const THINK_LIMIT: Duration = Duration::from_millis(1_800);

/// How much nicer than the server's other threads the bot threads are (niceness runs from -20 to
/// 19, the lowest priority): the scheduler gives the runtime's workers and the blocking pool the
/// CPU first when both want it. Added to the server's own (a server started under `nice` keeps its
/// bots below it), never set outright, which would raise the bots of such a server above it.
/// Measured with `plateau-load play --bot-matches` (bench/README.md, "Bot seats beside people").
const BOT_NICENESS_ADDED: libc::c_int = 10;

/// The lowest priority there is.
const NICEST: libc::c_int = 19;

/// One search, as a bot thread runs it.
type Job = Box<dyn FnOnce() + Send>;

/// The server's bot threads: a queue of searches and the threads that take them in turn.
#[derive(Clone)]
pub struct BotPool {
    jobs: std_mpsc::Sender<Job>,
}

impl BotPool {
    /// Starts `threads` bot threads (at least one). They end when the last clone of the pool is
    /// dropped.
    pub fn new(threads: usize) -> BotPool {
        let (jobs, queue) = std_mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..threads.max(1) {
            let queue = queue.clone();
            std::thread::Builder::new()
                .name(format!("plateau-bot-{n}"))
                .spawn(move || bot_thread(&queue))
                .expect("start a bot thread");
        }
        BotPool { jobs }
    }

    /// The move a bot of `level` plays for `seat` in `m`, drawn from the match's bot stream for
    /// this ply and seat (replayable); None if the search failed (it panicked) or found nothing,
    /// and the room then plays a random legal move. Every engine call of the search runs on the
    /// bot's thread, its panics caught.
    pub async fn think(&self, m: Arc<dyn Match>, seat: Seat, level: BotLevel) -> Option<Value> {
        let deadline = Instant::now() + THINK_LIMIT;
        let level = engine_level(level);
        let (answer, chosen) = oneshot::channel();
        let search = move || {
            let choice = catch_unwind(AssertUnwindSafe(|| {
                plateau_bots::bot_move(&*m, seat, level, m.bot_rng(seat), Some(deadline))
            }));
            let _ = answer.send(choice);
        };
        self.jobs.send(Box::new(search)).ok()?;
        match chosen.await {
            Ok(Ok(choice)) => choice,
            Ok(Err(_)) => {
                tracing::error!("a bot's search panicked");
                None
            }
            Err(_) => None,
        }
    }
}

/// A bot thread: lowers its own priority, then runs searches until the pool is gone.
fn bot_thread(queue: &Mutex<std_mpsc::Receiver<Job>>) {
    // On Linux, niceness belongs to each thread (a new one inherits its creator's), and `who = 0`
    // is the calling one. If it cannot be lowered the bots still run, at the server's priority.
    #[cfg(target_os = "linux")]
    if set_niceness((niceness() + BOT_NICENESS_ADDED).min(NICEST)) != 0 {
        tracing::warn!("could not lower the priority of a bot thread");
    }
    loop {
        // The lock is held only while waiting for the next job, never while one runs.
        let job = queue.lock().unwrap_or_else(|e| e.into_inner()).recv();
        match job {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

/// The calling thread's niceness.
#[cfg(target_os = "linux")]
fn niceness() -> libc::c_int {
    // SAFETY: getpriority reads its integer arguments only.
    unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) }
}

/// Sets the calling thread's niceness; 0 if it could.
#[cfg(target_os = "linux")]
fn set_niceness(nice: libc::c_int) -> libc::c_int {
    // SAFETY: setpriority reads its integer arguments only.
    unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, nice) }
}

/// The engine's level of a protocol level.
fn engine_level(level: BotLevel) -> EngineLevel {
    match level {
        BotLevel::Random => EngineLevel::Random,
        BotLevel::Easy => EngineLevel::Easy,
        BotLevel::Strong => EngineLevel::Strong,
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use plateau_games::registry;
    use serde_json::json;

    fn abalone() -> Box<dyn Match> {
        let game = registry::find("abalone").expect("abalone");
        let options = game.validate(2, &json!({})).expect("options");
        game.start(&options, 2, [7; 32]).expect("a match")
    }

    /// Bots answer with a legal move, from threads of their own, at a lower priority; several
    /// searches queue for one thread and all answer.
    #[tokio::test(flavor = "current_thread")]
    async fn bots_think_on_their_own_lower_priority_threads() {
        let pool = BotPool::new(1);
        let m: Arc<dyn Match> = Arc::from(abalone());
        let seat = m.to_act()[0];
        let asks = (0..3).map(|_| pool.think(m.clone(), seat, BotLevel::Easy));
        for choice in futures_util::future::join_all(asks).await {
            let mv = choice.expect("a move");
            assert!(m.box_clone().play(seat, &mv).is_ok(), "{mv}");
        }
        let (answer, seen) = oneshot::channel();
        pool.jobs
            .send(Box::new(move || {
                let name = std::thread::current().name().map(str::to_string);
                let _ = answer.send((name, niceness()));
            }))
            .unwrap();
        let (name, nice) = seen.await.unwrap();
        assert_eq!(name.as_deref(), Some("plateau-bot-0"));
        // The pool was made on this thread: its threads started from this one's niceness.
        assert_eq!(nice, (niceness() + BOT_NICENESS_ADDED).min(NICEST));
    }
}
