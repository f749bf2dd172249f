import * as v from 'valibot';
import { es, localize } from '../phrases';
import * as contracts from './index';

/**
 * Every rule of the contracts answers with a phrase of the catalogue (docs/adr/0010-phrase-catalogue.md),
 * so the API and the screens show it in the caller's language; a rule without a message would
 * answer with the validation library's English default ('Invalid length: Expected <=100 but
 * received 101') on a Spanish screen.
 */

type SchemaNode = Record<string, unknown>;

const isObject = (value: unknown): value is SchemaNode => typeof value === 'object' && value !== null;

/** A Spanish text the catalogue renders in English and Portuguese (templates with their values included). */
const inCatalogue = (text: string) => localize(text, 'en') !== text && localize(text, 'pt') !== text;

interface Rule {
  where: string;
  type: string;
  message: unknown;
}

/**
 * Every validation action reachable from the exports of the contracts: schemas and the endpoint
 * declarations that hold them (body, headers, query, params, result).
 */
function validationRules(): Rule[] {
  const seen = new Set<unknown>();
  const rules: Rule[] = [];
  const walk = (node: unknown, where: string): void => {
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    if (node.kind === 'validation') {
      rules.push({ where, type: String(node.type), message: node.message });
      return;
    }
    if (node.kind === 'schema') {
      if (isObject(node.entries)) for (const [key, entry] of Object.entries(node.entries)) walk(entry, `${where}.${key}`);
      walk(node.item, `${where}[]`);
      walk(node.wrapped, where);
      if (Array.isArray(node.options)) node.options.forEach((option, i) => walk(option, `${where}|${i}`));
      if (Array.isArray(node.items)) node.items.forEach((item, i) => walk(item, `${where}[${i}]`));
      walk(node.rest, `${where}.<rest>`);
      walk(node.key, `${where}.<key>`);
      walk(node.value, `${where}.<value>`);
      // a schema chosen by the input (v.lazy): the one it is published as, and the one it chooses without input
      walk(node.published, where);
      if (typeof node.getter === 'function') walk((node.getter as (input: unknown) => unknown)(undefined), where);
      if (Array.isArray(node.pipe)) for (const step of node.pipe) walk(step, where);
      return;
    }
    // transformations and metadata hold no message; plain objects may hold schemas (endpoint declarations)
    if (node.kind !== undefined || Array.isArray(node)) return;
    for (const [key, value] of Object.entries(node)) walk(value, `${where}.${key}`);
  };
  for (const [name, value] of Object.entries(contracts)) walk(value, name);
  return rules;
}

describe('the messages of the contract rules', () => {
  const rules = validationRules();

  it('finds the rules of the contracts', () => {
    expect(rules.length).toBeGreaterThan(300);
    expect(rules).toContainEqual(expect.objectContaining({ where: 'LoginRequestSchema.user', type: 'max_length' }));
  });

  it('gives every rule a message', () => {
    // a raw check names its message in each issue it adds (checked below for the applications' time caps)
    const without = rules.filter((rule) => rule.message === undefined && rule.type !== 'raw_check').map((r) => `${r.where}: ${r.type}`);
    expect(without).toEqual([]);
  });

  it('takes every fixed message from the catalogue', () => {
    const outside = rules
      .filter((rule) => typeof rule.message === 'string' && !inCatalogue(rule.message))
      .map((r) => `${r.where}: ${r.type} '${String(r.message)}'`);
    expect(outside).toEqual([]);
  });

  /** The message of the issue at `path` (a dot path) of parsing `input`. */
  const messageAt = (schema: v.GenericSchema, input: unknown, path: string) =>
    v.safeParse(schema, input).issues?.find((issue) => v.getDotPath(issue) === path)?.message;

  const signIn = { user: 'admin', password: 'x', appname: 'ibuhoo' };

  it.each([
    [
      'a sign-in user name over 100 characters',
      contracts.LoginRequestSchema,
      { ...signIn, user: 'a'.repeat(101) },
      'user',
      'Debe tener máximo 100 caracteres.',
    ],
    [
      'an appName header over 50 characters',
      contracts.AppNameHeadersSchema,
      { appName: 'a'.repeat(51) },
      'appName',
      'Debe tener máximo 50 caracteres.',
    ],
    [
      'a privilege state that is not whole',
      contracts.ModifyPrivilegeRequestSchema,
      { id: 1, idstate: 1.5 },
      'idstate',
      es.validation.integer,
    ],
    ['a privilege id that is not whole', contracts.ModifyPrivilegeRequestSchema, { id: 1.5, idstate: 0 }, 'id', es.request.invalidId],
    [
      'a sign-in tab id that is not 16 digits',
      contracts.LoginRequestSchema,
      { ...signIn, idSessionTab: '12' },
      'idSessionTab',
      es.request.sessionTabInvalid,
    ],
  ])('answers %s with the catalogue text', (_, schema, input, path, spanish) => {
    expect(messageAt(schema as v.GenericSchema, input, path)).toBe(spanish);
    expect(localize(spanish, 'en')).not.toBe(spanish);
    expect(localize(spanish, 'pt')).not.toBe(spanish);
  });

  it('renders the sign-in user name limit in English and Portuguese', () => {
    const message = messageAt(contracts.LoginRequestSchema, { ...signIn, user: 'a'.repeat(101) }, 'user') ?? '';
    expect(localize(message, 'en')).toBe('Must have at most 100 characters.');
    expect(localize(message, 'pt')).toBe('Deve ter no máximo 100 caracteres.');
  });

  it('answers a token time over its unit cap with the catalogue text (the raw check of the application form)', () => {
    const application = {
      name: 'Nomina',
      title: 'Nómina Electrónica',
      urlApp: 'https://nomina.suite.example/',
      urlAssignPassword: 'https://nomina.suite.example/clave',
      landing: 'https://nomina.suite.example/inicio',
      description: 'Liquidación de nómina',
      typeApplication: false,
      isVisible: true,
      amountTime: 30,
      timeUnit: 1,
      refreshTokenExpirationAmountTime: 1,
      refreshTokenExpirationTimeUnit: 3,
      userActivateTokenTime: 24,
      userActivateTokenTimeUnit: 2,
      assignPasswordTokenTime: 30,
      assignPasswordTokenTimeUnit: 1,
      maxRefreshTokensByUser: 0,
      isConcurrentSession: false,
      numberPasswordChanges: -1,
      passwordExpiration: -1,
      passwordTypeExpiration: 3,
      mechanismAfterSetPass: 1,
    };
    expect(v.safeParse(contracts.CreateApplicationRequestSchema, application).success).toBe(true);
    const result = v.safeParse(contracts.CreateApplicationRequestSchema, { ...application, amountTime: 525_601 });
    const issues = (result.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]);
    expect(issues).toEqual([['amountTime', 'El valor máximo es 525600.']]);
    expect(localize('El valor máximo es 525600.', 'en')).not.toBe('El valor máximo es 525600.');
    expect(localize('El valor máximo es 525600.', 'pt')).not.toBe('El valor máximo es 525600.');
  });
});
