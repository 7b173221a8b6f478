/**
 * The restaurant chain of the large data set: regions, the distributors that serve them (the six
 * demo distributors plus generated national, regional and specialty houses), the chain's
 * locations, their sign-in accounts and their distributor accounts. Pure and deterministic.
 */
import type { Category } from '../catalog-data';
import { CATEGORIES } from '../catalog-data';
import { DISTRIBUTOR_IDS, DISTRIBUTORS, type DemoDistributor } from '../demo-accounts';
import { createRandom, type Random } from '../random';

export type DistributorKind = 'national' | 'regional' | 'specialty' | 'partner';

/** Category groups a specialty house serves, and a location buys from one house per group. */
export const SPECIALTY_GROUPS: Record<string, Category[]> = {
  produce: ['Produce'],
  protein: ['Meat', 'Poultry'],
  seafood: ['Seafood'],
  dairy: ['Dairy'],
  bakery: ['Bakery'],
  beverage: ['Beverages'],
  supplies: ['Paper & Disposables', 'Chemicals & Janitorial'],
};
export type SpecialtyGroup = keyof typeof SPECIALTY_GROUPS;

export interface ChainDistributor {
  id: number;
  nickname: string;
  website: string;
  timezone: string;
  isDsrEditable: boolean;
  privateLabel: string;
  formatDin: (sequence: number) => string;
  kind: DistributorKind;
  group: SpecialtyGroup | null;
  /** Regions (indices) it serves; every region for national houses. */
  regions: number[];
  /** Chance of carrying an item of each category in the large catalogue. */
  carries: Partial<Record<Category, number>>;
  /** Lines on a region's order guide from this distributor: [min, max]. */
  guideSize: [number, number];
  /** Orders a location places with it per week. */
  ordersPerWeek: number;
  /** Lines per order: [min, max]. */
  linesPerOrder: [number, number];
  isDemo: boolean;
}

export interface Region {
  index: number;
  name: string;
  timezone: string;
  cities: { city: string; state: string; zip: string; area: string }[];
}

export const REGIONS: Region[] = [
  {
    index: 0,
    name: 'New England',
    timezone: 'America/New_York',
    cities: [
      { city: 'Boston', state: 'MA', zip: '02110', area: '617' },
      { city: 'Cambridge', state: 'MA', zip: '02139', area: '617' },
      { city: 'Providence', state: 'RI', zip: '02903', area: '401' },
      { city: 'Portland', state: 'ME', zip: '04101', area: '207' },
      { city: 'Hartford', state: 'CT', zip: '06103', area: '860' },
      { city: 'Worcester', state: 'MA', zip: '01608', area: '508' },
    ],
  },
  {
    index: 1,
    name: 'Mid-Atlantic',
    timezone: 'America/New_York',
    cities: [
      { city: 'Philadelphia', state: 'PA', zip: '19103', area: '215' },
      { city: 'Baltimore', state: 'MD', zip: '21202', area: '410' },
      { city: 'Newark', state: 'NJ', zip: '07102', area: '973' },
      { city: 'Wilmington', state: 'DE', zip: '19801', area: '302' },
      { city: 'Arlington', state: 'VA', zip: '22201', area: '703' },
    ],
  },
  {
    index: 2,
    name: 'Southeast',
    timezone: 'America/New_York',
    cities: [
      { city: 'Atlanta', state: 'GA', zip: '30303', area: '404' },
      { city: 'Charlotte', state: 'NC', zip: '28202', area: '704' },
      { city: 'Charleston', state: 'SC', zip: '29401', area: '843' },
      { city: 'Savannah', state: 'GA', zip: '31401', area: '912' },
      { city: 'Raleigh', state: 'NC', zip: '27601', area: '919' },
    ],
  },
  {
    index: 3,
    name: 'Florida',
    timezone: 'America/New_York',
    cities: [
      { city: 'Miami', state: 'FL', zip: '33130', area: '305' },
      { city: 'Tampa', state: 'FL', zip: '33602', area: '813' },
      { city: 'Orlando', state: 'FL', zip: '32801', area: '407' },
      { city: 'Jacksonville', state: 'FL', zip: '32202', area: '904' },
    ],
  },
  {
    index: 4,
    name: 'Great Lakes',
    timezone: 'America/Chicago',
    cities: [
      { city: 'Chicago', state: 'IL', zip: '60601', area: '312' },
      { city: 'Milwaukee', state: 'WI', zip: '53202', area: '414' },
      { city: 'Evanston', state: 'IL', zip: '60201', area: '847' },
      { city: 'Madison', state: 'WI', zip: '53703', area: '608' },
    ],
  },
  {
    index: 5,
    name: 'Texas',
    timezone: 'America/Chicago',
    cities: [
      { city: 'Austin', state: 'TX', zip: '78701', area: '512' },
      { city: 'Dallas', state: 'TX', zip: '75201', area: '214' },
      { city: 'Houston', state: 'TX', zip: '77002', area: '713' },
      { city: 'San Antonio', state: 'TX', zip: '78205', area: '210' },
    ],
  },
  {
    index: 6,
    name: 'Mountain',
    timezone: 'America/Denver',
    cities: [
      { city: 'Denver', state: 'CO', zip: '80202', area: '303' },
      { city: 'Boulder', state: 'CO', zip: '80302', area: '303' },
      { city: 'Salt Lake City', state: 'UT', zip: '84101', area: '801' },
      { city: 'Boise', state: 'ID', zip: '83702', area: '208' },
    ],
  },
  {
    index: 7,
    name: 'Desert Southwest',
    timezone: 'America/Phoenix',
    cities: [
      { city: 'Phoenix', state: 'AZ', zip: '85004', area: '602' },
      { city: 'Scottsdale', state: 'AZ', zip: '85251', area: '480' },
      { city: 'Tucson', state: 'AZ', zip: '85701', area: '520' },
    ],
  },
  {
    index: 8,
    name: 'Pacific Northwest',
    timezone: 'America/Los_Angeles',
    cities: [
      { city: 'Seattle', state: 'WA', zip: '98101', area: '206' },
      { city: 'Portland', state: 'OR', zip: '97204', area: '503' },
      { city: 'Tacoma', state: 'WA', zip: '98402', area: '253' },
      { city: 'Spokane', state: 'WA', zip: '99201', area: '509' },
    ],
  },
  {
    index: 9,
    name: 'California',
    timezone: 'America/Los_Angeles',
    cities: [
      { city: 'San Francisco', state: 'CA', zip: '94105', area: '415' },
      { city: 'Oakland', state: 'CA', zip: '94612', area: '510' },
      { city: 'Los Angeles', state: 'CA', zip: '90012', area: '213' },
      { city: 'San Diego', state: 'CA', zip: '92101', area: '619' },
      { city: 'Sacramento', state: 'CA', zip: '95814', area: '916' },
    ],
  },
];

const allCategories = (rate: number): Partial<Record<Category, number>> =>
  Object.fromEntries(CATEGORIES.map((category) => [category, rate])) as Partial<Record<Category, number>>;

const groupCategories = (group: SpecialtyGroup, rate: number): Partial<Record<Category, number>> =>
  Object.fromEntries(SPECIALTY_GROUPS[group].map((category) => [category, rate])) as Partial<Record<Category, number>>;

function dinStyle(index: number): (sequence: number) => string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const prefix = `${letters[index % letters.length]}${letters[(index * 7 + 3) % letters.length]}`;
  switch (index % 4) {
    case 0:
      return (n) => String(3_000_000 + index * 10_000_000 + n);
    case 1:
      return (n) => `${prefix}${String(n).padStart(6, '0')}`;
    case 2:
      return (n) => `${prefix}-${String(n).padStart(6, '0')}`;
    default:
      return (n) => String(100_000 + n).padStart(7, '0');
  }
}

const NATIONAL_NAMES = [
  'Continental Foodservice',
  'American Table Supply',
  'Keystone Restaurant Supply',
  'Crossroads Foodservice',
];
const SPECIALTY_WORDS: Record<SpecialtyGroup, string[]> = {
  produce: ['Produce Co.', 'Fresh Farms Produce', 'Greens & Roots', 'Orchard Produce'],
  protein: ['Meat Co.', 'Butchers Supply', 'Provisions & Meats'],
  seafood: ['Seafood Co.', 'Fish Market Wholesale'],
  dairy: ['Dairy Distributors', 'Creamery Supply'],
  bakery: ['Bakery Wholesale', 'Bread Co.'],
  beverage: ['Beverage Distributors', 'Coffee & Tea Supply'],
  supplies: ['Paper & Janitorial', 'Restaurant Supplies'],
};
/** How many specialty houses of each group the chain's regions share. */
const SPECIALTY_COUNTS: Record<SpecialtyGroup, number> = {
  produce: 8,
  protein: 7,
  seafood: 5,
  dairy: 4,
  bakery: 4,
  beverage: 4,
  supplies: 6,
};
const REGION_WORDS = [
  'Bay State',
  'Liberty',
  'Peach State',
  'Sunshine',
  'Lakeshore',
  'Lone Star',
  'Front Range',
  'Saguaro',
  'Cascade',
  'Golden Coast',
];

/** The first id of the generated distributors, after the demo's 531–700. */
export const FIRST_CHAIN_DISTRIBUTOR_ID = 801;

function website(nickname: string): string {
  return `https://${nickname
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.example`;
}

function shortName(nickname: string): string {
  return nickname.split(' ').slice(0, 2).join(' ');
}

/** Guide size, order frequency and order size by kind of house. */
const KIND_PROFILE: Record<DistributorKind, Pick<ChainDistributor, 'guideSize' | 'ordersPerWeek' | 'linesPerOrder'>> = {
  national: { guideSize: [1_300, 1_800], ordersPerWeek: 2, linesPerOrder: [12, 35] },
  regional: { guideSize: [900, 1_300], ordersPerWeek: 1, linesPerOrder: [8, 22] },
  specialty: { guideSize: [180, 420], ordersPerWeek: 1, linesPerOrder: [3, 12] },
  partner: { guideSize: [90, 150], ordersPerWeek: 0.5, linesPerOrder: [2, 6] },
};

function fromDemo(
  distributor: DemoDistributor,
  kind: DistributorKind,
  group: SpecialtyGroup | null,
  regions: number[],
): ChainDistributor {
  // The demo houses keep their own catalogue shares, scaled down: they are regional at chain scale.
  const carries = Object.fromEntries(Object.entries(distributor.carries).map(([category, rate]) => [category, rate * 0.25]));
  return {
    id: distributor.id,
    nickname: distributor.nickname,
    website: distributor.website,
    timezone: 'America/New_York',
    isDsrEditable: distributor.isDsrEditable,
    privateLabel: distributor.privateLabel,
    formatDin: distributor.formatDin,
    kind,
    group,
    regions,
    carries,
    ...KIND_PROFILE[kind],
    isDemo: true,
  };
}

/**
 * Every distributor of the chain: the six demo houses (New England's regional broadliners and
 * specialists, and Stockpot Direct everywhere) and `extraCount` generated ones.
 */
export function planDistributors(regionCount: number): ChainDistributor[] {
  const random = createRandom(20240601, 'large/distributors');
  const allRegions = Array.from({ length: regionCount }, (_, i) => i);
  const D = DISTRIBUTOR_IDS;
  const demo = new Map(DISTRIBUTORS.map((d) => [d.id, d]));
  const list: ChainDistributor[] = [
    fromDemo(demo.get(D.harborline)!, 'regional', null, [0]),
    fromDemo(demo.get(D.northeastProvisions)!, 'regional', null, [0, 1]),
    fromDemo(demo.get(D.coastalProduce)!, 'specialty', 'produce', [0]),
    fromDemo(demo.get(D.primeCutMeats)!, 'specialty', 'protein', [0]),
    fromDemo(demo.get(D.baysideSeafood)!, 'specialty', 'seafood', [0]),
    fromDemo(demo.get(D.stockpotDirect)!, 'partner', null, allRegions),
  ];
  let id = FIRST_CHAIN_DISTRIBUTOR_ID;
  let styleIndex = 0;
  const add = (
    nickname: string,
    kind: DistributorKind,
    group: SpecialtyGroup | null,
    regions: number[],
    carries: Partial<Record<Category, number>>,
  ) => {
    list.push({
      id,
      nickname,
      website: website(nickname),
      timezone: REGIONS[regions[0] % REGIONS.length].timezone,
      isDsrEditable: random.chance(0.7),
      privateLabel: `${shortName(nickname)} Select`,
      formatDin: dinStyle(styleIndex),
      kind,
      group,
      regions,
      carries,
      ...KIND_PROFILE[kind],
      isDemo: false,
    });
    id += 1;
    styleIndex += 1;
  };

  for (const name of NATIONAL_NAMES) add(name, 'national', null, allRegions, allCategories(0.3));
  // Twelve regional broadliners: one per region, and two more that each serve three regions.
  for (let r = 0; r < 10; r += 1) {
    add(`${REGION_WORDS[r]} Foodservice`, 'regional', null, [r % regionCount], allCategories(0.08));
  }
  add(
    'Heartland Foodservice',
    'regional',
    null,
    [4, 5, 6].map((r) => r % regionCount),
    allCategories(0.08),
  );
  add(
    'Coastline Foodservice',
    'regional',
    null,
    [0, 1, 2].map((r) => r % regionCount),
    allCategories(0.08),
  );

  // Specialty houses: each group's houses are spread over the regions, two or three regions each.
  for (const group of Object.keys(SPECIALTY_COUNTS) as SpecialtyGroup[]) {
    for (let k = 0; k < SPECIALTY_COUNTS[group]; k += 1) {
      const first = (k * 3 + group.length) % 10;
      const regions = [...new Set([first, (first + 1) % 10, (first + 4) % 10].map((r) => r % regionCount))];
      const nickname = `${REGION_WORDS[first]} ${SPECIALTY_WORDS[group][k % SPECIALTY_WORDS[group].length]}${k >= SPECIALTY_WORDS[group].length ? ` ${k + 1}` : ''}`;
      add(nickname, 'specialty', group, regions, groupCategories(group, 0.14));
    }
  }
  return list;
}

export interface ChainLocation {
  id: number;
  /** 0-based position in the chain, for names and e-mail addresses. */
  index: number;
  region: number;
  nickname: string;
  timezone: string;
  phoneNumber: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  canPlaceOrder: boolean;
  displayAccounting: boolean;
  displayRecipeCosting: boolean;
  displayComparisonView: boolean;
  displayShoppingCart: boolean;
  displayRebate: boolean;
  displayMatch: boolean;
  displayInventory: boolean;
}

export interface ChainUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  locationIds: number[];
}

export interface ChainAccount {
  locationId: number;
  distributorId: number;
  customerNumber: string;
  minOrderCents: number;
  skipMinOrder: boolean;
  isMinOrderAmountRequired: boolean;
  acceptCc: number;
  isDelivery: number;
  deliveryWeekdays: number[];
  payableTerms: number;
  /** The location's main broadliner orders twice a week; others weekly or less. */
  ordersPerWeek: number;
}

export interface ChainPlan {
  regions: Region[];
  distributors: ChainDistributor[];
  locations: ChainLocation[];
  users: ChainUser[];
  accounts: ChainAccount[];
}

const STREETS = [
  'Main Street',
  'Market Street',
  'Harbor Way',
  'Oak Avenue',
  'Broadway',
  'Elm Street',
  'Water Street',
  'Union Square',
  'Mill Road',
  'Station Plaza',
];
const FIRST_NAMES = [
  'Ava',
  'Ben',
  'Chloe',
  'Diego',
  'Ella',
  'Farid',
  'Grace',
  'Hiro',
  'Isla',
  'Jamal',
  'Kira',
  'Luis',
  'Maya',
  'Noah',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tess',
];
const LAST_NAMES = [
  'Adams',
  'Brooks',
  'Castro',
  'Dunn',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jensen',
  'Khan',
  'Lopez',
  'Murphy',
  'Nguyen',
  'Okafor',
  'Patel',
  'Reyes',
  'Silva',
  'Turner',
  'Walsh',
];

function weekdays(random: Random, count: number): number[] {
  return random.sample([1, 2, 3, 4, 5, 6], count).sort((a, b) => a - b);
}

/** E-mail of a chain location's manager: manager001@chain.demo.test for the chain's first location. */
export function managerEmail(index: number): string {
  return `manager${String(index + 1).padStart(3, '0')}@chain.demo.test`;
}

/** E-mail of a chain location's chef. */
export function chefEmail(index: number): string {
  return `chef${String(index + 1).padStart(3, '0')}@chain.demo.test`;
}

/** E-mail of a regional manager (member of every location of the region). */
export function regionalEmail(region: number): string {
  return `regional${String(region + 1).padStart(2, '0')}@chain.demo.test`;
}

/**
 * The chain's locations (ids from `firstLocationId`), their users (ids from `firstUserId`) and
 * their distributor accounts. Each location buys from its region's national broadliner, often a
 * regional one, one specialty house per category group most of the time, and sometimes Stockpot Direct.
 */
export function planChain(options: {
  locationCount: number;
  regionCount: number;
  firstLocationId: number;
  firstUserId: number;
}): ChainPlan {
  const random = createRandom(20240601, 'large/chain');
  const regions = REGIONS.slice(0, options.regionCount);
  const distributors = planDistributors(options.regionCount);
  const locations: ChainLocation[] = [];
  const users: ChainUser[] = [];
  const accounts: ChainAccount[] = [];
  let userId = options.firstUserId;

  for (let index = 0; index < options.locationCount; index += 1) {
    const region = regions[index % regions.length];
    const place = region.cities[Math.floor(index / regions.length) % region.cities.length];
    const id = options.firstLocationId + index;
    const number = String(index + 1).padStart(3, '0');
    locations.push({
      id,
      index,
      region: region.index,
      nickname: `Stockpot Kitchen #${number} ${place.city}`,
      timezone: region.timezone,
      phoneNumber: `(${place.area}) 555-${String(1000 + ((index * 37) % 9000)).padStart(4, '0')}`,
      address: `${random.int(10, 990)} ${random.pick(STREETS)}`,
      city: place.city,
      state: place.state,
      zipcode: place.zip,
      canPlaceOrder: true,
      displayAccounting: random.chance(0.5),
      displayRecipeCosting: random.chance(0.5),
      displayComparisonView: random.chance(0.5),
      displayShoppingCart: true,
      displayRebate: random.chance(0.7),
      displayMatch: random.chance(0.7),
      displayInventory: random.chance(0.5),
    });
    for (const [email, title] of [
      [managerEmail(index), 'General Manager'],
      [chefEmail(index), 'Chef'],
    ] as const) {
      users.push({
        id: userId,
        email,
        firstName: random.pick(FIRST_NAMES),
        lastName: random.pick(LAST_NAMES),
        title,
        locationIds: [id],
      });
      userId += 1;
    }

    const inRegion = distributors.filter((d) => d.regions.includes(region.index));
    const nationals = inRegion.filter((d) => d.kind === 'national');
    // Two national houses per region; each location's main one is one of them.
    const regionNationals = [nationals[region.index % nationals.length], nationals[(region.index + 1) % nationals.length]];
    const chosen: { distributor: ChainDistributor; ordersPerWeek: number }[] = [
      { distributor: random.pick(regionNationals), ordersPerWeek: 2 },
    ];
    const regionals = inRegion.filter((d) => d.kind === 'regional');
    if (regionals.length > 0 && random.chance(0.6)) chosen.push({ distributor: random.pick(regionals), ordersPerWeek: 1 });
    for (const group of Object.keys(SPECIALTY_GROUPS) as SpecialtyGroup[]) {
      const houses = inRegion.filter((d) => d.kind === 'specialty' && d.group === group);
      if (houses.length > 0 && random.chance(0.75)) chosen.push({ distributor: random.pick(houses), ordersPerWeek: 1 });
    }
    const partner = distributors.find((d) => d.kind === 'partner');
    if (partner && random.chance(0.4)) chosen.push({ distributor: partner, ordersPerWeek: 0.5 });

    for (const { distributor, ordersPerWeek } of chosen) {
      const hasMinimum = random.chance(0.3);
      accounts.push({
        locationId: id,
        distributorId: distributor.id,
        customerNumber: `${distributor.nickname.replace(/[^A-Z]/g, '').slice(0, 3) || 'ACC'}-${random.int(10_000, 99_999)}`,
        minOrderCents: hasMinimum ? random.pick([15_000, 20_000, 25_000, 50_000]) : 0,
        skipMinOrder: false,
        isMinOrderAmountRequired: hasMinimum && random.chance(0.5),
        acceptCc: random.pick([0, 1, 1, 2]),
        isDelivery: distributor.kind === 'partner' ? 1 : 0,
        deliveryWeekdays: distributor.kind === 'partner' ? [1, 2, 3, 4, 5] : weekdays(random, ordersPerWeek >= 2 ? 3 : 2),
        payableTerms: distributor.kind === 'partner' ? 0 : random.pick([7, 14, 21, 30]),
        ordersPerWeek,
      });
    }
  }

  for (const region of regions) {
    users.push({
      id: userId,
      email: regionalEmail(region.index),
      firstName: random.pick(FIRST_NAMES),
      lastName: random.pick(LAST_NAMES),
      title: `Regional Manager, ${region.name}`,
      locationIds: locations.filter((l) => l.region === region.index).map((l) => l.id),
    });
    userId += 1;
  }
  return { regions, distributors, locations, users, accounts };
}
