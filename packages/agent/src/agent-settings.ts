/**
 * @module The dataset agent's settings (every limit and share it reads, with its default) and the
 * citation source it quotes papers from.
 */
import type { Dataset } from '@quarry/core';
import type { Citation } from './agent-reply.js';
import { defaultClarificationSettings } from './clarification-policy.js';
import type { ClarificationSettings } from './clarification-policy.js';

/** Finds sentences from indexed papers that mention a dataset. */
export interface CitationSource {
  citationsFor(options: { dataset: Dataset; limit: number }): Promise<Citation[]>;
}

export interface AgentSettings {
  /** Candidates the policy looks at to decide whether a slot splits them. */
  candidatePool: number;
  /** Datasets recommended per answer (3 to 5). */
  recommendCount: number;
  /** The next best datasets a recommendation carries besides, for "Show more" (0: none). */
  moreCount: number;
  /** Citations per dataset card. */
  citationsPerDataset: number;
  /** Sentences quoted in answer to a question about papers. */
  answersPerQuestion: number;
  /** Longer messages are cut to this many characters, and the user is told. */
  maxMessageChars: number;
  /** A reply to a clarifying question longer than this many words is read as a new request. */
  maxAnswerWords: number;
  /**
   * A message after a recommendation with at most this many words (and no new-request opening)
   * refines the standing request instead of replacing it.
   */
  maxRefinementWords: number;
  /** Candidates a refined request is re-ordered from (year bounds, focus, ruled-out phrases). */
  refinementPool: number;
  /** Candidates saying at least this share of the best focus score come first… */
  focusShare: number;
  /** …and after "only …", only those saying this share of it are shown… */
  strictFocusShare: number;
  /** …unless fewer than a reply's worth do: those saying this share fill the reply. */
  requiredFillShare: number;
  /**
   * A required phrase also keeps the candidates whose closeness in meaning to it (the
   * recommender's encoders) reaches this share of the closest one's: a record that says it in
   * other words ("research papers" for "scientific articles"). Above 1 reads the words only.
   */
  requiredMeaningShare: number;
  /** Candidates (best first) that a refinement's words can move up or keep. */
  focusPool: number;
  /**
   * Weight of a focus phrase's closeness in meaning to a candidate's description (the
   * recommender's encoders), beside the share of its words the candidate says (weight 1): a
   * candidate saying "in-the-wild" in other words moves up too. 0 reads the words only.
   */
  focusMeaningWeight: number;
  /** Candidates searched, with the language as a filter, for datasets in a stated language. */
  languagePool: number;
  /** Of the best candidates, this many are re-ordered by whether they say a stated domain. */
  domainWindow: number;
  /**
   * Of the best candidates, this many are re-ordered by whether their record says the distinctive
   * words of a task stated in the request; 0 leaves the recommender's order.
   */
  taskWindow: number;
  /**
   * Candidates searched for datasets that say a stated domain (and fit the stated task); they go
   * before the others. At most `domainWindow` reads only the best candidates.
   */
  domainPool: number;
  /**
   * Datasets that say a stated domain go first only when at least this many do: one alone is more
   * likely a record that happens to name the field than the field's datasets.
   */
  domainMinimum: number;
  /**
   * When at least this many candidates declare a task named in a refinement or correction, only
   * they are shown; with fewer, they come first and the others follow.
   */
  refinedTaskMinimum: number;
  /**
   * A data language or kind of data stated in the request reorders the candidates: that language
   * first (or a plain "the catalog has none"), contradicting kinds of data last.
   */
  keepStatedConstraints: boolean;
  /**
   * Sentences are presented as answering a question only when the best one's relevance reaches
   * this; below it they are shown as related sentences. Calibrated for the shipped encoder on the
   * in-paper dev questions: at cosine 0.4 or more the answer was among the top five 93% of the
   * time, below it 45%.
   */
  answerMinRelevance: number;
  /** Indexed papers offered instead when a question names a paper that is not indexed. */
  closestPapersOffered: number;
  clarification: ClarificationSettings;
}

export const defaultAgentSettings: AgentSettings = {
  candidatePool: 20,
  recommendCount: 5,
  moreCount: 5,
  citationsPerDataset: 2,
  answersPerQuestion: 3,
  maxMessageChars: 2000,
  maxAnswerWords: 25,
  maxRefinementWords: 12,
  refinementPool: 60,
  focusShare: 0.5,
  strictFocusShare: 0.6,
  requiredFillShare: 0.4,
  requiredMeaningShare: 0.9,
  focusPool: 20,
  focusMeaningWeight: 1,
  languagePool: 150,
  domainWindow: 10,
  taskWindow: 20,
  domainPool: 60,
  domainMinimum: 2,
  refinedTaskMinimum: 1,
  keepStatedConstraints: true,
  answerMinRelevance: 0.4,
  closestPapersOffered: 3,
  clarification: defaultClarificationSettings,
};
