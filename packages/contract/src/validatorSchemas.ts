import { z } from 'zod';
import { checkIdCard, ID_CARD_MESSAGE_KEYS, isChineseName, isEmail, isLandline, isLetterCode, isMobile, isPhoneOrLandline, isQQ, isUrl } from './validators.ts';

/*
 * Zod schemas for forms and request bodies on both sides. Messages are translation keys;
 * a non-string value gets the same key as a malformed one. They do not trim: wrap in
 * z.string().trim().pipe(…) where pasted whitespace should be forgiven.
 */

function refined(check: (value: string) => boolean, message: string) {
  return z.string({ message }).refine(check, { message });
}

export const mobile = refined(isMobile, 'validation.mobile');
export const landline = refined(isLandline, 'validation.landline');
export const phoneOrLandline = refined(isPhoneOrLandline, 'validation.phoneOrLandline');
export const email = refined(isEmail, 'validation.email');
export const qq = refined(isQQ, 'validation.qq');
export const letterCode = refined(isLetterCode, 'validation.letters');
export const chineseName = refined(isChineseName, 'validation.chineseName');
export const url = refined(isUrl, 'validation.url');

/** One issue per ID card, keyed by the first check that fails; a missing value reads as empty. */
export const idCard = z
  .string({
    error: (issue) => (issue.input == null ? ID_CARD_MESSAGE_KEYS.empty : ID_CARD_MESSAGE_KEYS.format),
  })
  .superRefine((value, ctx) => {
    const result = checkIdCard(value);
    if (result !== 'ok') ctx.addIssue({ code: 'custom', message: ID_CARD_MESSAGE_KEYS[result] });
  });
