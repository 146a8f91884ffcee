#!/usr/bin/env node
// `svc mcp`: how soon a client that starts it has the tool list, against bare Node, what
// a read tool call costs over the same request sent straight to the service, and how much
// of the model's context the default tool list takes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import {
  binPath,
  cliEnv,
  keptRounds,
  median,
  quick,
  row,
  runIfMain,
  seedWorkspace,
  startEmulator,
  startupTargets,
  tempDir,
  timeRun,
} from './lib/common.mjs';
import { TOOLS_LIST_BUDGET_TOKENS, toolsListTokens } from './lib/mcp-budget.mjs';

const runs = Number(process.env.BENCH_RUNS ?? (quick ? 9 : 21));
const calls = Number(process.env.BENCH_CALLS ?? (quick ? 200 : 1000));
const START_TARGET = startupTargets().mcp;
const OVERHEAD_TARGET_MS = 1;

/** `svc mcp` as a client speaks to it: JSON-RPC lines on stdin, answers by id on stdout. */
function startServer(env, bin = binPath) {
  const child = spawn(process.execPath, [bin, 'mcp'], {
    env,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const waiting = new Map();
  let pending = '';
  child.stdout.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) {
      const message = JSON.parse(line);
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    }
  });
  let id = 0;
  const send = (method, params) => {
    id += 1;
    const answered = new Promise((resolve) => waiting.set(id, resolve));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return answered;
  };
  return {
    pid: child.pid,
    send,
    async open() {
      await send('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'bench', version: '1' },
      });
      child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
      return send('tools/list', {});
    },
    stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      return exited;
    },
  };
}

/**
 * CPU time of a process's main thread so far, in milliseconds (Linux): what it cost, whatever
 * else shares the machine. Undefined where /proc does not say.
 */
const schedstat = (pid) => `/proc/${pid}/schedstat`;
const hasSchedstat = existsSync(schedstat('self'));
function cpuMs(pid) {
  return Number(readFileSync(schedstat(pid), 'utf8').split(' ')[0]) / 1e6;
}

/** `node -e 0`'s main-thread CPU time, read by the script itself as it ends. */
function nodeCpuMs() {
  const r = spawnSync(process.execPath, [
    '-e',
    `process.stdout.write(require('fs').readFileSync('${schedstat('self')}', 'utf8'))`,
  ]);
  return Number(String(r.stdout).split(' ')[0]) / 1e6;
}

/**
 * Milliseconds from spawning `svc mcp` to holding its answer to tools/list, and the CPU time
 * its main thread had used by then.
 */
export async function timeToToolList(env, bin = binPath) {
  const started = process.hrtime.bigint();
  const server = startServer(env, bin);
  const listed = await server.open();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = hasSchedstat ? cpuMs(server.pid) : undefined;
  if (!listed.result?.tools?.length) throw new Error(`no tools listed: ${JSON.stringify(listed)}`);
  await server.stop();
  return { ms, cpu };
}

/** The request docs_list sends, sent straight to the emulator over a kept-alive connection. */
function directCall(url, workspace, agent) {
  const body = JSON.stringify({ data: { organizationId: 'o' } });
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/v1/organizations/documents/get`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'x-service-api-key': workspace.apiKey,
          'x-service-auth-token': workspace.authToken,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(text))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const elapsed = async (work) => {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
};

export async function bench() {
  const emulator = await startEmulator();
  const config = tempDir('svc-bench-mcp-');
  try {
    const workspace = await seedWorkspace(emulator);
    const env = cliEnv(emulator.url, workspace, config.dir);

    // Start-up: bare Node and svc mcp in turns, after two rounds that fill the file cache.
    const rounds = await keptRounds(runs, async () => {
      const node = timeRun(process.execPath, ['-e', '0']);
      const mcp = await timeToToolList(env);
      const nodeCpu = hasSchedstat ? nodeCpuMs() : undefined;
      return { node, mcp: mcp.ms, mcpCpu: mcp.cpu, nodeCpu };
    });
    const nodeMs = median(rounds.map((r) => r.node));
    const startMs = median(rounds.map((r) => r.mcp));
    const withCpu = rounds.filter((r) => r.mcpCpu !== undefined && r.nodeCpu !== undefined);
    const mcpCpu = withCpu.map((r) => r.mcpCpu);
    const nodeCpu = withCpu.map((r) => r.nodeCpu);

    // One warm server and one kept-alive connection; calls alternate so load hits both alike.
    const server = startServer(env);
    const listed = (await server.open()).result;
    const listTokens = toolsListTokens(listed);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const viaMcp = [];
    const direct = [];
    const callTool = async () => {
      const answer = await server.send('tools/call', {
        name: 'docs_list',
        arguments: { organizationId: 'o' },
      });
      if (answer.result?.isError !== undefined || !answer.result?.structuredContent) {
        throw new Error(`docs_list failed: ${JSON.stringify(answer)}`);
      }
    };
    for (let i = 0; i < 50; i++) {
      await callTool();
      await directCall(emulator.url, workspace, agent);
    }
    for (let i = 0; i < calls; i++) {
      viaMcp.push(await elapsed(callTool));
      direct.push(await elapsed(() => directCall(emulator.url, workspace, agent)));
    }
    await server.stop();
    agent.destroy();
    const overhead = median(viaMcp) - median(direct);

    return {
      title: 'MCP server',
      rows: [
        row(
          'svc mcp: spawn to answered tools/list, against node -e 0',
          `${(startMs / nodeMs).toFixed(2)}x (${startMs.toFixed(1)} ms; node ${nodeMs.toFixed(1)} ms)`,
          `<= ${START_TARGET}x`,
          startMs / nodeMs <= START_TARGET,
        ),
        row(
          'svc mcp: a read tool call over the same request sent directly (median)',
          `${overhead.toFixed(2)} ms (${median(viaMcp).toFixed(2)} ms against ${median(direct).toFixed(2)} ms)`,
          `<= ${OVERHEAD_TARGET_MS} ms`,
          overhead <= OVERHEAD_TARGET_MS,
        ),
        row(
          'svc mcp: the default tools/list, in tokens (bytes / 4 of its JSON)',
          `${listTokens} (${listed.tools.length} tools listed)`,
          `<= ${TOOLS_LIST_BUDGET_TOKENS}`,
          listTokens <= TOOLS_LIST_BUDGET_TOKENS,
        ),
      ],
      notes: [
        `start-up: medians of ${runs} runs in turns; calls: medians of ${calls} docs_list calls and as many direct requests, alternating, warm emulator on loopback`,
        ...(mcpCpu.length > 0
          ? [
              `start-up in CPU time of the main thread (/proc schedstat), which load on the machine does not change: svc mcp ${median(mcpCpu).toFixed(1)} ms to tools/list, node -e 0 ${median(nodeCpu).toFixed(1)} ms (${(median(mcpCpu) / median(nodeCpu)).toFixed(2)}x)`,
            ]
          : []),
      ],
    };
  } finally {
    await emulator.stop();
    config.remove();
  }
}

await runIfMain(import.meta.url, bench);
