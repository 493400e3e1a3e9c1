import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routes } from '../../src/content/routes';
import { expect, test } from './support/fixtures';

const VNU_JAR = join(process.cwd(), 'node_modules/vnu-jar/build/dist/vnu.jar');

// Pages carry their stylesheet inline, so Nu validates Tailwind's CSS too. The validator predates
// some CSS every target browser supports (@property, @starting-style, margin-trim inside @supports,
// custom properties in transition-property): those messages only are ignored.
const outdatedCssValidator = [
  /^CSS: Unrecognized at-rule “@(property|starting-style)”/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist/,
  /^CSS: “transition-property”: “--[\w-]+” is not a “transition-property” value/,
];

test('Nu HTML checker finds no errors on any built page', async ({ request }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const files: string[] = [];
    for (const path of [...routes.map((route) => route.path), '/no-such-page']) {
      const response = await request.get(path);
      const file = join(dir, `${path === '/' ? 'index' : path.slice(1).replace(/\//g, '_')}.html`);
      writeFileSync(file, await response.text());
      files.push(file);
    }
    let output = '';
    try {
      execFileSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      output = (error as { stderr?: string }).stderr ?? String(error);
    }
    const messages = output
      ? (
          JSON.parse(output) as {
            messages: Array<{ type: string; url: string; message: string; extract?: string }>;
          }
        ).messages
      : [];
    const errors = messages
      .filter(
        (m) =>
          m.type === 'error' && !outdatedCssValidator.some((pattern) => pattern.test(m.message)),
      )
      .map((m) => `${m.url.split('/').pop()}: ${m.message} ${m.extract ?? ''}`);
    expect(errors).toEqual([]);
    // The inlined stylesheet really was checked: the known messages above come from it.
    expect(messages.some((m) => /^CSS: /.test(m.message))).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
