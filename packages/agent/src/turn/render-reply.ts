/**
 * @module The reply step: a clarifying question with its quick replies, dataset cards with why each
 * fits and the sentences that cite it, a plain statement when the catalog has no dataset in the
 * language asked for, and a notice when nothing was found. Pure: the citations are fetched
 * before (dataset-agent.ts) and a language model's phrasing is applied after.
 */
import type { Dataset } from '@quarry/core';
import type { DatasetRecommendation } from '@quarry/recommender';
import type { AgentReply, Citation, DatasetCard } from '../agent-reply.js';
import type { ClarifyingQuestion } from '../clarification-policy.js';

export function clarifyReply(question: ClarifyingQuestion, notes: readonly string[]): AgentReply {
  return {
    kind: 'clarify',
    text: [...notes, question.question].join(' '),
    slot: question.slot,
    options: question.options,
  };
}

export const remindText =
  'Describe the research you want data for, for example "semantic segmentation of street scenes for self-driving cars".';

/** What a closing message ("thanks!") gets before the datasets that still fit. */
export const welcomeText =
  "You're welcome. These are still the datasets that fit; tell me if anything should change.";

export function datasetCard(
  dataset: Dataset,
  recommendation: DatasetRecommendation,
  citations: Citation[],
): DatasetCard {
  return {
    datasetId: dataset.id,
    name: dataset.name,
    fullName: dataset.fullName,
    year: dataset.year,
    modalities: dataset.modalities,
    tasks: dataset.tasks,
    languages: dataset.languages,
    size: dataset.size,
    homepage: dataset.homepage,
    paperTitle: dataset.paperTitle,
    paperUrl: dataset.paperUrl,
    license: typeof dataset.extra.license === 'string' ? dataset.extra.license : null,
    why: recommendation.explanation.summary,
    citations,
  };
}

export function recommendationReply(options: {
  cards: readonly DatasetCard[];
  more: readonly DatasetCard[];
  /** A stated data language the catalog has no relevant dataset in. */
  unmet: string | null;
  /** The task the request is about, for the sentence saying a language is unmet. */
  task: string | null | undefined;
  /** A lower bound on the year that none of the datasets shown is known to meet. */
  unmetYearMin?: number | null;
  notes: readonly string[];
  /** What was searched for (describeSearch), named when nothing or only a relaxation fits. */
  searched: string;
  /** The constraint lifted to show the nearest datasets, and the reply that lifts it for good. */
  relaxed: { label: string; reply: string } | null;
}): AgentReply {
  const { cards, more, unmet, task, notes, relaxed } = options;
  if (cards.length === 0) {
    return {
      kind: 'notice',
      text: [
        ...notes,
        `I found no dataset in the catalog for ${options.searched}. Try other words for the task or the data.`,
      ].join(' '),
    };
  }
  const lead = relaxed
    ? `No dataset in the catalog fits all of ${options.searched}; without ${relaxed.label}, the closest ${cards.length === 1 ? 'is' : `${cards.length} are`}:`
    : unmet !== null
      ? `The catalog has no ${unmet} dataset${task ? ` for ${task}` : ''}; the closest ${cards.length === 1 ? 'is' : `${cards.length} are`}:`
      : typeof options.unmetYearMin === 'number'
        ? `The catalog has no dataset${task ? ` for ${task}` : ''} known to be from ${options.unmetYearMin} on; the closest ${cards.length === 1 ? 'is' : `${cards.length} are`}, of unknown year:`
        : `${cards.length === 1 ? 'This dataset fits' : `These ${cards.length} datasets fit`} what you described.`;
  return {
    kind: 'recommend',
    text: [...notes, lead].join(' '),
    datasets: [...cards],
    ...(more.length > 0 ? { more: [...more] } : {}),
    ...(relaxed ? { relaxed } : {}),
  };
}
