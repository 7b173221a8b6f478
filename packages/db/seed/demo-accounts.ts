/**
 * The fixed part of the demo: the company, its three locations, the sign-in accounts and the
 * distributors with each location's account terms (ARCHITECTURE.md "Demo data").
 */
import type { Category } from './catalog-data';

export const DEMO_PASSWORD = 'demo1234';

export const DISTRIBUTOR_IDS = {
  harborline: 531,
  northeastProvisions: 558,
  coastalProduce: 612,
  primeCutMeats: 647,
  baysideSeafood: 689,
  stockpotDirect: 700,
} as const;

/** Ids tests and fixtures can rely on. */
export const DEMO_IDS = {
  company: 1,
  locations: { harborGrill: 1, harborGrillExpress: 2, harborCatering: 3 },
  users: { owner: 1, chef: 2, admin: 3, rep: 4 },
  distributors: DISTRIBUTOR_IDS,
} as const;

export const DEMO_TIMEZONE = 'America/New_York';

export const COMPANY = {
  id: DEMO_IDS.company,
  nickname: 'Stockpot Demo Co.',
  title: 'Stockpot Demo Co.',
  description: 'A small Boston waterfront restaurant group: a grill, its express counter and a catering kitchen.',
  domain: 'demo.test',
  website: 'https://demo.test',
  logoUrl: '/brand/logo.svg',
  spinnerImageUrl: null,
  favico: '/brand/favicon.svg',
  mainColor: '#1f6f5c',
  secondaryColor: '#f2a541',
};

const L = DEMO_IDS.locations;

export const LOCATIONS = [
  {
    id: L.harborGrill,
    nickname: 'Harbor Grill',
    phoneNumber: '(617) 555-0142',
    address: '140 Atlantic Avenue',
    city: 'Boston',
    state: 'MA',
    zipcode: '02110',
    canPlaceOrder: true,
    displayAccounting: true,
    displayRecipeCosting: true,
    displayComparisonView: true,
    displayShoppingCart: true,
    displayRebate: true,
    displayMatch: true,
    displayInventory: true,
  },
  {
    id: L.harborGrillExpress,
    nickname: 'Harbor Grill Express',
    phoneNumber: '(617) 555-0187',
    address: '21 Seaport Boulevard',
    city: 'Boston',
    state: 'MA',
    zipcode: '02210',
    canPlaceOrder: true,
    displayAccounting: false,
    displayRecipeCosting: false,
    displayComparisonView: false,
    displayShoppingCart: true,
    displayRebate: true,
    displayMatch: true,
    displayInventory: false,
  },
  {
    id: L.harborCatering,
    nickname: 'Harbor Catering',
    phoneNumber: '(617) 555-0123',
    address: '88 Marginal Street',
    city: 'East Boston',
    state: 'MA',
    zipcode: '02128',
    canPlaceOrder: false,
    displayAccounting: true,
    displayRecipeCosting: true,
    displayComparisonView: true,
    displayShoppingCart: false,
    displayRebate: false,
    displayMatch: false,
    displayInventory: true,
  },
];

const U = DEMO_IDS.users;

export const USERS = [
  {
    id: U.owner,
    email: 'owner@demo.test',
    firstName: 'Olivia',
    lastName: 'Owens',
    title: 'Owner',
    role: 'member' as const,
    editComparisonView: true,
    activeLocationId: L.harborGrill,
    locationIds: [L.harborGrill, L.harborGrillExpress, L.harborCatering],
  },
  {
    id: U.chef,
    email: 'chef@demo.test',
    firstName: 'Carlos',
    lastName: 'Chen',
    title: 'Chef',
    role: 'member' as const,
    editComparisonView: false,
    activeLocationId: L.harborGrill,
    locationIds: [L.harborGrill, L.harborGrillExpress],
  },
  {
    id: U.admin,
    email: 'admin@demo.test',
    firstName: 'Ada',
    lastName: 'Admin',
    title: 'Stockpot Admin',
    role: 'admin' as const,
    editComparisonView: true,
    activeLocationId: null,
    locationIds: [] as number[],
  },
  {
    // A distributor's sales rep with an accepted invite (sales-reps.ts gives it its accounts): it
    // belongs to no location and reaches only the sales-rep routes.
    id: U.rep,
    email: 'rep@demo.test',
    firstName: 'Nora',
    lastName: 'Ellis',
    title: 'Sales rep',
    role: 'member' as const,
    editComparisonView: false,
    activeLocationId: null,
    locationIds: [] as number[],
  },
];

export interface DemoDistributor {
  id: number;
  nickname: string;
  website: string;
  isDsrEditable: boolean;
  /** The distributor's own label, used on some of the items it sells. */
  privateLabel: string;
  /** Builds the n-th distributor item number (DIN) in the distributor's own style. */
  formatDin: (sequence: number) => string;
  /** Share of the catalogue it carries, per category (0 when absent). */
  carries: Partial<Record<Category, number>>;
}

const D = DISTRIBUTOR_IDS;

const ALL_CATEGORIES_BROADLINE: Partial<Record<Category, number>> = {
  Produce: 0.55,
  Meat: 0.55,
  Poultry: 0.6,
  Seafood: 0.5,
  Dairy: 0.65,
  'Dry Goods': 0.65,
  Bakery: 0.6,
  Beverages: 0.6,
  Frozen: 0.65,
  'Paper & Disposables': 0.6,
  'Chemicals & Janitorial': 0.6,
};

export const DISTRIBUTORS: DemoDistributor[] = [
  {
    id: D.harborline,
    nickname: 'Harborline Foodservice',
    website: 'https://harborline-foodservice.example',
    isDsrEditable: true,
    privateLabel: 'Harborline Classic',
    formatDin: (n) => String(1_000_000 + n),
    carries: ALL_CATEGORIES_BROADLINE,
  },
  {
    id: D.northeastProvisions,
    nickname: 'Northeast Provisions',
    website: 'https://northeast-provisions.example',
    isDsrEditable: true,
    privateLabel: 'NEP Select',
    formatDin: (n) => String(200_000 + n),
    carries: { ...ALL_CATEGORIES_BROADLINE, Produce: 0.35, Seafood: 0.35, Meat: 0.45, Dairy: 0.5 },
  },
  {
    id: D.coastalProduce,
    nickname: 'Coastal Produce Co.',
    website: 'https://coastal-produce.example',
    isDsrEditable: true,
    privateLabel: 'Coastal Fresh',
    formatDin: (n) => `CP${String(10_000 + n).padStart(5, '0')}`,
    carries: { Produce: 0.85, Dairy: 0.3 },
  },
  {
    id: D.primeCutMeats,
    nickname: 'Prime Cut Meats',
    website: 'https://primecut-meats.example',
    isDsrEditable: false,
    privateLabel: 'Prime Cut Reserve',
    formatDin: (n) => String(40_000 + n),
    carries: { Meat: 0.85, Poultry: 0.8 },
  },
  {
    id: D.baysideSeafood,
    nickname: 'Bayside Seafood',
    website: 'https://bayside-seafood.example',
    isDsrEditable: true,
    privateLabel: 'Bayside Catch',
    formatDin: (n) => `BS-${String(1_000 + n).padStart(4, '0')}`,
    carries: { Seafood: 0.9 },
  },
  {
    id: D.stockpotDirect,
    nickname: 'Stockpot Direct',
    website: 'https://stockpot.example/direct',
    isDsrEditable: false,
    privateLabel: 'Stockpot Basics',
    formatDin: (n) => `SPD-${String(10_000 + n).padStart(5, '0')}`,
    carries: { 'Dry Goods': 0.3, 'Paper & Disposables': 0.55, 'Chemicals & Janitorial': 0.55, Beverages: 0.4 },
  },
];

/** A location's account with a distributor, plus how large its order guide is. */
export interface DemoLocationDistributor {
  locationId: number;
  distributorId: number;
  customerNumber: string;
  minOrderAmount: string;
  skipMinOrder: boolean;
  isMinOrderAmountRequired: boolean;
  /** 0 no cards; 1 or 2 cards accepted. */
  acceptCc: number;
  /** 1 when Stockpot itself delivers. */
  isDelivery: number;
  deliveryWeekdays: number[];
  payableTerms: number;
  /** Lines on the latest order guide (fewer when the catalogue is small). */
  guideSize: number;
  /** Days from today to the latest guide's end date (its Next Price Change). */
  guideDaysLeft: number;
}

const link = (
  locationId: number,
  distributorId: number,
  customerNumber: string,
  guideSize: number,
  terms: Partial<DemoLocationDistributor> = {},
): DemoLocationDistributor => ({
  locationId,
  distributorId,
  customerNumber,
  minOrderAmount: '0.00',
  skipMinOrder: false,
  isMinOrderAmountRequired: false,
  acceptCc: 1,
  isDelivery: 0,
  deliveryWeekdays: [1, 3, 5],
  payableTerms: 14,
  guideSize,
  guideDaysLeft: 14,
  ...terms,
});

export const LOCATION_DISTRIBUTORS: DemoLocationDistributor[] = [
  // Harbor Grill buys from all six.
  link(L.harborGrill, D.harborline, 'HFS-100482', 480, { deliveryWeekdays: [1, 3, 5], acceptCc: 1, payableTerms: 14 }),
  link(L.harborGrill, D.northeastProvisions, 'NEP-77120', 320, {
    deliveryWeekdays: [2, 4],
    minOrderAmount: '250.00',
    isMinOrderAmountRequired: true,
    acceptCc: 2,
    payableTerms: 21,
    guideDaysLeft: 7,
  }),
  link(L.harborGrill, D.coastalProduce, 'CPC-3318', 160, {
    deliveryWeekdays: [1, 2, 3, 4, 5, 6],
    acceptCc: 0,
    payableTerms: 7,
    guideDaysLeft: 3,
  }),
  link(L.harborGrill, D.primeCutMeats, 'PCM-0457', 130, {
    deliveryWeekdays: [2, 5],
    minOrderAmount: '200.00',
    acceptCc: 1,
    payableTerms: 14,
  }),
  link(L.harborGrill, D.baysideSeafood, 'BAY-2201', 90, {
    deliveryWeekdays: [1, 2, 3, 4, 5],
    acceptCc: 2,
    payableTerms: 7,
    guideDaysLeft: 5,
  }),
  link(L.harborGrill, D.stockpotDirect, 'SPD-000101', 110, {
    deliveryWeekdays: [1, 2, 3, 4, 5],
    isDelivery: 1,
    acceptCc: 1,
    payableTerms: 0,
    guideDaysLeft: 21,
  }),
  // Harbor Grill Express: a smaller counter.
  link(L.harborGrillExpress, D.harborline, 'HFS-100517', 220, { deliveryWeekdays: [2, 5], acceptCc: 1 }),
  link(L.harborGrillExpress, D.northeastProvisions, 'NEP-77342', 120, {
    deliveryWeekdays: [3],
    minOrderAmount: '250.00',
    isMinOrderAmountRequired: true,
    acceptCc: 2,
    payableTerms: 21,
  }),
  link(L.harborGrillExpress, D.coastalProduce, 'CPC-3402', 90, { deliveryWeekdays: [1, 3, 5], acceptCc: 0, payableTerms: 7 }),
  link(L.harborGrillExpress, D.stockpotDirect, 'SPD-000102', 60, {
    deliveryWeekdays: [1, 2, 3, 4, 5],
    isDelivery: 1,
    payableTerms: 0,
  }),
  // Harbor Catering: plans events, orders through the grill.
  link(L.harborCatering, D.northeastProvisions, 'NEP-77588', 260, { deliveryWeekdays: [1, 4], acceptCc: 2, payableTerms: 30 }),
  link(L.harborCatering, D.primeCutMeats, 'PCM-0533', 90, { deliveryWeekdays: [3], acceptCc: 1 }),
  link(L.harborCatering, D.baysideSeafood, 'BAY-2290', 60, { deliveryWeekdays: [2, 4], acceptCc: 2, payableTerms: 7 }),
  link(L.harborCatering, D.stockpotDirect, 'SPD-000103', 70, {
    deliveryWeekdays: [1, 2, 3, 4, 5],
    isDelivery: 1,
    payableTerms: 0,
  }),
];
