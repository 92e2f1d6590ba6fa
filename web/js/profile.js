//! A player's profile (/p/ID: name, stats and rating per game, each rated game's rating history as
//! a line chart drawn here in SVG, recent matches) and a game's leaderboard (/leaderboard/GAME).
//! Both are public, like the match pages.

import { api, games, identity, myBlocks } from './api.js';
import { h, s, mount } from './dom.js';
import { t, errText, dateTime, language } from './i18n.js';
import { gameName, gameTitle, resultText } from './events.js';
import { helpHref } from './help.js';
import { botBadge, changeText, ratingText, profileLink, matchPlayerName, UNSETTLED } from './ratings.js';
import { reportButton, blockButton } from './report.js';
import { challengeButton } from './challenge-form.js';

export const leaderboardHref = (game) => `/leaderboard/${game}`;

const RECENT = 20;

function notFound(main, what, message) {
  mount(main, h('div', { class: 'card narrow' }, h('h1', {}, what), h('p', {}, message), h('a', { href: '/', 'data-nav': '' }, t('home'))));
  return null;
}

/** The rating change of player `id` in match summary `m`, if it was rated and counted: " · rating +12". */
function ownChange(m, id) {
  const c = m.rating && (m.rating.changes || []).find((x) => x.player === id);
  return c ? [` · ${t('profile-rating-change')} `, h('span', { class: 'rating-change' }, changeText(c))] : null;
}

/** "1532 ± 96" in words for a screen reader and a tooltip: the 95% range is twice the deviation. */
function ratingWords(r) {
  const args = { rating: String(Math.round(r.rating)), low: String(Math.round(r.rating - 2 * r.deviation)), high: String(Math.round(r.rating + 2 * r.deviation)) };
  return r.deviation >= UNSETTLED ? t('rating-words-unsettled', args) : t('rating-words', args);
}

export async function profilePage(main, id) {
  mount(main, h('p', { class: 'muted' }, t('profile-loading')));
  let p;
  try {
    p = await api('GET', `/players/${id}`);
  } catch (e) {
    return notFound(main, t('profile-not-found'), e.status === 404 ? t('profile-no-player') : errText(e));
  }
  // Whether I block this player: the button lifts the block then.
  const me = identity();
  const blocked = me && me.id !== p.id ? (await myBlocks().catch(() => [])).some((b) => b.player.id === p.id) : false;
  const blockedNote = h('p', { class: 'muted small', id: 'blocked-note', hidden: !blocked }, t('blocked-note'));
  const byGame = (p.stats && p.stats.by_game) || {};
  const ratings = p.ratings || {};
  const ids = [...new Set([...Object.keys(byGame), ...Object.keys(ratings)])].sort((a, b) => gameName(a).localeCompare(gameName(b), language()));
  // Anyone with a name may challenge another player from its profile (a bot above all: it plays
  // only so).
  const challenge = me && me.id !== p.id ? challengeButton({ id: p.id, name: p.name }) : null;
  const charts = h('div', { id: 'rating-charts' });
  const recent = h('div', { id: 'recent-matches' }, h('p', { class: 'muted' }, t('loading')));
  mount(main, h('div', { class: 'profile', id: 'profile', dataset: { player: p.id } },
    h('section', { class: 'card', 'aria-labelledby': 'profile-h' },
      h('div', { class: 'row' }, h('h1', { id: 'profile-h' }, p.name, p.bot ? [' ', botBadge()] : null), challenge && challenge.button, reportButton({ id: p.id, name: p.name }),
        blockButton({ id: p.id, name: p.name }, { blocked, done: (on) => { blockedNote.hidden = !on; } })),
      blockedNote,
      // A bot's author says what it is (PUT /api/v1/bot/account).
      p.description ? h('p', { id: 'bot-description', class: 'bot-description' }, h('span', { class: 'muted' }, t('profile-bot-description'), ' '), p.description) : null,
      h('p', { class: 'muted small' }, t('profile-since', { at: dateTime(p.created_at) })),
      h('p', { id: 'profile-totals' }, t('profile-totals', { count: p.stats.played, won: p.stats.won })),
      ids.length
        // A wide table scrolls within its card on a phone, not the page (long headers in some languages).
        ? h('div', { class: 'table-scroll' }, h('table', { class: 'breakdown', id: 'profile-games' },
          h('thead', {}, h('tr', {}, [t('label-game'), t('profile-played'), t('profile-won'), t('profile-rating'), t('profile-rated-matches')].map((text) => h('th', { scope: 'col' }, text)))),
          h('tbody', {}, ids.map((g) => {
            const st = byGame[g] || { played: 0, won: 0 };
            const r = ratings[g];
            return h('tr', { dataset: { game: g } },
              h('th', { scope: 'row' }, h('a', { href: leaderboardHref(g), 'data-nav': '', title: t('leaderboard-of', { game: gameName(g) }) }, gameName(g))),
              h('td', { class: 'num' }, String(st.played)),
              h('td', { class: 'num' }, String(st.won)),
              h('td', { class: 'num rating', title: r ? ratingWords(r) : t('profile-no-rated') }, r ? ratingText(r) : '–'),
              h('td', { class: 'num' }, r ? String(r.games) : '0'));
          }))))
        : h('p', { class: 'muted', id: 'profile-none' }, t('profile-none'))),
    challenge && challenge.box,
    h('section', { class: 'card', 'aria-labelledby': 'history-h' }, h('h2', { id: 'history-h' }, t('profile-rating-history')), charts),
    h('section', { class: 'card', 'aria-labelledby': 'recent-h' }, h('h2', { id: 'recent-h' }, t('profile-recent')), recent)));

  const rated = Object.keys(ratings);
  if (!rated.length) mount(charts, h('p', { class: 'muted' }, t('profile-no-rated-dot')));
  else {
    mount(charts);
    for (const g of rated) {
      const box = h('figure', { class: 'rating-chart', dataset: { game: g } }, h('p', { class: 'muted' }, t('loading')));
      charts.append(box);
      api('GET', `/players/${id}/ratings/${g}`)
        .then((hist) => mount(box, ratingChart(p.name, g, hist.changes)))
        .catch((e) => mount(box, h('p', { class: 'error' }, errText(e))));
    }
  }

  try {
    const page = await api('GET', `/matches?player=${encodeURIComponent(id)}&limit=${RECENT}`);
    const nameIn = (m) => (seat) => matchPlayerName(m.players[seat], seat, m.players);
    // Listed by the time shown beside each (its end, or its start while it is played), newest first.
    const shownAt = (m) => m.ended_at || m.started_at;
    const matches = [...page.matches].sort((a, b) => Date.parse(shownAt(b)) - Date.parse(shownAt(a)));
    mount(recent, matches.length
      ? h('ul', { class: 'list', id: 'profile-matches' }, matches.map((m) => h('li', { class: 'row', dataset: { match: m.id } },
        h('span', {}, h('strong', {}, gameTitle(m.game, m.options)), ' · ',
          m.players.map((x, i) => [i ? ', ' : '', x.id ? (x.id === p.id ? h('strong', {}, x.name) : profileLink(x)) : matchPlayerName(x, i, m.players)]),
          ' · ', m.result ? resultText(m.result, nameIn(m)) : m.status === 'playing' ? t('profile-being-played') : m.status,
          ownChange(m, p.id), ` · ${dateTime(shownAt(m))}`),
        h('a', { href: `/m/${m.id}`, 'data-nav': '', class: 'button' }, m.status === 'playing' ? t('watch-button') : t('mine-replay')))))
      : h('p', { class: 'muted' }, t('profile-no-match')));
  } catch (e) {
    mount(recent, h('p', { class: 'error' }, errText(e)));
  }
  return null;
}

/**
 * The rating after each rated match as a line (the start, 1500 or the first match's "before", then
 * one point per match), with a shaded band of ± twice the deviation, a <title> and <desc> for
 * screen readers and the same figures as a table beneath.
 */
export function ratingChart(name, game, changes) {
  const caption = h('figcaption', {}, h('a', { href: leaderboardHref(game), 'data-nav': '' }, gameName(game)));
  if (!changes.length) return [caption, h('p', { class: 'muted' }, t('profile-no-rated-dot'))];
  const points = [{ rating: changes[0].rating_before, deviation: changes[0].deviation_before, at: null }, ...changes.map((c) => ({ rating: c.rating, deviation: c.deviation, at: c.at, match: c.match }))];
  const W = 600;
  const H = 220;
  const pad = { l: 48, r: 12, t: 12, b: 24 };
  const lo = Math.min(...points.map((x) => x.rating));
  const hi = Math.max(...points.map((x) => x.rating));
  // At least 100 points of height, so that a few small changes do not look like cliffs.
  const mid = (lo + hi) / 2;
  const span = Math.max(100, hi - lo) * 1.15;
  const yMin = mid - span / 2;
  const yMax = mid + span / 2;
  const x = (i) => pad.l + (points.length === 1 ? 0 : (i * (W - pad.l - pad.r)) / (points.length - 1));
  const y = (v) => pad.t + ((yMax - Math.min(yMax, Math.max(yMin, v))) * (H - pad.t - pad.b)) / (yMax - yMin);
  const first = Math.round(points[0].rating);
  const last = Math.round(points[points.length - 1].rating);
  const titleId = `chart-${game}-title`;
  const descId = `chart-${game}-desc`;
  const band = points.map((p, i) => `${x(i)},${y(p.rating + 2 * p.deviation)}`).concat(points.map((p, i) => `${x(i)},${y(p.rating - 2 * p.deviation)}`).reverse()).join(' ');
  const ticks = [Math.round(yMin + span * 0.1), Math.round(mid), Math.round(yMax - span * 0.1)];
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-labelledby': `${titleId} ${descId}`, dataset: { points: points.length } },
    s('title', { id: titleId }, t('chart-title', { name, game: gameName(game) })),
    s('desc', { id: descId }, t('chart-desc', { count: changes.length, first: String(first), last: String(last), low: String(Math.round(lo)), high: String(Math.round(hi)) })),
    ticks.map((tick) => [
      s('line', { x1: pad.l, x2: W - pad.r, y1: y(tick), y2: y(tick), class: 'grid' }),
      s('text', { x: pad.l - 6, y: y(tick) + 4, 'text-anchor': 'end', class: 'tick' }, String(tick)),
    ]),
    s('polygon', { points: band, class: 'band' }),
    s('polyline', { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(' '), class: 'line' }),
    points.map((p, i) => s('circle', { cx: x(i), cy: y(p.rating), r: 3, class: 'dot' }, s('title', {}, i === 0 ? t('chart-start-point', { rating: String(Math.round(p.rating)) }) : t('chart-after-point', { n: i, rating: String(Math.round(p.rating)) })))),
    s('text', { x: pad.l, y: H - 6, class: 'tick' }, t('chart-start')),
    s('text', { x: W - pad.r, y: H - 6, 'text-anchor': 'end', class: 'tick' }, t('chart-after', { n: changes.length })));
  const table = h('details', { class: 'chart-figures' }, h('summary', {}, t('chart-figures')),
    h('table', { class: 'breakdown rating-changes' },
      h('thead', {}, h('tr', {}, [t('chart-when'), t('chart-before'), t('chart-after-col'), t('chart-change'), t('chart-match')].map((text) => h('th', { scope: 'col' }, text)))),
      h('tbody', {}, changes.map((c) => {
        const d = Math.round(c.rating) - Math.round(c.rating_before);
        // The chart's figures as numbers (the game's row above says whether the rating is provisional).
        return h('tr', {}, h('td', {}, dateTime(c.at)), h('td', { class: 'num' }, String(Math.round(c.rating_before))),
          h('td', { class: 'num' }, String(Math.round(c.rating))), h('td', { class: 'num' }, `${d > 0 ? '+' : ''}${d}`), h('td', {}, h('a', { href: `/m/${c.match}`, 'data-nav': '' }, t('result-replay'))));
      }))));
  return [caption, svg, h('p', { class: 'small', id: `chart-${game}-summary` }, t('chart-summary', { rating: ratingText(changes[changes.length - 1]), count: changes.length, first: String(first) })), table];
}

export async function leaderboardPage(main, game) {
  let catalog;
  try {
    catalog = await games();
  } catch (e) {
    return notFound(main, t('leaderboard'), errText(e));
  }
  const g = catalog.find((x) => x.id === game);
  if (!g) return notFound(main, t('help-no-game'), t('leaderboard-no-game', { game }));
  mount(main, h('p', { class: 'muted' }, t('leaderboard-loading')));
  let board;
  try {
    board = await api('GET', `/games/${game}/leaderboard?limit=100`);
  } catch (e) {
    return notFound(main, t('leaderboard-of', { game: gameName(g.id) }), errText(e));
  }
  mount(main, h('section', { class: 'card leaderboard', id: 'leaderboard', dataset: { game } },
    h('div', { class: 'room-head' }, h('h1', {}, t('leaderboard-of', { game: gameName(g.id) })),
      h('span', {}, h('a', { href: helpHref(game), 'data-nav': '' }, t('how-to-play', { game: gameName(g.id) })), ' · ', h('a', { href: '/', 'data-nav': '' }, t('back-home')))),
    h('p', { class: 'muted small' }, t('leaderboard-intro', { unsettled: String(UNSETTLED) })),
    board.players.length
      ? h('table', { class: 'breakdown', id: 'leaderboard-table' },
        h('thead', {}, h('tr', {}, ['#', t('leaderboard-player'), t('profile-rating'), t('profile-rated-matches')].map((text) => h('th', { scope: 'col' }, text)))),
        h('tbody', {}, board.players.map((p, i) => h('tr', { dataset: { player: p.id } },
          h('td', { class: 'num' }, String(i + 1)),
          h('th', { scope: 'row' }, profileLink(p)),
          h('td', { class: 'num', title: ratingWords(p) }, ratingText(p)),
          h('td', { class: 'num' }, String(p.games))))))
      : h('p', { id: 'leaderboard-empty' }, t('leaderboard-empty'))));
  return null;
}
