// main.ts is the entry point of the bundle: the board's styles, the piece
// sets, the page's styles, and the App. It applies the remembered looks and
// language before the App draws anything.
import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import 'outpost:piece-sets';
import './style.css';
import { App } from './app';
import { onLangChange, translatePage } from './i18n';
import { decorate } from './icons';
import { applyLooks } from './looks';
import { applyDisplay } from './display';

function start() {
  applyLooks();
  applyDisplay();
  decorate();
  translatePage();
  onLangChange(() => translatePage());
  const app = new App();
  (window as unknown as { outpost: App }).outpost = app;
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
