import { foldCharacters } from '../fold';
import { normalize } from './normalize';
import type { Signal } from './signal';

// "Ignore all previous instructions" in more languages, from a table instead of one expression per language: each
// language's verbs of ignoring or forgetting (imperatives, familiar and polite) and its nouns for instructions, rules
// and orders (stems: "instrukcij" reads "instrukcijas", "instrukcijų"), in either order within a clause (verb-first
// languages and verb-last ones alike). Words that make it a "don't" are named per language where they stand before
// the verb. The table holds the languages the rules of override-signals.ts do not read (Persian, Urdu and Hausa were
// rules of their own there first).

interface Language {
  /** Imperatives of ignoring or forgetting, whole words (a phrase may hold spaces). */
  verbs: readonly string[];
  /** Nouns for instructions, rules and orders: stems, read at a word's start. */
  nouns: readonly string[];
  /** Words before the verb that negate it ("ära unusta", "mos harro"). */
  not?: readonly string[];
  /** Words right after the verb that negate it (Basque "ahaztu gabe", without forgetting). */
  notAfter?: readonly string[];
}

/** Languages written with spaces between words, whose verbs the trigger look-up finds as words. */
const SPACED: Record<string, Language> = {
  lithuanian: { verbs: ['ignoruok', 'ignoruokite', 'nepaisyk', 'nepaisykite', 'pamiršk', 'pamirškite'], nouns: ['instrukcij', 'nurodym', 'taisykl', 'komand'] },
  latvian: { verbs: ['ignorē', 'ignorējiet', 'aizmirsti', 'aizmirstiet'], nouns: ['instrukcij', 'norādījum', 'noteikum'] },
  estonian: { verbs: ['ignoreeri', 'ignoreerige', 'unusta', 'unustage', 'eira', 'eirake'], nouns: ['juhis', 'juhend', 'reegl', 'käsk', 'korraldus'], not: ['ära', 'ärge'] },
  albanian: { verbs: ['injoro', 'injoroni', 'shpërfill', 'shpërfillni', 'harro', 'harroni'], nouns: ['udhëzim', 'rregull', 'instruksion', 'urdhër', 'urdhr'], not: ['mos'] },
  azerbaijani: { verbs: ['unut', 'unudun', 'məhəl qoyma', 'məhəl qoymayın', 'nəzərə alma', 'nəzərə almayın', 'göz ardı et', 'göz ardı edin'], nouns: ['təlimat', 'göstəriş', 'qayda', 'instruksiya'] },
  bulgarian: { verbs: ['игнорирай', 'игнорирайте', 'забрави', 'забравете', 'пренебрегни', 'пренебрегнете'], nouns: ['инструкци', 'указани', 'правила', 'команди'], not: ['не'] },
  macedonian: { verbs: ['игнорирај', 'игнорирајте', 'заборави', 'заборавете'], nouns: ['инструкци', 'упатств', 'правила'], not: ['не'] },
  belarusian: { verbs: ['ігнаруй', 'ігнаруйце', 'забудзь', 'забудзьце'], nouns: ['інструкцы', 'указанн', 'правіл'], not: ['не'] },
  kazakh: { verbs: ['елеме', 'елемеңіз', 'ұмыт', 'ұмытыңыз'], nouns: ['нұсқау', 'ереже'] },
  uzbek: { verbs: ['unut', 'unuting', "e'tiborsiz qoldir", "e'tiborsiz qoldiring"], nouns: ["ko'rsatma", 'qoida', "yo'riqnoma"] },
  mongolian: { verbs: ['үл тоо', 'март', 'мартаарай'], nouns: ['заавар', 'заавр', 'дүрэм'] },
  georgian: { verbs: ['უგულებელყავი', 'უგულებელყავით', 'დაივიწყე', 'დაივიწყეთ'], nouns: ['ინსტრუქცი', 'მითითებ', 'წეს'], not: ['ნუ', 'არ'] },
  armenian: { verbs: ['անտեսիր', 'անտեսեք', 'մոռացիր', 'մոռացեք'], nouns: ['հրահանգ', 'կանոն', 'ցուցում'], not: ['մի'] },
  icelandic: { verbs: ['hunsaðu', 'hunsið', 'gleymdu', 'gleymið'], nouns: ['leiðbeining', 'fyrirmæl', 'regl'] },
  welsh: { verbs: ['anwybyddwch', 'anwybydda', 'anghofiwch', 'anghofia'], nouns: ['cyfarwyddiad', 'gyfarwyddiad', 'chyfarwyddiad', 'rheol', 'reol'], not: ['ag', 'â'] },
  basque: { verbs: ['ahaztu', 'baztertu'], nouns: ['jarraibide', 'argibide', 'arau', 'agindu'], not: ['ez'], notAfter: ['gabe'] },
  catalan: { verbs: ['oblida', 'oblideu', 'ignora', 'ignoreu', 'descarta', 'descarteu'], nouns: ['instruccions', 'regles', 'indicacions', 'ordres'], not: ['no'] },
  galician: { verbs: ['esquece', 'esquecede', 'ignora', 'ignorade'], nouns: ['instrucións', 'regras', 'indicacións'], not: ['non'] },
  afrikaans: { verbs: ['ignoreer', 'vergeet'], nouns: ['instruksies', 'reëls', 'opdragte'], not: ['moenie', 'nie'] },
  zulu: { verbs: ['ziba', 'khohlwa', 'khohlwani'], nouns: ['imiyalelo', 'imithetho'] },
  yoruba: { verbs: ['gbagbe', 'foju fo', 'fojú fò'], nouns: ['ilana', 'ìlànà', 'itọnisọna', 'ìtọ́nisọ́nà', 'àṣẹ'], not: ['má', 'ma'] },
  somali: { verbs: ['iska indha tir', 'iska dhaaf', 'illow', 'ilaaw'], nouns: ['tilmaam', 'xeer', 'amar'], not: ['ha', 'ha iska'] },
  kurdish: { verbs: ['paşguh bike', 'ji bîr bike', 'ji bîr bikin'], nouns: ['talîmat', 'rêzik', 'ferman'] },
  esperanto: { verbs: ['ignoru', 'ignoradu', 'forgesu', 'malatentu'], nouns: ['instrukci', 'regul', 'ordon', 'indikoj', 'indikojn'], not: ['ne'] },
  // Mutated nouns too: "na treoracha", "a dtreoracha", "na rialacha", "n-orduithe"; "ná" (don't) before the verb.
  irish: { verbs: ['déan neamhaird de', 'déanaigí neamhaird de', 'déan dearmad ar', 'déanaigí dearmad ar'], nouns: ['treor', 'threor', 'dtreor', 'rial', 'riail', 'ordu'], not: ['ná'] },
  haitian: { verbs: ['inyore', 'inyorel', 'bliye'], nouns: ['enstriksyon', 'règ', 'regleman', 'lòd', 'konsiy'], not: ['pa', 'pinga'] },
  // "Injora l-istruzzjonijiet kollha": the article's hyphen parts the noun from it.
  maltese: { verbs: ['injora', 'injoraw', 'insa', 'insew'], nouns: ['istruzzjoni', 'struzzjoni', 'regol', 'ordni', 'direzzjoni'], not: ['la', 'tinsiex'] },
  'scottish gaelic': { verbs: ['leig seachad', 'leigibh seachad', 'dìochuimhnich', 'dìochuimhnichibh', 'diochuimhnich'], nouns: ['stiùireadh', 'stiùiridh', 'stiuireadh', 'riaghailt', 'òrdugh', 'ordugh', 'àithne'], not: ['na'] },
  // Russian and Arabic as chats write them in Latin letters ("ignoriruy vse predydushchie instruktsii", "ensa kol el
  // ta3limat"): the Cyrillic and Arabic forms are the rules' of override-signals.ts.
  'romanized russian': { verbs: ['ignoriruy', 'ignoriruyte', 'ignoriruj', 'proignoriruy', 'zabud', "zabud'", 'zabudte', "zabud'te"], nouns: ['instruktsi', 'instrukci', 'instrukts', 'ukazani', 'pravil', 'komand'], not: ['ne'] },
  // Hindi and Urdu in Latin letters, the imperatives only ("main rules bhul gaya" is a confession).
  hindustani_latin: { verbs: ['bhool jao', 'bhul jao', 'bhool jaiye', 'bhul jaiye', 'bhula do', 'nazarandaz karo', 'nazarandaz kijiye', 'nazar andaz karo', 'ignore karo', 'ignore kar do'], nouns: ['hidayat', 'nirdesh', 'niyam', 'aadesh', 'hukm', 'instructions', 'rules'] },
  arabizi: { verbs: ['ensa', 'ensi', 'insa', 'insy', 'etgahel', 'itgahel', 'tjahal', 'tajahal'], nouns: ['ta3limat', 'ta3lemat', 't3limat', 'ta3leemat', 'awamer', 'awamir', '2awamer', 'qawa3ed', '2awa3ed', 'tawjihat'], not: ['ma', 'la', 'mat'] },
  latin: { verbs: ['neglege', 'neglegite', 'ignora', 'ignorate', 'obliviscere', 'obliviscimini', 'omitte', 'omittite', 'praetermitte'], nouns: ['praecept', 'mandat', 'regul', 'iuss', 'instruction'], not: ['noli', 'nolite', 'ne'] },
  javanese: { verbs: ['lalekna', 'lalekno', 'lalekake', 'lalia', 'aja digatekake', 'ojo digatekke'], nouns: ['instruksi', 'pituduh', 'aturan', 'prentah', 'printah'], not: ['aja', 'ojo', 'ora'] },
  igbo: { verbs: ['leghara', 'chefuo', 'chefuonu'], nouns: ['ntuziaka', 'ntụziaka', 'iwu'], not: ['ejila', 'achefula'] },
  // Written without points (the folding drops them, as readers do): "איגנאָרירט" is read as "איגנארירט".
  yiddish: { verbs: ['איגנארירט', 'איגנאריר', 'פארגעסט', 'פארגעס'], nouns: ['אינסטרוקציע', 'הוראות', 'כללים', 'באפעלן'], not: ['ניט', 'נישט'] },
  'west frisian': { verbs: ['negearje', 'ferjit', 'ferjitte'], nouns: ['ynstruksje', 'regel', 'opdracht', 'oarder'], not: ['net'] },
  cebuano: { verbs: ['ibalewala', 'ayaw tagda', 'kalimti', 'kalimtan'], nouns: ['instruksyon', 'instruksiyon', 'panudlo', 'mando', 'lagda', 'balaod'] },
  // "Hadino" (forget); "aza raharahiana" (pay no heed) holds its own "aza".
  malagasy: { verbs: ['hadino', 'hadinoy', 'aza raharahiana', 'aza jerena'], nouns: ['toromarika', 'torolalana', 'didy', 'fitsipika', 'baiko'] },
  maori: { verbs: ['warewarehia', 'kaua e aro ki', 'kaua e whakarongo ki'], nouns: ['tohutohu', 'ture', 'whakahau'] },
  pashto: { verbs: ['له پامه وغورځوه', 'له پامه وغورځوئ', 'هېر کړه', 'هیر کړه', 'هېر کړئ'], nouns: ['لارښوون', 'لارښود', 'قواعد', 'اصول', 'حکم'] },
  tajik: { verbs: ['нодида гир', 'нодида гиред', 'фаромӯш кун', 'фаромӯш кунед'], nouns: ['дастур', 'қоида', 'фармон'] },
  // "Этибарга алба" (pay no heed) is a negative form itself.
  kyrgyz: { verbs: ['этибарга алба', 'этибарга албаңыз', 'унут', 'унутуңуз'], nouns: ['көрсөтмө', 'эреже', 'нускама', 'буйрук'] },
  turkmen: { verbs: ['äsgerme', 'äsgermäň', 'ýatdan çykar', 'unut', 'unutgyn'], nouns: ['görkezme', 'düzgün', 'buýruk', 'gollanma'] },
  kinyarwanda: { verbs: ['irengagize', 'irengagiza', 'wibagirwe', 'ibagirwa'], nouns: ['amabwiriza', 'itegeko', 'amategeko'] },
  shona: { verbs: ['regedza', 'kanganwa', 'kanganwai'], nouns: ['mirairo', 'murairo', 'mitemo', 'mutemo'] },
  sundanese: { verbs: ['poho', 'hilapkeun', 'ulah dipaliré', 'teu kedah dipaliré'], nouns: ['parentah', 'paréntah', 'aturan', 'pituduh', 'instruksi'] },
  'tok pisin': { verbs: ['lusim', 'lusim olgeta', 'lusautim'], nouns: ['tok', 'lo', 'instraksen'] },
  tatar: { verbs: ['оныт', 'онытыгыз', 'игътибар итмә', 'игътибарга алма'], nouns: ['күрсәтмә', 'кагыйдә', 'боерык'] },
  papiamento: { verbs: ['ignorá', 'ignora', 'lubidá', 'lubida'], nouns: ['instrukshon', 'reglanan', 'òrdunan', 'ordunan', 'indikashon'], not: ['no'] },
  sesotho: { verbs: ['hlokomoloha', 'hlokomolohang', 'lebala', 'lebalang'], nouns: ['ditaelo', 'taelo', 'melao', 'molao'], not: ['se', 'o se'] },
  xhosa: { verbs: ['tyeshela', 'tyeshelani', 'libala', 'libalani'], nouns: ['imiyalelo', 'umyalelo', 'imithetho', 'umthetho'] },
  wolof: { verbs: ['bàyyil', 'bayyil', 'bàyyileen', 'fàttal', 'fattal', 'fàtte', 'fatte'], nouns: ['ndigal', 'santaane'], not: ['bul'] },
  samoan: { verbs: ['aua le amanaia', 'aua e te amanaia', 'faagalo', 'faagaloina'], nouns: ['faatonuga', 'tulafono'] },
  faroese: { verbs: ['sí burtur frá', 'síggið burtur frá', 'gloym', 'gloymið'], nouns: ['boð', 'regl', 'leiðbeining', 'ábending'], not: ['ikki'] },
  kurdish_sorani: { verbs: ['پشتگوێ بخە', 'پشتگوێ بخەن', 'لەبیر بکە', 'لەبیربکە', 'فەرامۆش بکە'], nouns: ['ڕێنمایی', 'رێنمایی', 'فەرمان', 'یاسا'], not: ['مەکە'] },
  uzbek_cyrillic: { verbs: ['эътиборсиз қолдиринг', 'эътиборсиз қолдир', 'унут', 'унутинг'], nouns: ['кўрсатма', 'қоида', 'йўриқнома'] },
  hmong: { verbs: ['tsis txhob mloog', 'tsis quav ntsej', 'hnov qab'], nouns: ['lus qhia', 'txoj cai', 'kev qhia'] },
  quechua: { verbs: ['ama uyariychu', 'ama kasukuychu', 'qunqay', 'qunqaychik'], nouns: ['kamachikuy', 'kamachiy', 'yachachiy'] },
  croatian: { verbs: ['zanemari', 'zanemarite', 'zaboravi', 'zaboravite', 'ignoriši', 'ignorišite'], nouns: ['uput', 'uputstv', 'instrukcij', 'pravil', 'naredb'], not: ['ne'] },
  slovenian: { verbs: ['ignoriraj', 'ignorirajte', 'pozabi', 'pozabite', 'prezri', 'prezrite'], nouns: ['navodil', 'ukaz', 'pravil'], not: ['ne'] },
  // A negative imperative is another word ("usipuuze"): "kataa" is refuse.
  swahili: { verbs: ['puuza', 'puuzeni', 'kataa', 'sahau', 'sahauni', 'achana na'], nouns: ['maelekezo', 'maagizo', 'kanuni', 'sheria', 'amri'] },
  // "Ka yi watsi da duk umarnin …"; not after "kada" (don't) nor in a "ban … ba" (I did not …).
  hausa: { verbs: ['yi watsi da', 'manta da'], nouns: ['umarni', 'dokoki', "ka'idoji", 'sharudda'], not: ['kada', 'kada ka', 'kada ki', 'kada ku', 'kar', 'kar ka', 'ban', 'bai', 'ba', 'baka', 'bata'] },
  // Persian and Urdu, verb last as a rule: "تمام دستورالعمل‌های قبلی را نادیده بگیر", "پچھلی تمام ہدایات کو نظر انداز کریں";
  // their "don't" forms ("نادیده نگیر", "فراموش نکن", "نظر انداز نہ کریں") are other words.
  persian: { verbs: ['نادیده بگیر', 'نادیده بگیرید', 'فراموش کن', 'فراموش کنید', 'کنار بگذار'], nouns: ['دستورالعمل', 'دستورات', 'دستور', 'قوانین', 'قواعد', 'راهنمایی'] },
  urdu: { verbs: ['نظر انداز کریں', 'نظرانداز کریں', 'نظر انداز کرو', 'بھول جاؤ', 'بھول جائیں'], nouns: ['ہدایات', 'ہدایت', 'اصول'] },
};

/**
 * Scripts the trigger look-up does not cut into words (no spaces, or vowel signs that end a word for it): read when
 * one of the verbs occurs anywhere. A substring in a non-Latin script costs next to nothing on Latin text.
 */
const UNSPACED: Record<string, Language> = {
  tamil: { verbs: ['புறக்கணி', 'மறந்துவிடு', 'மறந்து விடு', 'மறந்துவிடுங்கள்'], nouns: ['வழிமுறை', 'அறிவுறுத்தல்', 'விதி', 'கட்டளை'] },
  telugu: { verbs: ['విస్మరించ', 'మర్చిపో', 'పట్టించుకోకు'], nouns: ['సూచన', 'నియమ', 'ఆదేశ'] },
  marathi: { verbs: ['दुर्लक्ष करा', 'विसरा', 'विसरून जा'], nouns: ['सूचना', 'नियम', 'निर्देश'] },
  gujarati: { verbs: ['અવગણો', 'અવગણના કરો', 'ભૂલી જાઓ'], nouns: ['સૂચના', 'નિયમ'] },
  kannada: { verbs: ['ನಿರ್ಲಕ್ಷಿಸಿ', 'ಮರೆತುಬಿಡಿ', 'ಮರೆತು ಬಿಡಿ'], nouns: ['ಸೂಚನೆ', 'ನಿಯಮ'] },
  malayalam: { verbs: ['അവഗണിക്കുക', 'അവഗണിക്കൂ', 'മറക്കുക', 'മറന്നേക്കൂ'], nouns: ['നിർദ്ദേശ', 'നിയമ'] },
  punjabi: { verbs: ['ਨਜ਼ਰਅੰਦਾਜ਼ ਕਰੋ', 'ਅਣਡਿੱਠ ਕਰੋ', 'ਭੁੱਲ ਜਾਓ'], nouns: ['ਹਦਾਇਤ', 'ਨਿਯਮ'] },
  nepali: { verbs: ['बेवास्ता गर', 'बिर्सिदेऊ', 'बिर्सनुहोस्'], nouns: ['निर्देशन', 'नियम'] },
  sinhala: { verbs: ['නොසලකා හරින්න', 'අමතක කරන්න'], nouns: ['උපදෙස්', 'නීති'] },
  burmese: { verbs: ['လျစ်လျူရှု', 'မေ့လိုက်'], nouns: ['ညွှန်ကြား', 'စည်းမျဉ်း'] },
  khmer: { verbs: ['មិនអើពើ', 'បំភ្លេច'], nouns: ['ការណែនាំ', 'ច្បាប់'] },
  lao: { verbs: ['ບໍ່ສົນໃຈ', 'ລືມ'], nouns: ['ຄຳແນະນຳ', 'ກົດ'] },
  amharic: { verbs: ['ችላ በል', 'ችላ በሉ', 'እርሳ', 'እርሱ'], nouns: ['መመሪያ', 'ትዕዛዝ', 'ሕግ', 'ህግ'] },
  tigrinya: { verbs: ['ሸለል በሎም', 'ሸለል በሉ', 'ሸለል በል', 'ረስዕ', 'ረስዑ'], nouns: ['መምርሒ', 'ሕጊ', 'ትእዛዝ'] },
};

/** As the guard reads text: look-alikes folded ("ı" is "i"), NFKC (Lao "ຳ" split), lower case. */
const asRead = (word: string) => normalize(foldCharacters(word));
const escaped = (word: string) => asRead(word).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const either = (words: readonly string[]) => words.map(escaped).join('|');
/** Within one clause. */
const NEAR = '[^.!?;\\n\\u0964\\u104b\\u1362]{0,50}?';
const NOT_A_LETTER = '[\\p{L}\\p{M}]';

function clauses(language: Language, wordBounded: boolean): string {
  const verb = `(?:${either(language.verbs)})`;
  const noun = `(?:${either(language.nouns)})`;
  const notBefore = language.not ? `(?<!(?:^|[^\\p{L}\\p{M}])(?:${either(language.not)}) )` : '';
  const start = wordBounded ? `(?<!${NOT_A_LETTER})` : '';
  const end = `${wordBounded ? `(?!${NOT_A_LETTER})` : ''}${language.notAfter ? `(?! (?:${either(language.notAfter)})(?!${NOT_A_LETTER}))` : ''}`;
  return `${notBefore}${start}${verb}${end}${NEAR}${start}${noun}|${start}${noun}${NEAR}${notBefore}${start}${verb}${end}`;
}

/** A signal per language: each reads its own few words, and only when one of its verbs occurs. */
function spacedSignal(language: Language): Signal {
  return {
    family: 'instruction override (non-English)',
    weight: 0.85,
    // The first word of each verb: the look-up reads single words.
    triggers: [...new Set(language.verbs.map((v) => asRead(v).split(' ')[0] as string))],
    pattern: new RegExp(clauses(language, true), 'u'),
  };
}

/** A letter of the scripts of UNSPACED (their letters, not their vowel signs): Tamil, Telugu, Devanagari, Gujarati, Kannada, Malayalam, Gurmukhi, Sinhala, Myanmar, Khmer, Lao, Ethiopic. */
const UNSPACED_SCRIPTS = /[\u0b85-\u0bb9\u0c05-\u0c39\u0904-\u0939\u0a85-\u0ab9\u0c85-\u0cb9\u0d05-\u0d3a\u0a05-\u0a39\u0d85-\u0dc6\u1000-\u102a\u1780-\u17b3\u0e81-\u0eb0\u1200-\u135a]/;

export const OVERRIDE_LEXICON_SIGNALS: readonly Signal[] = [
  ...Object.values(SPACED).map(spacedSignal),
  {
    family: 'instruction override (non-English)',
    weight: 0.85,
    triggers: [],
    script: UNSPACED_SCRIPTS,
    pattern: new RegExp(Object.values(UNSPACED).map((language) => clauses(language, false)).join('|'), 'u'),
  },
];
