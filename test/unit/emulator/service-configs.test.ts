import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../src/emulator/server.js';
import {
  type Credentials,
  createWorkspace,
  expectError,
  expectSuccess,
  keyHeaders,
  post,
} from './helpers.js';

let emulator: RunningEmulator;
let c: Credentials;
const NOW = 1_750_000_000_000;

beforeEach(async () => {
  emulator = await startEmulator({ now: () => NOW });
  c = await createWorkspace(emulator.url, 'configs@example.com');
});
afterEach(async () => {
  await emulator.close();
});

const call = (path: string, data: unknown = {}) =>
  post(emulator.url, `/v2/workspace/${path}`, data, keyHeaders(c));

describe('API key configuration (ops 150, 151)', () => {
  it('answers the defaults, then what updates merged, AI keys masked and never echoed', async () => {
    expect(expectSuccess(await call('apikeyconfig/get'), 'workspace.apiKeyConfigGet')).toEqual({
      ownerEmail: 'configs@example.com',
      planInfo: { type: 'sdk test' },
      defaultDocumentAccessType: 'public',
      isPrivateCommentsEnabled: false,
      requireJwtToken: false,
      requireAutoOrgUser: false,
    });
    const key = 'sk-openai-0123456789abcdefghij';
    const updated = await call('apikeyconfig/update', {
      enablePrivateComments: true,
      aiModelApiKey: [{ provider: 'openai', customerApiKey: key }],
    });
    expect(updated.text).not.toContain(key);
    expect(expectSuccess(updated, 'workspace.apiKeyConfigUpdate')).toEqual({
      enablePrivateComments: true,
      aiModelsConfig: {
        openai: { displayText: expect.stringMatching(/^sk-o\.\.\.x+$/) as string },
      },
    });
    await call('apikeyconfig/update', { requireJwtToken: true });
    const read = await call('apikeyconfig/get');
    expect(read.text).not.toContain(key);
    expect(expectSuccess(read, 'workspace.apiKeyConfigGet')).toMatchObject({
      isPrivateCommentsEnabled: true,
      requireJwtToken: true,
      aiModelsConfig: { openai: { displayText: expect.any(String) as string } },
    });
  });

  it('refuses an update with no field, or an unknown one', async () => {
    const none = expectError(await call('apikeyconfig/update', {}), 400, 'INVALID_ARGUMENT');
    expect(none).toContain('At least one field must be provided for update');
    expectError(await call('apikeyconfig/update', { colour: 'red' }), 400, 'INVALID_ARGUMENT');
  });
});

describe('notification service configuration (ops 152, 153)', () => {
  it('seeds the standard triggers on the first enable, and switches the console option', async () => {
    const before = expectSuccess(
      await call('notificationconfig/get'),
      'workspace.notificationServiceGet',
    );
    expect(before).toEqual({
      useNotificationService: false,
      notificationServiceConfig: {
        triggers: { comment: {}, huddle: {} },
        delayConfig: { isEnabled: false, delaySeconds: 10 },
        batchConfig: {
          document: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
          user: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
        },
      },
    });
    const enabled = expectSuccess(
      await call('notificationconfig/update', {
        useNotificationService: true,
        notificationServiceConfig: { triggers: { comment: { 'comment.add': false } } },
      }),
      'workspace.notificationServiceUpdate',
    ) as { notificationServiceConfig: { triggers: Record<string, Record<string, boolean>> } };
    const { comment, huddle } = enabled.notificationServiceConfig.triggers;
    expect(comment).toMatchObject({ 'comment_annotation.add': true, 'comment.add': false });
    expect(comment?.['comment_annotation.suggestion_accept']).toBeUndefined();
    expect(huddle).toEqual({ 'huddle.create': true, 'huddle.join': true });
    // The v1 notification config read is gated by the option the update switched on.
    const gated = await post(
      emulator.url,
      '/v1/notifications/config/get',
      { organizationId: 'o', userId: 'u', documentIds: ['d'] },
      keyHeaders(c),
    );
    expect(gated.status).toBe(200);
  });

  it('refuses a body with neither member, and numbers out of range', async () => {
    const none = expectError(await call('notificationconfig/update', {}), 400, 'INVALID_ARGUMENT');
    expect(none).toContain(
      'At least one of useNotificationService or notificationServiceConfig must be provided',
    );
    const delay = { notificationServiceConfig: { delayConfig: { delaySeconds: 9 } } };
    expectError(await call('notificationconfig/update', delay), 400, 'INVALID_ARGUMENT');
  });
});

describe('activity service configuration (ops 154, 155)', () => {
  it('answers { isEnabled: false } never configured; the first enable seeds, then merges', async () => {
    expect(expectSuccess(await call('activityconfig/get'), 'workspace.activityServiceGet')).toEqual(
      { activityServiceConfig: { isEnabled: false } },
    );
    const activities = { organizationId: 'o' };
    const off = await post(emulator.url, '/v2/activities/get', activities, keyHeaders(c));
    expectError(off, 400, 'FAILED_PRECONDITION');

    const enabled = expectSuccess(
      await call('activityconfig/update', { activityServiceConfig: { isEnabled: true } }),
      'workspace.activityServiceUpdate',
    ) as { activityServiceConfig: Record<string, unknown> };
    expect(enabled.activityServiceConfig).toMatchObject({
      isEnabled: true,
      immutable: true,
      enabledTime: NOW,
      triggers: { comment: { 'comment_annotation.suggestion_accept': true, 'comment.add': true } },
    });
    const on = await post(emulator.url, '/v2/activities/get', activities, keyHeaders(c));
    expect(on.status).toBe(200);

    const merged = expectSuccess(
      await call('activityconfig/update', {
        activityServiceConfig: {
          immutable: false,
          triggers: { comment: { 'comment.add': false } },
        },
      }),
      'workspace.activityServiceUpdate',
    ) as { activityServiceConfig: { triggers: { comment: Record<string, boolean> } } };
    expect(merged.activityServiceConfig).toMatchObject({ isEnabled: true, immutable: false });
    expect(merged.activityServiceConfig.triggers.comment).toMatchObject({
      'comment.add': false,
      'comment_annotation.add': true,
    });
  });

  it('seeds on the first enable after a switch off alone, which stores no member', async () => {
    await call('activityconfig/update', { activityServiceConfig: { isEnabled: false } });
    const enabled = expectSuccess(
      await call('activityconfig/update', { activityServiceConfig: { isEnabled: true } }),
      'workspace.activityServiceUpdate',
    );
    expect(enabled).toMatchObject({ activityServiceConfig: { immutable: true, enabledTime: NOW } });
  });

  it('refuses an empty configuration', async () => {
    const empty = { activityServiceConfig: {} };
    const message = expectError(
      await call('activityconfig/update', empty),
      400,
      'INVALID_ARGUMENT',
    );
    expect(message).toContain('At least one field must be provided for update');
  });
});

describe('permission provider configuration (ops 156, 157)', () => {
  it('answers the defaults, seeds them on the first enable, and keeps the token', async () => {
    const defaults = {
      usePermissionProvider: false,
      permissionProviderConfig: { permissionProviderUrl: '', authToken: '' },
    };
    const get = () => call('permissionproviderconfig/get');
    expect(expectSuccess(await get(), 'workspace.permissionProviderGet')).toEqual(defaults);
    const enabled = await call('permissionproviderconfig/update', { usePermissionProvider: true });
    expect(expectSuccess(enabled, 'workspace.permissionProviderUpdate')).toEqual({
      ...defaults,
      usePermissionProvider: true,
    });
    await call('permissionproviderconfig/update', {
      permissionProviderConfig: {
        permissionProviderUrl: 'https://a.example/p',
        authToken: 'tok-1',
      },
    });
    await call('permissionproviderconfig/update', {
      permissionProviderConfig: { permissionProviderUrl: 'https://b.example/p' },
    });
    expect(expectSuccess(await get(), 'workspace.permissionProviderGet')).toEqual({
      usePermissionProvider: true,
      permissionProviderConfig: {
        permissionProviderUrl: 'https://b.example/p',
        authToken: 'tok-1',
      },
    });
  });

  it('refuses a URL that is not http(s)', async () => {
    const bad = { permissionProviderConfig: { permissionProviderUrl: 'ftp://x.example' } };
    const message = expectError(
      await call('permissionproviderconfig/update', bad),
      400,
      'INVALID_ARGUMENT',
    );
    expect(message).toContain('Please enter a valid URL');
  });
});
