import { describe, expect, it } from 'vitest';
import { looksLike } from './store.ts';

/** A ZIP archive of the named entries, stored without compression (as a writer may). */
function zipOf(entries: Record<string, string>): Buffer {
  const parts = Object.entries(entries).map(([name, text]) => {
    const data = Buffer.from(text);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(Buffer.byteLength(name), 26);
    return Buffer.concat([header, Buffer.from(name), data]);
  });
  return Buffer.concat([...parts, Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
}

const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const contentTypes = (main: string) => `<?xml version="1.0"?><Types><Override PartName="/x.xml" ContentType="${main}.main+xml"/></Types>`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const OLE = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)]);

describe('looksLike: the bytes are the type named, whatever the name or the sender says', () => {
  it('takes images, PDF and Office documents that are what they claim', async () => {
    expect(await looksLike('image/png', PNG)).toBe(true);
    expect(await looksLike('application/pdf', Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'))).toBe(true);
    expect(await looksLike(DOCX_MAIN, zipOf({ '[Content_Types].xml': contentTypes(DOCX_MAIN), 'word/document.xml': '<w/>' }))).toBe(true);
    expect(await looksLike('application/msword', OLE)).toBe(true);
    expect(await looksLike('text/csv', Buffer.from('姓名,金额\n张三,12.50\n'))).toBe(true);
  });

  it('refuses a renamed executable, a spreadsheet sent as a document, and binary sent as text', async () => {
    expect(await looksLike('application/pdf', EXE)).toBe(false);
    expect(await looksLike('image/png', EXE)).toBe(false);
    expect(await looksLike(DOCX_MAIN, zipOf({ '[Content_Types].xml': contentTypes(XLSX_MAIN), 'xl/workbook.xml': '<w/>' }))).toBe(false);
    expect(await looksLike('image/jpeg', PNG)).toBe(false);
    expect(await looksLike('text/plain', PNG)).toBe(false);
    expect(await looksLike('text/plain', Buffer.from('a\u0000b'))).toBe(false);
    expect(await looksLike('application/x-msdownload', EXE)).toBe(false);
  });
});
