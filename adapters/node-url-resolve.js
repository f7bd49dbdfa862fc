#!/usr/bin/env node
// rfc1808 adapter for Node.js's legacy `url.resolve(from, to)` (README,
// "Writing an adapter").
//
//     node adapters/node-url-resolve.js              # jsonl (also: --jsonl)
//     node adapters/node-url-resolve.js --lines      # lines
//     node adapters/node-url-resolve.js BASE REL     # argv
//
// Needs only Node.js. The protocols are those of rfc1808-adapter.js, beside
// this file.
'use strict';

const url = require('node:url');
const { run } = require('./rfc1808-adapter.js');

run({
  name: 'node-url-resolve',
  spec: 'none claimed (legacy Node.js url API)',
  version: () => process.versions.node,
  resolve: (base, relative) => url.resolve(base, relative),
});
