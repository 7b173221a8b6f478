/**
 * Every `code` an API failure can carry (ARCHITECTURE.md "Conventions": `{ message, code, errors? }`),
 * as one typed list: the API may only throw these, its OpenAPI document lists them, and the web
 * parses an answer's code back into one (parseApiErrorCode). Append new codes here; never reuse one
 * for another meaning. Free of zod so the web's error class can use it without the schemas.
 */
export const API_ERROR_CODES = [
  // Any route
  'bad_request',
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
  // Sign-in and session
  'invalid_client',
  'invalid_credentials',
  'too_many_attempts',
  'no_active_location',
  'id_mismatch',
  // Cart, special requests and savings swaps
  'cart_disabled',
  'invalid_last_modified',
  'invalid_cart_entry',
  'call_in_item',
  'out_of_stock',
  'punched_out',
  'invalid_special_request',
  'invalid_distributor',
  'invalid_ordering_terms',
  'not_a_match',
  'already_swapped',
  'quantity_too_large',
  // Catalogue custom order and shopping lists
  'invalid_custom_order',
  'invalid_reorder',
  'duplicate_list_name',
  'shopping_list_full',
  // Checkout and orders
  'cannot_place_order',
  'idempotency_key_required',
  'idempotency_key_reused',
  'distributor_not_linked',
  'invalid_delivery_date',
  'invalid_delivery_time',
  'duplicate_line',
  'other_distributor',
  'item_not_orderable',
  'cart_changed',
  'prices_changed',
  'below_minimum_order',
  'card_required',
  'card_not_accepted',
  'card_payments_unavailable',
  'card_declined',
  'payment_gateway_error',
  'documents_pending',
  // Order history, receiving and invoices
  'order_cancelled',
  'items_not_checked',
  'missing_prices',
  'invalid_order_item',
  'too_many_invoice_images',
  'empty_file',
  'order_not_received',
  'credit_closed',
  'received_meanwhile',
  // Cards
  'card_not_verified',
  'expired_card',
  'default_required',
  // Inventory comparison view
  'duplicate_group',
  'not_convertible',
  // Linked items (doc 1 §8)
  'removed_from_group',
  // Recipe costing and point of sale
  'sub_recipe_locked',
  'sub_recipe_cycle',
  'unknown_pos_format',
  'pos_item_assigned',
  'duplicate_menu_category',
  'recipe_costing_disabled',
  // Account access: password reset, login-as, sign-up
  'invalid_reset_token',
  'reset_token_used',
  'reset_token_expired',
  'invalid_unlock_token',
  'unlock_token_used',
  'unlock_token_expired',
  'not_an_administrator',
  'email_taken',
  'invalid_sign_up',
  // Invoices in (issue 36)
  'not_an_invoice',
  'invalid_invoice',
  'invoice_total_mismatch',
  'invoice_order_not_found',
  // Only the web client makes these: no answer at all, or an answer without a known code.
  'network_error',
  'http_error',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

const KNOWN_CODES: ReadonlySet<string> = new Set(API_ERROR_CODES);

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

/** The code of an API answer as the client reads it: a known code, else 'http_error'. */
export function parseApiErrorCode(value: unknown): ApiErrorCode {
  return isApiErrorCode(value) ? value : 'http_error';
}

/** The code of a failure the framework raised (malformed JSON, body too large, rate limit), by its status. */
export function getFrameworkErrorCode(status: number): ApiErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return 'bad_request';
}
