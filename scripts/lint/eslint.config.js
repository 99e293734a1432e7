// Lint rules that keep the process boundaries of the architecture page (section 2):
// shared imports nothing local; renderer and gateway never import main or preload; `electron`
// only in main and preload; ipcMain only in the registrar; window.lib only in lib/bridge.ts;
// no cross-feature imports in the renderer.
import tseslint from 'typescript-eslint';

const restrict = (patterns, paths = []) => ['error', { patterns, paths }];
const LOWER_GATEWAY = ['http', 'db', 'access', 'sso', 'seed', 'import', 'jobs', 'mail', 'security', 'testing'];
const electronOnly = { name: 'electron', message: 'electron is imported only in src/main and src/preload.' };

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.data/**', '.tools/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      'no-debugger': 'error',
      'no-var': 'error',
      'prefer-const': 'error',
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='it'][property.name='only'], MemberExpression[object.name='test'][property.name='only'], MemberExpression[object.name='describe'][property.name='only']", message: 'No .only in committed tests.' }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([
      { group: ['../../*', '**/gateway/**', '**/main/**', '**/preload/**', '**/renderer/**'], message: 'src/shared imports nothing local outside shared.' },
      { group: ['node:*', 'react', 'react-*', '@mui/*'], message: 'src/shared is zod only: no Node, DOM or React.' },
    ], [electronOnly]) },
  },
  {
    files: ['src/gateway/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([
      { group: ['**/main/**', '**/preload/**', '**/renderer/**'], message: 'The gateway imports shared and Node only.' },
    ], [electronOnly]) },
  },
  {
    // Cross-cutting machinery sits below the domain folders: only app.ts (the composition root)
    // and app-handlers.ts put domains together, so a lower folder never imports a domain.
    files: LOWER_GATEWAY.map((d) => `src/gateway/${d}/**/*.ts`),
    rules: { 'no-restricted-imports': restrict([
      { group: ['**/main/**', '**/preload/**', '**/renderer/**'], message: 'The gateway imports shared and Node only.' },
      { regex: `^\\.\\./(?!(${LOWER_GATEWAY.join('|')})/)[^./][^/]*/`, message: 'Cross-cutting gateway folders do not import domain folders; compose in app.ts / app-handlers.ts.' },
    ], [electronOnly]) },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/main/**', '**/preload/**', '**/gateway/**'], message: 'The renderer imports shared and browser code only.' },
        { group: ['node:*'], message: 'No Node built-ins in the renderer.' },
        { group: ['**/features/*/**'], message: 'Features do not import each other; go through app/ or kit/.' },
      ], [electronOnly]),
      'no-restricted-properties': ['error', { object: 'window', property: 'lib', message: 'Only src/renderer/lib/bridge.ts touches window.lib.' }],
    },
  },
  {
    // A feature imports its own files (./x) and the layers below it (../../lib, ../../kit), never
    // another feature (../other/x): app/ composes features (app/compose/).
    files: ['src/renderer/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/main/**', '**/preload/**', '**/gateway/**'], message: 'The renderer imports shared and browser code only.' },
        { group: ['node:*'], message: 'No Node built-ins in the renderer.' },
        { regex: '^\\.\\./[^./][^/]*/', message: 'Features do not import each other; compose them in app/compose/.' },
        { group: ['**/app/**'], message: 'Features do not import app/; app/ imports features.' },
      ], [electronOnly]),
    },
  },
  {
    // app/ composes features.
    files: ['src/renderer/app/**/*.{ts,tsx}', 'src/renderer/lib/bridge.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/main/**', '**/preload/**', '**/gateway/**'], message: 'The renderer imports shared and browser code only.' },
        { group: ['node:*'], message: 'No Node built-ins in the renderer.' },
      ], [electronOnly]),
    },
  },
  {
    files: ['src/renderer/lib/bridge.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([
      { group: ['**/gateway/**', '**/renderer/**', '**/main/**'], message: 'The preload imports shared/ipc and electron only.' },
    ]) },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/ipc/register-handlers.ts'],
    rules: { 'no-restricted-imports': restrict([
      { group: ['**/renderer/**', '**/preload/**'], message: 'main does not import renderer or preload code.' },
    ], [{ name: 'electron', importNames: ['ipcMain'], message: 'Only src/main/ipc/register-handlers.ts uses ipcMain.' }]) },
  },
);
