#!/usr/bin/env node
// rfc1808 adapter for fast-uri 4.2.4 (npm), a library of the fuzzing trial (README.md
// beside this file): `fastUri.resolve(base, relative)`.
//
//     node adapters/trial/npm-fast-uri.js              # jsonl
//     node adapters/trial/npm-fast-uri.js --lines      # lines
//     node adapters/trial/npm-fast-uri.js BASE REL     # argv
//
// The package comes from target/trial/node (adapters/trial/install.sh); what
// it throws, or a result that is no string, is a rejection. The protocols are
// those of adapters/rfc1808-adapter.js.
'use strict';

const path = require('node:path');
const { run } = require('../rfc1808-adapter.js');

const MODULES = path.join(__dirname, '..', '..', 'target', 'trial', 'node', 'node_modules');
const fastUri = require(path.join(MODULES, 'fast-uri'));

run({
  name: 'npm-fast-uri',
  spec: 'rfc3986',
  version: () => `${require(path.join(MODULES, 'fast-uri', 'package.json')).version} (node ${process.versions.node})`,
  resolve: (base, relative) => {
    const result = fastUri.resolve(base, relative);
    if (typeof result !== 'string') {
      throw new TypeError(`the library returned ${String(result)}, not a string`);
    }
    return result;
  },
});
