/** Each area's main read, by the managers of the locations that have the area and its data (api-run.ts runs it). */
import { perUserGet, routeExists, SUGGESTED_ORDERS_SCENARIO, type BenchLocation, type BenchUser } from './api-scenarios';
import { BUDGETS } from './report';
import { awaitFirstAnswers, log, READ_CONNECTIONS, type ApiRun } from './api-run-kit';
import { measureBytesFloor } from './bytes-floor';
export async function measureAreaReads(run: ApiRun): Promise<void> {
  const { measure, server, users, locations, only, scenarios, seconds, warmupSeconds, floor50 } = run;
  // Each area's main read (issues 15, 16, 17, 21, 22), by the managers of the locations that
  // have the area on and its data (area-data.ts of the large data set); paths as the web app asks.
  const usersOf = (has: (location: BenchLocation) => boolean) =>
    users.filter((u) => {
      const location = locations.get(u.locationId);
      return location !== undefined && has(location);
    });
  const areaScenario = async (
    row: { name: string; request: string; budgetP95Ms: number },
    has: (location: BenchLocation) => boolean,
    pathOf: (user: BenchUser, location: BenchLocation) => string,
    keepsAnswers = false,
  ) => {
    const areaUsers = usersOf(has);
    const full = { ...row, kind: 'api' as const, connections: READ_CONNECTIONS, frameworkFloor: floor50 };
    if (only && !only.test(row.name)) return;
    if (areaUsers.length === 0) {
      scenarios.push({ ...full, skipped: 'no location of the data set has this area and its data' });
      log(`- ${row.name}: skipped (no location has this area's data)`);
      return;
    }
    const pathFor = (user: BenchUser) => pathOf(user, locations.get(user.locationId)!);
    if (keepsAnswers) {
      await awaitFirstAnswers(
        server.url,
        row.name,
        areaUsers.map((user) => ({ user, path: pathFor(user) })),
      );
    }
    await measure(
      { ...full, name: `${row.name} (${areaUsers.length} locations)` },
      { duration: seconds, warmupSeconds, requests: [perUserGet(areaUsers, pathFor)] },
      () => routeExists(server.url, areaUsers[0], 'GET', pathFor(areaUsers[0])),
    );
  };
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  await areaScenario(
    {
      name: 'inventory counts: GET inventory, past inventories page 1 (12 a page)',
      request: 'GET /api/v1/inventory?page=1&limit=12',
      budgetP95Ms: BUDGETS.pastInventoriesP95Ms,
    },
    (l) => l.areas.inventory,
    () => '/api/v1/inventory?page=1&limit=12',
  );
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await areaScenario(
    {
      name: 'recipes: GET recipe, one menu category with POS sales of a week, page 1 (20 a page)',
      request: 'GET /api/v1/recipe?filters=[menu category]&expand=posQuantitySold,posTotalSold,menu&bgn_date&end_date&limit=20',
      budgetP95Ms: BUDGETS.recipesP95Ms,
    },
    (l) => l.areas.recipeCosting && l.areas.menuCategoryId !== null,
    (_, l) =>
      `/api/v1/recipe?${q({
        filters: JSON.stringify([{ field: 'recipe_menu_category_id', operator: '=', value: l.areas.menuCategoryId }]),
        expand: 'posQuantitySold,posTotalSold,menu',
        bgn_date: weekAgo,
        end_date: yesterday,
        sort: 'name',
        page: '1',
        limit: '20',
      })}`,
  );
  await areaScenario(
    {
      name: 'accounting: GET merchant-accounting, most purchased, page 1',
      request: 'GET /api/v1/merchant-accounting?filterOptions={search:"",sort:most_purchased,product:ALL}&page=1',
      budgetP95Ms: BUDGETS.accountingP95Ms,
    },
    (l) => l.areas.accounting,
    () =>
      `/api/v1/merchant-accounting?${q({
        filterOptions: JSON.stringify({ search: '', sort: 'most_purchased', product: 'ALL' }),
        page: '1',
      })}`,
  );
  await areaScenario(
    {
      name: 'messages: GET users/get-message (the pop-ups on place-order)',
      request: 'GET /api/v1/users/get-message?merchant_id=:location',
      budgetP95Ms: BUDGETS.messagesP95Ms,
    },
    () => true,
    (user) => `/api/v1/users/get-message?merchant_id=${user.locationId}`,
  );

  await areaScenario(
    {
      name: 'price changes: GET order-guides/:id/price-changes (the latest guide against the one before)',
      request: 'GET /api/v1/order-guides/:id/price-changes',
      budgetP95Ms: BUDGETS.priceChangesP95Ms,
    },
    (l) => l.areas.latestGuideId !== null,
    (_, l) => `/api/v1/order-guides/${l.areas.latestGuideId}/price-changes`,
  );

  // The suggested order keeps its answer per location (computed on the first request after a change).
  await areaScenario(SUGGESTED_ORDERS_SCENARIO.row, SUGGESTED_ORDERS_SCENARIO.has, SUGGESTED_ORDERS_SCENARIO.pathOf, true);

  // Last of the areas: its answers are the heaviest (≈ 280 KB for 70 groups at quick scale), and
  // requests still queued in the server when its window closes would slow the next scenario.
  const hasInventory = (l: BenchLocation) => l.areas.inventoryListId !== null;
  const inventoryPath = (l: BenchLocation) =>
    `/api/v1/comparison-views/${l.areas.inventoryListId}/groups?${q({
      page: '1',
      limit: '70',
      expand: 'items,purchased,onHandTotal,units',
      filterOptions: JSON.stringify({ sort: 'custom' }),
      filters: JSON.stringify({ name: '' }),
    })}`;
  await areaScenario(
    {
      name: 'inventory view: GET comparison-views/:id/groups, items expanded, page 1 (70 groups)',
      request: 'GET /api/v1/comparison-views/:id/groups?expand=items,purchased,onHandTotal,units&limit=70',
      budgetP95Ms: BUDGETS.inventoryViewP95Ms,
    },
    hasInventory,
    (_, l) => inventoryPath(l),
  );
  await measureBytesFloor(run, 'inventory view', usersOf(hasInventory), (u) => inventoryPath(locations.get(u.locationId)!));
}
