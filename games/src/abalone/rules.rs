//! The position and the rules of movement: legality of inline and broadside moves, sumito, ejection,
//! move generation and perft. No JSON here: this is the fast core that perft runs on.

use std::fmt;

use super::board::{name, Cell, CELLS, NB, OFF};

/// Marbles one seat must eject to win (2p: of the opponent; 3p: in total; 4p: the team's total).
pub const TO_WIN: u32 = 6;

/// A move in board terms. Inline (`inline`): `cells[..n]` is the column from its rear marble to its
/// front, every marble steps in `dir` and the column may push. Broadside: `cells[..n]` sorted by index,
/// each marble steps sideways into an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mv {
    pub cells: [Cell; 3],
    pub n: u8,
    pub dir: u8,
    pub inline: bool,
}

impl Mv {
    pub fn marbles(&self) -> &[Cell] {
        &self.cells[..self.n as usize]
    }
}

/// Why a well-formed move is refused (turned into a message for people by `Display`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Empty(Cell),
    NotYours(Cell),
    /// A partner's marble moved without a push (4p: plain moves use your own marbles only).
    PartnerWithoutPush(Cell),
    /// The rear marble of a column containing a partner's marble must be yours.
    PartnerRear(Cell),
    /// A broadside line carrying partner marbles (option `team_moves_mixed_columns`) needs one of
    /// its ends to be yours.
    PartnerEnds(Cell),
    TooLong(Cell),
    OwnInFront(Cell),
    PartnerInFront(Cell),
    OffBoard(Cell),
    SingleCannotPush,
    Outnumbered(u8, u8),
    Blocked(Cell),
    Occupied(Cell),
    OffBoardSide(Cell),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::Empty(c) => write!(f, "there is no marble on {}", name(c)),
            Refusal::NotYours(c) => write!(f, "the marble on {} is not yours", name(c)),
            Refusal::PartnerWithoutPush(c) => write!(
                f,
                "your partner's marble on {} may only be moved as part of a push (sumito)",
                name(c)
            ),
            Refusal::PartnerRear(c) => write!(
                f,
                "the marble at the rear of the line, {}, must be yours",
                name(c)
            ),
            Refusal::PartnerEnds(c) => write!(
                f,
                "a line with your partner's marbles must have one of yours at an end, and {} is not",
                name(c)
            ),
            Refusal::TooLong(c) => write!(
                f,
                "the line starting at {} has more than three marbles: at most three may move",
                name(c)
            ),
            Refusal::OwnInFront(c) => write!(
                f,
                "your own marble on {} is in the way (move it as part of the line)",
                name(c)
            ),
            Refusal::PartnerInFront(c) => {
                write!(f, "your partner's marble on {} is in the way", name(c))
            }
            Refusal::OffBoard(c) => write!(
                f,
                "the marble on {} would leave the board: you may not push your own marbles off",
                name(c)
            ),
            Refusal::SingleCannotPush => write!(f, "a single marble cannot push"),
            Refusal::Outnumbered(k, m) => write!(
                f,
                "{k} marbles cannot push {m}: a push needs more marbles than it pushes (2 v 1, 3 v 1, 3 v 2)"
            ),
            Refusal::Blocked(c) => write!(
                f,
                "the push is blocked: the cell behind the pushed marbles, {}, is occupied",
                name(c)
            ),
            Refusal::Occupied(c) => write!(
                f,
                "a broadside move needs empty cells, and {} is occupied (broadside moves never push)",
                name(c)
            ),
            Refusal::OffBoardSide(c) => {
                write!(f, "the marble on {} would leave the board", name(c))
            }
        }
    }
}

/// What a move did, for the events.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// Opposing marbles pushed (ejected one included).
    pub pushed: u8,
    /// The cells of the pushed marbles before the move, nearest the column first.
    pub pushed_cells: [Cell; 2],
    /// The ejected marble: its cell before the push and its owner seat.
    pub ejected: Option<(Cell, u8)>,
}

/// The position: marbles, whose turn, what each seat has ejected.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pos {
    /// 0 = empty, else owner seat + 1.
    pub cells: [u8; CELLS],
    pub players: u8,
    pub to_move: u8,
    /// Marbles ejected BY each seat.
    pub ejected: [u8; 4],
    /// Option `team_moves_mixed_columns` (4p, rules §4.3): a plain move may carry partner marbles
    /// when its line starts with an own marble. Off: partner marbles move only in a push.
    pub mixed_columns: bool,
}

impl Pos {
    pub fn empty(players: usize) -> Pos {
        Pos {
            cells: [0; CELLS],
            players: players as u8,
            to_move: 0,
            ejected: [0; 4],
            mixed_columns: false,
        }
    }

    /// Whether a marble of `owner` (seat) is on `seat`'s side: itself, or its partner in 4p.
    #[inline]
    fn friend(&self, owner: u8, seat: u8) -> bool {
        owner == seat || (self.players == 4 && owner % 2 == seat % 2)
    }

    /// Owner seat of the marble on `c`, if any.
    #[inline]
    pub fn owner(&self, c: Cell) -> Option<u8> {
        match self.cells[c as usize] {
            0 => None,
            o => Some(o - 1),
        }
    }

    /// The team index of `seat` (4p: seats 0 and 2 are team 0, 1 and 3 team 1; otherwise the seat).
    pub fn team(&self, seat: u8) -> u8 {
        if self.players == 4 {
            seat % 2
        } else {
            seat
        }
    }

    /// The score that wins at 6: a seat's own ejections, or its team's in 4p.
    pub fn side_score(&self, seat: u8) -> u32 {
        if self.players == 4 {
            (self.ejected[(seat % 2) as usize] + self.ejected[(seat % 2 + 2) as usize]) as u32
        } else {
            self.ejected[seat as usize] as u32
        }
    }

    /// The seat whose side has ejected six, if any (the mover, as only a move ejects).
    pub fn winner(&self) -> Option<u8> {
        (0..self.players).find(|&s| self.side_score(s) >= TO_WIN)
    }

    /// The column of `seat` that starts at its rear marble `rear` and goes in `dir`: the longest run of
    /// its side's marbles (own, or partner's in 4p), at most 3; longer is refused.
    pub fn column(&self, seat: u8, rear: Cell, dir: u8) -> Result<Mv, Refusal> {
        match self.owner(rear) {
            None => return Err(Refusal::Empty(rear)),
            Some(o) if o != seat => return Err(Refusal::NotYours(rear)),
            _ => {}
        }
        let mut mv = Mv {
            cells: [rear, 0, 0],
            n: 1,
            dir,
            inline: true,
        };
        let mut cur = rear;
        loop {
            let nx = NB[cur as usize][dir as usize];
            if nx == OFF {
                break;
            }
            match self.owner(nx) {
                Some(o) if self.friend(o, seat) => {
                    if mv.n == 3 {
                        return Err(Refusal::TooLong(rear));
                    }
                    mv.cells[mv.n as usize] = nx;
                    mv.n += 1;
                    cur = nx;
                }
                _ => break,
            }
        }
        Ok(mv)
    }

    /// Checks a move of `seat` fully; on success, how many opposing marbles it pushes.
    pub fn check(&self, seat: u8, mv: &Mv) -> Result<u8, Refusal> {
        if mv.inline {
            self.check_inline(seat, mv)
        } else {
            self.check_broadside(seat, mv).map(|_| 0)
        }
    }

    fn check_inline(&self, seat: u8, mv: &Mv) -> Result<u8, Refusal> {
        let col = mv.marbles();
        let d = mv.dir as usize;
        let mut partner = None;
        for (j, &c) in col.iter().enumerate() {
            match self.owner(c) {
                None => return Err(Refusal::Empty(c)),
                Some(o) if o == seat => {}
                Some(o) if self.friend(o, seat) => {
                    if j == 0 {
                        return Err(Refusal::PartnerRear(c));
                    }
                    partner = Some(c);
                }
                Some(_) => return Err(Refusal::NotYours(c)),
            }
        }
        let k = col.len() as u8;
        let last = col[col.len() - 1];
        let front = NB[last as usize][d];
        if front == OFF {
            return Err(Refusal::OffBoard(last));
        }
        match self.owner(front) {
            None => match partner {
                Some(p) if !self.mixed_columns => Err(Refusal::PartnerWithoutPush(p)),
                _ => Ok(0),
            },
            Some(o) if o == seat => Err(Refusal::OwnInFront(front)),
            Some(o) if self.friend(o, seat) => Err(Refusal::PartnerInFront(front)),
            Some(_) => {
                if k == 1 {
                    return Err(Refusal::SingleCannotPush);
                }
                let mut m = 0u8;
                let mut cur = front;
                while cur != OFF {
                    match self.owner(cur) {
                        Some(o) if !self.friend(o, seat) => {
                            m += 1;
                            cur = NB[cur as usize][d];
                        }
                        _ => break,
                    }
                }
                if m >= k {
                    return Err(Refusal::Outnumbered(k, m));
                }
                if cur != OFF && self.cells[cur as usize] != 0 {
                    return Err(Refusal::Blocked(cur));
                }
                Ok(m)
            }
        }
    }

    fn check_broadside(&self, seat: u8, mv: &Mv) -> Result<(), Refusal> {
        for &c in mv.marbles() {
            match self.owner(c) {
                None => return Err(Refusal::Empty(c)),
                Some(o) if o == seat => {}
                Some(o) if self.friend(o, seat) && !self.mixed_columns => {
                    return Err(Refusal::PartnerWithoutPush(c))
                }
                Some(o) if self.friend(o, seat) => {}
                Some(_) => return Err(Refusal::NotYours(c)),
            }
        }
        // The cells are sorted by index along the line, so its ends are the first and the last.
        let ms = mv.marbles();
        if ms.iter().any(|&c| self.owner(c) != Some(seat))
            && self.owner(ms[0]) != Some(seat)
            && self.owner(ms[ms.len() - 1]) != Some(seat)
        {
            return Err(Refusal::PartnerEnds(ms[0]));
        }
        for &c in mv.marbles() {
            let t = NB[c as usize][mv.dir as usize];
            if t == OFF {
                return Err(Refusal::OffBoardSide(c));
            }
            if self.cells[t as usize] != 0 {
                return Err(Refusal::Occupied(t));
            }
        }
        Ok(())
    }

    /// Plays a move already checked (`pushed` = what `check` returned) and passes the turn.
    pub fn apply(&mut self, mv: &Mv, pushed: u8) -> Effect {
        let d = mv.dir as usize;
        let mut effect = Effect {
            pushed,
            ..Effect::default()
        };
        if mv.inline {
            // The whole chain (column + pushed marbles), shifted from its front end.
            let mut chain: [Cell; 5] = [0; 5];
            let n = mv.n as usize;
            chain[..n].copy_from_slice(mv.marbles());
            let mut cur = mv.cells[n - 1];
            for j in 0..pushed as usize {
                cur = NB[cur as usize][d];
                chain[n + j] = cur;
                effect.pushed_cells[j] = cur;
            }
            let len = n + pushed as usize;
            for &src in chain[..len].iter().rev() {
                let dst = NB[src as usize][d];
                let marble = self.cells[src as usize];
                if dst == OFF {
                    effect.ejected = Some((src, marble - 1));
                    self.ejected[self.to_move as usize] += 1;
                } else {
                    self.cells[dst as usize] = marble;
                }
                self.cells[src as usize] = 0;
            }
        } else {
            for &c in mv.marbles() {
                let t = NB[c as usize][d];
                self.cells[t as usize] = self.cells[c as usize];
                self.cells[c as usize] = 0;
            }
        }
        self.to_move = (self.to_move + 1) % self.players;
        effect
    }

    /// Every legal move of the seat to move, with what each pushes, appended to `out`.
    pub fn generate(&self, out: &mut Vec<(Mv, u8)>) {
        let seat = self.to_move;
        let me = seat + 1;
        // side[v]: whether cell value v (0 = empty, else seat + 1) is a marble of the mover's side.
        let mut side = [false; 5];
        for (v, s) in side.iter_mut().enumerate().skip(1) {
            *s = self.friend(v as u8 - 1, seat);
        }
        // The marbles a broadside line may hold: own ones, and with mixed columns the partner's
        // (`check_broadside` then wants an own marble at one end).
        let in_line = |v: u8| v == me || (self.mixed_columns && v != 0 && side[v as usize]);
        for c in 0..CELLS as Cell {
            let v = self.cells[c as usize];
            if v == me {
                // Inline moves (single marbles included): this marble as the rear of its column.
                for d in 0..6u8 {
                    if let Some(found) = self.inline_from(c, d, &side) {
                        out.push(found);
                    }
                }
            }
            if !in_line(v) {
                continue;
            }
            // Broadside groups that start at this marble along a positive axis (each group once).
            for axis in 0..3u8 {
                let b = NB[c as usize][axis as usize];
                if b == OFF || !in_line(self.cells[b as usize]) {
                    continue;
                }
                let c3 = NB[b as usize][axis as usize];
                let longest = if c3 != OFF && in_line(self.cells[c3 as usize]) {
                    3
                } else {
                    2
                };
                for n in 2..=longest {
                    let cells = [c, b, if n == 3 { c3 } else { 0 }];
                    for d in 0..6u8 {
                        if d % 3 == axis {
                            continue;
                        }
                        let mv = Mv {
                            cells,
                            n,
                            dir: d,
                            inline: false,
                        };
                        if self.check_broadside(seat, &mv).is_ok() {
                            out.push((mv, 0));
                        }
                    }
                }
            }
        }
    }

    /// The inline move of the mover whose rear marble is `c` (its own), in direction `d`, if legal:
    /// the same rules as `column` + `check_inline` in one walk (the tests check they agree).
    #[inline]
    fn inline_from(&self, c: Cell, d: u8, side: &[bool; 5]) -> Option<(Mv, u8)> {
        let me = self.to_move + 1;
        let d6 = d as usize;
        let mut mv = Mv {
            cells: [c, 0, 0],
            n: 1,
            dir: d,
            inline: true,
        };
        let mut partner = false;
        let mut cur = NB[c as usize][d6];
        loop {
            if cur == OFF {
                return None;
            }
            let v = self.cells[cur as usize];
            if v == 0 {
                return (!partner || self.mixed_columns).then_some((mv, 0));
            }
            if !side[v as usize] {
                break;
            }
            if mv.n == 3 {
                return None;
            }
            partner |= v != me;
            mv.cells[mv.n as usize] = cur;
            mv.n += 1;
            cur = NB[cur as usize][d6];
        }
        // An opposing run starts at `cur`.
        if mv.n == 1 {
            return None;
        }
        let mut m = 0u8;
        while cur != OFF {
            let v = self.cells[cur as usize];
            if v == 0 || side[v as usize] {
                break;
            }
            m += 1;
            if m >= mv.n {
                return None;
            }
            cur = NB[cur as usize][d6];
        }
        if cur != OFF && self.cells[cur as usize] != 0 {
            return None;
        }
        Some((mv, m))
    }

    /// Whether the seat to move has at least one legal move. Asked after every move: the common
    /// answer first, without listing every move (a marble of the mover's beside an empty cell can
    /// always step there: `inline_from` with a column of one), the whole list only when no marble
    /// can step.
    pub fn has_move(&self) -> bool {
        let me = self.to_move + 1;
        let can_step = (0..CELLS).any(|c| {
            self.cells[c] == me
                && NB[c]
                    .iter()
                    .any(|&n| n != OFF && self.cells[n as usize] == 0)
        });
        can_step || {
            let mut v = Vec::new();
            self.generate(&mut v);
            !v.is_empty()
        }
    }
}

/// Leaf nodes of the legal-move tree of `depth` (a won position has no moves).
pub fn perft(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.winner().is_some() {
        return 0;
    }
    let mut moves = Vec::with_capacity(128);
    pos.generate(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for (mv, p) in &moves {
        let mut next = pos.clone();
        next.apply(mv, *p);
        total += perft(&next, depth - 1);
    }
    total
}
