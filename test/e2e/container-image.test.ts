import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../src/catalogue/operations.js';

/**
 * The emulator's container image (Containerfile), built with podman and run the way a
 * container runtime would run it: podman builds images on this machine but cannot run
 * containers (cgroups in hybrid mode), so the test unpacks the image's root filesystem and
 * starts its entrypoint there with chroot, as the image's user, with the image's
 * environment, in a mount namespace of its own that has /proc and /dev as a runtime gives.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BINARY = join(ROOT, 'dist/svc-linux-x64');
const FIXTURE = join(ROOT, 'examples/fixtures/basic.json');

async function has(command: string): Promise<boolean> {
  return (await execa('sh', ['-c', `command -v ${command}`], { reject: false })).exitCode === 0;
}

/** Why this machine cannot run the test, or undefined when it can. */
async function missing(): Promise<string | undefined> {
  if (!existsSync(BINARY)) return 'dist/svc-linux-x64 is not built: npm run build:binary';
  if (!(await has('podman'))) return 'podman is not installed (apt-get install podman)';
  if (process.getuid?.() !== 0) return 'chroot and a mount namespace need root';
  for (const tool of ['unshare', 'chroot', 'tar', 'ldd'])
    if (!(await has(tool))) return `${tool} is not installed`;
  return undefined;
}

interface ImageConfig {
  Entrypoint: string[];
  Cmd: string[] | null;
  Env: string[];
  User: string;
  Volumes: Record<string, unknown> | null;
  ExposedPorts: Record<string, unknown> | null;
}

/** A port nobody listens on now, for the emulator in the chroot (8080 may be taken here). */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

interface Reply {
  status: number;
  json: unknown;
}

/** A request with these headers exactly: fetch would not let the test name the Host. */
function call(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        setHost: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

let skipReason: string | undefined;
let work = '';
let podman: string[] = [];
let rootfs = '';
let config: ImageConfig;
/** The HEALTHCHECK command, as podman keeps it beside the config: ['CMD', ...argv]. */
let healthcheck: string[] | undefined;
let imageBytes = 0;
const IMAGE = 'localhost/svc-emulator:test';

let runroot = '';

beforeAll(async () => {
  skipReason = await missing();
  if (skipReason) return;
  work = mkdtempSync(join(tmpdir(), 'svc-image-'));
  // podman refuses a runroot longer than 50 characters, which the suite's nested temporary
  // directories exceed: that one lives directly under /tmp.
  runroot = mkdtempSync('/tmp/svc-podman-');
  // Storage of its own: nothing of the machine's podman state is read or left behind.
  podman = ['--root', join(work, 'storage'), '--runroot', runroot, '--storage-driver', 'vfs'];
  await execa('bash', [join(ROOT, 'scripts/container-rootfs.sh')], { cwd: ROOT });
  await execa(
    'podman',
    [
      ...podman,
      'build',
      '--quiet',
      '--format',
      'docker',
      '-f',
      'Containerfile',
      '-t',
      IMAGE,
      'dist/container',
    ],
    { cwd: ROOT },
  );
  const inspected = JSON.parse(
    (await execa('podman', [...podman, 'image', 'inspect', IMAGE])).stdout,
  ) as { Config: ImageConfig; Size: number; Healthcheck?: { Test: string[] } }[];
  config = inspected[0]!.Config;
  healthcheck = inspected[0]!.Healthcheck?.Test;
  imageBytes = inspected[0]!.Size;
  // Unpacked without running anything: a container created, never started, exported.
  const id = (await execa('podman', [...podman, 'create', IMAGE])).stdout.trim();
  rootfs = join(work, 'rootfs');
  await execa('mkdir', [rootfs]);
  await execa('sh', [
    '-c',
    `podman ${podman.join(' ')} export "$1" | tar -x -C "$2" --same-owner -p`,
    'export',
    id,
    rootfs,
  ]);
  await execa('podman', [...podman, 'rm', id]);
}, 180_000);

afterAll(async () => {
  if (!work) return;
  // vfs layers are plain directories, some owned by the image's user: podman removes them.
  await execa('podman', [...podman, 'rmi', '--all', '--force'], { reject: false });
  rmSync(work, { recursive: true, force: true });
  rmSync(runroot, { recursive: true, force: true });
});

/**
 * Starts the image's entrypoint in its root filesystem as its user, with its environment and
 * `extraEnv`; `args` follow the entrypoint as a runtime's command would.
 */
function imageEnv(): Record<string, string> {
  return Object.fromEntries(
    config.Env.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

function runImage(args: string[], extraEnv: Record<string, string>) {
  const env = imageEnv();
  const command = [...config.Entrypoint, ...(config.Cmd ?? []), ...args];
  const script =
    'mkdir -p "$1/proc" "$1/dev" && mount -t proc proc "$1/proc" && mount --rbind /dev "$1/dev" && ' +
    'root=$1 && user=$2 && shift 2 && exec chroot --userspec="$user" "$root" "$@"';
  return spawn(
    'unshare',
    [
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      script,
      'run',
      rootfs,
      config.User,
      ...command,
    ],
    { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

describe('the container image (Containerfile)', () => {
  it('is FROM scratch: the executable, the libraries it links, a user, and nothing else', (context) => {
    if (skipReason) return context.skip(skipReason);
    expect(config.User).toBe('10001:10001');
    expect(Object.keys(config.Volumes ?? {})).toEqual(['/data']);
    expect(Object.keys(config.ExposedPorts ?? {})).toEqual(['8080/tcp']);
    expect(healthcheck).toEqual([
      'CMD',
      '/usr/local/bin/svc',
      'emulator',
      'health',
      '--url',
      'http://127.0.0.1:8080',
    ]);
    expect(existsSync(join(rootfs, 'bin/sh'))).toBe(false);
    expect(readFileSync(join(rootfs, 'etc/passwd'), 'utf8')).toContain('svc:x:10001:10001:');
    // The size this image costs, for the docs and the record.
    console.info(`container image: ${(imageBytes / 2 ** 20).toFixed(1)} MiB`);
    expect(imageBytes).toBeLessThan(200 * 2 ** 20);
  });

  it('serves on every interface, answers the health check and the API under an allowed name, guards the admin routes with the token it prints, seeds from a variable, and stops on SIGTERM', async (context) => {
    if (skipReason) return context.skip(skipReason);
    const port = await freePort();
    const fixture = readFileSync(FIXTURE, 'utf8');
    const allowed = `${config.Env.find((l) => l.startsWith('SVC_EMULATOR_ALLOWED_HOSTS='))?.split('=')[1]},svc-emulator`;
    const child = runImage(['--port', String(port)], {
      SVC_EMULATOR_ALLOWED_HOSTS: allowed,
      SVC_EMULATOR_SEED_JSON: fixture,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = once(child, 'exit');
    try {
      const [ready] = (await Promise.race([
        once(child.stdout.setEncoding('utf8'), 'data'),
        exited.then(([code]) => {
          throw new Error(`the entrypoint exited (${String(code)}) before it was ready: ${stderr}`);
        }),
      ])) as [string];
      expect(JSON.parse(ready.split('\n')[0]!)).toMatchObject({
        status: 'ready',
        url: `http://127.0.0.1:${port}`,
      });
      // Said before the ready line, though the two pipes may deliver them in either order.
      while (!/^Admin token .*\n/m.test(stderr)) await once(child.stderr, 'data');
      const token = /^Admin token .*: (\S+)$/m.exec(stderr)?.[1];
      expect(token, stderr).toMatch(/^[\w-]{43}$/);

      // The image's own HEALTHCHECK command, run in its root filesystem, at this port.
      const probe = healthcheck!.slice(1).map((word) => word.replace(':8080', `:${port}`));
      const chroot = (await execa('sh', ['-c', 'command -v chroot'])).stdout;
      const health = await execa(chroot, ['--userspec', config.User, rootfs, ...probe], {
        env: imageEnv(),
        extendEnv: false,
        reject: false,
      });
      expect(health.exitCode, health.stderr).toBe(0);

      // A client in another container names it by its service name.
      const asService = { host: `svc-emulator:${port}` };
      const created = await call(port, 'POST', operation('workspace.create').path, asService, {
        data: { ownerEmail: 'image@example.com' },
      });
      expect(created.status).toBe(200);
      const foreign = await call(
        port,
        'POST',
        operation('workspace.create').path,
        {
          host: `elsewhere.example:${port}`,
        },
        { data: { ownerEmail: 'foreign@example.com' } },
      );
      expect(foreign.status).toBe(403);

      // The admin routes: refused without the token, answered with it; the seed is there.
      expect((await call(port, 'GET', '/_emulator/export', asService)).status).toBe(401);
      const exported = await call(port, 'GET', '/_emulator/export', {
        ...asService,
        authorization: `Bearer ${token}`,
      });
      expect(exported.status).toBe(200);
      expect(JSON.stringify(exported.json)).toContain('"owner@example.com"');
      expect(JSON.stringify(exported.json)).toContain('"image@example.com"');
    } finally {
      child.kill('SIGTERM');
    }
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    // It stopped on the signal itself (PID 1 in a container ignores signals it does not
    // handle), closing the store cleanly: exit 0.
    expect({ code, signal, stderr }).toMatchObject({ code: 0, signal: null });
    // Its state is in the volume, the database private to the image's user.
    expect(existsSync(join(rootfs, 'data/emulator.db'))).toBe(true);
  }, 60_000);
});
