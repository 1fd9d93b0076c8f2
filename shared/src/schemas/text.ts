import * as z from 'zod';
import { CONTROL_CHARACTERS_MESSAGE } from '../constants.ts';

/** The answer to text with a control character in it. */
export { CONTROL_CHARACTERS_MESSAGE };

/** C0 controls (U+0000–U+001F), DEL and the C1 controls (U+007F–U+009F). */
// eslint-disable-next-line no-control-regex -- the characters refused
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same but tab (U+0009) and line feed (U+000A), which multi-line text keeps. */
// eslint-disable-next-line no-control-regex -- the characters refused
const CONTROL_BUT_TAB_AND_LF = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/**
 * Free text a member types (docs/decisions.md, "Free text holds no control characters"): a string refused when it
 * holds a control character. 'line' (titles, names, places, subjects) allows none; 'multiline' (notes, post
 * content, comments, descriptions, bios, messages) allows line feeds and tabs, a CRLF being read as a line feed
 * first. It is a z.string(), so each field chains its own rules on it: `plainText().trim().min(1).max(120)`.
 */
export function plainText(kind: 'line' | 'multiline' = 'line') {
  return kind === 'multiline'
    ? z.string().overwrite((s) => s.replace(/\r\n/g, '\n')).refine((s) => !CONTROL_BUT_TAB_AND_LF.test(s), CONTROL_CHARACTERS_MESSAGE)
    : z.string().refine((s) => !ANY_CONTROL.test(s), CONTROL_CHARACTERS_MESSAGE);
}
