/**
 * @module What the top candidate datasets say about a slot: their modality, language and domain
 * labels (declared in the record, else read from its description with the need lexicon). Only
 * datasets of text, speech or audio have a language.
 */
import type { Dataset } from '@quarry/core';
import { labelsIn } from './constraint-extraction.js';

export type FacetSlot = 'modality' | 'language' | 'domain';

/** Modalities whose data is in a language; an image or video dataset has no language to ask about. */
const languageBearing = /text|speech|audio|dialog|conversation/i;

/** Words of a request whose images or videos come with language (captions, questions, printed text). */
const languageInImages =
  /caption|question|\bvqa\b|\bocr\b|text|handwrit|descri|dialog|instruction|referring|subtitle|narrat|transcri|sign language|retriev/i;

/**
 * Whether a language stated in a request can apply to its data: not when it asks for a kind of
 * data without language ("photos of traffic signs from German roads") and for nothing that comes
 * with words; captions, questions or text about images keep it ("Japanese image captions").
 */
export function languageApplies(options: { modality: string | null; request: string }): boolean {
  const { modality, request } = options;
  if (modality === null || languageBearing.test(modality)) return true;
  return languageInImages.test(request);
}

export function candidateLabels(dataset: Dataset, slot: FacetSlot): string[] {
  if (slot === 'language') {
    const modalities = candidateLabels(dataset, 'modality');
    // "German cities" in an image dataset's description is not a language of its data.
    if (modalities.length > 0 && !modalities.some((label) => languageBearing.test(label)))
      return [];
  }
  const declared =
    slot === 'modality' ? dataset.modalities : slot === 'language' ? dataset.languages : [];
  if (declared.length > 0) return declared;
  // Variant names say languages too: "CoNLL 2002 (Spanish)".
  const variants = slot === 'language' ? dataset.variants.join('. ') : '';
  return labelsIn(`${dataset.name}. ${variants}. ${dataset.description}`, slot);
}

export interface LabelSplit {
  /** Labels by how many candidates carry them, most first. */
  labels: { label: string; count: number }[];
  /** Candidates that carry any label. */
  labelled: number;
}

export function labelSplit(datasets: readonly Dataset[], slot: FacetSlot): LabelSplit {
  const counts = new Map<string, number>();
  let labelled = 0;
  for (const dataset of datasets) {
    const labels = new Set(candidateLabels(dataset, slot).map((label) => normalizeLabel(label)));
    if (labels.size > 0) labelled += 1;
    for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const labels = [...counts.entries()]
    .map(([label, count]) => ({ label, count }))
    .sort((left, right) => right.count - left.count || left.label.localeCompare(right.label));
  return { labels, labelled };
}

/** "Images" and "Image" are one label. */
function normalizeLabel(label: string): string {
  const trimmed = label.trim();
  const singular = /^(images|videos|texts|graphs)$/i.test(trimmed) ? trimmed.slice(0, -1) : trimmed;
  return singular.charAt(0).toUpperCase() + singular.slice(1);
}
