// Starts the place-order list's first items request while the app's JavaScript downloads (issue 13).
// It must ask exactly what the app's first items query asks (useItemList: GET items with the default
// filterOptions, page 1, 25 rows on a phone and 50 on a desktop, with the same headers as
// api-client.ts); the app takes the answer only when URL and key match (takeFirstPagePrefetch), and a
// test (features/catalog/api/first-page-prefetch.test.tsx) checks this file against the app's own URL. Plain script: it is
// served as is from public/ (the CSP allows no inline script).
/* global window */
(function () {
  try {
    if (window.location.pathname.replace(/\/+$/, '') !== '/place-order/list') return;
    var authKey = window.localStorage.getItem('authKey');
    var location = JSON.parse(window.localStorage.getItem('activeLocation') || 'null');
    if (!authKey || !location || typeof location.id !== 'number') return;
    // A location whose comparison view is on may open another view; the list is still the default one.
    var isDesktop = window.matchMedia('(min-width: 769px)').matches;
    var filterOptions = {
      sort: 'most-purchased',
      search: '',
      product: 'ALL',
      distributorIds: [],
      shoppingIds: [],
      pastOrderIds: [],
    };
    var params = new URLSearchParams();
    params.append('filterOptions', JSON.stringify(filterOptions));
    params.append('limit', String(isDesktop ? 50 : 25));
    params.append('page', '1');
    var url = '/api/v1/items?' + params.toString();
    window.__stockpotFirstPage = {
      url: url,
      authKey: authKey,
      startedAt: Date.now(),
      response: window.fetch(url, {
        headers: {
          Accept: 'application/json',
          'Cache-Control': 'no-cache',
          Authorization: 'Bearer ' + authKey,
          'X-Location-Id': String(location.id),
        },
      }),
    };
    // An unread failure must not show as an unhandled rejection; the app retries on its own.
    window.__stockpotFirstPage.response.catch(function () {});
  } catch {
    // Storage or fetch unavailable: the app asks for the page itself.
  }
})();
