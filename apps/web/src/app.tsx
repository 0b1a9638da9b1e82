/**
 * @module The app shell: navigation, the page for the current path, and an error boundary around
 * it. Paths: / (chat), /search, /datasets, /datasets/:id, /papers, /papers/:id, /upload,
 * /sign-in. On a server where every route needs the token, a browser that is not signed in sees
 * the sign-in page.
 */
import type { ReactNode } from 'react';
import { ChatPage } from './chat/chat-page';
import { DatasetPage } from './datasets/dataset-page';
import { DatasetsPage } from './datasets/datasets-page';
import { PapersPage } from './papers/papers-page';
import { PaperReaderPage } from './reader/paper-reader-page';
import { SearchPage } from './search/search-page';
import { SignInPage } from './session/sign-in-page';
import { useSession } from './session/use-session';
import { ErrorBoundary } from './shared/error-boundary';
import { Link, useLocation } from './shared/router';
import { UploadPage } from './upload/upload-page';

const navigation = [
  { href: '/', label: 'Chat' },
  { href: '/search', label: 'Ask papers' },
  { href: '/datasets', label: 'Datasets' },
  { href: '/papers', label: 'Papers' },
  { href: '/upload', label: 'Add a paper' },
];

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function pageFor(pathname: string): ReactNode {
  const paper = /^\/papers\/([^/]+)\/?$/.exec(pathname);
  if (paper?.[1]) return <PaperReaderPage key={paper[1]} paperId={decoded(paper[1])} />;
  const dataset = /^\/datasets\/([^/]+)\/?$/.exec(pathname);
  if (dataset?.[1]) return <DatasetPage key={dataset[1]} datasetId={decoded(dataset[1])} />;
  switch (pathname) {
    case '/':
      return <ChatPage />;
    case '/search':
      return <SearchPage />;
    case '/datasets':
      return <DatasetsPage />;
    case '/papers':
      return <PapersPage />;
    case '/upload':
      return <UploadPage />;
    case '/sign-in':
      return <SignInPage />;
    default:
      return (
        <div>
          <h1>Page not found</h1>
          <p>
            There is no page at {pathname}. <Link href="/">Back to the chat</Link>
          </p>
        </div>
      );
  }
}

function isActive(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}

export function App() {
  const location = useLocation();
  const session = useSession();
  const mustSignIn = session !== null && session.tokenRequiredFor === 'all' && !session.signedIn;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top-bar">
        <Link href="/" className="brand">
          Quarry
        </Link>
        <nav aria-label="Main">
          <ul>
            {navigation.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={isActive(item.href, location.pathname) ? 'page' : undefined}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {session && !session.signedIn && location.pathname !== '/sign-in' ? (
          <Link
            className="sign-in-link"
            href={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`}
          >
            Sign in
          </Link>
        ) : null}
      </header>
      <main id="main">
        <ErrorBoundary resetKey={location.pathname}>
          {mustSignIn ? <SignInPage /> : pageFor(location.pathname)}
        </ErrorBoundary>
      </main>
    </>
  );
}
