import { browserOfUserAgent, deviceOfUserAgent } from './user-agent';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0';

describe('what a User-Agent says', () => {
  it.each([
    [IPHONE, 'Safari', 'mobile'],
    [IPAD, 'Safari', 'tablet'],
    [ANDROID_PHONE, 'Chrome', 'mobile'],
    [ANDROID_TABLET, 'Chrome', 'tablet'],
    [WINDOWS_EDGE, 'Edge', 'desktop'],
    [MAC_FIREFOX, 'Firefox', 'desktop'],
    ['Chrome', 'Other', 'unknown'],
    ['', 'Other', 'unknown'],
  ])('%s → %s on %s', (agent, browser, device) => {
    expect(browserOfUserAgent(agent)).toBe(browser);
    expect(deviceOfUserAgent(agent)).toBe(device);
  });
});
