import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Where an import may not point, by what the importing file is. */
const layer = {
  shell: { group: ['electron', '**/electron/**', '**/renderer/**'], message: 'server/ stands alone.' },
  routes: { regex: '\\.(routes|http)\\.ts$', message: 'Only the HTTP layer and the app use routes.' },
  schemas: { regex: '\\.schemas\\.ts$', message: 'Wire schemas are for routes.' },
  presenters: { regex: '\\.presenters\\.ts$', message: 'Presenters shape answers; routes present.' },
  services: { regex: '\\.service\\.ts$', message: 'Services are called from routes, the CLI and the app.' },
  repositories: {
    regex: '\\.repository\\.ts$',
    message: 'Only services (and the store) reach repositories.',
  },
  store: { regex: '/store\\.ts$', message: 'The store is for services; routes call services.' },
  httpWords: {
    regex: '/platform/(messages|errors)\\.ts$',
    message: 'HTTP messages and errors are for routes; services return outcomes.',
  },
  features: {
    regex:
      '/(access|attendees|events|people|webhooks|kiosk|satellite|organizations|demo|mail|tickets|failover|https|lists)/|/(store|context|app)\\.ts$',
    message: 'server/platform/ knows no feature.',
  },
  fastify: { group: ['fastify', 'fastify-*', '@fastify/*'], message: 'Only the HTTP layer knows Fastify.' },
  sqlite: { group: ['better-sqlite3'], message: 'SQL lives in repositories (and platform/database.ts).' },
};

/** The CLI: server/cli.ts finds a command, each declared beside its feature in a `*.cli.ts` module. */
const CLI_FILES = ['server/cli.ts', 'server/cli/**/*.ts', 'server/**/*.cli.ts'];

/** `patterns` forbidden in `files` (one block per file set: a later block would replace the rule, not add to it). */
function fence(files, patterns) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

/** A pattern that still lets a file name the module's types. */
const typesOnly = (pattern) => ({ ...pattern, allowTypeImports: true });

function serverFences() {
  const {
    shell,
    routes,
    schemas,
    presenters,
    services,
    repositories,
    store,
    httpWords,
    features,
    fastify,
    sqlite,
  } = layer;
  return [
    fence(['server/**/*.ts'], [shell]),
    fence(['server/platform/**/*.ts'], [shell, features]),
    fence(
      ['server/**/*.rules.ts'],
      [shell, routes, schemas, presenters, services, repositories, store, httpWords, fastify, sqlite],
    ),
    fence(['server/**/*.repository.ts'], [shell, routes, schemas, presenters, services, httpWords, fastify]),
    // Services may name a schema's type (the input they are given), never run one.
    fence(
      ['server/**/*.service.ts'],
      [shell, routes, typesOnly(schemas), presenters, httpWords, fastify, sqlite],
    ),
    fence(
      ['server/**/*.{schemas,presenters,input}.ts'],
      [shell, routes, services, repositories, store, httpWords],
    ),
    fence(['server/**/*.{routes,http}.ts'], [shell, repositories, store]),
    // The CLI is a door like the routes: its commands (`*.cli.ts`, beside their feature) open the store and hand it
    // to services.
    fence(CLI_FILES, [shell, repositories, presenters, fastify, sqlite]),
    {
      // Commands reach the repositories through services only, never through the store's `repos`.
      files: CLI_FILES,
      rules: {
        'no-restricted-syntax': [
          'error',
          {
            selector: "MemberExpression[property.name='repos']",
            message: "Commands call services; the store's repositories are theirs.",
          },
        ],
      },
    },
    {
      // Routes reach the store through services only, never through `app.store`.
      files: ['server/**/*.{routes,http}.ts'],
      rules: {
        'no-restricted-syntax': [
          'error',
          {
            selector: "MemberExpression[property.name='store']",
            message: 'Routes call services (app.ctx); the store is theirs.',
          },
        ],
      },
    },
  ];
}

/**
 * What every file of renderer/ may not import, plus one more pattern for the part it is in. One function, because a
 * later `no-restricted-imports` entry for the same files replaces the earlier one instead of adding to it.
 */
function rendererFence(extra, { contract = false } = {}) {
  return {
    paths: [{ name: 'electron', message: 'renderer/ runs in a sandboxed page, not in Electron.' }],
    patterns: [
      {
        // Types come from the generated renderer/src/shared/api/schema.d.ts; the enums' value lists from the shared
        // contract, through one door (renderer/src/shared/api/vocabulary.ts).
        group: contract
          ? ['**/server/**', '!**/server/contract', '!**/server/contract/*.ts', 'node:*']
          : ['**/server/**', 'node:*'],
        message:
          'renderer/ talks to the server over HTTP (renderer/src/shared/api/client.ts); its enum lists come through renderer/src/shared/api/vocabulary.ts.',
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

const SHARED_FENCE = {
  group: ['**/kiosk/**', '**/dashboard/**', '**/public/**', '**/App.tsx', '**/main.tsx'],
  message:
    'renderer/src/shared/ is what the kiosk, the dashboard and the public pages use: it imports none of them.',
};

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
      // Generated by npm run api:types (bin/api-types.mjs).
      'renderer/src/shared/api/schema.d.ts',
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
  // The server's layers (server/README.md): inside a feature, routes -> services -> repositories, all free to use
  // the pure rules; the platform knows no feature. Each file's role is in its name (`*.routes.ts`, `*.service.ts`,
  // ...), and these fences keep every arrow pointing one way. Later blocks replace the rule for their files, so each
  // one repeats the server-wide fence.
  ...serverFences(),
  {
    // The contract reaches the browser bundle: literal data and types only, nothing that runs or pulls code in.
    files: ['server/contract/**/*.ts'],
    ignores: ['server/contract/time-text.ts'],
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
    // How a time reads (issue 39): the one module of code both sides share, so a mail and a screen write a time the
    // same way. Pure functions over Intl; it may name the contract's types, and import nothing that runs.
    files: ['server/contract/time-text.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[importKind!="type"]',
          message: 'time-text.ts imports types only: it runs in the browser bundle too.',
        },
        { selector: 'ClassDeclaration', message: 'time-text.ts holds pure functions.' },
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
      'no-restricted-imports': ['error', rendererFence(SHARED_FENCE)],
    },
  },
  {
    // The renderer's doors to server/contract/: the enums' value lists, and how a time reads.
    files: ['renderer/src/shared/api/vocabulary.ts', 'renderer/src/shared/i18n/time.ts'],
    rules: { 'no-restricted-imports': ['error', rendererFence(SHARED_FENCE, { contract: true })] },
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
    // The public event and ticket pages (public.html) are their own small entry: a phone that opens an event's page
    // loads neither the kiosk's code nor the dashboard's.
    files: ['renderer/src/public/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        rendererFence({
          group: ['**/kiosk/**', '**/dashboard/**', '**/App.tsx', '../main.tsx'],
          message:
            'The public pages stand on renderer/src/shared/ only: they never load the kiosk or the dashboard.',
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
          // The desk scans with the kiosk's camera, repeat filter and outcome sounds, through those modules only
          // (gitignore rules: a file is let through once every folder above it is).
          group: [
            '**/kiosk/**',
            '!**/kiosk/scan',
            '!**/kiosk/scan/useQrCamera.ts',
            '!**/kiosk/scan/repeat-filter.ts',
            '!**/kiosk/components',
            '!**/kiosk/components/outcome-sound.ts',
            '!**/kiosk/components/ResultPanel.tsx',
          ],
          message:
            'The dashboard reaches the kiosk only for its scanner and outcome feedback (useQrCamera, repeat-filter, outcome-sound, the Tone of ResultPanel); share anything else through renderer/src/shared/.',
        }),
      ],
    },
  },
);
