//! The spaces of the Groups-of-Three board in words: the short label each has on the board and in
//! every text that names it, and where it lies, for screen readers.

import { t } from '../../i18n.js';
import { compassShort, compassWord } from '../../compass.js';

/** Octants of the board, anticlockwise from east (octant 0 lies east-north-east). */
const OCTANTS = [
  () => t('octant-ene'), () => t('octant-nne'), () => t('octant-nnw'), () => t('octant-wnw'),
  () => t('octant-wsw'), () => t('octant-ssw'), () => t('octant-sse'), () => t('octant-ese'),
];
const RINGS = { a: () => t('ring-inner'), b: () => t('ring-middle'), d: () => t('ring-outer') };
const PARTS = { x: () => t('part-big'), y: () => t('part-small-first'), z: () => t('part-small-second') };

/** The three parts of a group of three, as the labels letter them: the big part first. */
const PART_LETTERS = { x: 'a', y: 'b', z: 'c' };
/** The rings around the centre, as the labels letter them, from the centre out (a, b, d in the rules). */
const RING_LETTERS = { a: 'A', b: 'B', d: 'C' };

/**
 * The label a Groups-of-Three space has on the board, and in every text that names it: short and
 * regular, unlike the rules' internal names (`a3`, `s0y`, `kNEx`). The rings around the centre
 * are A, B and C from the centre out, numbered 1 to 8 anticlockwise from east (A1 … C8); the
 * transit spaces TN, TE, TS, TW; the side groups S1 to S8 (same numbering) and the corner groups NE,
 * NW, SW, SE (the compass's letters in the page's language: TO, NOa in French), their parts a (the big one), b and c (S3a, NEb); the centre OUT.
 */
export function spaceLabel(id) {
  if (id === 'C') return t('space-out');
  let m = /^([abd])([0-7])$/.exec(id);
  if (m) return `${RING_LETTERS[m[1]]}${Number(m[2]) + 1}`;
  m = /^t([ENWS])$/.exec(id);
  if (m) return `T${compassShort(m[1])}`;
  m = /^s([0-7])([xyz])$/.exec(id);
  if (m) return `S${Number(m[1]) + 1}${PART_LETTERS[m[2]]}`;
  m = /^k(NE|NW|SE|SW)([xyz])$/.exec(id);
  if (m) return `${compassShort(m[1])}${PART_LETTERS[m[2]]}`;
  return String(id);
}

/** Where a Groups-of-Three space lies, in words ("north-west corner group, big part"). */
export function spaceWords(id) {
  if (id === 'C') return t('space-centre');
  let m = /^([abd])([0-7])$/.exec(id);
  if (m) return t('space-ring', { ring: RINGS[m[1]](), octant: OCTANTS[Number(m[2])]() });
  m = /^t([ENWS])$/.exec(id);
  if (m) return t('space-transit', { dir: compassWord(m[1]) });
  m = /^s([0-7])([xyz])$/.exec(id);
  if (m) return t('space-side-group', { octant: OCTANTS[Number(m[1])](), part: PARTS[m[2]]() });
  m = /^k(NE|NW|SE|SW)([xyz])$/.exec(id);
  if (m) return t('space-corner-group', { dir: compassWord(m[1]), part: PARTS[m[2]]() });
  return String(id);
}

/** A space for a screen reader: its label and where it lies ("kNWx, north-west corner group, big part"). */
export function spaceName(id) {
  return id === 'C' ? t('space-centre-out') : `${spaceLabel(id)}, ${spaceWords(id)}`;
}
