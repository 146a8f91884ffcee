import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// better-sqlite3 12 cannot run on Node 22 and later; the driver module picks the major.
const sqliteDriverFiles = ['src/emulator/store/sqlite-driver.ts', 'src/sea/sqlite-driver.ts'];
const sqlite = {
  name: 'better-sqlite3',
  message: 'Open SQLite through sqliteDriver() (src/emulator/store/sqlite-driver.ts).',
  allowTypeImports: true,
};

// An ES module import of a built-in builds its whole namespace, reading every export: on
// Node 24 and 26 that of node:http loads Node's own copy of undici (100-200 ms), those of
// node:process, node:fs and node:tty 7-35 ms each. svc and its emulator start for every
// command, so they take these with process.getBuiltinModule, whose lazy members stay lazy.
const eagerBuiltins = ['node:fs', 'node:http', 'node:process', 'node:tty'].map((name) => ({
  name,
  message: `Take it with process.getBuiltinModule('${name}') (eslint.config.js says why).`,
  allowTypeImports: true,
}));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'completions/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='exit']",
          message: 'Return an exit code from main() instead of calling process.exit.',
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    ignores: sqliteDriverFiles,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [sqlite] }] },
  },
  {
    files: ['src/**/*.ts'],
    ignores: sqliteDriverFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [sqlite, ...eagerBuiltins] }],
    },
  },
  {
    files: ['bin/**', 'src/sea/main.ts', 'bench/**', 'scripts/**', 'examples/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly' },
    },
  },
);
