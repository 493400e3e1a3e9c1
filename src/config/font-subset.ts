/**
 * What the self-hosted Inter keeps (see scripts/subset-font.ts). The site's copy
 * is English: printable ASCII, typographic punctuation and a few symbols. Any
 * other character (a visitor's accented name, an emoji in a chat reply) still
 * shows, drawn per glyph by the size-matched fallback font.
 *
 * Cutting the @fontsource latin file (48 KB) to this set and to the weights the
 * site uses (400 to 800) leaves about 20 KB: the font is the largest request on
 * the path to the first paint of text that a phone on a slow network waits for.
 * tests/unit/font-subset.test.ts fails if copy uses a character not kept here.
 */

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

export const FONT_SUBSET_TEXT = [
  range(0x20, 0x7e), // printable ASCII
  '\u00a0©®°·×', // no-break space and symbols
  '‘’‚“”„–—…•‹›€™−', // typographic punctuation
].join('');

/**
 * OpenType features kept: those browsers apply to Latin text by default (calt,
 * ccmp, locl, kern, mark, mkmk) and the one the CSS asks for (tnum, Tailwind's
 * tabular-nums). Inter's fraction and proportional-figure features go (3 KB).
 */
export const FONT_FEATURES = ['calt', 'ccmp', 'locl', 'kern', 'mark', 'mkmk', 'tnum'] as const;

/** The weights the site's CSS uses (font-normal to font-extrabold); the variable axis keeps only these. */
export const FONT_WEIGHT_RANGE = { min: 400, max: 800 } as const;

export const FONT_SOURCE =
  'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
export const FONT_SUBSET_FILE = 'src/app/fonts/inter-subset.woff2';
