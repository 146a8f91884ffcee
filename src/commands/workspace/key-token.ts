import { operation, type ResponseOf } from '../../catalogue/operations.js';
import type { Context } from '../../cli/context.js';
import type { Credentials } from '../../config/credentials.js';
import { ApiError } from '../../errors/errors.js';
import type { HttpClient } from '../../http/client.js';

type TokensData = ResponseOf<'workspace.authTokens'>;

/** The first auth token of an API key (spec op 1, rule 4), read with workspace credentials. */
export async function fetchKeyToken(
  ctx: Context,
  client: HttpClient,
  credentials: Required<Pick<Credentials, 'workspaceId' | 'workspaceToken' | 'apiKey'>>,
): Promise<string> {
  const result = await client.call<TokensData>(
    operation('workspace.authTokens'),
    { apiKey: credentials.apiKey },
    { credentials },
  );
  const token = result.data.authTokens[0]?.token;
  if (!token)
    throw new ApiError(
      undefined,
      `API key ${credentials.apiKey} has no auth token`,
      result.httpStatus,
    );
  ctx.redactor.add(token);
  return token;
}
