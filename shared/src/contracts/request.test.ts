import * as v from 'valibot';
import { FORBIDDEN_TEXT_MESSAGE, findForbiddenText, isAllowedText, parseFields, parseRequest } from './request';
import { CreateUserRequestSchema, UserListHeadersSchema } from './index';
import { LoginRequestSchema } from './login';

describe('request text gate (parseRequest)', () => {
  it('refuses NUL, C0 controls other than tab/CR/LF and lone surrogates; allows the rest', () => {
    for (const bad of [
      'a\u0000b',
      '\u0000',
      'x\u0001',
      '\u0008',
      '\u000b',
      '\u000c',
      '\u001b[31m',
      '\u001f',
      '\ud800',
      'a\udc00b',
      '\udc00\ud800',
    ]) {
      expect(isAllowedText(bad)).toBe(false);
    }
    for (const good of ['', 'plain', 'tab\there', 'lines\r\nand\nmore', 'ñandú €', '😀 emoji', '\u007f', '\u0085']) {
      expect(isAllowedText(good)).toBe(true);
    }
  });

  it('names the first offending string anywhere in the input, keys included', () => {
    expect(findForbiddenText({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(findForbiddenText('\u0000')).toBe('');
    expect(findForbiddenText({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findForbiddenText({ a: 'ok', n: 1, t: true, z: null })).toBeUndefined();
    // deep nesting does not overflow the stack
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findForbiddenText(deep)).toMatch(/^0(\.0)*$/);
  });

  it('refuses NUL in any string field of any schema — also in fields the schema does not check, or does not know', () => {
    const login = { user: 'admin', password: 'x', appname: 'ibuhoo' };
    for (const field of ['user', 'password', 'appname', 'Browser', 'page', 'unknownField']) {
      expect(parseRequest(LoginRequestSchema, { ...login, [field]: 'a\u0000' })).toEqual({
        success: false,
        path: field,
        message: FORBIDDEN_TEXT_MESSAGE,
      });
    }
    const bare = v.object({ anything: v.string() });
    expect(parseRequest(bare, { anything: '\u0000' })).toEqual({ success: false, path: 'anything', message: FORBIDDEN_TEXT_MESSAGE });
    expect(parseRequest(UserListHeadersSchema, { customerSearch: 'ana\u0000' })).toMatchObject({ success: false, path: 'customerSearch' });
    const nested = { customer: [{ id: '00000000-0000-4000-8000-000000000000', name: 'x\u0000', principal: true, assigned: false }] };
    expect(parseRequest(CreateUserRequestSchema, nested)).toMatchObject({ success: false, path: 'customer.0.name' });
  });

  it('refuses forbidden text a transform produces, and passes clean input through to the schema', () => {
    const decoding = v.object({
      q: v.pipe(
        v.string(),
        v.transform((s) => decodeURIComponent(s)),
      ),
    });
    expect(parseRequest(decoding, { q: 'a%00b' })).toEqual({ success: false, path: 'q', message: FORBIDDEN_TEXT_MESSAGE });
    expect(parseRequest(decoding, { q: 'a%20b' })).toEqual({ success: true, output: { q: 'a b' } });
    expect(parseRequest(LoginRequestSchema, { user: '', password: 'x', appname: 'ibuhoo' })).toEqual({
      success: false,
      path: 'user',
      message: 'Campo obligatorio',
    });
  });
});

describe('parseFields', () => {
  const schema = v.object({
    name: v.pipe(v.string(), v.minLength(2, 'short')),
    colours: v.object({ link: v.pipe(v.string(), v.regex(/^#/, 'colour')) }),
  });
  it('gives every field its first issue by dot path, or the output', () => {
    expect(parseFields(schema, { name: 'a', colours: { link: 'red' } })).toEqual({
      success: false,
      errors: { name: 'short', 'colours.link': 'colour' },
    });
    expect(parseFields(schema, { name: 'ab', colours: { link: '#fff' } })).toEqual({
      success: true,
      output: { name: 'ab', colours: { link: '#fff' } },
      errors: {},
    });
  });
});

describe("issues no rule words (defaultIssueMessage): the catalogue's phrases, never the library's English", () => {
  const Schema = v.object({ name: v.string(), nested: v.strictObject({ n: v.number() }) });

  it('a missing field is required; a field of another type, an unknown field of a closed object and the rest say so', () => {
    expect(parseRequest(Schema, { nested: { n: 1 } })).toEqual({ success: false, path: 'name', message: 'Campo obligatorio' });
    expect(parseRequest(Schema, { name: 5, nested: { n: 1 } })).toEqual({
      success: false,
      path: 'name',
      message: 'El valor no tiene el tipo esperado.',
    });
    expect(parseRequest(Schema, { name: 'a', nested: { n: 1, extra: true } })).toEqual({
      success: false,
      path: 'nested.extra',
      message: 'El campo no se admite.',
    });
    expect(
      parseRequest(
        v.pipe(
          v.string(),
          v.check((s) => s === 'x'),
        ),
        'y',
      ),
    ).toMatchObject({ message: 'El valor no es válido.' });
  });

  it('keeps the messages the contract words, and answers forms the same way', () => {
    expect(parseRequest(LoginRequestSchema, {})).toMatchObject({ success: false, message: expect.not.stringMatching(/^Invalid/) });
    expect(parseFields(Schema, { nested: {} }).errors).toEqual({ name: 'Campo obligatorio', 'nested.n': 'Campo obligatorio' });
  });
});
