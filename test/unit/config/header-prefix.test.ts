import { describe, expect, it } from 'vitest';
import {
  checkHeaderPrefix,
  credentialHeaders,
  headerPrefixOf,
} from '../../../src/config/header-prefix.js';
import { UsageError } from '../../../src/errors/errors.js';
import { Redactor } from '../../../src/http/redact.js';

describe('the credential header prefix', () => {
  it('names the four headers, x-service by default', () => {
    expect(credentialHeaders()).toEqual({
      workspaceId: 'x-service-workspace-id',
      apiKey: 'x-service-api-key',
      authToken: 'x-service-auth-token',
      workspaceAuthToken: 'x-service-workspace-auth-token',
    });
    expect(credentialHeaders('x-acme').apiKey).toBe('x-acme-api-key');
  });

  it('takes words of letters and digits joined by hyphens, in any case, and gives them lower-cased', () => {
    expect(checkHeaderPrefix('X-Acme2', '--header-prefix')).toBe('x-acme2');
    for (const bad of ['', 'x_acme', '-x', 'x-', 'x--acme', '2x', 'x acme', 'x'.repeat(41)]) {
      expect(() => checkHeaderPrefix(bad, 'SVC_HEADER_PREFIX'), bad).toThrow(UsageError);
    }
    expect(() => checkHeaderPrefix('x_acme', 'SVC_HEADER_PREFIX')).toThrow(/^SVC_HEADER_PREFIX: /);
  });

  it('comes from the flag, then the environment, then the profile, then the contract', () => {
    const profile = { name: 'prod', headerPrefix: 'x-prod' };
    const env = { SVC_HEADER_PREFIX: 'X-Env' };
    expect(headerPrefixOf('x-flag', env, profile)).toEqual({
      prefix: 'x-flag',
      source: '--header-prefix',
    });
    expect(headerPrefixOf(undefined, env, profile)).toEqual({
      prefix: 'x-env',
      source: 'SVC_HEADER_PREFIX',
    });
    expect(headerPrefixOf(undefined, {}, profile)).toEqual({
      prefix: 'x-prod',
      source: 'profile "prod"',
    });
    expect(headerPrefixOf(undefined, {}, { name: 'default' }).prefix).toBe('x-service');
  });

  it("is redacted in traces under a deployment's names as under the contract's", () => {
    const shown = new Redactor().headers({
      'x-acme-api-key': 'key-1',
      'x-acme-auth-token': 'secret-token-1',
      'X-Acme-Workspace-Auth-Token': 'secret-token-2',
    });
    expect(shown).toEqual({
      'x-acme-api-key': 'key-1',
      'x-acme-auth-token': '[redacted]',
      'X-Acme-Workspace-Auth-Token': '[redacted]',
    });
  });
});
