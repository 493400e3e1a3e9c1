import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import {
  FONT_FEATURES,
  FONT_SUBSET_FILE,
  FONT_SUBSET_TEXT,
  FONT_WEIGHT_RANGE,
} from '@/config/font-subset';
import { subsetInter } from '../../scripts/lib/subset-inter';

async function faceOf(woff2: Buffer) {
  return new Face(new Blob(await fontverter.convert(woff2, 'truetype')));
}

/** Every character outside printable ASCII anywhere in src/ (copy, components, metadata). */
function nonAsciiInSource(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of readdirSync('src', { recursive: true, encoding: 'utf8' })) {
    if (!/\.(tsx?|css)$/.test(file)) continue;
    for (const char of readFileSync(path.join('src', file), 'utf8')) {
      if (/[^\x20-\x7e\n\r\t]/.test(char) && !found.has(char)) found.set(char, file);
    }
  }
  return found;
}

describe('the self-hosted Inter subset', () => {
  it('is exactly what `npm run font:subset` makes from the pinned @fontsource file', async () => {
    expect(Buffer.compare(readFileSync(FONT_SUBSET_FILE), await subsetInter())).toBe(0);
  });

  it('keeps every listed character and the weights the CSS uses, and is under 21 KB', async () => {
    const font = readFileSync(FONT_SUBSET_FILE);
    const face = await faceOf(font);
    const covered = new Set(face.collectUnicodes());
    expect([...FONT_SUBSET_TEXT].filter((char) => !covered.has(char.codePointAt(0)!))).toEqual([]);
    expect(face.getAxisInfos().wght).toMatchObject(FONT_WEIGHT_RANGE);
    const features = new Set([
      ...face.getTableFeatureTags('GSUB'),
      ...face.getTableFeatureTags('GPOS'),
    ]);
    // ccmp, mark and mkmk act only on combining marks, which the subset lacks: harfbuzz drops them.
    expect(
      [...features].filter((tag) => !(FONT_FEATURES as readonly string[]).includes(tag)),
    ).toEqual([]);
    expect([...features]).toEqual(expect.arrayContaining(['kern', 'calt', 'tnum']));
    expect(font.length).toBeLessThan(21 * 1024);
  });

  it('covers every character the site copy uses, so no text falls back to another font', () => {
    const missing = [...nonAsciiInSource()].filter(([char]) => !FONT_SUBSET_TEXT.includes(char));
    expect(
      missing.map(([char, file]) => `${char} (U+${char.codePointAt(0)!.toString(16)}) in ${file}`),
    ).toEqual([]);
  });

  it('asks for no OpenType feature the subset dropped (only tabular figures beyond the defaults)', () => {
    const numeric =
      /\b(tabular-nums|lining-nums|oldstyle-nums|proportional-nums|diagonal-fractions|stacked-fractions|ordinal|slashed-zero)\b|font-feature-settings|font-variant-(numeric|ligatures|alternates)/g;
    const used = new Set<string>();
    for (const file of readdirSync('src', { recursive: true, encoding: 'utf8' })) {
      if (/\.(tsx?|css)$/.test(file))
        for (const [match] of readFileSync(path.join('src', file), 'utf8').matchAll(numeric))
          used.add(match);
    }
    expect([...used]).toEqual(['tabular-nums']);
  });

  it('uses only weights inside the kept range', () => {
    const weights: Record<string, number> = {
      thin: 100,
      extralight: 200,
      light: 300,
      normal: 400,
      medium: 500,
      semibold: 600,
      bold: 700,
      extrabold: 800,
      black: 900,
    };
    const used = new Set<number>();
    for (const file of readdirSync('src', { recursive: true, encoding: 'utf8' })) {
      if (!/\.(tsx?|css)$/.test(file)) continue;
      for (const [, name] of readFileSync(path.join('src', file), 'utf8').matchAll(
        /\bfont-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)\b/g,
      ))
        used.add(weights[name!]!);
    }
    expect(Math.min(...used)).toBeGreaterThanOrEqual(FONT_WEIGHT_RANGE.min);
    expect(Math.max(...used)).toBeLessThanOrEqual(FONT_WEIGHT_RANGE.max);
  });
});

describe("Inter's size-matched fallback (globals.css)", () => {
  it('carries the overrides next/font computes from the subset, on Arial and its metric twins', async () => {
    const require = createRequire(import.meta.url);
    // The font reader and formula next/font/local uses (its fontkit export depends on the file).
    const fontkit = require('next/dist/compiled/@next/font/dist/fontkit').default;
    const fontFromBuffer = fontkit.default ?? fontkit;
    const {
      getFallbackMetricsFromFontFile,
    } = require('next/dist/compiled/@next/font/dist/local/get-fallback-metrics-from-font-file');
    const expected = getFallbackMetricsFromFontFile(
      fontFromBuffer(readFileSync(FONT_SUBSET_FILE)),
      'sans-serif',
    );
    const css = readFileSync('src/app/globals.css', 'utf8');
    const face = /@font-face\s*{[^}]*font-family:\s*'Inter Fallback'[^}]*}/.exec(css)?.[0] ?? '';
    expect(face).toContain(`ascent-override: ${expected.ascentOverride};`);
    expect(face).toContain(`descent-override: ${expected.descentOverride};`);
    expect(face).toContain(`size-adjust: ${expected.sizeAdjust};`);
    expect(expected.lineGapOverride).toBe('0.00%');
    for (const name of ['Arial', 'Liberation Sans', 'Arimo'])
      expect(face).toContain(`local('${name}')`);
    expect(css).toMatch(/--font-sans: var\(--font-inter\), 'Inter Fallback',/);
  });
});
