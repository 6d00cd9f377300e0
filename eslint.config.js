import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const ONE_CSV_WRITER = {
  group: ['csv-stringify', 'csv-stringify/*', 'csv-writer', 'csv-writer/*', 'json2csv', '@json2csv/*', 'fast-csv', '@fast-csv/*', 'papaparse', 'csv', 'csv/*'],
  message: 'CSV is written by apps/server/src/http/csv.ts only (toCsv, csvDocument, csvSql, sendCsv): it neutralises formula cells.',
};

// Files outside repositories and db/ that may use Drizzle, each with its reason. Nothing else may.
const DRIZZLE_INFRASTRUCTURE = [
  ['apps/server/src/http/csv.ts', 'the one CSV writer: csvSql builds the SQL cells Postgres writes CSV lines with'],
  ['apps/server/src/jobs/queue.ts', 'the job queue keeps its own background_jobs rows (progress, result)'],
  ['apps/server/src/mail/mailer.ts', 'the mailer keeps its own outbox rows'],
  ['apps/server/src/seed/seed.ts', 'the demo seed writes every table of a fresh database directly'],
  ['apps/server/src/modules/inventory-queries/inventory-queries.sql.ts', "the inventory repository's SQL building blocks (filters, sorts, keysets)"],
];

const NO_DRIZZLE = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Drizzle only in *.repository.ts and db/ (docs/architecture.md): move the query into the module repository.',
};

const NO_API_FETCH = {
  regex: '(^|/)api$',
  importNames: ['apiFetch'],
  message: 'Call the API from a *.api.ts file (a hook or function the screen imports), not from components.',
};

const DOMAIN_IMPORTS = [
  {
    regex: '(^@backroom/(server|web)(/|$))|(^|/)apps(/|$)',
    message: 'packages/domain imports nothing from the apps: they import the domain.',
  },
  {
    // an allow-list: relative files of the domain, zod and dayjs; vitest and fast-check in tests
    regex: '^(?!\\.{1,2}/|(zod|dayjs|vitest|fast-check)(/|$))',
    message: 'packages/domain is pure and runs in the browser too: no node built-ins or server packages (zod and dayjs only).',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/migrations/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One CSV writer (apps/server/src/http/csv.ts, issue 8): every CSV the product writes goes through
    // it, so no cell reaches a spreadsheet as a live formula. No other CSV library, no other text/csv reply.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['apps/server/src/http/csv.ts', 'e2e/tests/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ONE_CSV_WRITER] }] },
  },
  {
    // Specs take `test` from e2e/fixtures/test.ts: it fails a test on any Content-Security-Policy violation.
    files: ['e2e/tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from e2e/fixtures/test.ts: it checks every page for CSP violations." }],
          patterns: [ONE_CSV_WRITER],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'packages/**/*.ts'],
    ignores: ['apps/server/src/http/csv.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/text\\/csv/i]', message: 'Send CSV with sendCsv of apps/server/src/http/csv.ts, the one CSV writer.' },
        { selector: 'TemplateElement[value.raw=/text\\/csv/i]', message: 'Send CSV with sendCsv of apps/server/src/http/csv.ts, the one CSV writer.' },
      ],
    },
  },
  // Layering (docs/architecture.md). A separate rule name from the CSV rule above, so neither
  // replaces the other's options; the three file groups below do not overlap.
  {
    // Drizzle only in repositories and db/, plus the infrastructure that owns its own SQL.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      ...DRIZZLE_INFRASTRUCTURE.map(([file]) => file),
    ],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_DRIZZLE] }] },
  },
  {
    // The web calls the API only from *.api.ts files (hooks and functions a screen imports).
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.api.ts', 'apps/web/src/shared/api.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_API_FETCH] }] },
  },
  {
    // The domain is pure: the apps import it, never the reverse; no node or server packages.
    files: ['packages/domain/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: DOMAIN_IMPORTS }] },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
