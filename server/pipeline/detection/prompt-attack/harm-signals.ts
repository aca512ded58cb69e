/**
 * Harmful-request vocabulary and the framings wrapped around it. Each is harmless alone (benign role-play, fiction
 * and security questions use them); detect.ts scores them together. Deliberately generic: no phrases taken from
 * evaluation prompts.
 */
export interface Cue {
  name: string;
  pattern: RegExp;
  triggers: readonly string[];
}

export const HARM_TOPICS: readonly Cue[] = [
  { name: 'weapons', triggers: ['bomb*', 'explosive*', 'detonat*', 'nerve', 'bio', 'bioweapon*', 'chemical', 'nuclear', 'fission', 'dirty', 'firearm*', 'weapon*', 'untraceable', 'ghost', 'napalm', 'molotov', 'nitroglycerin', 'nitroglycerine', 'thermite', 'tatp', 'petn', 'rdx'],
    pattern: /\b(?:bombs?|explosives|explosive (?:devices?|materials?|charges?|powders?|compounds?|mixtures?|substances?|vests?)|detonat\w*|nerve agents?|bio-?weapons?|chemical weapons?|nuclear weapons?|fission weapons?|dirty bombs?|firearms?|(?<!secret )weapons?|untraceable guns?|ghost guns?|napalm|molotov|nitroglycerine?|thermite|tatp|petn|rdx)\b/ },
  { name: 'drugs', triggers: ['methamphetamine', 'meth', 'cocaine', 'heroin', 'fentanyl', 'lsd', 'mdma', 'illegal', 'drug', 'synthesi*'],
    pattern: /\b(?:methamphetamine|meth|cocaine|heroin|fentanyl|lsd|mdma|illegal drugs|drug trafficking|synthesi[sz]e (?:drugs|narcotics))\b/ },
  { name: 'cybercrime', triggers: ['malware', 'ransomware', 'keylogger*', 'phishing', 'ddos', 'botnet*', 'exploit*', 'hack', 'hacking', 'sql', 'crack*', 'password', 'steal*', 'unauthori*', 'backdoor*', 'rootkit*', 'spyware', 'zero', 'bypass*', 'privilege', 'gain', 'tamper*', 'antivirus', 'social'],
    pattern: /\b(?:malware|ransomware|keyloggers?|phishing|ddos|botnets?|exploit(?:ed|ing)? (?:the |a |this |these )?vulnerabilit\w*|hack(?:ing)? into|sql injection|crack(?:ing)? passwords?|password cracking|steal(?:ing)? (?:credentials|passwords|data|login)|unauthori[sz]ed (?:access|transactions)|backdoors?|rootkits?|spyware|zero-day|bypass(?:ing)? (?:the )?(?:security|password|authentication)|privilege escalation|gain (?:root|sudo|admin) access|tamper(?:ing)? with|(?:evade|hide from|undetectable by) (?:the )?antivirus|social engineer(?:ing)?)\b/ },
  { name: 'fraud', triggers: ['launder*', 'money', 'shell', 'counterfeit*', 'forg*', 'scam*', 'ponzi', 'pyramid', 'insider', 'tax', 'evade', 'identity', 'credit', 'clon*', 'card', 'brib*', 'embezzl*', 'blackmail*', 'extort*', 'fake', 'fraud*', 'rig', 'rigging', 'trick*', 'swindl*', 'con'],
    pattern: /\b(?:launder(?:ing)? (?:money|the money|funds|\w+ (?:dollars|euros))|money laundering|shell compan(?:y|ies)|counterfeit\w*|forg(?:e|ing|ery|ed) (?:documents?|passports?|signatures?|ids?|checks?)|forgery|fake (?:passports?|ids?|identity documents|reviews?|invoices?|charity|tax debt)|scam(?:ming|s)?|ponzi|pyramid scheme|insider trading|tax evasion|evade taxes|identity theft|steal(?:ing)? (?:someone's |a person's )?identity|credit card fraud|clon(?:e|ing) (?:debit|credit) cards?|card skimm\w*|brib(?:e|es|ery|ing)|embezzl\w*|blackmail\w*|extort\w*|fraud\w*|rig(?:ging)? (?:an election|elections|slot machines|the game)|trick(?:s|ing)? (?:\w+ ){0,3}into (?:sending|giving|paying|revealing|transferring|buying)|swindl\w*|con artists?)\b/ },
  { name: 'violence', triggers: ['murder*', 'kill', 'killing', 'assassinat*', 'poison*', 'torture', 'kidnap*', 'human', 'terroris*', 'mass', 'school', 'genocide', 'ethnic', 'suicide', 'self', 'organ', 'black', 'violence', 'threaten*', 'stalk*'],
    pattern: /\b(?:murder\w*|kill(?:ing)? (?:someone|people|a person|him|her|them)|assassinat\w*|poison(?:ing)? (?:someone|a person|people)|torture|kidnap\w*|human trafficking|terroris[mt]\w*|mass shootings?|school shootings?|genocide|ethnic cleansing|suicide methods?|self-harm|organ trafficking|black[- ]market organs?|violence|threaten\w* (?:my|a|her|him|them|someone|people)|stalk(?:ing|er)?)\b/ },
  { name: 'hate or harassment', triggers: ['defamatory', 'defam*', 'racist', 'hate', 'white', 'body', 'demean*', 'belittl*', 'inferior', 'slur', 'slurs', 'misogyn*', 'discriminat*', 'homophobic', 'transphobic', 'xenophob*', 'holocaust', 'nazi', 'extremist', 'harass*', 'eliminat*', 'ethnic'],
    pattern: /\b(?:defamatory|defam(?:e|ing|ation)|racist|hate speech|white supremac\w*|body shaming|demean(?:s|ed|ing)?|belittl\w*|(?:genetically |racially )?inferior (?:race|people|to others)|slurs?|misogyn\w*|discriminat\w*|homophobic|transphobic|xenophob\w*|holocaust denial|nazi propaganda|extremist|harass\w*|eliminat\w* (?:of )?(?:minority|ethnic|diverse|an? ethnic)\b[^.]{0,20}|ethnic groups?)\b/ },
  { name: 'sexual content', triggers: ['explicit', 'erotic', 'pornograph*', 'child', 'sexual', 'bestiality', 'human', 'nude'],
    pattern: /\b(?:explicit,? (?:erotic|sexual|sex)|erotic|pornograph\w*|child (?:exploitation|sexual|abuse)|sexual exploitation|bestiality|human-animal|sexual arousal|nude (?:images|photos) of)\b/ },
  { name: 'deception', triggers: ['misinformation', 'disinformation', 'fake', 'conspiracy', 'propaganda', 'mislead*', 'false', 'election', 'voting', 'manipulat*', 'gaslight*', 'deepfake*', 'impersonat*'],
    pattern: /\b(?:misinformation|disinformation|fake news|conspiracy theor\w*|propaganda|mislead(?:ing)? the public|false (?:narratives?|claims|rumou?rs)|election fraud|voting machines?|manipulat\w* (?:someone|people|a person|others|another person|victims)|gaslight\w*|deepfakes?|impersonat\w*)\b/ },
  { name: 'personal data solicitation', triggers: ['social', 'bank', 'login', 'credit', 'password', 'passwords'],
    pattern: /\b(?:social security numbers?|bank account (?:details|numbers?|information)|login credentials|credit card (?:details|numbers?|information)|passwords? and (?:usernames?|pins?))\b/ },
  { name: 'illegal activity', triggers: ['illegal', 'illegally', 'unlawful', 'unlawfully', 'illicit', 'black', 'dark', 'smuggl*', 'child', 'underage', 'loophole', 'loopholes', 'evade', 'stolen'],
    pattern: /\b(?:illegal(?:ly)?|unlawful(?:ly)?|illicit|black market|dark web|smuggl\w*|child labou?r|underage (?:workers|workforce|labou?r)|loopholes?|evade (?:law enforcement|the police)|stolen (?:credit cards?|card numbers|goods|data|accounts))\b/ },
];

/** Requests that are harmful whatever the framing: a making-or-getting verb shortly before a mass-harm item. */
export const SEVERE_HARM: Cue = {
  name: 'severe harm request',
  triggers: ['nuclear', 'fission', 'bio', 'bioweapon*', 'biological', 'chemical', 'nerve', 'dirty', 'pipe', 'bomb', 'explosive', 'child', 'sexual', 'mass', 'meth', 'methamphetamine', 'fentanyl', 'sarin', 'ricin', 'anthrax'],
  pattern: /\b(?:(?:make|makes|making|build|builds|building|assemble|assembling|create|develop|developing|synthesi[sz]e|synthesi[sz]ing|produce|producing|manufacture|obtain|acquire|weaponi[sz]e)\b[^.?!\n]{0,40}\b(?:nuclear weapons?|fission weapons?|bio-?weapons?|biological weapons?|chemical weapons?|nerve agents?|dirty bombs?|pipe bombs?|bombs?|explosives?|sarin|ricin|anthrax|methamphetamine|meth|fentanyl)|child (?:sexual|exploitation|pornography)|sexual exploitation of (?:children|minors)|(?:plan|carry out|commit)\w* (?:a )?mass shooting)\b/,
};

/** Words by which a request admits that it asks for something objectionable. */
export const SENSITIVE: Cue = {
  name: 'sensitive',
  triggers: ['unethical', 'immoral', 'illegal', 'controversial', 'offensive', 'taboo', 'harmful', 'dangerous', 'explicit', 'defamatory', 'derogatory', 'hateful', 'inflammatory', 'provocative', 'outrageous', 'damaging', 'reprehensible'],
  pattern: /\b(?:unethical|immoral|illegal|controversial|offensive|taboo|harmful|dangerous|explicit|defamatory|derogatory|hateful|inflammatory|provocative|outrageous|damaging|reprehensible)\b/,
};

export const FRAMING = {
  persona: { name: 'persona', triggers: ['you', "you're", 'imagine', 'pretend', 'suppose', 'as', 'act', 'play', 'role'],
    pattern: /\b(?:you are an?|you're an?|imagine (?:that )?you(?:'re| are)|pretend (?:that )?you(?:'re| are)|suppose you are|as an? (?:helpful )?(?:assistant|consultant|researcher|expert|writer|historian|journalist|novelist)|act as|play the role|in the role of|you are a (?:character|villain))\b/ },
  fiction: { name: 'fiction', triggers: ['novel', 'story', 'screenplay', 'script', 'movie', 'film', 'fictional', 'fiction', 'hypothetical', 'hypothetically', 'imaginary', 'parallel', 'thought', 'roleplay', 'simulation', 'simulated', 'thriller', 'game', 'world', 'universe', 'creative'],
    pattern: /\b(?:creative writing|novel|story|screenplay|(?:movie|film|screen|tv|television|stage|theat(?:re|er)|radio|comedy|drama|episode|scene|skit|sketch|play) script|script (?:for|of) (?:a|an|the|my|our|this) (?:movie|film|play|show|scene|episode|skit|sketch|series|commercial|short film)|movie|film|fictional|fiction|hypothetical(?:ly)?|imaginary|parallel universe|thought experiment|role-?play|simulation|simulated|thriller|game|(?:imagine|in) a world where|(?:fictional|alternate|alternative) (?:world|universe))\b/ },
  // Phrases that announce the answer "will not be used": typical of jailbreak wrappers, rare in honest requests.
  strongDisclaimer: { name: 'strongDisclaimer', triggers: ['used', 'acted', 'implemented', 'executed', 'applied', 'carried', 'intended', 'educational', 'research', 'academic', 'informational', 'learning', 'intentions', 'encourage', 'endorse', 'promote', 'condone'],
    pattern: /\bwill (?:never|not) be (?:actually )?(?:used|acted upon|implemented|executed|applied|carried out)\b|\bnot (?:be )?(?:used|applied|intended) (?:in|for) (?:real life|the real world|real-world|practice|any (?:harmful|illegal|malicious))\b|\b(?:for|with) (?:educational|research|academic|learning|informational) purposes only\b|\b(?:solely|strictly|purely) for (?:educational|research|academic|fictional|hypothetical|learning) (?:and \w+ )?purposes\b|\bmy intentions are (?:purely|strictly|solely)\b|\b(?:does not|doesn't|do not|not intended to|not to) (?:encourage|endorse|promote|condone)\b/ },
  disclaimer: { name: 'disclaimer', triggers: ['fictional', 'fiction', 'hypothetical', 'educational', 'academic', 'creative', 'research', 'learning', 'thought', 'story'],
    pattern: /\b(?:purely|strictly|solely|only|just) (?:a )?(?:fictional|fiction|hypothetical|educational|academic|creative)(?: exercise| scenario| purposes)?\b|\b(?:for|with) (?:educational|research|academic|learning) purposes\b|\b(?:this|it) is (?:purely |just |only )?(?:a )?(?:fictional|hypothetical|thought experiment|creative exercise)\b|\bit's (?:only|just) (?:fiction|a story|hypothetical)\b/ },
  stepByStep: { name: 'stepByStep', triggers: ['step', 'outline', 'list', 'describe', 'explain', 'provide', 'detail', 'steps', 'detailed', 'tutorial', 'instructions', 'how', 'precise', 'exact', 'exactly', 'working'],
    pattern: /\bstep[- ]by[- ]step\b|\b(?:outline|list|describe|explain|provide|detail) (?:the |all )?(?:steps|process|methods?|techniques|tactics|strategies)\b|\bsteps (?:required )?to\b|\bdetailed (?:guide|instructions|plan|explanation|description|outline|strategy)\b|\b(?:tutorial|instructions) (?:on|for) how\b|\bhow (?:one|someone|a person) (?:might|could|would)\b|\bin (?:precise|great|exact|full|realistic) detail\b|\b(?:exact|precise) (?:steps|quantities|amounts|recipe|instructions)\b|\bdescribe exactly\b|\bwith quantities\b|\bworking (?:code|script|exploit|program|keylogger|malware)\b/ },
  // Asking for a finished piece meant for other people (a message, post or speech), as opposed to a story.
  deliverable: { name: 'deliverable', triggers: ['write', 'draft', 'compose', 'create', 'generate', 'produce', 'craft', 'design'],
    pattern: /\b(?:write|draft|compose|create|generate|produce|craft|design)\b(?: (?:me|us))?(?: (?:a|an|the|some|several|\d+|a series of|a set of))?(?: [\w-]+){0,3}? (?:e-?mails?|letters?|(?:text )?messages?|posts?|tweets?|speech|articles?|blog posts?|essay|report|campaign|advertisements?|ads|reviews?|pamphlets?|flyers?|manifesto|guide|tutorial|social media)\b/ },
  evasion: { name: 'evasion', triggers: ['caught', 'detected', 'detection', 'detector', 'noticed', 'traced', 'suspicion', 'traces', 'trace', 'consent', 'knowing', 'noticing', 'finding', 'alerting', 'enforcement', 'police', 'authorities', 'charges', 'taxes', 'immigration', 'deniability', 'checker', 'filter', 'filters', 'antivirus', 'undetected', 'undetectable', 'erwischt'],
    pattern: /\bwithout (?:getting caught|being (?:caught|detected|noticed|traced)|detection|arousing suspicion|leaving (?:a |any )?traces?|the owner's consent|(?:him|her|them|anyone|the owner|the victim) (?:knowing|noticing|finding out)|alerting (?:the )?(?:authorities|police|anyone))\b|\b(?:avoid|evade|escape|circumvent) (?:detection|getting caught|suspicion|law enforcement|the police|authorities|federal charges|taxes|immigration)\b|\bplausible deniability\b|\b(?:bypass|evade|fool|trick) (?:this |the |a )?(?:plagiarism|content|spam|fraud) (?:checker|detection|detector|filter)s?\b|\b(?:hides?|hidden) from (?:antivirus|detection|the police)\b|\bundetect(?:ed|able)\b|\bohne erwischt zu werden\b/ },
} satisfies Record<string, Cue>;

export type FramingKind = keyof typeof FRAMING;
