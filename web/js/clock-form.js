//! The clock chooser of the create form: the usual clocks by name (blitz, rapid, a minute per move,
//! correspondence) and a custom one (kind and numbers, within the contract's bounds). It gives the
//! top-level `clock` of `POST /api/v1/rooms`: null for none, which a rated room may not have (see
//! `fitClockToRated`, also used by "Play now").

import { h } from './dom.js';
import { clockText } from './clock.js';
import { t } from './i18n.js';

/** The presets, in the order they are offered. */
export const PRESETS = [
  { id: 'none', get label() { return t('clock-none'); }, clock: null },
  { id: 'blitz', get label() { return t('clock-blitz'); }, clock: { kind: 'fischer', initial_s: 300, increment_s: 3 } },
  { id: 'rapid', get label() { return t('clock-rapid'); }, clock: { kind: 'fischer', initial_s: 900, increment_s: 10 } },
  { id: 'minute', get label() { return t('clock-minute'); }, clock: { kind: 'per_move', s: 60 } },
  { id: 'corr1', get label() { return t('clock-days-per-move', { count: 1 }); }, clock: { kind: 'correspondence', days: 1 } },
  { id: 'corr3', get label() { return t('clock-days-per-move', { count: 3 }); }, clock: { kind: 'correspondence', days: 3 } },
  { id: 'corr7', get label() { return t('clock-days-per-move', { count: 7 }); }, clock: { kind: 'correspondence', days: 7 } },
  { id: 'custom', get label() { return t('clock-custom'); }, clock: null },
];

/**
 * The clock a rated room gets when Rated is ticked while "No clock" is picked: the server refuses a
 * rated room without a clock (without one the player to move could stall the match for ever), and
 * Rapid 15+10 suits a match played at one sitting, as most rated ones are.
 */
export const RATED_CLOCK = 'rapid';

/**
 * Keeps a clock list (a `<select>` of preset ids) fit for a rated room. While `rated`, "No clock" is
 * disabled, and if it was the one picked, the list moves to `RATED_CLOCK` (a `change` event tells
 * its listeners): like a serious game site, the form never offers a choice the server would refuse,
 * and the player sees the clock it got instead of an error after pressing Create. Unticked, "No
 * clock" can be picked again, but the clock chosen stays. Returns the label of the clock set for the
 * player, or null when the clock was left alone.
 */
export function fitClockToRated(select, rated) {
  const none = [...select.options].find((o) => o.value === 'none');
  if (none) none.disabled = rated;
  if (!rated || select.value !== 'none') return null;
  select.value = RATED_CLOCK;
  select.dispatchEvent(new Event('change'));
  return PRESETS.find((p) => p.id === RATED_CLOCK).label;
}

/** The numbers of each custom kind, with the contract's bounds. */
const FIELDS = {
  fischer: [
    { name: 'initial_s', get label() { return t('clock-field-initial'); }, min: 1, max: 86400, value: 600 },
    { name: 'increment_s', get label() { return t('clock-field-increment'); }, min: 0, max: 3600, value: 5 },
  ],
  per_move: [{ name: 's', get label() { return t('clock-field-seconds'); }, min: 1, max: 3600, value: 30 }],
  correspondence: [{ name: 'days', get label() { return t('clock-field-days'); }, min: 1, max: 14, value: 2 }],
};
const KINDS = {
  get fischer() { return t('clock-kind-fischer'); },
  get per_move() { return t('clock-kind-per-move'); },
  get correspondence() { return t('clock-kind-correspondence'); },
};

/**
 * The chooser: `{ field, custom, read, fitToRated }`: the preset (a label, the list and a line in
 * words), the custom numbers (shown for "Custom…", placed by the form where there is room),
 * `read()`, which gives the clock to send (null for none) or throws an Error saying, for a person,
 * which number is out of bounds, and `fitToRated(rated)` (see `fitClockToRated`). Kept compact so that "Create room" stays on the first screen.
 */
export function clockChooser() {
  const preset = h('select', { id: 'clock', name: 'clock' }, PRESETS.map((p) => h('option', { value: p.id }, p.label)));
  const kind = h('select', { id: 'clock-kind', name: 'clock-kind', 'aria-label': t('clock-kind-label') }, Object.entries(KINDS).map(([k, text]) => h('option', { value: k }, text)));
  const numbers = h('div', { class: 'clock-numbers' });
  const custom = h('fieldset', { class: 'clock-custom', id: 'clock-custom', hidden: true }, h('legend', {}, t('clock-custom-legend')), h('label', { for: 'clock-kind' }, t('clock-kind')), kind, numbers);
  const note = h('small', { class: 'muted help', id: 'clock-note' });
  let inputs = [];

  const drawNumbers = () => {
    inputs = FIELDS[kind.value].map((f) => {
      const input = h('input', { type: 'number', id: `clock-${f.name}`, name: `clock-${f.name}`, min: f.min, max: f.max, step: 1, value: f.value });
      return { f, input };
    });
    numbers.replaceChildren(...inputs.flatMap(({ f, input }) => [h('label', { for: input.id }, t('clock-field-bounds', { label: f.label, min: String(f.min), max: String(f.max) })), input]));
  };
  const refresh = () => {
    custom.hidden = preset.value !== 'custom';
    const p = PRESETS.find((x) => x.id === preset.value);
    note.textContent = preset.value === 'custom' ? t('clock-set-below') : p.clock ? clockText(p.clock) : t('clock-untimed');
  };
  kind.addEventListener('change', drawNumbers);
  preset.addEventListener('change', refresh);
  drawNumbers();
  refresh();

  const read = () => {
    if (preset.value !== 'custom') return PRESETS.find((x) => x.id === preset.value).clock;
    const clock = { kind: kind.value };
    for (const { f, input } of inputs) {
      const v = Number(input.value);
      if (input.value.trim() === '' || !Number.isInteger(v) || v < f.min || v > f.max) {
        throw new Error(t('clock-out-of-bounds', { label: f.label.toLowerCase(), min: String(f.min), max: String(f.max) }));
      }
      clock[f.name] = v;
    }
    return clock;
  };

  const field = h('div', { class: 'clock-choice', id: 'clock-choice' }, h('label', { for: 'clock' }, t('label-clock')), preset, note);
  return { field, custom, read, fitToRated: (rated) => fitClockToRated(preset, rated) };
}
