import { describe, expect, it } from 'vitest';
import { binPath, loadedModules } from '../../bench/lib/loaded-modules.mjs';

const heavy =
  /node_modules\/(zod|undici|better-sqlite3|yjs|conf|ajv|@inquirer|ora|cli-table3|chalk)\//;

describe('start-up path', () => {
  it('svc --version loads nothing but the bin shim', () => {
    const modules = loadedModules(['--version']);
    expect(modules).toEqual([new URL(`file://${binPath}`).href]);
  });

  it('svc --help loads no heavy library and no command implementation', () => {
    const modules = loadedModules(['--help']);
    expect(modules.filter((m) => heavy.test(m))).toEqual([]);
    expect(modules.some((m) => m.includes('node_modules/commander/'))).toBe(true);
    expect(modules.filter((m) => /\/dist\/(server|create|start|exec)/.test(m))).toEqual([]);
  });
});
