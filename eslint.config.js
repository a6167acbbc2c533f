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
      '/(access|attendees|events|people|webhooks|kiosk|satellite|organizations|demo)/|/(store|context|app)\\.ts$',
    message: 'server/platform/ knows no feature.',
  },
  fastify: { group: ['fastify', 'fastify-*', '@fastify/*'], message: 'Only the HTTP layer knows Fastify.' },
  sqlite: { group: ['better-sqlite3'], message: 'SQL lives in repositories (and platform/database.ts).' },
};

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
    // The CLI is a door like the routes: it opens the store and hands it to services.
    fence(['server/cli.ts'], [shell, repositories]),
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
  // The server's layers (server/README.md): inside a feature, routes -> services -> repositories, all free to use
  // the pure rules; the platform knows no feature. Each file's role is in its name (`*.routes.ts`, `*.service.ts`,
  // ...), and these fences keep every arrow pointing one way. Later blocks replace the rule for their files, so each
  // one repeats the server-wide fence.
  ...serverFences(),
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
    // The screens run in a browser and reach the server over HTTP only, never by importing it.
    files: ['renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'renderer/ runs in a sandboxed page, not in Electron.' }],
          patterns: [
            {
              // Except the shared contract: the enum lists and types both sides of the HTTP interface must agree on.
              group: ['**/server/**', '!**/server/contract', '!**/server/contract/*.ts', 'node:*'],
              message: 'renderer/ talks to the server over HTTP (renderer/src/api/client.ts).',
            },
            {
              // The desktop shell's preload bridge is the one contract the page shares with it: types only.
              group: ['**/electron/**', '!**/electron/bridge.ts'],
              message: 'renderer/ knows the desktop shell through electron/bridge.ts only.',
            },
          ],
        },
      ],
    },
  },
);
