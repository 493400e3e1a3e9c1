import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env, reloadEnv } from '@/env';

/**
 * env is parsed at its first read, so any module may be imported before the environment is set
 * (the integration tests import the app at the top, then set it). A module that read env while
 * being imported would fix its values too early; with a broken environment, importing it throws.
 * Pages and their metadata are left out: only Next imports them, at build or request time.
 */

const SRC = path.resolve('src');
const imported = ['server', 'lib', 'config', 'content', 'app/api'].flatMap((folder) =>
  readdirSync(path.join(SRC, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.ts$/.test(file))
    .map((file) => path.join(folder, file)),
);

afterEach(() => {
  vi.unstubAllEnvs();
  reloadEnv();
});

describe('the environment', () => {
  it('is read when a value is first used, not when a module is imported', async () => {
    vi.stubEnv('LOG_LEVEL', 'loud');
    expect(() => env.LOG_LEVEL).toThrow(/LOG_LEVEL: must be debug, info, warn, error or silent/);
    expect(imported.length).toBeGreaterThan(80);
    const failed: string[] = [];
    for (const file of [...imported, 'env.ts', 'proxy.ts', 'instrumentation.ts']) {
      await import(/* @vite-ignore */ path.join(SRC, file)).catch((error: unknown) =>
        failed.push(`${file}: ${String(error).split('\n')[0]}`),
      );
    }
    expect(failed).toEqual([]);
  });

  it('is read again by reloadEnv, after the variables change', () => {
    vi.stubEnv('LOG_LEVEL', 'warn');
    reloadEnv();
    expect(env.LOG_LEVEL).toBe('warn');
    vi.stubEnv('LOG_LEVEL', 'debug');
    expect(env.LOG_LEVEL).toBe('warn');
    reloadEnv();
    expect(env.LOG_LEVEL).toBe('debug');
  });
});
