// explain.ts is the search explorer ("Explain"): for a position (the one
// shown on the board, or a FEN pasted in) it asks the server to run the
// tutorials' searches (POST /api/explain) and shows the tree one searched as
// an interactive tree, loading a node's children only when it is opened
// (GET /api/explain/{id}/node), so a tree of a million nodes never reaches
// the page at once. Beside it: a small board that follows the node under the
// pointer, the comparison of methods, the evaluation term by term, and the
// engine's candidate moves.
//
// The tree is a WAI-ARIA tree view: one tab stop (a roving tabindex), ↑/↓
// between the visible moves, → opens a move (loading its children) or goes
// to its first child, ← closes it or goes to its parent, Home/End, and
// Enter/Space select the move (the small board shows it, with its details).

import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { request } from './api';
import { el } from './dom';
import { t } from './i18n';
import { fewerText } from './words';
import './explain.css';

interface ScoreView {
  cp: number;
  mate?: number;
  text: string;
}

interface Pruned {
  san: string;
  uci: string;
  nodes: number;
}

interface Cut {
  alpha: ScoreView;
  beta: ScoreView;
  skipped: number;
  saved: number;
  pruned: Pruned[];
}

interface NodeView {
  path: string;
  san?: string;
  uci?: string;
  fen: string;
  ply: number;
  turn: string;
  kind: string;
  score: ScoreView;
  white: ScoreView;
  alpha?: ScoreView;
  beta?: ScoreView;
  cut?: Cut;
  pv: boolean;
  order: number;
  legal: number;
  searched: number;
  size: number;
  children?: NodeView[];
  more?: number;
}

interface Stats {
  method: string;
  label: string;
  nodes: number;
  timeMs: number;
  white: ScoreView;
  best: string;
  complete: boolean;
  note?: string;
}

interface Report {
  id: string;
  fen: string;
  turn: string;
  depth: number;
  method: string;
  comparison: Stats[];
  classic: {
    pieces: Array<{ square: string; piece: string; material: number; pst: number; signed: number; endgame?: boolean }>;
    material: number;
    pst: number;
    total: number;
  };
  main: {
    phase: number;
    maxPhase: number;
    scale: number;
    total: number;
    terms: Array<{ name: string; mover: number; opponent: number; net: number }>;
  };
  candidates: Array<{ rank: number; san: string; white: ScoreView; depth: number; line: string[] }>;
  root: NodeView;
  treeNodes: number;
}

const startFEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const fmt = (n: number) => n.toLocaleString('en-US');
const cp = (n: number) => (n > 0 ? '+' : '') + (n / 100).toFixed(2);

// ExplainPanel is the dialog; one per page (see openExplain).
export class ExplainPanel {
  private dlg: HTMLDialogElement;
  private board: Api | null = null;
  private id = '';
  private fenInput: HTMLInputElement;
  private depth: HTMLSelectElement;
  private method: HTMLSelectElement;
  private status: HTMLElement;
  private body: HTMLElement;
  private boardEl: HTMLElement;
  private caption: HTMLElement;
  private rootFEN = startFEN;
  // tree is the rendered tree; current is its one tabbable item (the roving
  // tabindex), selected the item chosen with a click, Enter or Space, and
  // showSelected puts the selected item back on the small board.
  private tree: HTMLElement | null = null;
  private current: HTMLElement | null = null;
  private selected: HTMLElement | null = null;
  private showSelected: (() => void) | null = null;
  private rows = 0;
  // toggles opens or closes an item that has children (what its ▸ does).
  private toggles = new WeakMap<HTMLElement, () => Promise<void>>();

  constructor() {
    this.fenInput = el('input', { id: 'explain-fen', type: 'text', spellcheck: false, placeholder: startFEN });
    this.fenInput.setAttribute('aria-label', 'Position (FEN)');
    this.depth = el('select', { id: 'explain-depth' }, ...[1, 2, 3, 4].map((d) => el('option', { value: String(d), textContent: `${d} ${d === 1 ? 'ply' : 'plies'}`, selected: d === 3 })));
    this.method = el(
      'select',
      { id: 'explain-method' },
      el('option', { value: 'alphabeta', textContent: 'alpha-beta, random order (the tutorials)' }),
      el('option', { value: 'ordered', textContent: 'alpha-beta, captures first' }),
      el('option', { value: 'minimax', textContent: 'minimax (no pruning)' }),
    );
    const go = el('button', { type: 'submit', id: 'explain-go', className: 'primary', textContent: 'Explain' });
    const close = el('button', { type: 'button', id: 'explain-close', textContent: 'Close' });
    const form = el(
      'form',
      { id: 'explain-form', className: 'explain-form' },
      el('label', {}, 'Position ', this.fenInput),
      el('label', {}, 'Depth ', this.depth),
      el('label', {}, 'Tree of ', this.method),
      go,
      close,
    );
    this.status = el('p', { id: 'explain-status', className: 'explain-status' });
    this.status.setAttribute('aria-live', 'polite');
    this.boardEl = el('div', { id: 'explain-board', className: 'explain-board cg-wrap' });
    this.caption = el('p', { id: 'explain-caption', className: 'explain-caption' });
    this.body = el('div', { id: 'explain-body', className: 'explain-main' });
    this.dlg = el(
      'dialog',
      { id: 'dlg-explain', className: 'explain' },
      el('h2', { textContent: 'See the AI think' }),
      form,
      this.status,
      el('div', { className: 'explain-cols' }, el('div', { className: 'explain-side' }, this.boardEl, this.caption), this.body),
    );
    this.dlg.setAttribute('aria-label', 'Search explorer');
    document.body.append(this.dlg);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.run();
    });
    close.addEventListener('click', () => this.dlg.close());
  }

  // open shows the panel for fen and explains it.
  open(fen: string) {
    this.fenInput.value = fen || startFEN;
    if (!this.dlg.open) this.dlg.showModal();
    if (!this.board) {
      this.board = Chessground(this.boardEl, { viewOnly: true, coordinates: false, fen: this.fenInput.value, animation: { enabled: false } });
    }
    this.show(this.fenInput.value, 'the position');
    void this.run();
  }

  // show puts fen on the small board.
  private show(fen: string, what: string, lastMove?: string) {
    this.boardEl.dataset.fen = fen;
    this.caption.textContent = what;
    const lm = lastMove ? ([lastMove.slice(0, 2), lastMove.slice(2, 4)] as Key[]) : undefined;
    this.board?.set({ fen, lastMove: lm, orientation: this.rootFEN.split(' ')[1] === 'b' ? 'black' : 'white' });
  }

  private async run() {
    const fen = this.fenInput.value.trim() || startFEN;
    this.status.textContent = 'Searching… (minimax at depth 4 takes a few seconds)';
    this.dlg.dataset.state = 'busy';
    try {
      const r = await request<Report>('POST', '/api/explain', { fen, depth: Number(this.depth.value), method: this.method.value });
      this.id = r.id;
      this.rootFEN = r.fen;
      this.render(r);
      this.status.textContent = `${r.turn === 'white' ? 'White' : 'Black'} to move. The tree of ${labelOf(r)} visited ${fmt(r.treeNodes)} positions.`;
      this.show(r.fen, 'the position');
      this.dlg.dataset.state = 'ready';
    } catch (e) {
      this.status.textContent = 'Cannot explain: ' + (e as Error).message;
      this.dlg.dataset.state = 'error';
    }
  }

  private render(r: Report) {
    const tree = el('ul', { id: 'explain-tree', className: 'xtree' });
    tree.setAttribute('role', 'tree');
    tree.setAttribute('aria-label', 'The tree searched');
    this.tree = tree;
    this.current = null;
    this.selected = null;
    this.showSelected = null;
    const root = this.item(r.root, 1, true);
    tree.append(root);
    this.setCurrent(root, false);
    tree.addEventListener('keydown', (e) => this.key(e));
    // When the pointer leaves the tree, the board goes back to the selection.
    tree.addEventListener('mouseleave', () => this.showSelected?.());
    this.body.replaceChildren(
      el('h3', { textContent: 'The tree' }),
      el('p', {
        className: 'explain-help',
        textContent:
          'Each move with its score (White\'s view) and the positions searched below it. Highlighted: the principal variation. ✂: alpha-beta cut the remaining moves off (α and β from the side to move\'s view). Open a move with ▸; point at one to see it on the board. Keyboard: ↑/↓ move, → opens, ← closes, Enter shows the move.',
      }),
      tree,
      el('h3', { textContent: 'What each idea buys' }),
      this.compare(r),
      el('h3', { textContent: t(r.turn === 'black' ? 'explain.evalBlack' : 'explain.evalWhite') }),
      this.evaluation(r),
      el('h3', { textContent: 'Candidate moves (full engine)' }),
      el(
        'ol',
        { id: 'explain-candidates', className: 'explain-cands' },
        ...r.candidates.map((c) => el('li', {}, el('b', { textContent: c.san }), ` ${c.white.text}  `, el('span', { className: 'line', textContent: c.line.join(' ') }))),
      ),
    );
  }

  // item returns the tree item of node n at level (the root is 1), its
  // children listed if given.
  private item(n: NodeView, level: number, isRoot = false): HTMLLIElement {
    const li = el('li', { className: 'xnode' + (n.pv ? ' pv' : '') + (n.cut ? ' cut' : ''), tabIndex: -1 });
    li.dataset.path = n.path;
    li.setAttribute('role', 'treeitem');
    li.setAttribute('aria-level', String(level));
    li.setAttribute('aria-selected', 'false');
    const canOpen = n.kind === 'inner' && n.searched > 0;
    // The toggle is for the pointer: the keyboard opens with → and
    // aria-expanded tells assistive technology, so it is neither a tab stop
    // nor read out.
    const toggle = el('button', { type: 'button', className: 'xtoggle', textContent: canOpen ? '▸' : '·', disabled: !canOpen, tabIndex: -1 });
    toggle.setAttribute('aria-hidden', 'true');
    const label = isRoot ? 'Position' : (n.turn === 'black' ? '' : '…') + n.san;
    const row = el(
      'div',
      { className: 'xrow', id: `xrow-${++this.rows}` },
      toggle,
      el('span', { className: 'xsan', textContent: label }),
      el('span', { className: 'xscore', textContent: n.white.text }),
      el('span', { className: 'xmeta', textContent: this.meta(n) }),
    );
    if (n.cut) {
      const c = n.cut;
      // The pruned moves are also in the selected move's details (select),
      // so the summary is for the pointer only.
      const summary = el('summary', { textContent: cutText(c), tabIndex: -1 });
      const cut = el('details', { className: 'xcut' }, summary);
      cut.append(el('span', { className: 'xpruned', textContent: prunedText(c) }));
      row.append(cut);
    }
    li.setAttribute('aria-labelledby', row.id);
    const what = isRoot ? 'the position' : `after ${n.path.split(',').length} plies: ${n.san} (${n.white.text})`;
    row.addEventListener('mouseenter', () => this.show(n.fen, what, n.uci));
    // A click on the row selects the move, as Enter does; one on ▸ only
    // opens it. Either makes it the tree's tab stop.
    row.addEventListener('click', (e) => {
      this.setCurrent(li, true);
      if (!(e.target as HTMLElement).closest('.xtoggle')) this.select(li, n, what);
    });
    li.append(row);
    if (canOpen) {
      const kids = el('ul', { className: 'xkids' });
      kids.setAttribute('role', 'group');
      li.append(kids);
      li.setAttribute('aria-expanded', 'false');
      this.toggles.set(li, () => this.toggle(li, toggle, kids, level));
      toggle.addEventListener('click', () => void this.toggle(li, toggle, kids, level));
      if (n.children) {
        this.fill(kids, n, level + 1);
        li.setAttribute('aria-expanded', 'true');
        toggle.textContent = '▾';
      }
    }
    return li;
  }

  // select makes li (node n) the selected item: aria-selected, and the
  // small board shows its position with its details until another is
  // selected (pointing at moves shows them only while the pointer is there).
  private select(li: HTMLElement, n: NodeView, what: string) {
    if (this.selected && this.selected !== li) this.selected.setAttribute('aria-selected', 'false');
    this.selected = li;
    li.setAttribute('aria-selected', 'true');
    const details = [what, this.meta(n)];
    if (n.cut) details.push(`${cutText(n.cut)}: ${prunedText(n.cut)}`);
    this.showSelected = () => this.show(n.fen, details.join(' · '), n.uci);
    this.showSelected();
  }

  // setCurrent makes li the tree's one tabbable item (the roving tabindex)
  // and, if focus, focuses it.
  private setCurrent(li: HTMLElement, focus: boolean) {
    if (this.current && this.current !== li) this.current.tabIndex = -1;
    this.current = li;
    li.tabIndex = 0;
    if (focus) {
      li.focus({ preventScroll: true });
      (li.querySelector(':scope > .xrow, :scope > .xmore') ?? li).scrollIntoView({ block: 'nearest' });
    }
  }

  // visible lists the tree items not inside a closed item, in order.
  private visible(): HTMLElement[] {
    if (!this.tree) return [];
    const items = [...this.tree.querySelectorAll<HTMLElement>('li[role="treeitem"]')];
    return items.filter((li) => !li.parentElement?.closest('li[aria-expanded="false"]'));
  }

  // key is the tree's keyboard handler (the WAI-ARIA tree view pattern).
  // The keys it handles stop here, so the page's own shortcuts (← and → step
  // through the game's moves) do not see them.
  private key(e: KeyboardEvent) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const li = (e.target as HTMLElement).closest<HTMLElement>('li[role="treeitem"]');
    if (!li || !this.tree?.contains(li)) return;
    const items = this.visible();
    const i = items.indexOf(li);
    const expanded = li.getAttribute('aria-expanded');
    const go = (to: HTMLElement | undefined) => to && this.setCurrent(to, true);
    switch (e.key) {
      case 'ArrowDown':
        go(items[i + 1]);
        break;
      case 'ArrowUp':
        go(items[i - 1]);
        break;
      case 'Home':
        go(items[0]);
        break;
      case 'End':
        go(items[items.length - 1]);
        break;
      case 'ArrowRight':
        if (expanded === 'false') void this.toggles.get(li)?.();
        else if (expanded === 'true') go(li.querySelector<HTMLElement>(':scope > ul > li[role="treeitem"]') ?? undefined);
        break;
      case 'ArrowLeft':
        if (expanded === 'true') void this.toggles.get(li)?.();
        else go(li.parentElement?.closest<HTMLElement>('li[role="treeitem"]') ?? undefined);
        break;
      case 'Enter':
      case ' ':
        (li.querySelector<HTMLElement>(':scope > .xrow, :scope > .xmore') ?? li).click();
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  private meta(n: NodeView): string {
    const parts: string[] = [];
    if (n.kind === 'mate') parts.push('checkmate');
    else if (n.kind === 'stalemate') parts.push('stalemate');
    else if (n.kind === 'draw') parts.push('draw');
    else if (n.kind === 'leaf') parts.push('evaluated');
    else parts.push(`${fmt(n.size)} nodes, ${n.searched}/${n.legal} moves`);
    if (n.alpha && n.beta) parts.push(`α=${n.alpha.text} β=${n.beta.text}`);
    return parts.join(' · ');
  }

  // fill lists n's children (at level) in kids, and an item that loads the
  // rest if the server sent only the first ones.
  private fill(kids: HTMLElement, n: NodeView, level: number) {
    kids.replaceChildren(...(n.children ?? []).map((c) => this.item(c, level)));
    if (n.more) {
      const more = el('button', { type: 'button', className: 'xmore', textContent: `${n.more} more…`, tabIndex: -1 });
      const li = el('li', { className: 'xnode', tabIndex: -1 }, more);
      li.setAttribute('role', 'treeitem');
      li.setAttribute('aria-level', String(level));
      li.setAttribute('aria-selected', 'false');
      more.addEventListener('click', () => void this.load(kids, n.path, 256, level));
      kids.append(li);
    }
  }

  // load fetches the children of the node at path into kids. If the focus
  // or the roving tabindex was on an item being replaced (the "more…" item),
  // it goes to the item now in its place, else to the parent.
  private async load(kids: HTMLElement, path: string, limit: number, level: number) {
    const items = [...kids.children];
    const had = this.current && kids.contains(this.current) ? items.indexOf(this.current) : -1;
    const focused = !!document.activeElement && kids.contains(document.activeElement);
    kids.replaceChildren(el('li', { className: 'xnode', textContent: 'Loading…' }));
    kids.setAttribute('aria-busy', 'true');
    try {
      const n = await request<NodeView>('GET', `/api/explain/${this.id}/node?path=${encodeURIComponent(path)}&limit=${limit}`);
      this.fill(kids, n, level);
    } catch (e) {
      kids.replaceChildren(el('li', { className: 'xnode', textContent: 'Cannot load: ' + (e as Error).message }));
    }
    kids.removeAttribute('aria-busy');
    if (had >= 0) {
      const now = kids.querySelectorAll<HTMLElement>(':scope > li[role="treeitem"]');
      const to = now[Math.min(had, now.length - 1)] ?? kids.parentElement?.closest<HTMLElement>('li[role="treeitem"]');
      if (to) this.setCurrent(to, focused);
    }
  }

  private async toggle(li: HTMLLIElement, toggle: HTMLButtonElement, kids: HTMLElement, level: number) {
    const open = li.getAttribute('aria-expanded') === 'true';
    li.setAttribute('aria-expanded', String(!open));
    toggle.textContent = open ? '▸' : '▾';
    // Closing the item that holds the focus or the tab stop moves it here.
    if (open && this.current && kids.contains(this.current)) this.setCurrent(li, !!document.activeElement && kids.contains(document.activeElement));
    if (!open && kids.childElementCount === 0) await this.load(kids, li.dataset.path ?? '', 30, level + 1);
  }

  private compare(r: Report): HTMLElement {
    const minimax = r.comparison.find((s) => s.method === 'minimax');
    return el(
      'table',
      { id: 'explain-compare', className: 'xtable' },
      el('thead', {}, el('tr', {}, ...['method', 'positions', 'time', 'score', 'best move', 'vs minimax'].map((h) => el('th', { textContent: h })))),
      el(
        'tbody',
        {},
        ...r.comparison.map((s) => {
          const ratio = minimax && minimax.complete && s.nodes > 0 ? fewerText(minimax.nodes, s.nodes) : '';
          const tr = el(
            'tr',
            {},
            el('td', { textContent: s.label }),
            el('td', { className: 'num', textContent: fmt(s.nodes) }),
            el('td', { className: 'num', textContent: `${s.timeMs.toFixed(1)} ms` }),
            el('td', { className: 'num', textContent: s.complete ? s.white.text : '–' }),
            el('td', { textContent: s.complete ? s.best : s.note ?? '' }),
            el('td', { className: 'num', textContent: s.method === 'minimax' ? '' : ratio }),
          );
          tr.dataset.method = s.method;
          if (s.method === r.method) tr.className = 'shown';
          return tr;
        }),
      ),
    );
  }

  private evaluation(r: Report): HTMLElement {
    const c = r.classic;
    const classic = el(
      'table',
      { id: 'explain-classic', className: 'xtable' },
      el('caption', { textContent: `Classic evaluator (the tutorials): material ${cp(c.material)}, squares ${cp(c.pst)}, total ${cp(c.total)}` }),
      el('thead', {}, el('tr', {}, ...['piece', 'square', 'material', 'square bonus', 'counts'].map((h) => el('th', { textContent: h })))),
      el(
        'tbody',
        {},
        ...c.pieces.map((p) =>
          el(
            'tr',
            {},
            el('td', { textContent: p.piece }),
            el('td', { textContent: p.square }),
            el('td', { className: 'num', textContent: /[kK]/.test(p.piece) ? '–' : String(p.material) }),
            el('td', { className: 'num', textContent: String(p.pst) + (p.endgame ? ' (endgame table)' : '') }),
            el('td', { className: 'num', textContent: (p.signed > 0 ? '+' : '') + p.signed }),
          ),
        ),
      ),
    );
    const m = r.main;
    const main = el(
      'table',
      { id: 'explain-mainterms', className: 'xtable' },
      el('caption', { textContent: `Outpost's evaluator (phase ${m.phase}/${m.maxPhase}${m.scale !== 64 ? `, scaled ${m.scale}/64` : ''}): total ${cp(m.total)}` }),
      el('thead', {}, el('tr', {}, ...['term', 'side to move', 'opponent', 'net'].map((h) => el('th', { textContent: h })))),
      el(
        'tbody',
        {},
        ...m.terms.map((t) => el('tr', {}, el('td', { textContent: t.name }), el('td', { className: 'num', textContent: String(t.mover) }), el('td', { className: 'num', textContent: String(t.opponent) }), el('td', { className: 'num', textContent: cp(t.net) }))),
      ),
    );
    return el('div', { className: 'explain-evals' }, classic, main);
  }
}

function cutText(c: Cut): string {
  return `✂ cut at α=${c.alpha.text} β=${c.beta.text} · saved ${fmt(c.saved)} nodes · ${c.skipped} moves pruned`;
}

function prunedText(c: Cut): string {
  return c.pruned.map((p) => `${p.san} (${fmt(p.nodes)})`).join(', ');
}

function labelOf(r: Report): string {
  return r.comparison.find((s) => s.method === r.method)?.label ?? r.method;
}

let panel: ExplainPanel | null = null;

// openExplain opens the search explorer on fen (the start position if empty).
export function openExplain(fen: string) {
  panel ??= new ExplainPanel();
  panel.open(fen);
}
