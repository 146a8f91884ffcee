import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Context } from '../../../src/cli/context.js';
import { POLL, waitFor } from '../../../src/cli/wait.js';
import { CancelledError, TransientError, UsageError } from '../../../src/errors/errors.js';
import { exitCodeFor } from '../../../src/errors/exit-codes.js';

class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer, _e: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** A context whose clock advances only when the poller sleeps. */
function fakeContext(abort?: AbortController) {
  let now = 0;
  const sleeps: number[] = [];
  const stderr = new Sink();
  const ctx = new Context(
    {
      stdin: new PassThrough(),
      stdout: new Sink(),
      stderr,
      env: {},
      ...(abort && { signal: abort.signal }),
      now: () => now,
      sleep: async (ms, signal) => {
        if (signal?.aborted) throw new CancelledError('interrupted');
        sleeps.push(ms);
        now += ms;
      },
    },
    {},
  );
  return { ctx, sleeps, stderr };
}

function scripted<S>(steps: (S | Error)[]): () => Promise<S> {
  let i = 0;
  return async () => {
    const step = steps[Math.min(i++, steps.length - 1)] as S | Error;
    if (step instanceof Error) throw step;
    return step;
  };
}

const spec = {
  done: (s: string) => s === 'completed' || s === 'failed',
  progressKey: (s: string) => s,
  describe: (s: string) => s,
  subject: () => 'migration m',
  resume: () => 'svc docs migration-status --org o --id m --wait',
};

describe('waitFor', () => {
  it('slows down while nothing changes and starts fast again after a change', async () => {
    const { ctx, sleeps } = fakeContext();
    const poll = scripted([
      'pending',
      'pending',
      'pending',
      'in_progress',
      'in_progress',
      'completed',
    ]);
    const result = await waitFor(ctx, { ...spec, poll, timeout: 60_000 });
    expect(result).toMatchObject({ state: 'completed', polls: 6, timedOut: false });
    const f = POLL.firstMs;
    expect(sleeps).toEqual([f, f * 1.5, f * 1.5 ** 2, f, f * 1.5]);
  });

  it('ends with exit 75 when a read fails after its retries: the state is unknown', async () => {
    const { ctx } = fakeContext();
    const poll = scripted<string>([
      'pending',
      new TransientError('could not connect'),
      'completed',
    ]);
    const error = await waitFor(ctx, { ...spec, poll, timeout: 60_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientError);
    expect(exitCodeFor(error)).toBe(75);
    expect((error as TransientError).message).toBe(
      'the service could not be reached while waiting: could not connect; the state of migration m is unknown',
    );
    expect((error as TransientError).hint).toBe(`resume waiting with: ${spec.resume()}`);
  });

  it('ends on any other error', async () => {
    const { ctx } = fakeContext();
    const poll = scripted<string>(['pending', new UsageError('bad')]);
    await expect(waitFor(ctx, { ...spec, poll, timeout: 60_000 })).rejects.toBeInstanceOf(
      UsageError,
    );
  });

  it('reports a timeout with the last state, never sleeping past the deadline', async () => {
    const { ctx, sleeps } = fakeContext();
    const result = await waitFor(ctx, {
      ...spec,
      poll: scripted(['in_progress']),
      timeout: 10_000,
    });
    expect(result).toMatchObject({ state: 'in_progress', timedOut: true, timeoutMs: 10_000 });
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(Math.max(...sleeps)).toBeLessThanOrEqual(POLL.ceilingMs);
  });

  it('on Ctrl-C throws CancelledError naming the command that resumes, printing nothing', async () => {
    const abort = new AbortController();
    const { ctx, stderr } = fakeContext(abort);
    const poll = async () => {
      abort.abort();
      return 'pending';
    };
    const error = await waitFor(ctx, { ...spec, poll, timeout: 60_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect((error as CancelledError).hint).toBe(`resume waiting with: ${spec.resume()}`);
    expect(stderr.text).toBe('');
  });
});
