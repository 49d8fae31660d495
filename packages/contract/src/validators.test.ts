import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { translate } from './messages.ts';
import { LENGTH_LIMITS } from './text.ts';
import {
  amountToChinese,
  checkIdCard,
  chineseName,
  email,
  ID_CARD_MESSAGE_KEYS,
  idCard,
  isCalendarDay,
  isChineseName,
  isDigits,
  isEmail,
  isFax,
  isLandline,
  isLetterCode,
  isMobile,
  isPhoneOrLandline,
  isQQ,
  isUrl,
  isWithinLength,
  landline,
  letterCode,
  mobile,
  NUMERIC_WIDTHS,
  phoneOrLandline,
  qq,
  url,
} from './index.ts';

const CN = '中';

describe('isWithinLength', () => {
  it.each([
    ['', 0, true],
    ['a', 0, false],
    ['abc', 3, true],
    ['abcd', 3, false],
    ['中', 2, true],
    ['中', 1, false],
    ['中a', 3, true],
    ['中a', 2, false],
    ['é', 2, true],
    ['é', 1, false],
    ['😀', 2, true],
    ['😀', 1, false],
    ['a😀b', 4, true],
    ['a😀b', 3, false],
  ] as const)('%j within %i → %s', (value, max, expected) => {
    expect(isWithinLength(value, max)).toBe(expected);
  });

  it('counts an emoji (one code point, two UTF-16 units) as 2, not 4', () => {
    expect('😀'.length).toBe(2);
    expect(isWithinLength('😀😀', 4)).toBe(true);
    expect(isWithinLength('😀😀', 3)).toBe(false);
  });

  it('counts every code point of a ZWJ emoji sequence (👨‍👩‍👧 is 5 code points → 10)', () => {
    const family = '👨‍👩‍👧';
    expect(isWithinLength(family, 10)).toBe(true);
    expect(isWithinLength(family, 9)).toBe(false);
  });

  it('uses the limits of the spec', () => {
    expect(LENGTH_LIMITS).toEqual({ short: 50, standard: 100, description: 1600, function: 1000 });
  });

  // [limit, exactly-at-limit value, one-over value] for pure Chinese, pure ASCII and mixes.
  it.each([
    [50, CN.repeat(25), `${CN.repeat(25)}a`],
    [50, 'a'.repeat(50), 'a'.repeat(51)],
    [50, `${CN.repeat(20)}${'a'.repeat(10)}`, `${CN.repeat(20)}${'a'.repeat(11)}`],
    [50, `${CN.repeat(24)}ab`, `${CN.repeat(25)}b`],
    [50, `${'😀'.repeat(10)}${CN.repeat(15)}`, `${'😀'.repeat(10)}${CN.repeat(15)}x`],
    [100, CN.repeat(50), `${CN.repeat(50)}a`],
    [100, `${CN.repeat(49)}ab`, `${CN.repeat(49)}abc`],
    [100, `a${CN.repeat(49)}b`, `a${CN.repeat(50)}`],
    [100, 'x'.repeat(100), 'x'.repeat(101)],
    [1600, CN.repeat(800), CN.repeat(801)],
    [1600, `${CN.repeat(799)}ab`, `${CN.repeat(799)}abc`],
    [1600, `${'ab中'.repeat(400)}`, `${'ab中'.repeat(400)}c`],
    [1000, CN.repeat(500), `${CN.repeat(500)}a`],
    [1000, `${CN.repeat(300)}${'a'.repeat(400)}`, `${CN.repeat(301)}${'a'.repeat(399)}`],
    [1000, `${'😀'.repeat(500)}`, `${'😀'.repeat(500)}a`],
  ] as const)('limit %i: accepts exactly the limit and refuses one more', (limit, atLimit, overLimit) => {
    expect(isWithinLength(atLimit, limit)).toBe(true);
    expect(isWithinLength(overLimit, limit)).toBe(false);
  });

  it('checks the spec limits by name', () => {
    expect(isWithinLength(CN.repeat(25), LENGTH_LIMITS.short)).toBe(true);
    expect(isWithinLength(CN.repeat(26), LENGTH_LIMITS.short)).toBe(false);
    expect(isWithinLength(CN.repeat(50), LENGTH_LIMITS.standard)).toBe(true);
    expect(isWithinLength(CN.repeat(51), LENGTH_LIMITS.standard)).toBe(false);
    expect(isWithinLength(CN.repeat(800), LENGTH_LIMITS.description)).toBe(true);
    expect(isWithinLength(CN.repeat(801), LENGTH_LIMITS.description)).toBe(false);
    expect(isWithinLength(CN.repeat(500), LENGTH_LIMITS.function)).toBe(true);
    expect(isWithinLength(CN.repeat(501), LENGTH_LIMITS.function)).toBe(false);
  });
});

describe('isMobile', () => {
  it.each([
    ['10', false],
    ['11', false],
    ['12', false],
    ['13', true],
    ['14', true],
    ['15', true],
    ['16', false],
    ['17', true],
    ['18', true],
    ['19', false],
  ] as const)('prefix %s → %s', (prefix, expected) => {
    expect(isMobile(`${prefix}812345678`)).toBe(expected);
  });

  it.each(['13800138000', '14700000000', '15999999999', '17012345678', '18612345678', '13000000000'])('accepts %s', (value) => {
    expect(isMobile(value)).toBe(true);
  });

  it.each([
    '',
    '1380013800', // 10 digits
    '138001380001', // 12 digits
    '23800138000', // does not start with 1
    '03800138000',
    '+8613800138000',
    '86-13800138000',
    '138 0013 8000',
    '138-0013-8000',
    ' 13800138000',
    '13800138000 ',
    '1380013800a',
    '１３８００１３８０００', // full-width digits
  ])('refuses %j', (value) => {
    expect(isMobile(value)).toBe(false);
  });
});

describe('isLandline / isFax', () => {
  it('isFax is the landline rule', () => {
    expect(isFax).toBe(isLandline);
  });

  it.each(['010-12345678', '0755-1234567', '0755-12345678', '021-1234567', '12345678', '1234567', '0571-87654321'])('accepts %s', (value) => {
    expect(isLandline(value)).toBe(true);
    expect(isFax(value)).toBe(true);
  });

  it.each([
    '',
    '123456', // 6 digits
    '123456789', // 9 digits
    '010-123456', // 6 digits after area code
    '010-123456789', // 9 digits after area code
    '01-12345678', // 2-digit area code
    '07555-1234567', // 5-digit area code
    '01012345678', // area code without hyphen
    '010 12345678',
    '(010)12345678',
    '010-',
    '-12345678',
    '010--12345678',
    '010-1234567a',
    '010-12345678-801', // extension
    '+86-10-12345678',
  ])('refuses %j', (value) => {
    expect(isLandline(value)).toBe(false);
    expect(isFax(value)).toBe(false);
  });
});

describe('isPhoneOrLandline', () => {
  it.each([
    ['13800138000', true],
    ['18612345678', true],
    ['010-12345678', true],
    ['0755-1234567', true],
    ['12345678', true],
    ['1234567', true],
    ['16012345678', false], // 11 digits but not a mobile prefix, too long for a landline
    ['123456', false],
    ['', false],
    ['phone', false],
    ['138-0013-8000', false],
  ] as const)('%j → %s', (value, expected) => {
    expect(isPhoneOrLandline(value)).toBe(expected);
  });
});

describe('isEmail', () => {
  it.each([
    'user@example.com',
    'first.last@example.com',
    'user+tag@example.com',
    'user+tag+more@example.co',
    'a.b.c@example.com',
    'user@mail.example.com.cn',
    'user@a.b.c.d.example.org',
    'a_b-c%d@sub-domain.example.org',
    'USER@EXAMPLE.COM',
    '12345@qq.com',
    'x@y.io',
    `${'a'.repeat(64)}@example.com`,
    `a@${`${'b'.repeat(50)}.`.repeat(4)}${'c'.repeat(44)}.com`, // exactly 254 characters
  ])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });

  it('puts the overall limit at 254 characters', () => {
    const at = `a@${`${'b'.repeat(50)}.`.repeat(4)}${'c'.repeat(44)}.com`;
    expect(at).toHaveLength(254);
    expect(isEmail(at)).toBe(true);
    expect(isEmail(at.replace('a@', 'aa@'))).toBe(false);
  });

  it.each([
    '',
    'plainaddress',
    '@example.com',
    'user@',
    'user@@example.com',
    'user@exa@mple.com',
    'user name@example.com',
    'user@exam ple.com',
    ' user@example.com',
    'user@example.com ',
    'user@example', // no TLD
    'user@example.c', // 1-letter TLD
    'user@example.c0m', // digit in TLD
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@example..com',
    'user@.example.com',
    'user@example.com.',
    '用户@example.com',
    'user@例子.com',
    'user@[127.0.0.1]',
    '"quoted"@example.com',
    'user@example.com\n',
    `${'a'.repeat(65)}@example.com`, // local part over 64
    `a@${`${'b'.repeat(50)}.`.repeat(4)}${'c'.repeat(45)}.com`, // 255 characters, over the 254 limit
  ])('refuses %j', (value) => {
    expect(isEmail(value)).toBe(false);
  });
});

describe('isQQ', () => {
  it.each([
    ['1234', false], // 4 digits
    ['10000', true], // 5 digits
    ['12345', true],
    ['123456789', true],
    ['1234567890', true], // 10 digits
    ['9999999999', true],
    ['12345678901', false], // 11 digits
    ['01234', false], // leading 0
    ['0123456789', false],
    ['00000', false],
    ['12345a', false],
    ['12 345', false],
    ['-12345', false],
    ['', false],
  ] as const)('%j → %s', (value, expected) => {
    expect(isQQ(value)).toBe(expected);
  });
});

describe('isLetterCode', () => {
  it.each([
    ['a', true],
    ['Z', true],
    ['0', true],
    ['_', true],
    ['ABC_123', true],
    ['user_name', true],
    ['a'.repeat(100), true],
    ['a'.repeat(101), false],
    ['', false],
    ['a-b', false],
    ['a b', false],
    ['a.b', false],
    ['中文', false],
    ['é', false],
    ['ａｂｃ', false], // full-width letters
    ['abc\n', false],
  ] as const)('%j → %s', (value, expected) => {
    expect(isLetterCode(value)).toBe(expected);
  });
});

describe('NUMERIC_WIDTHS / isDigits', () => {
  it('has the widths of the spec', () => {
    expect(NUMERIC_WIDTHS).toEqual({ sort: 5, mobileSort: 4, gap: 3, width: 10, subSort: 2 });
  });

  it.each(Object.entries(NUMERIC_WIDTHS))('%s: up to %i digits', (_name, width) => {
    expect(isDigits('9'.repeat(width), width)).toBe(true);
    expect(isDigits('1', width)).toBe(true);
    expect(isDigits('9'.repeat(width + 1), width)).toBe(false);
    expect(isDigits('', width)).toBe(false);
  });

  it.each([
    ['99999', NUMERIC_WIDTHS.sort, true],
    ['100000', NUMERIC_WIDTHS.sort, false],
    ['0', NUMERIC_WIDTHS.sort, true],
    ['00000', NUMERIC_WIDTHS.sort, true],
    ['9999', NUMERIC_WIDTHS.mobileSort, true],
    ['10000', NUMERIC_WIDTHS.mobileSort, false],
    ['999', NUMERIC_WIDTHS.gap, true],
    ['1000', NUMERIC_WIDTHS.gap, false],
    ['1234567890', NUMERIC_WIDTHS.width, true],
    ['12345678901', NUMERIC_WIDTHS.width, false],
    ['99', NUMERIC_WIDTHS.subSort, true],
    ['100', NUMERIC_WIDTHS.subSort, false],
    ['-1', NUMERIC_WIDTHS.sort, false],
    ['+1', NUMERIC_WIDTHS.sort, false],
    ['1.5', NUMERIC_WIDTHS.sort, false],
    ['1e3', NUMERIC_WIDTHS.sort, false],
    [' 12', NUMERIC_WIDTHS.sort, false],
    ['12 ', NUMERIC_WIDTHS.sort, false],
    ['１２', NUMERIC_WIDTHS.sort, false], // full-width digits
    ['٣', NUMERIC_WIDTHS.sort, false], // Arabic-Indic digit
    ['1', 0, false],
  ] as const)('%j with width %i → %s', (value, width, expected) => {
    expect(isDigits(value, width)).toBe(expected);
  });
});

describe('isChineseName', () => {
  it.each([
    ['张三', true],
    ['李四光', true],
    ['欧阳娜娜', true],
    ['诸葛孔明', true],
    ['㐀三', true], // extension A
    ['𠇔三', true], // extension B (supplementary plane)
    ['𠇔𠇔𠇔𠇔', true], // 4 characters although 8 UTF-16 units
    ['鿏鿐', true], // late additions at the end of the basic block
    ['张', false], // 1 character
    ['司马相如某', false], // 5 characters
    ['', false],
    ['张3', false],
    ['Zhang', false],
    ['张 三', false],
    [' 张三', false],
    ['张三 ', false],
    ['〇三', false], // 〇 is not a unified ideograph
    ['﨑三', false], // compatibility ideograph
    ['さくら', false], // kana
    ['김철수', false], // hangul
    ['张三。', false],
  ] as const)('%j → %s', (value, expected) => {
    expect(isChineseName(value)).toBe(expected);
  });

  it('refuses the middle dot (documented choice): dotted names do not fit 2–4 characters anyway', () => {
    expect(isChineseName('艾·力')).toBe(false);
    expect(isChineseName('买买提·艾力')).toBe(false);
    expect(isChineseName('阿依古丽·买买提')).toBe(false);
    expect(isChineseName('艾•力')).toBe(false); // bullet look-alike
    expect(isChineseName('艾力')).toBe(true);
  });
});

describe('isUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com',
    'ftp://ftp.example.org/pub/file.txt',
    'https://www.example.com/',
    'https://www.example.com/path/to/page.html',
    'https://www.example.com/path?x=1&y=2',
    'https://www.example.com/path?x=1&y=2#frag',
    'https://example.com?x=1',
    'https://example.com#top',
    'https://sub.domain.example.co.uk',
    'https://my-site.example.com/a_b/c-d/%E4%B8%AD',
    'http://localhost',
    'http://localhost/',
    'http://localhost:8080/api/v1',
    'http://127.0.0.1',
    'http://127.0.0.1:3000/health',
    'https://192.168.1.1/admin',
    'http://255.255.255.255',
    'http://0.0.0.0:1',
    'https://example.com:65535/',
    'HTTPS://EXAMPLE.COM/PATH',
    'https://xn--fiqs8s.xn--fiqs8s/',
    'https://example.com/中文', // non-ASCII path is fine
  ])('accepts %s', (value) => {
    expect(isUrl(value)).toBe(true);
  });

  it.each([
    '',
    'example.com',
    'www.example.com',
    '//example.com',
    'mailto:user@example.com',
    'ws://example.com',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'http://',
    'http:///path',
    'http:/example.com',
    'http://example', // single label that is not localhost
    'http://-example.com',
    'http://example-.com',
    'http://exa mple.com',
    'http://example.com/pa th',
    'http://example.com.',
    'http://example..com',
    'http://example.c', // 1-letter TLD
    'http://256.1.1.1',
    'http://1.2.3',
    'http://1.2.3.4.5',
    'http://01.2.3.4',
    'http://example.com:0',
    'http://example.com:65536',
    'http://example.com:123456',
    'http://example.com:',
    'http://example.com:abc',
    'http://user:pass@example.com',
    'http://user@example.com',
    'http://例子.中国',
    ' http://example.com',
    'http://example.com ',
  ])('refuses %j', (value) => {
    expect(isUrl(value)).toBe(false);
  });
});

describe('isCalendarDay', () => {
  it.each(['2024-02-29', '2023-12-31', '2000-01-01', '1800-06-30'])('takes %j', (value) => {
    expect(isCalendarDay(value)).toBe(true);
  });
  // Each of these once reached `new Date(…).toISOString()`, which throws on an invalid date: a 500.
  it.each(['2023-02-29', '2024-02-30', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00', '2024-1-01', 'a\u0000b', '', ' 2024-01-01', '2024-01-01T00:00'])(
    'refuses %j without throwing',
    (value) => {
      expect(isCalendarDay(value)).toBe(false);
    },
  );
});

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'];

/** Independent MOD 11-2 computation, so valid numbers can be built for any birthday. */
function withCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return first17 + ID_CHECK[sum % 11];
}

function makeId(birth: string, region = '110105', sequence = '123'): string {
  return withCheckDigit(`${region}${birth}${sequence}`);
}

/** A check character that is certainly wrong for this number. */
function breakCheckDigit(id: string): string {
  const wrong = id[17] === '0' ? '1' : '0';
  return id.slice(0, 17) + wrong;
}

function localDateKey(date: Date): string {
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}${mm}${dd}`;
}

describe('checkIdCard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the test helper reproduces the GB 11643 examples', () => {
    expect(withCheckDigit('11010519491231002')).toBe('11010519491231002X');
    expect(withCheckDigit('44052418800101001')).toBe('440524188001010014');
  });

  it.each(['11010519491231002X', '440524188001010014'])('accepts the published example %s', (value) => {
    expect(checkIdCard(value)).toBe('ok');
  });

  it('accepts a lowercase x check character', () => {
    expect(checkIdCard('11010519491231002x')).toBe('ok');
  });

  it.each([
    '19491231',
    '19700101',
    '19900515',
    '20000229', // leap year (divisible by 400)
    '19960229', // leap year
    '20240229', // leap year
    '18000101', // earliest year allowed
    '20101031',
    '19991130',
  ])('accepts a valid number born %s', (birth) => {
    const id = makeId(birth);
    expect(id).toHaveLength(18);
    expect(checkIdCard(id)).toBe('ok');
    expect(checkIdCard(id.toLowerCase())).toBe('ok');
  });

  it('accepts numbers with an X check digit built by the helper', () => {
    // Search a sequence whose check digit is X, so the X path is covered for a computed number.
    const sequences = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
    const id = sequences.map((seq) => makeId('19850612', '320102', seq)).find((v) => v.endsWith('X'));
    expect(id).toBeDefined();
    expect(checkIdCard(id!)).toBe('ok');
    expect(checkIdCard(id!.replace('X', 'x'))).toBe('ok');
    expect(checkIdCard(`${id!.slice(0, 17)}0`)).toBe('checkDigit');
  });

  it('accepts someone born today and refuses someone born tomorrow', () => {
    const today = new Date();
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    expect(checkIdCard(makeId(localDateKey(today)))).toBe('ok');
    expect(checkIdCard(makeId(localDateKey(tomorrow)))).toBe('format');
    expect(checkIdCard(makeId(`${today.getFullYear() + 1}0101`))).toBe('format');
  });

  it('compares birth dates with the local calendar day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 5, 15, 12, 0, 0));
    expect(checkIdCard(makeId('20240615'))).toBe('ok');
    expect(checkIdCard(makeId('20240614'))).toBe('ok');
    expect(checkIdCard(makeId('20240616'))).toBe('format');
    expect(checkIdCard(makeId('20240701'))).toBe('format');
    expect(checkIdCard(makeId('20250101'))).toBe('format');
    expect(checkIdCard(makeId('20240229'))).toBe('ok');
  });

  it.each([
    ['19000229', 'Feb 29 in 1900 (not a leap year)'],
    ['20230229', 'Feb 29 in a non-leap year'],
    ['20220230', 'Feb 30'],
    ['19990431', 'Apr 31'],
    ['19990631', 'Jun 31'],
    ['19991301', 'month 13'],
    ['19990001', 'month 0'],
    ['19990100', 'day 0'],
    ['19990132', 'day 32'],
    ['17991231', 'year before 1800'],
    ['00000000', 'all zeros'],
    ['99991231', 'far future'],
  ])('refuses birth date %s (%s) as format', (birth) => {
    expect(checkIdCard(makeId(birth))).toBe('format');
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['1101051949123100', 'length'], // 16
    ['11010519491231002', 'length'], // 17
    ['11010519491231002X1', 'length'], // 19
    ['110105491231002', 'length'], // old 15-digit format
    [' 11010519491231002X', 'length'],
    ['11010519491231002X ', 'length'],
    ['11010519491231002Y', 'format'],
    ['1101051949123100XX', 'format'],
    ['X10105194912310021', 'format'],
    ['11010519491231A02X', 'format'],
    ['110105 1949123102X', 'format'],
    ['１１０１０５１９４９１２３１００２Ｘ', 'format'], // full-width, 18 characters
    ['11010519491231002-', 'format'],
  ] as const)('%j → %s', (value, expected) => {
    expect(checkIdCard(value)).toBe(expected);
  });

  it.each(['00', '10', '16', '20', '24', '30', '38', '40', '47', '49', '55', '60', '66', '70', '72', '80', '83', '90', '92', '99'])(
    'refuses province code %s as region even with a correct check digit',
    (code) => {
      expect(checkIdCard(makeId('19900101', `${code}0101`))).toBe('region');
    },
  );

  it.each('11 12 13 14 15 21 22 23 31 32 33 34 35 36 37 41 42 43 44 45 46 50 51 52 53 54 61 62 63 64 65 71 81 82 91'.split(' '))(
    'accepts province code %s',
    (code) => {
      expect(checkIdCard(makeId('19900101', `${code}0101`))).toBe('ok');
    },
  );

  it('runs the format check before the region check', () => {
    expect(checkIdCard(makeId('20230229', '990101'))).toBe('format');
  });

  it('runs the region check before the check-digit check', () => {
    expect(checkIdCard(breakCheckDigit(makeId('19900101', '990101')))).toBe('region');
  });

  it.each(['19491231', '20000229', '19700101', '18000101'])('refuses a wrong check digit (born %s)', (birth) => {
    const id = makeId(birth);
    expect(checkIdCard(breakCheckDigit(id))).toBe('checkDigit');
  });

  it('refuses every wrong check character for one number', () => {
    const id = makeId('19880808', '440305', '456');
    const wrong = ID_CHECK.filter((c) => c !== id[17]);
    expect(wrong).toHaveLength(10);
    for (const c of wrong) expect(checkIdCard(id.slice(0, 17) + c)).toBe('checkDigit');
  });

  it('refuses a swapped digit (caught by the check digit)', () => {
    expect(checkIdCard('11010519491231020X')).toBe('checkDigit');
  });

  it('maps every failure to its message key', () => {
    expect(ID_CARD_MESSAGE_KEYS).toEqual({
      empty: 'validation.idCardEmpty',
      length: 'validation.idCardLength',
      format: 'validation.idCardFormat',
      region: 'validation.idCardRegion',
      checkDigit: 'validation.idCardCheckDigit',
    });
  });
});

describe('amountToChinese', () => {
  it.each([
    [0, '零元整'],
    [10, '壹拾元整'],
    [100.5, '壹佰元伍角'],
    [100.05, '壹佰元零伍分'],
    [1000000, '壹佰万元整'],
    [100000000, '壹亿元整'],
    [100010001, '壹亿零壹万零壹元整'],
    [0.5, '伍角'],
    [0.05, '伍分'],
    [1.5, '壹元伍角'],
    [999999999999.99, '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    [10.1, '壹拾元壹角'],
    ['20000.0', '贰万元整'],
    [20000.0, '贰万元整'],
  ] as const)('the brief’s examples: %j → %s', (amount, expected) => {
    expect(amountToChinese(amount)).toBe(expected);
  });

  it.each([
    [1, '壹元整'],
    [2, '贰元整'],
    [3, '叁元整'],
    [4, '肆元整'],
    [5, '伍元整'],
    [6, '陆元整'],
    [7, '柒元整'],
    [8, '捌元整'],
    [9, '玖元整'],
  ] as const)('digit %i → %s', (amount, expected) => {
    expect(amountToChinese(amount)).toBe(expected);
  });

  it.each([
    [11, '壹拾壹元整'],
    [15, '壹拾伍元整'],
    [20, '贰拾元整'],
    [99, '玖拾玖元整'],
    [100, '壹佰元整'],
    [101, '壹佰零壹元整'],
    [110, '壹佰壹拾元整'],
    [1001, '壹仟零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [1100, '壹仟壹佰元整'],
    [9999, '玖仟玖佰玖拾玖元整'],
    [10000, '壹万元整'],
    [10001, '壹万零壹元整'],
    [10010, '壹万零壹拾元整'],
    [12345, '壹万贰仟叁佰肆拾伍元整'],
    [100000, '壹拾万元整'],
    [107000, '壹拾万零柒仟元整'], // zero run across the 万 boundary reads as one 零
    [201000, '贰拾万零壹仟元整'],
    [1000100, '壹佰万零壹佰元整'],
    [10000000, '壹仟万元整'],
    [10010000, '壹仟零壹万元整'],
    [20000100, '贰仟万零壹佰元整'],
    [100000001, '壹亿零壹元整'],
    [100100000, '壹亿零壹拾万元整'],
    [110000000, '壹亿壹仟万元整'],
    [1000000000, '壹拾亿元整'],
    [1010101010, '壹拾亿零壹仟零壹拾万零壹仟零壹拾元整'],
    [100000000000, '壹仟亿元整'],
    [100000000010, '壹仟亿零壹拾元整'],
    [123456789012, '壹仟贰佰叁拾肆亿伍仟陆佰柒拾捌万玖仟零壹拾贰元整'],
    [999999999999, '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整'],
  ] as const)('integer %i → %s', (amount, expected) => {
    expect(amountToChinese(amount)).toBe(expected);
  });

  it.each([
    [0.01, '壹分'],
    [0.1, '壹角'],
    [0.11, '壹角壹分'],
    [0.55, '伍角伍分'],
    [0.29, '贰角玖分'], // 0.29 * 100 is 28.999… in floating point
    [0.57, '伍角柒分'],
    [1.01, '壹元零壹分'],
    [1.05, '壹元零伍分'], // chosen convention: 元零X分
    [1.1, '壹元壹角'],
    [1.25, '壹元贰角伍分'],
    [10.05, '壹拾元零伍分'],
    [10.5, '壹拾元伍角'],
    [100.55, '壹佰元伍角伍分'],
    [1680.32, '壹仟陆佰捌拾元叁角贰分'],
    [107000.53, '壹拾万零柒仟元伍角叁分'],
    [100000000.01, '壹亿元零壹分'],
    [0.1 + 0.2, '叁角'], // 0.30000000000000004
    [4.35, '肆元叁角伍分'],
    [1.15, '壹元壹角伍分'],
  ] as const)('decimal %j → %s', (amount, expected) => {
    expect(amountToChinese(amount)).toBe(expected);
  });

  it.each([
    ['1.005', '壹元零壹分'],
    [1.005, '壹元零壹分'], // the float is 1.00499…, but its text is "1.005"
    ['1.004', '壹元整'],
    ['1.0049999', '壹元整'],
    ['0.005', '壹分'],
    ['0.0049', '零元整'],
    ['0.125', '壹角叁分'],
    ['0.994', '玖角玖分'],
    ['0.995', '壹元整'],
    ['9.999', '壹拾元整'],
    ['99999.995', '壹拾万元整'],
    ['1.23456', '壹元贰角叁分'],
    ['2.675', '贰元陆角捌分'],
    [2.675, '贰元陆角捌分'],
    ['999999999999.994', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ] as const)('rounds %j half up to %s', (amount, expected) => {
    expect(amountToChinese(amount)).toBe(expected);
  });

  it.each([
    [-1, '负壹元整'],
    [-0.5, '负伍角'],
    [-0.05, '负伍分'],
    [-10.1, '负壹拾元壹角'],
    [-100.05, '负壹佰元零伍分'],
    ['-1.005', '负壹元零壹分'], // half away from zero
    ['-0.004', '零元整'], // rounds to zero: no sign
    [-0, '零元整'],
    ['-0', '零元整'],
    [-999999999999.99, '负玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ] as const)('negative %j → %s', (amount, expected) => {
    expect(amountToChinese(amount)).toBe(expected);
  });

  it.each([
    ['0', '零元整'],
    ['0.00', '零元整'],
    ['12.50', '壹拾贰元伍角'],
    ['  12.5 ', '壹拾贰元伍角'],
    ['+5', '伍元整'],
    ['.5', '伍角'],
    ['5.', '伍元整'],
    ['007', '柒元整'],
    ['1e3', '壹仟元整'],
    ['1.5E2', '壹佰伍拾元整'],
    ['1e-7', '零元整'],
    [1e-7, '零元整'], // String(1e-7) is "1e-7"
    ['5e-3', '壹分'],
    ['999999999999.99', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    ['100010001.00', '壹亿零壹万零壹元整'],
  ] as const)('reads the decimal text %j → %s', (amount, expected) => {
    expect(amountToChinese(amount)).toBe(expected);
  });

  it.each([
    1000000000000,
    -1000000000000,
    '1000000000000',
    '999999999999.995', // rounds past the maximum
    '-999999999999.995',
    1e21,
    Number.MAX_VALUE,
    '1e999999999',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    '',
    ' ',
    'abc',
    'Infinity',
    'NaN',
    '1,000',
    '¥100',
    '0x10',
    '1e',
    '.',
    '-',
    '--1',
    '+-1',
    '1.2.3',
    '1 000',
    '一百',
  ])('throws RangeError for %j', (amount) => {
    expect(() => amountToChinese(amount)).toThrow(RangeError);
  });
});

describe('zod schemas', () => {
  function issues(schema: z.ZodType, value: unknown): string[] {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  }

  it.each([
    ['mobile', mobile, '13800138000', '12800138000', 'validation.mobile'],
    ['landline', landline, '010-12345678', '010-123', 'validation.landline'],
    ['phoneOrLandline', phoneOrLandline, '0755-1234567', '123', 'validation.phoneOrLandline'],
    ['phoneOrLandline (mobile)', phoneOrLandline, '18612345678', '1861234567x', 'validation.phoneOrLandline'],
    ['email', email, 'user+tag@example.com', 'user@', 'validation.email'],
    ['qq', qq, '10000', '01234', 'validation.qq'],
    ['letterCode', letterCode, 'dict_code_1', 'dict-code', 'validation.letters'],
    ['chineseName', chineseName, '张三', '张', 'validation.chineseName'],
    ['url', url, 'https://example.com/a?b=c', 'example.com', 'validation.url'],
  ] as const)('%s accepts a good value and reports its key for a bad one', (_name, schema, good, bad, key) => {
    expect(schema.parse(good)).toBe(good);
    expect(issues(schema, good)).toEqual([]);
    expect(issues(schema, bad)).toEqual([key]);
    expect(issues(schema, '')).toEqual([key]);
    expect(issues(schema, 12345)).toEqual([key]);
    expect(issues(schema, undefined)).toEqual([key]);
  });

  it('idCard reports the key of the first failing check', () => {
    const valid = makeId('19900101');
    expect(idCard.parse(valid)).toBe(valid);
    expect(issues(idCard, '11010519491231002x')).toEqual([]);
    expect(issues(idCard, '')).toEqual(['validation.idCardEmpty']);
    expect(issues(idCard, '123')).toEqual(['validation.idCardLength']);
    expect(issues(idCard, makeId('20230229'))).toEqual(['validation.idCardFormat']);
    expect(issues(idCard, makeId('19900101', '990101'))).toEqual(['validation.idCardRegion']);
    expect(issues(idCard, breakCheckDigit(valid))).toEqual(['validation.idCardCheckDigit']);
  });

  it('idCard treats a missing value as empty and another type as a format error', () => {
    expect(issues(idCard, undefined)).toEqual(['validation.idCardEmpty']);
    expect(issues(idCard, null)).toEqual(['validation.idCardEmpty']);
    expect(issues(idCard, 123)).toEqual(['validation.idCardFormat']);
  });

  it('every message key used here has a translation in every language', () => {
    const keys = [
      'validation.mobile',
      'validation.landline',
      'validation.phoneOrLandline',
      'validation.email',
      'validation.qq',
      'validation.letters',
      'validation.chineseName',
      'validation.url',
      ...Object.values(ID_CARD_MESSAGE_KEYS),
    ];
    for (const language of ['zh', 'en', 'ja'] as const) {
      for (const key of keys) expect(translate(language, key)).not.toBe(key);
    }
    expect(translate('zh', ID_CARD_MESSAGE_KEYS.checkDigit)).toBe('身份证号码校验位错误');
  });
});
