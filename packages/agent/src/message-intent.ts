/**
 * @module What a chat message asks for: datasets for a piece of research (the default), an answer
 * from the papers ("what loss does the DeepLab paper use?", "which datasets did ResNet evaluate
 * on?"), or a search inside one paper ("find the learning rate in the DeepLab paper"). Rules over
 * the wording; a request for data is never taken for a paper question.
 */

export type MessageIntent =
  | { kind: 'dataset-request' }
  | { kind: 'paper-question'; question: string }
  | { kind: 'find-in-paper'; query: string; paper: string };

const questionStart =
  /^(?:what|which|how|why|when|where|who|whom|whose|does|do|did|is|are|was|were|can|could)\b/i;
/** The user wants data for their own work, even when phrased as a question. */
const wantsData =
  /\b(?:i|we|me|my|our)\b.*\b(?:need|want|looking|search|find|use|recommend|suggest|train|work)\b|\brecommend|\bsuggest|\bgood datasets?\b|\b(?:datasets?|benchmarks?|corpora|corpus)\s*(?:\([^()]*\)\s*)?(?:for|about|on|with|that|to|of|from|where|containing|covering|featuring|labell?ed|annotated)\b|\bdata for\b/i;
/** The question is about what a paper or its authors did or report. */
const aboutPapers =
  /\b(?:paper|papers|authors?|they|did|does|reported?|reports|propose[sd]?|achieve[sd]?|evaluated?|trained|uses?|used)\b/i;
/**
 * The question is about methods and findings, which papers answer ("which architectures overfit
 * when fine-tuned on few examples?", "what regularisers help with label noise?"), not about data
 * for the asker.
 */
const aboutResearch =
  /\b(?:models?|methods?|approach(?:es)?|architectures?|techniques?|algorithms?|networks?|baselines?|regularis(?:er|ation)s?|regulariz(?:er|ation)s?|losses|objectives?|results?|outperforms?|suffers?|state[- ]of[- ]the[- ]art|sota)\b/i;
/** A question about data, or a follow-up that steers the last recommendation. */
const aboutData = /\b(?:data|datasets?|corpus|corpora|benchmarks?)\b/i;
const steers = /(?:^|[.:;!]\s*)(?:what|how) about\b/i;
/**
 * "which benchmarks do people use for …", "what datasets are commonly used for …": data asked for
 * in general, unless a paper's own choice is meant ("which datasets did ResNet evaluate on?").
 */
const asksForData =
  /\b(?:which|what|any)\s+(?:[\w-]+\s+){0,3}?(?:datasets?|benchmarks?|corpora|corpus)\b/i;
const aPapersChoice = /\b(?:did|the paper|this paper|that paper|the authors|they)\b/i;
const findPattern =
  /^(?:find|search for|look for|locate|where is|where does)\s+(.+?)\s+in\s+(?:the\s+)?(.+?)(?:\s+paper)?\s*[?.!]*$/i;

export function classifyMessage(text: string): MessageIntent {
  const trimmed = text.trim();
  const find = findPattern.exec(trimmed);
  const findsData = /\b(?:data|datasets?|corpus|corpora|benchmarks?)\b/i;
  if (find?.[1] && find[2] && !findsData.test(find[1]) && !/^(?:this|my|our)\b/i.test(find[2])) {
    return { kind: 'find-in-paper', query: find[1], paper: find[2] };
  }
  const isQuestion = questionStart.test(trimmed) || trimmed.endsWith('?');
  if (!isQuestion || wantsData.test(trimmed)) return { kind: 'dataset-request' };
  if (asksForData.test(trimmed) && !aPapersChoice.test(trimmed)) return { kind: 'dataset-request' };
  if (aboutPapers.test(trimmed)) return { kind: 'paper-question', question: trimmed };
  if (aboutResearch.test(trimmed) && !aboutData.test(trimmed) && !steers.test(trimmed))
    return { kind: 'paper-question', question: trimmed };
  return { kind: 'dataset-request' };
}
