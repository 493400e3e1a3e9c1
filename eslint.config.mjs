import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

/**
 * `npm run lint` (inside `npm test`): Next.js's rules with the React hooks and React Compiler
 * rules, typescript-eslint's, Prettier for layout, and the floors of src/ (below). Warnings fail
 * too (--max-warnings 0).
 */

/** Files under `target` may not import from `above`: the floors run one way (docs/architecture.md). */
const floor = (target, above) => ({
  target: `./${target}`,
  from: above.map((path) => `./${path}`),
  message: 'It imports up a floor (docs/architecture.md, "Floors"): move the shared code down.',
});

/**
 * app -> components | server -> content -> lib -> config (env.ts with it); components and server never
 * import each other. Inside server: admin -> leads -> outbox (with its email/ channel) -> http -> db;
 * chat and voice stand beside outbox, on http.
 */
const floors = [
  floor('src/config', ['src/lib', 'src/content', 'src/components', 'src/server', 'src/app']),
  floor('src/env.ts', ['src/lib', 'src/content', 'src/components', 'src/server', 'src/app']),
  floor('src/lib', ['src/content', 'src/components', 'src/server', 'src/app']),
  floor('src/content', ['src/components', 'src/server', 'src/app']),
  floor('src/components', ['src/server', 'src/app']),
  floor('src/server', ['src/components', 'src/app']),
  floor('src/server/leads', ['src/server/admin']),
  floor('src/server/outbox', ['src/server/leads', 'src/server/admin']),
  floor('src/server/chat', ['src/server/outbox', 'src/server/leads', 'src/server/admin']),
  floor('src/server/voice', ['src/server/outbox', 'src/server/leads', 'src/server/admin']),
  floor('src/server/http', [
    'src/server/outbox',
    'src/server/leads',
    'src/server/admin',
    'src/server/chat',
    'src/server/voice',
  ]),
  floor('src/server/db', [
    'src/server/http',
    'src/server/outbox',
    'src/server/leads',
    'src/server/admin',
    'src/server/chat',
    'src/server/voice',
  ]),
  floor('src', ['scripts', 'tests']),
];

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  prettier,
  {
    rules: {
      // `_name` marks a parameter or binding kept for its position or its type, not used.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,mjs}'],
    rules: { 'import/no-restricted-paths': ['error', { zones: floors }] },
  },
  globalIgnores([
    '.next*/**',
    'data/**',
    'test-results/**',
    'playwright-report/**',
    'bench/results/**',
    'next-env.d.ts',
  ]),
]);
