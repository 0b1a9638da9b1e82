/**
 * @module "PDF / Text": how the reader shows a paper whose PDF was kept. Two toggle buttons in a
 * labelled group (Tab reaches them, Enter or Space switches, `aria-pressed` says which is on); the
 * choice is kept in the address (`?view=pdf` or `?view=text`), so a shared link opens the same
 * view on any screen.
 */
export type ReaderView = 'pdf' | 'text';

export function ReaderViewToggle(props: { view: ReaderView; onView: (view: ReaderView) => void }) {
  return (
    <div className="reader-view-toggle" role="group" aria-label="Show the paper as">
      {(['pdf', 'text'] as const).map((view) => (
        <button
          key={view}
          type="button"
          className={props.view === view ? undefined : 'secondary'}
          aria-pressed={props.view === view}
          onClick={() => props.onView(view)}
        >
          {view === 'pdf' ? 'PDF' : 'Text'}
        </button>
      ))}
    </div>
  );
}
