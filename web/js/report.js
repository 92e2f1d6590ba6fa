//! Reporting a player to the server's moderators (`POST /api/v1/reports`): from a profile, or from
//! a chat line (then with the room, so that the server keeps the room's recent lines with it). A
//! dialog asks why (chat, cheating, stalling, name, other) and lets the reporter add a few words;
//! the answer is said in words: sent, already reported and still open, too many reports today.

import { api, identity, waitText, setBlocked } from './api.js';
import { t, errText } from './i18n.js';
import { h, mount, ask } from './dom.js';

const REASONS = [
  ['chat', () => t('report-chat')],
  ['cheating', () => t('report-cheating')],
  ['stalling', () => t('report-stalling')],
  ['name', () => t('report-name')],
  ['other', () => t('report-other')],
];

/** What the server's refusal means for the reporter. */
function refusalText(e) {
  if (e.status === 409) return t('report-already');
  if (e.status === 429) return t('report-too-many', { wait: waitText(e.retryAfter || 3600) });
  if (e.status === 404) return t('report-gone');
  return errText(e);
}

/**
 * Opens the report dialog about `player` (`{id, name}`), with the room's code or the match's id
 * when the report comes from one, and `reason` chosen first.
 */
export function reportPlayer(player, { room = null, match = null, reason = 'other' } = {}) {
  let dialog = document.getElementById('report-dialog');
  if (!dialog) {
    dialog = h('dialog', { class: 'confirm report', id: 'report-dialog', 'aria-labelledby': 'report-q' });
    document.body.append(dialog);
  }
  const why = h('select', { id: 'report-reason', name: 'reason' }, REASONS.map(([value, label]) => h('option', { value, selected: value === reason }, label())));
  const text = h('textarea', { id: 'report-text', name: 'text', maxlength: 500, rows: 3, placeholder: t('report-details-placeholder') });
  const answer = h('p', { id: 'report-answer', role: 'status' });
  const send = h('button', { type: 'submit', class: 'primary', id: 'report-send' }, t('report-send'));
  const form = h('form', {
    onsubmit: async (e) => {
      e.preventDefault();
      send.disabled = true;
      answer.className = '';
      try {
        const body = { player: player.id, reason: why.value };
        if (room) body.room = room;
        if (match) body.match = match;
        if (text.value.trim()) body.text = text.value.trim();
        await api('POST', '/reports', body);
        answer.textContent = t('report-thanks');
        answer.className = 'ok';
      } catch (ex) {
        answer.textContent = refusalText(ex);
        answer.className = 'error';
        send.disabled = false;
      }
    },
  },
  h('p', { id: 'report-q' }, h('strong', {}, t('report-question', { name: player.name }))),
  room ? h('p', { class: 'small muted' }, t('report-room-chat')) : null,
  h('label', { for: 'report-reason' }, t('report-why')), why,
  h('label', { for: 'report-text' }, t('report-details')), text,
  answer,
  h('div', { class: 'dialog-buttons' },
    h('button', { type: 'button', id: 'report-close', onclick: () => dialog.close() }, t('close')),
    send));
  mount(dialog, form);
  dialog.showModal();
}

/** A small "Report" button for `player`, unless it is this browser's own player. */
export function reportButton(player, options = {}) {
  const me = identity();
  if (!me || !player || !player.id || player.id === me.id) return null;
  return h('button', { type: 'button', class: 'small report-button', onclick: () => reportPlayer(player, options), 'aria-label': t('report-player', { name: player.name }), title: t('report-player', { name: player.name }) }, t('report'));
}

/**
 * A small "Block" button for `player` (none for this browser's own player): from then on the server
 * holds back its chat, never pairs us and keeps it out of rooms I host (docs/protocol.md,
 * "Blocks"). Blocking asks first. `blocked` says whether it is blocked already (the button then
 * lifts the block); `done(blocked, undo)` runs after the server took the change (`undo()` lifts
 * a block just made).
 */
export function blockButton(player, { blocked = false, done = () => {} } = {}) {
  const me = identity();
  if (!me || !player || !player.id || player.id === me.id) return null;
  let on = blocked;
  const label = () => (on ? t('unblock') : t('block'));
  const button = h('button', {
    type: 'button',
    class: 'small block-button',
    'aria-label': `${label()} ${player.name}`,
    onclick: async () => {
      // Blocking asks once (what it does); lifting a block does not.
      if (!on && !(await ask({ name: 'block', question: t('block-question', { name: player.name }), text: t('blocks-intro'), cancel: t('cancel'), confirm: t('block') }))) return;
      await set(!on);
    },
  }, label());
  async function set(want) {
    button.disabled = true;
    try {
      await setBlocked(player.id, want);
      on = want;
      button.textContent = label();
      button.setAttribute('aria-label', `${label()} ${player.name}`);
      done(on, () => set(false));
    } finally {
      button.disabled = false;
    }
  }
  return button;
}
