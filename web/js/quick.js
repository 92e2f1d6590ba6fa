//! "Play now" (quick pairing, `POST /api/v1/rooms/quick`): a small form in the lobby (game, players,
//! clock, rated: a rated one always with a clock) that sends the player to a waiting public room of
//! its level, or to a new one.
//!
//! The server holds no seat: if someone else takes the last seat first, joining the room is refused
//! `room_full`. The room page then calls [`retryQuick`], which asks again (a few times) with what
//! was asked before, kept for the tab in sessionStorage.

import { api, games } from './api.js';
import { h, mount } from './dom.js';
import { navigate } from './app.js';
import { PRESETS, fitClockToRated } from './clock-form.js';
import { gameName } from './events.js';
import { t, errText } from './i18n.js';

const KEY = 'plateau.quick';
/** Quick pairings made again after `room_full`, before the player is left to watch. */
const RETRIES = 3;

/** Asks for a room and goes there; `tries` counts the asks that ended in `room_full`. */
async function playNow(ask, tries = 0) {
  const { room } = await api('POST', '/rooms/quick', ask);
  sessionStorage.setItem(KEY, JSON.stringify({ ask, code: room.code, tries }));
  navigate(`/r/${room.code}`, tries > 0);
}

/**
 * Called by the room page when joining `code` as a player was refused `room_full`: if this tab came
 * to the room by "Play now", asks again and goes to the new room (true), else false (the caller
 * carries on as for any full room).
 */
export function retryQuick(code) {
  let last = null;
  try {
    last = JSON.parse(sessionStorage.getItem(KEY) || 'null');
  } catch {
    last = null;
  }
  if (!last || last.code !== code || last.tries >= RETRIES) return false;
  playNow(last.ask, last.tries + 1).catch(() => sessionStorage.removeItem(KEY));
  return true;
}

/**
 * The "Play now" form and its error line; the catalog fills the form in once loaded. `beforePlay`
 * runs (and is awaited) before asking: on a first visit, it gets the player a name.
 */
export function quickBox({ beforePlay = async () => {} } = {}) {
  const gameSel = h('select', { id: 'quick-game', name: 'game', 'aria-label': t('label-game') });
  const playersSel = h('select', { id: 'quick-players', name: 'players', 'aria-label': t('label-players') });
  // The named clocks only: quick pairing is for the usual settings, which others will also pick.
  const clockSel = h(
    'select',
    { id: 'quick-clock', name: 'clock', 'aria-label': t('label-clock') },
    PRESETS.filter((p) => p.id !== 'custom').map((p) => h('option', { value: p.id }, p.label)),
  );
  // A rated room needs a clock (the server refuses one without): as on the create form, ticking
  // Rated turns "No clock" off and moves a clock left at none to Rapid 15+10, said below the form.
  const note = h('p', { class: 'muted small', id: 'quick-note', hidden: true });
  const rated = h('input', {
    type: 'checkbox',
    id: 'quick-rated',
    name: 'rated',
    onchange: () => {
      const set = fitClockToRated(clockSel, rated.checked);
      if (set) {
        note.textContent = t('quick-clock-picked', { clock: set });
        note.hidden = false;
      } else if (!rated.checked) note.hidden = true;
    },
  });
  const err = h('p', { class: 'error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary', id: 'play-now', disabled: true }, t('quick-play-now'));
  let catalog = [];

  const fillPlayers = () => {
    const g = catalog.find((x) => x.id === gameSel.value);
    const options = [];
    for (let n = g.min_players; n <= g.max_players; n++) options.push(h('option', { value: n }, t('players-count', { count: n })));
    mount(playersSel, options);
  };
  gameSel.addEventListener('change', fillPlayers);
  games()
    .then((list) => {
      catalog = list;
      mount(gameSel, list.map((g) => h('option', { value: g.id }, gameName(g.id))));
      fillPlayers();
      button.disabled = false;
    })
    .catch((ex) => {
      err.textContent = errText(ex);
    });

  const form = h(
    'form',
    {
      id: 'quick-form',
      class: 'inline quick',
      onsubmit: async (e) => {
        e.preventDefault();
        err.textContent = '';
        button.disabled = true;
        try {
          const clock = PRESETS.find((p) => p.id === clockSel.value).clock;
          // Never sent: "No clock" is off while Rated is ticked.
          if (rated.checked && !clock) throw new Error(t('rated-needs-clock'));
          await beforePlay();
          await playNow({
            game: gameSel.value,
            players: Number(playersSel.value),
            clock,
            rated: rated.checked,
          });
        } catch (ex) {
          err.textContent = errText(ex);
          button.disabled = false;
        }
      },
    },
    gameSel,
    playersSel,
    clockSel,
    h('label', { title: t('quick-rated-title') }, rated, ' ', t('label-rated')),
    button,
  );
  return h('div', { id: 'quick' }, form, note, err);
}
