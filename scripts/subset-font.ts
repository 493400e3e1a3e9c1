// Writes src/app/fonts/inter-subset.woff2, cut to src/config/font-subset.ts. The output is
// committed (the build needs no font tooling); run again after changing either:
//
//   npm run font:subset
import { readFileSync, writeFileSync } from 'node:fs';
import { subsetInter } from './lib/subset-inter';
import { FONT_SUBSET_FILE, FONT_SOURCE } from '../src/config/font-subset';

const before = readFileSync(FONT_SOURCE).length;
const font = await subsetInter();
writeFileSync(FONT_SUBSET_FILE, font);
console.log(`${FONT_SUBSET_FILE}: ${font.length} bytes (from ${before} bytes)`);
