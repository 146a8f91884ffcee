import { describe, expect, it } from 'vitest';
import { svc } from '../support/e2e.js';
import { useEmulator } from '../support/seeded-emulator.js';

/**
 * Organizations added and deleted (operations 114 and 116): a deleted organization takes
 * everything in it, as every read then shows; adding one again is harmless.
 */
const emulator = useEmulator();

async function json(args: string[]): Promise<unknown> {
  const result = await svc([...args, '--json'], emulator.env);
  expect(result.exitCode, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout) as unknown;
}

/** The reads that show what an organization holds, and how each shows nothing. */
const reads: [string[], unknown][] = [
  [['folders', 'list', '--org', 'acme'], []],
  [['docs', 'list', '--org', 'acme'], []],
  [['users', 'list', '--org', 'acme'], []],
  [['activities', 'list', '--org', 'acme'], []],
  [['crdt', 'get', '--org', 'acme', '--doc', 'plan'], []],
  [['notifications', 'list', '--org', 'acme', '--user', 'alice'], []],
];

describe('svc orgs delete', () => {
  it('takes the organization and everything in it, seen through every read', async () => {
    const added = await svc(
      [
        ...['activities', 'add', '--org', 'acme', '--doc', 'plan', '--feature-type', 'custom'],
        ...['--action-type', 'approval.granted', '--user', 'alice', '--target', 'ticket-7'],
      ],
      emulator.env,
    );
    expect(added.exitCode, added.stderr).toBe(0);
    for (const [args, empty] of reads) expect(await json(args), args.join(' ')).not.toEqual(empty);
    expect(await json(['permissions', 'get', '--user', 'alice', '--org', 'acme'])).toMatchObject({
      alice: { organization: { acme: { accessRole: 'editor' } } },
    });

    expect(await json(['orgs', 'delete', '--org', 'acme', '--yes'])).toEqual({
      acme: { success: true, id: 'acme', message: 'Deleted Successfully' },
    });

    for (const [args, empty] of reads) expect(await json(args), args.join(' ')).toEqual(empty);
    expect(await json(['permissions', 'get', '--user', 'alice', '--org', 'acme'])).toMatchObject({
      alice: { organization: { acme: { errorCode: 'does_not_exist' } } },
    });
    const left = (await json(['orgs', 'list'])) as { id: string }[];
    expect(left.map((org) => org.id)).not.toContain('acme');
    expect(left.map((org) => org.id)).toContain('globex');

    // Deleted, it is gone: deleting it again fails, and as every item failed so, exit 4.
    const again = await svc(['orgs', 'delete', '--org', 'acme', '--yes', '--json'], emulator.env);
    expect(again.exitCode).toBe(4);
    expect(JSON.parse(again.stdout)).toEqual({
      acme: { success: false, id: 'acme', message: 'Organization does not exist' },
    });
  });
});

describe('svc orgs add', () => {
  it('adds an organization the reads then list; the same again succeeds, another name fails', async () => {
    const add = (name: string) =>
      svc(['orgs', 'add', '--org', 'initech', '--name', name, '--json'], emulator.env);
    const first = await add('Initech');
    expect(first.exitCode, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      initech: { success: true, id: 'initech', message: 'Added Successfully' },
    });
    expect(await json(['orgs', 'list', '--org', 'initech'])).toEqual([
      { id: 'initech', organizationName: 'Initech', disabled: false },
    ]);
    expect((await add('Initech')).exitCode).toBe(0);
    const renamed = await add('Initrode');
    expect(renamed.exitCode).toBe(5);
    expect(JSON.parse(renamed.stdout)).toMatchObject({
      initech: { success: false, message: 'Organization initech already exists.' },
    });
    expect(await json(['orgs', 'list', '--org', 'initech'])).toEqual([
      { id: 'initech', organizationName: 'Initech', disabled: false },
    ]);
  });
});
