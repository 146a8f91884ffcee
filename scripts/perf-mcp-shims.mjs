// What `@modelcontextprotocol/server/_shims` means inside the bundle (tsup.config.ts). The
// SDK's Node shim gives its server the AJV-backed JSON Schema validator, so loading the
// server loads AJV, a third of the SDK's code and about 20 ms of `svc mcp`'s start-up. The
// server validates JSON Schema only to check a client's answer to an elicitation, which svc
// never asks for; the SDK's Workers shim gives the @cfworker/json-schema validator instead,
// which does the same job from a seventh of the code. svc pins the SDK exactly: this file
// stands in for one of its internal modules.
//
// `process` is the global one, the object `node:process` exports. Importing `node:process` as
// an ES module builds its namespace from every property of `process`, lazy getters included
// (the diagnostic report, the allowed-flags set): 4 to 7 ms on Node 20 to 26, measured alone,
// that `svc mcp` paid at every start.
export { CfWorkerJsonSchemaValidator as DefaultJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
export const { process } = globalThis;
