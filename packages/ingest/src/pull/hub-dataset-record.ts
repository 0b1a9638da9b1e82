/**
 * @module One Hugging Face Hub dataset (an element of `/api/datasets?full=true`) as a catalog
 * record: the repository id is the id, the card's `pretty_name` the name; `cardData`
 * `task_categories` and `task_ids` become tasks, `language` codes language names, `modality:` tags
 * modalities, an `arxiv:` tag the introducing paper's URL; the licence and `paperswithcode_id` are
 * kept in `extra` (downloads and likes are not: they change daily, and a re-run would rewrite
 * every record). `paperswithcode_id` is what joins the record to a
 * Papers with Code dataset (see hub-datasets-pull.ts).
 */
import type { Dataset } from '@quarry/core';
import { invalidInputError } from '../parse/parse-result.js';
import { describeJsonType, isPlainObject } from '../parse/record-fields.js';

const modalityNames: Record<string, string> = {
  text: 'Texts',
  image: 'Images',
  audio: 'Audio',
  video: 'Videos',
  tabular: 'Tabular',
  timeseries: 'Time series',
  '3d': '3D',
  geospatial: 'Geospatial',
};

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

function invalid(where: string, message: string): Error {
  return invalidInputError({
    where,
    message,
    fix: 'The Hub answered with a record this version of Quarry cannot read; it was skipped.',
  });
}

/** A card field that may be one string or a list of strings. */
function stringList(value: unknown, field: string, where: string): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  throw invalid(
    where,
    `cardData.${field} must be a string or a list of strings but is ${describeJsonType(value)}`,
  );
}

function optionalString(value: unknown, field: string, where: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string')
    throw invalid(where, `${field} must be a string but is ${describeJsonType(value)}`);
  return value.trim() === '' ? null : value.trim();
}

/** `question-answering` -> `Question Answering`. */
export function humanizeHubTag(tag: string): string {
  return tag
    .split(/[-_]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** `en` -> `English`; a code the runtime does not know stays as it is. */
function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function tagValues(tags: readonly string[], prefix: string): string[] {
  return tags.filter((tag) => tag.startsWith(prefix)).map((tag) => tag.slice(prefix.length));
}

function unique(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLowerCase();
    if (value.trim() === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Converts one `/api/datasets` element; throws an `invalid_input` AppError naming `where`. */
export function datasetFromHubRecord(
  value: unknown,
  options: { where: string; endpoint: string },
): Dataset {
  const { where } = options;
  if (!isPlainObject(value))
    throw invalid(where, `expected a dataset object but found ${describeJsonType(value)}`);
  const id = optionalString(value.id, 'id', where);
  if (id === null) throw invalid(where, 'field "id" is missing');
  const card = value.cardData ?? {};
  if (!isPlainObject(card))
    throw invalid(where, `cardData must be an object but is ${describeJsonType(card)}`);
  const tags = stringList(value.tags, 'tags', where);
  const licence = stringList(card.license, 'license', where);
  const paperswithcodeId =
    optionalString(card.paperswithcode_id, 'cardData.paperswithcode_id', where) ??
    optionalString(value.paperswithcode_id, 'paperswithcode_id', where);
  const arxivIds = tagValues(tags, 'arxiv:');
  const description = optionalString(value.description, 'description', where) ?? '';
  const prettyName = optionalString(card.pretty_name, 'cardData.pretty_name', where);
  const name = prettyName ?? id.split('/').pop() ?? id;
  return {
    id,
    name,
    fullName: null,
    description,
    year: null,
    introducedDate: null,
    modalities: unique(
      tagValues(tags, 'modality:').map(
        (modality) => modalityNames[modality] ?? humanizeHubTag(modality),
      ),
    ),
    tasks: unique(
      [
        ...stringList(card.task_categories, 'task_categories', where),
        ...stringList(card.task_ids, 'task_ids', where),
      ].map(humanizeHubTag),
    ),
    languages: unique(stringList(card.language, 'language', where).map(languageName)),
    variants: prettyName !== null && prettyName !== id ? [id] : [],
    paperTitle: null,
    paperUrl: arxivIds[0] ? `https://arxiv.org/abs/${arxivIds[0]}` : null,
    homepage: `${options.endpoint.replace(/\/+$/, '')}/datasets/${id}`,
    numPapers: null,
    size: stringList(card.size_categories, 'size_categories', where)[0] ?? null,
    source: 'hf-hub',
    extra: {
      hubId: id,
      ...(licence.length > 0 ? { license: licence.join(', ') } : {}),
      ...(paperswithcodeId ? { paperswithcodeId } : {}),
      ...(arxivIds.length > 0 ? { arxivIds } : {}),
    },
  };
}
