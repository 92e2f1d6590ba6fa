//! The moderators' page (/mod): the open reports, each with what was reported (the reason, the
//! reporter's words, the room's chat lines kept with it, links to the room and the match) and one
//! form to act and resolve at once (mute or ban for a while, or no action; a reason is always
//! given); and the audit log, newest first. Only moderators and admins reach it: the server checks
//! every call (`403` otherwise), and the page says so.

import { api } from './api.js';
import { h, mount, ask } from './dom.js';
import { t, errText, dateTime } from './i18n.js';
import { player } from './ratings.js';

/** What a moderator may do while resolving a report: a label, and the call it makes (or none). */
const ACTIONS = [
  { id: 'none', label: () => t('mod-no-action') },
  { id: 'mute-1h', label: () => t('mod-mute-hour'), call: 'mute', duration_s: 3600 },
  { id: 'mute-1d', label: () => t('mod-mute-day'), call: 'mute', duration_s: 86400 },
  { id: 'ban-1d', label: () => t('mod-ban-day'), call: 'ban', duration_s: 86400 },
  { id: 'ban-7d', label: () => t('mod-ban-week'), call: 'ban', duration_s: 7 * 86400 },
  { id: 'ban-ever', label: () => t('mod-ban-ever'), call: 'ban', for_good: true },
];

/** A player as the moderation calls give it (`{id, name}` or an id), by name: an id is looked up. */
function who(p) {
  if (p && typeof p === 'object' && p.name) return p.name;
  const id = idOf(p);
  if (!id) return '—';
  const el = h('span', { class: 'who', dataset: { player: id } }, '…');
  player(id).then((found) => { el.textContent = found.name; }).catch(() => { el.textContent = t('mod-unknown-player'); });
  return el;
}
const idOf = (p) => (p && typeof p === 'object' ? p.id : p);

export async function modPage(main) {
  const reports = h('div', { id: 'mod-reports' }, h('p', { class: 'muted' }, t('loading')));
  const log = h('div', { id: 'mod-log' }, h('p', { class: 'muted' }, t('loading')));
  const about = new URLSearchParams(location.search).get('player');
  mount(main, h('div', { class: 'mod', id: 'mod' },
    h('h1', {}, t('header-moderation')),
    about ? playerCard(about) : null,
    h('section', { class: 'card', 'aria-labelledby': 'mod-reports-h' }, h('h2', { id: 'mod-reports-h' }, t('mod-open-reports')), reports),
    h('section', { class: 'card', 'aria-labelledby': 'mod-log-h' }, h('h2', { id: 'mod-log-h' }, t('mod-audit-log')), log)));

  const refresh = async () => {
    try {
      const [open, entries] = await Promise.all([api('GET', '/mod/reports?status=open'), api('GET', '/mod/log?limit=50')]);
      renderReports(reports, open.reports, refresh);
      renderLog(log, entries.entries);
    } catch (e) {
      const words = e.status === 403 ? t('mod-only') : e.status === 401 ? t('mod-sign-in') : errText(e);
      mount(reports, h('p', { class: 'error', id: 'mod-refused' }, words));
      mount(log);
    }
  };
  await refresh();
  return null;
}

/**
 * One player's record (`/mod?player=ID`): where it stands (muted, banned, until when), every report
 * made of it whatever became of it, and every action on it, newest first.
 */
function playerCard(id) {
  const standing = h('p', { id: 'mod-standing' }, t('loading'));
  const reports = h('div', { id: 'mod-player-reports' });
  const log = h('div', { id: 'mod-player-log' });
  const name = h('span', {}, '…');
  (async () => {
    try {
      const [st, made, entries] = await Promise.all([
        api('GET', `/mod/players/${encodeURIComponent(id)}`),
        api('GET', `/mod/reports?player=${encodeURIComponent(id)}&limit=100`),
        api('GET', `/mod/log?player=${encodeURIComponent(id)}&limit=100`),
      ]);
      name.textContent = st.player.name;
      const facts = [];
      if (st.banned) facts.push(st.banned_until ? t('mod-banned-until', { at: dateTime(st.banned_until) }) : t('mod-banned-for-good'));
      if (st.muted_until && new Date(st.muted_until) > new Date()) facts.push(t('mod-muted-until', { at: dateTime(st.muted_until) }));
      standing.textContent = facts.length ? facts.join(' · ') : t('mod-in-good-standing');
      if (made.reports.length) {
        mount(reports, h('ul', { class: 'list' }, made.reports.map((r) => h('li', { dataset: { report: r.id, status: r.status } },
          `${dateTime(r.created_at)} · ${t('mod-for', { reason: reportReason(r.reason) })} · `, who(r.reporter),
          r.text ? [' · ', h('q', {}, r.text)] : null,
          ' · ', r.status === 'open' ? t('mod-report-open') : t('mod-report-resolved', { how: r.resolution || '' })))));
      } else {
        mount(reports, h('p', { class: 'muted' }, t('mod-no-reports-of')));
      }
      renderLog(log, entries.entries, 'mod-player-log-table');
    } catch (e) {
      standing.textContent = errText(e);
    }
  })();
  return h('section', { class: 'card', id: 'mod-player', 'aria-labelledby': 'mod-player-h' },
    h('h2', { id: 'mod-player-h' }, name, ' · ', h('a', { href: `/p/${id}`, 'data-nav': '' }, t('mod-profile'))),
    standing,
    h('h3', {}, t('mod-reports-of')), reports,
    h('h3', {}, t('mod-actions-on')), log);
}

function renderReports(box, reports, refresh) {
  if (!reports.length) {
    mount(box, h('p', { class: 'muted', id: 'mod-no-reports' }, t('mod-no-reports')));
    return;
  }
  mount(box, h('ul', { class: 'list mod-reports' }, reports.map((r) => reportItem(r, refresh))));
}

function reportItem(r, refresh) {
  const reason = h('input', { name: 'reason', required: true, maxlength: 500, placeholder: t('mod-reason-placeholder'), 'aria-label': t('mod-reason') });
  const action = h('select', { name: 'action', 'aria-label': t('mod-action') }, ACTIONS.map((a) => h('option', { value: a.id }, a.label())));
  const err = h('p', { class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary mod-submit' });
  const reported = who(r.player);
  const chat = (r.context && r.context.chat) || [];
  const form = h('form', {
    class: 'inline mod-act',
    onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = '';
      const chosen = ACTIONS.find((a) => a.id === action.value);
      if (chosen.call === 'ban' && !(await ask({ name: 'ban', question: t('mod-ban-question', { name: typeof reported === 'string' ? reported : reported.textContent, how: chosen.label() }), text: t('mod-ban-text'), cancel: t('cancel'), confirm: t('mod-do-ban') }))) return;
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
        err.textContent = errText(ex);
      }
    },
  }, action, reason, submit);
  // The button says what it does: Ban, Mute, or only resolve.
  const label = () => {
    const call = ACTIONS.find((a) => a.id === action.value).call;
    return call === 'ban' ? t('mod-do-ban') : call === 'mute' ? t('mod-do-mute') : t('mod-resolve');
  };
  action.addEventListener('change', () => {
    submit.textContent = label();
    submit.classList.toggle('danger', submit.textContent === t('mod-do-ban'));
  });
  submit.textContent = label();
  return h('li', { class: 'mod-report', dataset: { report: r.id } },
    h('p', {}, h('strong', {}, reported), ` ${t('mod-reported-by')} `, who(r.reporter), ` ${t('mod-for', { reason: reportReason(r.reason) })} · ${dateTime(r.created_at)}`,
      r.room ? [' · ', h('a', { href: `/r/${r.room}?watch`, 'data-nav': '' }, t('mod-room', { code: r.room }))] : null,
      r.match ? [' · ', h('a', { href: `/m/${r.match}`, 'data-nav': '' }, t('mod-the-match'))] : null,
      ' · ', h('a', { href: `/p/${idOf(r.player)}`, 'data-nav': '' }, t('mod-profile')),
      ' · ', h('a', { href: `/mod?player=${idOf(r.player)}`, 'data-nav': '', class: 'mod-record' }, t('mod-record'))),
    r.text ? h('blockquote', { class: 'small' }, r.text) : null,
    chat.length ? h('ol', { class: 'chat small mod-context' }, chat.map((l) => h('li', { class: idOf(l.player) === idOf(r.player) ? 'reported' : '' }, h('strong', {}, who(l.player)), t('said'), ' ', l.text))) : null,
    form, err);
}

/** A report's reason (`chat`, `cheating`…) in words. */
function reportReason(reason) {
  switch (reason) {
    case 'chat': return t('mod-reason-chat');
    case 'cheating': return t('mod-reason-cheating');
    case 'stalling': return t('mod-reason-stalling');
    case 'name': return t('mod-reason-name');
    case 'other': return t('mod-reason-other');
    default: return String(reason);
  }
}

/** An action of the audit log in words. */
function actionWords(action) {
  switch (action) {
    case 'mute': return t('mod-log-mute');
    case 'unmute': return t('mod-log-unmute');
    case 'ban': return t('mod-log-ban');
    case 'unban': return t('mod-log-unban');
    case 'resolve_report': return t('mod-log-resolve-report');
    case 'delete_chat': return t('mod-log-delete-chat');
    case 'close_room': return t('mod-log-close-room');
    case 'abort_match': return t('mod-log-abort-match');
    case 'rename': return t('mod-log-rename');
    case 'grant_moderator': return t('mod-log-grant-moderator');
    case 'revoke_moderator': return t('mod-log-revoke-moderator');
    case 'grant_admin': return t('mod-log-grant-admin');
    case 'revoke_admin': return t('mod-log-revoke-admin');
    default: return String(action).replace(/_/g, ' ');
  }
}

function renderLog(box, entries, id = 'mod-log-table') {
  if (!entries.length) {
    mount(box, h('p', { class: 'muted' }, t('mod-nothing-yet')));
    return;
  }
  // A wide table scrolls within its card on a phone, not the page.
  mount(box, h('div', { class: 'table-scroll' }, h('table', { class: 'breakdown', id },
    h('thead', {}, h('tr', {}, [t('chart-when'), t('mod-who'), t('mod-what'), t('mod-on'), t('report-why')].map((text) => h('th', { scope: 'col' }, text)))),
    h('tbody', {}, entries.map((e) => h('tr', { dataset: { action: e.action } },
      h('td', {}, dateTime(e.at)),
      h('td', {}, e.moderator ? who(e.moderator) : t('mod-command-line')),
      h('td', {}, actionWords(e.action)),
      h('td', {}, e.player ? who(e.player) : e.room ? t('mod-room', { code: e.room }) : '—'),
      // The command line's reason is the server's own English ("from the command line"): the
      // Who column says it in words already.
      h('td', {}, e.moderator ? e.reason : '')))))));
}
