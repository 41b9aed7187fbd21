import { describe, expect, it } from 'vitest';
import { passwordRules, passwordSchema } from '@slipstream/contract';
import { hashPassword, passwordMatches, passwordPolicy } from './passwords';

describe('password policy', () => {
  const policy = passwordPolicy();

  it('refuses the common passwords whatever their case, and short or overlong ones', () => {
    const schema = passwordSchema(policy);
    expect(schema.safeParse('password').success).toBe(false);
    expect(schema.safeParse('PassWord').success).toBe(false);
    expect(schema.safeParse('1234567').success).toBe(false);
    const alphabet = 'abcdefghijklmnopqrstuvwxyz'.repeat(5);
    expect(schema.safeParse(alphabet.slice(0, 129)).success).toBe(false);
    expect(schema.safeParse(alphabet.slice(0, 128)).success).toBe(true);
    expect(schema.safeParse('slipstream into turn one').success).toBe(true);
  });

  it('refuses passwords of only spaces, NULs or invisible characters, and short patterns repeated', () => {
    const schema = passwordSchema(policy);
    const refusals = (password: string) => (schema.safeParse(password).error?.issues ?? []).map((issue) => issue.message);
    expect(refusals(' '.repeat(12))).toEqual(['must meet the rule "Not only spaces or invisible characters"', 'must meet the rule "At least 3 different characters, and not a short pattern repeated"']);
    expect(refusals('\u0000'.repeat(12))).toContain('must meet the rule "Not only spaces or invisible characters"');
    expect(refusals(' \u0000\t\u200b\u3164\u2800\ufe0f\u1160\uffa0')).toEqual(['must meet the rule "Not only spaces or invisible characters"']);
    expect(refusals('x'.repeat(12))).toEqual(['must meet the rule "At least 3 different characters, and not a short pattern repeated"']);
    expect(refusals('🏎️'.repeat(6))).toEqual(['must meet the rule "At least 3 different characters, and not a short pattern repeated"']);
    expect(refusals('abababababab')).toEqual(['must meet the rule "At least 3 different characters, and not a short pattern repeated"']);
    expect(refusals('🏎️🏁🚦🏆🏎️🏁')).toEqual([]);
    expect(refusals('🏎'.repeat(12))).toEqual(['must meet the rule "At least 3 different characters, and not a short pattern repeated"']);
  });

  it('reports each rule for the form to tick off as the user types', () => {
    const results = (password: string) => passwordRules(policy).map((rule) => [rule.id, rule.test(password)]);
    expect(results('qwerty')).toEqual([
      ['minLength', false],
      ['maxLength', true],
      ['notCommon', false],
      ['visible', true],
      ['varied', true],
    ]);
    expect(results('QwertyUiop')).toEqual([
      ['minLength', true],
      ['maxLength', true],
      ['notCommon', false],
      ['visible', true],
      ['varied', true],
    ]);
    expect(results('🏎️🏁🏎️🏁')).toEqual([
      ['minLength', false],
      ['maxLength', true],
      ['notCommon', true],
      ['visible', true],
      ['varied', false],
    ]);
    expect(passwordRules(policy, 'max@example.com').map((rule) => [rule.id, rule.test('MAX@example.com')]).at(-1)).toEqual(['notEmail', false]);
  });

  it('takes the 10,000 most common passwords from the installed list, most common first', () => {
    expect(policy.commonPasswords).toHaveLength(10_000);
    expect(policy.commonPasswords.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(new Set(policy.commonPasswords).size).toBe(10_000);
    expect(policy.commonPasswordsSource).toMatch(/^The 10,000 most common passwords .* @zxcvbn-ts\/language-common \d+\.\d+\.\d+$/);
  });
});

describe('password hashing', () => {
  it('stores argon2id hashes that verify only the right password', async () => {
    const stored = await hashPassword('a long enough password');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('a long enough password')).not.toBe(stored);
    expect(await passwordMatches(stored, 'a long enough password')).toBe(true);
    expect(await passwordMatches(stored, 'A long enough password')).toBe(false);
  });
});
