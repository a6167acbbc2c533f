import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * What every file of renderer/ may not import, plus one more pattern for the part it is in. One function, because a
 * later `no-restricted-imports` entry for the same files replaces the earlier one instead of adding to it.
 */
function rendererFence(extra) {
  return {
    paths: [{ name: 'electron', message: 'renderer/ runs in a sandboxed page, not in Electron.' }],
    patterns: [
      {
        // Except the shared contract: the enum lists and types both sides of the HTTP interface must agree on.
        group: ['**/server/**', '!**/server/contract', '!**/server/contract/*.ts', 'node:*'],
        message: 'renderer/ talks to the server over HTTP (renderer/src/shared/api/client.ts).',
      },
      {
        // The page owns what it asks of the desktop shell (renderer/src/kiosk/kiosk-bridge.ts); the shell imports
        // that, never the other way round.
        group: ['**/electron/**'],
        message:
          'renderer/ never imports the desktop shell: its bridge is typed in renderer/src/kiosk/kiosk-bridge.ts.',
      },
      ...(extra ? [extra] : []),
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.scratch/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The server never reaches into the desktop shell or the screens.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', '**/electron/**', '**/renderer/**'], message: 'server/ stands alone.' },
          ],
        },
      ],
    },
  },
  {
    // The contract reaches the browser bundle: literal data and types only, nothing that runs or pulls code in.
    files: ['server/contract/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportDeclaration', message: 'server/contract/ imports nothing.' },
        { selector: ':function', message: 'server/contract/ holds data and types, no code.' },
        { selector: 'ClassDeclaration', message: 'server/contract/ holds data and types, no code.' },
      ],
    },
  },
  {
    // The desktop shell implements the kiosk page's bridge and imports its types; nothing else of the screens.
    files: ['electron/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/renderer/**',
                // gitignore rules: a file is let through only once every folder above it is.
                '!**/renderer/src',
                '!**/renderer/src/kiosk',
                '!**/renderer/src/kiosk/kiosk-bridge.ts',
              ],
              message: 'electron/ knows the screens through renderer/src/kiosk/kiosk-bridge.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The staff page runs in a sandboxed window with no network: its own DOM, its bridge's types, nothing else.
    files: ['electron/staff/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The staff page reaches the shell through window.arrivalsStaff.' },
          ],
          patterns: [
            {
              group: ['node:*', '**/server/**', '**/renderer/**', '**/main/**', '**/preload/**'],
              message: 'The staff page imports ../bridge.ts (types) and its own modules only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Bundled into the sandboxed preload as it is: types only, nothing that runs or pulls code in.
    files: ['renderer/src/kiosk/kiosk-bridge.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportDeclaration', message: 'kiosk-bridge.ts imports nothing.' },
        { selector: ':not(TSDeclareFunction):function', message: 'kiosk-bridge.ts holds types only.' },
        { selector: 'ClassDeclaration', message: 'kiosk-bridge.ts holds types only.' },
        { selector: 'VariableDeclaration', message: 'kiosk-bridge.ts holds types only.' },
        { selector: 'TSEnumDeclaration', message: 'kiosk-bridge.ts holds types only.' },
      ],
    },
  },
  {
    // The screens run in a browser and reach the server over HTTP only, never by importing it.
    files: ['renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', rendererFence()],
    },
  },
  // Inside the renderer: the kiosk and the dashboard stand on shared/ and never on each other, so the kiosk's
  // bundle cannot grow by the dashboard's code, and shared/ serves both without knowing either.
  {
    files: ['renderer/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        rendererFence({
          group: ['**/kiosk/**', '**/dashboard/**', '**/App.tsx', '**/main.tsx'],
          message: 'renderer/src/shared/ is what the kiosk and the dashboard both use: it imports neither.',
        }),
      ],
    },
  },
  {
    files: ['renderer/src/kiosk/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        rendererFence({
          group: ['**/dashboard/**'],
          message: 'The kiosk never loads the dashboard: share through renderer/src/shared/.',
        }),
      ],
    },
  },
  {
    files: ['renderer/src/dashboard/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        rendererFence({
          group: ['**/kiosk/**'],
          message: 'The dashboard does not reach into the kiosk: share through renderer/src/shared/.',
        }),
      ],
    },
  },
);
