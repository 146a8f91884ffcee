import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn as spawnInTerminal } from 'node-pty';
import { describe, expect, it } from 'vitest';
import { binPath, loadedModules } from '../../bench/lib/loaded-modules.mjs';

const dist = new URL('../../dist/', import.meta.url);
const shim = new URL(`file://${binPath}`).href;
const renderedHelp = new URL('root-help.json', dist).href;
const helpRule = new URL('root-help.cjs', shim).href;
const traceRegister = fileURLToPath(new URL('../../bench/lib/trace-register.mjs', import.meta.url));

interface RootHelp {
  forms: string[];
  columns: [number, number | null][];
  text: string;
}

const heavy =
  /node_modules\/(zod|undici|better-sqlite3|yjs|conf|ajv|@inquirer|ora|cli-table3|chalk|jq-wasm|@napi-rs)\//;

/** The source modules bundled into each chunk of dist/, from the build's metafile. */
function chunkInputs(): Map<string, string[]> {
  const meta = JSON.parse(readFileSync(new URL('metafile-esm.json', dist), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  const root = fileURLToPath(new URL('../../', import.meta.url));
  return new Map(
    Object.entries(meta.outputs).map(([out, { inputs }]) => [
      new URL(`file://${join(root, out)}`).href,
      Object.keys(inputs),
    ]),
  );
}

/** The environment of a person's shell, without variables that change colour or svc. */
function plainEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith('SVC_')) continue;
    if (['NO_COLOR', 'FORCE_COLOR', 'CLICOLOR_FORCE', 'CI'].includes(k)) continue;
    env[k] = v;
  }
  return env;
}

/**
 * What `svc ...argv` reports as it exits, run with `stdio` after a CommonJS preload, as
 * bin/svc is (an ES module would start Node's ES module loader, which loads streams of its
 * own): `setup` runs first, then the value of `report`, as JSON, is the last line of stderr.
 * The command must succeed.
 */
function exitReport(
  argv: string[],
  { setup = '', report }: { setup?: string; report: string },
  stdio: ['ignore', 'pipe' | 'ignore', 'pipe'] = ['ignore', 'pipe', 'pipe'],
  env: NodeJS.ProcessEnv = plainEnv(),
): unknown {
  const dir = mkdtempSync(join(tmpdir(), 'svc-startup-'));
  const preload = join(dir, 'report.cjs');
  writeFileSync(
    preload,
    `${setup}\nprocess.on('exit', () => require('node:fs').writeSync(2, '\\n' + JSON.stringify(${report})));`,
  );
  try {
    const r = spawnSync(process.execPath, ['--require', preload, binPath, ...argv], {
      encoding: 'utf8',
      env,
      stdio,
    });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stderr.split('\n').at(-1) ?? '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Node's list of what `svc ...argv` loaded with `stdio` (built-ins as `NativeModule name`). */
function builtinsOf(
  argv: string[],
  stdio?: ['ignore', 'pipe' | 'ignore', 'pipe'],
  env?: NodeJS.ProcessEnv,
): string[] {
  return exitReport(argv, { report: 'process.moduleLoadList' }, stdio, env) as string[];
}

/** Node arguments that run the CLI itself, past the shim's fast paths: commander's output. */
function throughCommander(argv: string[]): string[] {
  const main = new URL('main.js', dist).href;
  return [
    '--input-type=module',
    '-e',
    `const { run } = await import(${JSON.stringify(main)}); process.exitCode = await run(${JSON.stringify(argv)});`,
  ];
}

/** stdout and exit code of `node ...args` in a pseudo-terminal `columns` wide. */
function inTerminal(
  args: string[],
  columns: number,
  env: Record<string, string>,
): Promise<{ output: string; code: number }> {
  // A shell holds the terminal open a moment after node exits: node-pty loses what was not
  // read yet when the last process on it goes, and a help of more than 4 KiB lost its tail.
  const child = spawnInTerminal(
    '/bin/sh',
    ['-c', '"$@"; status=$?; sleep 0.3; exit $status', 'sh', process.execPath, ...args],
    { cols: columns, rows: 50, env },
  );
  let output = '';
  child.onData((data) => (output += data));
  return new Promise((resolve) =>
    child.onExit(({ exitCode }) => resolve({ output, code: exitCode })),
  );
}

describe('start-up path', () => {
  it('svc --version loads nothing but the bin shim', () => {
    expect(loadedModules(['--version'])).toEqual([shim]);
  });

  it('the root help loads nothing but the shim and the help rendered at build time', () => {
    for (const argv of [['--help'], ['-h'], []]) {
      expect(loadedModules(argv)).toEqual([shim, helpRule, renderedHelp]);
    }
  });

  it('--version and the root help make no stream to write to a pipe or /dev/null', () => {
    // process.stdout is a stream made when first read, with Node's stream modules: several
    // milliseconds that `node -e 0` does not pay.
    for (const argv of [['--version'], ['--help']]) {
      for (const stdout of ['pipe', 'ignore'] as const) {
        const streams = builtinsOf(argv, ['ignore', stdout, 'pipe']).filter((name) =>
          /^NativeModule (stream|net|tty|internal\/fs\/sync_write_stream)$/.test(name),
        );
        expect(streams, `${argv.join(' ')} to ${stdout}`).toEqual([]);
      }
    }
  });

  it('a command that reads no stdin makes no stream of it: stdin from /dev/null opens no file stream', () => {
    const env = { ...plainEnv(), SVC_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'svc-stdin-')) };
    const loaded = builtinsOf(['profile', 'list'], ['ignore', 'pipe', 'pipe'], env);
    expect(loaded).not.toContain('NativeModule internal/fs/streams');
  });

  it('a run makes one require, in the chunk that calls it, not one per chunk it loads', () => {
    // Every chunk has a require of its own for bundled CommonJS (tsup.config.ts's banner);
    // made as each chunk loads, a command paid for some 40 of them.
    const env = { ...plainEnv(), SVC_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'svc-require-')) };
    try {
      const made = exitReport(
        ['profile', 'list'],
        {
          setup: [
            "const m = require('node:module');",
            'const make = m.createRequire;',
            'let made = 0;',
            'm.createRequire = (...args) => (made++, make(...args));',
          ].join('\n'),
          report: 'made',
        },
        undefined,
        env,
      );
      expect(made).toBe(1);
      const chunks = loadedModules(['profile', 'list'], env).filter((url) =>
        url.includes('/dist/'),
      );
      expect(chunks.length).toBeGreaterThan(10);
    } finally {
      rmSync(env.SVC_CONFIG_DIR, { recursive: true, force: true });
    }
    // The banner's require is a function that makes the real one: it has no require.resolve
    // or require.cache, so no bundled code may use them (esbuild writes them `__require.x`).
    const usingMembers = readdirSync(dist)
      .filter((file) => file.endsWith('.js'))
      .filter((file) => /__require\.\w/.test(readFileSync(new URL(file, dist), 'utf8')));
    expect(usingMembers).toEqual([]);
  });

  it('the rendered root help is byte for byte what commander prints', () => {
    const env = plainEnv();
    for (const argv of [['--help'], ['-h'], []]) {
      const fast = spawnSync(binPath, argv, { encoding: 'utf8', env });
      const commander = spawnSync(process.execPath, throughCommander(argv), {
        encoding: 'utf8',
        env,
      });
      expect(commander.status).toBe(0);
      expect(commander.stdout).toContain('Usage: svc');
      expect(fast.status).toBe(0);
      expect(fast.stdout).toBe(commander.stdout);
      expect(fast.stderr).toBe(commander.stderr);
    }
  });

  it('on a terminal, the rendered help is used only at widths where commander prints the same', async () => {
    const help = JSON.parse(readFileSync(new URL(renderedHelp), 'utf8')) as RootHelp;
    const inRange = (w: number) =>
      help.columns.some(([low, high]) => w >= low && (high === null || w <= high));
    const widths = [
      ...help.columns.flatMap(([low, high]) => [low, high ?? 250]),
      [40, 100, 160].find((w) => !inRange(w)) ?? 0,
    ].filter((w) => w > 0);
    const dir = mkdtempSync(join(tmpdir(), 'svc-trace-'));
    try {
      for (const width of widths) {
        const trace = join(dir, `modules-${width}.txt`);
        const env = { ...plainEnv(), SVC_TRACE_FILE: trace };
        const fast = await inTerminal(['--import', traceRegister, binPath, '--help'], width, env);
        const commander = await inTerminal(throughCommander(['--help']), width, plainEnv());
        expect(fast.code).toBe(0);
        expect(fast.output).toBe(commander.output);
        const modules = readFileSync(trace, 'utf8').split('\n').filter(Boolean);
        expect(modules.includes(new URL('main.js', dist).href)).toBe(!inRange(width));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a group's help loads no heavy library and no command implementation", () => {
    const chunks = chunkInputs();
    const modules = loadedModules(['docs', '--help']);
    const bundled = modules.flatMap((m) => chunks.get(m) ?? [m]);
    expect(bundled.some((m) => m.includes('node_modules/commander/'))).toBe(true);
    expect(bundled.filter((m) => heavy.test(m))).toEqual([]);
    expect(bundled.filter((m) => /src\/commands\/[^/]+\/(?!index\.ts$)/.test(m))).toEqual([]);
  });

  it('an emulator that sends no webhook and rewrites nothing loads no HTTP client', () => {
    const chunks = chunkInputs();
    const env = { SVC_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'svc-config-')) };
    const bundled = loadedModules(
      ['emulator', 'exec', '--no-workspace', '--', 'true'],
      env,
    ).flatMap((m) => chunks.get(m) ?? [m]);
    expect(bundled).toContain('src/emulator/server.ts');
    expect(bundled.filter((m) => m.includes('node_modules/undici/'))).toEqual([]);
  });

  it('reading profiles loads no lock library: only writing does', async () => {
    const chunks = chunkInputs();
    const dir = mkdtempSync(join(tmpdir(), 'svc-config-'));
    const bundledBy = (argv: string[]) =>
      loadedModules(argv, { SVC_CONFIG_DIR: dir }).flatMap((m) => chunks.get(m) ?? [m]);
    const writer = /node_modules\/proper-lockfile\//;
    try {
      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({ profiles: { ci: { apiKey: 'k' } } }),
      );
      expect(bundledBy(['profile', 'list']).filter((m) => writer.test(m))).toEqual([]);
      expect(bundledBy(['profile', 'use', 'ci']).some((m) => writer.test(m))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reading profiles loads neither node:crypto nor node:fs/promises: writing one does', () => {
    // src/config/atomic-write.ts and profiles.ts import them where a write needs them.
    const dir = mkdtempSync(join(tmpdir(), 'svc-config-'));
    const heavyBuiltins = (argv: string[]) =>
      builtinsOf(argv, undefined, { ...plainEnv(), SVC_CONFIG_DIR: dir }).filter(
        (m) => m === 'NativeModule crypto' || m === 'NativeModule fs/promises',
      );
    try {
      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({ profiles: { ci: { apiKey: 'k' }, other: { apiKey: 'k' } } }),
      );
      expect(heavyBuiltins(['profile', 'show', 'ci', '--json'])).toEqual([]);
      expect(heavyBuiltins(['profile', 'use', 'other'])).toContain('NativeModule fs/promises');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('svc mcp answers tools/list without loading node:crypto', async () => {
    // src/mcp/confirmation.ts and paging.ts take it from Node on first use.
    const report =
      'data:text/javascript,process.on("exit",()=>process.stderr.write("\\n"+JSON.stringify(process.moduleLoadList)))';
    const dir = mkdtempSync(join(tmpdir(), 'svc-config-'));
    const child = spawn(process.execPath, ['--import', report, binPath, 'mcp'], {
      env: {
        ...plainEnv(),
        SVC_CONFIG_DIR: dir,
        SVC_BASE_URL: 'http://127.0.0.1:9',
        SVC_API_KEY: 'k',
        SVC_AUTH_TOKEN: 't',
      },
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('"id":2')) child.stdin.end();
    });
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/list', params: {} });
    try {
      await exited;
      expect(out).toContain('"tools":[');
      const builtins = JSON.parse(err.split('\n').at(-1) ?? '') as string[];
      expect(builtins).toContain('NativeModule module');
      expect(builtins.filter((m) => m.includes('crypto'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('jq loads only under --jq, and the keyring only for a profile whose tokens are there', () => {
    const chunks = chunkInputs();
    const dir = mkdtempSync(join(tmpdir(), 'svc-config-'));
    const bundledBy = (argv: string[]) =>
      loadedModules(argv, { SVC_CONFIG_DIR: dir }).flatMap((m) => chunks.get(m) ?? [m]);
    const jq = /node_modules\/jq-wasm\//;
    const keyring = /src\/config\/keyring\.ts$/;
    try {
      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({
          profiles: {
            file: { apiKey: 'k', authToken: 't' },
            kept: { apiKey: 'k', keyring: 'svc-AAAAAAAAAAAAAAAA' },
          },
        }),
      );
      const plain = bundledBy(['profile', 'show', 'file', '--json']);
      expect(plain.filter((m) => jq.test(m) || keyring.test(m))).toEqual([]);
      expect(bundledBy(['profile', 'show', 'file', '--jq', '.name']).some((m) => jq.test(m))).toBe(
        true,
      );
      expect(bundledBy(['profile', 'show', 'kept']).some((m) => keyring.test(m))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a shim with no built CLI beside it says to build, not a stack trace', () => {
    const copy = mkdtempSync(join(tmpdir(), 'svc-unbuilt-'));
    try {
      mkdirSync(join(copy, 'bin'));
      for (const file of ['bin/svc', 'bin/package.json', 'package.json']) {
        copyFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), join(copy, file));
      }
      const r = spawnSync(process.execPath, [join(copy, 'bin/svc'), 'docs', 'list'], {
        encoding: 'utf8',
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toBe('error: svc is not built here: run `npm run build` first\n');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('a Node without process.getBuiltinModule hears which Node svc needs, before it loads', () => {
    // Node before 20.16, or 22.0 to 22.2: simulated by taking the function away.
    const r = spawnSync(
      process.execPath,
      ['-e', 'delete process.getBuiltinModule; require(process.argv[1])', binPath, 'docs', 'list'],
      { encoding: 'utf8' },
    );
    const engines = (
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        engines: { node: string };
      }
    ).engines.node;
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      `error: svc needs Node ${engines.split(' || ').join(', ')}; this is Node ${process.versions.node}\n`,
    );
    expect(r.stdout).toBe('');
  });
});
