import type { GettingStarted, GettingStartedDistributor, GettingStartedStep } from './getting-started.schema';

export const GETTING_STARTED_TITLE = 'Get started';
export const UPLOAD_ORDER_GUIDE_TEXT = 'Upload order guide';

export const GETTING_STARTED_LABELS = {
  distributors: 'Add your distributors',
  'order-guides': 'Upload an order guide for each distributor',
  'delivery-days': 'Set delivery days',
  'first-order': 'Place your first order',
} as const satisfies Record<GettingStartedStep['key'], string>;

/**
 * Issue 31 "A first run that leads somewhere": the checklist ticks itself off from the location's
 * own data. Guides and delivery days count only once every distributor has them (a distributor
 * without a guide has nothing to order; one without delivery days has no date at checkout), and
 * neither counts while the location has no distributor at all.
 */
export function getGettingStarted(facts: { distributors: GettingStartedDistributor[]; hasOrders: boolean }): GettingStarted {
  const { distributors, hasOrders } = facts;
  const hasDistributors = distributors.length > 0;
  const isDone = {
    distributors: hasDistributors,
    'order-guides': hasDistributors && distributors.every((d) => d.hasOrderGuide),
    'delivery-days': hasDistributors && distributors.every((d) => d.hasDeliveryDays),
    'first-order': hasOrders,
  };
  return {
    distributors,
    hasOrders,
    isFirstRun: !distributors.some((d) => d.hasOrderGuide),
    steps: (Object.keys(GETTING_STARTED_LABELS) as GettingStartedStep['key'][]).map((key) => ({
      key,
      label: GETTING_STARTED_LABELS[key],
      isDone: isDone[key],
    })),
  };
}
