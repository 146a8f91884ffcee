// What `undici` means inside the bundle (tsup.config.ts). The package's own entry also sets
// up fetch, WebSocket, EventSource, the mock agents, the cache stores and every interceptor,
// which costs tens of milliseconds of start-up in every command that makes a request; svc
// uses a keep-alive agent, a proxy agent and `dispatcher.request()`, so only those are
// taken. A name that is not exported here fails the build, rather than being undefined at
// run time.
import Agent from 'undici/lib/dispatcher/agent.js';
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import * as api from 'undici/lib/api/index.js';

// As the package entry does: request(), stream()... are methods of every dispatcher.
Object.assign(Dispatcher.prototype, api);

export { Agent, Dispatcher, ProxyAgent };
