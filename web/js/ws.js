//! The WebSocket connection to /api/v1/ws: auth, then room frames routed to the page that watches
//! the room. A dropped connection reconnects by itself with backoff and says so while it is down;
//! each watcher's `onOpen` runs again after every reconnect (to join the room again and resync).

import { GAMES_WATCH } from './your-games.js';
import { CHALLENGE_FRAMES } from './challenges.js';

const MIN_DELAY = 500;
const MAX_DELAY = 10000;
const PING_EVERY = 15000;
/** No frame at all for this long (pings included) means a dead connection. */
const SILENCE = 40000;
/** Close codes of the contract: an unknown token, and "try again later" (the database is away). */
const CLOSE_UNKNOWN_TOKEN = 4001;
const CLOSE_TRY_AGAIN_LATER = 1013;
/** The player is banned by a moderator: no retry, the page says so. */
const CLOSE_BANNED = 4003;

export class Connection {
  constructor(token, onStatus) {
    this.token = token;
    this.onStatus = onStatus;
    this.ws = null;
    this.ready = false;
    this.attempt = 0;
    this.watchers = new Map();
    this.timer = null;
    this.pinger = null;
    this.lastHeard = 0;
    this.closed = false;
    this.player = null;
  }

  /** Watches a room: `handler(frame)` gets its frames, `onOpen()` runs on every (re)connection. */
  watch(room, handler, onOpen) {
    this.watchers.set(room.toUpperCase(), { handler, onOpen });
    if (this.ready) onOpen();
    else this.connect();
  }

  unwatch(room) {
    this.watchers.delete(room.toUpperCase());
  }

  connect() {
    if (this.closed || (this.ws && this.ws.readyState <= 1)) return;
    clearTimeout(this.timer);
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/api/v1/ws`);
    this.ws = ws;
    this.ready = false;
    this.status('connecting');
    ws.onopen = () => {
      this.lastHeard = Date.now();
      ws.send(JSON.stringify({ type: 'auth', token: this.token }));
    };
    ws.onmessage = (m) => {
      this.lastHeard = Date.now();
      let frame;
      try {
        frame = JSON.parse(m.data);
      } catch {
        return;
      }
      this.dispatch(frame);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ready = false;
      clearInterval(this.pinger);
      if (this.closed) return;
      // 4001 alone means the server does not know this token. Any other close, 1013 ("try again
      // later": the server cannot check tokens now, its database is away) included, is retried
      // with backoff, and the identity is kept.
      if (e.code === CLOSE_UNKNOWN_TOKEN) {
        this.status('auth_failed');
        return;
      }
      if (e.code === CLOSE_BANNED) {
        this.status('banned');
        return;
      }
      this.retry(e.code === CLOSE_TRY_AGAIN_LATER ? 'unavailable' : 'down');
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  /** Connects again after a backoff; `state` says why the connection is down ('down' or 'unavailable'). */
  retry(state = 'down') {
    const delay = Math.min(MAX_DELAY, MIN_DELAY * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt += 1;
    const at = Date.now() + delay;
    this.status(state, { at, attempt: this.attempt });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Tries again now (the "Reconnect now" button). */
  reconnectNow() {
    this.attempt = 0;
    clearTimeout(this.timer);
    this.connect();
  }

  dispatch(frame) {
    if (frame.type === 'welcome') {
      this.ready = true;
      this.attempt = 0;
      this.player = frame.player;
      this.status('open');
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.heartbeat(), PING_EVERY);
      for (const w of this.watchers.values()) w.onOpen();
      return;
    }
    if (frame.type === 'pong') return;
    // The player's games (your-games.js) and the challenges heard with them (challenges.js),
    // whichever room they name.
    if (frame.type === 'games' || frame.type === 'your_game' || CHALLENGE_FRAMES.has(frame.type)) {
      const w = this.watchers.get(GAMES_WATCH);
      if (w) w.handler(frame);
      return;
    }
    // A followed tournament's frames go to its page (watched as `T:ID`).
    if (frame.type === 'tournament') {
      const w = this.watchers.get(`T:${frame.tournament.id}`.toUpperCase());
      if (w) w.handler(frame);
      return;
    }
    const room = frame.room && typeof frame.room === 'object' ? frame.room.code : frame.room;
    if (room) {
      const w = this.watchers.get(String(room).toUpperCase());
      if (w) w.handler(frame);
      return;
    }
    // A frame without a room (an error to a frame we sent): every watcher decides if it is theirs.
    for (const w of this.watchers.values()) w.handler(frame);
  }

  heartbeat() {
    if (!this.ws || this.ws.readyState !== 1) return;
    if (Date.now() - this.lastHeard > SILENCE) {
      this.drop();
      return;
    }
    this.ws.send(JSON.stringify({ type: 'ping' }));
  }

  /** Sends a frame; false when the connection is down (the caller keeps what it needs to resend). */
  send(frame) {
    if (!this.ws || this.ws.readyState !== 1 || !this.ready) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** Drops the socket as a network failure would (used by the heartbeat, and by tests). */
  drop() {
    if (this.ws) this.ws.close();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }

  status(state, info = {}) {
    this.state = state;
    if (this.onStatus) this.onStatus(state, info);
  }
}
