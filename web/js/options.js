//! Words for the options of a game, all from the catalog (`GET /api/v1/games`): its `words` in the
//! page's language (asked for with `?lang=`), else its own English `label`, `description` and
//! `value_labels`; whether an option is a house rule, folded under "More options" (`advanced`);
//! and the player counts it means something for (`players`). No raw value reaches a person.

import { language } from './i18n.js';

/** "max_plies" -> "Max plies", for an option the catalog has no words for. */
const humanize = (name) => {
  const text = String(name).replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * The catalog's words for option `name` in the page's language (its `words`), or null: a server
 * that does not speak the language gives English, and the option's own English words say it.
 */
export function serverWords(catalogGame, name) {
  const w = catalogGame && catalogGame.words;
  if (!w || w.lang !== language()) return null;
  return (w.options && w.options[name]) || null;
}

/** The label of option `name`: the words in the page's language, else the catalog's English. */
export function optionLabel(name, spec, server = null) {
  return (server && server.label) || spec.label || humanize(name);
}

/** Its description, the same way. */
export function optionHelp(spec, server = null) {
  return (server && server.description) || spec.description || '';
}

/** The label of one value of an enum option, the same way (every value has one). */
export function valueLabel(spec, value, server = null) {
  if (server && server.values && server.values[value]) return server.values[value];
  return (spec.value_labels && spec.value_labels[value]) || humanize(value);
}

/** A house rule, folded under "More options". */
export function isMore(spec) {
  return spec.advanced === true;
}

/** Whether the option means anything with `players` players (the others leave it at its default). */
export function appliesTo(spec, players) {
  return !Array.isArray(spec.players) || spec.players.includes(players);
}
