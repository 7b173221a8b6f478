export const SOMETHING_WENT_WRONG_TEXT = 'Something went wrong.';

/**
 * Text shown for a failed call (doc 3 §8, e.g. sign-in, help, reset password): the server's message
 * for the statuses whose message is meant for the user (400 by default), otherwise 'Something went wrong.'.
 */
export function getFailureText(
  status: number,
  serverMessage: string | undefined,
  shownStatuses: readonly number[] = [400],
): string {
  const message = serverMessage?.trim();
  return shownStatuses.includes(status) && message ? message : SOMETHING_WENT_WRONG_TEXT;
}
