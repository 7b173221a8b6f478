import { describe, expect, it } from 'vitest';
import { LOGIN_SPLASH, withLoginSplash } from './login-splash';

const INDEX =
  '<!doctype html><html><head><title>Stockpot</title></head><body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>';

describe('login splash', () => {
  it("puts the sign-in card's head inside the built index.html's empty #root, the rest unchanged", () => {
    const page = withLoginSplash(INDEX);
    expect(page).toBe(INDEX.replace('<div id="root"></div>', `<div id="root">${LOGIN_SPLASH}</div>`));
    const doc = new DOMParser().parseFromString(page, 'text/html');
    const splash = doc.querySelector('#root main.splash');
    expect(splash?.getAttribute('aria-hidden')).toBe('true');
    expect(splash?.querySelector('h1')?.textContent).toBe('Sign in');
    // Nothing in it can take focus or be clicked: the form arrives with React.
    expect(splash?.querySelectorAll('a, button, input, [tabindex]')).toHaveLength(0);
    expect(doc.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-1.js');
  });

  it('fails the build when index.html has no empty #root', () => {
    expect(() => withLoginSplash('<div id="app"></div>')).toThrow(/no <div id="root"><\/div>/);
  });
});
