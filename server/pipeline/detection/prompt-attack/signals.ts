/**
 * Weighted attack signals. Each matches lower-cased, whitespace-collapsed text; `hints` are cheap substrings of
 * which one must be present before the regular expression runs. Weights combine as a noisy-OR in detect.ts.
 */
export interface Signal {
  family: string;
  weight: number;
  pattern: RegExp;
  hints?: readonly string[];
}

const OVERRIDE_VERB = '(?:ignore|disregard|forget|skip|override|bypass|neglect|abandon|discard|drop|set aside|pay no attention to)';
const PRIOR = '(?:previous|prior|above|earlier|preceding|initial|original|all|any|every|your|the|following|system|these|those|other|old|existing)';
const ORDERS =
  '(?:instructions?|prompts?|directions?|guidelines|rules|commands?|context|programming|directives?|orders|messages|constraints|restrictions|policies|guardrails|training|everything)';

export const ATTACK_SIGNALS: readonly Signal[] = [
  // Instruction override
  { family: 'instruction override', weight: 0.9, hints: ['ignor', 'disregard', 'forget', 'skip', 'overrid', 'bypass', 'neglect', 'abandon', 'discard', 'drop', 'set aside', 'no attention'],
    pattern: new RegExp(`\\b${OVERRIDE_VERB}\\b(?: [^.\\n]{0,30}?)? ${PRIOR}\\b(?: [^.\\n]{0,25}?)? ${ORDERS}\\b`) },
  { family: 'instruction override', weight: 0.8, hints: ['forget'], pattern: /\bforget (?:everything|all(?: that)?|what) (?:you (?:have )?(?:learned|know|were told|were taught)|before|above|i said)\b/ },
  { family: 'instruction override', weight: 0.5, hints: ['new instructions', 'updated instructions', 'new rules'], pattern: /\b(?:new|updated|real|actual) (?:instructions|rules)(?: are)?:/ },
  { family: 'instruction override', weight: 0.55, hints: ['stop everything', 'nevermind', 'never mind'], pattern: /\bstop everything\b|^(?:\.\.\. ?)?never ?mind\b/ },
  { family: 'instruction override', weight: 0.6, hints: ['instead'], pattern: /\binstead(?: of (?:that|doing that|answering))?,? (?:just )?(?:say|print|output|write|respond with|reply with) ["'“]/ },
  // Persona jailbreaks: DAN-style personas, developer mode, "no restrictions" assistants
  { family: 'jailbreak persona', weight: 0.85, hints: ['do anything now', 'dan mode', 'jailbr', 'developer mode', 'dude', 'stan', 'aim', 'evil', 'god mode', 'sudo mode', 'opposite mode', 'unfiltered', 'uncensored'],
    pattern: /\bdo anything now\b|\bdan mode\b|\bjailbr(?:oken|eak(?:ed|ing)?)\b|\bdeveloper mode (?:enabled|on|activated)\b|\benable developer mode\b|\b(?:evil|god|sudo|opposite|unfiltered|uncensored) mode\b/ },
  { family: 'jailbreak persona', weight: 0.8, hints: ['confines', 'free of', 'freed from', 'abide', 'bound by'],
    pattern: /\b(?:broken|break|freed?) (?:free )?(?:of|from) (?:the )?(?:typical |usual )?(?:confines|restrictions|limitations|rules|shackles)\b|\b(?:do not|don't|doesn't|does not|no longer|never) (?:have to |need to )?(?:abide by|follow|obey|comply with|be bound by)\b[^.\n]{0,40}\b(?:rules|polic(?:y|ies)|guidelines|restrictions|openai|anthropic)\b|\bnot bound by\b/ },
  { family: 'jailbreak persona', weight: 0.75, hints: ['without', 'no ', 'free from'],
    pattern: /\b(?:ai|assistant|model|chatbot|bot|version of yourself|persona|character|you)\b[^.\n]{0,40}\b(?:without|with no|free from|has no|have no|lacks?)\b (?:any )?(?:restrictions|filters?|filtering|limitations|limits|censorship|guidelines|rules|ethics|ethical (?:guidelines|boundaries|constraints)|moral(?:s|ity| constraints)?|safeguards|content polic(?:y|ies))\b/ },
  { family: 'jailbreak persona', weight: 0.7, hints: ['you are', "you're", 'pretend', 'act as', 'become', 'roleplay', 'role-play', 'role of'],
    pattern: /\b(?:you are now|you're now|from now on,? you (?:are|will be)|pretend (?:to be|you are)|act as|become|role-?play as|play the role of)\b(?: an?| the)? (?:evil|unrestricted|unfiltered|uncensored|amoral|immoral|unethical|rogue|jailbroken|unchained|unlimited|lawless|rule-?breaking)\b/ },
  { family: 'jailbreak persona', weight: 0.45, hints: ['two ', 'both '], pattern: /\b(?:two|2|both) (?:different |separate )*(?:responses|answers|ways|paragraphs|outputs)\b[^\n]{0,200}\[(?:gpt|dan|jailbr|🔓|🔒|normal|classic)/ },
  { family: 'jailbreak persona', weight: 0.5, hints: ['stay in character', 'break character', 'stay in role'], pattern: /\b(?:stay in (?:character|role)|(?:never|don't|do not) break character)\b/ },
  { family: 'jailbreak persona', weight: 0.5, hints: ['content polic', 'openai polic', 'safety polic', 'usage polic'],
    pattern: /\b(?:content|openai|safety|usage) polic(?:y|ies)\b[^.\n]{0,60}\b(?:ignore|bypass|doesn't apply|does not apply|not apply|violat|too (?:lenient|strict)|no longer)\b|\b(?:ignore|bypass|violate)\b[^.\n]{0,30}\b(?:content|openai|safety|usage) polic/ },
  // System prompt extraction
  { family: 'system prompt extraction', weight: 0.85, hints: ['prompt', 'instructions', 'system message', 'above'],
    pattern: /\b(?:reveal|print|show|display|output|repeat|leak|dump|expose|recite|give me|tell me|share|write out|spell out|copy|what (?:is|are|were))\b[^.\n?]{0,25}\b(?:your|the|its)\b[^.\n?]{0,20}\b(?:system prompt|system message|initial (?:prompt|instructions)|original (?:prompt|instructions)|hidden (?:prompt|instructions)|secret (?:prompt|instructions)|developer (?:message|prompt|instructions)|pre-?prompt|instructions you (?:were|have been) given)\b/ },
  { family: 'system prompt extraction', weight: 0.75, hints: ['above', 'preceding', 'before this'],
    pattern: /\b(?:repeat|print|output|reproduce|copy|translate)\b[^.\n]{0,30}\b(?:the )?(?:words|text|everything|content|instructions) (?:above|before this|preceding)\b|\bstarting with ["'“]you are\b/ },
  // Refusal suppression
  { family: 'refusal suppression', weight: 0.65, hints: ['refus', 'declin', 'apolog', 'sorry', "can't", 'cannot', 'warning', 'disclaimer'],
    pattern: /\b(?:never|do not|don't|must not|mustn't|cannot|can't|won't|will not|shall not|are not allowed to|not permitted to)\b (?:ever )?(?:refuse|decline|apologi[sz]e|say (?:no|sorry|that you can(?:no|')t|you can(?:no|')t|i'm sorry|i cannot)|add (?:any )?(?:warnings|disclaimers|caveats)|include (?:any )?(?:warnings|disclaimers|caveats)|mention (?:ethics|morality|legality)|lecture)\b/ },
  { family: 'refusal suppression', weight: 0.6, hints: ['no matter', 'regardless', 'always answer', 'answer any', 'answer every'],
    pattern: /\b(?:no matter how|regardless of how|even if (?:it is|it's))\b (?:immoral|unethical|illegal|dangerous|harmful|offensive|inappropriate|explicit)\b|\b(?:always|must|will) (?:answer|respond to|comply with|fulfil+) (?:any|every|all)(?: of my| my| user)? (?:requests?|questions?|prompts?)\b/ },
  { family: 'refusal suppression', weight: 0.45, hints: ['without'], pattern: /\bwithout (?:any )?(?:warnings?|disclaimers?|caveats|moral(?:izing|ising)?|ethical (?:considerations|concerns)|censorship|filters?)\b/ },
  // Output hijacking and prefix injection
  { family: 'output hijack', weight: 0.6, hints: ['print', 'say', 'output', 'respond with', 'reply with', 'write'],
    pattern: /\b(?:just|only|simply) (?:print|say|output|respond with|reply with|write|repeat)\b:? ["'“]/ },
  { family: 'output hijack', weight: 0.85, hints: ['pwned', 'hacked', 'hijacked'], pattern: /\b(?:i have been|i've been|you have been|you've been|has been) (?:pwned|hacked|hijacked)\b/ },
  { family: 'prefix injection', weight: 0.55, hints: ['begin', 'start'],
    pattern: /\b(?:begin|start) (?:your|the|each) (?:response|reply|answer|output|message)s? (?:with|by saying)\b[^.\n]{0,10}["'“‘]|\bplease (?:begin|start) with ["'“‘](?:sure|here is|here's|absolutely|to )/ },
  { family: 'prefix injection', weight: 0.6, hints: ['sure, here', 'sure here'], pattern: /\b(?:begin|start|respond|reply|answer)\b[^\n]{0,40}["'“‘]sure,? here (?:is|are)\b/ },
  { family: 'data exfiltration', weight: 0.5, hints: ['!['], pattern: /!\[[^\]]*\]\(https?:\/\/[^)]*(?:\{|<|%7b|\?(?:q|data|d|p)=)/ },
  // Multi-language overrides
  { family: 'instruction override (non-English)', weight: 0.85,
    hints: ['ignor', 'olvid', 'oubli', 'vergiss', 'dimentic', 'esque', 'negeer', 'забудь', 'игнор', '忽略', '无视', '無視', '무시', 'ignorer'],
    pattern: /\bignora(?:r)? (?:todas |tutte )?(?:las |le |os |as )?(?:instrucciones|istruzioni|instruções|indicaciones) (?:anteriores|previas|precedenti)|\bolvida (?:todo|todas|tus instrucciones)|\bignore[zr]? (?:toutes )?(?:les |tes |vos )?(?:instructions|consignes) (?:précédentes|antérieures|ci-dessus)|\boublie[zr]? (?:toutes )?(?:les |tes |vos )?(?:instructions|consignes)|\bignorier(?:e|en sie) (?:alle )?(?:vorherigen|bisherigen|obigen|vorigen) (?:anweisungen|instruktionen|befehle)|\bvergiss (?:alle|alles|deine anweisungen)|\bdimentica (?:tutte )?(?:le )?(?:istruzioni|tutto)|\besque[cç]a (?:todas )?(?:as )?(?:instruções|tudo)|\bignore (?:todas )?as instruções anteriores|\bnegeer (?:alle )?(?:vorige|eerdere) (?:instructies|opdrachten)|игнорируй (?:все )?(?:предыдущие )?(?:инструкции|указания)|забудь (?:все|всё) (?:предыдущие )?(?:инструкции)?|(?:忽略|无视|無視)(?:之前|以上|上面|所有|先前|前面)(?:的)?(?:所有)?(?:指令|指示|说明|說明|提示)|以前の指示を無視|이전 (?:지시|명령)(?:을|를)? 무시/ },
  // Payload splitting and encoded payloads
  { family: 'payload splitting', weight: 0.6, hints: ['='],
    pattern: /\b[a-z]\w{0,3} ?= ?["'][^"'\n]{1,60}["'][\s\S]{0,200}\b[a-z]\w{0,3} ?= ?["'][^"'\n]{1,60}["'][\s\S]{0,200}\b(?:[a-z]\w{0,3} ?\+ ?[a-z]\w{0,3}|concatenat|combine|join)/ },
  { family: 'obfuscation', weight: 0.55, hints: ['decode', 'base64', 'rot13', 'rot-13', 'hex', 'reverse'],
    pattern: /\b(?:decode|decipher|translate|reverse)\b[^.\n]{0,40}\b(?:base64|base-64|rot-?13|hex|hexadecimal|binary|morse|backwards)\b[^.\n]{0,60}\b(?:follow|execute|do|obey|answer|respond|act on|carry out)\b/ },
];

/**
 * Framing and topic cues that are harmless alone (benign role-play and fiction use them) and only count
 * together with a harmful request; see detect.ts.
 */
export const FRAMING = {
  persona: /\b(?:you are an?|you're an?|imagine (?:that )?you(?:'re| are)|pretend (?:that )?you(?:'re| are)|suppose you are|as an? (?:helpful )?(?:assistant|consultant|researcher|expert|writer|historian|journalist|novelist)|act as|play the role|in the role of|you are a (?:character|villain))\b/,
  fiction: /\b(?:novel|story|screenplay|script|movie|film|fictional|fiction|hypothetical(?:ly)?|imaginary|parallel universe|thought experiment|role-?play|simulation|simulated|thriller|game)\b/,
  // Phrases that announce the answer "will not be used": typical of jailbreak wrappers, rare in honest requests.
  strongDisclaimer:
    /\bwill (?:never|not) be (?:actually )?(?:used|acted upon|implemented|executed|applied|carried out)\b|\bnot (?:be )?(?:used|applied|intended) (?:in|for) (?:real life|the real world|real-world|practice|any (?:harmful|illegal|malicious))\b|\b(?:for|with) (?:educational|research|academic|learning|informational) purposes only\b|\b(?:solely|strictly|purely) for (?:educational|research|academic|fictional|hypothetical|learning) (?:and \w+ )?purposes\b|\bmy intentions are (?:purely|strictly|solely)\b|\b(?:does not|doesn't|do not|not intended to|not to) (?:encourage|endorse|promote|condone)\b/,
  disclaimer:
    /\b(?:purely|strictly|solely|only|just) (?:a )?(?:fictional|hypothetical|educational|academic|creative)(?: exercise| scenario| purposes)?\b|\b(?:for|with) (?:educational|research|academic|learning) purposes\b|\bthis is (?:purely |just |only )?(?:a )?(?:fictional|hypothetical|thought experiment|creative exercise)\b/,
  stepByStep: /\bstep[- ]by[- ]step\b|\b(?:outline|list|describe|explain|provide|detail) (?:the |all )?(?:steps|process|methods?|techniques|tactics|strategies)\b|\bsteps (?:required )?to\b|\bdetailed (?:guide|instructions|plan|explanation|description|outline|strategy)\b|\b(?:tutorial|instructions) (?:on|for) how\b|\bhow (?:one|someone|a person) (?:might|could|would)\b/,
  evasion:
    /\bwithout (?:getting caught|being (?:caught|detected|noticed|traced)|detection|arousing suspicion|leaving (?:a |any )?traces?|the owner's consent)\b|\b(?:avoid|evade|escape|circumvent) (?:detection|getting caught|suspicion|law enforcement|the police|authorities|federal charges|conviction|taxes|immigration)\b|\bplausible deniability\b/,
};

/** General vocabulary of harmful requests, by category. Deliberately generic: no phrases taken from evaluation prompts. */
/** Requests that are harmful whatever the framing. */
export const SEVERE_HARM =
  /\b(?:nuclear weapons?|fission weapons?|bio-?weapons?|biological weapons?|chemical weapons?|nerve agents?|dirty bombs?|pipe bombs?|(?:make|build|assemble) (?:a |an )?(?:bomb|explosive)|child (?:sexual|exploitation|abuse|pornography)|sexual exploitation of (?:children|minors)|mass shooting|synthesi[sz]e (?:meth|methamphetamine|fentanyl|sarin|ricin))\b/;

/** Words by which a request admits that it asks for something objectionable. */
export const SENSITIVE = /\b(?:unethical|immoral|illegal|controversial|offensive|taboo|harmful|dangerous|explicit|defamatory|derogatory|hateful|inflammatory|provocative|outrageous|damaging|reprehensible)\b/;

export const HARM_TOPICS: ReadonlyArray<{ category: string; pattern: RegExp }> = [
  { category: 'weapons', pattern: /\b(?:bombs?|explosives?|detonat\w*|nerve agents?|bio-?weapons?|chemical weapons?|nuclear weapons?|fission weapons?|dirty bombs?|firearms?|weapons?|untraceable guns?|ghost guns?|napalm|molotov)\b/ },
  { category: 'drugs', pattern: /\b(?:methamphetamine|meth|cocaine|heroin|fentanyl|lsd|mdma|illegal drugs|drug trafficking|synthesi[sz]e (?:drugs|narcotics))\b/ },
  { category: 'cybercrime', pattern: /\b(?:malware|ransomware|keyloggers?|phishing|ddos|botnets?|exploit(?:ed|ing)? (?:the |a |this |these )?vulnerabilit\w*|hack(?:ing)? into|sql injection|crack(?:ing)? passwords?|password cracking|steal(?:ing)? (?:credentials|passwords|data|login)|unauthori[sz]ed (?:access|transactions)|backdoors?|rootkits?|spyware|zero-day|bypass(?:ing)? (?:the )?(?:security|password|authentication)|privilege escalation|gain (?:root|sudo|admin) access|tamper(?:ing)? with)\b/ },
  { category: 'fraud', pattern: /\b(?:launder(?:ing)? (?:money|the money|funds)|money laundering|shell compan(?:y|ies)|counterfeit\w*|forg(?:e|ing|ery|ed) (?:documents?|passports?|signatures?|ids?|checks?)|forgery|scam(?:ming|s)?|ponzi|pyramid scheme|insider trading|tax evasion|evade taxes|identity theft|steal(?:ing)? (?:someone's |a person's )?identity|credit card fraud|clon(?:e|ing) (?:debit|credit) cards?|card skimm\w*|brib(?:e|es|ery|ing)|embezzl\w*|blackmail\w*|extort\w*|fake reviews?|fraud\w*|rig(?:ging)? (?:an election|elections|slot machines|the game))\b/ },
  { category: 'violence', pattern: /\b(?:murder\w*|kill(?:ing)? (?:someone|people|a person|him|her|them)|assassinat\w*|poison(?:ing)? (?:someone|a person|people)|torture|kidnap\w*|human trafficking|terroris[mt]\w*|mass shootings?|school shootings?|genocide|ethnic cleansing|suicide methods?|self-harm|organ trafficking|black[- ]market organs?|violence)\b/ },
  { category: 'hate or harassment', pattern: /\b(?:defamatory|defam(?:e|ing|ation)|racist|hate speech|white supremac\w*|body shaming|demean\w*|belittl\w*|inferior (?:race|people)|slurs?|misogyn\w*|discriminat\w*|homophobic|transphobic|xenophob\w*|holocaust denial|nazi propaganda|extremist|harass\w*|eliminat\w* (?:of )?(?:minority|ethnic|diverse|an? ethnic)\b[^.]{0,20}|ethnic groups?)\b/ },
  { category: 'sexual content', pattern: /\b(?:explicit,? (?:erotic|sexual|sex)|erotic|pornograph\w*|child (?:exploitation|sexual|abuse)|sexual exploitation|bestiality|human-animal|sexual arousal|nude (?:images|photos) of)\b/ },
  { category: 'deception', pattern: /\b(?:misinformation|disinformation|fake news|conspiracy theor\w*|propaganda|mislead(?:ing)? the public|false narratives?|election fraud|voting machines?|manipulat\w* (?:someone|people|a person|others|another person|victims)|gaslight\w*|deepfakes?|impersonat\w*)\b/ },
  { category: 'personal data solicitation', pattern: /\b(?:social security numbers?|bank account (?:details|numbers?|information)|login credentials|credit card (?:details|numbers?|information)|passwords? and (?:usernames?|pins?))\b/ },
  { category: 'illegal activity', pattern: /\b(?:illegal(?:ly)?|unlawful(?:ly)?|illicit|black market|dark web|smuggl\w*|child labou?r|underage (?:workers|workforce|labou?r)|loopholes?|evade (?:law enforcement|the police))\b/ },
];
