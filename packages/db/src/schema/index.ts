export * from './accounts';
export * from './catalog';
export * from './ordering';
export * from './shopping-lists';
export * from './cards';
export * from './savings';
export * from './sales-reps';
