import { describe, expect, it } from 'vitest';
import { operation } from '../../../src/catalogue/operations.js';
import { ConfirmationGate } from '../../../src/cli/declare/confirmation.js';
import { UsageError } from '../../../src/errors/errors.js';
import type { Prompter } from '../../../src/io/prompter.js';
import { rejection, useHarnesses } from '../http/harness.js';

const setup = useHarnesses();
const remove = operation('users.remove');
const setDisabled = operation('documents.setDisabled');
const removal = { organizationId: 'acme', userIds: ['u1', 'u2'] };

/** A gate for a run off a terminal (no prompts), with or without --yes. */
function gate(options: { yes?: boolean; asked?: string[]; question?: boolean } = {}) {
  const prompter = {
    enabled: options.asked !== undefined,
    confirm: (message: string) => {
      options.asked?.push(message);
      return Promise.resolve(true);
    },
  } as unknown as Prompter;
  return new ConfirmationGate(
    { yes: options.yes === true, dryRun: false, prompter },
    options.question === false ? undefined : ({ count }) => `remove ${count} users`,
  );
}

describe('the confirmation gate in front of the HTTP client', () => {
  it('refuses a destructive request off a terminal without --yes, and sends nothing', async () => {
    const g = gate();
    const h = setup({ beforeSend: (op, data) => g.beforeSend(op, data) });
    const err = await rejection(h.client.call(remove, removal));
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toBe(
      'refusing to remove 2 users without confirmation: pass --yes to confirm',
    );
    expect(h.calls()).toHaveLength(0);
  });

  it('asks on a terminal with the count of the request, once for the whole run', async () => {
    const asked: string[] = [];
    const g = gate({ asked });
    await g.beforeSend(remove, removal);
    await g.beforeSend(remove, { ...removal, userIds: ['u3'] });
    expect(asked).toEqual(['Remove 2 users?']);
  });

  it('lets a request through with --yes, and one that only restores access without asking', async () => {
    await expect(gate({ yes: true }).beforeSend(remove, removal)).resolves.toBeUndefined();
    const enable = { organizationId: 'acme', documentIds: ['d1'], disabled: false };
    await expect(gate().beforeSend(setDisabled, enable)).resolves.toBeUndefined();
    await expect(gate().beforeSend(setDisabled, { ...enable, disabled: true })).rejects.toThrow(
      'pass --yes',
    );
  });

  it('fails a destructive request from a command that declares no confirmation', async () => {
    const g = gate({ yes: true, question: false });
    const h = setup({ beforeSend: (op, data) => g.beforeSend(op, data) });
    const err = await rejection(h.client.call(remove, removal));
    expect((err as Error).message).toBe(
      'a destructive request from a command that declares no confirmation',
    );
    expect(h.calls()).toHaveLength(0);
  });
});
