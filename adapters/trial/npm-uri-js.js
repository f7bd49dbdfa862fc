#!/usr/bin/env node
// rfc1808 adapter for uri-js 4.4.1 (npm), a library of the fuzzing trial (README.md
// beside this file): `URI.resolve(base, relative)`.
//
//     node adapters/trial/npm-uri-js.js              # jsonl
//     node adapters/trial/npm-uri-js.js --lines      # lines
//     node adapters/trial/npm-uri-js.js BASE REL     # argv
//
// The package comes from target/trial/node (adapters/trial/install.sh); what
// it throws, or a result that is no string, is a rejection. The protocols are
// those of adapters/rfc1808-adapter.js.
'use strict';

const path = require('node:path');
const { run } = require('../rfc1808-adapter.js');

const MODULES = path.join(__dirname, '..', '..', 'target', 'trial', 'node', 'node_modules');
const URI = require(path.join(MODULES, 'uri-js'));

run({
  name: 'npm-uri-js',
  spec: 'rfc3986',
  version: () => `${require(path.join(MODULES, 'uri-js', 'package.json')).version} (node ${process.versions.node})`,
  resolve: (base, relative) => {
    const result = URI.resolve(base, relative);
    if (typeof result !== 'string') {
      throw new TypeError(`the library returned ${String(result)}, not a string`);
    }
    return result;
  },
});
