/**
 * @module Date fields: the year of a free-form date ("2017-07-16", "26/09/2016", "2011-11") and
 * the day/month/year dates of the 2022 Papers with Code scrape turned into ISO dates.
 */

const fourDigitYearPattern = /(?:^|\D)([12]\d{3})(?!\d)/;
const dayMonthYearPattern = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/;

/** The first plausible four-digit year (1000-2999) in a date string, or null. */
export function yearFromDate(date: string | null | undefined): number | null {
  if (!date) return null;
  const match = fourDigitYearPattern.exec(date);
  return match?.[1] ? Number(match[1]) : null;
}

/** "26/09/2016" (day/month/year) to "2016-09-26"; null when the text is not such a date. */
export function isoDateFromDayMonthYear(date: string): string | null {
  const match = dayMonthYearPattern.exec(date);
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const dayNumber = Number(day);
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12 || dayNumber < 1 || dayNumber > 31) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
