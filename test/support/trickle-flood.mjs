/* global setInterval, clearInterval */
// A slow-client flood against a local server, for test/e2e/emulator-slow-clients.test.ts:
// opens COUNT connections to 127.0.0.1:PORT, sends an unfinished request line on each and
// then one byte every INTERVAL ms, never completing the headers. Prints `opened N` once all
// were attempted, and on SIGTERM prints `closed-by-server N` and exits.
import { connect } from 'node:net';

const [port, count, interval] = process.argv.slice(2).map(Number);
const sockets = new Set();
let closedByServer = 0;
let stopping = false;

function open() {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      if (!stopping) closedByServer += 1;
      resolve();
    });
    socket.on('connect', () => {
      sockets.add(socket);
      socket.write(`GET /_emulator/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `);
      resolve();
    });
  });
}

for (let from = 0; from < count; from += 500) {
  await Promise.all(Array.from({ length: Math.min(500, count - from) }, open));
}
console.log(`opened ${count}`);
const trickle = setInterval(() => {
  for (const socket of sockets) socket.write('a');
}, interval);

process.on('SIGTERM', () => {
  stopping = true;
  clearInterval(trickle);
  for (const socket of sockets) socket.destroy();
  // Written before exiting: process.exit right after a write to a pipe can lose it.
  process.stdout.write(`closed-by-server ${closedByServer}\n`, () => {
    // eslint-disable-next-line no-restricted-syntax -- a test's child process, not svc
    process.exit(0);
  });
});
