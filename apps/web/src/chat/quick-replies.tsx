/**
 * @module A clarifying question's quick replies: one button per option drawn from the candidates,
 * and always a way to skip.
 */
import type { ClarifyData } from '../shared/api-types';

/** What a skip sends: the agent reads it as "no preference" for the slot. */
export const skipReply = 'no preference';

export function QuickReplies(props: {
  clarify: ClarifyData;
  disabled: boolean;
  onReply: (text: string) => void;
}) {
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
      <button
        type="button"
        className="secondary"
        disabled={props.disabled}
        onClick={() => props.onReply(skipReply)}
      >
        Skip
      </button>
    </div>
  );
}
