/**
 * The catalogue's public face: what other features may use of it. Cart, shopping lists, savings
 * and the inventory read items through the one item projection and the location's context (which
 * brings the location's read model up to date first); everything else in this folder is the
 * catalogue's own.
 */
export { itemRowsSql, selectItemRows, type ItemRow, type LocationContext } from './item-rows.repo';
export { getLocationContext, toListItem } from './item-rows.service';
