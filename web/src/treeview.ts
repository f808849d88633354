// treeview.ts draws the analysis board's move tree as lichess's analysis
// page does: the main line in rows of two moves, and where a move has
// variations (the lines played instead of it) or a comment, the row breaks
// for them, each variation on a line of its own with the variations inside
// it in parentheses. Every move is a button carrying its node's id.

import { el } from './dom';
import { moveNumber } from './movetree';
import type { MoveTree, TreeNode } from './movetree';

// Decoration is how a move is marked: its glyph ("??", "!") and a class
// for its colour ("j-blunder").
export interface Decoration {
  glyph: string;
  cls: string;
}

// nagGlyphs are the move marks of PGN's glyphs $1 to $6.
const nagGlyphs: Record<number, string> = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };

// nagDecoration is the mark of a move's PGN glyphs (the first move mark).
export function nagDecoration(n: TreeNode): Decoration | null {
  for (const g of n.nags) if (nagGlyphs[g]) return { glyph: nagGlyphs[g], cls: 'nag' };
  return null;
}

// commentText is a PGN comment as people read it: without the commands of
// programs ([%eval 0.35], [%clk 0:03:00]).
export function commentText(c: string): string {
  return c.replace(/\[%[^\]]*\]/g, '').replace(/\s+/g, ' ').trim();
}

export interface TreeViewOptions {
  current: TreeNode;
  decorate: (n: TreeNode) => Decoration | null;
  label: (n: TreeNode) => string; // the move in words, for screen readers
  result: string; // the game's result after the main line, or ''
}

// renderTree fills box with the tree's moves and scrolls the current one
// into view.
export function renderTree(box: HTMLElement, tree: MoveTree, o: TreeViewOptions) {
  const move = (n: TreeNode, inline: boolean) => {
    const d = o.decorate(n);
    const b = el('button', {
      type: 'button',
      className: 'move an-move' + (inline ? ' inline' : '') + (n === o.current ? ' current' : '') + (d ? ' ' + d.cls : ''),
    });
    b.append(n.san);
    if (d?.glyph) b.append(el('span', { className: 'an-glyph', textContent: d.glyph }));
    b.dataset.id = n.id;
    b.setAttribute('aria-label', o.label(n) + (d?.glyph ? ' ' + d.glyph : ''));
    if (n === o.current) b.setAttribute('aria-current', 'step');
    return b;
  };
  const comment = (n: TreeNode) => {
    const c = commentText(n.comment);
    return c ? el('span', { className: 'an-comment', textContent: c }) : null;
  };

  // line writes a variation from its first move v inline, with the
  // variations inside it in parentheses.
  const line = (v: TreeNode): HTMLElement[] => {
    const out: HTMLElement[] = [];
    let number = true;
    for (let n: TreeNode | undefined = v; n; n = n.children[0]) {
      if (number || n.ply % 2 === 1) out.push(el('span', { className: 'an-num', textContent: moveNumber(n) }));
      out.push(move(n, true));
      const c = comment(n);
      if (c) out.push(c);
      number = !!c;
      const alts = n === v ? [] : n.parent!.children.slice(1);
      for (const a of alts) out.push(el('span', { className: 'an-sub' }, '(', ...line(a), ')'));
      if (alts.length) number = true;
    }
    return out;
  };

  const rows: HTMLElement[] = [];
  let row: HTMLElement | null = null;
  for (const n of tree.mainline()) {
    const white = n.ply % 2 === 1;
    if (white || !row) {
      row = el('div', { className: 'move-row an-row' }, el('span', { className: 'num', textContent: String(Math.ceil(n.ply / 2)) + '.' }));
      if (!white) row.append(el('span', { className: 'move an-move empty', textContent: '…' }));
      rows.push(row);
    }
    row.append(move(n, false));
    const c = comment(n);
    const alts = n.parent!.children.slice(1);
    if (c || alts.length) {
      if (white) row.append(el('span', { className: 'move an-move empty', textContent: '…' }));
      const box = el('div', { className: 'an-vars' });
      if (c) box.append(el('div', { className: 'an-var' }, c));
      for (const a of alts) box.append(el('div', { className: 'an-var' }, ...line(a)));
      rows.push(box);
      row = null;
    } else if (!white) {
      row = null;
    }
  }
  const first = commentText(tree.root.comment);
  if (first) rows.unshift(el('div', { className: 'an-vars' }, el('div', { className: 'an-var' }, el('span', { className: 'an-comment', textContent: first }))));
  if (o.result) rows.push(el('div', { className: 'move-result', textContent: o.result }));
  box.replaceChildren(...rows);
  const cur = box.querySelector<HTMLElement>('.an-move.current');
  if (cur) {
    const top = cur.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - cur.offsetHeight) {
      box.scrollTop = top - box.clientHeight / 2;
    }
  }
}
