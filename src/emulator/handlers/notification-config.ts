import type * as z from 'zod';
import type { Schema } from '../../catalogue/models.js';
import type { NotificationLevel, NotificationSettings } from '../store/notification-configs.js';
import type { Scope } from '../store/scope.js';
import { requireConsoleOption } from './console-gate.js';
import { perItem, unique } from './shared.js';
import type { HandlerDeps, Handlers } from './types.js';

type NotificationConfigItem = z.input<Schema<'notificationConfig'>>;

/** What a user who never changed a setting has (docs/wire-notes.md). */
const DEFAULT_INBOX: NotificationLevel = 'ALL';
const DEFAULT_EMAIL: NotificationLevel = 'MINE';

/**
 * Each channel's setting for a document is the user's setting for the document, else the
 * user's organization-level setting, else the default; `slack` has no default and is left
 * out when neither level sets it.
 */
function effective(
  own: NotificationSettings | undefined,
  fallback: NotificationSettings | undefined,
): NotificationConfigItem['config'] {
  const slack = own?.slack ?? fallback?.slack ?? null;
  return {
    inbox: own?.inbox ?? fallback?.inbox ?? DEFAULT_INBOX,
    email: own?.email ?? fallback?.email ?? DEFAULT_EMAIL,
    ...(slack !== null && { slack }),
  };
}

/** Where a user's settings apply: a document, or the organization when `documentId` is null. */
export interface ConfigLevel {
  organizationId: string;
  userId: string;
  documentId: string | null;
}

/**
 * One item of the read of settings (23): those in effect at the level, from the user's
 * settings stored there (`own`) and, for a document, at the organization level. The
 * user-data export (113) shows each stored setting so too.
 */
export function configItem(
  scope: Scope,
  level: ConfigLevel,
  own: NotificationSettings | undefined,
  organization: NotificationSettings | undefined,
): NotificationConfigItem {
  const { organizationId, userId, documentId } = level;
  return {
    config: effective(own, documentId === null ? undefined : organization),
    metadata: {
      organizationId,
      apiKey: scope.apiKeyId,
      ...(documentId !== null && { documentId }),
      userId,
    },
  };
}

/** Operations 23 and 24. Nothing stored, or an unknown organization, gives the defaults. */
export function notificationConfigHandlers(
  deps: HandlerDeps,
): Handlers<'notifications.config.v2' | 'notifications.config.v1' | 'notifications.config.set'> {
  const { store } = deps;

  /** One item per document, or the organization-level item when `documentIds` is null. */
  function items(
    scope: Scope,
    organizationId: string,
    userId: string,
    documentIds: readonly string[] | null,
  ): NotificationConfigItem[] {
    const stored = store.notificationConfigs.ofUser(
      scope,
      organizationId,
      userId,
      documentIds ?? [],
    );
    if (documentIds === null) {
      const level = { organizationId, userId, documentId: null };
      return [configItem(scope, level, stored.organization, undefined)];
    }
    return documentIds.map((documentId) =>
      configItem(
        scope,
        { organizationId, userId, documentId },
        stored.documents.get(documentId),
        stored.organization,
      ),
    );
  }

  const message = 'Notification config retrieved successfully.';
  return {
    // With getOrganizationConfig the answer is the organization-level item alone, whether
    // or not documentIds are given too.
    'notifications.config.v2': (data, { scope }) => ({
      message,
      data: items(
        scope,
        data.organizationId,
        data.userId,
        data.getOrganizationConfig === true ? null : unique(data.documentIds ?? []),
      ),
    }),

    'notifications.config.v1': (data, { scope }) => {
      requireConsoleOption(
        deps,
        scope.workspaceId,
        'notificationConfig',
        'Reading notification config (v1)',
      );
      return {
        message,
        data: items(scope, data.organizationId, data.userId, unique(data.documentIds)),
      };
    },

    // Operation 133: each setting given replaces the stored one at the level named (each
    // document, or the organization), the others kept. With several documents the answer's
    // item, keyed by user as the contract's map is, names them all in `documentIds`.
    'notifications.config.set': (data, { scope }) => {
      requireConsoleOption(
        deps,
        scope.workspaceId,
        'notificationConfig',
        'Setting notification settings',
      );
      const { organizationId, config } = data;
      const documentIds = data.documentIds ? unique(data.documentIds) : [];
      const levels: (string | null)[] = data.documentIds ? documentIds : [null];
      const result = perItem(
        store,
        unique(data.userIds),
        (userId) => userId,
        (userId) => {
          store.organizations.ensure(scope, organizationId);
          const stored = store.notificationConfigs.ofUser(
            scope,
            organizationId,
            userId,
            documentIds,
          );
          for (const documentId of levels) {
            const current =
              documentId === null ? stored.organization : stored.documents.get(documentId);
            store.notificationConfigs.put(scope, {
              organizationId,
              userId,
              documentId,
              inbox: config.inbox ?? current?.inbox ?? null,
              email: config.email ?? current?.email ?? null,
              slack: config.slack ?? current?.slack ?? null,
            });
          }
          return {
            success: true,
            userId,
            ...(levels.length === 1 ? { documentId: levels[0] ?? null } : { documentIds }),
            message: 'User config set successfully.',
          };
        },
      );
      return { message: 'User config set successfully.', data: result };
    },
  };
}
