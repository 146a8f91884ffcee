import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/errors/errors.js';
import { runTool } from '../../../src/mcp/call.js';
import { toolNames } from '../../../src/commands/mcp/tool-names.js';
import { toolSpecs } from '../../../src/mcp/tools.js';
import { fakeRuntime, noProgress, resultOf } from './fake-runtime.js';

/**
 * A folder deletion answers no id to follow: with wait: true, folders_delete reads the
 * folder until the service says it is not found.
 */
describe('folders_delete with wait', () => {
  it('starts the deletion, then reads the folder until it is not found', async () => {
    const [spec] = toolSpecs(toolNames, ['folders_delete']);
    let reads = 0;
    const { rt, sent } = fakeRuntime((data) => {
      const request = data as { folderId?: string; maxDepth?: number };
      // The start, then the folder's reads: there twice, then gone.
      if (sent.length === 1)
        return { data: null, message: 'Folder deletion initiated successfully.' };
      reads++;
      if (reads < 3) return { data: [{ folderId: request.folderId }] };
      return new ApiError('NOT_FOUND', 'Folder old not found.', 404);
    });
    const args = { organizationId: 'acme', folderId: 'old', wait: true };
    const asked = resultOf(await runTool(rt, spec!, args, noProgress));
    const { confirmationToken } = asked.structuredContent as { confirmationToken: string };
    expect(confirmationToken).toEqual(expect.any(String));
    const done = resultOf(await runTool(rt, spec!, { ...args, confirmationToken }, noProgress));
    expect(done.isError, JSON.stringify(done)).toBeFalsy();
    expect(reads).toBe(3);
    expect(done.structuredContent).toMatchObject({
      job: { folderId: 'old', status: 'deleted' },
      waitTimedOut: false,
    });
    expect(sent.slice(1)).toEqual([
      { organizationId: 'acme', folderId: 'old' },
      { organizationId: 'acme', folderId: 'old' },
      { organizationId: 'acme', folderId: 'old' },
    ]);
  });
});
