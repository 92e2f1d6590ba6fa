//! A match's clocks, derived from what is stored: the clock setting, the start time, and the time
//! of every later version (moves and rulings). Nothing else is kept, so a restart rebuilds the very
//! figures the players last saw, and time spent while the server was down still counts.
//!
//! Pure: times come in as arguments; the room asks for the next deadline and sleeps until it.

use chrono::{DateTime, Duration, Utc};
use plateau_games::Seat;
use plateau_protocol::clock::{ClockSetting, ClockView};

/// Every seat's time, as of the last version.
#[derive(Debug, Clone, PartialEq)]
pub struct Clocks {
    setting: ClockSetting,
    /// Each seat's time left at `since`, in milliseconds (never below 0).
    remaining: Vec<i64>,
    /// The seats whose time runs since `since`.
    running: Vec<Seat>,
    since: DateTime<Utc>,
}

impl Clocks {
    /// The clocks at the start of a match: everyone's full time, `running` to act.
    pub fn start(
        setting: ClockSetting,
        seats: usize,
        at: DateTime<Utc>,
        running: Vec<Seat>,
    ) -> Clocks {
        Clocks {
            setting,
            remaining: vec![setting.initial_ms(); seats],
            running,
            since: at,
        }
    }

    /// A new version at `at`, after a move of `mover` (None: a ruling), with `running` to act now.
    /// The running seats' time is spent; the mover gets its increment (Fischer). With per-move
    /// and correspondence clocks, the mover's next decision starts full, and so does each seat that
    /// now faces a new decision; a seat that only stopped running (out of the match) keeps what it
    /// had, so a seat out of time still shows none.
    pub fn advance(&mut self, at: DateTime<Utc>, mover: Option<Seat>, running: Vec<Seat>) {
        self.spend(at);
        if let Some(mover) = mover {
            self.remaining[mover] += self.setting.increment_ms();
        }
        if self.setting.per_decision() {
            let full = self.setting.initial_ms();
            if let Some(mover) = mover {
                self.remaining[mover] = full;
            }
            for &seat in &running {
                let continues = self.running.contains(&seat) && mover != Some(seat);
                if !continues {
                    self.remaining[seat] = full;
                }
            }
        }
        self.running = running;
    }

    /// The match ended at `at` with a move of `mover` (None: a ruling): time is spent and the
    /// increment given as for any move, then nobody's clock runs, and nothing starts full again.
    pub fn finish(&mut self, at: DateTime<Utc>, mover: Option<Seat>) {
        self.spend(at);
        if let Some(mover) = mover {
            if !self.setting.per_decision() {
                self.remaining[mover] += self.setting.increment_ms();
            }
        }
        self.running.clear();
    }

    /// The running seats spend the time since the last version, which is now `at`.
    fn spend(&mut self, at: DateTime<Utc>) {
        let spent = elapsed_ms(self.since, at);
        for &seat in &self.running {
            self.remaining[seat] = (self.remaining[seat] - spent).max(0);
        }
        self.since = at;
    }

    /// The clocks stop (the match is over, aborted): time spent up to `at` is counted, nobody's
    /// runs.
    pub fn stop(&mut self, at: DateTime<Utc>) {
        self.finish(at, None);
    }

    /// The figures of the last version, as the View carries them.
    pub fn view(&self) -> ClockView {
        ClockView {
            remaining_ms: self.remaining.clone(),
            running: self.running.clone(),
            at: self.since,
        }
    }

    /// The seat whose time runs out first, and when; None if nobody's runs.
    pub fn next_deadline(&self) -> Option<(Seat, DateTime<Utc>)> {
        self.running
            .iter()
            .map(|&seat| {
                (
                    seat,
                    self.since + Duration::milliseconds(self.remaining[seat]),
                )
            })
            .min_by_key(|&(_, at)| at)
    }

    /// Whether `seat`'s time has run out at `now`.
    pub fn out_of_time(&self, seat: Seat, now: DateTime<Utc>) -> bool {
        self.running.contains(&seat) && self.remaining[seat] <= elapsed_ms(self.since, now)
    }
}

fn elapsed_ms(from: DateTime<Utc>, to: DateTime<Utc>) -> i64 {
    (to - from).num_milliseconds().max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(ms: i64) -> DateTime<Utc> {
        DateTime::<Utc>::UNIX_EPOCH + Duration::milliseconds(ms)
    }

    #[test]
    fn fischer_spends_the_running_bank_and_adds_the_increment() {
        let setting = ClockSetting::Fischer {
            initial_s: 60,
            increment_s: 5,
        };
        let mut clocks = Clocks::start(setting, 2, t(0), vec![0]);
        clocks.advance(t(10_000), Some(0), vec![1]);
        assert_eq!(clocks.view().remaining_ms, vec![55_000, 60_000]);
        clocks.advance(t(13_000), Some(1), vec![0]);
        assert_eq!(clocks.view().remaining_ms, vec![55_000, 62_000]);
        assert_eq!(clocks.next_deadline(), Some((0, t(68_000))));
        assert!(!clocks.out_of_time(0, t(67_999)));
        assert!(clocks.out_of_time(0, t(68_000)));
        assert!(
            !clocks.out_of_time(1, t(99_000)),
            "seat 1's time does not run"
        );
    }

    #[test]
    fn per_move_gives_each_new_decision_its_full_time() {
        let setting = ClockSetting::PerMove { s: 30 };
        let mut clocks = Clocks::start(setting, 3, t(0), vec![0, 1]);
        // Seat 0 moves in a simultaneous phase; seat 1 still decides, on the same clock.
        clocks.advance(t(10_000), Some(0), vec![1]);
        assert_eq!(clocks.view().remaining_ms, vec![30_000, 20_000, 30_000]);
        clocks.advance(t(15_000), Some(1), vec![1]);
        assert_eq!(
            clocks.view().remaining_ms[1],
            30_000,
            "a seat that moves and acts again faces a new decision"
        );
        assert_eq!(clocks.next_deadline(), Some((1, t(45_000))));
    }

    #[test]
    fn per_move_clocks_keep_their_figures_at_the_end_and_for_a_seat_out() {
        let setting = ClockSetting::PerMove { s: 12 };
        let mut clocks = Clocks::start(setting, 3, t(0), vec![0]);
        // Seat 0 runs out and forfeits (a ruling): its clock shows none left, it runs no more.
        clocks.advance(t(12_500), None, vec![1]);
        assert_eq!(clocks.view().remaining_ms, vec![0, 12_000, 12_000]);
        clocks.advance(t(14_000), Some(1), vec![2]);
        assert_eq!(clocks.view().remaining_ms, vec![0, 12_000, 12_000]);
        // Seat 2 ends the match with its move after 5 s: the figures stay as they were spent.
        clocks.finish(t(19_000), Some(2));
        assert_eq!(clocks.view().remaining_ms, vec![0, 12_000, 7_000]);
        assert!(clocks.view().running.is_empty());
    }

    #[test]
    fn a_stopped_clock_counts_the_time_spent_and_runs_no_more() {
        let setting = ClockSetting::Fischer {
            initial_s: 10,
            increment_s: 0,
        };
        let mut clocks = Clocks::start(setting, 2, t(0), vec![1]);
        clocks.stop(t(4_000));
        assert_eq!(clocks.view().remaining_ms, vec![10_000, 6_000]);
        assert!(clocks.view().running.is_empty());
        assert_eq!(clocks.next_deadline(), None);
    }

    #[test]
    fn time_never_goes_below_zero_nor_backwards() {
        let setting = ClockSetting::Fischer {
            initial_s: 1,
            increment_s: 2,
        };
        let mut clocks = Clocks::start(setting, 2, t(10_000), vec![0]);
        clocks.advance(t(15_000), Some(0), vec![1]);
        assert_eq!(
            clocks.view().remaining_ms[0],
            2_000,
            "0 left, then the increment"
        );
        // A version stamped before the last one (clock skew) spends nothing.
        clocks.advance(t(14_000), Some(1), vec![0]);
        assert_eq!(clocks.view().remaining_ms, vec![2_000, 3_000]);
    }
}
