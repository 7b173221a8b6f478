/**
 * The whole demo data set planned in memory before anything is written: the catalogue, two order
 * guides per location and distributor (an older one and the latest, which drops a few items so they
 * are punched out), and the electronic-invoice prices. Pure: same seed, size and today → same plan.
 */
import { toDecimalString } from '@stockpot/domain';
import { generateCatalog, type Catalog, type CatalogOffer } from './catalog';
import { addDays, instantOn } from './dates';
import { DEMO_IDS, DISTRIBUTOR_IDS, LOCATION_DISTRIBUTORS } from './demo-accounts';
import type { InvoicePriceLine } from './invoice-prices';
import type { ApplyOrderGuideInput } from './order-guides';
import { scaleCents } from './pricing';
import { createRandom, type Random } from './random';

/** The fixed seed of the demo data. Change it and every generated row changes. */
export const DEMO_SEED = 20240531;

/** The special kinds Harbor Grill's catalogue must show (ARCHITECTURE.md "Demo data"). */
export const OFFER_KINDS = {
  callIn: (offer: CatalogOffer) => offer.isUnpurchasable,
  outOfStock: (offer: CatalogOffer) => offer.status === 'inactive',
  marketPrice: (offer: CatalogOffer) => offer.isMarketPrice,
  catchWeight: (offer: CatalogOffer) => offer.isCatchWeight,
  rebate: (offer: CatalogOffer) => offer.rebateCents > 0,
  subCentUnitPrice: (offer: CatalogOffer) => offer.unitMeasure === 'CS' && offer.unitPriceE4 < 100,
} as const;

export type OfferKind = keyof typeof OFFER_KINDS;

/** How many of each kind are put on Harbor Grill's latest guides. */
const KIND_MINIMUM: Record<OfferKind, number> = {
  callIn: 4,
  outOfStock: 4,
  marketPrice: 4,
  catchWeight: 4,
  rebate: 6,
  subCentUnitPrice: 3,
};

export interface DemoPlan {
  today: string;
  catalog: Catalog;
  /** In the order to apply them: all older guides, then all latest ones. */
  guides: Required<ApplyOrderGuideInput>[];
  invoices: { locationId: number; lines: InvoicePriceLine[] }[];
}

/**
 * Makes sure the flag-only kinds occur often enough even in a small catalogue, by setting the flag
 * on a few more offers. Catch weight and sub-cent unit prices come from the product families.
 */
function ensureFlagKinds(offers: CatalogOffer[], random: Random): void {
  const topUp = (
    isKind: (offer: CatalogOffer) => boolean,
    eligible: (offer: CatalogOffer) => boolean,
    apply: (offer: CatalogOffer) => void,
  ) => {
    const missing = 8 - offers.filter(isKind).length;
    if (missing > 0)
      random
        .sample(
          offers.filter((offer) => !isKind(offer) && eligible(offer)),
          missing,
        )
        .forEach(apply);
  };
  topUp(
    OFFER_KINDS.callIn,
    () => true,
    (offer) => (offer.isUnpurchasable = true),
  );
  topUp(
    OFFER_KINDS.outOfStock,
    () => true,
    (offer) => (offer.status = 'inactive'),
  );
  topUp(
    OFFER_KINDS.rebate,
    (offer) => offer.brand !== '',
    (offer) => (offer.rebateCents = 150),
  );
  topUp(
    OFFER_KINDS.marketPrice,
    (offer) => offer.category === 'Seafood',
    (offer) => (offer.isMarketPrice = true),
  );
}

function toLine(offer: CatalogOffer, priceCents: number, endDate?: string) {
  return endDate === undefined
    ? { itemDistributorId: offer.id, price: toDecimalString(priceCents, 2) }
    : { itemDistributorId: offer.id, price: toDecimalString(priceCents, 2), endDate };
}

export function planDemo(options: { today: string; catalogSize?: number; seed?: number }): DemoPlan {
  const seed = options.seed ?? DEMO_SEED;
  const { today } = options;
  const catalog = generateCatalog(seed, options.catalogSize);
  const random = createRandom(seed, 'guides');
  ensureFlagKinds(catalog.offers, createRandom(seed, 'catalog/kinds'));

  const harborGrill = DEMO_IDS.locations.harborGrill;
  const harborGrillDistributors = new Set(
    LOCATION_DISTRIBUTORS.filter((l) => l.locationId === harborGrill).map((l) => l.distributorId),
  );

  // The special items Harbor Grill must show are put on its guides first.
  const forced = new Set<CatalogOffer>();
  for (const [kind, isKind] of Object.entries(OFFER_KINDS) as [OfferKind, (offer: CatalogOffer) => boolean][]) {
    const candidates = catalog.offers.filter((offer) => isKind(offer) && harborGrillDistributors.has(offer.distributorId));
    for (const offer of random.sample(candidates, KIND_MINIMUM[kind])) forced.add(offer);
  }

  const olderStart = addDays(today, -21);
  const olderEnd = addDays(today, -8);
  const latestStart = addDays(today, -7);
  const staleEnd = addDays(today, -2);
  const staleDistributors: number[] = [
    DISTRIBUTOR_IDS.harborline,
    DISTRIBUTOR_IDS.northeastProvisions,
    DISTRIBUTOR_IDS.primeCutMeats,
  ];

  const olderGuides: Required<ApplyOrderGuideInput>[] = [];
  const latestGuides: Required<ApplyOrderGuideInput>[] = [];
  const staleOffers: CatalogOffer[] = [];
  const latestPrices = new Map<string, { offer: CatalogOffer; priceCents: number }[]>();

  for (const link of LOCATION_DISTRIBUTORS) {
    const isHarborGrill = link.locationId === harborGrill;
    const offers = catalog.offers.filter((offer) => offer.distributorId === link.distributorId);
    const size = Math.min(link.guideSize, Math.floor(offers.length * 0.75));
    const mustHave = isHarborGrill ? offers.filter((offer) => forced.has(offer)).slice(0, size) : [];
    const rest = random.shuffle(offers.filter((offer) => !mustHave.includes(offer)));
    const fill = size - mustHave.length;
    const latest = [...mustHave, ...rest.slice(0, fill)];
    const dropped = rest.slice(fill, fill + (isHarborGrill ? random.int(3, 6) : random.int(2, 4)));
    const newcomers = new Set(random.sample(rest.slice(0, fill), random.int(2, 4)));
    const older = [...latest.filter((offer) => !newcomers.has(offer)), ...dropped];

    const contract = random.int(92, 100);
    const olderPrice = new Map(older.map((offer) => [offer, scaleCents(offer.priceCents, contract + random.int(-2, 2))]));
    const latestPrice = (offer: CatalogOffer): number => {
      const previous = olderPrice.get(offer);
      if (previous === undefined) return scaleCents(offer.priceCents, contract + random.int(-2, 2));
      return random.chance(0.7) ? previous : scaleCents(previous, random.int(97, 106));
    };

    const stale = new Set<CatalogOffer>();
    if (isHarborGrill && staleDistributors.includes(link.distributorId)) {
      for (const offer of random.sample(
        latest.filter((o) => !o.isMarketPrice && !forced.has(o)),
        2,
      )) {
        stale.add(offer);
        staleOffers.push(offer);
      }
    }

    const byId = (a: CatalogOffer, b: CatalogOffer) => a.id - b.id;
    const priced = latest.sort(byId).map((offer) => ({ offer, priceCents: latestPrice(offer) }));
    latestPrices.set(`${link.locationId}/${link.distributorId}`, priced);
    olderGuides.push({
      locationId: link.locationId,
      distributorId: link.distributorId,
      startDate: olderStart,
      endDate: olderEnd,
      createdAt: instantOn(olderStart),
      lines: older.sort(byId).map((offer) => toLine(offer, olderPrice.get(offer) ?? 0)),
    });
    latestGuides.push({
      locationId: link.locationId,
      distributorId: link.distributorId,
      startDate: latestStart,
      endDate: addDays(today, link.guideDaysLeft),
      createdAt: instantOn(latestStart),
      lines: priced.map(({ offer, priceCents }) => toLine(offer, priceCents, stale.has(offer) ? staleEnd : undefined)),
    });
  }

  // Electronic invoices: half dated after the latest guide started (the guide price is then the
  // outdated one), half before; three of the stale-priced items have one.
  const invoiceLines = (
    locationId: number,
    distributorIds: number[],
    count: number,
    include: CatalogOffer[],
  ): InvoicePriceLine[] => {
    const candidates = distributorIds
      .flatMap((distributorId) => latestPrices.get(`${locationId}/${distributorId}`) ?? [])
      .filter(({ offer }) => !offer.isMarketPrice);
    const included = candidates.filter(({ offer }) => include.includes(offer));
    const others = random.sample(
      candidates.filter(({ offer }) => !include.includes(offer)),
      count - included.length,
    );
    return [...included, ...others]
      .sort((a, b) => a.offer.id - b.offer.id)
      .map(({ offer, priceCents }, index) => ({
        itemDistributorId: offer.id,
        price: toDecimalString(scaleCents(priceCents, random.int(96, 108)), 2),
        invoiceDate: addDays(today, index % 2 === 0 ? -random.int(1, 6) : -random.int(8, 12)),
      }));
  };
  const invoices = [
    {
      locationId: harborGrill,
      lines: invoiceLines(
        harborGrill,
        [
          DISTRIBUTOR_IDS.harborline,
          DISTRIBUTOR_IDS.northeastProvisions,
          DISTRIBUTOR_IDS.coastalProduce,
          DISTRIBUTOR_IDS.primeCutMeats,
        ],
        24,
        staleOffers.slice(0, 3),
      ),
    },
    {
      locationId: DEMO_IDS.locations.harborGrillExpress,
      lines: invoiceLines(DEMO_IDS.locations.harborGrillExpress, [DISTRIBUTOR_IDS.harborline], 8, []),
    },
  ];

  return { today, catalog, guides: [...olderGuides, ...latestGuides], invoices };
}
