/**
 * @module Datasets a refinement rules out by name: the example an excluded phrase names ("sets
 * like HumanEval aren't what I'm after"), a name in a compound ("nothing ImageNet-scale",
 * "Cora/Citeseer/Pubmed-sized toy graphs don't count"), and the datasets the person says they
 * already use ("I already run HumanEval and MBPP", "we already have HARD and LABR"): someone who
 * has a dataset asks for others. Pure: text in, names out.
 */

/** "sets like HumanEval", "corpora such as Wikipedia": the named example. */
export const namedExample = /\b(?:like|such as|e\.?g\.?|including)\s+(.+)$/i;

/**
 * A name as datasets are written: an inner capital ("ImageNet", "xView", "nuScenes") or all
 * capitals ("MBPP", "KITTI"), with parts after a hyphen that start with a capital or hold a digit
 * ("MSR-VTT", "ChestX-ray14"), not a word after it ("COCO-style").
 */
const name = String.raw`(?:\p{Lu}[\p{L}\p{N}.]*\p{Lu}[\p{L}\p{N}.]*|\p{Ll}+\p{Lu}[\p{L}\p{N}.]*|\p{Lu}{2,}\p{N}*)(?:-(?:[\p{Lu}\p{N}][\p{L}\p{N}.]*|\p{Ll}+\p{N}+))*`;
/** A capitalised word ("Cora"), named only inside a list of two or more. */
const listed = String.raw`\p{Lu}[\p{L}\p{N}.]*`;

/**
 * "ImageNet-scale", "COCO-style", "Cora/Citeseer/Pubmed-sized", "S3DIS / ScanNet style": names in
 * a compound.
 */
export const namedCompound = new RegExp(
  String.raw`\b(${name}|${listed}(?:\s*\/\s*${listed})+)[- ](?:scale|sized?|like|style|level)\b`,
  'u',
);

/** The names of a compound's list ("Cora/Citeseer/Pubmed" -> three). */
export function compoundNames(compound: string): string[] {
  return compound
    .split('/')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/**
 * The dataset names an example holds ("the original FEVER setup" -> FEVER, "HumanEval and MBPP" ->
 * both); an example without one stands for itself.
 */
export function exampleNames(example: string): string[] {
  const found = datasetNamesIn(example);
  return found.length === 0 ? [example] : found;
}

/** The names of datasets' form in `text` ("MS MARCO", "CIFAR-10"); none when it holds none. */
export function datasetNamesIn(text: string): string[] {
  // Names side by side are one ("MS MARCO", "Open Images V6").
  const named = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${name})(?:\\s+(?:${name}|[Vv]?\\d+(?:\\.\\d+)?))*(?![\\p{L}\\p{N}])`,
    'gu',
  );
  return [...(text.match(named) ?? [])];
}

/** "already use X", "have already run X and Y", "'ve already got X": what follows is theirs. */
const alreadyHave =
  /\balready\s+(?:(?:use|used|using|run|ran|running|have|had|got|tried|tested on|evaluated on|trained on|benchmarked on|work with|worked with|know|own)\s+)(?:both\s+)?([^.;:!?]+?)(?=\s*(?:[.;:!?]|\s-\s|,\s*(?:but|so|which|and they|they)\b|\s(?:but|so|which|because|for|since|they|it|and (?:they|it|those|these))\b|$))/giu;

/** "MARS is already in our pipeline", "we have COCO already": the names before "already". */
const alreadyAfter = new RegExp(
  String.raw`(?:^|[\s,;:(])((?:${name})(?:\s*(?:,|\/|and|or|&)\s*(?:${name}))*)\s+(?:(?:is|are)\s+)?already\b`,
  'gu',
);

/**
 * The names a phrase opens with ("HumanEval and MBPP, I need …" -> two) and the words after
 * them. Names of a dataset's form count alone; capitalised words ("Cora and Citeseer") only as a
 * list of two or more.
 */
export function leadingNames(phrase: string): { names: string[]; rest: string } {
  const item = new RegExp(
    String.raw`^\s*(?:,|\/|\band\b|\bor\b|&)?\s*(?:(?:[Tt]he|[Bb]oth|[Oo]ur|[Mm]y)\s+)?(${listed}(?:[ -]\d{1,4})?)(?=\s*(?:,|\/|\band\b|\bor\b|&|$))`,
    'u',
  );
  const items: string[] = [];
  let rest = phrase;
  for (let match = item.exec(rest); match !== null; match = item.exec(rest)) {
    items.push(match[1] ?? '');
    rest = rest.slice(match[0].length);
  }
  const named = new RegExp(`^(?:${name})$`, 'u');
  // "BraTS 2013": a name with its edition's number.
  const names =
    items.length >= 2
      ? items
      : items.filter((word) => named.test(word.replace(/[ -]\d{1,4}$/u, '')));
  return names.length === 0 ? { names, rest: phrase } : { names, rest };
}

/**
 * The dataset names a message says the person already has or uses, and the message without
 * those statements (their names are not asked for).
 */
export function takeAlreadyUsed(message: string): { names: string[]; rest: string } {
  const names: string[] = [];
  const rest = message.replace(alreadyHave, (whole, phrase: string) => {
    const found = leadingNames(phrase);
    if (found.names.length === 0) return whole;
    names.push(...found.names);
    return ` , ${found.rest}`;
  });
  const after = rest.replace(alreadyAfter, (whole, listed: string) => {
    const found = leadingNames(listed);
    if (found.names.length === 0) return whole;
    names.push(...found.names);
    return ' , ';
  });
  return { names, rest: after };
}
