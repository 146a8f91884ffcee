import { afterAll, describe, expect, it, type OnTestFailedHandler } from 'vitest';
import { fakeService, ok } from '../../support/fake-service.js';

const LIVE = '/v2/livestate/broadcast';
const PRESENCE = '/v2/presence/add';
const broadcast = ['livestate', 'broadcast', '--org', 'acme', '--doc', 'spec', '--id', 'c'];
const sendBroadcast = [...broadcast, '--data', '{"x":1}'];
const addPresence = ['presence', 'add', '--org', 'acme', '--doc', 'spec', '--user', 'u1'];
const done = () => ok({ success: true });

describe("the fake service's verify", () => {
  it('names each stub no request reached, and passes once every stub was called', async () => {
    const fake = fakeService({ [LIVE]: done, [PRESENCE]: done });
    expect(() => fake.verify()).toThrow(
      new Error(
        `fake service: stub POST ${LIVE} was never called; stub POST ${PRESENCE} was never called`,
      ),
    );

    expect((await fake.run(sendBroadcast)).code).toBe(0);
    expect(() => fake.verify()).toThrow(
      new Error(`fake service: stub POST ${PRESENCE} was never called`),
    );

    expect((await fake.run(addPresence)).code).toBe(0);
    expect(() => fake.verify()).not.toThrow();
    expect(fake.sent(PRESENCE)).toEqual([
      { organizationId: 'acme', documentId: 'spec', users: [{ userId: 'u1' }] },
    ]);
  });
});

describe('a test that uses the fake service, when it ends', () => {
  // Each test below must fail, and for the reason the fake gives: what failed them is kept
  // and compared once they have run.
  const failures: string[][] = [];
  const keepFailure: OnTestFailedHandler = ({ task }) => {
    failures.push((task.result?.errors ?? []).map((e) => e.message));
  };
  afterAll(() => {
    expect(failures).toEqual([
      [`fake service: stub POST ${PRESENCE} was never called`],
      [`fake service: no stub answers POST ${LIVE}`],
    ]);
  });

  it('passes when every stub was called and every request answered', async () => {
    const fake = fakeService({ [LIVE]: done });
    expect((await fake.run(sendBroadcast)).code).toBe(0);
  });

  it.fails('fails when a stub was never called', async ({ onTestFailed }) => {
    onTestFailed(keepFailure);
    const fake = fakeService({ [LIVE]: done, [PRESENCE]: done });
    expect((await fake.run(sendBroadcast)).code).toBe(0);
  });

  it.fails('fails when a request reached no stub, which it records', async ({ onTestFailed }) => {
    onTestFailed(keepFailure);
    const fake = fakeService({});
    expect((await fake.run(sendBroadcast)).code).not.toBe(0);
    expect(fake.all()).toEqual([
      {
        path: LIVE,
        data: {
          organizationId: 'acme',
          documentId: 'spec',
          liveStateDataId: 'c',
          data: { x: 1 },
          merge: false,
        },
      },
    ]);
  });
});
