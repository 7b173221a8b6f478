import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout: media queries are answered from window.innerWidth, which tests set to pick
// the phone (≤768px) or desktop layout.
function matchesWidthQuery(query: string): boolean {
  const width = window.innerWidth;
  const toPx = (value: string, unit: string) => (unit === 'em' || unit === 'rem' ? Number(value) * 16 : Number(value));
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, value, unit]) => (kind === 'min' ? width >= toPx(value, unit) : width <= toPx(value, unit)));
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    media: query,
    matches: matchesWidthQuery(query),
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
// jsdom has no scrolling: scrollTo only reports "not implemented".
Object.defineProperty(window, 'scrollTo', { writable: true, configurable: true, value: () => undefined });
Object.defineProperty(window.HTMLElement.prototype, 'scrollIntoView', {
  writable: true,
  configurable: true,
  value: () => undefined,
});

afterEach(() => {
  cleanup();
});

// The default 1 s for findBy/waitFor is tight when the whole suite shares the CPU with the API tests.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has <dialog> but not its modal methods; open/close toggle the attribute as browsers do.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
