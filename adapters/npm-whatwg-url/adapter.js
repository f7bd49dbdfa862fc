#!/usr/bin/env node
// rfc1808 adapter for whatwg-url, the reference implementation in JavaScript
// of the WHATWG URL Standard (npm, pinned in package.json beside this file):
// `new URL(relative, base).href` with its URL class, not Node.js's own. A
// TypeError (invalid URL) is a rejection.
//
//     node adapters/npm-whatwg-url/adapter.js              # jsonl (also: --jsonl)
//     node adapters/npm-whatwg-url/adapter.js --lines      # lines
//     node adapters/npm-whatwg-url/adapter.js BASE REL     # argv
//
// Needs Node.js 18 or later and `npm ci` in this directory
// (adapters/install.sh runs it).
'use strict';

const readline = require('node:readline');
const { URL } = require('whatwg-url');
const { version } = require('whatwg-url/package.json');

const NAME = 'npm-whatwg-url';

function resolve(base, relative) {
  try {
    return { result: new URL(relative, base).href };
  } catch (e) {
    // Any exception is the library declining the case.
    return { error: `${e && e.name}: ${e && e.message}` };
  }
}

function answer(request) {
  const id = request && typeof request === 'object' && 'id' in request ? request.id : null;
  const kind = request && typeof request === 'object' ? request.type : undefined;
  if (kind === 'start') {
    return {
      type: 'started',
      version: 1,
      name: NAME,
      implementation_version: `${version} (node ${process.versions.node})`,
      language: 'javascript',
      spec: 'WHATWG URL Standard',
    };
  }
  if (kind === 'resolve') {
    if (typeof request.base !== 'string' || typeof request.relative !== 'string') {
      return { id, error: 'adapter: base and relative must be strings' };
    }
    return { id, ...resolve(request.base, request.relative) };
  }
  return { id, error: `adapter: unknown request type ${JSON.stringify(kind)}` };
}

// Each answer is written as soon as its request is read. On `stop` the input
// is closed rather than the process exited, so a long answer still queued for
// a full pipe is not lost: Node.js exits once it is written.
function serve(onLine) {
  const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on('line', (line) => {
    if (onLine(line) === 'stop') {
      input.close();
      process.stdin.destroy();
    }
  });
}

function jsonl(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (e) {
    process.stdout.write(JSON.stringify({ id: null, error: `adapter: bad request: ${e.message}` }) + '\n');
    return;
  }
  if (request && request.type === 'stop') return 'stop';
  process.stdout.write(JSON.stringify(answer(request)) + '\n');
}

function lines(line) {
  const tab = line.indexOf('\t');
  if (tab < 0) {
    process.stdout.write('\tadapter: request without a TAB\n');
    return;
  }
  const { result, error } = resolve(line.slice(0, tab), line.slice(tab + 1));
  if (error !== undefined) {
    process.stdout.write('\t' + error.replace(/[\r\n]+/g, ' ') + '\n');
  } else if (/[\r\n]/.test(result) || result.startsWith('\t')) {
    process.stdout.write('\tadapter: the result cannot be sent as a line\n');
  } else {
    process.stdout.write(result + '\n');
  }
}

const args = process.argv.slice(2);
if (args.length === 0 || (args.length === 1 && args[0] === '--jsonl')) {
  serve(jsonl);
} else if (args.length === 1 && args[0] === '--lines') {
  serve(lines);
} else if (args.length === 2) {
  const { result, error } = resolve(args[0], args[1]);
  if (error !== undefined) {
    process.stderr.write(error + '\n');
    process.exitCode = 1;
  } else {
    process.stdout.write(result + '\n');
  }
} else {
  process.stderr.write(`usage: ${NAME} [--jsonl | --lines | BASE RELATIVE]\n`);
  process.exitCode = 2;
}
