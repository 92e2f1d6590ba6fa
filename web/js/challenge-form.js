//! A profile's Challenge (issue 47, points 2 and 9): a button opening a small form (game, players,
//! options as the catalog gives them, clock, rated; the same fields as home's New room,
//! game-form.js and clock-form.js) that sends `POST /api/v1/challenges` naming the profile's
//! player, then takes the challenger to the challenge's room to wait for the answer.

import { api, games } from './api.js';
import { h, mount } from './dom.js';
import { navigate } from './app.js';
import { gameFields } from './game-form.js';
import { clockChooser } from './clock-form.js';
import { t, errText } from './i18n.js';

/** `{button, form}` for challenging `player` (`{id, name}`); the form shows once the button is pressed. */
export function challengeButton(player) {
  const box = h('section', { class: 'card', id: 'challenge-box', hidden: true, 'aria-labelledby': 'challenge-h' });
  const button = h('button', {
    type: 'button',
    id: 'challenge-button',
    class: 'primary',
    onclick: async () => {
      box.hidden = !box.hidden;
      if (!box.hidden && !box.firstChild) await build(box, player);
    },
  }, t('challenge-button'));
  return { button, box };
}

async function build(box, player) {
  const heading = h('h2', { id: 'challenge-h' }, t('challenge-heading', { name: player.name }));
  let catalog;
  try {
    catalog = await games();
  } catch (ex) {
    mount(box, heading, h('p', { class: 'error' }, errText(ex)));
    return;
  }
  // One player challenged: two seats.
  const fields = gameFields(catalog, [2]);
  const clock = clockChooser();
  const rated = h('input', { type: 'checkbox', id: 'rated', name: 'rated', onchange: () => clock.fitToRated(rated.checked) });
  const err = h('p', { class: 'error', role: 'alert' });
  const form = h('form', {
    id: 'challenge-form',
    onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = '';
      try {
        const made = await api('POST', '/challenges', {
          to: [player.id],
          game: fields.gameSel.value,
          players: Number(fields.playersSel.value),
          options: fields.options(),
          clock: clock.read(),
          rated: rated.checked,
        });
        navigate(`/r/${made.room}`);
      } catch (ex) {
        err.textContent = errText(ex);
      }
    },
  },
  h('div', { class: 'grid2' },
    h('div', {}, h('label', { for: 'game' }, t('label-game')), fields.gameSel),
    h('div', {}, h('label', { for: 'players' }, t('label-players')), fields.playersSel)),
  fields.about,
  fields.optionsBox,
  clock.field,
  clock.custom,
  h('p', { class: 'muted small' }, t('challenge-wait-note', { name: player.name })),
  h('div', { class: 'create-row' },
    h('label', { class: 'rated-toggle', title: t('create-rated-title') }, rated, ' ', t('label-rated')),
    h('button', { type: 'submit', class: 'primary', id: 'challenge-send' }, t('challenge-send'))),
  err);
  mount(box, heading, form);
}
