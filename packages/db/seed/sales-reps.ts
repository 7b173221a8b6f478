/**
 * Each distributor's sales reps for the demo locations (GLOSSARY "Sales rep"): one primary rep per
 * location account, who receives the location's purchase orders, plus a few secondary reps with
 * limited or no access, so the distributor screens and the order e-mail have someone real-looking.
 */
import type { Database } from '../src/client';
import { salesReps } from '../src/schema/index';
import { addDays } from './dates';
import { DEMO_IDS, DISTRIBUTOR_IDS, LOCATION_DISTRIBUTORS } from './demo-accounts';

const D = DISTRIBUTOR_IDS;

interface DemoRep {
  name: string;
  email: string;
  phone: string;
}

/** The primary rep of each distributor, the same person for every demo location. */
export const PRIMARY_REPS: Record<number, DemoRep> = {
  [D.harborline]: { name: 'Dana Morales', email: 'dana.morales@harborline-foodservice.example', phone: '(617) 555-0310' },
  [D.northeastProvisions]: { name: 'Raj Patel', email: 'raj.patel@northeast-provisions.example', phone: '(508) 555-0144' },
  [D.coastalProduce]: { name: 'Maria Costa', email: 'maria@coastal-produce.example', phone: '(617) 555-0271' },
  [D.primeCutMeats]: { name: 'Tom Brennan', email: 'tom.brennan@primecut-meats.example', phone: '(781) 555-0196' },
  [D.baysideSeafood]: { name: 'Sam Nguyen', email: 'orders@bayside-seafood.example', phone: '(617) 555-0402' },
  [D.stockpotDirect]: { name: 'Stockpot Direct Orders', email: 'direct-orders@stockpot.example', phone: '(617) 555-0100' },
};

/** Secondary reps, at Harbor Grill only. */
const SECONDARY_REPS: { distributorId: number; rep: DemoRep; accessType: 'limited' | 'none' }[] = [
  {
    distributorId: D.harborline,
    rep: { name: 'Kevin Walsh', email: 'kevin.walsh@harborline-foodservice.example', phone: '(617) 555-0311' },
    accessType: 'limited',
  },
  {
    distributorId: D.northeastProvisions,
    rep: { name: 'Alicia Gomez', email: 'alicia.gomez@northeast-provisions.example', phone: '(508) 555-0145' },
    accessType: 'none',
  },
];

/**
 * The demo rep who signs in (rep@demo.test, doc 3 §6): Northeast Provisions' rep at all three
 * locations, one access type each, so every kind of account can be seen from the rep's side.
 */
const SIGNED_IN_REP: DemoRep = { name: 'Nora Ellis', email: 'rep@demo.test', phone: '(508) 555-0146' };
const SIGNED_IN_REP_ACCESS: { locationId: number; accessType: 'unlimited' | 'limited' | 'none' }[] = [
  { locationId: DEMO_IDS.locations.harborGrill, accessType: 'unlimited' },
  { locationId: DEMO_IDS.locations.harborGrillExpress, accessType: 'limited' },
  { locationId: DEMO_IDS.locations.harborCatering, accessType: 'none' },
];

/** Inserts the demo sales reps; `today` dates the limited-access window. */
export async function seedSalesReps(db: Database, today: string): Promise<number> {
  const primaries = LOCATION_DISTRIBUTORS.map((account) => ({
    locationId: account.locationId,
    distributorId: account.distributorId,
    ...PRIMARY_REPS[account.distributorId],
    isPrimary: true,
    accessType: 'unlimited' as const,
    inviteStatus: 'accepted' as const,
  }));
  const harborGrill = LOCATION_DISTRIBUTORS[0].locationId;
  const secondaries = SECONDARY_REPS.map(({ distributorId, rep, accessType }) => ({
    locationId: harborGrill,
    distributorId,
    ...rep,
    isPrimary: false,
    accessType,
    startDate: accessType === 'limited' ? addDays(today, -30) : null,
    endDate: accessType === 'limited' ? addDays(today, 60) : null,
    inviteStatus: accessType === 'limited' ? ('sent' as const) : null,
  }));
  const signedIn = SIGNED_IN_REP_ACCESS.map(({ locationId, accessType }) => ({
    locationId,
    distributorId: D.northeastProvisions,
    ...SIGNED_IN_REP,
    isPrimary: false,
    accessType,
    startDate: accessType === 'limited' ? addDays(today, -7) : null,
    endDate: accessType === 'limited' ? addDays(today, 30) : null,
    inviteStatus: 'accepted' as const,
    userId: DEMO_IDS.users.rep,
  }));
  const rows = [...primaries, ...secondaries, ...signedIn];
  await db.insert(salesReps).values(rows);
  return rows.length;
}
