//! Challenges on every page (issue 47, point 3): the open challenges made to the player, heard on
//! the shared WebSocket with its games (`join` with `games`: a `challenges` frame, then
//! `challenge`, `challenge_canceled`, `challenge_declined`; docs/protocol.md "Challenges"), each
//! offered with Accept (the player takes its seat and goes to the room) and Decline (with a reason
//! if the player gives one). A challenge the player made that was declined or went unanswered is
//! said too, until dismissed. Drawn in the region under the header (index.html `#challenges`).

import { api } from './api.js';
import { h, mount } from './dom.js';
import { navigate } from './app.js';
import { gameName } from './events.js';
import { botBadge } from './ratings.js';
import { t, errText } from './i18n.js';

/** The frames this module reads (ws.js hands them to the games' watcher, which passes them on). */
export const CHALLENGE_FRAMES = new Set(['challenges', 'challenge', 'challenge_canceled', 'challenge_declined']);

const open = new Map();
/** Said of the player's own challenges: `{id, text}`, until dismissed. */
let told = [];

const region = () => document.getElementById('challenges');

/** Takes one of CHALLENGE_FRAMES, or a `your_game` (a match started: its challenge is answered). */
export function onChallengeFrame(frame) {
  if (frame.type === 'challenges') {
    open.clear();
    for (const c of frame.challenges) open.set(c.id, c);
  } else if (frame.type === 'challenge') {
    open.set(frame.challenge.id, frame.challenge);
  } else if (frame.type === 'challenge_canceled' || frame.type === 'challenge_declined') {
    // Mine to answer: it is gone. Mine made: the challenger is told why.
    if (!open.delete(frame.id)) {
      const text = frame.type === 'challenge_canceled'
        ? t('challenge-expired')
        : frame.reason ? t('challenge-declined-why', { name: frame.by.name, reason: frame.reason }) : t('challenge-declined', { name: frame.by.name });
      told = [...told.filter((x) => x.id !== frame.id), { id: frame.id, text }];
    }
  } else if (frame.type === 'your_game' && frame.entry) {
    for (const [id, c] of open) if (c.room === frame.room) open.delete(id);
  } else {
    return;
  }
  render();
}

function render() {
  const el = region();
  if (!el) return;
  const items = [
    ...[...open.values()].map(offer),
    ...told.map(({ id, text }) => h('li', { class: 'challenge told', dataset: { challenge: id } },
      h('span', { class: 'challenge-what' }, text),
      h('button', { type: 'button', class: 'challenge-dismiss', onclick: () => { told = told.filter((x) => x.id !== id); render(); } }, t('challenge-dismiss')))),
  ];
  el.hidden = !items.length;
  el.setAttribute('aria-label', t('challenge-region'));
  mount(el, items.length ? h('ul', { class: 'challenge-list' }, items) : null);
}

/** One challenge made to the player: who, which game, Accept and Decline (Decline asks for a reason first, which may stay empty). */
function offer(c) {
  const err = h('span', { class: 'error small', role: 'alert' });
  const act = async (what, body) => {
    err.textContent = '';
    try {
      await api('POST', `/challenges/${c.id}/${what}`, body);
      open.delete(c.id);
      render();
      if (what === 'accept') navigate(`/r/${c.room}`);
    } catch (ex) {
      err.textContent = errText(ex);
    }
  };
  const reason = h('input', { type: 'text', class: 'challenge-reason', maxlength: 500, 'aria-label': t('challenge-reason'), placeholder: t('challenge-reason') });
  const declining = h('form', {
    class: 'challenge-declining',
    hidden: true,
    onsubmit: (e) => {
      e.preventDefault();
      const why = reason.value.trim();
      act('decline', why ? { reason: why } : {});
    },
  }, reason, h('button', { type: 'submit', class: 'challenge-decline-send' }, t('challenge-decline-send')));
  const buttons = h('span', { class: 'challenge-buttons' },
    h('button', { type: 'button', class: 'primary challenge-accept', onclick: () => act('accept', {}) }, t('challenge-accept')),
    h('button', {
      type: 'button',
      class: 'challenge-decline',
      onclick: () => {
        buttons.hidden = true;
        declining.hidden = false;
        reason.focus();
      },
    }, t('challenge-decline')));
  return h('li', { class: 'challenge', dataset: { challenge: c.id, room: c.room } },
    h('span', { class: 'challenge-what' },
      t('challenge-incoming', { name: c.challenger.name, game: gameName(c.game) }), c.challenger.bot ? [' ', botBadge()] : null),
    buttons, declining, err);
}
