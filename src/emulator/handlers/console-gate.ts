import { EmulatorError } from '../errors.js';
import type { ConsoleOptionName } from '../store/console-options.js';
import { reportDecision } from '../ui/decisions.js';
import type { HandlerDeps } from './types.js';

const labels: Record<ConsoleOptionName, string> = {
  advancedQueries: 'advanced queries',
  activityService: 'activity service',
  notificationConfig: 'notification config',
};

/**
 * FAILED_PRECONDITION unless the workspace has the console option on, as the service
 * answers. A fresh workspace has them off there too; the message says how to switch the
 * option on in this emulator, with a command that works as pasted.
 */
export function requireConsoleOption(
  deps: Pick<HandlerDeps, 'store' | 'baseUrl' | 'adminRoutes' | 'adminToken'>,
  workspaceId: string,
  option: ConsoleOptionName,
  action: string,
): void {
  const on = deps.store.consoleOptions.get(workspaceId)[option];
  reportDecision(() => ({
    check: 'console-option',
    subject: `Workspace ${workspaceId} → ${option}`,
    allowed: on,
    reason: `${action} needs the ${labels[option]} console option, which is ${on ? 'on' : 'off'}.`,
  }));
  if (on) return;
  const off = `${action} needs the ${labels[option]} console option, which is off for this workspace.`;
  const atStart = `start the emulator with --console-option ${option}`;
  if (!deps.adminRoutes) {
    throw new EmulatorError('FAILED_PRECONDITION', `${off} In this emulator, ${atStart}.`);
  }
  const body = JSON.stringify({ workspaceId, [option]: true });
  // The variable the token is handed on in (svc emulator exec, start --detach's env file).
  const auth = deps.adminToken ? `-H "Authorization: Bearer $SVC_EMULATOR_ADMIN_TOKEN" ` : '';
  throw new EmulatorError(
    'FAILED_PRECONDITION',
    `${off} In this emulator, switch it on with: curl -s -X POST ${auth}-d '${body}' ` +
      `${deps.baseUrl()}/_emulator/console-options (or ${atStart}).`,
  );
}
