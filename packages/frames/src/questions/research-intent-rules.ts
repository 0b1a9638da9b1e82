/**
 * @module Research-intent questions: the questions researchers ask of any paper whatever its
 * wording (how fast is it, how long does training take, how is overfitting prevented, how is
 * performance measured …), written for the sentences that answer them. A sentence that says "it
 * runs at 20 FPS" answers "How fast is the method?" without sharing a word with it; stored in the
 * frame's Q, such questions let search match the intent (by vector, and by BM25 over the questions
 * when `questionLexicalWeight` is on) as well as the sentence's own words: document expansion in the manner of doc2query, with rules
 * in place of a trained generator.
 */

export const researchIntents = [
  'efficiency',
  'model-size',
  'training-time',
  'hardware',
  'regularisation',
  'evaluation',
  'objective',
  'preprocessing',
  'data-size',
  'data-split',
  'comparison',
  'ablation',
  'initialisation',
  'convergence',
] as const;
export type ResearchIntent = (typeof researchIntents)[number];

export interface ResearchIntentRule {
  intent: ResearchIntent;
  /** The sentence answers the questions when it matches. */
  pattern: RegExp;
  questions: readonly string[];
}

const amount = String.raw`(?:about |approximately |around |roughly |nearly |over |more than |less than |up to )?\d[\d,.]*\s*(?:k|K|M|million|thousand|billion)?`;
const dataUnits =
  'images|sentences|documents|videos|samples|examples|pairs|utterances|hours of speech|articles|questions|words|tokens|instances|clips|patients|scans|subjects|reviews|tweets|dialogues|conversations|queries|categories|classes|speakers|recordings|annotations';

export const researchIntentRules: readonly ResearchIntentRule[] = [
  {
    intent: 'efficiency',
    pattern:
      /\b\d[\d.]*\s?(?:fps|frames? per second)\b|\breal[- ]time\b|\bruns? at\b|\binference (?:time|speed)\b|\bspeed[- ]?ups?\b|\btimes faster\b|\bfaster than\b|\bthroughput\b|\blatency\b|\b(?:ms|milliseconds?|seconds?) (?:per|for each|on an?) (?:image|frame|sentence|sample|example|batch|query|video)\b/i,
    questions: ['How fast is the method?', 'What is the running time at inference?'],
  },
  {
    intent: 'model-size',
    pattern:
      /\b\d[\d.]*\s?(?:M|K|B|million|billion|thousand) (?:trainable |learnable |free )?parameters\b|\b(?:number of|fewer|more|less) (?:trainable |learnable )?parameters\b|\bparameter (?:count|efficien\w*)\b|\bmemory (?:footprint|usage|consumption|cost|requirements?)\b|\bmodel size\b/i,
    questions: ['How many parameters does the model have?', 'How much memory does the model need?'],
  },
  {
    intent: 'training-time',
    pattern:
      /\b(?:train\w*|converge\w*|fine-tun\w*|learning)\b[^.]{0,80}\b(?:\d[\d.]*|one|two|three|four|five|six|ten|several|a few) (?:hours?|days?|weeks?|minutes?)\b|\b(?:hours?|days?|weeks?) (?:of|to) train/i,
    questions: ['How long does training take?'],
  },
  {
    intent: 'hardware',
    pattern: /\b(?:GPUs?|TPUs?|CPUs?|Titan|Tesla|V100|P100|K40|K80|A100|GTX|NVIDIA|cluster of)\b/,
    questions: ['What hardware is used to train and run the model?'],
  },
  {
    intent: 'regularisation',
    pattern:
      /\b(?:overfit\w*|over-fit\w*|regulari[sz]\w*|dropout|data augmentation|augment(?:ed|ing|ations?)?|early stopping|label smoothing|weight decay)\b/i,
    questions: ['How is overfitting prevented?'],
  },
  {
    intent: 'evaluation',
    pattern:
      /\bevaluation (?:metrics?|measures?|criteria|protocol)\b|\b(?:evaluated|measured|assessed|reported) (?:by|with|using|in terms of)\b|\bmetrics? (?:is|are|was|were) (?:used|adopted|reported)\b|\bwe (?:use|report|adopt|employ) [^.]{0,60}\b(?:metrics?|measures?|scores?)\b|\bperformance is (?:measured|evaluated)\b/i,
    questions: ['How is performance measured?', 'Which evaluation metrics are used?'],
  },
  {
    intent: 'objective',
    pattern:
      /\bloss (?:function|term)s?\b|\b(?:cross[- ]entropy|log[- ]likelihood|hinge|squared|triplet|contrastive|focal|ranking|reconstruction|adversarial|L1|L2) loss\b|\b(?:objective function|training objective|learning objective)\b|\bminimi[sz](?:e|es|ed|ing) (?:the |a |an |our )?(?:[\w-]+ ){0,2}(?:loss|objective|error)\b|\bmean squared error\b|\bcross[- ]entropy\b/i,
    questions: ['What loss function is the model trained with?'],
  },
  {
    intent: 'preprocessing',
    pattern:
      /\bpre-?process\w*|\btokeni[sz]\w*|\blower-?cas\w*|\bnormali[sz]ed? (?:the )?(?:input|images?|data|features|text|intensit\w*)\b|\bresiz\w*|\brandom(?:ly)? crop\w*|\bsubword|\bbyte[- ]pair|\bBPE\b|\bvocabulary (?:of|size)\b|\bstop ?words\b/i,
    questions: ['How is the input data preprocessed?'],
  },
  {
    intent: 'data-size',
    pattern: new RegExp(
      String.raw`\b(?:contains?|consists? of|comprises?|comprising|includes?|including|collected|annotated|with|of)\s+${amount}\s+(?:[\w-]+\s+)?(?:${dataUnits})\b`,
      'i',
    ),
    questions: ['How large is the dataset?'],
  },
  {
    intent: 'data-split',
    pattern:
      /\bsplit (?:into|in)\b|\b(?:training|train),? (?:validation|development|dev) and test\b|\b(?:training|validation|development|dev|test|held-out) (?:set|split|portion|partition)s? (?:of|with|contains?|consists?|has)\b/i,
    questions: ['How is the data split into training and test sets?'],
  },
  {
    intent: 'comparison',
    pattern:
      /\bcompar(?:e|ed|es|ing) (?:it |them |our [\w-]+ |our results |the results |against |with |to )?(?:with|to|against)\b|\bbaselines? (?:include|includes|are|is|such as)\b|\b(?:against|over|than) (?:the |a |two |three |several |strong |all |other )*baselines?\b/i,
    questions: ['Which methods is the approach compared with?'],
  },
  {
    intent: 'ablation',
    pattern:
      /\bablat\w*|\bwithout (?:the|our|this|these|any) [\w-]+ (?:module|component|layer|loss|term|branch|mechanism|features?|attention|step)\b|\bremov(?:e|ed|ing) (?:the|our|this|these) [\w-]+ (?:module|component|layer|loss|term|branch|mechanism|features?|attention|step)\b/i,
    questions: ['What happens when a component is removed?'],
  },
  {
    intent: 'initialisation',
    pattern: /\binitiali[sz](?:e|ed|es|ing|ation)\b|\bpre-?trained (?:on|weights|embeddings)\b/i,
    questions: ['How are the weights initialised?'],
  },
  {
    intent: 'convergence',
    pattern: /\bconverge(?:s|d|nce)?\b/i,
    questions: ['How quickly does training converge?'],
  },
];

/** The research-intent questions a sentence answers, in rule order. */
export function researchIntentQuestions(
  sentence: string,
): { text: string; intent: ResearchIntent }[] {
  return researchIntentRules.flatMap((rule) =>
    rule.pattern.test(sentence)
      ? rule.questions.map((text) => ({ text, intent: rule.intent }))
      : [],
  );
}
