import type { Plugin } from 'vite';

/**
 * /login's first paint from the HTML (issue 38, Lighthouse mobile /login ≥ 90). A new restaurant's
 * first visit painted nothing until the entry chunk and the page's chunks had downloaded and run:
 * the largest paint, the tagline under "Sign in", came 3.5 s into a throttled phone's load. The build
 * also writes `login.html`, index.html with a static copy of the sign-in card's head (logo, title,
 * tagline) inside #root, which the server sends for /login only; React's first render replaces it.
 * Only /login: the same splash in index.html made every page's first paint earlier, which put the
 * entry's script evaluation inside /place-order/list's Total Blocking Time window (90–93 → 85–87,
 * docs/decisions.md). Its own styles, not the theme's variables: Mantine writes those at run time.
 */

export const LOGIN_SPLASH_FILE = 'login.html';

const FONT = "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * The sign-in card as AuthFrame and LoginPage lay it out (theme.ts colours, Mantine's spacing, the
 * card's height with its form: 476 px on a phone, 500 from the sm breakpoint), so React's first render
 * fills the form in where it will stand instead of moving the card. Text and sizes are the page's, so
 * the page's own tagline is not a larger paint than the splash's.
 */
const SPLASH_STYLE = `
.splash{min-height:100dvh;background:radial-gradient(circle at 15% 10%,#eaf6f2 0,transparent 45%),radial-gradient(circle at 85% 90%,#fff5e6 0,transparent 40%),#f8f9fa;font-family:${FONT};display:flex;align-items:center;justify-content:center;padding:32px 16px;box-sizing:border-box}
.splash-column{width:100%;max-width:420px;display:flex;flex-direction:column;gap:20px}
.splash-brand{display:flex;justify-content:center;align-items:center;gap:8px}
.splash-brand img{display:block}
.splash-word{font-weight:800;font-size:27.28px;line-height:1;letter-spacing:-0.02em;color:#1a5f4f}
.splash-card{background:#fff;border:1px solid #dee2e6;border-radius:16px;padding:20px;min-height:476px;box-sizing:border-box;box-shadow:0 1px 3px rgba(0,0,0,.05),0 20px 25px -5px rgba(0,0,0,.05),0 10px 10px -5px rgba(0,0,0,.04)}
.splash-card h1{margin:0;font-size:26px;font-weight:700;line-height:1.3;color:#000}
.splash-card p{margin:4px 0 0;font-size:17px;line-height:1.55;color:#495057}
.splash-contact{margin:0;text-align:center;font-size:14px;line-height:1.55;color:#495057}
.splash-contact span{color:#1f6f5c}
@media (min-width:48.0625em){.splash-card{padding:32px;min-height:500px}}
`.replace(/\n/g, '');

export const LOGIN_SPLASH = [
  `<style>${SPLASH_STYLE}</style>`,
  '<main class="splash" aria-hidden="true"><div class="splash-column">',
  '<div class="splash-brand"><img src="/brand/logo.svg" alt="" width="44" height="44"><span class="splash-word">Stockpot</span></div>',
  '<div class="splash-card"><h1>Sign in</h1><p>Order from all your distributors in one place.</p></div>',
  '<p class="splash-contact">Questions? <span>Contact Us</span></p>',
  '</div></main>',
].join('');

const EMPTY_ROOT = '<div id="root"></div>';

/** index.html with the splash inside its empty #root; an index.html without one fails the build. */
export function withLoginSplash(indexHtml: string): string {
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`login-splash: index.html has no ${EMPTY_ROOT}`);
  return indexHtml.replace(EMPTY_ROOT, `<div id="root">${LOGIN_SPLASH}</div>`);
}

/** Emits login.html beside the built index.html (after Vite has written index.html's asset links). */
export function loginSplash(): Plugin {
  return {
    name: 'stockpot-login-splash',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('login-splash: the build wrote no index.html');
      const source = typeof index.source === 'string' ? index.source : Buffer.from(index.source).toString('utf8');
      this.emitFile({ type: 'asset', fileName: LOGIN_SPLASH_FILE, source: withLoginSplash(source) });
    },
  };
}
