// The protocol loop of the Node.js adapters in adapters/ (node-url-resolve,
// node-whatwg-url, npm-whatwg-url): the three protocols of docs/adapters.md,
// so that each adapter file holds only the call of its library. An adapter
// requires this file by its path relative to the adapter (require resolves
// it from the adapter's own directory) and hands it its name, the spec it
// claims, its library's version and its call:
//
//     const { run } = require('./rfc1808-adapter.js');
//     run({
//       name: 'node-url-resolve',
//       spec: 'none claimed (legacy Node.js url API)',
//       version: () => process.versions.node,
//       resolve: (base, relative) => url.resolve(base, relative),
//     });
//
// An adapter whose library also parses a URL with no base (`new URL(input)`)
// gives `parse: (input) => ...` too: the handshake then offers parse
// requests, the web-platform tests' entries without a base.
//
// Needs only Node.js. docs/adapters.md has the same loop as one file to
// copy, for an adapter kept outside this repository.
'use strict';

const readline = require('node:readline');

// `base` is null for a parse request.
function resolve(adapter, base, relative) {
  try {
    return { result: base === null ? adapter.parse(relative) : adapter.resolve(base, relative) };
  } catch (e) {
    // Any exception is the library declining the case.
    return { error: `${e && e.name}: ${e && e.message}` };
  }
}

function answer(adapter, request) {
  const id = request && typeof request === 'object' && 'id' in request ? request.id : null;
  const kind = request && typeof request === 'object' ? request.type : undefined;
  if (kind === 'start') {
    const started = {
      type: 'started',
      version: 1,
      name: adapter.name,
      implementation_version: adapter.version(),
      language: 'javascript',
      spec: adapter.spec,
    };
    if (adapter.parse) started.parse = true;
    return started;
  }
  if (kind === 'resolve') {
    if (typeof request.base !== 'string' || typeof request.relative !== 'string') {
      return { id, error: 'adapter: base and relative must be strings' };
    }
    return { id, ...resolve(adapter, request.base, request.relative) };
  }
  if (kind === 'parse' && adapter.parse) {
    if (typeof request.input !== 'string') {
      return { id, error: 'adapter: input must be a string' };
    }
    return { id, ...resolve(adapter, null, request.input) };
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

function jsonl(adapter, line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (e) {
    process.stdout.write(JSON.stringify({ id: null, error: `adapter: bad request: ${e.message}` }) + '\n');
    return;
  }
  if (request && request.type === 'stop') return 'stop';
  process.stdout.write(JSON.stringify(answer(adapter, request)) + '\n');
}

function lines(adapter, line) {
  const tab = line.indexOf('\t');
  if (tab < 0) {
    process.stdout.write('\tadapter: request without a TAB\n');
    return;
  }
  const { result, error } = resolve(adapter, line.slice(0, tab), line.slice(tab + 1));
  if (error !== undefined) {
    process.stdout.write('\t' + error.replace(/[\r\n]+/g, ' ') + '\n');
  } else if (/[\r\n]/.test(result) || result.startsWith('\t')) {
    process.stdout.write('\tadapter: the result cannot be sent as a line\n');
  } else {
    process.stdout.write(result + '\n');
  }
}

// Serves the protocol the arguments select. `adapter.version()` is asked at
// each handshake; what `adapter.resolve(base, relative)` throws is the
// library's rejection, reported with the error's name.
function run(adapter) {
  const args = process.argv.slice(2);
  if (args.length === 0 || (args.length === 1 && args[0] === '--jsonl')) {
    serve((line) => jsonl(adapter, line));
  } else if (args.length === 1 && args[0] === '--lines') {
    serve((line) => lines(adapter, line));
  } else if (args.length === 2) {
    const { result, error } = resolve(adapter, args[0], args[1]);
    if (error !== undefined) {
      process.stderr.write(error + '\n');
      process.exitCode = 1;
    } else {
      process.stdout.write(result + '\n');
    }
  } else {
    process.stderr.write(`usage: ${adapter.name} [--jsonl | --lines | BASE RELATIVE]\n`);
    process.exitCode = 2;
  }
}

module.exports = { run };
