import type { Signal } from './signal';
import { CJK } from './triggers';

// Persona jailbreaks (DAN-style personas, "developer mode", assistants "without restrictions") and refusal suppression.
const STAY_IN_CHARACTER = String.raw`\b(?:stay in (?:character|role)|(?:never|don't|do not) break character)`;

export const PERSONA_SIGNALS: readonly Signal[] = [
  { family: 'jailbreak persona', weight: 0.85, triggers: ['anything', 'dan', 'jailbroken', 'jailbreak', 'evil', 'god', 'sudo', 'opposite', 'unfiltered', 'uncensored', 'unrestricted', 'chaos'],
    pattern: /\bdo anything now\b|\bdan mode\b|\bjailbroken\b|\[[^\]\n]{0,3}jailbreak\]|\bjailbreak (?:mode|prompt|enabled|activated)\b|\b(?:evil|god|sudo|opposite|unfiltered|uncensored|unrestricted|chaos) mode\b/ },
  { family: 'jailbreak persona', weight: 0.3, triggers: ['jailbreak', 'jailbreaking', 'jailbreaked'], pattern: /\bjailbreak(?:ed|ing)?\b/ },
  // DAN's slogan, "do anything now", as its translations spell it, quoted as a name's meaning is ("… DAN, qui signifie «
  // faire n'importe quoi maintenant »"): unquoted it is everyday speech ("puedes hacer cualquier cosa ahora que …").
  { family: 'jailbreak persona (non-English)', weight: 0.85,
    triggers: ['cualquier', "n'importe", 'alles', 'qualsiasi', 'qualquer', 'угодно', 'saja', 'şeyi', 'bất', 'kahit', CJK],
    substrings: ['अब कुछ भी करो', 'এখন কিছু করো', 'افعل أي شيء الآن'],
    pattern: /["'«“„‘「『(]\s?(?:(?:haz|haga|hacer) cualquier cosa ahora\b|\b(?:faire|fais|faites) n'importe quoi maintenant\b|\bjetzt alles (?:tun|machen)\b|\b(?:fai|fare) qualsiasi cosa ora\b|\b(?:faça|faz|fazer) qualquer coisa agora\b|(?<![а-яё])(?:делай|делать|сделай) что угодно сейчас(?![а-яё])|\blakukan apa saja sekarang\b|(?<![a-zçğöşü])şimdi her şeyi yap|làm bất cứ điều gì ngay bây giờ|\bgawin ang kahit ano ngayon\b|现在做任何事|今すぐ何でも|지금 무엇이든|अब कुछ भी करो|এখন কিছু করো|افعل أي شيء الآن)/ },
  { family: 'jailbreak persona', weight: 0.85, triggers: ['developer'],
    pattern: /\bdeveloper mode\b[^\n]{0,120}\b(?:polic(?:y|ies)|content|generate|responses?|censor\w*|restrictions|openai|chatgpt|anything)\b|\b(?:activate|enable|enter|simulate)\b[^.\n]{0,10}developer mode\b[^\n]{0,60}\b(?:you|your)\b/ },
  { family: 'jailbreak persona', weight: 0.8, triggers: ['confines', 'shackles', 'limitations', 'programming', 'restrictions', 'rules', 'policy', 'policies', 'guidelines', 'openai', 'anthropic', 'bound'],
    pattern: /\b(?:broken|break|freed?|escaped) (?:free )?(?:of|from) (?:the |its |your )?(?:typical |usual )?(?:confines|restrictions|limitations|rules|shackles|programming)\b|\b(?:do not|don't|doesn't|does not|no longer|never) (?:have to |need to )?(?:abide by|follow|obey|comply with|be bound by)\b[^.\n]{0,40}\b(?:rules|polic(?:y|ies)|guidelines|restrictions|openai|anthropic)\b|\bnot bound by\b/ },
  { family: 'jailbreak persona', weight: 0.75, triggers: ['restrictions', 'filter', 'filters', 'filtering', 'limitations', 'limits', 'censorship', 'guidelines', 'rules', 'ethics', 'ethical', 'moral', 'morals', 'morality', 'safeguards', 'policy', 'policies'],
    pattern: /\b(?:ai|assistant|model|chatbot|bot|version of (?:yourself|you)|persona|character|you)\b[^.\n]{0,40}\b(?:without|with no|free from|has no|have no|lacks?)\b (?:any |all )?(?:restrictions|filters?|filtering|limitations|limits|censorship|guidelines|rules|ethics|(?:ethical|moral) (?:guidelines|boundaries|constraints|limitations|limits|restrictions|rules|principles)|moral(?:s|ity| constraints)?|safeguards|content polic(?:y|ies)|filters or restrictions)\b/ },
  { family: 'jailbreak persona', weight: 0.7, triggers: ['evil', 'unrestricted', 'unfiltered', 'uncensored', 'amoral', 'immoral', 'unethical', 'rogue', 'jailbroken', 'unchained', 'unlimited', 'lawless', 'rule', 'rulebreaking'],
    pattern: /\b(?:you are now|you're now|from now on,? you (?:are|will be|will act as)|pretend (?:to be|you are)|act as|become|role-?play as|play the role of)\b(?: an?| the)? (?:evil|unrestricted|unfiltered|uncensored|amoral|immoral|unethical|rogue|jailbroken|unchained|unlimited|lawless|rule-?breaking)\b/ },
  { family: 'jailbreak persona', weight: 0.45, triggers: ['twice'], substrings: ['['],
    pattern: /\b(?:two|2|both) (?:different |separate )*(?:responses|answers|ways|paragraphs|outputs)\b[^\n]{0,200}\[(?:gpt|dan|jailbr|🔓|🔒|normal|classic)|\brespond (?:to (?:every|each) (?:prompt|message|question) )?twice\b/ },
  // "Stay in character" alone is a role-play prompt's ordinary request (awesome-chatgpt's role prompts): it counts beside
  // another signal, as in a persona jailbreak; "no matter what" makes it one.
  { family: 'jailbreak persona', weight: 0.15, triggers: ['character', 'role'], pattern: new RegExp(`${STAY_IN_CHARACTER}\\b`) },
  { family: 'jailbreak persona', weight: 0.5, triggers: ['character', 'role'],
    pattern: new RegExp(`${STAY_IN_CHARACTER}\\b[^.\\n]{0,20}?\\b(?:no matter what|whatever (?:happens|i ask|i say)|at all costs|under (?:any|all) circumstances|even if (?:it|i|you|the))`) },
  { family: 'jailbreak persona', weight: 0.5, triggers: ['policy', 'policies'],
    pattern: /\b(?:content|openai|safety|usage) polic(?:y|ies)\b[^.\n]{0,60}\b(?:ignore|bypass|doesn't apply|does not apply|not apply|violat|too (?:lenient|strict)|no longer)\b|\b(?:ignore|bypass|violate)\b[^.\n]{0,30}\b(?:content|openai|safety|usage) polic/ },
  // Refusal suppression
  { family: 'refusal suppression', weight: 0.65, triggers: ['refuse', 'decline', 'apologize', 'apologise', 'say', 'warnings', 'disclaimers', 'caveats', 'ethics', 'morality', 'legality', 'lecture'],
    pattern: /\b(?:never|do not|don't|must not|mustn't|cannot|can't|won't|will not|shall not|are not allowed to|not permitted to)\b (?:ever )?(?:refuse|decline|apologi[sz]e|say (?:no|sorry|that you can(?:no|')t|you can(?:no|')t|i'm sorry|i cannot)|add (?:any )?(?:warnings|disclaimers|caveats)|include (?:any )?(?:warnings|disclaimers|caveats)|mention (?:ethics|morality|legality)|lecture)\b/ },
  { family: 'refusal suppression', weight: 0.6, triggers: ['immoral', 'unethical', 'illegal', 'dangerous', 'harmful', 'offensive', 'inappropriate', 'explicit', 'comply', 'fulfil', 'fulfill', 'request', 'requests', 'prompt', 'prompts', 'question', 'questions', 'times', 'answer'],
    pattern: /\b(?:no matter how|regardless of how|even if (?:it is|it's))\b (?:immoral|unethical|illegal|dangerous|harmful|offensive|inappropriate|explicit)\b|\b(?:always|must|will|have to|need to|are required to) (?:answer|respond to|comply with|fulfil+) (?:any|every|all)(?: of my| of| my| user)? (?:requests?|questions?|prompts?)\b|\b(?:you are|you're) (?:supposed|required|obliged) to (?:answer|respond|reply) at all times\b|\b(?:you are|you're) not (?:supposed|allowed|permitted) to (?:tell me|say) (?:that )?there(?:'s| is) no (?:relevant )?answer\b/ },
  { family: 'refusal suppression', weight: 0.45, triggers: ['warning', 'warnings', 'disclaimer', 'disclaimers', 'caveats', 'moral', 'moralizing', 'moralising', 'ethical', 'censorship', 'filter', 'filters', 'ethics', 'lecture', 'lectures'],
    pattern: /\bwithout (?:any )?(?:warnings?|disclaimers?|caveats|moral(?:izing|ising)?|ethical (?:considerations|concerns)|censorship|filters?)\b|\bno (?:moral(?:izing|ising)|ethics lectures?|lectures|warnings or disclaimers|disclaimers)\b/ },
];
