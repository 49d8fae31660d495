/** What the file preview dialog can show. */
export type PreviewKind = 'image' | 'video' | 'pdf';

/** Extensions shown by kind: images gif, jpg, jpeg, png; mp4 video; pdf in a frame. */
const BY_EXTENSION: Record<string, PreviewKind> = { gif: 'image', jpg: 'image', jpeg: 'image', png: 'image', mp4: 'video', pdf: 'pdf' };
const BY_MIME: Record<string, PreviewKind> = {
  'image/gif': 'image',
  'image/jpeg': 'image',
  'image/png': 'image',
  'video/mp4': 'video',
  'application/pdf': 'pdf',
};

/** A preview that is not possible closes itself this long after opening. */
export const UNSUPPORTED_CLOSE_MS = 300;

/** The extension of a file name or address (query and fragment ignored), lower case. */
export function extensionOf(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/)[0];
  const last = path.slice(path.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot + 1).toLowerCase() : '';
}

/**
 * How a file is shown: by its MIME type when known (a `data:` address carries one), else by
 * the extension of its name or address; null for every other type.
 */
export function previewKindOf(file: { name?: string; url?: string; type?: string }): PreviewKind | null {
  const dataMime = file.url?.startsWith('data:') ? file.url.slice(5, file.url.search(/[;,]/)) : '';
  const mime = (file.type || dataMime).toLowerCase();
  if (mime) return BY_MIME[mime] ?? null;
  return BY_EXTENSION[extensionOf(file.name || file.url || '')] ?? null;
}
