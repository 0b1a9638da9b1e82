/** @module Public surface of @quarry/agent. */
export { runAgentCase } from './agent-case.js';
export type { AgentCase, AgentCaseOutcome } from './agent-case.js';
export type { AgentReply, Citation, DatasetCard } from './agent-reply.js';
export { queryStates, simulateClarification } from './clarify-simulation.js';
export type { AnnotatedQuery, ClarifyOutcome } from './clarify-simulation.js';
export { candidateLabels, labelSplit } from './candidate-facets.js';
export type { FacetSlot, LabelSplit } from './candidate-facets.js';
export {
  defaultClarificationSettings,
  nextClarifyingQuestion,
  noPreferenceOption,
} from './clarification-policy.js';
export type {
  ClarificationSettings,
  ClarifyingQuestion,
  SplitRule,
} from './clarification-policy.js';
export {
  extractConstraints,
  interpretAnswer,
  isNoPreference,
  labelsIn,
} from './constraint-extraction.js';
export { createDatasetAgent, defaultAgentSettings } from './dataset-agent.js';
export type {
  AgentSettings,
  AgentTurn,
  CitationSource,
  DatasetAgent,
  TraceStep,
} from './dataset-agent.js';
export type { PaperAnswerSource } from './paper-answer-reply.js';
export { classifyMessage } from './message-intent.js';
export type { MessageIntent } from './message-intent.js';
export {
  createLanguageModel,
  defaultModelTimeoutMs,
  defaultOllamaBaseUrl,
  languageModelProviders,
} from './language-model/language-model-settings.js';
export type {
  LanguageModelProvider,
  LanguageModelSettings,
} from './language-model/language-model-settings.js';
export { createModelConstraintExtractor } from './language-model/model-constraint-extractor.js';
export type { ConstraintExtractor } from './language-model/model-constraint-extractor.js';
export { createModelHypotheticalAnswerWriter } from './language-model/model-hypothetical-answer.js';
export type { HypotheticalAnswerWriter } from './language-model/model-hypothetical-answer.js';
export { createModelReplyPhraser } from './language-model/model-reply-phraser.js';
export type { ReplyPhraser } from './language-model/model-reply-phraser.js';
export {
  defaultPromptsDirectory,
  fillPrompt,
  loadPromptTemplate,
} from './language-model/prompt-template.js';
export type { PromptTemplate } from './language-model/prompt-template.js';
export { emptyDialogueState } from './dialogue-state.js';
export { respondInConversation } from './conversation-turn.js';
export { maskedTaskWords, maskTask } from './clarify-mask.js';
export type { ConversationLog, ConversationTurnOptions } from './conversation-turn.js';
export type { DialogueState } from './dialogue-state.js';
export { sanitizeMessage } from './message-input.js';
export type { SanitizedMessage } from './message-input.js';
export { slotLabels, slots } from './slots.js';
export type { Constraints, Slot, SlotValue } from './slots.js';
export { findTaskPhrase, isTaskWord } from './task-lexicon.js';
export { createTaskTaxonomy, minTaskNameTerms } from './task-taxonomy.js';
export type { TaskTaxonomy } from './task-taxonomy.js';
export {
  conversationKinds,
  createMemoryConversationLog,
  runAgentConversation,
} from './agent-conversation-case.js';
export type {
  AgentConversationCase,
  AgentConversationOutcome,
  ConversationKind,
} from './agent-conversation-case.js';
