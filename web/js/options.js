//! Words for the create form's options: the catalog's own `label` and `value_labels` first, and
//! here a label for an older server's catalog without them, a plain description per option, and
//! which options are house rules that the form folds under "More options". No raw value reaches a
//! person.

import { t, language } from './i18n.js';

/** name -> { label, help, more: house rule } (the words from the catalogue, in the page's language) */
const OPTIONS = {
  layout: { label: () => t('opt-layout'), help: () => t('opt-layout-help') },
  max_plies: { label: () => t('opt-max-plies'), help: () => t('opt-max-plies-help'), more: true },
  cap_result: { label: () => t('opt-cap-result'), help: () => t('opt-cap-result-help'), more: true },
  team_moves_mixed_columns: { label: () => t('opt-team-moves-mixed-columns'), help: () => t('opt-team-moves-mixed-columns-help'), more: true },
  target: { label: () => t('opt-target'), help: () => t('opt-target-help') },
  rounds: { label: () => t('opt-rounds'), help: () => t('opt-rounds-help') },
  blocked_scoring: { label: () => t('opt-blocked-scoring'), help: () => t('opt-blocked-scoring-help'), more: true },
  blocked_tie: { label: () => t('opt-blocked-tie'), help: () => t('opt-blocked-tie-help'), more: true },
  must_play_drawn_tile: { label: () => t('opt-must-play-drawn-tile'), help: () => t('opt-must-play-drawn-tile-help'), more: true },
  opening_tie_break: { label: () => t('opt-opening-tie-break'), help: () => t('opt-opening-tie-break-help'), more: true },
  pressman_bridge_bonus: { label: () => t('opt-pressman-bridge-bonus'), help: () => t('opt-pressman-bridge-bonus-help'), more: true },
  several_at_target: { label: () => t('opt-several-at-target'), help: () => t('opt-several-at-target-help'), more: true },
  three_hexagons_bonus: { label: () => t('opt-three-hexagons-bonus'), help: () => t('opt-three-hexagons-bonus-help'), more: true },
  zero_triple_choice: { label: () => t('opt-zero-triple-choice'), help: () => t('opt-zero-triple-choice-help'), more: true },
  variant: { label: () => t('opt-variant'), help: () => t('opt-variant-help') },
  no_removal_limit: { label: () => t('opt-no-removal-limit'), help: () => t('opt-no-removal-limit-help'), more: true },
  allow_empty_cubes: { label: () => t('opt-allow-empty-cubes'), help: () => t('opt-allow-empty-cubes-help'), more: true },
  antenna_mode: { label: () => t('opt-antenna-mode'), help: () => t('opt-antenna-mode-help'), more: true },
  move_mode: { label: () => t('opt-move-mode'), help: () => t('opt-move-mode-help'), more: true },
  move_shape: { label: () => t('opt-move-shape'), help: () => t('opt-move-shape-help'), more: true },
  'trangouar.stall_rounds': { label: () => t('opt-trangouar-stall-rounds'), help: () => t('opt-trangouar-stall-rounds-help'), more: true },
  must_use_all_moves: { label: () => t('opt-must-use-all-moves'), help: () => t('opt-must-use-all-moves-help') },
  transit_mode: { label: () => t('opt-transit-mode'), help: () => t('opt-transit-mode-help'), more: true },
  transit_may_return: { label: () => t('opt-transit-may-return'), help: () => t('opt-transit-may-return-help'), more: true },
  two_player_colours: { label: () => t('opt-two-player-colours'), help: () => t('opt-two-player-colours-help') },
  three_player_omitted: { label: () => t('opt-three-player-omitted'), help: () => t('opt-three-player-omitted-help') },
  'groups-of-three.stall_rounds': { label: () => t('opt-groups-of-three-stall-rounds'), help: () => t('opt-groups-of-three-stall-rounds-help'), more: true },
};

/** "max_plies" -> "Max plies", for an option this client does not know. */
const humanize = (name) => {
  const text = String(name).replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** This client's words for option `name` of `game` (a game's own entry first), or {}. */
const words = (game, name) => OPTIONS[`${game}.${name}`] || OPTIONS[name] || {};

/**
 * The server's words for option `name` in the page's language (the catalog's `words`, asked for
 * with `?lang=`), or null: English pages keep the catalog's English `label`s and this client's
 * descriptions.
 */
export function serverWords(catalogGame, name) {
  const w = catalogGame && catalogGame.words;
  if (!w || w.lang !== language() || language() === 'en') return null;
  return (w.options && w.options[name]) || null;
}

/** The label of option `name` (the server's words in the page's language, else the catalog's own in English). */
export function optionLabel(name, spec, game = '', server = null) {
  const own = words(game, name).label;
  if (server && server.label) return server.label;
  if (language() !== 'en' && own) return own();
  return spec.label || (own ? own() : humanize(name));
}

/**
 * Its description. This client's own words first: the catalog's descriptions name the raw values
 * ("others_minus_own (…)", "null: never"), which a person should not have to read; the catalog's
 * description for an option this client does not know.
 */
export function optionHelp(name, spec, game = '', server = null) {
  if (server && server.description) return server.description;
  const own = words(game, name).help;
  return (own ? own() : '') || spec.description || '';
}

/**
 * The label of one value of an enum option: the server's words in the page's language, else the
 * catalog's `value_labels` (every value has one).
 */
export function valueLabel(spec, value, server = null) {
  if (server && server.values && server.values[value]) return server.values[value];
  return (spec.value_labels && spec.value_labels[value]) || humanize(value);
}

/** A house rule, folded under "More options". */
export function isMore(name, spec, game = '') {
  if (typeof spec.advanced === 'boolean') return spec.advanced;
  return !!words(game, name).more;
}

/** Options that apply to one player count only (docs/protocol.md, "The games"). */
const ONLY_FOR = { team_moves_mixed_columns: 4, two_player_colours: 2, three_player_omitted: 3 };

/** Whether option `name` means anything with `players` players (the others stay at their default). */
export function appliesTo(name, players) {
  return !(name in ONLY_FOR) || ONLY_FOR[name] === players;
}
