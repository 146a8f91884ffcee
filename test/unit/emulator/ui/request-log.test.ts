import { describe, expect, it } from 'vitest';
import { RequestLog, TOO_DEEP } from '../../../../src/emulator/ui/request-log.js';

const entry = { time: 1, method: 'POST', path: '/v1/x', httpStatus: 200 };
const details = { latencyMs: 1.234, decisions: [], secrets: [] };

describe('the request log', () => {
  it('redacts secret fields and scrubs the credentials a call carried, keys and decisions too', () => {
    const log = new RequestLog();
    const token = 'tok_0123456789abcdef';
    log.record(entry, {
      ...details,
      secrets: [token],
      requestBody: JSON.stringify({ data: { authToken: 'abc-secret-value', note: `x ${token}` } }),
      response: { result: { data: { [token]: { workspaceToken: 'wt-secret-value' } } } },
      decisions: [{ check: 'permission', subject: `User ${token}`, allowed: false, reason: token }],
    });
    const [kept] = log.since();
    expect(kept?.request).toEqual({ data: { authToken: '[redacted]', note: 'x [redacted]' } });
    expect(kept?.response).toEqual({
      result: { data: { '[redacted]': { workspaceToken: '[redacted]' } } },
    });
    expect(kept?.decisions[0]).toMatchObject({ subject: 'User [redacted]', reason: '[redacted]' });
    expect(JSON.stringify(kept)).not.toContain(token);
  });

  it('keeps a body that is not JSON as text, and the beginning of a very large one', () => {
    const log = new RequestLog();
    log.record(entry, { ...details, requestBody: 'not json' });
    log.record(entry, { ...details, response: { big: 'x'.repeat(40_000) } });
    const [text, large] = log.since();
    expect(text?.request).toBe('not json');
    expect(typeof large?.response).toBe('string');
    expect(large?.response).toMatch(/characters in all, the first 16384 shown\)$/);
  });

  it('keeps a call whose bodies are nested 20,000 deep, with a placeholder for each body', () => {
    const log = new RequestLog();
    const token = 'tok_0123456789abcdef';
    const depth = 20_000;
    const deepText = `{"data":${'['.repeat(depth)}"${token}"${']'.repeat(depth)}}`;
    let deepValue: unknown = token;
    for (let i = 0; i < depth; i++) deepValue = { a: deepValue };
    log.record(entry, { ...details, secrets: [token], requestBody: deepText, response: deepValue });
    const [kept] = log.since();
    expect(kept).toMatchObject({ path: '/v1/x', httpStatus: 200, seq: 1 });
    expect(kept?.request).toBe(TOO_DEEP);
    expect(kept?.response).toBe(TOO_DEEP);
    expect(JSON.stringify(kept)).not.toContain(token);
  });

  it('numbers the calls, tells listeners of each, and gives those after a number', () => {
    const log = new RequestLog();
    const heard: number[] = [];
    const stop = log.subscribe((e) => heard.push(e.seq));
    log.record(entry, details);
    stop();
    log.record(entry, details);
    expect(heard).toEqual([1]);
    expect(log.since(1).map((e) => e.seq)).toEqual([2]);
  });

  it('keeps the most recent 300 calls', () => {
    const log = new RequestLog();
    for (let i = 0; i < 305; i++) log.record(entry, details);
    const kept = log.since();
    expect(kept).toHaveLength(300);
    expect(kept[0]?.seq).toBe(6);
  });
});
