// build.mjs bundles the front end into dist/: index.html, app.js and
// app.css (the chessground board and piece images are inlined as data URIs,
// so the page loads nothing from elsewhere). The output depends only on the
// sources and the locked dependencies: no timestamps, no source maps, no
// content hashes, so a rebuild of the same tree is byte-identical and CI can
// check that the committed dist/ is up to date.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');

// Start from an empty dist/ so that a removed file does not linger.
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

await esbuild.build({
  absWorkingDir: root,
  entryPoints: { app: 'src/main.ts' },
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  outdir: dist,
  legalComments: 'eof',
  charset: 'utf8',
  sourcemap: false,
  logLevel: 'warning',
  loader: { '.svg': 'dataurl' },
});
copyFileSync(join(root, 'src', 'index.html'), join(dist, 'index.html'));

console.log('web/dist:', readdirSync(dist).sort().join(' '));
