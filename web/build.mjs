// build.mjs bundles the front end into dist/: index.html, favicon.svg, app.js
// and app.css (the chessground board and piece images are inlined as data URIs,
// so the page loads nothing from elsewhere). The output depends only on the
// sources and the locked dependencies: no timestamps, no source maps, no
// content hashes, so a rebuild of the same tree is byte-identical and CI can
// check that the committed dist/ is up to date.
import * as esbuild from 'esbuild';
import { pieceSetsCSS } from './piecesets.mjs';
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
  plugins: [
    {
      // "outpost:piece-sets" is the CSS of the piece sets (piecesets.mjs).
      name: 'piece-sets',
      setup(build) {
        build.onResolve({ filter: /^outpost:piece-sets$/ }, (a) => ({ path: a.path, namespace: 'outpost' }));
        build.onLoad({ filter: /.*/, namespace: 'outpost' }, () => ({
          contents: pieceSetsCSS(join(root, 'node_modules')),
          loader: 'css',
        }));
      },
    },
  ],
});
for (const f of ['index.html', 'favicon.svg']) copyFileSync(join(root, 'src', f), join(dist, f));

console.log('web/dist:', readdirSync(dist).sort().join(' '));
