/**
 * @module A clarifying question's quick replies: one button per option drawn from the candidates,
 * and always a way to skip (the agent's own "No preference", or a Skip button).
 */
import type { ClarifyData } from '../shared/api-types';

/** What a skip sends: the agent reads it as "no preference" for the slot. */
export const skipReply = 'no preference';

export function QuickReplies(props: {
  clarify: ClarifyData;
  disabled: boolean;
  onReply: (text: string) => void;
}) {
  // The agent usually offers "No preference" itself; a second skip button would only repeat it.
  const offersSkip = props.clarify.options.some((option) => option.toLowerCase() === skipReply);
  return (
    <div className="quick-replies" role="group" aria-label={`Choose a ${props.clarify.slot}`}>
      {props.clarify.options.map((option) => (
        <button
          key={option}
          type="button"
          disabled={props.disabled}
          onClick={() => props.onReply(option)}
        >
          {option}
        </button>
      ))}
      {offersSkip ? null : (
        <button
          type="button"
          className="secondary"
          disabled={props.disabled}
          onClick={() => props.onReply(skipReply)}
        >
          Skip
        </button>
      )}
    </div>
  );
}
