#!/usr/bin/env node
// rfc1808 adapter for URI.js 1.19.11 (npm `urijs`), a library of the fuzzing trial (README.md
// beside this file): `new URI(relative).absoluteTo(base).toString()`.
//
//     node adapters/trial/npm-urijs.js              # jsonl
//     node adapters/trial/npm-urijs.js --lines      # lines
//     node adapters/trial/npm-urijs.js BASE REL     # argv
//
// The package comes from target/trial/node (adapters/trial/install.sh); what
// it throws, or a result that is no string, is a rejection. The protocols are
// those of adapters/rfc1808-adapter.js.
'use strict';

const path = require('node:path');
const { run } = require('../rfc1808-adapter.js');

const MODULES = path.join(__dirname, '..', '..', 'target', 'trial', 'node', 'node_modules');
const URI = require(path.join(MODULES, 'urijs'));

run({
  name: 'npm-urijs',
  spec: 'rfc3986',
  version: () => `${require(path.join(MODULES, 'urijs', 'package.json')).version} (node ${process.versions.node})`,
  resolve: (base, relative) => {
    const result = new URI(relative).absoluteTo(base).toString();
    if (typeof result !== 'string') {
      throw new TypeError(`the library returned ${String(result)}, not a string`);
    }
    return result;
  },
});
