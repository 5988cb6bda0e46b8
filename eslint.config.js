import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['server/**/*.ts', 'bench/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.mjs', 'server/**/*.mjs', 'vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The speech synthesiser is GPL-3.0 and server-only (README, Licences): never in the portal.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['espeak-ng'], message: 'espeak-ng (GPL-3.0) stays in the reference API.' }] }],
    },
  },
  {
    // Dependencies point one way: api ← machines ← views. Machines never import React or the router.
    files: ['src/machines/**/*.ts', 'src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['react', 'react-dom', 'wouter', '**/views/**'], message: 'Machines and the API layer stay free of React and views.' },
          { group: ['espeak-ng'], message: 'espeak-ng (GPL-3.0) stays in the reference API.' },
        ],
      }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Server text is rendered as text.' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Views and the inspector never touch the network: from src/api they take types and schemas
    // only; actors come from the system (machines/areas.ts wires the API into them).
    files: ['src/views/**/*.{ts,tsx}', 'src/inspector/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          regex: '(^|/)api/(?!schemas/|zod$)',
          allowTypeImports: true,
          message: 'Views import only types and schemas from src/api; open an actor (machines/areas.ts) instead.',
        }],
      }],
      'no-restricted-syntax': ['error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Server text is rendered as text.' },
        { selector: "MemberExpression[property.name='http'], Property[key.name='http']", message: 'Views never hold the HTTP client: open an actor (machines/areas.ts).' },
      ],
    },
  },
  {
    // Issue 25: view components talk to an actor through its named API (src/machines/<actor>.api.ts,
    // src/views/actors/use<Actor>.ts): no event objects built here, no state names asked for.
    files: ['src/views/**/*.tsx'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Server text is rendered as text.' },
        { selector: "MemberExpression[property.name='http'], Property[key.name='http']", message: 'Views never hold the HTTP client: open an actor (machines/areas.ts).' },
        {
          selector: "CallExpression:matches([callee.property.name='send'], [callee.name='send']) > ObjectExpression > Property[key.name='type']",
          message: "Views send no event objects: call the actor's named sender (src/machines/<actor>.api.ts, src/views/actors/use<Actor>.ts).",
        },
        {
          selector: "CallExpression[callee.property.name='matches']",
          message: "Views match no state names: read a selector on the actor's tags (src/machines/<actor>.api.ts).",
        },
      ],
    },
  },
);
