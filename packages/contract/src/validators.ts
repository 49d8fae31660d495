import { textLength } from './limits.ts';

/*
 * The platform's field rules, as plain predicates so the console and the server
 * check exactly the same thing. The zod schemas made of them, which carry message keys each
 * side translates, are in validatorSchemas.ts: a screen that only checks a value loads no zod.
 */

/** Length rule of the spec: non-ASCII characters (Chinese, emoji, …) count as 2. */
export function isWithinLength(value: string, max: number): boolean {
  return textLength(value) <= max;
}

const MOBILE_PATTERN = /^1[34578]\d{9}$/;

/** Mainland mobile numbers: 11 digits, prefixes 13/14/15/17/18 as the spec lists them. */
export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

const LANDLINE_PATTERN = /^(?:\d{3,4}-)?\d{7,8}$/;

/** Landline or fax: optional 3–4 digit area code and a hyphen, then a 7–8 digit number. */
export function isLandline(value: string): boolean {
  return LANDLINE_PATTERN.test(value);
}

/** Fax numbers follow the landline format in the spec. */
export const isFax = isLandline;

/** Contact fields that take either a mobile or a landline number. */
export function isPhoneOrLandline(value: string): boolean {
  return isMobile(value) || isLandline(value);
}

/*
 * local@domain.tld: the local part is dot-separated runs of letters, digits and _ % + -
 * (so no leading, trailing or doubled dots); the domain is LDH labels and a TLD of 2+ letters.
 * Quoted local parts and IP-literal domains are valid per RFC 5321 but never wanted in a form.
 */
const EMAIL_PATTERN = /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
/** RFC 5321 limits: 64 characters before the @, 254 overall. */
const EMAIL_MAX = 254;
const EMAIL_LOCAL_MAX = 64;

/** A sensible email address check (not full RFC 5322, which accepts things no one types). */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX || !EMAIL_PATTERN.test(value)) return false;
  return value.indexOf('@') <= EMAIL_LOCAL_MAX;
}

const QQ_PATTERN = /^[1-9]\d{4,9}$/;

/** QQ numbers: 5–10 digits, never starting with 0. */
export function isQQ(value: string): boolean {
  return QQ_PATTERN.test(value);
}

const LETTER_CODE_PATTERN = /^[A-Za-z0-9_]{1,100}$/;

/** Codes and keys: ASCII letters, digits or underscore, 1 to 100 of them. */
export function isLetterCode(value: string): boolean {
  return LETTER_CODE_PATTERN.test(value);
}

/** Maximum digit counts of the spec's numeric fields (sort 5, mobile sort 4, gap 3, width 10, sub-sort 2). */
export const NUMERIC_WIDTHS = { sort: 5, mobileSort: 4, gap: 3, width: 10, subSort: 2 } as const;
export type NumericWidth = keyof typeof NUMERIC_WIDTHS;

const DIGITS_PATTERN = /^[0-9]+$/;

/** ASCII digits only (no sign, point or full-width digits), between 1 and maxWidth of them. */
export function isDigits(value: string, maxWidth: number): boolean {
  return DIGITS_PATTERN.test(value) && value.length <= maxWidth;
}

/*
 * CJK Unified Ideographs: the basic block, extension A, and extensions B–I / G–H in the
 * supplementary planes (rare characters do occur in real names, e.g. 𠇔). Compatibility
 * ideographs, radicals and 〇 are not unified ideographs and are refused.
 *
 * The middle dot `·` is deliberately NOT allowed: the spec and its message say "2 to 4
 * Chinese characters", and names written with a dot (transliterated minority or foreign
 * names such as 买买提·艾力) almost always run past 4 characters anyway, so admitting the dot
 * would only let through odd values like 艾·力 while the real names would still fail.
 */
const CHINESE_NAME_PATTERN = /^[\u3400-\u4DBF\u4E00-\u9FFF\u{20000}-\u{2EE5F}\u{30000}-\u{323AF}]{2,4}$/u;

/** Personal names: 2–4 CJK unified ideographs, counted as characters (not UTF-16 units). */
export function isChineseName(value: string): boolean {
  return CHINESE_NAME_PATTERN.test(value);
}

/** scheme://host[:port][path][?query][#fragment]; the host is checked separately below. */
const URL_PATTERN = /^(?:https?|ftp):\/\/([^\s/?#:]+)(?::(\d{1,5}))?(?:[/?#]\S*)?$/i;
const DOMAIN_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** At least one dot; the TLD is letters, or an IDN's punycode form (xn--…). */
const DOMAIN_PATTERN = new RegExp(`^(?:${DOMAIN_LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`, 'i');
/** Dotted quad with no leading zeros, so 010.1.1.1 (octal in some parsers) is refused. */
const IPV4_PATTERN = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const PORT_MAX = 65535;

/**
 * http, https or ftp URLs with a real host (domain, localhost or IPv4). User info
 * (user:pass@) is refused: credentials do not belong in stored links.
 */
export function isUrl(value: string): boolean {
  const match = URL_PATTERN.exec(value);
  if (!match) return false;
  const [, host, port] = match;
  if (port !== undefined) {
    const n = Number(port);
    if (n < 1 || n > PORT_MAX) return false;
  }
  return host.toLowerCase() === 'localhost' || IPV4_PATTERN.test(host) || DOMAIN_PATTERN.test(host);
}

/** Outcome of checkIdCard, in the order the checks run; each failure has its own message. */
export type IdCardCheck = 'ok' | 'empty' | 'length' | 'format' | 'region' | 'checkDigit';

export const ID_CARD_MESSAGE_KEYS: Record<Exclude<IdCardCheck, 'ok'>, string> = {
  empty: 'validation.idCardEmpty',
  length: 'validation.idCardLength',
  format: 'validation.idCardFormat',
  region: 'validation.idCardRegion',
  checkDigit: 'validation.idCardCheckDigit',
};

const ID_CARD_LENGTH = 18;
const ID_CARD_PATTERN = /^\d{17}[\dXx]$/;
const ID_CARD_MIN_YEAR = 1800;
/** Province-level codes (GB/T 2260 first two digits), incl. Taiwan 71, HK 81, Macau 82, abroad 91. */
const ID_CARD_REGIONS: ReadonlySet<string> = new Set(
  '11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46 50 51 52 53 54 61 62 63 64 65 71 81 82 91'.split(' '),
);
/** ISO 7064 MOD 11-2 weights for the first 17 digits, and the check character per remainder. */
const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CARD_CHECK_CHARS = '10X98765432';

/** YYYYMMDD must be a real calendar date between 1800-01-01 and today (local time). */
function isBirthDate(yyyymmdd: string, today: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < ID_CARD_MIN_YEAR || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC avoids DST surprises.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return false;
  const todayKey = today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
  return year * 10000 + month * 100 + day <= todayKey;
}

/** A day `YYYY-MM-DD` that exists in the calendar (not 2024-02-30, not 2024-13-01): false, never a throw, for anything else. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  // Day 0 of the next month is the last day of this one; UTC avoids DST surprises.
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Checks an 18-character resident ID number and says what is wrong first, so the form can
 * tell the user which part to fix. A whitespace-only value counts as empty; any other
 * whitespace is left to fail the length or format check (trim in the schema, not here).
 */
export function checkIdCard(value: string): IdCardCheck {
  if (value.trim() === '') return 'empty';
  if (value.length !== ID_CARD_LENGTH) return 'length';
  if (!ID_CARD_PATTERN.test(value) || !isBirthDate(value.slice(6, 14), new Date())) return 'format';
  if (!ID_CARD_REGIONS.has(value.slice(0, 2))) return 'region';
  let sum = 0;
  for (let i = 0; i < ID_CARD_WEIGHTS.length; i++) sum += Number(value[i]) * ID_CARD_WEIGHTS[i];
  return ID_CARD_CHECK_CHARS[sum % 11] === value[17].toUpperCase() ? 'ok' : 'checkDigit';
}

const CN_DIGITS = '零壹贰叁肆伍陆柒捌玖';
/** Place names inside a 4-digit group, indexed by position from the right. */
const CN_PLACES = ['', '拾', '佰', '仟'] as const;
/** Group names, indexed by 4-digit group from the right (元 is written separately). */
const CN_GROUPS = ['', '万', '亿'] as const;
/** Largest amount in cents: 999999999999.99. */
const AMOUNT_MAX_CENTS = 99_999_999_999_999n;
const AMOUNT_MAX_INTEGER_DIGITS = 12;
/** A decimal literal as JavaScript writes it, optionally signed, optionally with an exponent. */
const AMOUNT_PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

interface PlainDecimal {
  negative: boolean;
  integer: string;
  fraction: string;
}

/**
 * Reads a decimal string into sign, integer digits and fraction digits without going through
 * floating point, shifting the point for exponents (String(1e-7) is '1e-7'). Values too large
 * for the range are still reported as such; values far below a cent collapse to zero.
 */
function parseDecimal(text: string): PlainDecimal | null {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, sign, intPart, fracPart = '', expPart = '0'] = match;
  if (intPart === '' && fracPart === '') return null;
  const negative = sign === '-';
  let digits = intPart + fracPart;
  let point = intPart.length + Number(expPart);
  const firstNonZero = digits.search(/[1-9]/);
  if (firstNonZero < 0) return { negative, integer: '0', fraction: '' };
  digits = digits.slice(firstNonZero).replace(/0+$/, '');
  point -= firstNonZero;
  // Too big to print (maybe 1e999999999): keep just enough digits for the range check to fail.
  if (!(point <= AMOUNT_MAX_INTEGER_DIGITS)) {
    return { negative, integer: '1'.padEnd(AMOUNT_MAX_INTEGER_DIGITS + 1, '0'), fraction: '' };
  }
  // Below 0.001 nothing survives rounding to cents.
  if (point < -3) return { negative, integer: '0', fraction: '' };
  if (point <= 0) return { negative, integer: '0', fraction: '0'.repeat(-point) + digits };
  const padded = digits.padEnd(point, '0');
  return { negative, integer: padded.slice(0, point), fraction: padded.slice(point) };
}

/** Writes 0..9999_9999_9999 in capitals; each run of zeros between non-zero digits reads as one 零. */
function integerToChinese(integer: string): string {
  let out = '';
  let zeroPending = false;
  let groupHasDigit = false;
  for (let i = 0; i < integer.length; i++) {
    const digit = Number(integer[i]);
    const position = integer.length - 1 - i;
    if (digit === 0) {
      zeroPending = out !== '';
    } else {
      if (zeroPending) out += '零';
      zeroPending = false;
      groupHasDigit = true;
      out += CN_DIGITS[digit] + CN_PLACES[position % 4];
    }
    if (position % 4 === 0) {
      if (groupHasDigit) out += CN_GROUPS[position / 4];
      groupHasDigit = false;
    }
  }
  return out;
}

/**
 * The amount in Chinese financial capitals, as written on receipts and cheques.
 *
 * Conventions (one per case, always the same):
 * - whole yuan end in 整: 0 → 零元整, 10 → 壹拾元整 (the 壹 of 壹拾 is always written);
 * - a run of zeros between non-zero digits is one 零, also across 万/亿: 100010001 →
 *   壹亿零壹万零壹元整, 107000 → 壹拾万零柒仟元整; zeros at the end of the yuan are silent;
 * - 角 without 分 ends there, no 整: 100.5 → 壹佰元伍角, 10.1 → 壹拾元壹角;
 * - 分 without 角 after non-zero yuan gets one 零: 1.05 → 壹元零伍分;
 * - amounts below one yuan drop 零元: 0.5 → 伍角, 0.05 → 伍分;
 * - more than two decimals round half up on the digits (half away from zero for negatives):
 *   1.005 → 壹元零壹分, as the string says, not as the float 1.00499… would;
 * - negatives get 负 unless they round to zero; the range is ±999999999999.99 after rounding.
 *
 * @throws RangeError when the value is not a finite decimal number or is out of range.
 */
export function amountToChinese(amount: number | string): string {
  if (typeof amount === 'number' && !Number.isFinite(amount)) {
    throw new RangeError(`Amount is not a finite number: ${amount}`);
  }
  // String(number) is the shortest text that reads back as the same double, so 0.29 stays "0.29".
  const parsed = parseDecimal(String(amount));
  if (!parsed) throw new RangeError(`Amount is not a number: ${String(amount)}`);
  if (parsed.integer.length > AMOUNT_MAX_INTEGER_DIGITS) {
    throw new RangeError(`Amount is out of range: ${String(amount)}`);
  }
  const fraction = parsed.fraction.padEnd(3, '0');
  let cents = BigInt(parsed.integer + fraction.slice(0, 2));
  if (fraction[2] >= '5') cents += 1n;
  if (cents > AMOUNT_MAX_CENTS) throw new RangeError(`Amount is out of range: ${String(amount)}`);

  const yuan = cents / 100n;
  const jiao = Number((cents / 10n) % 10n);
  const fen = Number(cents % 10n);
  const sign = parsed.negative && cents > 0n ? '负' : '';
  if (cents === 0n) return '零元整';

  let out = yuan > 0n ? `${integerToChinese(yuan.toString())}元` : '';
  if (jiao === 0 && fen === 0) return `${sign}${out}整`;
  if (jiao > 0) out += `${CN_DIGITS[jiao]}角`;
  else if (yuan > 0n) out += '零';
  if (fen > 0) out += `${CN_DIGITS[fen]}分`;
  return sign + out;
}
