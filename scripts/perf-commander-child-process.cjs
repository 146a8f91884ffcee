// What `node:child_process` means inside commander (tsup.config.ts). Commander requires it as
// it loads, for subcommands that are separate executables, which svc has none of; loading it
// also loads `dgram` and Node's child-process internals. Each member is read from the real
// module on first use, so commander behaves as it would with the module itself.
'use strict';

module.exports = new Proxy(
  {},
  {
    get(_, name) {
      return process.getBuiltinModule('node:child_process')[name];
    },
  },
);
