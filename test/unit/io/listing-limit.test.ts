import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { Output } from '../../../src/io/output.js';
import { ListingLimit } from '../../../src/io/listing.js';
import { fakeTerminal } from './fake-streams.js';

describe('ListingLimit', () => {
  it('keeps one count across pages, and says how many it left out', () => {
    const limit = new ListingLimit(3);
    expect(limit.take([1, 2])).toEqual([1, 2]);
    expect(limit.take([3, 4, 5])).toEqual([3]);
    expect(limit.take([6])).toEqual([]);
    expect(limit.notice()).toBe('showing 3 of 6 items; --limit 3 left out 3');
  });

  it('says nothing when everything fitted', () => {
    const limit = new ListingLimit(3);
    limit.take([1, 2, 3]);
    expect(limit.notice()).toBeUndefined();
  });

  it('admits members one by one, as a spool adds them', () => {
    const limit = new ListingLimit(1);
    expect([limit.admit(), limit.admit()]).toEqual([true, false]);
    expect(limit.notice()).toBe('showing 1 of 2 items; --limit 1 left out 1');
  });
});

describe('Output with --limit', () => {
  it('cuts the list inside a document where the layout says it is, keeping the rest', async () => {
    const t = fakeTerminal({ stdoutTTY: false });
    const out = new Output(t.io, true, { limit: 1 });
    const doc = { apiKey: 'k1', authTokens: [{ name: 'a' }, { name: 'b' }] };
    await out.deliver(() => out.data(doc, operation('workspace.authTokens').table));
    expect(JSON.parse(t.stdout.text)).toEqual({ apiKey: 'k1', authTokens: [{ name: 'a' }] });
    expect(JSON.parse(t.stderr.text)).toEqual({
      info: { message: 'showing 1 of 2 items; --limit 1 left out 1' },
    });
  });
});
