/** Connectivity texts and timing of doc 1 §4 "Connection". */
export const ONLINE_TITLE = 'Online';
export const ONLINE_TEXT = 'Internet connection is back';
export const OFFLINE_TITLE = 'Offline';
export const OFFLINE_TEXT_SIGNED_OUT = "Sorry you are offline and won't be able to login/signup";
export const OFFLINE_TEXT_IN_APP =
  'You lost internet connectivity. Any updates to counts will not be saved. Please reconnect to the internet and click Go Offline to enable Offline mode.';
export const OFFLINE_NOTICE_TIMEOUT_MS = 5000;

/** The offline text for a path: login, sign-up and home get the sign-in text, every other page the counts text. */
export function getOfflineText(path: string): string {
  const isEntryPage = path === '/' || path.startsWith('/login') || path.startsWith('/sign-up');
  return isEntryPage ? OFFLINE_TEXT_SIGNED_OUT : OFFLINE_TEXT_IN_APP;
}

/** The modal for a change of connection, or null when nothing changed. */
export function getConnectivityNotice(
  wasOnline: boolean,
  isOnline: boolean,
  path: string,
): { title: string; message: string } | null {
  if (wasOnline === isOnline) return null;
  return isOnline ? { title: ONLINE_TITLE, message: ONLINE_TEXT } : { title: OFFLINE_TITLE, message: getOfflineText(path) };
}

/** Text of the modal any 401 answer opens (doc 3 §8). */
export const UNAUTHORIZED_TEXT = 'Please login with proper credentials.';
