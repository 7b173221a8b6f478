export * from './client';
export * from './schema/index';
export * from './read-model/item-sql';
export * from './read-model/read-model';
export * from './inventory-snapshot';
export * from './analytics/analytics-days';
export * from './recipe-costs/recipe-costs';
export * from './directory';
