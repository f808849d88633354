// test.mjs runs the front end's unit tests (test/*.test.ts) in Node.js: each
// file is bundled with esbuild (TypeScript to JavaScript, with what it
// imports from src/) and run by node's test runner. `npm test` runs it; so
// does `go test ./web/` (unit_test.go). The tests are of the parts that need
// no page (words, the catalogues); the browser tests cover the rest.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(join(root, 'test')).filter((f) => f.endsWith('.test.ts')).sort();
const out = mkdtempSync(join(tmpdir(), 'outpost-web-test-'));
let status = 1;
try {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: files.map((f) => join('test', f)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: out,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
    loader: { '.svg': 'dataurl', '.css': 'empty' },
  });
  const built = readdirSync(out).filter((f) => f.endsWith('.mjs')).map((f) => join(out, f));
  status = spawnSync(process.execPath, ['--test', ...built], { stdio: 'inherit' }).status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
process.exit(status);
