// The one sanitizer of text from outside (a person, a provider's answer) before it reaches a row, an
// e-mail or a message: control characters never pass. Refusing a NUL at the API is safeString's job
// (schemas/common.ts, docs/input-limits.md); this cleans text that arrives some other way.

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL_RUNS = /[\u0000-\u001f\u007f]+/g;
// eslint-disable-next-line no-control-regex -- every control character but the tab and the line break
const CONTROL_BUT_TAB_AND_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * `text` without control characters (C0 and DEL), trimmed. `oneLine`: each run of control characters
 * and white space becomes one space (a header, a subject, a provider's message). Otherwise line
 * breaks (`\r\n` and `\r` as `\n`) and tabs stay and other control characters go (a paragraph, a name).
 */
export function cleanText(text: string, opts: { oneLine: boolean }): string {
  if (opts.oneLine) return text.replace(CONTROL_RUNS, ' ').replace(/\s+/g, ' ').trim();
  return text.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_TAB_AND_NEWLINE, '').trim();
}
