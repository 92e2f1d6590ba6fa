//! The game, players and options fields of a form that makes a room: home's New room and a
//! profile's Challenge (profile.js). All from the catalog (`GET /api/v1/games`): the players
//! counts each game takes, its options with their words (options.js), house rules folded under
//! "More options", and options shown only for the player counts they apply to.

import { h, mount } from './dom.js';
import { gameName } from './events.js';
import { pitchOf, helpHref } from './help.js';
import { gameOf } from './games/index.js';
import { optionLabel, optionHelp, valueLabel, isMore, appliesTo, serverWords } from './options.js';
import { t } from './i18n.js';

/**
 * The fields (`gameSel`, `playersSel`, `optionsBox`, `about`: the game's pitch and rules link) and
 * `options()`, the options chosen. `counts`: the only player counts offered (a challenge seats the
 * challenger and those challenged), games that take none of them left out; null: all.
 */
export function gameFields(catalog, counts = null) {
  const fits = (g, n) => n >= g.min_players && n <= g.max_players && (!counts || counts.includes(n));
  const offered = catalog.filter((g) => !counts || counts.some((n) => fits(g, n)));
  const gameSel = h('select', { id: 'game', name: 'game' }, offered.map((g) => h('option', { value: g.id }, gameName(g.id))));
  const playersSel = h('select', { id: 'players', name: 'players' });
  const optionsBox = h('fieldset', { class: 'options', id: 'options' });
  const about = h('p', { class: 'game-pitch small', id: 'game-pitch' });
  let readers = [];

  const refresh = () => {
    const g = catalog.find((x) => x.id === gameSel.value);
    const keep = playersSel.value;
    mount(playersSel);
    for (let n = g.min_players; n <= g.max_players; n++) {
      if (fits(g, n)) playersSel.append(h('option', { value: n }, t('players-count', { count: n })));
    }
    if (keep && fits(g, Number(keep))) playersSel.value = keep;
    readers = [];
    const pitch = pitchOf(g.id);
    mount(about, pitch ? `${pitch} ` : '', h('a', { href: helpHref(g.id), id: 'create-help', target: '_blank', rel: 'noopener' }, t('how-to-play', { game: gameName(g.id) })));
    const more = h('details', { class: 'more', id: 'more-options' }, h('summary', {}, t('create-more-options')));
    mount(optionsBox, h('legend', {}, t('create-options')));
    const names = Object.keys(g.options);
    if (!names.length) optionsBox.append(h('p', { class: 'muted' }, t('create-no-options')));
    for (const name of names) {
      const spec = g.options[name];
      const id = `opt-${name}`;
      const server = serverWords(g, name);
      const label = h('label', { for: id }, optionLabel(name, spec, server));
      const helpText = h('small', { class: 'muted help' }, optionHelp(spec, server));
      let field;
      let read;
      if (spec.type === 'enum') {
        const values = spec.values.map((v) => (v && typeof v === 'object' ? v.value : v));
        field = h('select', { id, name }, values.map((v) => h('option', { value: v, selected: v === spec.default }, valueLabel(spec, v, server))));
        read = () => field.value;
      } else if (spec.type === 'boolean') {
        field = h('input', { type: 'checkbox', id, name, checked: spec.default === true });
        read = () => field.checked;
      } else {
        field = h('input', { type: 'number', id, name, min: spec.min, max: spec.max, step: 1, value: spec.default ?? '', placeholder: spec.nullable ? t('create-no-limit') : '' });
        read = () => {
          const v = field.value.trim();
          if (v === '') return spec.nullable ? null : spec.default;
          return Number(v);
        };
      }
      readers.push([name, read]);
      const row = h('div', { class: `opt opt-${spec.type}` }, spec.type === 'boolean' ? [field, label] : [label, field], helpText);
      (isMore(spec) ? more : optionsBox).append(row);
    }
    if (more.children.length > 1) optionsBox.append(more);
    linkPlayers();
  };
  /**
   * Options that only make sense with some player counts follow the count: each shown only for
   * the counts the catalog says it applies to (the server refuses it changed for another count),
   * else hidden and back at its default; then the game's own fitting (Pinuid's variant, Classic
   * for 2 and Quatro for 3 or 4; Abalone's start position, 2 players only).
   */
  const linkPlayers = () => {
    const n = Number(playersSel.value);
    const specs = catalog.find((x) => x.id === gameSel.value).options;
    for (const field of optionsBox.querySelectorAll('.opt [name]')) {
      const spec = specs[field.name];
      const row = field.closest('.opt');
      row.hidden = !appliesTo(spec, n);
      if (row.hidden) {
        if (field.type === 'checkbox') field.checked = spec.default === true;
        else field.value = spec.default;
      }
    }
    const fit = (gameOf(gameSel.value) || {}).fitForm || {};
    for (const [name, follow] of Object.entries(fit)) {
      const field = optionsBox.querySelector(`#opt-${name}`);
      if (field) follow(field, n);
    }
  };
  playersSel.addEventListener('change', linkPlayers);
  gameSel.addEventListener('change', refresh);
  refresh();

  const options = () => {
    const chosen = {};
    for (const [name, read] of readers) chosen[name] = read();
    return chosen;
  };
  return { gameSel, playersSel, optionsBox, about, options };
}
