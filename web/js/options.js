//! Words for the create form's options: the catalog's own `label` and `value_labels` first, and
//! here a label for an older server's catalog without them, a plain description per option, and
//! which options are house rules that the form folds under "More options". No raw value reaches a
//! person.

/** name -> { label, help, more: house rule } */
const OPTIONS = {
  // Abalone
  layout: { label: 'Start position', help: 'How the marbles stand at the start (2 players; 3 and 4 players always use the standard start).' },
  max_plies: { label: 'Move limit', help: 'End the match after this many moves in all. Leave empty for no limit.', more: true },
  cap_result: { label: 'At the move limit', help: 'What a match stopped by the move limit counts as.', more: true },
  team_moves_mixed_columns: { label: 'Partner marbles in plain moves', help: '4 players: a move that pushes nothing may also carry one or two of your partner’s marbles in its line, if the line starts with one of yours. Off in the official rules, where a partner’s marbles only move in a push.', more: true },
  // Triominos
  target: { label: 'Target score', help: 'The game ends after the round in which someone reaches it (400 is usual, 200 for a short game).' },
  rounds: { label: 'Number of rounds', help: 'Play exactly this many rounds instead of playing to the target. Leave empty to play to the target.' },
  blocked_scoring: { label: 'Blocked round scoring', help: 'When nobody can play: how the player with the fewest points in hand scores.', more: true },
  blocked_tie: { label: 'Blocked round, tie', help: 'When several players share the lowest rack in a blocked round.', more: true },
  must_play_drawn_tile: { label: 'Only the drawn tile', help: 'After drawing, only a tile drawn this turn may be placed.', more: true },
  opening_tie_break: { label: 'Opening tie', help: 'No triple dealt and two players hold equally high tiles.', more: true },
  pressman_bridge_bonus: { label: 'Pressman bridge bonus', help: '+40 for a tile that matches two sides next to a bridge.', more: true },
  several_at_target: { label: 'Several reach the target', help: 'Who wins when several players reach the target in the same round.', more: true },
  three_hexagons_bonus: { label: 'Three hexagons bonus', help: 'Bonus for closing three hexagons with one tile (one: 50, two: 60).', more: true },
  zero_triple_choice: { label: 'May open with 0-0-0', help: 'Whoever holds the highest triple and 0-0-0 may open with 0-0-0 (40 points).', more: true },
  // Pinuid
  variant: { label: 'Variant', help: 'Which version of the rules is played.' },
  no_removal_limit: { label: 'Draw without removals', help: 'A draw after this many moves in a row without a removal. Leave empty for no limit.', more: true },
  // Trangouar
  allow_empty_cubes: { label: 'Cubes without pearls', help: 'A setup cube may get no pearl (it starts as a corpse).', more: true },
  antenna_mode: { label: 'Pearls per cube', help: 'How many pearls a cube may carry.', more: true },
  move_mode: { label: 'Move length', help: 'How far a cube moves for its red pearls.', more: true },
  move_shape: { label: 'Move shape', help: 'Whether a move may turn corners.', more: true },
  'trangouar.stall_rounds': { label: 'Draw when nothing happens', help: 'A draw after this many full rounds in which no pearl leaves the game. Leave empty for never.', more: true },
  // Groups-of-Three
  must_use_all_moves: { label: 'Use the whole roll', help: 'A player must spend the whole dice total while a move is possible; when unticked, a player may end the turn early.' },
  transit_mode: { label: 'Crossing a grey space', help: 'How a piece gets through a grey transit space.', more: true },
  transit_may_return: { label: 'Leave a grey space the way you came', help: 'A piece may leave a grey transit space back into the space it came from (allowed, but it spends 2 moves for nothing). When unticked it must leave by another space.', more: true },
  two_player_colours: { label: 'Two players: colours', help: 'With 2 players each plays two colours, one after the other.' },
  three_player_omitted: { label: 'Three players: colour left out', help: 'With 3 players, the colour nobody plays: its corner starts empty and anyone may use it.' },
  'groups-of-three.stall_rounds': { label: 'Draw when nothing happens', help: 'A draw after this many rounds (a turn of every colour) in which no piece goes out or comes into play. Leave empty for never.', more: true },
};

/** "max_plies" -> "Max plies", for an option this client does not know. */
const humanize = (name) => {
  const t = String(name).replace(/_/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
};

/** This client's words for option `name` of `game` (a game's own entry first), or {}. */
const words = (game, name) => OPTIONS[`${game}.${name}`] || OPTIONS[name] || {};

/** The label of option `name` (the catalog's own first). */
export function optionLabel(name, spec, game = '') {
  return spec.label || words(game, name).label || humanize(name);
}

/**
 * Its description. This client's own words first: the catalog's descriptions name the raw values
 * ("others_minus_own (…)", "null: never"), which a person should not have to read; the catalog's
 * description for an option this client does not know.
 */
export function optionHelp(name, spec, game = '') {
  return words(game, name).help || spec.description || '';
}

/** The label of one value of an enum option: the catalog's `value_labels` (every value has one). */
export function valueLabel(spec, value) {
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
