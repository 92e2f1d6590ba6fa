//! Words for people: game names, results, and one line per event of each game (the `events` of a
//! patch), plus a short text for a stored move on the history page.

const NAMES = {
  abalone: 'Abalone',
  triominos: 'Triominos',
  pinuid: 'Pinuid',
  trangouar: 'Trangouar',
  'groups-of-three': 'Groups-of-Three',
};

export function gameName(id) {
  return NAMES[id] || id;
}

/** Variants that make a game of their own for players: Pinuid's Classic and Quatro. */
const VARIANTS = { classic: 'Classic', quatro: 'Quatro' };

/**
 * A game's name as players say it, with the variant its options pick ("Pinuid Quatro"); the bare
 * name for games without one, or when the options are not known.
 */
export function gameTitle(id, options) {
  const variant = options && VARIANTS[options.variant];
  return variant ? `${gameName(id)} ${variant}` : gameName(id);
}

const REASONS = {
  six_ejected: 'six marbles ejected',
  ply_limit: 'move limit reached',
  no_legal_move: 'no legal move',
  two_pieces: 'down to two pieces',
  last_survivor: 'last player standing',
  no_removal_limit: 'no removal for too long',
  no_moves: 'nobody can move',
  all_pieces_out: 'all pieces out',
  blocked: 'blocked board',
  simultaneous_wipe_out: 'every army wiped out at once',
  stall: 'nothing changed for too many rounds',
  went_out: 'a player went out',
  target: 'target score reached',
  rounds: 'all rounds played',
  aborted: 'aborted, no result counts',
  timeout: 'out of time',
  resigned: 'resignation',
  abandoned: 'a player left',
  agreed_draw: 'agreed by the players',
};

/** What a forfeit says of its seat: "Bob ran out of time". */
const FORFEITS = {
  resigned: (who) => `${who} resigned`,
  timeout: (who) => `${who} ran out of time`,
  abandoned: (who) => `${who} left the game`,
};

/** The word beside a seat that forfeited and is played by the server from then on. */
export const FORFEIT_TAGS = { resigned: 'resigned', timeout: 'out of time', abandoned: 'left' };

/** The word beside a seat that forfeited for `reason` ("out" for a reason this client does not know). */
export function forfeitWord(reason) {
  return FORFEIT_TAGS[reason] || 'out';
}

/**
 * The sides of a match, from its view: each the seats that win or lose together. Only Abalone with
 * 4 players has teams (its state lists them); null means every seat plays for itself.
 */
export function sidesOf(view) {
  const teams = view && view.state && view.state.teams;
  return Array.isArray(teams) ? teams : null;
}

/** "Alice & Carol": several seats' names. */
const names = (seats, nameOf) => seats.map(nameOf).join(' & ');

/** A seat's team when it has partners: "team Bob & Dan", else null. */
function teamOf(seat, sides, nameOf) {
  const side = sides && sides.find((t) => t.includes(seat));
  return side && side.length > 1 ? `team ${names(side, nameOf)}` : null;
}

/** "Bob ran out of time", with the team when Bob has a partner. */
export function forfeitText(f, nameOf, sides = null) {
  const say = FORFEITS[f.reason] || ((who) => `${who} forfeited (${reasonText(f.reason)})`);
  const team = teamOf(f.seat, sides, nameOf);
  return team ? `${say(nameOf(f.seat))} (for ${team})` : say(nameOf(f.seat));
}

/** "Alice wins", "Alice & Carol win", or with teams "Team Alice & Carol wins". */
function winnersText(winners, nameOf, sides) {
  const team = winners.length > 1 && sides && sides.some((t) => t.length === winners.length && t.every((x) => winners.includes(x)));
  if (team) return `Team ${names(winners, nameOf)} wins`;
  return winners.length === 1 ? `${nameOf(winners[0])} wins` : `${names(winners, nameOf)} win`;
}

export function reasonText(r) {
  return REASONS[r] || String(r || '').replace(/_/g, ' ');
}

/** What a result says besides who won: "move limit reached · scores 6 – 3". */
export function resultDetail(result) {
  if (!result) return '';
  const reason = reasonText(result.reason);
  const detail = `${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
  return result.scores ? `${detail} · scores ${result.scores.join(' – ')}` : detail;
}

/** A rated match that ended (a forfeit, an agreed draw) before every player had made a move. */
export const RATED_EARLY = 'Rated match aborted: it ended before every player had moved, so it counts for nobody';
/** A rated match whose players had been rated together in this game within the last day. */
export const PAIR_RATED_LATELY = 'Not rated: these players were already rated together in this game today (their results count once a day)';
/** An aborted match that only the rules engine's failure explains. */
export const ABORTED_INTERNAL = 'Match aborted: no result counts (the server could not go on with it after an internal error)';

/**
 * An aborted match in words. The server aborts a match for two causes (docs/protocol.md): its rules
 * engine failed, or the room is rated and the match ended before every player had made a move of
 * its own (a forfeit, an agreed draw). The result (`{"winners": [], "reason": "aborted",
 * "forfeited"}`) does not say which, so `how` adds what the page knows: `rated`, from the room's
 * info (left undefined where the page does not know, as with a match's summary), and `events`, the
 * last version's (an agreed draw is only there, as `draw_agreed`).
 * - rated, with a forfeit or an agreed draw: the early end;
 * - known unrated, or rated with neither: nothing but the engine's failure explains it;
 * - not known whether rated: neutral, with the forfeits the result lists.
 * (A rated match of 3 or 4 sides whose engine failed after a seat forfeited reads as the early end:
 * the client cannot tell those apart.)
 */
export function abortedText(result, nameOf, sides = null, { rated, events = [] } = {}) {
  const forfeits = (result.forfeited || []).map((f) => forfeitText(f, nameOf, sides));
  const drawn = (events || []).some((e) => e.kind === 'draw_agreed');
  if (rated === true && (forfeits.length || drawn)) return RATED_EARLY;
  if (rated === false || rated === true) return ABORTED_INTERNAL;
  return forfeits.length ? `Match aborted: no result counts · ${forfeits.join('; ')}` : 'Match aborted: no result counts';
}

/**
 * A result for people: "Alice wins (six marbles ejected) · scores 6–3", "Bob ran out of time —
 * Alice wins", "Draw agreed". `sides` (from `sidesOf`) adds the team wording of Abalone with 4;
 * `how` says what the page knows of an aborted match (see `abortedText`).
 */
export function resultText(result, nameOf, sides = null, how = {}) {
  if (!result) return '';
  if (result.reason === 'aborted') return abortedText(result, nameOf, sides, how);
  if (result.reason === 'agreed_draw') return 'Draw agreed';
  const forfeits = (result.forfeited || []).map((f) => forfeitText(f, nameOf, sides));
  const won = result.winners.length ? winnersText(result.winners, nameOf, sides) : 'Draw';
  if (FORFEITS[result.reason] && forfeits.length) return `${forfeits.join('; ')} — ${won}`;
  let text = `${won} (${reasonText(result.reason)})`;
  if (result.scores) text += ` · scores ${result.scores.join(' – ')}`;
  // Seats that forfeited before the rules ended the match (3 or 4 sides).
  if (forfeits.length) text += ` · ${forfeits.join('; ')}`;
  return text;
}

/** Octants of the Groups-of-Three board, anticlockwise from east (octant 0 lies east-north-east). */
const OCTANTS = ['east-north-east', 'north-north-east', 'north-north-west', 'west-north-west', 'west-south-west', 'south-south-west', 'south-south-east', 'east-south-east'];
const RINGS = { a: 'inner triangle', b: 'middle ring', d: 'outer ring' };
const COMPASS = { E: 'east', N: 'north', W: 'west', S: 'south', NE: 'north-east', NW: 'north-west', SE: 'south-east', SW: 'south-west' };
const PARTS = { x: 'big part', y: 'small part, first', z: 'small part, second' };

/** The three parts of a group of three, as the labels letter them: the big part first. */
const PART_LETTERS = { x: 'a', y: 'b', z: 'c' };
/** The rings around the centre, as the labels letter them, from the centre out (a, b, d in the rules). */
const RING_LETTERS = { a: 'A', b: 'B', d: 'C' };

/**
 * The label a Groups-of-Three space has on the board, and in every text that names it: short and
 * regular, unlike the rules' internal names (`a3`, `s0y`, `kNEx`). The rings around the centre
 * are A, B and C from the centre out, numbered 1 to 8 anticlockwise from east (A1 … C8); the
 * transit spaces TN, TE, TS, TW; the side groups S1 to S8 (same numbering) and the corner groups NE,
 * NW, SW, SE, their parts a (the big one), b and c (S3a, NEb); the centre OUT.
 */
export function spaceLabel(id) {
  if (id === 'C') return 'OUT';
  let m = /^([abd])([0-7])$/.exec(id);
  if (m) return `${RING_LETTERS[m[1]]}${Number(m[2]) + 1}`;
  m = /^t([ENWS])$/.exec(id);
  if (m) return `T${m[1]}`;
  m = /^s([0-7])([xyz])$/.exec(id);
  if (m) return `S${Number(m[1]) + 1}${PART_LETTERS[m[2]]}`;
  m = /^k(NE|NW|SE|SW)([xyz])$/.exec(id);
  if (m) return `${m[1]}${PART_LETTERS[m[2]]}`;
  return String(id);
}

/** Where a Groups-of-Three space lies, in words ("north-west corner group, big part"). */
export function spaceWords(id) {
  if (id === 'C') return 'the centre';
  let m = /^([abd])([0-7])$/.exec(id);
  if (m) return `${RINGS[m[1]]} ${OCTANTS[Number(m[2])]}`;
  m = /^t([ENWS])$/.exec(id);
  if (m) return `${COMPASS[m[1]]} transit`;
  m = /^s([0-7])([xyz])$/.exec(id);
  if (m) return `${OCTANTS[Number(m[1])]} side group, ${PARTS[m[2]]}`;
  m = /^k(NE|NW|SE|SW)([xyz])$/.exec(id);
  if (m) return `${COMPASS[m[1]]} corner group, ${PARTS[m[2]]}`;
  return String(id);
}

/** A space for a screen reader: its label and where it lies ("kNWx, north-west corner group, big part"). */
export function spaceName(id) {
  return id === 'C' ? 'the centre (OUT)' : `${spaceLabel(id)}, ${spaceWords(id)}`;
}
const sp = spaceLabel;

const tile = (t) => (Array.isArray(t) ? t.join('-') : '?');
const pearls = (p) => (p ? `${p.red ?? 0} red, ${p.black ?? 0} black, ${p.white ?? 0} white` : '');

/** One line for an event, or null for events not worth a line. */
export function describeEvent(game, ev, nameOf) {
  const who = ev.seat !== undefined && ev.seat !== null ? nameOf(ev.seat) : '';
  // Events of the server's, the same in every game.
  if (ev.kind === 'forfeited') return forfeitText(ev, nameOf);
  if (ev.kind === 'draw_agreed') return 'Draw agreed';
  if (ev.kind === 'draw_declined') return `${who} declined the draw`;
  switch (game) {
    case 'abalone':
      if (ev.kind === 'moved') {
        let t = `${who} moved ${ev.notation} (${ev.dir})`;
        if (ev.pushed && ev.pushed.length) t += `, pushing ${ev.pushed.length}`;
        if (ev.ejected) t += `, ejecting a marble of ${nameOf(ev.ejected.owner)} (${ev.score}/6)`;
        return t;
      }
      break;
    case 'pinuid':
      switch (ev.kind) {
        case 'moved': return `${who} moved ${ev.from}→${ev.to}`;
        case 'line': return `${who} made a line ${ev.squares.join(' ')}`;
        case 'removed': return `${who} removed ${ev.square}`;
        case 'reentered': return `${who} re-entered a piece on ${ev.square}`;
        case 'passed': return `${who} passed (${reasonText(ev.reason)})`;
        case 'eliminated': return `${who} is eliminated (${reasonText(ev.reason)})`;
        case 'won': return `${who} wins (${reasonText(ev.reason)})`;
        case 'draw': return `Draw (${reasonText(ev.reason)})`;
      }
      break;
    case 'triominos':
      switch (ev.kind) {
        case 'placed': {
          const b = (ev.bonuses || []).map((x) => `${x.name} +${x.points}`).join(', ');
          return `${who} placed ${tile(ev.tile)} for ${ev.points} points${b ? ` (${b})` : ''}`;
        }
        case 'drew': return ev.tile ? `${who} drew ${tile(ev.tile)} (${ev.points})` : `${who} drew a tile (${ev.points})`;
        case 'passed': return `${who} passed${ev.auto ? ' (cannot place, empty pile)' : ''}`;
        case 'penalty': return `${who}: ${ev.points} (three draws, no placement)`;
        case 'revealed': return `${who} shows ${tile(ev.tile)}`;
        case 'round_end': return `Round ${ev.round} over (${reasonText(ev.reason)}); scores ${ev.scores.join(' – ')}`;
        case 'round_start': return `Round ${ev.round} starts; ${nameOf(ev.opener)} opens`;
        case 'dealt': return ev.rack ? `You were dealt ${ev.rack.map(tile).join(' ')}` : null;
        case 'game_end': return `Game over (${reasonText(ev.reason)})`;
      }
      break;
    case 'trangouar':
      switch (ev.kind) {
        case 'ready': return `${who} has set up${ev.cubes ? ` (${ev.cubes.length} cubes)` : ''}`;
        case 'revealed': return `Every army is revealed; ${nameOf(ev.starter)} starts`;
        case 'nothing': return `${who} does nothing`;
        case 'exchange': return `${who} recoloured the cube on ${ev.cube} (${pearls(ev.to)})`;
        case 'move': return `${who} moved ${ev.cube}→${ev.to}`;
        case 'attack': {
          let t = `${who} attacked ${ev.target} from ${ev.cube}: ${ev.black_faces} black vs ${ev.white_faces} white`;
          t += ev.loser ? ` → the cube on ${ev.loser} loses ${ev.pearls_to_lose ?? ''}` : ' → no loser';
          return t;
        }
        case 'pearls_lost': return `${who} lost ${pearls(ev.pearls)} on ${ev.cube}`;
        case 'corpse': return `The cube on ${ev.at} became a corpse (${ev.reason})`;
        case 'eliminated': return `${who} is out`;
        case 'stall': return `Stalled (${ev.quiet_rounds} quiet rounds)`;
        case 'won': return `${who} wins`;
        case 'draw': return `Draw (${reasonText(ev.reason)})`;
      }
      break;
    case 'groups-of-three':
      switch (ev.kind) {
        case 'dice': return `${who} rolled ${ev.values.join(' and ')}`;
        case 'moved': return `${who} moved from ${sp(ev.from)} to ${sp(ev.to)}`;
        case 'crossed': return `${who} crossed from ${sp(ev.from)} over ${sp(ev.via)} to ${sp(ev.to)}`;
        case 'exited': return `${who} took a piece out from ${sp(ev.from)} (${ev.exited} out)`;
        case 'added': return `${who} added a piece on ${sp(ev.at)} (${ev.reserve} in reserve)`;
        case 'turn_end': return `${who}'s turn ends${ev.moves_lost ? ` (${ev.moves_lost} moves lost)` : ''}`;
        case 'won': return `${who} wins (${reasonText(ev.reason)})`;
        case 'game_end': return ev.reason === 'stall' ? 'Game over: a draw, as no piece went out or came into play for too many rounds' : `Game over (${reasonText(ev.reason)})`;
        case 'game_over': return 'Game over';
      }
      break;
  }
  // Anything else: its kind and fields, so nothing happens unsaid.
  const rest = Object.entries(ev)
    .filter(([k]) => k !== 'kind' && k !== 'seat')
    .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`)
    .join(', ');
  return `${who ? `${who}: ` : ''}${String(ev.kind).replace(/_/g, ' ')}${rest ? ` (${rest})` : ''}`;
}

/** A stored move, shortly (history page). */
export function moveText(game, mv) {
  if (!mv || typeof mv !== 'object') return JSON.stringify(mv);
  if (mv.hidden) return 'a secret setup (shown when the match ends)';
  switch (game) {
    case 'abalone':
      return `${mv.notation}${mv.dir ? ` ${mv.dir}` : ''}`;
    case 'pinuid':
      return mv.action === 'reenter' ? `re-entered a piece on ${mv.to}` : `${mv.from}→${mv.to}${mv.remove && mv.remove.length ? `, removed ${mv.remove.join(' and ')}` : ''}`;
    case 'triominos':
      switch (mv.action) {
        case 'place': return `placed ${tile(mv.tile)}`;
        case 'draw': return 'drew a tile';
        case 'pass': return 'passed';
        default: return String(mv.action).replace(/_/g, ' ');
      }
    case 'trangouar':
      switch (mv.action) {
        case 'setup': return `set up ${mv.cubes.length} cubes`;
        case 'move': return `moved ${mv.cube} to ${mv.path[mv.path.length - 1]}`;
        case 'attack': return `attacked ${mv.target} from ${mv.cube}`;
        case 'exchange': return `recoloured ${mv.cube} to ${mv.red} red, ${mv.black} black, ${mv.white} white`;
        case 'lose': return `gave up ${pearls(mv.pearls)}`;
        case 'nothing': return 'did nothing';
        default: return String(mv.action).replace(/_/g, ' ');
      }
    case 'groups-of-three':
      switch (mv.action) {
        case 'step': return mv.to === 'C' ? `out from ${sp(mv.from)}` : `${sp(mv.from)} to ${sp(mv.to)}`;
        case 'cross': return `${sp(mv.from)} over ${sp(mv.via)} to ${sp(mv.to)}`;
        case 'add': return `a new piece on ${sp(mv.at)}`;
        case 'end': return 'ends the turn';
        default: return String(mv.action).replace(/_/g, ' ');
      }
  }
  return JSON.stringify(mv);
}
