//! Words for people: game names, results, and one line per event of each game (the `events` of a
//! patch), plus a short text for a stored move on the history page.

import { t } from './i18n.js';

const NAMES = {
  abalone: () => t('game-abalone'),
  triominos: () => t('game-triominos'),
  pinuid: () => t('game-pinuid'),
  trangouar: () => t('game-trangouar'),
  'groups-of-three': () => t('game-groups-of-three'),
};

/** A game's name in the page's language ("Groups-of-Three", « Groupe de trois »). */
export function gameName(id) {
  return NAMES[id] ? NAMES[id]() : id;
}

/** Variants that make a game of their own for players: Pinuid's Classic and Quatro. */
const VARIANTS = { classic: () => t('variant-classic'), quatro: () => t('variant-quatro') };

/**
 * A game's name as players say it, with the variant its options pick ("Pinuid Quatro"); the bare
 * name for games without one, or when the options are not known.
 */
export function gameTitle(id, options) {
  const variant = options && VARIANTS[options.variant];
  return variant ? t('game-with-variant', { game: gameName(id), variant: variant() }) : gameName(id);
}

const REASONS = {
  six_ejected: () => t('reason-six-ejected'),
  ply_limit: () => t('reason-ply-limit'),
  no_legal_move: () => t('reason-no-legal-move'),
  two_pieces: () => t('reason-two-pieces'),
  last_survivor: () => t('reason-last-survivor'),
  no_removal_limit: () => t('reason-no-removal-limit'),
  no_moves: () => t('reason-no-moves'),
  all_pieces_out: () => t('reason-all-pieces-out'),
  blocked: () => t('reason-blocked'),
  simultaneous_wipe_out: () => t('reason-simultaneous-wipe-out'),
  stall: () => t('reason-stall'),
  went_out: () => t('reason-went-out'),
  target: () => t('reason-target'),
  rounds: () => t('reason-rounds'),
  aborted: () => t('reason-aborted'),
  timeout: () => t('reason-timeout'),
  resigned: () => t('reason-resigned'),
  abandoned: () => t('reason-abandoned'),
  no_show: () => t('reason-no-show'),
  agreed_draw: () => t('reason-agreed-draw'),
};

/** What a forfeit says of its seat: "Bob ran out of time". */
const FORFEITS = {
  resigned: (who) => t('forfeit-resigned', { who }),
  timeout: (who) => t('forfeit-timeout', { who }),
  abandoned: (who) => t('forfeit-abandoned', { who }),
  no_show: (who) => t('forfeit-no-show', { who }),
};

/** The word beside a seat that forfeited and is played by the server from then on. */
const FORFEIT_TAGS = {
  resigned: () => t('tag-resigned'),
  timeout: () => t('tag-timeout'),
  abandoned: () => t('tag-abandoned'),
  no_show: () => t('tag-no-show'),
};

/** The word beside a seat that forfeited for `reason` ("out" for a reason this client does not know). */
export function forfeitWord(reason) {
  return FORFEIT_TAGS[reason] ? FORFEIT_TAGS[reason]() : t('tag-out');
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
  return side && side.length > 1 ? t('team-of', { names: names(side, nameOf) }) : null;
}

/** "Bob ran out of time", with the team when Bob has a partner. */
export function forfeitText(f, nameOf, sides = null) {
  const say = FORFEITS[f.reason] || ((who) => t('forfeit-other', { who, reason: reasonText(f.reason) }));
  const team = teamOf(f.seat, sides, nameOf);
  return team ? t('forfeit-for-team', { forfeit: say(nameOf(f.seat)), team }) : say(nameOf(f.seat));
}

/** "Alice wins", "Alice & Carol win", or with teams "Team Alice & Carol wins". */
function winnersText(winners, nameOf, sides) {
  const team = winners.length > 1 && sides && sides.some((t) => t.length === winners.length && t.every((x) => winners.includes(x)));
  if (team) return t('team-wins', { names: names(winners, nameOf) });
  return winners.length === 1 ? t('one-wins', { who: nameOf(winners[0]) }) : t('several-win', { names: names(winners, nameOf) });
}

export function reasonText(r) {
  return REASONS[r] ? REASONS[r]() : String(r || '').replace(/_/g, ' ');
}

/** What a result says besides who won: "move limit reached · scores 6 – 3". */
export function resultDetail(result) {
  if (!result) return '';
  const reason = reasonText(result.reason);
  const detail = `${reason.charAt(0).toUpperCase()}${reason.slice(1)}`;
  return result.scores ? `${detail} · ${t('scores', { scores: result.scores.join(' – ') })}` : detail;
}

/** A rated match that ended (a forfeit, an agreed draw) before every player had moved. */
export const RATED_EARLY = () => t('rated-early');
/** A rated match whose players had been rated together in this game within the last day. */
export const PAIR_RATED_LATELY = () => t('pair-rated-lately');
/** An aborted match that only the rules engine's failure explains. */
export const ABORTED_INTERNAL = () => t('aborted-internal');

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
  if (rated === true && (forfeits.length || drawn)) return RATED_EARLY();
  if (rated === false || rated === true) return ABORTED_INTERNAL();
  return forfeits.length ? `${t('aborted')} · ${forfeits.join('; ')}` : t('aborted');
}

/**
 * A result for people: "Alice wins (six marbles ejected) · scores 6–3", "Bob ran out of time —
 * Alice wins", "Draw agreed". `sides` (from `sidesOf`) adds the team wording of Abalone with 4;
 * `how` says what the page knows of an aborted match (see `abortedText`).
 */
export function resultText(result, nameOf, sides = null, how = {}) {
  if (!result) return '';
  if (result.reason === 'aborted') return abortedText(result, nameOf, sides, how);
  if (result.reason === 'agreed_draw') return t('draw-agreed');
  const forfeits = (result.forfeited || []).map((f) => forfeitText(f, nameOf, sides));
  const won = result.winners.length ? winnersText(result.winners, nameOf, sides) : t('draw');
  if (FORFEITS[result.reason] && forfeits.length) return `${forfeits.join('; ')} — ${won}`;
  let text = `${won} (${reasonText(result.reason)})`;
  if (result.scores) text += ` · ${t('scores', { scores: result.scores.join(' – ') })}`;
  // Seats that forfeited before the rules ended the match (3 or 4 sides).
  if (forfeits.length) text += ` · ${forfeits.join('; ')}`;
  return text;
}

/** Octants of the Groups-of-Three board, anticlockwise from east (octant 0 lies east-north-east). */
const OCTANTS = [
  () => t('octant-ene'), () => t('octant-nne'), () => t('octant-nnw'), () => t('octant-wnw'),
  () => t('octant-wsw'), () => t('octant-ssw'), () => t('octant-sse'), () => t('octant-ese'),
];
const RINGS = { a: () => t('ring-inner'), b: () => t('ring-middle'), d: () => t('ring-outer') };
const COMPASS = {
  E: () => t('compass-e'), N: () => t('compass-n'), W: () => t('compass-w'), S: () => t('compass-s'),
  NE: () => t('compass-ne'), NW: () => t('compass-nw'), SE: () => t('compass-se'), SW: () => t('compass-sw'),
};
const PARTS = { x: () => t('part-big'), y: () => t('part-small-first'), z: () => t('part-small-second') };

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
  if (id === 'C') return t('space-out');
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
  if (id === 'C') return t('space-centre');
  let m = /^([abd])([0-7])$/.exec(id);
  if (m) return t('space-ring', { ring: RINGS[m[1]](), octant: OCTANTS[Number(m[2])]() });
  m = /^t([ENWS])$/.exec(id);
  if (m) return t('space-transit', { dir: COMPASS[m[1]]() });
  m = /^s([0-7])([xyz])$/.exec(id);
  if (m) return t('space-side-group', { octant: OCTANTS[Number(m[1])](), part: PARTS[m[2]]() });
  m = /^k(NE|NW|SE|SW)([xyz])$/.exec(id);
  if (m) return t('space-corner-group', { dir: COMPASS[m[1]](), part: PARTS[m[2]]() });
  return String(id);
}

/** A space for a screen reader: its label and where it lies ("kNWx, north-west corner group, big part"). */
export function spaceName(id) {
  return id === 'C' ? t('space-centre-out') : `${spaceLabel(id)}, ${spaceWords(id)}`;
}
const sp = spaceLabel;

const tile = (t) => (Array.isArray(t) ? t.join('-') : '?');
const pearls = (p) => (p ? t('pearls', { red: p.red ?? 0, black: p.black ?? 0, white: p.white ?? 0 }) : '');

/** A Triominos bonus by the name the server gives it ("hexagon", "bridge"), in words. */
function bonusName(name) {
  switch (name) {
    case 'hexagon': return t('bonus-hexagon');
    case 'double_hexagon': return t('bonus-double-hexagon');
    case 'triple_hexagon': return t('bonus-triple-hexagon');
    case 'bridge': return t('bonus-bridge');
    case 'bridge_side': return t('bonus-bridge-side');
    case 'opening': return t('bonus-opening');
    case 'zero_triple': return t('bonus-zero-triple');
    default: return String(name).replace(/_/g, ' ');
  }
}

/** Why a Trangouar cube became a corpse, in words. */
function corpseReason(reason) {
  switch (reason) {
    case 'pearls': return t('corpse-pearls');
    case 'blocked': return t('corpse-blocked');
    default: return String(reason || '').replace(/_/g, ' ');
  }
}

/** One line for an event, or null for events not worth a line. */
export function describeEvent(game, ev, nameOf) {
  const who = ev.seat !== undefined && ev.seat !== null ? nameOf(ev.seat) : '';
  // Events of the server's, the same in every game.
  if (ev.kind === 'forfeited') return forfeitText(ev, nameOf);
  if (ev.kind === 'draw_agreed') return t('draw-agreed');
  if (ev.kind === 'draw_declined') return t('ev-draw-declined', { who });
  const reason = () => reasonText(ev.reason);
  switch (game) {
    case 'abalone':
      if (ev.kind === 'moved') {
        let text = t('ev-abalone-moved', { who, notation: ev.notation, dir: ev.dir });
        if (ev.pushed && ev.pushed.length) text += t('ev-abalone-pushing', { count: ev.pushed.length });
        if (ev.ejected) text += t('ev-abalone-ejecting', { owner: nameOf(ev.ejected.owner), score: ev.score });
        return text;
      }
      break;
    case 'pinuid':
      switch (ev.kind) {
        case 'moved': return t('ev-moved-arrow', { who, from: ev.from, to: ev.to });
        case 'line': return t('ev-pinuid-line', { who, squares: ev.squares.join(' ') });
        case 'removed': return t('ev-pinuid-removed', { who, square: ev.square });
        case 'reentered': return t('ev-pinuid-reentered', { who, square: ev.square });
        case 'passed': return t('ev-pinuid-passed', { who, reason: reason() });
        case 'eliminated': return t('ev-pinuid-eliminated', { who, reason: reason() });
        case 'won': return t('ev-wins-because', { who, reason: reason() });
        case 'draw': return t('ev-draw-because', { reason: reason() });
      }
      break;
    case 'triominos':
      switch (ev.kind) {
        case 'placed': {
          const b = (ev.bonuses || []).map((x) => `${bonusName(x.name)} +${x.points}`).join(', ');
          return t('ev-triominos-placed', { who, tile: tile(ev.tile), points: ev.points }) + (b ? ` (${b})` : '');
        }
        case 'drew': return ev.tile ? t('ev-triominos-drew-tile', { who, tile: tile(ev.tile), points: String(ev.points) }) : t('ev-triominos-drew', { who, points: String(ev.points) });
        case 'passed': return ev.auto ? t('ev-triominos-passed-auto', { who }) : t('ev-triominos-passed', { who });
        case 'penalty': return t('ev-triominos-penalty', { who, points: String(ev.points) });
        case 'revealed': return t('ev-triominos-revealed', { who, tile: tile(ev.tile) });
        case 'round_end': return t('ev-triominos-round-end', { round: ev.round, reason: reason(), scores: ev.scores.join(' – ') });
        case 'round_start': return t('ev-triominos-round-start', { round: ev.round, opener: nameOf(ev.opener) });
        case 'dealt': return ev.rack ? t('ev-triominos-dealt', { tiles: ev.rack.map(tile).join(' ') }) : null;
        case 'game_end': return t('ev-game-over-because', { reason: reason() });
      }
      break;
    case 'trangouar':
      switch (ev.kind) {
        case 'ready': return ev.cubes ? t('ev-trangouar-ready-cubes', { who, count: ev.cubes.length }) : t('ev-trangouar-ready', { who });
        case 'revealed': return t('ev-trangouar-revealed', { starter: nameOf(ev.starter) });
        case 'nothing': return t('ev-trangouar-nothing', { who });
        case 'exchange': return t('ev-trangouar-exchange', { who, cube: ev.cube, pearls: pearls(ev.to) });
        case 'move': return t('ev-moved-arrow', { who, from: ev.cube, to: ev.to });
        case 'attack': {
          let text = t('ev-trangouar-attack', { who, target: ev.target, cube: ev.cube, black: ev.black_faces, white: ev.white_faces });
          text += ev.loser ? t('ev-trangouar-attack-loser', { loser: ev.loser, count: ev.pearls_to_lose ?? '' }) : t('ev-trangouar-attack-no-loser');
          return text;
        }
        case 'pearls_lost': return t('ev-trangouar-pearls-lost', { who, pearls: pearls(ev.pearls), cube: ev.cube });
        case 'corpse': return t('ev-trangouar-corpse', { at: ev.at, reason: corpseReason(ev.reason) });
        case 'eliminated': return t('ev-trangouar-eliminated', { who });
        case 'stall': return t('ev-trangouar-stall', { count: ev.quiet_rounds });
        case 'won': return t('ev-trangouar-won', { who });
        case 'draw': return t('ev-draw-because', { reason: reason() });
      }
      break;
    case 'groups-of-three':
      switch (ev.kind) {
        case 'dice': return t('ev-groups-dice', { who, a: String(ev.values[0]), b: String(ev.values.slice(1).join(' ')) });
        case 'moved': return t('ev-groups-moved', { who, from: sp(ev.from), to: sp(ev.to) });
        case 'crossed': return t('ev-groups-crossed', { who, from: sp(ev.from), via: sp(ev.via), to: sp(ev.to) });
        case 'exited': return t('ev-groups-exited', { who, from: sp(ev.from), count: ev.exited });
        case 'added': return t('ev-groups-added', { who, at: sp(ev.at), count: ev.reserve });
        case 'turn_end': return ev.moves_lost ? t('ev-groups-turn-end-lost', { who, count: ev.moves_lost }) : t('ev-groups-turn-end', { who });
        case 'won': return t('ev-wins-because', { who, reason: reason() });
        case 'game_end': return ev.reason === 'stall' ? t('ev-groups-stall') : t('ev-game-over-because', { reason: reason() });
        case 'game_over': return t('ev-game-over');
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
  if (mv.hidden) return t('mv-hidden');
  switch (game) {
    case 'abalone':
      return `${mv.notation}${mv.dir ? ` ${mv.dir}` : ''}`;
    case 'pinuid':
      if (mv.action === 'reenter') return t('mv-pinuid-reenter', { to: mv.to });
      return mv.remove && mv.remove.length ? t('mv-pinuid-move-removed', { from: mv.from, to: mv.to, removed: mv.remove.join(` ${t('and')} `) }) : `${mv.from}→${mv.to}`;
    case 'triominos':
      switch (mv.action) {
        case 'place': return t('mv-triominos-place', { tile: tile(mv.tile) });
        case 'draw': return t('mv-triominos-draw');
        case 'pass': return t('mv-triominos-pass');
        default: return String(mv.action).replace(/_/g, ' ');
      }
    case 'trangouar':
      switch (mv.action) {
        case 'setup': return t('mv-trangouar-setup', { count: mv.cubes.length });
        case 'move': return t('mv-trangouar-move', { cube: mv.cube, to: mv.path[mv.path.length - 1] });
        case 'attack': return t('mv-trangouar-attack', { target: mv.target, cube: mv.cube });
        case 'exchange': return t('mv-trangouar-exchange', { cube: mv.cube, pearls: pearls(mv) });
        case 'lose': return t('mv-trangouar-lose', { pearls: pearls(mv.pearls) });
        case 'nothing': return t('mv-trangouar-nothing');
        default: return String(mv.action).replace(/_/g, ' ');
      }
    case 'groups-of-three':
      switch (mv.action) {
        case 'step': return mv.to === 'C' ? t('mv-groups-out', { from: sp(mv.from) }) : t('mv-groups-step', { from: sp(mv.from), to: sp(mv.to) });
        case 'cross': return t('mv-groups-cross', { from: sp(mv.from), via: sp(mv.via), to: sp(mv.to) });
        case 'add': return t('mv-groups-add', { at: sp(mv.at) });
        case 'end': return t('mv-groups-end');
        default: return String(mv.action).replace(/_/g, ' ');
      }
  }
  return JSON.stringify(mv);
}
