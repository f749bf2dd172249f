import { valibotResolver } from '@hookform/resolvers/valibot';
import { type DocumentTypeRecord } from '@suite/shared';
import {
  UserDataFields,
  UserTypeIdSchema,
  VALIDATION_MESSAGES,
  documentSchema,
  type CountryRecord,
  type UserDetail,
} from '@suite/shared/console';
import type { Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { formatPhone, phoneFromStored } from './phone';

/**
 * The Datos tab as the form holds it (docs/product/users.md, Fields and states): selects hold ids as strings ('' = none),
 * the phone holds what the field shows. The rules are the contract's field schemas (the API
 * runs the same ones); only the id-holding selects differ from the request body.
 */
export interface UserFormValues {
  names: string;
  surnames: string;
  userName: string;
  email: string;
  idTypeUser: string;
  countryId: string;
  documentTypeId: string;
  document: string;
  phoneNumber: string;
}

const requiredChoice = v.pipe(v.string(VALIDATION_MESSAGES.required), v.nonEmpty(VALIDATION_MESSAGES.required));

function formSchema(alphanumericDocument: boolean) {
  return v.object({
    names: UserDataFields.names,
    surnames: UserDataFields.surnames,
    userName: UserDataFields.userName,
    email: UserDataFields.email,
    idTypeUser: v.pipe(v.string(), v.transform(Number), UserTypeIdSchema),
    countryId: requiredChoice,
    documentTypeId: requiredChoice,
    document: documentSchema(alphanumericDocument),
    phoneNumber: UserDataFields.phoneNumber,
  });
}

/** The two forms of the schema: the document rule depends on the chosen document type. */
const SCHEMAS = { numeric: formSchema(false), alphanumeric: formSchema(true) };

export type UserFormOutput = v.InferOutput<(typeof SCHEMAS)['numeric']>;

/**
 * Resolver of the Datos form: the contract's rules, with the document's numeric or alphanumeric
 * rule chosen by the selected type (`alphanumeric` flag of the document type; numeric by default).
 */
export function userFormResolver(documentTypes: () => readonly DocumentTypeRecord[]): Resolver<UserFormValues, unknown, UserFormOutput> {
  // the form's values are a narrower type than the schema's input (the phone is always text)
  const numeric = valibotResolver(SCHEMAS.numeric) as unknown as Resolver<UserFormValues, unknown, UserFormOutput>;
  const alphanumeric = valibotResolver(SCHEMAS.alphanumeric) as unknown as Resolver<UserFormValues, unknown, UserFormOutput>;
  return (values, context, options) => {
    const type = documentTypes().find((item) => String(item.documentTypeId) === values.documentTypeId);
    return (type?.alphanumeric ? alphanumeric : numeric)(values, context, options);
  };
}

export const EMPTY_USER_FORM: UserFormValues = {
  names: '',
  surnames: '',
  userName: '',
  email: '',
  idTypeUser: '',
  countryId: '',
  documentTypeId: '',
  document: '',
  phoneNumber: formatPhone(''),
};

/** The form's values for a stored user. */
export function userToForm(user: UserDetail): UserFormValues {
  return {
    names: user.names ?? '',
    surnames: user.surnames ?? '',
    userName: user.userName ?? '',
    email: user.email ?? '',
    idTypeUser: user.idTypeUser ? String(user.idTypeUser) : '',
    countryId: user.countryId ? String(user.countryId) : '',
    documentTypeId: user.documentTypeId ? String(user.documentTypeId) : '',
    document: user.document ?? '',
    phoneNumber: phoneFromStored(user.phoneNumber),
  };
}

/**
 * The user fields of the create / modify body: the country goes as its code and the document
 * type as its allowed code. Undefined when a chosen id is no longer offered.
 */
export function formToRequest(values: UserFormOutput, countries: readonly CountryRecord[], documentTypes: readonly DocumentTypeRecord[]) {
  const country = countries.find((item) => String(item.id) === values.countryId);
  const documentType = documentTypes.find((item) => String(item.documentTypeId) === values.documentTypeId);
  if (!country || !documentType) return undefined;
  return {
    names: values.names,
    surnames: values.surnames,
    userName: values.userName,
    email: values.email,
    document: values.document,
    phoneNumber: values.phoneNumber,
    idTypeUser: values.idTypeUser,
    countryCode: country.countryCode,
    documentType: documentType.documentTypeAllowed,
  };
}
