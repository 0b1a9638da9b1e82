/**
 * @module More ways of ruling datasets out: asking to take them off the list ("drop CIFAR-10",
 * "take MNIST off the list", "cross out COCO"), saying they cannot be used ("we can't use
 * ImageNet because of its licence") or that enough was seen of them ("tired of CoNLL"), and
 * asking for something other than them ("apart from COCO", "something different from SQuAD",
 * "anything that isn't from Wikipedia"), or taking off what holds something ("drop anything that
 * only ships keypoints"). Pure: text in, text and phrases out.
 */
import { datasetNamesIn, leadingNames } from './named-exclusions.js';

/**
 * Where a ruled-out phrase ends: punctuation, a dash, or a word that starts another clause; not
 * "and", which lists what goes ("drop Cora and Citeseer").
 */
const end = String.raw`(?=\s*(?:[,.;:!?]|\s-\s|\s(?:but|for|because|since|as|please|instead|so|then)\b|$))`;
/** The list of results a person asks to take a dataset off. */
const list = String.raw`(?:the |your |this |my )?(?:list|results|recommendations|suggestions|options|candidates|shortlist)`;

/**
 * "drop CIFAR-10 from the list", "remove the Wikipedia ones": an order that opens a clause. The
 * phrase must name a dataset or point at datasets ("the … ones"), or the list must be named: "remove
 * background noise from speech" asks for a task.
 */
const removeOrder = new RegExp(
  String.raw`(^|[,.;:!?(]|\s-\s|\b(?:and|but|please|pls|so|then|also|just|ok|okay)\s)\s*(?:(?:please|pls|can you|could you|you can)\s+)?(?:drop|remove|delete|ditch|discard|toss|scrap|ignore|eliminate)\s+([^,.;:!?]+?)(\s+(?:from|off)\s+${list})?${end}`,
  'gi',
);
/** "take MNIST off the list", "leave COCO aside", "cross out COCO", "rule out KITTI". */
const offTheList = new RegExp(
  String.raw`\b(?:(?:take|cross|knock|strike|leave|set|put)\s+([^,.;:!?]+?)\s+(?:off|aside)(?:\s+(?:of\s+)?${list})?|(?:cross|take|rule|strike|knock)\s+(?:out|off)\s+([^,.;:!?]+?))${end}`,
  'gi',
);
/** "we can't use ImageNet", "we're not allowed to use CelebA". */
const cannotUse = new RegExp(
  String.raw`\b(?:can(?:no|')?t|cannot|can not|(?:are|am|is|'re|'m) ?n[o']?t allowed to|not allowed to|must ?n[o']?t|mustn't|may not|(?:are|am|'re|'m) unable to)\s+(?:use|touch|include|rely on|work with|train on)\s+([^,.;:!?]+?)${end}`,
  'gi',
);
/** "tired of CoNLL", "we've seen enough of MNIST". */
const hadEnough = new RegExp(
  String.raw`\b(?:(?:seen|had|used|done) enough (?:of\s+)?|(?:sick|tired|bored) of\s+)([^,.;:!?]+?)${end}`,
  'gi',
);
/** "something different from SQuAD", "minus the Wikipedia ones", "apart from COCO". */
const otherThan = new RegExp(
  String.raw`\b(?:(different|other) (?:from|than|to)|(minus)|(apart from|aside from|besides))\s+([^,.;:!?]+?)${end}`,
  'gi',
);
/** "anything that isn't from Wikipedia", "ones that aren't built on Reddit". */
const notFrom = new RegExp(
  String.raw`\b(?:is|are)(?:n't| not)\s+(?:from|based on|built (?:from|on)|made from|derived from|sourced from|scraped from|taken from|drawn from)\s+([^,.;:!?]+?)${end}`,
  'gi',
);

/**
 * "drop anything that only ships tracked trajectories or keypoints", "remove the ones which are
 * synthetic": datasets described by what they hold are taken off, each thing named after "or".
 */
const removeDescribed = new RegExp(
  String.raw`\b(?:drop|remove|exclude|skip|ditch|discard|toss|filter out|leave out|rule out)\s+(?:anything|everything|all|any(?: ones?)?|those|the ones|ones|datasets?|sets?)\s+(?:that|which|where)\s+(?:(?:only|just|merely|mainly|mostly)\s+)?[\p{L}']+\s+(?:(?:of|with|in|from)\s+)?([^,.;:!?]+?)${end}`,
  'giu',
);

/**
 * Whether `phrase` names datasets ("CIFAR-10", "MS MARCO", "Cora and Citeseer": capitalised words
 * count as names in a list of two or more).
 */
function namesDataset(phrase: string): boolean {
  const listed = leadingNames(phrase);
  return (
    (listed.names.length > 0 && listed.rest.trim() === '') || datasetNamesIn(phrase).length > 0
  );
}

/** Whether `phrase` points at datasets ("the Wikipedia ones", "those sets"). */
function pointsAtDatasets(phrase: string): boolean {
  return /\b(?:ones?|datasets?|sets?|corpora|corpus|benchmarks?|stuff)\s*$/i.test(phrase);
}

/**
 * `text` without the phrasings above; `ruleOut` is given each phrase they rule out (it drops
 * "the", "ones" and the like itself).
 */
export function takeRemovals(text: string, ruleOut: (phrase: string) => void): string {
  // "drop CIFAR-10 and SVHN": each name goes; "… and give me others" is no name.
  const out = (phrase: string) => {
    const [first = '', ...more] = phrase.split(/\s*(?:\band\b|&)\s*/i);
    ruleOut(first);
    for (const part of more) if (namesDataset(part) || /^\s*\p{Lu}/u.test(part)) ruleOut(part);
    return ' , ';
  };
  return text
    .replace(removeDescribed, (_whole, phrase: string) => {
      for (const part of phrase.split(/\s+or\s+/i)) ruleOut(part);
      return ' , ';
    })
    .replace(removeOrder, (whole, lead: string, phrase: string, fromList?: string) =>
      fromList !== undefined || namesDataset(phrase) || pointsAtDatasets(phrase)
        ? `${lead}${out(phrase)}`
        : whole,
    )
    .replace(offTheList, (_whole, before?: string, after?: string) => out(before ?? after ?? ''))
    .replace(cannotUse, (_whole, phrase: string) => out(phrase))
    .replace(hadEnough, (_whole, phrase: string) => out(phrase))
    .replace(
      otherThan,
      (whole: string, _different?: string, _minus?: string, apart?: string, said?: string) => {
        const phrase = said ?? '';
        // "apart from English" may add English: only names are ruled out after "apart from".
        return apart === undefined || namesDataset(phrase) || pointsAtDatasets(phrase)
          ? out(phrase)
          : whole;
      },
    )
    .replace(notFrom, (_whole, phrase: string) => out(phrase));
}
