// movetree.ts: the analysis board's moves as a tree. Every position the
// user reaches is a node; a node's children are the moves tried from it,
// the first the main continuation and the others its variations. Playing a
// move that was played before goes to its node instead of adding one, so
// going back and playing on never loses a line. The tree reads and writes
// the server's GameTree (POST /api/pgn/read and /api/pgn/write), which is
// how it becomes PGN: the rules and the PGN live in the chess package, and
// this file only keeps what the server said.

import type { TreeMove } from './wire';

// MoveData is what the tree needs of a move: its UCI, SAN and the position
// after it.
export interface MoveData {
  uci: string;
  san: string;
  fen: string;
}

export interface TreeNode {
  // id is the path of UCI moves from the root, comma-separated ('' for
  // the root): a node's id never changes, whatever is added or removed.
  id: string;
  // ply counts half-moves from the standard start's first move: White's
  // moves have odd plies (1. e4 is ply 1), whatever position the tree
  // started from. The root's ply is that of the move before its position.
  ply: number;
  uci: string; // '' for the root
  san: string;
  fen: string; // the position after the move (the root's: the start)
  parent: TreeNode | null;
  children: TreeNode[]; // children[0] continues the main line
  comment: string;
  nags: number[];
}

// plyOfFEN is the ply of the move before fen's position: 0 for the start,
// 1 after White's first move.
export function plyOfFEN(fen: string): number {
  const f = fen.split(' ');
  const full = Math.max(1, Number(f[5]) || 1);
  return (full - 1) * 2 + (f[1] === 'b' ? 1 : 0);
}

// moveNumber says how a move is numbered: "12." for White's twelfth move,
// "12…" for Black's.
export function moveNumber(node: TreeNode): string {
  const n = Math.ceil(node.ply / 2);
  return node.ply % 2 === 1 ? n + '.' : n + '…';
}

export class MoveTree {
  readonly root: TreeNode;
  private byId = new Map<string, TreeNode>();

  constructor(fen: string) {
    this.root = { id: '', ply: plyOfFEN(fen), uci: '', san: '', fen, parent: null, children: [], comment: '', nags: [] };
    this.byId.set('', this.root);
  }

  // get returns the node of an id, if the tree has it.
  get(id: string): TreeNode | undefined {
    return this.byId.get(id);
  }

  // add plays a move from parent: its node, new (the last variation when
  // parent had moves) or the one played before.
  add(parent: TreeNode, m: MoveData): TreeNode {
    const old = parent.children.find((c) => c.uci === m.uci);
    if (old) return old;
    const id = parent.id ? parent.id + ',' + m.uci : m.uci;
    const node: TreeNode = { id, ply: parent.ply + 1, uci: m.uci, san: m.san, fen: m.fen, parent, children: [], comment: '', nags: [] };
    parent.children.push(node);
    this.byId.set(id, node);
    return node;
  }

  // addLine plays moves one after the other from parent and returns the
  // node of the last (parent when there are none).
  addLine(parent: TreeNode, moves: MoveData[]): TreeNode {
    let n = parent;
    for (const m of moves) n = this.add(n, m);
    return n;
  }

  // path returns the nodes from the root's first move to node.
  path(node: TreeNode): TreeNode[] {
    const out: TreeNode[] = [];
    for (let n: TreeNode | null = node; n && n.parent; n = n.parent) out.push(n);
    return out.reverse();
  }

  // moves returns the moves (UCI) from the root to node.
  moves(node: TreeNode): string[] {
    return this.path(node).map((n) => n.uci);
  }

  // mainline returns the main continuation after node: its first child,
  // that one's first child, and so on.
  mainline(node: TreeNode = this.root): TreeNode[] {
    const out: TreeNode[] = [];
    for (let n = node.children[0]; n; n = n.children[0]) out.push(n);
    return out;
  }

  // onMainline says whether node is on the root's main line.
  onMainline(node: TreeNode): boolean {
    for (let n: TreeNode | null = node; n && n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  // promote makes node's line the main one where it branched off (the
  // nearest place where it is not the first move); a node on the main
  // line stays.
  promote(node: TreeNode) {
    for (let n: TreeNode | null = node; n && n.parent; n = n.parent) {
      const siblings = n.parent.children;
      const i = siblings.indexOf(n);
      if (i > 0) {
        siblings.splice(i, 1);
        siblings.unshift(n);
        return;
      }
    }
  }

  // remove deletes node and every move after it; the root stays.
  remove(node: TreeNode) {
    if (!node.parent) return;
    const siblings = node.parent.children;
    siblings.splice(siblings.indexOf(node), 1);
    const forget = (n: TreeNode) => {
      this.byId.delete(n.id);
      n.children.forEach(forget);
    };
    forget(node);
  }

  // load adds the moves of a GameTree's line (with their variations) from
  // parent, the main line first.
  load(moves: TreeMove[], parent: TreeNode = this.root) {
    let n = parent;
    for (const m of moves) {
      const child = this.add(n, { uci: m.uci, san: m.san ?? m.uci, fen: m.fen ?? '' });
      child.comment = m.comment ?? '';
      child.nags = m.nags ?? [];
      for (const v of m.variations ?? []) this.load(v, n);
      n = child;
    }
  }

  // data returns the tree's moves as a GameTree's: the main line from
  // node, each move with the variations that branch off before it.
  data(node: TreeNode = this.root): TreeMove[] {
    const out: TreeMove[] = [];
    for (let n = node.children[0]; n; n = n.children[0]) out.push(this.moveData(n, n.parent!.children.slice(1)));
    return out;
  }

  // moveData is one move of data(), its variations those of others.
  private moveData(n: TreeNode, others: TreeNode[]): TreeMove {
    const m: TreeMove = { uci: n.uci };
    if (n.comment) m.comment = n.comment;
    if (n.nags.length) m.nags = n.nags;
    if (others.length) m.variations = others.map((v) => [this.moveData(v, []), ...this.data(v)]);
    return m;
  }
}
