// What the self-hosted Inter keeps (scripts/subset-font.ts): the font is the largest request before
// text paints, and this cut takes the 48 KB latin file to about 20 KB. Any other character (an
// accented name, an emoji in a chat reply) is drawn by the size-matched fallback font;
// tests/unit/font-subset.test.ts fails if copy uses one.

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

export const FONT_SUBSET_TEXT = [
  range(0x20, 0x7e), // printable ASCII
  '\u00a0©®°·×', // no-break space and symbols
  '‘’‚“”„–—…•‹›€™−', // typographic punctuation
].join('');

/**
 * OpenType features kept: those browsers apply to Latin text by default and tnum (Tailwind's
 * tabular-nums). Inter's fraction and proportional-figure features go (3 KB).
 */
export const FONT_FEATURES = ['calt', 'ccmp', 'locl', 'kern', 'mark', 'mkmk', 'tnum'] as const;

/** The weights the CSS uses (font-normal to font-extrabold); the variable axis keeps only these. */
export const FONT_WEIGHT_RANGE = { min: 400, max: 800 } as const;

export const FONT_SOURCE =
  'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
export const FONT_SUBSET_FILE = 'src/app/fonts/inter-subset.woff2';
