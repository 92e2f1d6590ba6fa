//! The moderators' page (/mod): the open reports, each with what was reported (the reason, the
//! reporter's words, the room's chat lines kept with it, links to the room and the match) and one
//! form to act and resolve at once (mute or ban for a while, or no action; a reason is always
//! given); and the audit log, newest first. Only moderators and admins reach it: the server checks
//! every call (`403` otherwise), and the page says so.

import { api } from './api.js';
import { h, mount, fmtTime } from './dom.js';
import { player } from './ratings.js';

/** What a moderator may do while resolving a report: a label, and the call it makes (or none). */
const ACTIONS = [
  { id: 'none', label: 'No action' },
  { id: 'mute-1h', label: 'Mute chat for an hour', call: 'mute', duration_s: 3600 },
  { id: 'mute-1d', label: 'Mute chat for a day', call: 'mute', duration_s: 86400 },
  { id: 'ban-1d', label: 'Ban for a day', call: 'ban', duration_s: 86400 },
  { id: 'ban-7d', label: 'Ban for a week', call: 'ban', duration_s: 7 * 86400 },
  { id: 'ban-ever', label: 'Ban for good', call: 'ban', for_good: true },
];

/** A player as the moderation calls give it (`{id, name}` or an id), by name: an id is looked up. */
function who(p) {
  if (p && typeof p === 'object' && p.name) return p.name;
  const id = idOf(p);
  if (!id) return '—';
  const el = h('span', { class: 'who', dataset: { player: id } }, '…');
  player(id).then((found) => { el.textContent = found.name; }).catch(() => { el.textContent = 'an unknown player'; });
  return el;
}
const idOf = (p) => (p && typeof p === 'object' ? p.id : p);

export async function modPage(main) {
  const reports = h('div', { id: 'mod-reports' }, h('p', { class: 'muted' }, 'Loading…'));
  const log = h('div', { id: 'mod-log' }, h('p', { class: 'muted' }, 'Loading…'));
  mount(main, h('div', { class: 'mod', id: 'mod' },
    h('h1', {}, 'Moderation'),
    h('section', { class: 'card', 'aria-labelledby': 'mod-reports-h' }, h('h2', { id: 'mod-reports-h' }, 'Open reports'), reports),
    h('section', { class: 'card', 'aria-labelledby': 'mod-log-h' }, h('h2', { id: 'mod-log-h' }, 'Audit log'), log)));

  const refresh = async () => {
    try {
      const [open, entries] = await Promise.all([api('GET', '/mod/reports?status=open'), api('GET', '/mod/log?limit=50')]);
      renderReports(reports, open.reports, refresh);
      renderLog(log, entries.entries);
    } catch (e) {
      const words = e.status === 403 ? 'Only moderators see this page.' : e.status === 401 ? 'Sign in as a moderator to see this page.' : e.message;
      mount(reports, h('p', { class: 'error', id: 'mod-refused' }, words));
      mount(log);
    }
  };
  await refresh();
  return null;
}

function renderReports(box, reports, refresh) {
  if (!reports.length) {
    mount(box, h('p', { class: 'muted', id: 'mod-no-reports' }, 'No open report.'));
    return;
  }
  mount(box, h('ul', { class: 'list mod-reports' }, reports.map((r) => reportItem(r, refresh))));
}

function reportItem(r, refresh) {
  const reason = h('input', { name: 'reason', required: true, maxlength: 500, placeholder: 'Why (kept in the audit log)', 'aria-label': 'Reason' });
  const action = h('select', { name: 'action', 'aria-label': 'Action' }, ACTIONS.map((a) => h('option', { value: a.id }, a.label)));
  const err = h('p', { class: 'error', role: 'alert' });
  const chat = (r.context && r.context.chat) || [];
  const form = h('form', {
    class: 'inline mod-act',
    onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = '';
      const chosen = ACTIONS.find((a) => a.id === action.value);
      try {
        if (chosen.call) {
          const body = { reason: reason.value.trim() };
          if (chosen.for_good) body.for_good = true;
          else body.duration_s = chosen.duration_s;
          await api('POST', `/mod/players/${idOf(r.player)}/${chosen.call}`, body);
        }
        await api('POST', `/mod/reports/${r.id}/resolve`, chosen.call ? { reason: reason.value.trim(), action: chosen.call } : { reason: reason.value.trim() });
        await refresh();
      } catch (ex) {
        err.textContent = ex.message;
      }
    },
  }, action, reason, h('button', { type: 'submit', class: 'primary' }, 'Resolve'));
  return h('li', { class: 'mod-report', dataset: { report: r.id } },
    h('p', {}, h('strong', {}, who(r.player)), ' reported by ', who(r.reporter), ` for ${r.reason} · ${fmtTime(r.created_at)}`,
      r.room ? [' · ', h('a', { href: `/r/${r.room}?watch`, 'data-nav': '' }, `room ${r.room}`)] : null,
      r.match ? [' · ', h('a', { href: `/m/${r.match}`, 'data-nav': '' }, 'the match')] : null,
      ' · ', h('a', { href: `/p/${idOf(r.player)}`, 'data-nav': '' }, 'profile')),
    r.text ? h('blockquote', { class: 'small' }, r.text) : null,
    chat.length ? h('ol', { class: 'chat small mod-context' }, chat.map((l) => h('li', { class: idOf(l.player) === idOf(r.player) ? 'reported' : '' }, h('strong', {}, who(l.player)), ': ', l.text))) : null,
    form, err);
}

function renderLog(box, entries) {
  if (!entries.length) {
    mount(box, h('p', { class: 'muted' }, 'Nothing yet.'));
    return;
  }
  // A wide table scrolls within its card on a phone, not the page.
  mount(box, h('div', { class: 'table-scroll' }, h('table', { class: 'breakdown', id: 'mod-log-table' },
    h('thead', {}, h('tr', {}, ['When', 'Who', 'What', 'On', 'Why'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, entries.map((e) => h('tr', { dataset: { action: e.action } },
      h('td', {}, fmtTime(e.at)),
      h('td', {}, e.moderator ? who(e.moderator) : 'the command line'),
      h('td', {}, String(e.action).replace(/_/g, ' ')),
      h('td', {}, e.player ? who(e.player) : e.room ? `room ${e.room}` : '—'),
      h('td', {}, e.reason)))))));
}
