/** What other features read of special requests (cart: the check a special request line must pass). */
export { createSpecialRequestCheck } from './special-requests.service';
