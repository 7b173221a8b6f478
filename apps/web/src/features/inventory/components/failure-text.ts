import { INVENTORY_TEXTS } from '@stockpot/domain';
import { isApiError } from '../../../lib/api-error';

/** A 400 shows the server's message (doc 2 §8); any other failure "Something wen't wrong", spelled so. */
export function failureText(error: unknown): string {
  return isApiError(error) && error.status === 400 ? error.message : INVENTORY_TEXTS.somethingWrong;
}
