//! Reporting a player to the server's moderators (`POST /api/v1/reports`): from a profile, or from
//! a chat line (then with the room, so that the server keeps the room's recent lines with it). A
//! dialog asks why (chat, cheating, stalling, name, other) and lets the reporter add a few words;
//! the answer is said in words: sent, already reported and still open, too many reports today.

import { api, identity, waitText } from './api.js';
import { h, mount } from './dom.js';

const REASONS = [
  ['chat', 'Offensive chat'],
  ['cheating', 'Cheating'],
  ['stalling', 'Stalling: lets the clock run, leaves lost matches'],
  ['name', 'Offensive name'],
  ['other', 'Something else'],
];

/** What the server's refusal means for the reporter. */
function refusalText(e) {
  if (e.status === 409) return 'You have already reported this player; a moderator has not looked at it yet.';
  if (e.status === 429) return `You have sent many reports today. Try again in ${waitText(e.retryAfter || 3600)}.`;
  if (e.status === 404) return 'This player or room no longer exists.';
  return e.message;
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
  const why = h('select', { id: 'report-reason', name: 'reason' }, REASONS.map(([value, label]) => h('option', { value, selected: value === reason }, label)));
  const text = h('textarea', { id: 'report-text', name: 'text', maxlength: 500, rows: 3, placeholder: 'What happened (optional)' });
  const answer = h('p', { id: 'report-answer', role: 'status' });
  const send = h('button', { type: 'submit', class: 'primary', id: 'report-send' }, 'Send the report');
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
        answer.textContent = 'Thank you: the moderators will look at it.';
        answer.className = 'ok';
      } catch (ex) {
        answer.textContent = refusalText(ex);
        answer.className = 'error';
        send.disabled = false;
      }
    },
  },
  h('p', { id: 'report-q' }, h('strong', {}, `Report ${player.name} to the moderators`)),
  room ? h('p', { class: 'small muted' }, `The room’s recent chat goes with the report.`) : null,
  h('label', { for: 'report-reason' }, 'Why'), why,
  h('label', { for: 'report-text' }, 'Details'), text,
  answer,
  h('div', { class: 'dialog-buttons' },
    h('button', { type: 'button', id: 'report-close', onclick: () => dialog.close() }, 'Close'),
    send));
  mount(dialog, form);
  dialog.showModal();
}

/** A small "Report" button for `player`, unless it is this browser's own player. */
export function reportButton(player, options = {}) {
  const me = identity();
  if (!me || !player || !player.id || player.id === me.id) return null;
  return h('button', { type: 'button', class: 'small report-button', onclick: () => reportPlayer(player, options), 'aria-label': `Report ${player.name}`, title: `Report ${player.name}` }, 'Report');
}
