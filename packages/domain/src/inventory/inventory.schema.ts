/**
 * The inventory comparison view's API contract (doc 2 §3, §7 "Inventory lists and groups", "Group
 * items"): money in integer cents, unit prices in 1/10000 dollars, quantities as numbers with at
 * most 2 decimals (cases to 4). These are the answers' shapes; what the API accepts (names,
 * quantities, params, bodies, queries) is in inventory-requests.schema.
 */
import { z } from 'zod';

/** Inventory list (doc 2 §3 "Inventory list (comparison view)"). */
export const inventoryListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  merchantId: z.number().int(),
  hasRecipeGroups: z.boolean(),
  sort: z.number().int(),
  userId: z.number().int().nullable(),
  onInventory: z.boolean(),
});
export type InventoryList = z.infer<typeof inventoryListSchema>;

export const unitOptionSchema = z.object({ id: z.number().int(), name: z.string() });

/** Group item: distributor item, custom item or sub-recipe (doc 2 §3 "Group item", "On-hand fields"). */
export const groupItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  din: z.string(),
  brand: z.string(),
  distributor: z.string(),
  distributorId: z.number().int().nullable(),
  imageUrl: z.string(),
  brandImageUrl: z.string(),
  unitMeasure: z.string(),
  /** Effective price (doc 2 §4) in cents. */
  price: z.number().int(),
  unitPrice: z.number().int(),
  packSize: z.string(),
  customPackSize: z.string().nullable(),
  packSizeUom: z.string(),
  unitQuantity: z.number(),
  unitSize: z.number(),
  /** The unit the price is for (the item's unit of measure, as the order list answers it; doc 2 §3). */
  unitType: z.string(),
  isPartner: z.boolean(),
  rebate: z.number().int(),
  isPunchedOut: z.boolean(),
  isUnpurchasable: z.boolean(),
  isOutOfStock: z.boolean(),
  orderGuideId: z.number().int().nullable(),
  isPurchased: z.boolean(),
  lastPurchasedQty: z.number().int().nullable(),
  lastPurchasedDate: z.string().nullable(),
  lastPurchasedPrice: z.number().int().nullable(),
  /** The item's savings match, where the location displays matches (display_match), as on the order list. */
  matchId: z.number().int().nullable(),
  matchType: z.enum(['ExactMatch', 'SavingsOption']).nullable(),
  /** The best saving per case against its matches in cents (0 without display_match), and whether to show it. */
  savings: z.number().int(),
  showSavings: z.boolean(),
  itemDistributorId: z.number().int().nullable(),
  genericItemId: z.number().int().nullable(),
  genericCustomItemId: z.number().int().nullable(),
  subRecipeId: z.number().int().nullable(),
  isPreferred: z.boolean(),
  autoAdded: z.boolean(),
  isCatchWeight: z.boolean(),
  isMarketPrice: z.boolean(),
  isPriceOutdated: z.boolean(),
  isFromInvoice: z.boolean(),
  /** Priced from an electronic invoice: the price shows the tooltip 'Electronic Invoice {MM-DD-YYYY}' of invoiceDate (doc 2 §8). */
  isElectronicInvoiceItem: z.boolean(),
  purchasedPrice: z.number().int().nullable(),
  invoiceDate: z.string().nullable(),
  endDate: z.string().nullable(),
  isCustomItem: z.boolean(),
  isSubRecipe: z.boolean(),
  sortIndex: z.number().int(),
  onHand: z.number(),
  onHandPack: z.number(),
  onHandUom: z.number(),
  totalOnHand: z.number(),
  totalOnHandAmount: z.number().int(),
  collectiveOnHand: z.number(),
  collectiveOnHandUom: z.string(),
  /** Normalised unit price (per LB, FL OZ, EA or container) in 1/10000 dollars; null when the pack cannot be read. */
  finalUnitPrice: z.number().int().nullable(),
  finalUnit: z.string().nullable(),
  isCustomPackSize: z.boolean(),
  /** Beyond the spec: the cheapest per normalised unit in its group. */
  isBestBuy: z.boolean(),
});
export type GroupItem = z.infer<typeof groupItemSchema>;

/** Generic group (doc 2 §3). Money in cents; totalOnHand is the Amount on Hand in the group's unit. */
/**
 * One window of a group's price history: the average price paid per case (cents) for the group's
 * linked items on the location's orders in the 31 days from startDate, weighted by quantity; null
 * when nothing of the group was ordered then.
 */
export const groupPriceAnalyticsPointSchema = z.object({ startDate: z.string(), price: z.number().int().nullable() });
export type GroupPriceAnalyticsPoint = z.infer<typeof groupPriceAnalyticsPointSchema>;

export const genericGroupSchema = z.object({
  id: z.number().int(),
  comparisonViewId: z.number().int(),
  name: z.string(),
  systemComparisonGroupId: z.number().int().nullable(),
  sort: z.number().int(),
  parLevel: z.number(),
  expand: z.boolean(),
  purchased: z.number().int(),
  totalOnHandAmount: z.number().int(),
  totalOnHand: z.number(),
  belongsToRecipe: z.boolean(),
  unitId: z.number().int(),
  units: z.array(unitOptionSchema),
  items: z.array(groupItemSchema).optional(),
  /** Beyond the spec: what reaching par takes (the preferred, else cheapest, orderable item in whole cases). */
  orderToPar: z.object({ itemDistributorId: z.number().int(), quantity: z.number().int() }).nullable(),
  /** With analytics=1: the price-analytics windows (doc 2 §3 "Price analytics point"), oldest first. */
  analytics: z.array(groupPriceAnalyticsPointSchema).optional(),
});
export type GenericGroup = z.infer<typeof genericGroupSchema>;

/** Totals refetched after each edit (doc 2 §7 "Totals refetch"). */
export const groupTotalsSchema = z.object({
  totalOnHandAmount: z.number().int(),
  totalOnHand: z.number(),
  purchased: z.number().int(),
  comparisonViewTotalOnHandAmount: z.number().int(),
  allComparisonViewTotalOnHandAmount: z.number().int(),
});
export type GroupTotals = z.infer<typeof groupTotalsSchema>;

export const onHandResponseSchema = z.object({
  collectiveOnHand: z.number(),
  collectiveOnHandUom: z.string(),
  totalOnHand: z.number(),
  totalOnHandAmount: z.number().int(),
});

/** A catalogue item in the Add/Link dialog, with whether it is already in the group. */
export const linkCandidateSchema = z.object({
  itemDistributorId: z.number().int(),
  name: z.string(),
  din: z.string(),
  brand: z.string(),
  distributor: z.string(),
  packSize: z.string(),
  price: z.number().int(),
  isLinked: z.boolean(),
});
export type LinkCandidate = z.infer<typeof linkCandidateSchema>;

/**
 * One row of an item's historic on-hand (doc 2 §3 "Historic record", §7 GET …/historic-inventory):
 * a completed inventory's start date, what was counted then (in cases, 4 decimals) and how many
 * cases were ordered from that inventory's start to the next one's.
 */
export const historicRecordSchema = z.object({ startDate: z.string(), onHand: z.number(), ordered: z.number() });
export type HistoricRecord = z.infer<typeof historicRecordSchema>;

/** An item's price analytics (doc 2 §3 "Price analytics point"): twelve ~31-day windows, oldest first. */
export const itemPriceAnalyticsSchema = z.object({ analytics: z.array(groupPriceAnalyticsPointSchema) });
export type ItemPriceAnalytics = z.infer<typeof itemPriceAnalyticsSchema>;

/** A group as GET /comparison-views/all-groups and groups-search page it (their queries: inventory-requests.schema). */
export const groupSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  comparisonViewId: z.number().int(),
  comparisonViewName: z.string(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

/** A list and its groups holding the item, as GET /comparison-views/from-item-distributor answers them. */
export const listWithGroupsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), itemIds: z.array(z.number().int()).optional() })).optional(),
});
export type ListWithGroups = z.infer<typeof listWithGroupsSchema>;
