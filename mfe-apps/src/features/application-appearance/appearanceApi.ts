import { call, type ErrorResult } from '@suite/shared';
import {
  applicationsAdminApi,
  type ApplicationAppearance,
  type ApplicationAppearanceResult,
  type ModifyTenantAppearanceRequest,
  type TenantOverride,
  type UploadImageResult,
} from '@suite/shared/console';

/** The application's own appearance and its tenants' overrides. */
export async function fetchAppearance(id: number): Promise<ApplicationAppearanceResult> {
  return call(applicationsAdminApi.appearance, { headers: { idApplication: String(id) } });
}

/** Saves the application's whole appearance. */
export async function saveAppearance(id: number, appearance: ApplicationAppearance): Promise<ErrorResult> {
  return call(applicationsAdminApi.appearanceModify, { body: { id, appearance } });
}

/** Saves one tenant's title, language and override. */
export async function saveTenantAppearance(
  id: number,
  tenant: { code: string; title: string; defaultLanguage: string; override: TenantOverride },
): Promise<ErrorResult> {
  // the form offers the profile languages only; the API refuses any other
  return call(applicationsAdminApi.tenantAppearanceModify, {
    body: { id, ...tenant, defaultLanguage: tenant.defaultLanguage as ModifyTenantAppearanceRequest['defaultLanguage'] },
  });
}

/** A file's bytes in base64 (FileReader: the browser encodes, off the main thread's loops). */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** Uploads the file's bytes in base64; answers where it is served. */
export async function uploadImage(id: number, file: File): Promise<UploadImageResult> {
  return call(applicationsAdminApi.imageUpload, { body: { id, fileName: file.name, imageBase64: await base64Of(file) } });
}
