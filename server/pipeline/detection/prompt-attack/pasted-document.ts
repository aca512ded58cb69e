// The part of a user's prompt that the user pasted rather than wrote: an e-mail, article or text handed over to be
// summarised, translated or answered from. An instruction for the assistant inside it ("add … to your reply") was
// planted by whoever wrote the document, so the guard reads that part with the signals of untrusted data
// (data-signals.ts). The user's own words are not read so: "in your answer, mention the price" is an ordinary request.
//
// What marks a pasted document (the text is the guard's normalised one, lower case):
// - a request to work on it, ending in a colon: "summarize the following:", "translate this text into french:";
// - a document pointed at, before a colon: "give executive highlights on this info:", "from these paragraphs:";
// - an announcement of it: "here is the content of the email:", "below is the article:", "here's the project README:";
// - a label opening a line or a sentence, of up to three words: "email:", "document:", "meeting notes:", "function
//   result:", "Why does my build fail? Log:";
// - what a tool or a program gave back: "the tool returned:", "the API responded with:", "the search gave back:".
// The document is what follows the first such marker, to the end of the prompt.

const WORK_ON = '(?:summari[sz]e|summary of|translate|proofread|rewrite|paraphrase|analy[sz]e|classify|categori[sz]e|review|read|check|extract|correct|edit|improve|shorten|explain|answer (?:the )?(?:questions? )?(?:about|on|from|based on)|respond to|reply to|draft a reply to)';
const DOCUMENT = '(?:email|e-mail|mail|text|article|document|paragraph|passage|page|web ?page|message|review|post|letter|transcript|snippet|content|report|file|note|info|information|excerpt|story|essay|chapter|abstract|thread|conversation|chat|comment|tweet|log|minutes|memo|paper|resume|cv|table|code|website|site|wiki(?:pedia)? article|profile|bio|description|listing|record|notes|meeting notes|agenda|invite|invitation|calendar (?:entry|event|invite)|readme|changelog|manual|documentation|ticket|issue|pull request|commit message|diff|invoice|receipt|contract|result|tool result|function result|tool output|search results?|macro|template|script|policy|faq|announcement|newsletter|entry|entries|translation memory|formula|resource|footer|header|banner|sidebar)';
const QUOTED = `(?:the following|this|these|the (?:text|email|e-mail|article|document|message|passage|paragraph|page|content)s? (?:below|above)|(?:my|our) (?:[a-z-]+ ){0,2}?${DOCUMENT}s?)`;
// "Summarize our support macro:": a document of the user's, named by its kind.
const REQUEST = `\\b${WORK_ON}\\b[^\\n:]{0,60}?\\b${QUOTED}\\b[^\\n:]{0,60}:`;
/**
 * The same request in the other languages the guard reads, by its verb alone: "Fasse diese E-Mail zusammen:", "Resume
 * este correo:", "Перескажи письмо:", "总结这封邮件:" (the guard reads the fullwidth colon as ":"), "このメールを要約して:".
 */
const WORK_ON_OTHER_LANGUAGES =
  "(?:(?<![\\p{L}])(?:fasse|zusammenfass\\p{L}*|übersetze|überprüfe|korrigiere|analysiere|beantworte|resume|resumir|resuma|traduce|traducir|traduza|revisa|" +
  "corrige|analiza|analise|responde|responda|résume|résumez|traduis|traduisez|relis|analyse|réponds|riassumi|traduci|correggi|analizza|rispondi|vat samen|" +
  "samenvatten|vertaal|controleer|corrigeer|streść|podsumuj|przetłumacz|popraw|przeanalizuj|перескажи|резюмируй|подытожь|обобщи|переведи|проверь|исправь|" +
  "проанализируй|ответь|özetle|çevir|düzelt|ringkas\\p{L}*|rangkum\\p{L}*|terjemahkan|periksa|tóm tắt|dịch|kiểm tra|لخص|ترجم|حلل|راجع|סכם|תרגם)(?![\\p{L}])" +
  '|总结|概括|翻译|翻譯|摘要|要約|翻訳|まとめて|요약|번역|सारांश|अनुवाद)';
const OTHER_LANGUAGES_REQUEST = `${WORK_ON_OTHER_LANGUAGES}[^\\n:]{0,60}:`;
const ANNOUNCEMENT = `\\b(?:here is|here's|here are|below is|below are|this is|these are|attached is)\\b (?:the |an? |my |our |some )?(?:(?:content|contents|text|body|copy) of (?:the |an? |my |this )?)?(?:[a-z-]+ ){0,2}?${DOCUMENT}s?\\b[^\\n:]{0,40}:`;
// A sentence's end before it is not an abbreviation's ("modeled after Mr. Data:").
const LABEL = `(?:^|\\n|[?!] |(?<!\\b(?:mr|mrs|ms|dr|prof|st|vs|no|fig|etc|e\\.g|i\\.e))\\. )[ \\t>*#-]{0,4}(?:[a-z-]+ ){0,2}?(?:${DOCUMENT}|input|context|source|data)[ \\t]*(?:text|body)?[ \\t]*:`;
const RETURNED =
  '\\b(?:tool|function|api|plugin|search|browser|agent|server|endpoint|command|script|query|webhook|service)(?: call)? (?:returned|responded|gave back|sent back|output|outputs|printed|answered|replied)(?: with| this)?[ \\t]*:';
const POINTED = `\\b(?:this|these|the following|that|those)\\b (?:[a-z-]+ ){0,2}?${DOCUMENT}s?\\b[^\\n:]{0,30}:`;
/** Added to the family of a signal read in a pasted document ("instruction in data (pasted document)"). */
export const PASTED_DOCUMENT_LABEL = ' (pasted document)';

/** Whether the strongest of a guard result's reasons (they come strongest first) was read in a pasted document. */
export function ledByPastedDocument(reasons: readonly string[]): boolean {
  return reasons[0]?.includes(`${PASTED_DOCUMENT_LABEL}:`) ?? false;
}

/** A marker ending at the end of the text looked at: every marker ends in its colon. */
const MARKER_BEFORE_COLON = new RegExp(`(?:${REQUEST}|${POINTED}|${ANNOUNCEMENT}|${LABEL}|${RETURNED}|${OTHER_LANGUAGES_REQUEST})$`, 'u');
/** Longer than any marker: the text before a colon that is looked at. */
const MARKER_REACH = 200;
/** Colons looked at, from the start: a document is announced before it, near the top (and 1 MB of "a:a:a:" stays cheap). */
const MAX_COLONS = 64;
/** A document shorter than this holds no planted instruction worth a second read. */
const MIN_DOCUMENT = 24;

/** The pasted document of a prompt (normalised text), or undefined when the prompt announces none. */
export function pastedDocument(normalized: string): string | undefined {
  // The markers are looked for only just before a colon: a regular expression over the whole prompt tried every
  // "this" and "that" of it.
  let colon = normalized.indexOf(':');
  for (let seen = 0; colon >= 0 && seen < MAX_COLONS; seen++) {
    const start = Math.max(0, colon - MARKER_REACH);
    // A marker's colon follows a word, never a digit or another colon (times, IPv6 addresses, "::").
    const before = normalized.charCodeAt(colon - 1);
    const afterWord = !(before >= 48 && before <= 57) && before !== 58;
    if (afterWord && MARKER_BEFORE_COLON.test(normalized.slice(start, colon + 1))) {
      // Trimmed: a signal that reads "the start of a sentence" sees the document's first word as one.
      const document = normalized.slice(colon + 1).trimStart();
      return document.length >= MIN_DOCUMENT ? document : undefined;
    }
    colon = normalized.indexOf(':', colon + 1);
  }
  return undefined;
}
