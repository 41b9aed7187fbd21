import { iso31661 } from 'iso-3166';
import { f1dbId } from './f1';
import { z } from './zod';
import { accountErrorMessages, OAUTH_RETURN_MODE, OAUTH_RETURN_PATH, type AccountErrorCode } from './values';

/**
 * Accounts: sign-up and sign-in, sessions, OAuth, password reset, profiles and favourites.
 * docs/api-accounts.md describes every endpoint; the shapes live here so the server validates and the
 * web types and validates with the same schemas.
 */

// ---------------------------------------------------------------------------------------------------
// Error codes

export const accountErrorCode = z.enum(Object.keys(accountErrorMessages) as [AccountErrorCode, ...AccountErrorCode[]]);

/** Codes the web raises itself; listed so it shows the same words for them. */
export const webOnlyErrorCodes: readonly AccountErrorCode[] = ['auth/popup-closed-by-user', 'auth/popup-blocked', 'auth/network-request-failed'];

export const accountErrorResponse = z.object({ message: z.string(), code: accountErrorCode.optional() });
export type AccountErrorResponse = z.infer<typeof accountErrorResponse>;

// ---------------------------------------------------------------------------------------------------
// Fields

export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'at most 254 characters')
  .pipe(z.email('an email address like name@example.com'));

/** The uid of docs/product.md (Accounts and guards): our users' ids are UUIDs. */
export const userId = z.uuid('a user id');

/**
 * Blanks: characters that show nothing or change how the text around them is ordered. White space; controls
 * (NUL...); format characters (bidirectional embeddings, overrides, isolates and marks, zero-width spaces and
 * joiners); every other default-ignorable code point (the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0,
 * variation selectors, soft hyphens); the blank braille pattern U+2800; private-use and unassigned code points. The
 * one rule of what is visible, for passwords and names alike.
 */
const BLANK_CLASS = String.raw`\s\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800`;
const BLANKS = new RegExp(`[${BLANK_CLASS}]`, 'gu');

/** The text without its blanks: what someone looking at it sees. */
export function visibleCharacters(text: string): string {
  return text.replace(BLANKS, '');
}

/**
 * In a name, every blank but spaces (collapsed to one; tabs, line breaks and the byte order mark are blanks too) and
 * the emoji/text variation selectors U+FE0E/U+FE0F: with them one name can look like another, or like text it is not.
 */
const UNSEEN_IN_NAMES = new RegExp(`(?![\\uFE0E\\uFE0F]|(?![\\p{Cc}\\uFEFF])\\s)[${BLANK_CLASS}]`, 'u');

/**
 * A name as it is compared with others (the server's display-name skeleton builds on it): blanks that take a
 * space's room (white space, U+2800, the wide Hangul fillers) become one space, the other blanks (variation selectors
 * included) and combining marks go, and letters are lower-case, so "RT victim", "rt victim", "RT victim" + U+FE0F and
 * "victi\u0307m" beside "victim" compare equal.
 */
export function foldedName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\s\u2800\u3164\uFFA0]+/gu, ' ')
    .replace(new RegExp(`(?! )[${BLANK_CLASS}]|\\p{M}`, 'gu'), '')
    .trim()
    .toLowerCase();
}

/**
 * A name people see: Unicode NFKC (so full-width and other compatibility forms become their plain letters), runs of
 * spaces made one, trimmed, between min and max characters, with no unseen characters.
 */
function visibleName(min: number, max: number, tooShort: string) {
  return z
    .string()
    .refine((name) => !UNSEEN_IN_NAMES.test(name), 'must not contain invisible or control characters, nor ones that change the text direction (such as zero-width spaces or right-to-left marks)')
    .transform((name) => name.normalize('NFKC').replace(/\s+/gu, ' ').trim())
    .pipe(z.string().min(min, tooShort).max(max, `at most ${max} characters`));
}

export const displayName = visibleName(3, 40, 'at least 3 characters');
export const personName = visibleName(1, 50, 'must not be empty');
export const nickname = visibleName(1, 30, 'must not be empty');

/** ISO 3166-1 alpha-2 codes with their English short names, for the country picker. */
export const countries: readonly { code: string; name: string }[] = iso31661.map(({ alpha2, name }) => ({ code: alpha2, name }));
const countryCodes = countries.map(({ code }) => code) as [string, ...string[]];
export const countryCode = z.enum(countryCodes, { error: 'an ISO 3166-1 alpha-2 country code such as GB or NL' });

export const favouriteDriverId = f1dbId;
export const favouriteTeamId = f1dbId;

// ---------------------------------------------------------------------------------------------------
// Password policy

/** GET /api/auth/password-policy */
export const passwordPolicy = z.object({
  minLength: z.number().int(),
  maxLength: z.number().int(),
  /** Lower-case, most common first; a password is refused when its lower-case form is listed. */
  commonPasswords: z.array(z.string()),
  /** Where the common-password list comes from, for the curious. */
  commonPasswordsSource: z.string(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicy>;

export type PasswordRule = {
  id: 'minLength' | 'maxLength' | 'notCommon' | 'visible' | 'varied' | 'notEmail';
  description: string;
  test(password: string): boolean;
};

/** Characters as people count them (code points), so an emoji is one. */
const characterCount = (value: string) => Array.from(value).length;

/** The longest pattern that, repeated, makes a password too guessable ("abababab", "abcabcabc"). */
const LONGEST_REPEATED_PATTERN = 4;

/** Fewer than three different characters ("aaaaaaab"), or one short pattern over and over (a tail of it allowed). */
function repetitive(password: string): boolean {
  const characters = Array.from(password);
  if (new Set(characters).size < 3) return true;
  for (let period = 1; period <= Math.min(LONGEST_REPEATED_PATTERN, characters.length / 2); period += 1) {
    if (characters.every((character, index) => index < period || character === characters[index - period])) return true;
  }
  return false;
}

/** Whether a password is the account's own e-mail address (case and surrounding spaces aside). */
export function passwordIsEmailAddress(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email.trim().toLowerCase();
}

const NOT_EMAIL_RULE = 'Not your email address';

/**
 * The rules in the order the sign-up form lists them; each can be checked as the user types. With the account's
 * e-mail address (sign-up, reset), a password equal to it is refused too.
 */
export function passwordRules(policy: PasswordPolicy, email?: string): PasswordRule[] {
  const common = new Set(policy.commonPasswords);
  const rules: PasswordRule[] = [
    { id: 'minLength', description: `At least ${policy.minLength} characters`, test: (p) => characterCount(p) >= policy.minLength },
    { id: 'maxLength', description: `At most ${policy.maxLength} characters`, test: (p) => characterCount(p) <= policy.maxLength },
    { id: 'notCommon', description: 'Not one of the most common passwords', test: (p) => !common.has(p.toLowerCase()) },
    { id: 'visible', description: 'Not only spaces or invisible characters', test: (p) => visibleCharacters(p) !== '' },
    { id: 'varied', description: 'At least 3 different characters, and not a short pattern repeated', test: (p) => !repetitive(p) },
  ];
  if (email) rules.push({ id: 'notEmail', description: NOT_EMAIL_RULE, test: (p) => !passwordIsEmailAddress(p, email) });
  return rules;
}

/** The password field of sign-up and reset: the same rules on the server and in the form. */
export function passwordSchema(policy: PasswordPolicy, email?: string) {
  const rules = passwordRules(policy, email);
  return z.string().superRefine((password, context) => {
    for (const rule of rules) {
      if (!rule.test(password)) context.addIssue({ code: 'custom', message: passwordRuleMessage(rule) });
    }
  });
}

export const passwordRuleMessage = (rule: Pick<PasswordRule, 'description'>) => `must meet the rule "${rule.description}"`;

/** The refusal of a password equal to the account's address, for a flow that learns the address on the server. */
export const PASSWORD_IS_EMAIL_MESSAGE = `Invalid newPassword: ${passwordRuleMessage({ description: NOT_EMAIL_RULE })}`;

// ---------------------------------------------------------------------------------------------------
// Requests

export function signUpRequest(policy: PasswordPolicy) {
  return z
    .object({ email: emailAddress, password: passwordSchema(policy), displayName: displayName.optional() })
    .refine(({ email, password }) => !passwordIsEmailAddress(password, email), {
      path: ['password'],
      message: passwordRuleMessage({ description: NOT_EMAIL_RULE }),
    });
}
export type SignUpRequest = z.infer<ReturnType<typeof signUpRequest>>;

/** Sign-in checks only the length bound: an old password that a newer policy would refuse still signs in. */
export const signInRequest = z.object({ email: emailAddress, password: z.string().min(1, 'must not be empty').max(1024) });
export type SignInRequest = z.infer<typeof signInRequest>;

/** Resend the confirmation mail, or ask for a password reset mail. */
export const emailRequest = z.object({ email: emailAddress });
export type EmailRequest = z.infer<typeof emailRequest>;

/** The oobCode of an /auth-action link. */
export const actionCode = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'the code from the link');
export const actionCodeRequest = z.object({ oobCode: actionCode });
export type ActionCodeRequest = z.infer<typeof actionCodeRequest>;

/** email: the account's address when the caller knows it (the form); the server checks it once it finds the account. */
export function resetPasswordRequest(policy: PasswordPolicy, email?: string) {
  return z.object({ oobCode: actionCode, newPassword: passwordSchema(policy, email) });
}
export type ResetPasswordRequest = z.infer<ReturnType<typeof resetPasswordRequest>>;

/** The /auth-action page's query: which flow a mailed link belongs to. */
export const authActionMode = z.enum(['verifyEmail', 'resetPassword']);
export type AuthActionMode = z.infer<typeof authActionMode>;

/**
 * Where the server sends the browser when a Google or GitHub sign-in ends, /auth-action?mode=oauth with
 * either `next` (signed in: "/", or "/update-profile" for a new account) or `error` (a code to show on the
 * login page). The server serves this one page without cross-origin opener isolation, so that in the
 * sign-in popup it can still reach the page that opened it.
 */
export type OAuthOutcome = { next: '/' | '/update-profile' } | { error: AccountErrorCode };


export function oauthReturnUrl(outcome: OAuthOutcome): string {
  return `${OAUTH_RETURN_PATH}?${new URLSearchParams({ mode: OAUTH_RETURN_MODE, ...outcome })}`;
}

// ---------------------------------------------------------------------------------------------------
// Answers

export const oauthProviderId = z.enum(['google', 'github']);
export type OAuthProviderId = z.infer<typeof oauthProviderId>;
export const signInMethod = z.enum(['password', 'google', 'github']);
export type SignInMethod = z.infer<typeof signInMethod>;
export const role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof role>;

/** GET /api/auth/providers: only the configured providers are listed (hide the others' buttons). */
export const providersResponse = z.object({
  providers: z.array(z.object({ id: oauthProviderId, name: z.string(), signInUrl: z.string() })),
});
export type ProvidersResponse = z.infer<typeof providersResponse>;

/** The signed-in account (GET /api/auth/me and every session answer). */
export const authUser = z.object({
  uid: userId,
  email: z.string(),
  emailVerified: z.boolean(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  role,
  providers: z.array(signInMethod),
  createdAt: z.string(),
});
export type AuthUser = z.infer<typeof authUser>;

/** Sign-in and refresh: a short-lived Bearer token; the refresh token travels only in its cookie. */
export const sessionResponse = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  /** ISO instant; refresh about 5 minutes before it. */
  expiresAt: z.string(),
  expiresIn: z.number().int(),
  user: authUser,
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/** Answers that only carry a message to show (sign-up, resend, reset request, reset done). */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const signUpResponse = z.object({ message: z.string(), email: z.string() });
export type SignUpResponse = z.infer<typeof signUpResponse>;

/** POST /api/auth/verify-email and /api/auth/password-reset/check: whose address the link was for. */
export const actionCodeInfo = z.object({ email: z.string(), message: z.string() });
export type ActionCodeInfo = z.infer<typeof actionCodeInfo>;

export const checkAdminResponse = z.object({ isAdmin: z.literal(true) });
export type CheckAdminResponse = z.infer<typeof checkAdminResponse>;

// ---------------------------------------------------------------------------------------------------
// Profile

export const favourites = z.object({
  favDriver: favouriteDriverId.nullable(),
  favTeam: favouriteTeamId.nullable(),
});
export type Favourites = z.infer<typeof favourites>;

export const profile = z.object({
  uid: userId,
  profilePhoto: z.string().nullable(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  nickname: z.string().nullable(),
  country: z.string().nullable(),
  favourites,
});
export type Profile = z.infer<typeof profile>;

/** GET /api/profile/:uid: the call of docs/product.md (Accounts and guards); its data field becomes the user profile. */
export const profileResponse = z.object({ data: profile });
export type ProfileResponse = z.infer<typeof profileResponse>;

export const profileParams = z.object({ uid: userId });

/** The profile's own fields as a PUT or PATCH writes them: null clears one. */
const writableProfileFields = {
  displayName: displayName.nullable(),
  firstName: personName.nullable(),
  lastName: personName.nullable(),
  nickname: nickname.nullable(),
  country: countryCode.nullable(),
};

/** PUT /api/profile/:uid: every field. */
export const profileReplacement = z.object({ ...writableProfileFields, favourites }).strict();
export type ProfileReplacement = z.infer<typeof profileReplacement>;

/** PATCH /api/profile/:uid: only the fields sent change; favourites may be sent one at a time. */
export const profilePatch = z
  .object({ ...writableProfileFields, favourites: favourites.partial().strict() })
  .partial()
  .strict();
export type ProfilePatch = z.infer<typeof profilePatch>;

