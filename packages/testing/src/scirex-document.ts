/**
 * @module A SciREX-shaped paper file for tests of the SciREX reader and the commands that take a
 * folder of them: words, sentences and sections as word ranges, no entity annotations.
 */

/** A SciREX document whose sections are lists of sentences (words separated by spaces). */
export function scirexDocument(docId: string, sections: string[][]): Record<string, unknown> {
  const words: string[] = [];
  const sentences: [number, number][] = [];
  const sectionRanges: [number, number][] = [];
  for (const section of sections) {
    const sectionStart = words.length;
    for (const sentence of section) {
      const start = words.length;
      words.push(...sentence.split(' '));
      sentences.push([start, words.length]);
    }
    sectionRanges.push([sectionStart, words.length]);
  }
  return { doc_id: docId, words, sentences, sections: sectionRanges, ner: [], coref: {} };
}
