/**
 * @module Where a dataset leads: its homepage, the paper that introduced it ("Introduced in …", a
 * link when the paper's URL is known) and its licence when the catalog knows it. Only http(s)
 * addresses become links: a catalog value is data, never a `javascript:` URL.
 */
import type { Dataset, DatasetCardData } from '../shared/api-types';

/** `value` when it is an absolute http or https URL, else null. */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export interface DatasetLinkFields {
  homepage: string | null;
  paperTitle?: string | null;
  paperUrl?: string | null;
  license?: string | null;
}

/** The fields of a card; of a catalog record, the licence from its source's extra fields. */
export function linkFieldsOf(dataset: Dataset | DatasetCardData): DatasetLinkFields {
  if ('extra' in dataset) {
    const license = dataset.extra.license;
    return {
      homepage: dataset.homepage,
      paperTitle: dataset.paperTitle,
      paperUrl: dataset.paperUrl,
      license: typeof license === 'string' ? license : null,
    };
  }
  return dataset;
}

/** "Introduced in <paper>", the title a link when its URL is known. */
export function IntroducingPaper({ fields }: { fields: DatasetLinkFields }) {
  const url = httpUrl(fields.paperUrl);
  const title = fields.paperTitle?.trim() || (url ? 'the introducing paper' : '');
  if (!title) return null;
  return url ? (
    <a href={url} rel="noreferrer noopener" target="_blank" className="paper-link">
      {title}
    </a>
  ) : (
    <>{title}</>
  );
}

/** One line: Homepage · Introduced in … · Licence …, each part only when known. */
export function DatasetLinks({ fields }: { fields: DatasetLinkFields }) {
  const homepage = httpUrl(fields.homepage);
  const hasPaper = Boolean(fields.paperTitle?.trim() || httpUrl(fields.paperUrl));
  const license = fields.license?.trim();
  if (!homepage && !hasPaper && !license) return null;
  return (
    <p className="dataset-links">
      {homepage ? (
        <span>
          <a href={homepage} rel="noreferrer noopener" target="_blank">
            Homepage
          </a>
        </span>
      ) : null}
      {hasPaper ? (
        <span>
          Introduced in <IntroducingPaper fields={fields} />
        </span>
      ) : null}
      {license ? <span>Licence: {license}</span> : null}
    </p>
  );
}
