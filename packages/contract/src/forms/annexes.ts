import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { fileName } from '../fileNames.ts';
import { isAnnexId } from './fields.ts';

/*
 * Annexes: files uploaded for a form's file fields. A field's value is the
 * list of annex ids; the id is a random UUID, so holding the form's data is what lets a person
 * fetch its files. The bytes live in the platform's file store.
 */

/** Most bytes of one annex (the file is streamed to the store; the limit keeps forms light to open). */
export const ANNEX_MAX_BYTES = 20 * 1024 * 1024;

/** The file types an annex may be, by extension: the type stored and served is ours, never the sender's. */
export const ANNEX_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
};
export const ANNEX_ACCEPT = Object.keys(ANNEX_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

/** The extension of a file name, lower-case ('' when it has none). */
export const extensionOf = (fileName: string) => (/\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1] ?? '').toLowerCase();

/** An annex upload's text part: the file's name, whose extension must be a type annexes take. */
export const annexUpload = z.object({
  fileName: fileName('forms.annexNameInvalid').refine((v) => extensionOf(v) in ANNEX_TYPES, { message: 'forms.annexType' }),
});
export type AnnexUpload = z.input<typeof annexUpload>;

export const annex = z
  .object({
    id: z.string(),
    fileName: z.string(),
    mimeType: z.string(),
    size: z.number(),
    createUserName: z.string(),
    createTime: z.string(),
    /** Where the browser downloads it (signed in by the token cookie). */
    url: z.string(),
  })
  .meta({ id: 'Annex' });
export type Annex = z.infer<typeof annex>;

export const annexParams = z.object({ id: z.string().refine(isAnnexId, { message: 'forms.annexMissing' }) });

const tag = 'forms';
const A = '/annexes-files';

export const ANNEX_ENDPOINTS = {
  upload: defineEndpoint({
    operationId: 'forms.annex.upload',
    method: 'POST',
    path: A,
    tag,
    summary: 'Upload an annex',
    description: `A file for a form's file field, sent as multipart/form-data (the part \`file\`), at most ${ANNEX_MAX_BYTES / 1024 / 1024} MB (413 beyond). Its type comes from the extension of its name (PDF, images, Office documents, text, CSV, ZIP) and its bytes must be that type (422 otherwise).`,
    access: 'authenticated',
    bodyType: 'multipart',
    upload: { maxBytes: ANNEX_MAX_BYTES },
    body: annexUpload,
    response: annex,
    failures: [413, 415, 422],
  }),
  url: defineEndpoint({
    operationId: 'forms.annex.url',
    method: 'GET',
    path: `${A}/url/:id`,
    tag,
    summary: 'An annex and its download address',
    description: 'Name, type and size of the annex `id` of the tenant, and the address its bytes download from.',
    access: 'authenticated',
    params: annexParams,
    response: annex,
    failures: [404],
  }),
  content: defineEndpoint({
    operationId: 'forms.annex.content',
    method: 'GET',
    path: `${A}/:id/content`,
    tag,
    summary: 'Download an annex',
    description: 'The bytes as an attachment with the stored type (never sniffed); the HttpOnly token cookie signs a plain link in.',
    access: 'authenticated',
    cookieAuth: true,
    envelope: false,
    params: annexParams,
    response: z.string().describe('The file bytes'),
    failures: [404],
  }),
  remove: defineEndpoint({
    operationId: 'forms.annex.remove',
    method: 'DELETE',
    path: `${A}/:id`,
    tag,
    summary: 'Delete an annex',
    description: 'Only the person who uploaded it may delete it (403 otherwise); forms that listed it then show it as removed.',
    access: 'authenticated',
    params: annexParams,
    response: z.object({ removed: z.number() }),
    failures: [403, 404],
  }),
} as const;
