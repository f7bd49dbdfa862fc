#!/usr/bin/env node
// rfc1808 adapter for Node.js's WHATWG URL class, `new URL(relative, base).href`
// (README, "Writing an adapter"), and `new URL(input).href` for a parse with
// no base. A TypeError (invalid URL) is a rejection.
//
//     node adapters/node-whatwg-url.js              # jsonl (also: --jsonl)
//     node adapters/node-whatwg-url.js --lines      # lines
//     node adapters/node-whatwg-url.js BASE REL     # argv
//
// Needs only Node.js. The protocols are those of rfc1808-adapter.js, beside
// this file.
'use strict';

const { run } = require('./rfc1808-adapter.js');

run({
  name: 'node-whatwg-url',
  spec: 'WHATWG URL Standard',
  // Node.js has parsed URLs with the ada library since 18.17.
  version: () => (process.versions.ada
    ? `${process.versions.node} (ada ${process.versions.ada})`
    : process.versions.node),
  resolve: (base, relative) => new URL(relative, base).href,
  // An absolute parse, with no base: the web-platform tests' `base: null`.
  parse: (input) => new URL(input).href,
});
