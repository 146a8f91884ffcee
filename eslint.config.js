import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    // better-sqlite3 12 cannot run on Node 22 and later; the driver module picks the major.
    files: ['src/**/*.ts', 'test/**/*.ts'],
    ignores: ['src/emulator/store/sqlite-driver.ts', 'src/sea/sqlite-driver.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'better-sqlite3',
              message: 'Open SQLite through sqliteDriver() (src/emulator/store/sqlite-driver.ts).',
              allowTypeImports: true,
            },
          ],
        },
      ],
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
