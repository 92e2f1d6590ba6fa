//! Compass directions in the page's language, from the catalogue: the short letters a board and
//! its move texts show (N, NE, … in English; N, NE, O, NO, SO … in French), and the words a screen
//! reader says ("north-west", « nord-ouest »). The games name directions by their English letters
//! (the rules' and the server's), never shown as they are.

import { t } from './i18n.js';

const SHORT = {
  N: () => t('compass-short-n'), S: () => t('compass-short-s'), E: () => t('compass-short-e'), W: () => t('compass-short-w'),
  NE: () => t('compass-short-ne'), NW: () => t('compass-short-nw'), SE: () => t('compass-short-se'), SW: () => t('compass-short-sw'),
};
const WORD = {
  N: () => t('compass-n'), S: () => t('compass-s'), E: () => t('compass-e'), W: () => t('compass-w'),
  NE: () => t('compass-ne'), NW: () => t('compass-nw'), SE: () => t('compass-se'), SW: () => t('compass-sw'),
};

/** A direction's letters in the page's language ("SW" is « SO » in French); unknown ones as they are. */
export const compassShort = (dir) => (SHORT[dir] ? SHORT[dir]() : String(dir ?? ''));
/** A direction in words ("south-west", « sud-ouest »). */
export const compassWord = (dir) => (WORD[dir] ? WORD[dir]() : String(dir ?? ''));
