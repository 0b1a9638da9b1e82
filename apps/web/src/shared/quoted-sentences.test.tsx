// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuotedSentences } from './quoted-sentences';

afterEach(cleanup);

describe('QuotedSentences', () => {
  it('says which quote is a table row and leaves running text unlabelled', () => {
    render(
      <QuotedSentences
        label="Answers"
        ranked
        sentences={[
          {
            paperId: 'ner',
            paperTitle: 'Tagging Entities',
            sentenceIndex: 40,
            text: 'Table 2: Results. · CRF · F1 85.2',
            sectionKind: 'table',
          },
          {
            paperId: 'ner',
            paperTitle: 'Tagging Entities',
            sentenceIndex: 12,
            text: 'The CRF reaches 85.2 F1.',
            sectionKind: 'body',
          },
        ]}
      />,
    );
    const [row, prose] = screen.getAllByRole('listitem');
    expect(row?.textContent).toContain('table row');
    expect(prose?.textContent).not.toContain('table row');
  });
});
