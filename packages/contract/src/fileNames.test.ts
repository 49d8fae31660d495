import { describe, expect, it } from 'vitest';
import { fileName, hasHiddenCharacters } from './fileNames.ts';

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const CONTROLS = ['\u0000', '\u0001', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f'];

describe('file names', () => {
  it('finds every text-direction control and every C0 and C1 control', () => {
    for (const mark of [...BIDI, ...CONTROLS]) expect(hasHiddenCharacters(`invoice${mark}fdp.pdf`), JSON.stringify(mark)).toBe(true);
  });

  it('keeps names in any script, with spaces, punctuation and joiners that steer nothing', () => {
    for (const name of ['报销单.pdf', 'مرحبا.pdf', 'a b (2) — final.docx', '👩‍💻.png', 'ｆｕｌｌ.txt', '\u00a0x.pdf'])
      expect(hasHiddenCharacters(name), name).toBe(false);
  });

  it('says which rule a name breaks, with the domain’s key for the rest', () => {
    const schema = fileName('files.nameInvalid', 10);
    const issue = (value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    expect(issue('a\u202eb.pdf')).toBe('validation.fileNameHidden');
    expect(issue('a\u0085b.pdf')).toBe('validation.fileNameHidden');
    expect(issue('../a.pdf')).toBe('files.nameInvalid');
    expect(issue('a\\b.pdf')).toBe('files.nameInvalid');
    expect(issue('')).toBe('files.nameInvalid');
    expect(issue('x'.repeat(11))).toBe('files.nameInvalid');
    expect(issue(3)).toBe('files.nameInvalid');
    expect(schema.parse('ok.pdf')).toBe('ok.pdf');
  });
});
