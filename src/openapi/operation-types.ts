import type { components, paths } from './generated-types.js';

/**
 * The request and answer of every operation as TypeScript types, for a test that calls the
 * emulator with `fetch` (the package's emulator export has them). They come from the
 * OpenAPI document of the catalogue (generated-types.ts), as `svc openapi` prints it, so
 * they are the types any client generated from that document would have.
 */

export type { components, operations, paths } from './generated-types.js';

/** The path of an operation, such as `/v2/workspace/create`; every one is a POST. */
export type ApiPath = keyof paths;

type Post<P extends ApiPath> = paths[P]['post'];

/** The JSON body of a request to `P`: the `{ data: … }` envelope. */
export type RequestOf<P extends ApiPath> = Post<P>['requestBody']['content']['application/json'];

/** The HTTP statuses an operation answers success with (202 for one that starts a job). */
type SuccessStatus = 200 | 202;

/** The JSON body of the answer to `P` when it succeeds. */
export type ResponseOf<P extends ApiPath> = {
  [S in keyof Post<P>['responses'] & SuccessStatus]: Post<P>['responses'][S] extends {
    content: { 'application/json': infer Body };
  }
    ? Body
    : never;
}[keyof Post<P>['responses'] & SuccessStatus];

/** The JSON body of a failure, whichever the operation: `{ error: { status, message } }`. */
export type ErrorResponse = components['responses']['Error']['content']['application/json'];
