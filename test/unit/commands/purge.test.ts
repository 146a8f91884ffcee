import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { envelope } from '../../support/envelopes.js';
import { fail, fakeService, type FakeReply } from '../../support/fake-service.js';
import { tempConfigDir } from '../../support/harness.js';

/** Op 16's top-level answer (docs/wire-notes.md). */
const started = (jobId: string): FakeReply => ({
  status: 202,
  body: envelope.topLevel({ jobId, tasksCount: 1 }, 'started'),
});

/** The words a POSIX shell makes of a command line that svc printed, less the leading `svc`. */
async function wordsOf(line: string): Promise<string[]> {
  const script = `svc() { printf '%s\\0' "$@"; }; ${line}`;
  const { stdout } = await execa('sh', ['-c', script], { stripFinalNewline: false });
  return stdout.split('\0').slice(0, -1);
}

const users = Array.from({ length: 250 }, (_, i) => `u${i}`);

describe('users purge of more than one batch, when a later batch fails', () => {
  it('lists the jobs started, and names the users not handled with the command for them', async () => {
    const fake = fakeService({
      '/v1/users/data/delete': (_data, call) =>
        call === 0 ? started('job-1') : fail('PERMISSION_DENIED', 'Key revoked.', 403),
    });
    // The printed commands carry --profile: the profile must exist for them to work.
    const env = { SVC_CONFIG_DIR: tempConfigDir(), SVC_PROFILE: undefined };
    const login = ['--profile', 'prod', 'auth', 'login', '--api-key', 'key_fake_0123'];
    await fake.run([...login, '--with-token', '--no-verify'], { env, stdin: 'tok_fake_4567\n' });
    const purge = ['users', 'purge', '--user', users.join(','), '--org', 'acme', '--yes'];
    const r = await fake.run(['--profile', 'prod', ...purge, '--json'], { env });
    expect(fake.sent('/v1/users/data/delete')).toHaveLength(2);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toEqual({ jobId: 'job-1', tasksCount: 1 });
    const { message } = (JSON.parse(r.stderr) as { error: { message: string } }).error;
    expect(message).toContain(
      'follow the job still running with: svc --profile prod users purge-status --job job-1 --wait',
    );
    const rerun = `svc --profile prod users purge --user ${users.slice(100).join(',')} --org acme --yes`;
    expect(message).toContain(`150 users not yet handled; delete their data with: ${rerun}`);

    // Pasted, it deletes exactly the users left, in the organization asked for.
    const pasted = fakeService({
      '/v1/users/data/delete': (_data, call) => started(`job-${call + 2}`),
    });
    const again = await pasted.run(await wordsOf(rerun), { env });
    expect(again.code).toBe(0);
    const sent = pasted.sent('/v1/users/data/delete');
    expect(sent.flatMap((data) => data.userIds as string[])).toEqual(users.slice(100));
    expect(sent.every((data) => (data.organizationIds as string[]).join() === 'acme')).toBe(true);
  });
});
