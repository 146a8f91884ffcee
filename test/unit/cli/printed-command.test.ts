import { describe, expect, it } from 'vitest';
import { commandWords, printedCommand } from '../../../src/cli/printed-command.js';

const words = ['docs', 'migration-status', '--org', 'acme', '--id', 'm1', '--wait'];

describe('printedCommand', () => {
  it('carries --profile from the flag or SVC_PROFILE, the flag winning', () => {
    expect(
      printedCommand({ globals: { profile: 'prod' }, env: { SVC_PROFILE: 'ci' } }, words),
    ).toBe('svc --profile prod docs migration-status --org acme --id m1 --wait');
    expect(printedCommand({ globals: {}, env: { SVC_PROFILE: 'ci' } }, words)).toBe(
      'svc --profile ci docs migration-status --org acme --id m1 --wait',
    );
  });

  it('carries --base-url and --insecure only when they were flags', () => {
    expect(
      printedCommand({ globals: { baseUrl: 'http://10.0.0.5:4510', insecure: true }, env: {} }, [
        'users',
        'purge-status',
        '--job',
        'j1',
      ]),
    ).toBe('svc --base-url http://10.0.0.5:4510 --insecure users purge-status --job j1');
    expect(
      printedCommand({ globals: {}, env: { SVC_BASE_URL: 'http://10.0.0.5:4510' } }, [
        'auth',
        'token',
      ]),
    ).toBe('svc auth token');
  });

  it('quotes every value for the shell', () => {
    expect(
      printedCommand({ globals: { profile: "ops team's" }, env: {} }, [
        'docs',
        'migration-status',
        '--org',
        'a b',
        '--id',
        '$(rm -rf x)',
      ]),
    ).toBe(`svc --profile 'ops team'\\''s' docs migration-status --org 'a b' --id '$(rm -rf x)'`);
  });
});

describe('commandWords', () => {
  it('drops the options printedCommand adds, in both spellings, and keeps the rest', () => {
    expect(
      commandWords([
        '--profile',
        'prod',
        '--base-url=https://api.example.com',
        '--insecure',
        '--json',
        'folders',
        'add',
        '--org',
        'o',
      ]),
    ).toEqual(['--json', 'folders', 'add', '--org', 'o']);
  });

  it('leaves everything after -- as it is', () => {
    expect(commandWords(['emulator', 'exec', '--', 'svc', '--profile', 'x'])).toEqual([
      'emulator',
      'exec',
      '--',
      'svc',
      '--profile',
      'x',
    ]);
  });
});
