import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { annex } from '@macro/contract/forms';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { as, type Client, dbLabel, describeDb, expectFailure, expectOk, multipart, signedInServer, type TestServer } from '../test/helper.ts';

const URL = '/api/annexes-files';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

describeDb(`uploads stream through a temporary file that never outlives the request (${dbLabel})`, () => {
  let server: TestServer;
  let admin: Client;
  let en: Client;
  let incoming: string;

  const pending = async () => (await readdir(incoming)).filter((name) => name.startsWith('macro-upload-'));

  beforeAll(async () => {
    // This worker's temporary files go to a folder of their own, so the test sees only its uploads.
    incoming = await mkdtemp(join(tmpdir(), 'macro-uploads-test-'));
    process.env.TMPDIR = incoming;
    ({ server, admin, adminEn: en } = await signedInServer());
  });
  afterAll(() => server.close());

  it('keeps nothing behind, whether the upload is stored, refused for its bytes, or too large', async () => {
    const stored = expectOk(await admin.upload(URL, { name: '合同.pdf', bytes: PDF }), annex);
    expect((await admin.get(stored.url)).rawPayload.equals(PDF)).toBe(true);
    expectFailure(await admin.upload(URL, { name: 'fake.pdf', bytes: Buffer.from('MZ not a pdf') }), 422, '文件内容与类型 PDF 不符');
    expectFailure(await admin.upload(URL, { name: 'big.pdf', bytes: Buffer.alloc(20 * 1024 * 1024 + 1, 0x25) }), 413, '文件不能超过 20MB');
    expect(await pending()).toEqual([]);
  });

  it('reads no file for a request that is not signed in, or whose session has ended', async () => {
    const anonymous = await server.app.inject({ method: 'POST', url: URL, ...multipart({}, { name: 'a.pdf', bytes: PDF }) });
    expect(anonymous.statusCode).toBe(401);
    const stale = as(server, 'not-a-token');
    expectFailure(await stale.upload(URL, { name: 'a.pdf', bytes: PDF }), 401, /登录/);
    expect(await pending()).toEqual([]);
  });

  it('refuses a request that is not multipart, or holds no file part, in the reader’s language', async () => {
    expectFailure(await en.post(URL, { fileName: 'a.pdf' }), 415, 'Send the file as multipart/form-data, in the part "file"');
    expectFailure(await en.upload(URL, null, { fileName: 'a.pdf' }), 400, 'Choose a file to upload');
    // The file's name comes from its part, never from a text part of the same name.
    const named = expectOk(await admin.upload(URL, { name: '真名.pdf', bytes: PDF }, { fileName: 'other.pdf' }), annex);
    expect(named.fileName).toBe('真名.pdf');
  });
});
