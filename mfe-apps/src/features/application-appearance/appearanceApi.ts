import { apiClient, type ErrorResult } from '@suite/shared';
import {
  APPEARANCE_PATHS,
  type ApplicationAppearance,
  type ApplicationAppearanceResult,
  type TenantOverride,
  type UploadImageResult,
} from '@suite/shared/console';

/** The API's address of a path of APPEARANCE_PATHS, as the client takes it (without /api/). */
const path = (full: string) => full.replace(/^\/api\//, '');

/** GET /api/application/appearance: the application's own appearance and its tenants' overrides. */
export async function fetchAppearance(id: number): Promise<ApplicationAppearanceResult> {
  return (await apiClient.get<ApplicationAppearanceResult>(path(APPEARANCE_PATHS.read), { headers: { idApplication: String(id) } })).result;
}

/** POST /api/application/modifyAppearance. */
export async function saveAppearance(id: number, appearance: ApplicationAppearance): Promise<ErrorResult> {
  return (await apiClient.post<ErrorResult>(path(APPEARANCE_PATHS.modify), { id, appearance })).result;
}

/** POST /api/application/modifyTenantAppearance. */
export async function saveTenantAppearance(id: number, tenant: { code: string; title: string; defaultLanguage: string; override: TenantOverride }): Promise<ErrorResult> {
  return (await apiClient.post<ErrorResult>(path(APPEARANCE_PATHS.modifyTenant), { id, ...tenant })).result;
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

/** POST /api/application/uploadImage: the file's bytes in base64; answers where it is served. */
export async function uploadImage(id: number, file: File): Promise<UploadImageResult> {
  return (await apiClient.post<UploadImageResult>(path(APPEARANCE_PATHS.uploadImage), { id, fileName: file.name, imageBase64: await base64Of(file) })).result;
}
