export const DISTRIBUTOR_PATH = '/distributor';
export const getDistributorPath = (id: number) => `${DISTRIBUTOR_PATH}/${id}`;
export const getOrderGuidePath = (id: number, guideId?: number | null) =>
  `${DISTRIBUTOR_PATH}/${id}/order-guide/${guideId ?? ''}`;
