/**
 * Spec 000 §2: /login (and the social landing page that belongs to it) load another variant on a
 * Mac-type device — a Mac, iPhone or iPad (iPadOS reports itself as a Mac with touch).
 */
export function isMacDevice(nav: Pick<Navigator, 'userAgent' | 'platform'> = navigator): boolean {
  return /Macintosh|Mac OS X|iPhone|iPad|iPod/i.test(nav.userAgent) || /^(Mac|iPhone|iPad|iPod)/i.test(nav.platform ?? '');
}

/** Class names of the sign-in pages' frame for this device. */
export const loginPageClass = (mac: boolean): string => (mac ? 'login-page login-mac' : 'login-page');
