/**
 * @module What to do when Quarry has no papers: the three ways to add some (the upload page,
 * `quarry ingest papers` — which goes through a running server — and `quarry pull arxiv`).
 */
import { Link } from '../shared/router';

export function HowToAddPapers() {
  return (
    <ul className="how-to-add">
      <li>
        <Link href="/upload">Add a paper</Link> on the upload page (PDF, S2ORC / QASPER JSON or
        text);
      </li>
      <li>
        import a folder: <code>npx quarry ingest papers DIR</code> (works while the server runs; the
        papers are searchable when it finishes);
      </li>
      <li>
        fetch from arXiv: <code>npx quarry pull arxiv 1706.03762</code> (it writes to the database
        itself: stop the server first when it uses the embedded database).
      </li>
    </ul>
  );
}
