import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** The folders directly under `dir` (feature areas), read at lint time so a new area is covered at once. */
function listFolders(dir) {
  return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const WEB = 'apps/web/src';
const API_FEATURES = 'apps/api/src/features';
const webFeatures = listFolders(`./${WEB}/features`);
const apiFeatures = listFolders(`./${API_FEATURES}`);

/**
 * The import zones of the web app (docs/architecture.md "Boundaries"). Tests may render the whole
 * app (app/providers), so only source files are kept from importing app/.
 */
const webZones = (isTest) => [
  // A feature never imports another feature; what two features share moves to shared/, ui/ or lib/.
  ...webFeatures.map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to shared/, ui/ or lib/.',
  })),
  {
    target: [`./${WEB}/shell`, `./${WEB}/shared`, `./${WEB}/ui`, `./${WEB}/lib`],
    from: isTest ? [`./${WEB}/features`] : [`./${WEB}/features`, `./${WEB}/app`],
    message: 'shell/, shared/, ui/ and lib/ do not import features or the app: features plug into them.',
  },
  {
    target: './apps/web',
    from: ['./packages/db', './apps/api'],
    message: 'apps/web never imports the database package or the API: it reads data through HTTP.',
  },
  {
    target: `./${WEB}/shared`,
    from: `./${WEB}/shell`,
    message: 'shared/ (cart, payment, modals, ordering options) sits below the shell: it does not import shell/.',
  },
  {
    target: [`./${WEB}/ui`, `./${WEB}/lib`],
    from: [`./${WEB}/shell`, `./${WEB}/shared`],
    message: 'ui/ and lib/ are the bottom layers: they do not import shell/ or shared/.',
  },
];

/**
 * In the API a feature is read by the others only through its public module `<feature>.public.ts`
 * (tests also through `<feature>.test-support.ts` or `<feature>-test-fixtures.ts`): its repos (SQL),
 * services and routes are its own (issue 35). `catalog` is the item read model cart, shopping lists
 * and the inventory read through; the other public modules are a line or two each (docs/architecture.md
 * lists them). Anything else several features share lives in apps/api/src/platform/.
 */
const apiZones = apiFeatures.flatMap((provider) =>
  apiFeatures
    .filter((feature) => feature !== provider)
    .map((feature) => ({
      target: `./${API_FEATURES}/${feature}`,
      from: `./${API_FEATURES}/${provider}`,
      except: [`./${provider}.public.ts`, `./${provider}.test-support.ts`, `./${provider}-test-fixtures.ts`],
      message: `Another feature reads ${provider} only through ${provider}.public.ts: its repos, services and routes are its own (move what both share to apps/api/src/platform/).`,
    })),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'packages/db/migrations/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Imports resolve as TypeScript does (workspace packages, .ts/.tsx without extensions).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // The plugin's TypeScript settings (which files it parses, and with which parser), with our resolver.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': importX.flatConfigs.typescript.settings['import-x/external-module-folders'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
        }),
      ],
    },
    rules: {
      // No import cycles anywhere: each layer and module can be read, tested and loaded on its own.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Rooms small enough to hold in your head (issue 35): a source file over 300 lines is split by
    // job, the bench's and the cluster test's tooling included. Tests, seed data and migrations are
    // data, read differently.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webZones(false) }],
      // Query keys come from one factory, so no area reads or invalidates another's data by a string.
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Take query keys from lib/query-keys.ts (queryKeys), never an inline array.',
        },
      ],
      // The web app talks to the server over HTTP only: never the database package or the API's code.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@stockpot/db', '@stockpot/db/*'],
              message: 'apps/web never imports @stockpot/db: it reads data through the API.',
            },
            { group: ['@stockpot/api', '@stockpot/api/*'], message: 'apps/web never imports the API: it talks to it over HTTP.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones(true) }] },
  },
  {
    files: ['apps/api/src/features/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiZones }] },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', '@stockpot/*'] }],
    },
  },
);
