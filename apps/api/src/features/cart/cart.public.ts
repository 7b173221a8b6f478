/**
 * The cart's public face: what other features may use of it. Suggested orders (issue 37) add their
 * lines through the cart's own save, so the cart's rules (blocked adds, limits) apply to them too.
 */
export { getCart, saveCart } from './cart.service';
