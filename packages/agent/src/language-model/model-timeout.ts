/**
 * @module How long the agent waits for a language model before it uses its own wording
 * (`QUARRY_LLM_TIMEOUT_MS`). A module of its own, so settings can read it without loading a model.
 */
export const defaultModelTimeoutMs = 10_000;
