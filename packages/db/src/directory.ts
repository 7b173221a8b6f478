/**
 * Ids of the distributor directory that migration 0031 writes (platform data, present in every
 * database, demo or not). Tests and fixtures name entries through these.
 */
export const DIRECTORY_DISTRIBUTOR_IDS = {
  sysco: 10001,
  usFoods: 10002,
  performanceFoodservice: 10003,
  gordonFoodService: 10004,
  shamrockFoods: 10005,
  benEKeith: 10006,
  cheneyBrothers: 10007,
  chefsWarehouse: 10008,
  restaurantDepot: 10009,
  baldor: 10010,
} as const;
