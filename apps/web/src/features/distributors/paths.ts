export const DISTRIBUTOR_PATH = '/distributor';
export const getDistributorPath = (id: number) => `${DISTRIBUTOR_PATH}/${id}`;
export const getOrderGuidePath = (id: number, guideId?: number | null) =>
  `${DISTRIBUTOR_PATH}/${id}/order-guide/${guideId ?? ''}`;
/** The upload form's anchor on Edit Distributor (issue 31: the list's and the empty states' "Upload Order Guide"). */
export const UPLOAD_GUIDE_ANCHOR = 'upload-order-guide';
export const getUploadGuidePath = (id: number) => `${DISTRIBUTOR_PATH}/${id}#${UPLOAD_GUIDE_ANCHOR}`;
