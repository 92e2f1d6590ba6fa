//! The player's matches under way ("your games", docs/protocol.md), kept live over the shared
//! WebSocket: followed once the page has an identity (`join` with `games`, again after each
//! reconnect), replaced by the `games` frame, one room at a time by `your_game`. The header's
//! bar (games-bar.js) and the /games page (games-page.js) read it here, so both say the same. The
//! same follow carries the challenges made to the player, which challenges.js keeps.

import { serverSkew } from './api.js';

/** The watcher key of these frames on the connection (no room code has a colon). */
export const GAMES_WATCH = ':GAMES';

const games = new Map();
const listeners = new Set();
let known = false;

/**
 * Follows the player's games on `connection` (a Connection of ws.js); `also` gets every frame of
 * the follow too (the challenges heard with the games, challenges.js).
 */
export function followGames(connection, also = () => {}) {
  connection.watch(GAMES_WATCH, (frame) => { onFrame(frame); also(frame); }, () => connection.send({ type: 'join', games: true }));
}

function onFrame(frame) {
  if (frame.type === 'games') {
    games.clear();
    for (const g of frame.games) games.set(g.room, g);
    known = true;
  } else if (frame.type === 'your_game') {
    const held = games.get(frame.room);
    if (!frame.entry) games.delete(frame.room);
    // Words about a room may cross: the newer version stays.
    else if (!held || held.version <= frame.entry.version) games.set(frame.room, frame.entry);
  } else {
    return;
  }
  for (const fn of listeners) fn();
}

/** Whether the list has come yet (before it, nothing is said either way). */
export function gamesKnown() {
  return known;
}

/** The games, those awaiting the player first, each group the longest waiting first. */
export function yourGames() {
  const when = (g) => (g.last_move_at ? Date.parse(g.last_move_at) : 0);
  return [...games.values()].sort((a, b) => Number(b.your_turn) - Number(a.your_turn) || when(a) - when(b));
}

/** How many games await the player's move. */
export function awaitingCount() {
  return yourGames().filter((g) => g.your_turn).length;
}

/** Calls `fn` at every change; returns what stops it. */
export function onGames(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The player's time left in `g` now, in ms (its clock runs while it is the player's move); null without a clock. */
export function timeLeft(g) {
  if (g.time_left_ms == null) return null;
  if (!g.your_turn) return g.time_left_ms;
  const serverNow = Date.now() - (serverSkew() || 0);
  return Math.max(0, g.time_left_ms - (serverNow - Date.parse(g.at)));
}
