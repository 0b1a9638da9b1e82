import { describe, expect, it } from 'vitest';
import { announcesNewRequest, readMessageRole, withoutSwitchMarker } from './message-role.js';
import type { MessageRole } from './message-role.js';

const role = (
  message: string,
  options: { standing?: boolean; pending?: boolean } = {},
): MessageRole =>
  readMessageRole({
    message,
    standing: options.standing ?? true,
    pending: options.pending ?? false,
    maxAnswerWords: 25,
    maxRefinementWords: 12,
  });

describe('what a message does to the standing request', () => {
  it('reads short follow-ups as refinements, not new requests', () => {
    for (const message of [
      'only MRI please',
      'only ones released after 2018',
      'and for English?',
      'actually any language is fine',
      'in Korean',
      '中文的数据集有吗？',
      'I need it in German',
      'swap movies for books please',
      'no synthetic data please',
      'no crowdsourced labels, they are too noisy',
      // A stated requirement goes on about the request, however long.
      "One hard requirement though: per-pixel masks (instance or semantic segmentation). Class labels or boxes alone won't do.",
    ])
      expect(role(message), message).toBe('refinement');
  });

  it('reads a long message that goes on about the request as a refinement, in several languages', () => {
    for (const message of [
      'I should add that it needs to be first-person footage from a head-mounted camera, we are targeting AR glasses, so third-person clips are out',
      'More specifically: I want to segment building footprints in high-resolution optical imagery, polygons or masks both fine',
      'Concretamente pregunta-respuesta extractiva, o sea que la respuesta sea un fragmento del párrafo, estilo SQuAD.',
      'Plus précisément, des articles de presse en français avec leurs résumés écrits par des journalistes',
      '具体来说，我需要带有人工标注的医学影像分割数据，最好是腹部CT。',
      'Wichtig: die Fragen sollen ursprünglich auf Deutsch geschrieben sein, keine aus dem Englischen übersetzten Benchmarks, für Retriever und Reader.',
    ])
      expect(role(message), message).toBe('refinement');
    // The same length without such an opening, naming its own need, still starts anew.
    expect(
      role('I want to train a speaker verification model on recordings collected in the wild'),
    ).toBe('new-request');
  });

  it('reads corrections', () => {
    expect(role('no, I meant speech as in audio')).toBe('correction');
    expect(role('no. speech as in audio')).toBe('correction');
    expect(role('Sorry, to be clear: speech as in audio, not text')).toBe('correction');
    expect(role('typo, sorry — I meant pose estimation')).toBe('correction');
    for (const opening of [
      'I need to correct myself: our setting is document-level, relations span sentences.',
      'Sorry, I described it wrong. The robot drives outdoors, off-road terrain.',
      'ugh, I mixed it up, that was the other student. mine is text-to-motion.',
      'Sorry, that was imprecise, we want protein-ligand binding instead.',
      'My supervisor just corrected me: diabetic retinopathy grading from fundus photos.',
    ])
      expect(role(opening), opening).toBe('correction');
    // "I need to" alone announces nothing.
    expect(role('I need to have speaker labels too')).toBe('refinement');
  });

  it('reads a changed mind as a new request, in several languages', () => {
    for (const message of [
      'Scratch that. Just talked to my PI and the project is digital pathology, not radiology.',
      'I changed my mind: I need bird song recordings',
      'Cambié de idea, necesito datos de tráfico',
      "J'ai changé d'avis : je cherche des images satellites",
      'Ho cambiato idea, mi servono dati meteo',
      'Zmieniłem zdanie, potrzebuję danych o pogodzie',
      '我改主意了，我需要天气数据',
    ])
      expect(role(message), message).toBe('new-request');
  });

  it('reads announced and self-contained new requests', () => {
    expect(role('ok got it. switching topics completely: vibration signals from bearings')).toBe(
      'new-request',
    );
    expect(role('Got it. Unrelated second question: program synthesis benchmarks')).toBe(
      'new-request',
    );
    expect(role('forget that. I need a text-to-SQL dataset')).toBe('new-request');
    expect(role('ok switching topics completely, I need news summarization data')).toBe(
      'new-request',
    );
    expect(
      role('I want to train a speaker verification model on recordings collected in the wild'),
    ).toBe('new-request');
    expect(role('anything', { standing: false })).toBe('new-request');
    expect(role("great, that's settled. My labmate needs bird song recordings")).toBe(
      'new-request',
    );
    expect(role('moving on: graph data for fraud detection')).toBe('new-request');
    expect(
      role('Switching to something else entirely: N-body simulation outputs for cosmology'),
    ).toBe('new-request');
    expect(
      withoutSwitchMarker("scratch that, I described the wrong project. it's source separation"),
    ).toBe("it's source separation");
  });

  it('reads a reply to a pending question as its answer, and "no preference" too', () => {
    expect(role('Medical Image Segmentation', { pending: true })).toBe('answer');
    expect(role('no preference', { pending: true })).toBe('answer');
    expect(role('sentiment analysis', { standing: false, pending: true })).toBe('answer');
    expect(role('only MRI please', { pending: true })).toBe('refinement');
  });

  it('reads a new topic announced after thanks or a short remark', () => {
    for (const message of [
      'perfect, thanks. totally separate question: benchmarks for molecular property prediction?',
      'cheers. switching topics completely: i need clinical data of ICU patients',
      "thanks that's helpful. Different project now: I need image datasets of surface defects",
    ])
      expect(announcesNewRequest(message)).toBe(true);
    expect(withoutSwitchMarker('cheers. switching topics completely: i need ICU data')).toBe(
      'i need ICU data',
    );
    expect(announcesNewRequest("thanks, that's helpful. only thermal ones though")).toBe(false);
  });
});
