//! The clock chooser of the create form: the usual clocks by name (blitz, rapid, a minute per move,
//! correspondence) and a custom one (kind and numbers, within the contract's bounds). It gives the
//! top-level `clock` of `POST /api/v1/rooms`: null for none, which a rated room may not have (see
//! `fitClockToRated`, also used by "Play now").

import { h } from './dom.js';
import { clockText } from './clock.js';

/** The presets, in the order they are offered. */
export const PRESETS = [
  { id: 'none', label: 'No clock', clock: null },
  { id: 'blitz', label: 'Blitz 5+3', clock: { kind: 'fischer', initial_s: 300, increment_s: 3 } },
  { id: 'rapid', label: 'Rapid 15+10', clock: { kind: 'fischer', initial_s: 900, increment_s: 10 } },
  { id: 'minute', label: '1 minute per move', clock: { kind: 'per_move', s: 60 } },
  { id: 'corr1', label: '1 day per move', clock: { kind: 'correspondence', days: 1 } },
  { id: 'corr3', label: '3 days per move', clock: { kind: 'correspondence', days: 3 } },
  { id: 'corr7', label: '7 days per move', clock: { kind: 'correspondence', days: 7 } },
  { id: 'custom', label: 'Custom…', clock: null },
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
    { name: 'initial_s', label: 'Time for the match (seconds)', min: 1, max: 86400, value: 600 },
    { name: 'increment_s', label: 'Added after each move (seconds)', min: 0, max: 3600, value: 5 },
  ],
  per_move: [{ name: 's', label: 'Seconds per move', min: 1, max: 3600, value: 30 }],
  correspondence: [{ name: 'days', label: 'Days per move', min: 1, max: 14, value: 2 }],
};
const KINDS = { fischer: 'A bank of time, plus an increment per move', per_move: 'A limit for each move', correspondence: 'Days for each move' };

/**
 * The chooser: `{ field, custom, read, fitToRated }`: the preset (a label, the list and a line in
 * words), the custom numbers (shown for "Custom…", placed by the form where there is room),
 * `read()`, which gives the clock to send (null for none) or throws an Error saying, for a person,
 * which number is out of bounds, and `fitToRated(rated)` (see `fitClockToRated`). Kept compact so that "Create room" stays on the first screen.
 */
export function clockChooser() {
  const preset = h('select', { id: 'clock', name: 'clock' }, PRESETS.map((p) => h('option', { value: p.id }, p.label)));
  const kind = h('select', { id: 'clock-kind', name: 'clock-kind', 'aria-label': 'Kind of clock' }, Object.entries(KINDS).map(([k, text]) => h('option', { value: k }, text)));
  const numbers = h('div', { class: 'clock-numbers' });
  const custom = h('fieldset', { class: 'clock-custom', id: 'clock-custom', hidden: true }, h('legend', {}, 'Custom clock'), h('label', { for: 'clock-kind' }, 'Kind'), kind, numbers);
  const note = h('small', { class: 'muted help', id: 'clock-note' });
  let inputs = [];

  const drawNumbers = () => {
    inputs = FIELDS[kind.value].map((f) => {
      const input = h('input', { type: 'number', id: `clock-${f.name}`, name: `clock-${f.name}`, min: f.min, max: f.max, step: 1, value: f.value });
      return { f, input };
    });
    numbers.replaceChildren(...inputs.flatMap(({ f, input }) => [h('label', { for: input.id }, `${f.label}, ${f.min} to ${f.max}`), input]));
  };
  const refresh = () => {
    custom.hidden = preset.value !== 'custom';
    const p = PRESETS.find((x) => x.id === preset.value);
    note.textContent = preset.value === 'custom' ? 'Set below.' : p.clock ? clockText(p.clock) : 'Untimed';
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
        throw new Error(`Clock: ${f.label.toLowerCase()} must be a whole number from ${f.min} to ${f.max}.`);
      }
      clock[f.name] = v;
    }
    return clock;
  };

  const field = h('div', { class: 'clock-choice', id: 'clock-choice' }, h('label', { for: 'clock' }, 'Clock'), preset, note);
  return { field, custom, read, fitToRated: (rated) => fitClockToRated(preset, rated) };
}
