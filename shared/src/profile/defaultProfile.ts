import { FALLBACK_APP } from '../contracts/messages';
import { FALLBACK_TITLE, type PortalProfile } from '../contracts/profiles';

const logo = '/brand/ibuhoo/logo.svg';

/**
 * The profile the page uses until the API's has arrived, and when it cannot be read: the
 * fallback application's look (portal spec §1). The API's profiles are the real data.
 */
export const DEFAULT_PROFILE: PortalProfile = {
  app: FALLBACK_APP,
  tenant: '',
  title: FALLBACK_TITLE,
  favicon: '/brand/ibuhoo/favicon.svg',
  background: '',
  logos: {
    signIn: logo,
    rememberPassword: logo,
    checkEmail: logo,
    invalidLink: logo,
    changePassword: logo,
    successAlert: logo,
    expireTime: logo,
    checkEmailAgain: logo,
    maintenance: logo,
    white: '/brand/ibuhoo/logo-white.svg',
  },
  logoWidth: 180,
  palette: {
    primary: { light: '#4f8fd1', main: '#1d5fa8', dark: '#123f72', iconSend: '#1d5fa8' },
    secondary: { light: '#f2f5f9', main: '#e3e9f1', dark: '#9aa7b8', titleText: '#123f72' },
    info: { light: '#e6f1fb', main: '#1f6fb2', dark: '#154c7a' },
    error: { light: '#fdecea', main: '#c62828', dark: '#8e1c1c' },
  },
  colors: {
    input: { text: '#575756', border: '#8a8a8a', focus: '#1d5fa8', label: '#575756', background: '#ffffff' },
    button: { active: '#1d5fa8', text: '#ffffff', disabled: '#c9d3df', disabledText: '#4a4a4a', success: '#2e7d32', disabledReset: '#c9d3df' },
    link: '#1d5fa8',
    message: '#575756',
    versionLabel: '#575756',
    alert: { text: '#575756', image: logo },
    forgotPassword: '#1d5fa8',
    selectAccount: { background: '#ffffff', text: '#575756', selected: '#1d5fa8' },
    loading: '#1d5fa8',
    errorBox: { text: '#8e1c1c', background: '#fdecea' },
  },
  fontFamily: 'Muli, Arial, sans-serif',
  textColor: '#575756',
  colorMode: 'light',
  signInVariant: 'classic',
  emailSentRoute: '/alert',
  showBuyLink: false,
  showFreeTrial: false,
  defaultTenant: '',
  defaultLanguage: 'es',
};
