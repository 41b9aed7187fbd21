import { describe, expect, it } from 'vitest';
import { displayName, foldedName, passwordRules, signUpRequest, visibleCharacters, type PasswordPolicy } from './accounts';

const policy: PasswordPolicy = { minLength: 8, maxLength: 128, commonPasswords: ['password'], commonPasswordsSource: 'test' };
const failedRules = (password: string, email?: string) =>
  passwordRules(policy, email)
    .filter((rule) => !rule.test(password))
    .map((rule) => rule.id);

describe('one rule of visible characters', () => {
  it.each([
    ['Hangul fillers', '\u3164\u3164\u3164\u3164\u1160\u115f\uffa0\u3164'],
    ['blank braille patterns', '\u2800'.repeat(8)],
    ['variation selectors and zero-width characters', '\ufe0f\ufe0e\u200b\u200c\u200d\u2060\ufeff\u180e'],
    ['spaces of every width', ' \u00a0\u2003\u3000\t   '],
  ])('finds nothing visible in a password of %s', (_what, password) => {
    expect(visibleCharacters(password)).toBe('');
    expect(failedRules(password)).toContain('visible');
  });

  it('refuses the same blanks inside a display name, bar plain spaces and emoji presentation selectors', () => {
    for (const name of ['RT\u2800victim', 'RT victim\u3164', 'RT\u200bvictim', 'RT victim\ufe00']) expect(displayName.safeParse(name).success, name).toBe(false);
    expect(displayName.parse('RT  victim 🏎️')).toBe('RT victim 🏎️');
  });
});

describe('a password', () => {
  it.each(['abababab', 'aaaaaaab', 'abcabcabc', 'abcdabcdab', 'xyzxyzxyzx'])('made of a short pattern repeated (%s) is refused', (password) => {
    expect(failedRules(password)).toEqual(['varied']);
  });

  it('of varied characters passes, however long its repeats', () => {
    expect(failedRules('correct horse battery staple')).toEqual([]);
    expect(failedRules('abcdeabcde')).toEqual([]);
  });

  it('equal to the account e-mail address is refused, whatever the case', () => {
    expect(failedRules('Max.Power@Example.com', 'max.power@example.com')).toEqual(['notEmail']);
    const signUp = signUpRequest(policy).safeParse({ email: 'max.power@example.com', password: 'MAX.POWER@example.com' });
    expect(signUp.error?.issues).toEqual([expect.objectContaining({ path: ['password'], message: 'must meet the rule "Not your email address"' })]);
  });
});

describe('the folded form of a display name', () => {
  it('ignores blanks, variation selectors, combining marks and case', () => {
    const victim = foldedName('RT victim');
    for (const lookalike of ['RT victim\ufe0f', 'RT\u2800victim', 'rt VICTIM', 'RT victi\u0307m', 'RT\u3164victim', ' RT  victim ']) {
      expect(foldedName(lookalike), lookalike).toBe(victim);
    }
    expect(foldedName('RT victims')).not.toBe(victim);
    expect(foldedName('RTvictim')).not.toBe(victim);
  });
});
