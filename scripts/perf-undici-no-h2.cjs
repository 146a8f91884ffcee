// What undici's dispatcher/client-h2.js means inside the bundle (tsup.config.ts). svc never
// offers HTTP/2: undici 7 asks for it in TLS negotiation only when `allowH2` is set, and svc
// does not set it. The real module requires node:http2 as it loads, which cost every
// command that makes a request about 7 ms of start-up for a protocol it cannot use.
module.exports = function connectH2() {
  throw new Error('HTTP/2 was negotiated, but svc is built without it');
};
