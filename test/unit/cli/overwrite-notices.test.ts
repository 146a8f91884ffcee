import { describe, expect, it } from 'vitest';
import { fakeService } from '../../support/fake-service.js';
import { envelope } from '../../support/envelopes.js';

/**
 * A command whose request replaces existing content runs as it always has (no question),
 * but `--dry-run` and `--debug` say that it replaces content, and why.
 */
describe('a request that replaces existing content', () => {
  const CRDT = '/v2/crdt/update';
  const crdt = ['crdt', 'update', '--org', 'acme', '--doc', 'spec', '--editor', 'e1'];
  const live = ['livestate', 'broadcast', '--org', 'acme', '--doc', 'spec', '--id', 'c'];
  const add = ['activities', 'add', '--org', 'acme', '--doc', 'spec', '--feature-type', 'custom'];

  it('is named so under --dry-run, in text and in --json, and nothing is sent', async () => {
    // No stub at all: a request sent would fail the run.
    const fake = fakeService({});
    const text = await fake.run([...crdt, '--type', 'array', '--data', '[]', '--dry-run']);
    expect(text.code).toBe(0);
    expect(text.stderr).toContain(
      'dry run: this request would replace existing content: every request of it replaces the content it names',
    );
    const json = await fake.run([...live, '--data', '{"x":1}', '--dry-run', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      dryRun: true,
      replaces: 'without merge: true it replaces the whole value',
    });
    // With --merge nothing is replaced, and nothing is said.
    const merged = await fake.run([...live, '--data', '{"x":1}', '--merge', '--dry-run']);
    expect(merged.stderr).not.toContain('replace');
    const withId = await fake.run([
      ...add,
      '--id',
      'a1',
      '--action-type',
      'x.y',
      '--user',
      'u1',
      '--target',
      't7',
      '--dry-run',
    ]);
    expect(withId.stderr).toContain(
      'dry run: this request would replace existing content: 1 item(s) carry id: an existing one of that id is replaced',
    );
    expect(withId.code).toBe(0);
  });

  it('is named so in the --debug trace, and is sent without a question', async () => {
    const fake = fakeService({ [CRDT]: () => ({ body: envelope.noData('CRDT data updated.') }) });
    const r = await fake.run([...crdt, '--type', 'array', '--data', '[]', '--debug']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      '* this request replaces existing content: every request of it replaces the content it names',
    );
    expect(fake.sent(CRDT)).toHaveLength(1);
  });
});
