#!/usr/bin/env node
// rfc1808 adapter for whatwg-url, the reference implementation in JavaScript
// of the WHATWG URL Standard (npm, pinned in package.json beside this file):
// `new URL(relative, base).href` with its URL class, not Node.js's own, and
// `new URL(input).href` for a parse with no base. A
// TypeError (invalid URL) is a rejection.
//
//     node adapters/npm-whatwg-url/adapter.js              # jsonl (also: --jsonl)
//     node adapters/npm-whatwg-url/adapter.js --lines      # lines
//     node adapters/npm-whatwg-url/adapter.js BASE REL     # argv
//
// Needs Node.js 18 or later and `npm ci` in this directory
// (adapters/install.sh runs it). The protocols are those of
// adapters/rfc1808-adapter.js, in the directory above this one.
'use strict';

const { URL } = require('whatwg-url');
const { version } = require('whatwg-url/package.json');
const { run } = require('../rfc1808-adapter.js');

run({
  name: 'npm-whatwg-url',
  spec: 'WHATWG URL Standard',
  version: () => `${version} (node ${process.versions.node})`,
  resolve: (base, relative) => new URL(relative, base).href,
  parse: (input) => new URL(input).href,
});
