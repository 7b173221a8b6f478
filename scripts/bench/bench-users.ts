/** The bench's own user of every chain location (issue 39's "user with 200 locations"): bench-engine adds it. */
export const CHAIN_OWNER_EMAIL = 'owner@chain.demo.test';
