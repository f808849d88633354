// main.ts is the entry point of the bundle: the board's styles, the page's
// styles, and the App.
import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import '@lichess-org/chessground/assets/chessground.cburnett.css';
import './style.css';
import { App } from './app';
import { translatePage } from './i18n';

function start() {
  translatePage();
  const app = new App();
  (window as unknown as { outpost: App }).outpost = app;
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
