import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: no source file, test or document points a reader at something they
 * cannot open (an outside spec or design note, an issue tracker's numbers). The product's contract is
 * docs/product.md. Benchmark records in bench/results/ keep the history they record.
 */

const OUTSIDE = /\bSPEC\b|DESIGN\.md|\b[Ii]ssues? #?\d+|\b[Rr]ed[- ]team\b/;

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|js|sql|sh|md|json)$|^\.env\.example$/.test(file))
  .filter((file) => !file.startsWith('bench/results/') && !file.includes('/fixtures/'))
  .filter((file) => !/package(-lock)?\.json$|migrations\/meta\//.test(file));

describe('references a reader of this repository can follow', () => {
  it('no file cites an outside spec, design note or issue number', () => {
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          OUTSIDE.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found.filter((entry) => !entry.startsWith(`${THIS_FILE}:`))).toEqual([]);
  });
});

const THIS_FILE = 'tests/unit/no-outside-references.test.ts';
