import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { MockAgent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { commandsOf } from '../../../src/cli/command-kit.js';
import { parseExpiry, valueTypeOf, type ValueTypeName } from '../../../src/cli/option-values.js';
import { buildProgram } from '../../../src/cli/program.js';
import { isRequired } from '../../../src/cli/required-options.js';
import { runCli, tempConfigDir } from '../../support/harness.js';
import { svcCommands } from '../../../src/commands/index.js';

const readableFile = join(mkdtempSync(join(tmpdir(), 'svc-option-values-')), 'items.ndjson');
writeFileSync(readableFile, '{}\n');

/** For each kind of value: text it must refuse, and text it takes (to fill required flags). */
const samples: Record<ValueTypeName | 'choice', { malformed: string; valid?: string }> = {
  duration: { malformed: '10', valid: '1s' },
  'whole number': { malformed: '1.5', valid: '1' },
  url: { malformed: 'not-a-url', valid: 'http://127.0.0.1:9/' },
  'job delay': { malformed: 'soon', valid: 'manual' },
  'readable file': { malformed: './no-such-input.ndjson', valid: readableFile },
  'value or @file': { malformed: '@./no-such-data.json', valid: '{}' },
  expiry: { malformed: '2001-01-01', valid: '7d' },
  'header prefix': { malformed: 'x_acme!', valid: 'x-acme' },
  choice: { malformed: 'not-a-choice' },
};

/** Placeholders that promise a typed value: an option that shows one must parse it. */
const TYPED_PLACEHOLDER = /<(duration|n|url|file)(\.\.\.)?>/;

const program = buildProgram(svcCommands, () => async () => undefined, {
  writeOut: () => undefined,
  writeErr: () => undefined,
  onError: () => undefined,
});

function pathOf(cmd: Command): string[] {
  return cmd.parent ? [...pathOf(cmd.parent), cmd.name()] : [];
}

function kindOf(option: Option): keyof typeof samples | undefined {
  return option.argChoices ? 'choice' : valueTypeOf(option);
}

/** The text that fills `option` where the case needs it present and valid. */
function validValue(option: Option): string {
  const kind = kindOf(option);
  if (kind === 'choice') return option.argChoices?.[0] ?? 'x';
  return (kind && samples[kind].valid) ?? 'x';
}

const leaves = [...commandsOf(program)].filter((cmd) => cmd.parent && cmd.commands.length === 0);

/** Every command with every typed option it takes, its own and the global ones. */
const cases = leaves.flatMap((cmd) =>
  [...cmd.options, ...program.options]
    .filter((option) => kindOf(option) !== undefined)
    .map((option) => {
      const kind = kindOf(option) as keyof typeof samples;
      const flag = option.long ?? option.flags;
      const required = cmd.options
        .filter((other) => other !== option && isRequired(other))
        .flatMap((other) => [other.long ?? other.flags, validValue(other)]);
      const args = cmd.registeredArguments.filter((a) => a.required).map(() => 'x');
      const malformed = samples[kind].malformed;
      return {
        name: `${pathOf(cmd).join(' ')} ${flag} ${malformed}`,
        argv: [...pathOf(cmd), ...required, flag, malformed, ...args],
        flag,
        malformed,
      };
    }),
);

/** Answers every request to any host, and remembers it: a case passes only if this stays empty. */
const agent = new MockAgent();
agent.disableNetConnect();
const sent: string[] = [];
agent
  .get(() => true)
  .intercept({ path: () => true, method: () => true })
  .reply((request) => {
    sent.push(`${request.method} ${request.origin}${request.path}`);
    return { statusCode: 503, data: '{}' };
  })
  .persist();
afterAll(() => agent.close());

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' });
}

describe('every typed option value is checked before anything is sent or written', () => {
  it('covers the typed options of the whole command tree', () => {
    expect(cases.length).toBeGreaterThan(leaves.length * 2);
    for (const flag of [
      '--wait-timeout',
      '--timeout',
      '--batch-size',
      '--port',
      '--order',
      '--file',
      '--seed',
    ]) {
      expect(cases.some((c) => c.flag === flag)).toBe(true);
    }
  });

  it('declares a parser for every option whose placeholder promises a duration, count, URL or file', () => {
    const untyped = leaves.flatMap((cmd) =>
      cmd.options
        .filter((o) => TYPED_PLACEHOLDER.test(o.flags) && kindOf(o) === undefined)
        .map((o) => `${pathOf(cmd).join(' ')} ${o.flags}`),
    );
    expect(untyped).toEqual([]);
  });

  it.each(cases)(
    '$name: exit 2 naming the flag, nothing sent',
    async ({ argv, flag, malformed }) => {
      const configDir = tempConfigDir();
      const before = sent.length;
      const result = await runCli([...argv, '--yes'], {
        dispatcher: agent,
        env: {
          SVC_CONFIG_DIR: configDir,
          SVC_BASE_URL: 'https://svc.test',
          SVC_API_KEY: 'key_fake_0123',
          SVC_AUTH_TOKEN: 'tok_fake_4567',
        },
      });
      expect(result.stderr).toContain(flag);
      expect(result.stderr).toContain(malformed);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.code).toBe(2);
      expect(sent.slice(before)).toEqual([]);
      expect(filesUnder(configDir)).toEqual([]);
    },
  );

  it.each([['10'], ['99999h']])(
    'SVC_TIMEOUT=%s stops a command before it sends anything, naming the variable',
    async (value) => {
      const before = sent.length;
      const result = await runCli(['docs', 'list', '--org', 'acme'], {
        dispatcher: agent,
        env: {
          SVC_CONFIG_DIR: tempConfigDir(),
          SVC_BASE_URL: 'https://svc.test',
          SVC_API_KEY: 'key_fake_0123',
          SVC_AUTH_TOKEN: 'tok_fake_4567',
          SVC_TIMEOUT: value,
        },
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`invalid duration for SVC_TIMEOUT: "${value}"`);
      expect(sent.slice(before)).toEqual([]);
    },
  );
});

describe('parseExpiry: when access ends', () => {
  const now = Date.parse('2026-12-03T12:00:00Z');
  it('takes a time from now, a date (its midnight, UTC) or a date-time, as Unix seconds', () => {
    expect(parseExpiry('30m', '--expires', now)).toBe(now / 1000 + 1800);
    expect(parseExpiry('12h', '--expires', now)).toBe(now / 1000 + 43_200);
    expect(parseExpiry('7d', '--expires', now)).toBe(now / 1000 + 604_800);
    expect(parseExpiry('2027-01-31', '--expires', now)).toBe(
      Date.parse('2027-01-31T00:00:00Z') / 1000,
    );
    expect(parseExpiry('2027-01-31T18:30:00+01:00', '--expires', now)).toBe(
      Date.parse('2027-01-31T17:30:00Z') / 1000,
    );
  });

  it('refuses a time in the past, or now, naming the flag and the time', () => {
    expect(() => parseExpiry('2026-12-03T12:00:00Z', '--expires', now)).toThrow(
      '--expires: 2026-12-03T12:00:00.000Z is in the past',
    );
    expect(() => parseExpiry('2020-01-01', '--expires', now)).toThrow('is in the past');
  });

  it('refuses anything else, with examples', () => {
    for (const text of ['soon', '7', '7w', '-1d', '2027-13-01', '2027-01-31 18:00', '1e3d'])
      expect(() => parseExpiry(text, '--expires', now), text).toThrow(
        `--expires: "${text}" is neither a time from now nor an ISO 8601 date`,
      );
  });
});
