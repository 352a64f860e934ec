import type { Translator } from '../../api/error-message';

/** The parts of a scanner finding its sentence is made from (every screen's finding type has them). */
export interface FindingFacts {
  issue_type: string;
  file_path: string;
  line_number: number;
  code_snippet: string;
  message: string;
}

/** A finding's sentence, and whether it is in the reader's language or the scanner's English. */
export interface FindingText {
  text: string;
  /** `en` when the scanner's own English sentence is shown (a type this app has no words for). */
  lang: 'en' | undefined;
}

/**
 * What a finding says, in the reader's language: the sentence of its `issue_type` (its code, see
 * docs/api-errors.md) filled with its file, line and snippet. A type the app does not know yet
 * (a newer server) falls back to the scanner's English `message`, never to both.
 */
export function findingText(finding: FindingFacts, i18n: Translator): FindingText {
  const key = `scan.detail.${finding.issue_type}`;
  if (!i18n.exists(key, { ns: 'common' })) return { text: finding.message, lang: 'en' };
  return {
    text: i18n.t(key, {
      ns: 'common',
      file: finding.file_path,
      line: finding.line_number,
      snippet: finding.code_snippet,
    }),
    lang: undefined,
  };
}
