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

// Each module owns its data (docs/architecture.md, "Modules"). A module is a folder of apps/server/src/modules
// or a top-level folder of apps/server/src (tenancy, auth, shared, http, storefront, integrations, ...).
// - Only a module's own files import its repository (*.repository.ts), types included.
// - A module of modules/ (and integrations/) is used by the others through its index.ts only; the
//   composition root (app.ts) also mounts each module's *.routes.ts. Request and response schemas
//   live in packages/domain, so no module reads another's schemas.
// no-restricted-imports sees the import's text only, so the patterns are made per depth inside a
// module folder: from a file d folders deep, d + 1 '../' leave its module.
const SERVER_SRC = 'apps/server/src';
const INDEXED_TOP_MODULES = '(integrations)';
const MAX_DEPTH_IN_MODULE = 3;
const OTHER_REPOSITORY = "Only a module's own files import its repository: call a function its index.ts exports (docs/architecture.md, \"Modules\").";
const OTHER_INTERNALS = "Another module is used through its index.ts only (docs/architecture.md, \"Modules\"): export what you need there.";
const NOT_INTERNAL = '(?!index\\.ts$)';
const ups = (n) => `(\\.\\./){${n}}`;

/** The patterns of a file `depth` folders inside a module of modules/ ('modules'), a top-level folder ('top'), or of a top-level file ('file'). */
function moduleBoundaryPatterns(kind, depth) {
  if (kind === 'file') {
    return [
      { regex: '^\\./.*\\.repository(\\.ts)?$', message: OTHER_REPOSITORY },
      { regex: `^\\./(modules/[^/]+|${INDEXED_TOP_MODULES})/(?!index\\.ts$|([^/]+/)*[^/]+\\.routes\\.ts$)`, message: OTHER_INTERNALS },
    ];
  }
  const out = ups(depth + 1);
  const repository = { regex: `^${out}.*\\.repository(\\.ts)?$`, message: OTHER_REPOSITORY };
  if (kind === 'modules') {
    return [
      repository,
      { regex: `^${out}[^./][^/]*/${NOT_INTERNAL}`, message: OTHER_INTERNALS },
      { regex: `^${ups(depth + 2)}${INDEXED_TOP_MODULES}/${NOT_INTERNAL}`, message: OTHER_INTERNALS },
    ];
  }
  return [repository, { regex: `^${out}(modules/[^/]+|${INDEXED_TOP_MODULES})/${NOT_INTERNAL}`, message: OTHER_INTERNALS }];
}

/** Which group of moduleBoundaryBlocks a file of apps/server/src falls in. */
function groupOf(file) {
  const parts = file.slice(SERVER_SRC.length + 1).split('/');
  if (parts.length === 1) return { kind: 'file', depth: 0 };
  if (parts[0] === 'modules') return { kind: 'modules', depth: parts.length - 3 };
  return { kind: 'top', depth: parts.length - 2 };
}

/**
 * One block per kind of place and depth (later blocks win: modules/ after the top-level folders).
 * The Drizzle rule shares the rule name, and a later block replaces an earlier one's options, so
 * each block carries NO_DRIZZLE itself; a second block gives repositories, db/ and
 * DRIZZLE_INFRASTRUCTURE the module patterns alone.
 */
function moduleBoundaryBlocks() {
  const groups = [{ kind: 'file', depth: 0, dir: `${SERVER_SRC}/` }];
  for (const kind of ['top', 'modules']) {
    for (let depth = 0; depth <= MAX_DEPTH_IN_MODULE; depth += 1) {
      groups.push({ kind, depth, dir: `${SERVER_SRC}/${kind === 'modules' ? 'modules/' : ''}*/${'*/'.repeat(depth)}` });
    }
  }
  return groups.flatMap(({ kind, depth, dir }) => {
    const patterns = moduleBoundaryPatterns(kind, depth);
    const infrastructure = DRIZZLE_INFRASTRUCTURE.map(([file]) => file).filter((file) => {
      const at = groupOf(file);
      return at.kind === kind && at.depth === depth;
    });
    const db = kind === 'top' ? [`${SERVER_SRC}/db/${'*/'.repeat(depth)}*.ts`] : [];
    return [
      { files: [`${dir}*.ts`], rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...patterns, NO_DRIZZLE] }] } },
      { files: [`${dir}*.repository.ts`, ...db, ...infrastructure], rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] } },
    ];
  });
}

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
    // One CSV writer (apps/server/src/http/csv.ts): every CSV the product writes goes through
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
  // Drizzle only in repositories and db/, plus the infrastructure that owns its own SQL; each module's
  // repository and internals only inside it (moduleBoundaryBlocks above).
  ...moduleBoundaryBlocks(),
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
  {
    // No component file over 300 lines (docs/screens-and-names.md, "Component size"). Every line
    // counts, blank and comment lines too, so the limit is the number `wc -l` shows.
    files: ['apps/web/src/**/*.tsx'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
);
