import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';

/**
 * `npm run lint` (inside `npm test`): Next.js's rules with the React hooks and React Compiler rules
 * (eslint-plugin-react-hooks 7's recommended set), typescript-eslint's, and Prettier for layout
 * (eslint-config-prettier switches off the rules that would fight it). Warnings fail too (--max-warnings 0).
 */
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
  globalIgnores([
    '.next*/**',
    'data/**',
    'test-results/**',
    'playwright-report/**',
    'bench/results/**',
    'next-env.d.ts',
  ]),
]);
