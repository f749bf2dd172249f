import type { CountryRecord, DocumentTypeRecord, UserTypeRecord } from '@suite/shared';
import { useEffect, useState } from 'react';
import { fetchCountries, fetchDocumentTypes, fetchUserTypes } from '../../api/userCard';

/** User types and countries of the Datos tab, read once per card. */
export function useReferenceData() {
  const [userTypes, setUserTypes] = useState<UserTypeRecord[]>([]);
  const [countries, setCountries] = useState<CountryRecord[]>([]);
  useEffect(() => {
    let live = true;
    fetchUserTypes()
      .then((records) => live && setUserTypes(records))
      // without types the select stays empty and the required rule says why
      .catch(() => undefined);
    fetchCountries().then((records) => live && setCountries(records));
    return () => {
      live = false;
    };
  }, []);
  return { userTypes, countries };
}

/** The document types of the chosen country (spec §5: filtered to the country); none without one. */
export function useDocumentTypes(countryCode: string | undefined): DocumentTypeRecord[] {
  const [state, setState] = useState<{ code: string; types: DocumentTypeRecord[] }>({ code: '', types: [] });
  useEffect(() => {
    if (!countryCode) return undefined;
    let live = true;
    fetchDocumentTypes(countryCode).then((types) => live && setState({ code: countryCode, types }));
    return () => {
      live = false;
    };
  }, [countryCode]);
  return countryCode && state.code === countryCode ? state.types : [];
}
