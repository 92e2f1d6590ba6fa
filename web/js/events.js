//! Words for people: game names, results, and one line per event (the `events` of a patch), plus a
//! short text for a stored move on the history page. What is said the same in every game is here;
//! a game's own events, moves and reasons are said by the game (`games/<id>/index.js`).

import { t } from './i18n.js';
import { gameOf, knownGames } from './games/index.js';

/** A game's name in the page's language ("Groups-of-Three", « Groupe de trois »). */
export function gameName(id) {
  const game = gameOf(id);
  return game ? game.name() : id;
}

/**
 * A game's name as players say it, with the variant its options pick ("Pinuid Quatro"); the bare
 * name for games without one, or when the options are not known.
 */
export function gameTitle(id, options) {
  const game = gameOf(id);
  const variant = options && game && game.variantName && game.variantName(options);
  return variant ? t('game-with-variant', { game: gameName(id), variant }) : gameName(id);
}

/** The reasons the server gives in every game (the games give theirs: each game's `reasons`). */
const REASONS = {
  ply_limit: () => t('reason-ply-limit'),
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

/** A result's reason in words: the server's, else the one of a game that gives it. */
export function reasonText(r) {
  const said = REASONS[r] || knownGames().map((g) => g.reasons && g.reasons[r]).find(Boolean);
  return said ? said() : String(r || '').replace(/_/g, ' ');
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

/** One line for an event, or null for events not worth a line. */
export function describeEvent(game, ev, nameOf) {
  const who = ev.seat !== undefined && ev.seat !== null ? nameOf(ev.seat) : '';
  // Events of the server's, the same in every game.
  if (ev.kind === 'forfeited') return forfeitText(ev, nameOf);
  if (ev.kind === 'draw_agreed') return t('draw-agreed');
  if (ev.kind === 'draw_declined') return t('ev-draw-declined', { who });
  const known = gameOf(game);
  const said = known && known.eventText && known.eventText(ev, { who, nameOf, reason: () => reasonText(ev.reason) });
  if (said !== undefined) return said;
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
  const known = gameOf(game);
  const said = known && known.moveText && known.moveText(mv);
  if (said !== undefined) return said;
  return JSON.stringify(mv);
}
