import { APP_PARAMETERS, parameterValue, type FreeTrialResult, type MaintenanceWindowResult } from '../contracts/applications';
import { applicationsApi } from '../contracts/applications-api';
import { getRuntimeConfig } from '../runtime-config';
import { tenantLanguage } from '../i18n';
import { call } from './call';

/** Session storage key of the cached version label of an application. */
export const VERSION_CACHE_PREFIX = 'appVersion:';

function appHeaders(): { appName: string } {
  return { appName: getRuntimeConfig().appName };
}

/**
 * The application's version, cached in session storage.
 * Falls back to the bundle's version from the runtime config; never throws.
 */
export async function fetchAppVersion(): Promise<string> {
  const { appName, tenant, version } = getRuntimeConfig();
  const key = `${VERSION_CACHE_PREFIX}${appName.toLowerCase()}`;
  try {
    const cached = window.sessionStorage.getItem(key);
    if (cached) return cached;
  } catch {
    /* storage unavailable */
  }
  try {
    const reply = await call(applicationsApi.version, {
      headers: { ...appHeaders(), ...(tenant ? { tenant } : {}), tenantLanguage: tenantLanguage() },
    });
    const found = reply?.version;
    if (typeof found === 'string' && found !== '') {
      try {
        window.sessionStorage.setItem(key, found);
      } catch {
        /* storage unavailable */
      }
      return found;
    }
  } catch {
    /* fails silently: the bundle's version stays */
  }
  return version;
}

/** The active maintenance window, or null (also when the call fails: it fails silently). */
export async function fetchMaintenanceWindow(): Promise<MaintenanceWindowResult | null> {
  try {
    const reply = await call(applicationsApi.maintenanceWindow, { headers: appHeaders() });
    return reply?.isMaintenance ? reply : null;
  } catch {
    return null;
  }
}

/** Free-trial information of the application, or null when it has none or the call fails. */
export async function fetchFreeTrial(): Promise<FreeTrialResult | null> {
  try {
    const reply = await call(applicationsApi.freeTrial, { headers: appHeaders() });
    return reply?.isFreeTrial ? reply : null;
  } catch {
    return null;
  }
}

/** What the sign-in screen reads from the application's login parameters. */
export interface SignInParameters {
  /** Contact of the blocked-user message. */
  supportContact?: string;
  /** Buy link, for applications that show one. */
  buyUrl?: string;
  /** The sign-in screens show the captcha and need it solved (docs/product/sign-in.md, Captcha). */
  captchaApply?: boolean;
  /** The sign-in offers 'Ingresar con llave de acceso' (docs/adr/0037-second-factors.md). */
  passkeySignIn?: boolean;
}

/** Login parameters of the application; {} when the call fails. */
export async function fetchSignInParameters(): Promise<SignInParameters> {
  try {
    const reply = await call(applicationsApi.parameters, { headers: { ...appHeaders(), parameterType: 'login' } });
    const parameters = reply?.parameters ?? [];
    const text = (name: string) => {
      const value = parameterValue<unknown>(parameters, name);
      return typeof value === 'string' && value.trim() !== '' ? value : undefined;
    };
    return {
      supportContact: text(APP_PARAMETERS.supportContact),
      buyUrl: text(APP_PARAMETERS.buyUrl),
      captchaApply: parameterValue<unknown>(parameters, APP_PARAMETERS.captchaApply) === true,
      passkeySignIn: parameterValue<unknown>(parameters, APP_PARAMETERS.passkeySignIn) === true,
    };
  } catch {
    return {};
  }
}
