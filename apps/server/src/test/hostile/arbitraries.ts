import fc from 'fast-check';
import type { z } from 'zod';
import * as contract from '@slipstream/contract';

/**
 * fast-check arbitraries for hostile input, built from the contract: the request schemas give the field names
 * and near-valid values (so a request gets past the first check and reaches the handler), and each field may be
 * swapped for a hostile value, dropped, or joined by fields nobody asked for.
 */

/** Values no endpoint expects: wrong types, extremes, unicode, markup, traversal, injection-looking text. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u0000\ud800',
    '😀'.repeat(300),
    'a'.repeat(100_000),
    '<img src=x onerror=alert(1)>',
    "'; drop table users; --",
    '../../../../etc/passwd',
    '..%2f..%2f',
    '%00',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '9'.repeat(400),
    '0x10',
    '2025-02-30T25:61:00Z',
    null,
    true,
    false,
    0,
    -1,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_VALUE,
    1.5,
    1e308,
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.bigInt().map((value) => value.toString()),
);

const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, hostileScalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), { maxKeys: 4 }),
})).value;

/**
 * Every object schema the contract exports. Request schemas are not named uniformly (signInRequest, newsItemCreate,
 * profileUpdate…), and an answer's shape sent back as a body is hostile input too.
 */
const requestSchemas: z.ZodObject[] = (Object.values(contract) as unknown[]).filter(isZodObject);

/** Every field name the contract's request schemas know, for query strings and bodies. */
const contractFieldNames: string[] = [...new Set(requestSchemas.flatMap((schema) => Object.keys(schema.shape)))].sort();

function isZodObject(value: unknown): value is z.ZodObject {
  return typeof value === 'object' && value !== null && (value as { _zod?: { def?: { type?: string } } })._zod?.def?.type === 'object';
}

type Def = { type: string; [key: string]: unknown };
type Check = { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean; format?: string; pattern?: RegExp };

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] => ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((check) => check._zod.def);

/** A value that the schema most likely accepts (formats it cannot imitate fall back to plain text). */
function validish(schema: unknown): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringFor(def);
    case 'number':
      return numberFor(def);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return fc.option(validish(def.innerType), { nil: undefined });
    case 'pipe':
      return validish(def.in);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(validish));
    case 'array':
      return fc.array(validish(def.element), { maxLength: 5 });
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(def.shape as Record<string, unknown>).map(([key, field]) => [key, validish(field)])), {
        requiredKeys: [],
      });
    default:
      return hostileScalar;
  }
}

function stringFor(def: Def): fc.Arbitrary<string> {
  const formats = [def, ...checksOf(def)];
  const pattern = formats.find((check) => check.pattern instanceof RegExp)?.pattern as RegExp | undefined;
  if (def.format === 'email') return fc.emailAddress();
  if (def.format === 'uuid' || def.format === 'guid') return fc.uuid();
  if (def.format === 'datetime') return fc.date({ noInvalidDate: true, min: new Date('1950-01-01'), max: new Date('2100-01-01') }).map((date) => date.toISOString());
  if (pattern && !pattern.flags.includes('u')) return fc.stringMatching(pattern);
  const checks = checksOf(def);
  const minLength = checks.find((check) => check.check === 'min_length')?.minimum ?? 0;
  const maxLength = checks.find((check) => check.check === 'max_length')?.maximum ?? minLength + 40;
  return fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, minLength + 200) });
}

function numberFor(def: Def): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const min = checks.find((check) => check.check === 'greater_than')?.value ?? -1e6;
  const max = checks.find((check) => check.check === 'less_than')?.value ?? 1e6;
  const integer = checks.some((check) => check.format === 'safeint' || check.format === 'int32');
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
}

/** A near-valid object for a request schema with some fields made hostile, some dropped, and strangers added. */
function mutatedRequest(schema: z.ZodObject): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.shape).map(([key, field]) => [key, fc.oneof(validish(field), validish(field), hostileJson)] as const);
  return fc
    .tuple(fc.record(Object.fromEntries(fields), { requiredKeys: [] }), fc.dictionary(fc.constantFrom(...contractFieldNames, 'role', 'isAdmin'), hostileJson, { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** A body: a mutated contract request, arbitrary JSON, or bytes that are not JSON at all. */
export type HostileBody = { payload?: string; contentType?: string };

export const hostileBody: fc.Arbitrary<HostileBody> = fc.oneof(
  fc.oneof(...requestSchemas.map(mutatedRequest)).map((value) => ({ payload: JSON.stringify(value), contentType: 'application/json' })),
  hostileJson.map((value) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' })),
  fc.constantFrom(
    { payload: '{"email": ', contentType: 'application/json' },
    { payload: '', contentType: 'application/json' },
    { payload: '{"__proto__": {"role": "admin"}}', contentType: 'application/json' },
    { payload: '<xml/>', contentType: 'application/xml' },
    { payload: 'email=a@b.co&password=x', contentType: 'application/x-www-form-urlencoded' },
    { payload: '--x\r\n\r\n', contentType: 'multipart/form-data; boundary=x' },
    { payload: 'plain', contentType: 'text/plain' },
    {},
  ),
);

/** A query string from contract field names (repeated keys make arrays) with near-valid or hostile values. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...contractFieldNames, 'season', 'limit', '__proto__'), fc.oneof(hostileScalar, fc.integer({ min: 1940, max: 2110 }))), {
    maxLength: 4,
  })
  .map((pairs) => pairs.map(([key, value]) => `${uriComponent(key)}=${uriComponent(value)}`).join('&'));

/** Percent-encodes any value; lone surrogates (which encodeURIComponent refuses) become U+FFFD. */
export function uriComponent(value: unknown): string {
  return encodeURIComponent(String(value).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

/** The request headers the contract defines (…Headers schemas), with values a header can carry but nobody expects. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom(
    ...Object.entries(contract)
      .filter(([name, value]) => name.endsWith('Headers') && isZodObject(value))
      .flatMap(([, value]) => Object.keys((value as z.ZodObject).shape)),
  ),
  fc.oneof(
    fc.constantFrom('', '-1', '0', '1e999', '99999999999999999999', 'NaN', '1.5', ' 60 ', '0x10', 'a'.repeat(8000), '../../etc/passwd'),
    fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 30 }),
  ),
  { maxKeys: 2 },
);
