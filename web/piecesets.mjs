// piecesets.mjs makes the CSS of the piece sets: for each set, a rule per
// piece that sets its image as a data: URI, under the class "pieces-NAME"
// that the page puts on <body> (and on a set's preview in the settings, which
// shows its own set whatever the page's). build.mjs serves it to the bundle
// as the module "outpost:piece-sets". The images come from npm packages,
// unchanged (docs/licences.md says whose they are and under which licence):
//
//   cburnett chessground's assets/chessground.cburnett.css (Colin M.L.
//            Burnett's, GPL-2.0-or-later), which also draws the pieces
//            before any class is set
//   merida   react-chessground's dist/images/pieces/merida/*.svg (lichess's
//            Merida by Armando Hernandez Marroquin, GPL-2.0-or-later)
//   staunty  cm-chessboard's assets/pieces/staunty.svg, one sprite with a
//            <g id="wk"> … for each piece, cut here into one SVG per piece
//            (lichess's Staunty by sadsnake1, CC BY-NC-SA 4.0)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const roles = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const colors = { w: 'white', b: 'black' };


function dataURI(svg) {
  return 'data:image/svg+xml;base64,' + Buffer.from(svg).toString('base64');
}

function rule(set, c, r, uri) {
  const piece = `piece.${roles[r]}.${colors[c]}`;
  return `.pieces-${set} .cg-wrap ${piece},.set-preview.set-preview.pieces-${set} ${piece}{background-image:url('${uri}')}\n`;
}

function cburnett(modules) {
  const css = readFileSync(join(modules, '@lichess-org/chessground/assets/chessground.cburnett.css'), 'utf8');
  let out = '';
  for (const m of css.matchAll(/\.cg-wrap piece\.(\w+)\.(\w+) \{\s*background-image: url\('([^']+)'\)/g)) {
    const r = Object.keys(roles).find((k) => roles[k] === m[1]);
    const c = Object.keys(colors).find((k) => colors[k] === m[2]);
    if (!r || !c) throw new Error(`piecesets: cburnett's ${m[1]} ${m[2]}`);
    out += rule('cburnett', c, r, m[3]);
  }
  if (out.split('\n').length !== 13) throw new Error('piecesets: cburnett does not have 12 pieces');
  return out;
}

// element returns the element of src that starts with the tag at start,
// through its matching end tag (elements of the same name may nest).
function element(src, start, name) {
  const open = new RegExp(`<${name}[\\s>]|</${name}>`, 'g');
  open.lastIndex = start + 1;
  let depth = 1;
  for (let m; (m = open.exec(src)); ) {
    depth += m[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return src.slice(start, m.index + m[0].length);
  }
  throw new Error(`piecesets: no end of the <${name}> at ${start}`);
}

function merida(modules) {
  let css = '';
  for (const c of Object.keys(colors)) {
    for (const r of Object.keys(roles)) {
      const file = join(modules, 'react-chessground/dist/images/pieces/merida', c + r.toUpperCase() + '.svg');
      css += rule('merida', c, r, dataURI(readFileSync(file, 'utf8')));
    }
  }
  return css;
}

function staunty(modules) {
  const sprite = readFileSync(join(modules, 'cm-chessboard/assets/pieces/staunty.svg'), 'utf8');
  const size = sprite.match(/viewBox="([^"]+)"/)[1];
  let css = '';
  for (const c of Object.keys(colors)) {
    for (const r of Object.keys(roles)) {
      const at = sprite.indexOf(`<g id="${c}${r}"`);
      if (at < 0) throw new Error(`piecesets: staunty has no ${c}${r}`);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${size}">${element(sprite, at, 'g')}</svg>`;
      css += rule('staunty', c, r, dataURI(svg));
    }
  }
  return css;
}

// pieceSetsCSS returns the CSS of every set, with the packages in modules
// (web/node_modules).
export function pieceSetsCSS(modules) {
  return cburnett(modules) + merida(modules) + staunty(modules);
}
