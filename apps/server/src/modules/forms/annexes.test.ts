import { annex, formInstance, formSchemeInfo, type FormSchemeInput, removed } from '@macro/contract/forms';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { castOf, dbLabel, describeDb, expectFailure, expectOk } from '../../test/helper.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A form with a file field of at most two files. */
const withFiles = (code: string): FormSchemeInput => ({
  code,
  name: code,
  document: {
    schema: {
      type: 'object',
      properties: {
        title: { type: 'string', title: '标题' },
        proof: { type: 'array', title: '附件', items: { type: 'string', format: 'annex' }, maxItems: 2, minItems: 1 },
      },
      required: ['title', 'proof'],
    },
    uiSchema: { proof: { 'ui:widget': 'annexes' } },
  },
});

describeDb(`annexes (${dbLabel})`, () => {
  const cast = castOf('ax_clerk');
  const upload = (client = cast.admin, fileName = '报销单.pdf', bytes = PDF) => client.upload('/api/annexes-files', { name: fileName, bytes });

  it('stores an upload in the file store and serves it back as a download of the stored type', async () => {
    const stored = expectOk(await upload(), annex);
    expect(stored).toMatchObject({ fileName: '报销单.pdf', mimeType: 'application/pdf', size: PDF.length, createUserName: '管理员' });
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    const info = expectOk(await cast.clerk.get(`/api/annexes-files/url/${stored.id}`), annex);
    expect(info.url).toBe(`/api/annexes-files/${stored.id}/content`);
    const download = await cast.clerk.get(info.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('报销单.pdf')}`);
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses files that are not what they claim, too large, or of a type not allowed, with a message', async () => {
    expectFailure(await upload(cast.admin, 'setup.pdf', Buffer.from('MZ\x90\x00 not a pdf')), 422, '文件内容与类型 PDF 不符');
    expectFailure(await upload(cast.admin, 'setup.exe'), 400, '只能上传 PDF、图片、Office 文档、文本、CSV 或 ZIP 文件');
    expectFailure(await upload(cast.admin, '../../etc/passwd.pdf'), 400, '文件名无效');
    expectFailure(await upload(cast.admin, 'a\u0000.pdf'), 400, /^文件名不能包含控制字符或文字方向控制符/);
  });

  it('refuses a file name with a text-direction or control character, which would show it as another name', async () => {
    // "invoice\u202Efdp.exe" displays as "invoiceexe.pdf".
    const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
    for (const mark of bidi)
      expectFailure(await upload(cast.adminEn, `invoice${mark}fdp.pdf`), 400, /^A file name cannot hold control characters or text-direction marks/);
    for (const control of ['\u0001', '\t', '\u001f', '\u007f', '\u0085', '\u009b']) {
      expectFailure(await upload(cast.adminJa, `a${control}b.pdf`), 400, /^ファイル名に制御文字や文字方向の制御文字は使えません/);
    }
    // A line break in a part's header ends it: the multipart parser drops that part, so no file arrived.
    expectFailure(await upload(cast.adminJa, 'a\nb.pdf'), 400, 'アップロードするファイルを選択してください');
    // Names in any script, with spaces and marks that do not steer the text, are kept as sent.
    expect(expectOk(await upload(cast.admin, 'مرحبا 报告 (2) — final.pdf'), annex).fileName).toBe('مرحبا 报告 (2) — final.pdf');
    expectFailure(await upload(cast.admin, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024, 0x25)])), 413, '文件不能超过 20MB');
    expectFailure(
      await cast.adminEn.post('/api/annexes-files', { fileName: 'x.pdf', dataUrl: 'data:application/pdf;base64,JVBERi0=' }),
      415,
      /multipart\/form-data/,
    );
    expectFailure(await cast.adminEn.upload('/api/annexes-files', null, { fileName: 'x.pdf' }), 400, 'Choose a file to upload');
    expectFailure(
      await cast.adminJa.upload('/api/annexes-files', { name: 'empty.pdf', bytes: Buffer.alloc(0) }),
      400,
      'アップロードするファイルを選択してください',
    );
    expectFailure(await upload(cast.admin, 'notes.txt', Buffer.from([0x61, 0x00, 0x62])), 422, '文件内容与类型 TXT 不符');
    expectOk(await upload(cast.admin, 'notes.txt', Buffer.from('第一行\n第二行\n')), annex);
  });

  it('lets a file field hold only annexes the tenant has, within its limits', async () => {
    const scheme = expectOk(await cast.admin.post('/api/form-scheme', withFiles('ax_form')), formSchemeInfo);
    const fill = (data: object) => cast.admin.post(`/api/form-scheme/${scheme.id}/instance-form-list`, { data });
    const first = expectOk(await upload(), annex);
    const second = expectOk(await upload(), annex);
    const third = expectOk(await upload(), annex);
    const record = expectOk(await fill({ title: '报销', proof: [first.id, second.id] }), formInstance);
    expect(record.data.proof).toEqual([first.id, second.id]);
    expectFailure(await fill({ title: '报销', proof: [first.id, second.id, third.id] }), 422, '附件最多2项');
    expectFailure(await fill({ title: '报销', proof: [] }), 422, '附件至少选择1项');
    expectFailure(await fill({ title: '报销', proof: ['not-an-id'] }), 422, '附件标识无效');
    expectFailure(await fill({ title: '报销', proof: ['00000000-0000-4000-8000-000000000000'] }), 422, '附件中有不存在的附件，请重新上传');
    // Another tenant's annex is as good as made up.
    const theirs = expectOk(await upload(cast.other), annex);
    expectFailure(await fill({ title: '报销', proof: [theirs.id] }), 422, '附件中有不存在的附件，请重新上传');
  });

  it('keeps annexes to their tenant, and lets only the uploader delete one', async () => {
    const mine = expectOk(await upload(), annex);
    expectFailure(await cast.other.get(`/api/annexes-files/url/${mine.id}`), 404, '附件不存在');
    expect((await cast.other.get(`/api/annexes-files/${mine.id}/content`)).statusCode).toBe(404);
    expectFailure(await cast.other.delete(`/api/annexes-files/${mine.id}`), 404);
    const anonymous = await cast.server.app.inject({ method: 'GET', url: `/api/annexes-files/url/${mine.id}` });
    expect(anonymous.statusCode).toBe(401);
    expectFailure(await cast.clerk.delete(`/api/annexes-files/${mine.id}`), 403, '只能删除自己上传的附件');
    expectFailure(await cast.admin.get('/api/annexes-files/url/1'), 400, '附件不存在');
    expect(expectOk(await cast.admin.delete(`/api/annexes-files/${mine.id}`), removed)).toEqual({ removed: 1 });
    expectFailure(await cast.admin.get(`/api/annexes-files/url/${mine.id}`), 404, '附件不存在');
  });

  it('lists a process’s files for its participants only', async () => {
    expectOk(await cast.admin.post('/api/form-scheme', withFiles('ax_flow_form')), formSchemeInfo);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_ax" targetNamespace="http://macro.console/test">
  <bpmn:process id="ax_flow" name="带附件" isExecutable="true">
    <bpmn:startEvent id="start"><bpmn:extensionElements><macro:node><macro:form formKey="ax_flow_form"/></macro:node></bpmn:extensionElements></bpmn:startEvent>
    <bpmn:userTask id="check" name="Check"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${cast.adminId}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;
    expectOk(
      await cast.admin.post('/api/macro-flow/model-scheme-info/new-model', { name: '带附件', code: 'ax_flow', category: 'finance', xml }),
      z.object({ id: z.number() }),
    );
    const first = expectOk(await upload(cast.admin, '发票.pdf'), annex);
    const second = expectOk(await upload(cast.admin, '行程.pdf'), annex);
    const loose = expectOk(await upload(cast.admin, '无关.pdf'), annex);
    const started = expectOk(
      await cast.admin.post('/api/macro-flow/workflow-task/create-process', {
        code: 'ax_flow',
        title: '报销',
        variables: { title: '报销', proof: [first.id, second.id] },
      }),
      z.object({ instanceId: z.number() }),
    );
    const T = '/api/macro-flow/workflow-task';
    const files = expectOk(await cast.admin.get(`${T}/task-attachments?processInstanceId=${started.instanceId}`), z.array(annex));
    expect(files.map((f) => f.fileName)).toEqual(['发票.pdf', '行程.pdf']);
    expect(expectOk(await cast.admin.get(`${T}/getAnnexInfo?processInstanceId=${started.instanceId}&id=${second.id}`), annex).fileName).toBe('行程.pdf');
    // An annex that is not the process's is not reachable through it; nor is the process for a stranger.
    expectFailure(await cast.admin.get(`${T}/getAnnexInfo?processInstanceId=${started.instanceId}&id=${loose.id}`), 404, '附件不存在');
    expectFailure(await cast.clerk.get(`${T}/task-attachments?processInstanceId=${started.instanceId}`), 403);
    expectFailure(await cast.other.get(`${T}/task-attachments?processInstanceId=${started.instanceId}`), 404);
  });
});
