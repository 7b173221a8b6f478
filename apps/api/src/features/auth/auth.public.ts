/** What other features read of sign-in (admin: the signed-in user as the app shows them). */
export { getCurrentUser } from './auth.service';
