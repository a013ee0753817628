// ESLint for the whole project. `npm run lint` runs it (no warning allowed) with Prettier's check;
// `npm test` runs both before the type-check. Rules: typescript-eslint's recommended set without
// type information (with it, the whole tree took 72 s of CPU and 1.9 GB instead of 21 s, and the
// strict type-check already runs in `npm test`), React's hooks rules, every disable comment with
// its reason, comments in the present (scripts/lint/), and the layers below.
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { localRules } from './scripts/lint/no-narrating-comments.js';

// Layers point one way. shared/ holds what the server, the build and the browser share, so it
// imports none of them; the server (Node at run time) never imports the compiler and tools in
// scripts/; the browser never imports scripts/ or server/. scripts/ and tests/ may import anything.
// Type-only imports count too: a type from another layer ties the two layers' code together.
const layerZones = [
  {
    target: './shared',
    from: ['./src', './server', './scripts'],
    message: 'shared/ imports none of src/, server/ or scripts/: move what both need into shared/.',
  },
  {
    target: './server',
    from: ['./scripts', './src'],
    message: 'server/ never imports scripts/ or src/: move what both need into shared/.',
  },
  {
    target: './src',
    from: ['./scripts', './server'],
    message: 'The browser (src/) never imports scripts/ or server/: move what both need into shared/.',
  },
];

export default defineConfig(
  // What .gitignore leaves out (build output, caches, tests' temporary files) and generated code.
  globalIgnores(['dist/', '.cache/', 'var/', 'bench-results/', '**/*.tmp.ts', 'shared/generated/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  eslintComments.recommended,
  // Hooks are the browser's: in tests, `useHarness()` and `useStudio()` are test helpers, not hooks.
  { ...reactHooks.configs.flat['recommended-latest'], files: ['src/**/*.{ts,tsx}'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, local: localRules },
    // Imports name their files with the extension (`./load-site.ts`), so Node's resolution finds
    // them; import-x reads .ts and .tsx with typescript-eslint's parser to follow the graph.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      // A disabled rule always says why: `// eslint-disable-next-line rule -- reason`.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      // Comments say why in terms of the code, never which issue, plan or session it came from.
      'local/no-narrating-comments': 'error',
      // No import circle. Type-only imports are left out by the rule: they vanish at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // `const { omitted: _omitted, ...rest } = value` is how a property is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // Off: the regexes here match YAML indentation and messages laid out with two spaces, where
      // the spaces written out read as the text they match (`/^    title:/`, not `/^ {4}title:/`).
      'no-regex-spaces': 'off',
    },
  },
);
