import { readFileSync } from 'node:fs';
import subsetFont from 'subset-font';
import {
  FONT_FEATURES,
  FONT_SOURCE,
  FONT_SUBSET_TEXT,
  FONT_WEIGHT_RANGE,
} from '../../src/config/font-subset';

/** The subset woff2, made from the pinned @fontsource file: same input, same bytes. */
export async function subsetInter(): Promise<Buffer> {
  return subsetFont(readFileSync(FONT_SOURCE), FONT_SUBSET_TEXT, {
    targetFormat: 'woff2',
    variationAxes: { wght: FONT_WEIGHT_RANGE },
    keepFeatures: [...FONT_FEATURES],
  });
}
