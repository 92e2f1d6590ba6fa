//! Ratings beside names: a player's public record (`GET /api/v1/players/{id}`) fetched once per
//! short while and shared by every name on the page (the lobby polls every few seconds and a room
//! redraws its seats on every frame: without the cache each would ask again), and the links from a
//! name to its profile page.

import { api } from './api.js';
import { t } from './i18n.js';
import { h } from './dom.js';

/** How long a player's record is reused before asking again (ratings move only at a match's end). */
const TTL_MS = 30000;
/** A rating with a deviation at or above this is not settled yet (the server's leaderboard rule). */
export const UNSETTLED = 150;

const cache = new Map(); // id -> {at, promise}

/** The player's record, from the cache while fresh; a failure is not kept, so the next call retries. */
export function player(id) {
  const hit = cache.get(id);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.promise;
  const promise = api('GET', `/players/${encodeURIComponent(id)}`);
  cache.set(id, { at: Date.now(), promise });
  promise.catch(() => cache.delete(id));
  return promise;
}

/** Forgets what is cached (after a match ends the ratings have moved). */
export function forgetRatings() {
  cache.clear();
}

/**
 * A rating as people read it: rounded, and said provisional while it is not settled ("1532
 * (provisional)"; a bare "1532?" explained nothing).
 * `r` is `{rating, deviation}`, or missing for a player without a rated match in that game.
 */
export function ratingText(r) {
  if (!r) return '?';
  const rating = String(Math.round(r.rating));
  return r.deviation >= UNSETTLED ? t('rating-provisional', { rating }) : rating;
}

/** A rating change in words: "+12", "−12" (a true minus sign), "±0". */
export function changeText(change) {
  const d = Math.round(change.after) - Math.round(change.before);
  return d > 0 ? `+${d}` : d < 0 ? `\u2212${-d}` : '\u00b10';
}

/** The `ratings[game]` of a player, or null (no rated match, or the record cannot be had). */
export async function ratingOf(id, game) {
  try {
    const p = await player(id);
    return (p.ratings && p.ratings[game]) || null;
  } catch {
    return null;
  }
}

export const profileHref = (id) => `/p/${id}`;

/**
 * A bot's name in the page's language (the server names bots in English): « Ordinateur » when it
 * is the only one, else numbered among the bots in seat order (« Ordinateur 2 »). `botSeats`: the
 * seats that bots play.
 */
export function botName(seat, botSeats) {
  return botSeats.length > 1 ? t('bot-n', { n: botSeats.indexOf(seat) + 1 }) : t('bot-one');
}

/**
 * The name of a match's player (a match summary's `players[seat]`, `players` all of them): a
 * person's own name, a bot's in the page's language.
 */
export function matchPlayerName(p, seat, players) {
  if (!p) return t('seat-n', { n: seat + 1 });
  if (!p.bot) return p.name;
  const bots = players.map((x, i) => (x && x.bot ? x.seat ?? i : null)).filter((x) => x !== null);
  return botName(p.seat ?? seat, bots);
}

/** A player's name (or `label`) as a link to its profile page, with BOT beside a bot account's. */
export function profileLink(p, label = p.name) {
  return h('a', { href: profileHref(p.id), 'data-nav': '', class: 'player-link' }, label, p.bot ? [' ', botBadge()] : null);
}

/** BOT, beside the name of a bot account (a program, playing through the bot API: docs/bots.md). */
export function botBadge() {
  return h('span', { class: 'bot-badge', title: t('bot-account-title') }, t('bot-account-badge'));
}

/**
 * The player's rating in `game` as a small badge, filled in when known; empty for a player who
 * never played a rated match of it, so that an unrated room does not fill with question marks.
 */
export function ratingBadge(id, game) {
  const badge = h('span', { class: 'rating muted small', dataset: { player: id } });
  ratingOf(id, game).then((r) => {
    if (!r) return;
    badge.textContent = ratingText(r);
    const args = { rating: String(Math.round(r.rating)), spread: String(Math.round(2 * r.deviation)), count: r.games };
    badge.title = r.deviation >= UNSETTLED ? t('rating-title-unsettled', args) : t('rating-title', args);
    badge.dataset.rating = String(Math.round(r.rating));
  });
  return badge;
}

/** A name linking to its profile, with its rating in `game` beside it. */
export function playerName(p, game, label = p.name) {
  return h('span', { class: 'who' }, profileLink(p, label), ' ', ratingBadge(p.id, game));
}
