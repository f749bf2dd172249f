import type { DeviceType } from './user-sessions';

/**
 * What a User-Agent says of the browser and the device — the sign-in's `Browser` on the page, and
 * a session's browser and device type in the users console. One reading for both.
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

export function browserOfUserAgent(userAgent: string): string {
  return BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Other';
}

export function deviceOfUserAgent(userAgent: string): DeviceType {
  // a name alone (an older session kept only the page's `Browser`) says nothing of the device
  if (!userAgent.includes('/')) return 'unknown';
  if (/iPad|Tablet|PlayBook|Silk\/|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
