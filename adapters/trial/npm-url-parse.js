#!/usr/bin/env node
// rfc1808 adapter for url-parse 1.5.10 (npm), a library of the fuzzing trial (README.md
// beside this file): `new URLParse(relative, base).href`.
//
//     node adapters/trial/npm-url-parse.js              # jsonl
//     node adapters/trial/npm-url-parse.js --lines      # lines
//     node adapters/trial/npm-url-parse.js BASE REL     # argv
//
// The package comes from target/trial/node (adapters/trial/install.sh); what
// it throws, or a result that is no string, is a rejection. The protocols are
// those of adapters/rfc1808-adapter.js.
'use strict';

const path = require('node:path');
const { run } = require('../rfc1808-adapter.js');

const MODULES = path.join(__dirname, '..', '..', 'target', 'trial', 'node', 'node_modules');
const URLParse = require(path.join(MODULES, 'url-parse'));

run({
  name: 'npm-url-parse',
  spec: 'rfc3986',
  version: () => `${require(path.join(MODULES, 'url-parse', 'package.json')).version} (node ${process.versions.node})`,
  resolve: (base, relative) => {
    const result = new URLParse(relative, base).href;
    if (typeof result !== 'string') {
      throw new TypeError(`the library returned ${String(result)}, not a string`);
    }
    return result;
  },
});
