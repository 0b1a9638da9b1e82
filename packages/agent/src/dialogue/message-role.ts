/**
 * @module What a message does to a conversation that already has a standing request: answers the
 * pending question, refines the request (adds, replaces or drops a constraint: "only thermal images
 * please", "and in Korean?", "any language will do"), corrects it ("no, I meant mouse as in the
 * animal"), or starts a new one ("forget that, I need a dataset of bird calls"). Questions about
 * papers are told apart before this (message-intent.ts). Rules over the wording, in any language: a
 * short message without a new-request opening is read as a refinement, never as a fresh start.
 */
import { isNoPreference } from '../constraint-extraction.js';
import {
  englishCorrectionOpening,
  readCorrectionWording,
  replacesOwnWording,
} from './correction-wording.js';

export type MessageRole = 'new-request' | 'answer' | 'refinement' | 'correction';

/** Words that announce a new, unrelated request; the text after them is that request. */
export const switchMarker =
  /^[\s\W]*(?:(?:ok(?:ay)?|hmm+|actually|so|well|sorry|alright|great|perfect|thanks|thank you|thx|cheers|cool|nice|good|awesome|excellent|brilliant|wonderful|got it|understood|noted|makes sense|fair enough|sounds good|all good|(?:that'?s|that is|this is|those are|very|super) (?:helpful|useful|great|perfect|good|what i needed)|that helps)[\s,.!:;-]*)*(?:forget (?:that|it|this|about (?:that|it))|scrap (?:that|this)|scratch (?:that|this)|disregard (?:that|this|all that)|never ?mind(?: that)?|start(?:ing)? over|that'?s (?:settled|sorted|done|all)(?: for (?:that|now))?|that is (?:settled|sorted|done|all)|moving on|on (?:a different|another) note|next (?:topic|question|request|thing)|(?:a|my|our) (?:colleague|labmate|lab-mate|student|friend|supervisor|advisor|collaborator|teammate)s? (?:needs?|wants?|is looking for|asked (?:me )?for)|(?:a )?(?:(?:totally|completely|entirely) )?(?:different|new|another|separate|unrelated) (?:project|topic|question|request|thing|task)(?: now)?|(?:something )?(?:totally |completely |entirely )?(?:different|unrelated)(?: (?:second|third|other|new|side))?(?: question| topic| request| now)?|switch(?:ing)? (?:topics?|gears)(?: completely)?|(?:switch(?:ing)?|mov(?:e|ing)) (?:over |on )?to something (?:else|different|new)(?: (?:entirely|completely|altogether))?|something else (?:entirely|completely|altogether)|change of (?:topic|subject)|(?:i(?:'ve| have)? )?changed my mind)\b[\s,.!:;-]*(?:(?:i|we) (?:described|explained|gave you|asked (?:for|about)|wrote about) the wrong (?:project|task|problem|topic|thing|one|setup|data)\b[\s,.!:;-]*)?/i;

/**
 * Words other languages announce a new topic with ("otro tema", "anderes Thema", "换个话题"); the
 * text after them is the request.
 */
const foreignSwitchMarker =
  /^[\s\W]*(?:(?:ok|bueno|bon|gut|ok[eé]|allora|dobrze|tamam)[\s,.!:;-]*)?(?:(?:otro|nuevo|outro|novo|autre|nouveau|anderes|neues|altro|nuovo|ander|nieuw|inny|nowy|başka|yeni) (?:tema|asunto|assunto|sujet|thema|argomento|onderwerp|temat|konu|projecto|proyecto|projeto|projet|projekt|progetto|project)|cambio de tema|mudando de assunto|cambi[eé] de (?:idea|opini[oó]n)|cambio de planes?|mudei de (?:ideia|opini[aã]o)|mudan[cç]a de planos?|j'ai chang[eé] d'(?:avis|id[ée]e)|changement de (?:plan|programme)|ich habe (?:es mir anders [üu]berlegt|meine meinung ge[äa]ndert)|plan[äa]nderung|ho cambiato idea|cambio di (?:programma|piani)|ik ben van gedachten veranderd|andere plannen|zmieni[łl][ae]m zdanie|zmiana plan(?:u|[óo]w)|fikrimi de[ğg]i[şs]tirdim|plan de[ğg]i[şs]ikli[ğg]i|気が変わりました|考えが変わりました|我改主意了|改变主意了?|마음이 바뀌었어요|changement de sujet|themenwechsel|cambio argomento|zmiana tematu|konu değişikliği|olvida(?: eso| lo anterior)?|oublie(?:z)?(?: ça| cela)?|vergiss(?: das| es)?|esquece(?: isso)?|lascia perdere|laat maar|zapomnij|boşver|別の話(?:題)?|話は変わりますが|换个话题|换一个话题|另一个问题|다른 주제|다른 질문|другая тема|другой вопрос|забудь(?:те)?|موضوع آخر|انس ذلك)[\s,.!:;。、，-]*/iu;

/** Whether `message` announces a new, unrelated request, in English or another language. */
export function announcesNewRequest(message: string): boolean {
  return switchMarker.test(message) || foreignSwitchMarker.test(message);
}

/** `message` without the words that announce a new request. */
export function withoutSwitchMarker(message: string): string {
  return message.replace(switchMarker, '').replace(foreignSwitchMarker, '').trim() || message;
}

/** Words other languages correct how the last message was understood with ("quise decir …"). */
const foreignCorrectionMarker =
  /^[\s\W]*(?:(?:no|non|nein|não|nao|nee|nie|hayır|нет|не|لا|いいえ|違います|不是|不对|아니요|아니)[\s,.!:;、，。-]*)?(?:quise decir|me refer[ií]a a|je voulais dire|ich meinte|eu quis dizer|quis dizer|intendevo|ik bedoelde|chodziło mi o|demek istedim|я имел в виду|я имела в виду|كنت أقصد|قصدت|つもりでした|我是说|我的意思是|제 말은)/iu;

/** Whether `message` corrects how the last message was understood, in English or another language. */
export function announcesCorrection(message: string): boolean {
  return (
    englishCorrectionOpening.test(message) ||
    foreignCorrectionMarker.test(message) ||
    replacesOwnWording(message)
  );
}

/**
 * `message` read as a correction: without the words that announce it ("no, I meant …" reads
 * "…"), and the phrase it takes back ("I wrote X but I meant Y" takes X back), if any.
 */
export function readCorrection(message: string): { text: string; takenBack: string } {
  const english = readCorrectionWording(message);
  return {
    text: english.text.replace(foreignCorrectionMarker, ' ').trim(),
    takenBack: english.takenBack,
  };
}

/** How a refinement of the standing request starts or what it says. */
const refinementCue =
  /^\s*(?:only|just|and|but|plus|actually|instead|rather|what about|how about|same|now|make (?:it|that|them)|preferably|ideally|maybe|perhaps|hmm+|ok(?:ay)?|then|any|older|newer|recent|more recent|smaller|bigger|larger|with|without|in|for|from|after|before|since|released|published|not|no|except|excluding|in [A-Z])\b|\b(?:instead of|rather than|(?:does ?n[o']?t|do ?n[o']?t|needn'?t|does not|do not) (?:have|need) to be|is fine|are fine|is ok|are ok|works too|(?:is|are) okay|swap|replace|change of plan|same (?:task|thing)|only|just|not|needs? to|must|should|specifically|would (?:also )?(?:work|do|be (?:fine|ok|ideal|great|better))|other than|could be)\b/i;

/**
 * Openings that go on about the standing request, however long the message, in English and other
 * languages ("I should add that …", "more specifically …", "concretamente …", "具体来说").
 */
const continuationOpening =
  /^[\s\W]*(?:(?:oh|ah|and|also|ok(?:ay)?|so|well|hmm+)[\s,.!:;-]*)*(?:i should (?:add|mention|say)|i forgot to (?:add|mention|say)|(?:one )?(?:more|other|last) thing|(?:more )?specifically|in particular|concretely|additionally|on top of that|the thing is|to clarify|let me (?:add|clarify)|(?:an )?important(?: detail| point)?:|(?:one|another|a|the) (?:more |last |other )?(?:hard |strict |firm |big |key |real )?(?:requirement|constraint|condition|catch|caveat|must-have)s?\b|(?:a )?constraint i forgot|concretamente|en concreto|m[aá]s (?:concretamente|espec[ií]ficamente)|espec[ií]ficamente|adem[aá]s|se me olvid[oó]|plus pr[eé]cis[eé]ment|pr[eé]cis[eé]ment|concr[eè]tement|en particulier|j'ai oubli[eé]|genauer gesagt|konkret|au(?:ß|ss)erdem|ich habe vergessen|mais especificamente|especificamente|al[eé]m disso|esqueci de|pi[uù] precisamente|in particolare|(?:wichtig|importante|important|belangrijk|ważne|önemli)\s*:|具体来说|具体地说|具体的には|具体的に|补充一下|另外|なお|重要的是|重要なのは)/iu;

/** Whether `message` opens by going on about the standing request. */
export function continuesRequest(message: string): boolean {
  return continuationOpening.test(message);
}

/** Words that point back at what was shown ("it", "those", "ones"). */
const pointsBackPattern = /\b(?:it|them|those|these|ones|the same|that one)\b/i;

/** Whether `message` points back at the standing request or what was shown ("the same for …"). */
export function pointsBack(message: string): boolean {
  return pointsBackPattern.test(message);
}

/** Opening words of a research description ("I want…", "We propose…", "Find…"). */
export const requestOpening =
  /^\s*(i|we)\s+(want|need|would like|wish|plan|propose|present|introduce|study|develop|build|use|train|am|are)\b|^\s*(find|recommend|suggest|looking for|i'm looking|show me)\b/i;

/**
 * Whether a message sent while a question is pending starts a new request rather than answering
 * it. An answer may be a long list ("disentanglement of writing styles, discovery of visual
 * concepts"); a new request reads like one, or is as long as a paragraph.
 */
export function looksLikeNewRequest(message: string, maxAnswerWords: number): boolean {
  return requestOpening.test(message) || wordCount(message) > maxAnswerWords;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

export interface MessageRoleOptions {
  message: string;
  /** Whether a request is standing (the conversation has had one). */
  standing: boolean;
  /** Whether a clarifying question waits for its answer. */
  pending: boolean;
  /** A reply to a question longer than this many words is read as a new request. */
  maxAnswerWords: number;
  /** A message longer than this many words is read as a new request unless it says otherwise. */
  maxRefinementWords: number;
}

export function readMessageRole(options: MessageRoleOptions): MessageRole {
  const { message } = options;
  if (options.pending && isNoPreference(message)) return 'answer';
  if (!options.standing) {
    // Only the opening question can be pending without a request: the message answers it.
    if (!options.pending || looksLikeNewRequest(message, options.maxAnswerWords))
      return 'new-request';
    return 'answer';
  }
  if (announcesNewRequest(message)) return 'new-request';
  if (announcesCorrection(message)) return 'correction';
  if (continuesRequest(message)) return 'refinement';
  const words = wordCount(message);
  const cue = refinementCue.test(message);
  if (options.pending && !cue) {
    return looksLikeNewRequest(message, options.maxAnswerWords) ? 'new-request' : 'answer';
  }
  if (words > options.maxRefinementWords * 2) return 'new-request';
  if (cue || (pointsBack(message) && words <= options.maxRefinementWords)) return 'refinement';
  if (requestOpening.test(message) || words > options.maxRefinementWords) return 'new-request';
  return 'refinement';
}
