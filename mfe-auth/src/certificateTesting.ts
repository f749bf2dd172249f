/**
 * What the certificate screens' tests share (jest only): firmaya's profile, the document types
 * the API answers, the form's two document fields, and a world reset before each test.
 */
import { DEFAULT_PROFILE, type PortalProfile } from '@suite/shared';
import { screen } from '@testing-library/react';
import { reply } from '@suite/shared/testing';
import { resetWorld } from './testHarness';

/** An envelope answered with 200. */
export const ok = (envelope: unknown) => () => reply(200, envelope);

export const firmaya: PortalProfile = { ...DEFAULT_PROFILE, app: 'firmaya', signInVariant: 'certificate' };

/** GET documentType/GetDocumentTypesLogin: one numeric type, one alphanumeric. */
export const TYPES = {
  statusCode: 200,
  result: {
    records: {
      result: {
        records: [
          {
            documentTypeId: 1,
            documentTypeDescription: 'Cédula de ciudadanía',
            documentTypeAllowed: 'CC',
            country: 'CO',
            alphanumeric: false,
          },
          { documentTypeId: 5, documentTypeDescription: 'Pasaporte', documentTypeAllowed: 'PA', country: 'CO', alphanumeric: true },
        ],
        count: 2,
      },
    },
  },
};

export const typeSelect = () => screen.getByLabelText('Tipo de documento');
export const numberField = () => screen.getByLabelText('Número de documento');

/** A fresh firmaya world before each test of the calling file. */
export function beforeEachCertificateWorld(): void {
  beforeEach(() => resetWorld('firmaya', { signInVariant: 'certificate' }));
}
