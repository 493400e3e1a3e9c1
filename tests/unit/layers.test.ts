import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The floors of src/ (docs/architecture.md, "Floors") are held by `npm run lint`: an import that
 * runs up a floor is an error, and every import in the tree runs down.
 */

const eslint = new ESLint({ cwd: process.cwd() });

async function floorErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import/no-restricted-paths')
    .map((message) => message.message);
}

describe('the floors of src/', () => {
  it.each([
    ['src/lib/probe.ts', "import { homeCopy } from '@/content/home';"],
    ['src/content/probe.ts', "import { Icon } from '@/components/ui/icon';"],
    ['src/components/probe.tsx', "import { getDatabase } from '@/server/db/client';"],
    ['src/config/probe.ts', "import { fill } from '@/lib/fill';"],
    ['src/server/outbox/probe.ts', "import { setSpam } from '@/server/leads/actions';"],
    ['src/server/db/probe.ts', "import { sendNow } from '@/server/leads/actions';"],
    ['src/server/security/probe.ts', "import { readManifest } from '../../../scripts/leads';"],
  ])('refuses an import up a floor from %s', async (filePath, code) => {
    expect(await floorErrors(`${code}\nexport const probe = 1;\n`, filePath)).toEqual([
      expect.stringContaining('imports up a floor'),
    ]);
  });

  it('lets an import run down a floor', async () => {
    expect(
      await floorErrors(
        "import { fill } from '@/lib/fill';\nexport const probe = fill;\n",
        'src/content/probe.ts',
      ),
    ).toEqual([]);
  });
});
