import { z } from 'zod';

/** Image types the platform stores (no SVG: it can carry script). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/]*={0,2})$/;

/** Decoded size of base64 text. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/**
 * An image as a data URL (`data:image/png;base64,…`) of one of IMAGE_TYPES, at most `maxBytes`
 * decoded; `messages` are the domain's keys for a missing, mistyped and oversized image.
 */
export function imageDataUrl(maxBytes: number, messages: { required: string; type: string; tooLarge: string }) {
  return z
    .string({ message: messages.required })
    .min(1, { message: messages.required })
    .refine((v) => v.startsWith('data:image/') && v.includes(';base64,'), { message: messages.type, abort: true })
    .refine((v) => base64Bytes(v.slice(v.indexOf(',') + 1)) <= maxBytes, { message: messages.tooLarge, abort: true })
    .refine((v) => DATA_URL.test(v), { message: messages.type });
}

/** Splits a checked data URL into its type and bytes. */
export function parseDataUrl(value: string): { mimeType: string; base64: string } {
  const match = value.match(DATA_URL);
  if (!match) throw new Error('not an image data URL');
  return { mimeType: match[1], base64: match[2] };
}
