// sound.ts makes the game's sounds with WebAudio (no sound files) and speaks
// with the browser's speech synthesis, in the page's language: with a zh-CN
// voice in Chinese where the browser has one, else in English (the settings
// say so: hasVoice). One mute switch silences both; it and the voice switch
// are remembered in localStorage.

import { lang, locale, tIn } from './i18n';
import type { Lang, MessageKey } from './i18n';

export type SoundKind = 'move' | 'capture' | 'check' | 'castle' | 'end' | 'tick';

const muteKey = 'outpost.muted';
const voiceKey = 'outpost.voice';

function load(key: string, dflt: boolean): boolean {
  try {
    const v = localStorage.getItem(key);
    return v === null ? dflt : v === '1';
  } catch {
    return dflt;
  }
}

function save(key: string, v: boolean) {
  try {
    localStorage.setItem(key, v ? '1' : '0');
  } catch {
    /* ignore */
  }
}

export class Sound {
  muted = load(muteKey, false);
  voice = load(voiceKey, false);
  private ctx: AudioContext | null = null;

  setMuted(m: boolean) {
    this.muted = m;
    save(muteKey, m);
    if (m && 'speechSynthesis' in window) window.speechSynthesis.cancel();
  }

  setVoice(v: boolean) {
    this.voice = v;
    save(voiceKey, v);
  }

  // unlock creates the audio context inside a user gesture, as browsers
  // require before they make a sound.
  unlock() {
    if (this.muted) return;
    const c = this.context();
    if (c && c.state === 'suspended') void c.resume().catch(() => undefined);
  }

  private context(): AudioContext | null {
    if (this.ctx) return this.ctx;
    const AC =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AC) return null;
    try {
      this.ctx = new AC();
    } catch {
      return null;
    }
    return this.ctx;
  }

  play(kind: SoundKind) {
    if (this.muted) return;
    const c = this.context();
    if (!c || c.state !== 'running') {
      if (c && c.state === 'suspended') void c.resume().catch(() => undefined);
      if (!c || c.state === 'closed') return;
    }
    const t = c.currentTime + 0.01;
    switch (kind) {
      case 'move':
        this.knock(c, t, 180, 0.07, 0.5);
        break;
      case 'capture':
        this.noise(c, t, 0.09, 0.45);
        this.knock(c, t, 120, 0.09, 0.5);
        break;
      case 'castle':
        this.knock(c, t, 180, 0.06, 0.45);
        this.knock(c, t + 0.11, 200, 0.06, 0.45);
        break;
      case 'check':
        this.tone(c, t, 660, 0.12, 0.18, 'triangle');
        this.tone(c, t + 0.12, 880, 0.16, 0.18, 'triangle');
        break;
      case 'tick':
        // A clock's tick under 10 seconds: short, high, quiet.
        this.tone(c, t, 1320, 0.05, 0.06, 'square');
        break;
      case 'end':
        for (const [i, f] of [523.25, 659.25, 783.99, 1046.5].entries()) {
          this.tone(c, t + i * 0.09, f, 0.5 - i * 0.05, 0.12, 'sine');
        }
        break;
    }
  }

  // knock is a short wooden click: a sine dropping in pitch.
  private knock(c: AudioContext, t: number, freq: number, dur: number, gain: number) {
    const o = c.createOscillator();
    const g = c.createGain();
    o.type = 'sine';
    o.frequency.setValueAtTime(freq * 2, t);
    o.frequency.exponentialRampToValueAtTime(freq, t + dur);
    g.gain.setValueAtTime(gain, t);
    g.gain.exponentialRampToValueAtTime(0.001, t + dur);
    o.connect(g).connect(c.destination);
    o.start(t);
    o.stop(t + dur + 0.02);
  }

  private tone(c: AudioContext, t: number, freq: number, dur: number, gain: number, type: OscillatorType) {
    const o = c.createOscillator();
    const g = c.createGain();
    o.type = type;
    o.frequency.setValueAtTime(freq, t);
    g.gain.setValueAtTime(0.0001, t);
    g.gain.exponentialRampToValueAtTime(gain, t + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    o.connect(g).connect(c.destination);
    o.start(t);
    o.stop(t + dur + 0.02);
  }

  // noise is a burst of filtered white noise, the clack of a capture.
  private noise(c: AudioContext, t: number, dur: number, gain: number) {
    const n = Math.max(1, Math.floor(c.sampleRate * dur));
    const buf = c.createBuffer(1, n, c.sampleRate);
    const d = buf.getChannelData(0);
    let seed = 12345;
    for (let i = 0; i < n; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      d[i] = ((seed / 0x7fffffff) * 2 - 1) * (1 - i / n);
    }
    const src = c.createBufferSource();
    src.buffer = buf;
    const f = c.createBiquadFilter();
    f.type = 'bandpass';
    f.frequency.value = 1800;
    const g = c.createGain();
    g.gain.setValueAtTime(gain, t);
    src.connect(f).connect(g).connect(c.destination);
    src.start(t);
  }

  // say speaks the text of key in the page's language when the voice is
  // on; in English when the browser has no voice for the page's language.
  say(key: MessageKey) {
    if (this.muted || !this.voice || !('speechSynthesis' in window)) return;
    const l: Lang = hasVoice(lang()) ? lang() : 'en';
    try {
      const u = new SpeechSynthesisUtterance(tIn(l, key));
      u.lang = locale(l);
      const v = voiceFor(l);
      if (v) u.voice = v;
      window.speechSynthesis.speak(u);
    } catch {
      /* no voice available */
    }
  }
}

// soundFor picks the sound of a move from its SAN.
export function soundFor(san: string): SoundKind {
  if (san.includes('#') || san.includes('+')) return 'check';
  if (san.startsWith('O-O')) return 'castle';
  if (san.includes('x')) return 'capture';
  return 'move';
}

// voiceFor returns the browser's voice for language l (zh-CN first for
// Chinese), if it has one.
function voiceFor(l: Lang): SpeechSynthesisVoice | undefined {
  if (!('speechSynthesis' in window)) return undefined;
  const voices = window.speechSynthesis.getVoices();
  const tag = (v: SpeechSynthesisVoice) => v.lang.toLowerCase().replace('_', '-');
  if (l === 'zh') return voices.find((v) => tag(v) === 'zh-cn') ?? voices.find((v) => tag(v).startsWith('zh'));
  return voices.find((v) => tag(v).startsWith('en'));
}

// hasVoice says whether the browser can speak language l. English is
// assumed: a browser with speech synthesis speaks it.
export function hasVoice(l: Lang): boolean {
  return l === 'en' || !!voiceFor(l);
}
