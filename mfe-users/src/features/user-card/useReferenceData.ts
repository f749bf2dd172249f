import type { DocumentTypeRecord } from '@suite/shared';
import { consoleKeys } from '@suite/shared/console';
import { useQuery } from '@tanstack/react-query';
import { fetchCountries, fetchDocumentTypes, fetchUserTypes } from '../../api/userCard';

/** User types and countries of the Datos tab (catalogues: kept for the console's page). */
export function useReferenceData() {
  // without types the select stays empty and the required rule says why
  const userTypes = useQuery({ queryKey: consoleKeys.reference('userTypes'), queryFn: fetchUserTypes });
  const countries = useQuery({ queryKey: consoleKeys.reference('countries'), queryFn: fetchCountries });
  return { userTypes: userTypes.data ?? [], countries: countries.data ?? [] };
}

const NONE: DocumentTypeRecord[] = [];

/** The document types of the chosen country; none without one. */
export function useDocumentTypes(countryCode: string | undefined): DocumentTypeRecord[] {
  const types = useQuery({
    queryKey: consoleKeys.reference('documentTypes', countryCode),
    queryFn: () => fetchDocumentTypes(countryCode as string),
    enabled: Boolean(countryCode),
  });
  return (countryCode && types.data) || NONE;
}
