import { z } from 'zod';

/*
 * An uploaded file's name is shown to other people as it was sent. Text-direction controls
 * reorder what is shown ("invoice\u202Efdp.exe" reads "invoiceexe.pdf"), and other control
 * characters are invisible or break the line, so a name holding one is refused, not cleaned:
 * the sender learns why, and no two names differ by something no one can see.
 */

/** Unicode's control characters (Cc): the C0 controls, DEL and the C1 controls. */
const CONTROL = /\p{Cc}/u;
/** Bidirectional controls: embeddings and overrides, isolates, and the LRM, RLM and ALM marks. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

/** Whether a file name holds a control or text-direction character. */
export const hasHiddenCharacters = (name: string): boolean => CONTROL.test(name) || BIDI_CONTROL.test(name);

/**
 * An uploaded file's name: 1 to `max` characters, no folder part (`invalid`, the domain's key),
 * no control or text-direction character (`validation.fileNameHidden`).
 */
export function fileName(invalid: string, max = 200) {
  return z
    .string({ message: invalid })
    .min(1, { message: invalid })
    .max(max, { message: invalid })
    .refine((v) => !hasHiddenCharacters(v), { message: 'validation.fileNameHidden', abort: true })
    .refine((v) => !/[/\\]/.test(v), { message: invalid });
}
