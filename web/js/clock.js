//! Match clocks in the browser: a room's clock setting in words, the time left in a glance (m:ss,
//! h:mm:ss, days for correspondence), and the countdown of `view.clock`. The server is the only
//! judge of time: the figures of the last view are counted down locally from when they arrived, so
//! that a clock moves smoothly between versions, and never below zero (the forfeit comes from the
//! server).

import { h, mount } from './dom.js';
import { t } from './i18n.js';
import { serverSkew } from './api.js';

/** How often a running clock is redrawn (a background tab slows timers down; that is fine). */
const TICK_MS = 100;
/** A clock turns red under 10 s, or under a tenth of the full time for long clocks. */
const LOW_MS = 10000;

/** The full time of a setting, in ms: a Fischer bank, or one decision's time. */
export function fullMs(setting) {
  if (!setting) return 0;
  switch (setting.kind) {
    case 'fischer': return setting.initial_s * 1000;
    case 'per_move': return setting.s * 1000;
    case 'correspondence': return setting.days * 86400 * 1000;
  }
  return 0;
}


/** A number of seconds in short words: "5 min", "90 s", "1 h 30 min". */
function span(s) {
  if (s % 3600 === 0) return t('span-h', { h: s / 3600 });
  if (s >= 3600) return t('span-h-min', { h: Math.floor(s / 3600), min: Math.floor((s % 3600) / 60) });
  if (s % 60 === 0) return t('span-min', { min: s / 60 });
  return t('span-s', { s });
}

/** "5 min + 3 s per move", "1 min per move", "3 days per move", or "No clock". */
export function clockText(setting) {
  if (!setting) return t('clock-none');
  switch (setting.kind) {
    case 'fischer': return setting.increment_s ? t('clock-fischer', { initial: span(setting.initial_s), increment: span(setting.increment_s) }) : t('clock-fischer-bank', { initial: span(setting.initial_s) });
    case 'per_move': return t('clock-per-move', { time: span(setting.s) });
    case 'correspondence': return t('clock-days-per-move', { count: setting.days });
  }
  return t('clock-unknown');
}

/** Time left as a clock shows it: "4:07", "1:02:09", "2 d 05 h"; whole seconds, rounded up. */
export function fmtLeft(ms) {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const d = Math.floor(total / 86400);
  const hh = Math.floor((total % 86400) / 3600);
  const mm = Math.floor((total % 3600) / 60);
  const ss = total % 60;
  const two = (n) => String(n).padStart(2, '0');
  if (d > 0) return t('left-days', { d, h: two(hh), min: two(mm) });
  if (hh > 0) return `${hh}:${two(mm)}:${two(ss)}`;
  return `${mm}:${two(ss)}`;
}

/** Whether `ms` left is little enough to turn the clock red. */
export function isLow(ms, setting) {
  return ms < Math.max(LOW_MS, fullMs(setting) / 10);
}

/**
 * The clocks of a room, one per seat, in `box`. `set(view.clock)` takes the figures of a new view
 * (null: no clock); `stop()` freezes them (the match is over); `destroy()` stops the timer.
 * `nameOf(seat)`, `setting()` (the room's clock) and `forfeit(seat)` (`{reason, tag}` of a seat
 * that forfeited, or null) come from the room page. A seat that lost on time shows 0:00 whatever
 * the figures say (with a per-move clock the server's last figures give every seat its full time
 * again); a seat that forfeited says so instead of counting.
 */
export function clockStrip(box, { nameOf, setting, forfeit }) {
  let figures = null;
  let received = 0;
  let skew = null;
  let frozen = false;
  let cells = [];
  let timer = null;

  /**
   * How long ago, at arrival, the figures were taken (`at` is the time of the last version, so a
   * snapshot after a reconnect or a reload can be old): the frame's lag less the difference
   * between the two machines' clocks. That difference is first read from the server's HTTP `Date`
   * (to within half a second), and lowered whenever a frame arrives sooner than it allows, so
   * that this machine's clock need not agree with the server's.
   */
  function staleness(at) {
    const lag = received - Date.parse(at);
    if (!Number.isFinite(lag)) return 0;
    if (skew === null) skew = serverSkew() ?? lag;
    skew = Math.min(skew, lag);
    return Math.max(0, lag - skew);
  }

  function left(seat) {
    const out = forfeit(seat);
    if (out && out.reason === 'timeout') return 0;
    const base = figures.remaining_ms[seat] ?? 0;
    if (frozen || !figures.running.includes(seat)) return Math.max(0, base);
    return Math.max(0, base - (Date.now() - received) - figures.stale);
  }

  function draw() {
    if (!figures) return;
    cells.forEach((cell, seat) => {
      const ms = left(seat);
      const out = forfeit(seat);
      const text = out && out.reason !== 'timeout' ? out.tag : fmtLeft(ms);
      if (cell.time.textContent !== text) cell.time.textContent = text;
      const running = !out && !frozen && figures.running.includes(seat);
      cell.el.classList.toggle('running', running);
      cell.el.classList.toggle('out', !!out);
      cell.el.classList.toggle('low', isLow(ms, setting()));
      cell.el.dataset.ms = String(Math.round(ms));
    });
  }

  function build() {
    cells = figures.remaining_ms.map((_, seat) => {
      const time = h('span', { class: 'clock-time' });
      const el = h('li', { class: 'clock', dataset: { seat } }, h('span', { class: 'clock-name' }, nameOf(seat)), time);
      return { el, time };
    });
    mount(box, cells.map((c) => c.el));
  }

  return {
    set(clock) {
      if (!clock) {
        figures = null;
        box.hidden = true;
        clearInterval(timer);
        timer = null;
        return;
      }
      received = Date.now();
      figures = { ...clock, stale: staleness(clock.at) };
      frozen = false;
      box.hidden = false;
      if (cells.length !== clock.remaining_ms.length) build();
      cells.forEach((c, seat) => { c.el.firstChild.textContent = nameOf(seat); });
      draw();
      if (!timer) timer = setInterval(draw, TICK_MS);
    },
    stop() {
      if (figures) {
        // What is left at the end stays shown as it was at the last figures less the time run since.
        figures = { ...figures, remaining_ms: figures.remaining_ms.map((_, seat) => left(seat)) };
      }
      frozen = true;
      draw();
      clearInterval(timer);
      timer = null;
    },
    destroy() {
      clearInterval(timer);
      timer = null;
    },
  };
}
