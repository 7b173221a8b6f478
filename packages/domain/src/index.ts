export * from './common/api.schema';
export * from './money/money.rules';
export * from './auth/auth.schema';
export * from './routing/routing.rules';
export * from './shell/connectivity.rules';
export * from './shell/spinner.rules';
