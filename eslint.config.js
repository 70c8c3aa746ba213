// @ts-check
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { dirname, relative, resolve, sep } from 'node:path';
import tseslint from 'typescript-eslint';
import { domainEntries, domainLoops, repositoryRows } from './apps/api/eslint-domain-rules.js';

const root = import.meta.dirname;

/**
 * Which layer a file belongs to: 'contract', 'api', 'web/app', 'web/components', 'web/lib',
 * 'web/features/<name>', or 'web' (the page's entry, styles and test setup).
 */
function layerOf(file) {
  const rel = relative(root, file).split(sep).join('/');
  if (rel.startsWith('packages/contract/')) return 'contract';
  if (rel.startsWith('apps/api/')) return 'api';
  // Browser journeys exercise the whole system (server and page) and may use both sides' fixtures.
  if (rel.startsWith('apps/web/e2e/')) return null;
  const feature = /^apps\/web\/src\/features\/([^/]+)\//.exec(rel);
  if (feature) return `web/features/${feature[1]}`;
  const webZone = /^apps\/web\/src\/(app|components|lib)\//.exec(rel);
  if (webZone) return `web/${webZone[1]}`;
  if (rel.startsWith('apps/web/')) return 'web';
  return null;
}

function targetOf(source, file) {
  if (source === '@enq/api' || source.startsWith('@enq/api/')) return 'api';
  if (source === '@enq/web' || source.startsWith('@enq/web/')) return 'web';
  if (source.startsWith('.')) return layerOf(resolve(dirname(file), source) + '/x');
  return null;
}

/**
 * Inside the page, imports flow app → features → components and lib: components/ and lib/ are the
 * shared ground every feature stands on, so they import no feature and not app/; a feature imports
 * no other feature and not app/ (the router and shell that mount the features).
 */
function webAllowed(from, to) {
  const feature = (layer) => layer.startsWith('web/features/');
  if (from === 'web' || from === 'web/app') return true;
  return to !== 'web/app' && !feature(to);
}

/**
 * Imports flow one way: contract imports no app; web and api never import each other; inside each
 * app the zones above.
 */
const boundaries = {
  meta: { type: 'problem', messages: { crossing: '{{from}} may not import from {{to}}.' }, schema: [] },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const to = targetOf(node.source.value, context.filename);
      if (!to || to === from) return;
      const app = (layer) => layer.split('/')[0];
      const allowed =
        (from !== 'contract' && to === 'contract') ||
        (app(from) === 'web' && app(to) === 'web' && webAllowed(from, to));
      if (!allowed) context.report({ node: node.source, messageId: 'crossing', data: { from, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** The start of an SQL statement, as an esquery regex (lower case: how this code writes SQL). */
const SQL_START =
  '/^\\s*(select\\s|insert\\s+into\\s|update\\s+\\w+\\s+set\\s|delete\\s+from\\s|with\\s+\\w+\\s+as\\s|vacuum\\s|analyze\\s|truncate\\s|alter\\s+table\\s|create\\s+(table|index)\\s)/';
const SQL_OUTSIDE_REPOSITORY =
  'SQL belongs in a *-repository.ts file (or db/): call a repository function here (CONTRIBUTING.md).';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { enq: { rules: { boundaries } } },
    rules: {
      'enq/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The API's layers: routes -> domain -> db. The domain owns its ports and errors and imports
    // neither routes nor plugins, nor config.ts or cli/ (a setting it needs comes in as an argument);
    // plugins adapt the domain's ports and may use domain and db, never routes (routes are registered
    // on top of the plugins); routes never import db/ (they reach data through the domain); db imports
    // no layer above it, except that the demo seed drives domain services (never the reverse).
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      // Packages are not ours to check, and their bundles are not TypeScript.
      'import-x/ignore': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: 'apps/api/src',
          zones: [
            {
              target: './domain',
              from: ['./routes', './plugins', './app.ts', './db/seed', './config.ts', './cli'],
            },
            { target: './db', from: ['./domain', './routes', './plugins', './app.ts'] },
            { target: './routes', from: ['./db'] },
            { target: './plugins', from: ['./routes'] },
          ],
        },
      ],
    },
  },
  {
    // One way in to each domain folder (CONTRIBUTING.md): routes and other folders import a folder's
    // entry (domain/<folder>, its index.ts), never a file inside it, and routes never a repository;
    // repositories return rows (no domain module, contract types only); folders import one way.
    files: ['apps/api/src/**/*.ts'],
    plugins: {
      api: {
        rules: {
          'domain-entries': domainEntries,
          'repository-rows': repositoryRows,
          'domain-loops': domainLoops,
        },
      },
    },
    rules: {
      'api/domain-entries': 'error',
      'api/repository-rows': 'error',
      'api/domain-loops': 'error',
    },
  },
  {
    // SQL is written and run in one kind of place: `*-repository.ts` files, and db/ (driver, schema,
    // migrations, seed). Elsewhere code calls a repository function, so every statement against a
    // table can be found, reviewed and reused from its repository. Caught: a `.query(` call, and a
    // string or template that starts a statement (the code writes SQL in lower case).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*-repository.ts', 'apps/api/src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='query']",
          message: SQL_OUTSIDE_REPOSITORY,
        },
        { selector: `Literal[value=${SQL_START}]`, message: SQL_OUTSIDE_REPOSITORY },
        { selector: `TemplateLiteral[quasis.0.value.raw=${SQL_START}]`, message: SQL_OUTSIDE_REPOSITORY },
      ],
    },
  },
  {
    // The demo seed builds the demo account through the domain's own services and its card sandbox.
    files: ['apps/api/src/db/seed/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: 'apps/api/src',
          zones: [
            { target: './db/seed', from: ['./routes', './app.ts'] },
            { target: './db/seed', from: './plugins', except: ['./payments/sandbox.ts'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/routes/*/assets/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // No import cycles in the page: a cycle makes module order matter and hides which piece owns what.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Follow .ts/.tsx modules (the plugin reads only .js by default) with the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'no-restricted-globals': ['error', { name: 'process', message: 'The page has no process.' }] },
  },
  {
    // react-toastify's main entry writes its own stylesheet into the page as a script runs; the toasts
    // and the tests go through the one module that loads the unstyled build (styles.css has its sheet).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/toast-library.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-toastify', 'react-toastify/*'],
              message: 'Import from lib/toast (toasts) or lib/toast-library (the container).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
