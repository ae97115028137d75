import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

// The layers, one way (README, "Layout of the code"): model -> session -> store -> ui and
// features/<name> -> app. Each folder's block lists every import it may not make; ESLint replaces
// (does not merge) a rule's options between blocks, so each block repeats the app rule.
const REACT = {
  regex: '^(react|react-dom|zustand)(/|$)',
  message: 'The model and the session are framework-free: no React, no store library.',
};
const APP = {
  regex: '(^|/)(app|embed)/',
  message: 'Nothing imports src/app or src/embed: they compose the features (the page; the embed cards, built on their own).',
};
// The embed cards load at most 40 KB gzip of JavaScript; React 19 and React DOM alone are 67 KB (docs/decisions.md).
const NO_REACT_IN_EMBEDS = {
  regex: '^(react|react-dom)(/|$)',
  message: 'The embed cards are plain DOM code: React alone is over their 40 KB budget.',
};
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const TESTS = '**/*.test.{ts,tsx}';
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const above = (folders, message) => ({ regex: `(^|/)(${folders.join('|')})/`, message });

export default tseslint.config(
  { ignores: ['dist', 'examples/*/dist', 'node_modules', 'test-results', 'playwright-report'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname } },
  },
  // React's rules where React can run. The model and the session may not import it (below), so the
  // costliest of these rules, the React Compiler's analysis, has nothing to find there.
  { files: ['src/**/*.{ts,tsx}'], ignores: ['src/model/**', 'src/session/**'], extends: [reactHooks.configs.flat.recommended] },
  {
    // tsconfig.json's noUnusedLocals and noUnusedParameters already report these in every TypeScript
    // file it includes, and `npm run check` (like `npm run typecheck`) fails on them
    files: ['{src,bridge,e2e,conformance,test-support,bench,scripts}/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      // Vitest's asymmetric matchers (expect.any, expect.objectContaining) are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // expect(spy.method) and vi.spyOn(proto, 'method') read methods off their objects on purpose.
      '@typescript-eslint/unbound-method': 'off',
      // Testing Library queries return HTMLElement; a test's cast names the element it expects.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // act(() => value) is typed as a promise when its callback returns something; the tests call it synchronously.
      '@typescript-eslint/no-floating-promises': 'off',
      // vi.fn() mocks record their calls and instances as `any`; the tests read them back.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // a test body may be async only to share a shape with its neighbours (fake timers run it synchronously).
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Import boundaries, one block a folder. A test may drive its code from above (through the store
  // or the assembled page), so tests are left out.
  { files: ['**/*.{ts,tsx,js,mjs}'], ignores: ['src/app/**', TESTS], rules: restrict(APP) },
  // The embed cards are an app-layer folder beside src/app (they compose the model, the session and small feature helpers).
  // The package's React wrapper (src/embed/package/react*) runs on the host's React, never in the cards' bundle.
  { files: ['src/embed/**'], ignores: [TESTS, 'src/embed/package/react*'], rules: restrict(APP, NO_REACT_IN_EMBEDS) },
  { files: ['src/embed/package/react*'], rules: restrict(APP) },
  {
    files: ['src/model/**'],
    ignores: [TESTS],
    rules: restrict(
      REACT,
      above(
        ['session', 'store', 'ui', 'features', 'app', 'embed'],
        'The model imports nothing above it: no session, store, ui, features or app.',
      ),
    ),
  },
  {
    files: ['src/session/**'],
    ignores: [TESTS],
    rules: restrict(
      REACT,
      above(['store', 'ui', 'features', 'app', 'embed'], 'The session imports only the model: no store, ui, features or app.'),
    ),
  },
  {
    files: ['src/store/**'],
    ignores: [TESTS],
    rules: restrict(
      above(['ui', 'features', 'app', 'embed'], 'The store imports only the model and the session: no ui, features or app.'),
    ),
  },
  {
    files: ['src/ui/**'],
    ignores: [TESTS],
    rules: restrict(above(['features', 'app', 'embed'], 'Shared widgets import no feature and not the app.')),
  },
  {
    // The bridge is a Node server beside the page: it shares only the model (the wire format in
    // src/model/bridgeWire.ts, the printable-bytes rule), never the page's state or widgets.
    files: ['bridge/**'],
    ignores: [TESTS],
    rules: restrict(
      REACT,
      above(
        ['session', 'store', 'ui', 'features', 'app'],
        'The bridge imports only src/model (its wire types are in src/model/bridgeWire.ts).',
      ),
    ),
  },
  // One block a feature: `../<other>/` leaves the feature's folder for another one.
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**`],
    ignores: [TESTS],
    rules: restrict(APP, {
      regex: `^\\.\\./(?!${feature}/)[^./]`,
      message: 'Features do not import each other: move what two features share to the model, session, store or ui.',
    }),
  })),
);
