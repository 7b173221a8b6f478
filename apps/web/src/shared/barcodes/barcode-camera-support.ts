/** Whether this browser can be asked for a camera at all (a secure page with mediaDevices). */
export function canUseCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}
