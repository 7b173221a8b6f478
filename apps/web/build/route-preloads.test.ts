import { describe, expect, it } from 'vitest';
import { computeRoutePreloads, renderRoutePreloadsScript, type BundleInfo } from './route-preloads';

const chunk = (fileName: string, imports: string[], extra: Partial<BundleInfo[string]> = {}) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports,
  ...extra,
});

// An entry that loads react and a shared chunk; a lazy login page that needs the shared chunk,
// a form chunk (which needs an input chunk) and a stylesheet.
const bundle: BundleInfo = {
  'assets/index.js': chunk('assets/index.js', ['assets/react.js', 'assets/box.js'], {
    isEntry: true,
    facadeModuleId: '/app/src/main.tsx',
  }),
  'assets/react.js': chunk('assets/react.js', []),
  'assets/box.js': chunk('assets/box.js', []),
  'assets/login-page.js': chunk('assets/login-page.js', ['assets/box.js', 'assets/form.js'], {
    facadeModuleId: '/app/src/features/auth/pages/login-page.tsx',
    viteMetadata: { importedCss: new Set(['assets/login.css']) },
  }),
  'assets/form.js': chunk('assets/form.js', ['assets/input.js']),
  'assets/input.js': chunk('assets/input.js', ['assets/react.js'], {
    viteMetadata: { importedCss: new Set(['assets/input.css']) },
  }),
  'assets/login.css': { type: 'asset', fileName: 'assets/login.css' },
};

describe('computeRoutePreloads', () => {
  it("lists the page's chunk, its static imports and their CSS, leaving out what the entry loads", () => {
    const preloads = computeRoutePreloads(bundle, { '/login': 'src/features/auth/pages/login-page.tsx' });
    expect(preloads['/login'].sort()).toEqual(
      ['/assets/form.js', '/assets/input.js', '/assets/input.css', '/assets/login-page.js', '/assets/login.css'].sort(),
    );
  });

  it('joins the closures of several modules for one path', () => {
    const withShell: BundleInfo = {
      ...bundle,
      'assets/shell.js': chunk('assets/shell.js', ['assets/box.js', 'assets/input.js'], {
        facadeModuleId: '/app/src/shell/shell.tsx',
      }),
    };
    const preloads = computeRoutePreloads(withShell, {
      '/list': ['src/shell/shell.tsx', 'src/features/auth/pages/login-page.tsx'],
    });
    expect(preloads['/list'].sort()).toEqual(
      [
        '/assets/shell.js',
        '/assets/form.js',
        '/assets/input.js',
        '/assets/input.css',
        '/assets/login-page.js',
        '/assets/login.css',
      ].sort(),
    );
  });

  it('refuses a page module the build did not split into its own chunk', () => {
    expect(() => computeRoutePreloads(bundle, { '/sign-up/1': 'src/features/signup/pages/sign-up-page.tsx' })).toThrow(
      /no chunk of its own for src\/features\/signup\/pages\/sign-up-page.tsx/,
    );
  });
});

describe('renderRoutePreloadsScript', () => {
  function runOn(pathname: string) {
    document.head.innerHTML = '';
    window.history.replaceState(null, '', pathname);
    new Function(renderRoutePreloadsScript({ '/login': ['/assets/login-page.js', '/assets/login.css'] }))();
    return [...document.head.querySelectorAll('link')].map((link) =>
      [link.rel, link.getAttribute('as'), link.hasAttribute('crossorigin') && 'crossorigin', link.getAttribute('href')]
        .filter(Boolean)
        .join(' '),
    );
  }

  it('adds a modulepreload per chunk and a crossorigin style preload per stylesheet on the listed path, with or without a trailing slash', () => {
    // The stylesheet's preload matches Vite's crossorigin stylesheet link, or the browser fetches it twice.
    const expected = ['modulepreload /assets/login-page.js', 'preload style crossorigin /assets/login.css'];
    expect(runOn('/login')).toEqual(expected);
    expect(runOn('/login/')).toEqual(expected);
  });

  it('adds nothing on another path', () => {
    expect(runOn('/place-order/list')).toEqual([]);
  });
});
