// playback.ts plays a search back: a Playback walks a Track (the visits
// and cuts of one tree, or of four trees in step) forward and back, by
// step, to a visit, to the next cut, or on its own at a chosen speed; its
// PlaybackBar is the toolbar (to the start, back, play, step, to the next
// cut, to the end, speed, visit number) that the keyboard drives too:
// Space plays or pauses, ← and → step.

import { el } from './dom';
import { t } from './i18n';

// Track is what a playback walks: moments in order.
export interface Track<M> {
  start(): M;
  end(): Promise<M>;
  next(m: M): Promise<M | null>;
  prev(m: M): Promise<M | null>;
  nextCut(m: M): Promise<M | null>;
  at(visit: number): Promise<M>; // the moment the search entered visit
  isCut(m: M): boolean; // a cut fires at m
  visit(m: M): number;
  total: number; // visits
}

// icons are the toolbar's pictures (16×16 SVG paths), drawn rather than
// taken from a font: not every font has ⏮ ⏭ ⏸.
const icons: Record<string, string> = {
  start: 'M1 2h2v12H1zM9 2v12L3 8zM15 2v12L9 8z',
  back: 'M12 2v12L4 8z',
  play: 'M4 2v12l10-6z',
  pause: 'M3 2h4v12H3zM9 2h4v12H9z',
  step: 'M2 2v12l8-6zM11 2h2v12h-2z',
  end: 'M1 2v12l6-6zM7 2v12l6-6zM13 2h2v12h-2z',
  cut: 'M2 3l8 5-8 5zM10 3h2v10h-2zM13 3h2v10h-2z',
};

function icon(name: string): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', icons[name]);
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}

// Speeds are the steps per second offered.
export const speeds = [1, 2, 5, 10, 30, 100, 300, 1000];

export class Playback<M> {
  moment: M;
  playing = false;
  speed = 5;
  pauseAtCuts = true;
  // onFrame, when set, hears how long each frame of a play took to step
  // and show (ms): the benchmark's measure of the work a frame costs.
  onFrame: ((ms: number) => void) | null = null;
  private run = 0; // the play loop's generation: a new play or a pause ends the old loop

  constructor(
    readonly track: Track<M>,
    // show is called with each new moment; state when playing starts or stops.
    private show: (m: M) => void,
    private state: () => void,
  ) {
    this.moment = track.start();
  }

  private async go(m: M | null | Promise<M | null>) {
    const to = await m;
    if (to === null) return;
    this.moment = to;
    this.show(to);
  }

  step = () => this.manual(() => this.track.next(this.moment));
  back = () => this.manual(() => this.track.prev(this.moment));
  toStart = () => this.manual(async () => this.track.start());
  toEnd = () => this.manual(() => this.track.end());
  nextCut = () => this.manual(() => this.track.nextCut(this.moment));
  jump = (visit: number) => this.manual(() => this.track.at(Math.max(0, Math.min(visit, this.track.total - 1))));

  // manual pauses and goes where f says.
  private async manual(f: () => Promise<M | null>) {
    this.pause();
    await this.go(f());
  }

  toggle() {
    if (this.playing) this.pause();
    else void this.play();
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.run++;
    this.state();
  }

  // play plays from the current moment (from the start when at the end)
  // until the end, a pause, or with pauseAtCuts (or untilCut) a cut.
  async play(untilCut = false) {
    if (this.playing) return;
    if ((await this.track.next(this.moment)) === null) await this.go(this.track.start());
    this.playing = true;
    const run = ++this.run;
    this.state();
    let last = performance.now();
    let owed = 0;
    while (this.run === run) {
      await new Promise<number>((r) => requestAnimationFrame(r));
      const now = performance.now();
      const work = () => this.onFrame?.(performance.now() - now);
      owed = Math.min(owed + ((now - last) * this.speed) / 1000, Math.max(1, this.speed / 4));
      last = now;
      let m = this.moment;
      let moved = false;
      let stop = false;
      while (owed >= 1 && this.run === run) {
        const n = await this.track.next(m);
        if (n === null) {
          stop = true;
          break;
        }
        m = n;
        moved = true;
        owed -= 1;
        if (this.track.isCut(n) && (this.pauseAtCuts || untilCut)) {
          stop = true;
          break;
        }
      }
      if (this.run !== run) return;
      if (moved) {
        this.moment = m;
        this.show(m);
      }
      work();
      if (stop) {
        this.playing = false;
        this.run++;
        this.state();
        return;
      }
    }
  }
}

// PlaybackBar is a playback's toolbar.
export class PlaybackBar<M> {
  readonly el: HTMLElement;
  private playBtn: HTMLButtonElement;
  private speedSel: HTMLSelectElement;
  private jumpInput: HTMLInputElement;
  private cutsBox: HTMLInputElement;
  private labels: Array<() => void> = [];
  private shownVisit = -1; // the visit the jump field last showed

  constructor(
    private pb: Playback<M>,
    opts: { cuts: boolean },
  ) {
    const btn = (cls: string, key: Parameters<typeof t>[0], f: () => void) => {
      const b = el('button', { type: 'button', className: 'xpb-' + cls }, icon(cls));
      this.labels.push(() => {
        b.title = t(key);
        b.setAttribute('aria-label', t(key));
      });
      b.addEventListener('click', f);
      return b;
    };
    this.playBtn = btn('play', 'playback.play', () => this.pb.toggle());
    const cutBtn = btn('cut', 'playback.nextCut', () => void this.pb.nextCut());
    cutBtn.prepend('✂');
    cutBtn.hidden = !opts.cuts;
    this.speedSel = el('select', { className: 'xpb-speed' }, ...speeds.map((s) => el('option', { value: String(s), textContent: `${s}/s`, selected: s === pb.speed })));
    this.speedSel.addEventListener('change', () => (this.pb.speed = Number(this.speedSel.value)));
    // The visit number is 1-based, as the counters are: 1 is the root.
    this.jumpInput = el('input', { type: 'number', className: 'xpb-jump', min: '1', step: '1', inputMode: 'numeric' });
    const jumpForm = el('form', { className: 'xpb-jumpform' }, this.jumpInput, el('button', { type: 'submit', className: 'xpb-go' }));
    jumpForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const v = Number(this.jumpInput.value);
      if (this.jumpInput.value.trim() !== '' && Number.isFinite(v)) void this.pb.jump(Math.round(v) - 1);
    });
    this.cutsBox = el('input', { type: 'checkbox', className: 'xpb-pausecuts', checked: pb.pauseAtCuts });
    this.cutsBox.addEventListener('change', () => (this.pb.pauseAtCuts = this.cutsBox.checked));
    const cutsLabel = el('label', { className: 'xpb-cutslabel' }, this.cutsBox, el('span'));
    cutsLabel.hidden = !opts.cuts;
    const speedLabel = el('label', { className: 'xpb-speedlabel' }, el('span'), this.speedSel);
    const jumpLabel = el('label', { className: 'xpb-jumplabel' }, el('span'), jumpForm);
    this.el = el(
      'div',
      { className: 'xpb', role: 'toolbar' },
      btn('start', 'playback.start', () => void this.pb.toStart()),
      btn('back', 'playback.back', () => void this.pb.back()),
      this.playBtn,
      btn('step', 'playback.step', () => void this.pb.step()),
      cutBtn,
      btn('end', 'playback.end', () => void this.pb.toEnd()),
      speedLabel,
      jumpLabel,
      cutsLabel,
    );
    this.labels.push(() => {
      this.el.setAttribute('aria-label', t('playback.label'));
      speedLabel.firstElementChild!.textContent = t('playback.speed') + ' ';
      jumpLabel.firstElementChild!.textContent = t('playback.jump') + ' ';
      this.jumpInput.setAttribute('aria-label', t('playback.jumpLabel'));
      jumpForm.querySelector('button')!.textContent = t('playback.go');
      cutsLabel.lastElementChild!.textContent = ' ' + t('playback.pauseAtCuts');
    });
    this.translate();
  }

  // translate sets the bar's texts in the page's language.
  translate() {
    for (const f of this.labels) f();
    this.update();
  }

  // update shows whether the playback plays, and its visit.
  update() {
    const playing = this.pb.playing;
    const label = t(playing ? 'playback.pause' : 'playback.play');
    // Drawn again only when it changes (this runs at every frame of a play).
    if (this.playBtn.getAttribute('aria-pressed') !== String(playing) || this.playBtn.title !== label) {
      this.playBtn.replaceChildren(icon(playing ? 'pause' : 'play'));
      this.playBtn.title = label;
      this.playBtn.setAttribute('aria-label', label);
      this.playBtn.setAttribute('aria-pressed', String(playing));
    }
    if (this.jumpInput.max !== String(this.pb.track.total)) this.jumpInput.max = String(this.pb.track.total);
    // The field follows the playback's visit when it moves, and keeps a
    // number being typed (or put there) until then.
    const v = this.pb.track.visit(this.pb.moment);
    if (v !== this.shownVisit && document.activeElement !== this.jumpInput) {
      this.jumpInput.value = String(v + 1);
      this.shownVisit = v;
    }
  }

  // key handles the playback's keys: Space plays or pauses, ← and → step
  // back and forward, Shift+→ goes to the next cut; except where the keys
  // mean something else (a text field, a select, the tree list, and Space
  // on a button). It returns whether it handled the key.
  key(e: KeyboardEvent): boolean {
    if (e.altKey || e.ctrlKey || e.metaKey) return false;
    const target = e.target as HTMLElement;
    if (target.closest('input, select, textarea, [role="tree"], summary')) return false;
    if (e.key === ' ' && target.closest('button')) return false;
    switch (e.key) {
      case ' ':
        this.pb.toggle();
        break;
      case 'ArrowRight':
        void (e.shiftKey ? this.pb.nextCut() : this.pb.step());
        break;
      case 'ArrowLeft':
        void this.pb.back();
        break;
      default:
        return false;
    }
    e.preventDefault();
    e.stopPropagation();
    return true;
  }
}
