import { describe, expect, it } from 'vitest';
import { emptyDialogueState } from '../dialogue-state.js';
import type { DialogueState } from '../dialogue-state.js';
import { createTaskTaxonomy } from '../task-taxonomy.js';
import { refineState } from './refine-state.js';

const taxonomy = createTaskTaxonomy(['Audio Classification', 'Text Classification']);
const state: DialogueState = {
  ...emptyDialogueState(),
  request: 'audio classification',
  constraints: { task: { value: 'audio classification', source: 'request' } },
};
/** `message` refining `standing` (by default the audio classification request). */
const refine = (message: string, standing: DialogueState = state) =>
  refineState({ state: standing, message, correction: false, taxonomy, findDataset: () => null });

describe('refining the standing request', () => {
  it('rules out what a negation governs in another language, and keeps the rest', () => {
    const refined = refine('Solo datos clínicos, sin imágenes');
    expect(refined.excluded).toContain('image');
    expect(refined.constraints.domain?.value).toBe('Medical');
    // A domain is asked for in any of its words.
    expect(refined.focus).toEqual(['medical/biomedical/clinical/disease/patients/healthcare']);
    expect(refined.constraints.modality).toBeUndefined();
    expect(refine('Nur Tierstimmen, keine Musik').excluded).toContain('music');
    // A domain qualifying a kind of data rules out that sort only: legal texts, not all texts.
    const legal = refine('Plutôt des articles de presse, pas de textes juridiques.').excluded;
    expect(legal).toContain('legal/law/court');
    expect(legal).not.toContain('texts');
    // A clause said to be of no use is ruled out, and asks for nothing ("sistema sanitario").
    const noUse = refine(
      'Me interesan los extractivos. Los de opción múltiple, como los del sistema sanitario, no me sirven.',
    );
    expect(noUse.constraints.domain).toBeUndefined();
    expect(noUse.excluded).not.toContain('sirven');
  });

  it('keeps the standing task when a follow-up names no task by itself', () => {
    const intrusion: DialogueState = {
      ...emptyDialogueState(),
      request: 'network intrusion detection datasets with labeled attack traffic',
      constraints: { task: { value: 'network intrusion detection', source: 'request' } },
    };
    const anomaly = refine("it's for a course project on anomaly-based IDS", intrusion);
    expect(anomaly.constraints.task?.value).toBe('network intrusion detection');
    // "similar" shares a stem with "similarity" and asks for nothing.
    const similar = refine('Is there anything similar with video instead of still photos?', {
      ...emptyDialogueState(),
      request: 'kinship verification datasets - face photos of parents and children',
      constraints: { task: { value: 'kinship verification', source: 'request' } },
    });
    expect(similar.constraints.task?.value).toBe('kinship verification');
    expect(similar.focus.join(' ')).not.toContain('similar');
    // A task word that names a task alone still replaces it; a head of the same sort keeps what
    // was found in the data.
    expect(refine('actually I need detection, not classification').constraints.task?.value).toBe(
      'audio detection',
    );
  });

  it('lifts the standing value a refinement says the data need not be', () => {
    const news: DialogueState = {
      ...emptyDialogueState(),
      request: 'abstractive summarization of news articles',
      constraints: {
        task: { value: 'abstractive summarization', source: 'request' },
        domain: { value: 'News', source: 'request' },
      },
    };
    const widened = refineState({
      state: news,
      message: "it doesn't need to be news either, any long documents",
      correction: false,
      taxonomy,
      findDataset: () => null,
    });
    expect(widened.constraints.domain).toBeUndefined();
    expect(widened.dropped).toContain('news');
    // A lifted word that is only part of a value leaves the rest of it standing.
    const partly = refineState({
      state: news,
      message: "it doesn't need to be abstractive",
      correction: false,
      taxonomy,
      findDataset: () => null,
    });
    expect(partly.constraints.task?.value).toBe('summarization');
  });

  it('reads a follow-up with no telling word in the language of the request', () => {
    const spanish: DialogueState = {
      ...emptyDialogueState(),
      request: 'Busco datos para reconocimiento de voz en español',
      constraints: { task: { value: 'speech recognition', source: 'request' } },
    };
    const refined = refineState({
      state: spanish,
      message: 'prefiero grabaciones telefónicas',
      correction: false,
      taxonomy,
      findDataset: () => null,
    });
    // Read as English, the Spanish words themselves had become a required phrase.
    expect(refined.required).not.toContain('prefiero grabaciones telefónicas');
    expect(refined.focus.join(' ')).not.toMatch(/prefiero/);
  });

  it('takes a replaced language out of the standing task', () => {
    const pair: DialogueState = {
      ...emptyDialogueState(),
      request: 'translate English to Swahili',
      constraints: {
        task: { value: 'english swahili translation', source: 'request' },
        language: { value: 'English, Swahili', source: 'request' },
      },
    };
    const zulu = refineState({
      state: pair,
      message: 'what about Zulu instead of Swahili?',
      correction: false,
      taxonomy,
      findDataset: () => null,
    });
    expect(zulu.constraints.language?.value).toBe('Zulu');
    expect(zulu.constraints.task?.value).not.toMatch(/swahili/i);
    expect(zulu.constraints.task?.value).toMatch(/translation/);
  });

  it('keeps a kind of data the request already holds out of the focus, and a new one in it', () => {
    const speech: DialogueState = {
      ...state,
      constraints: { ...state.constraints, modality: { value: 'Audio', source: 'request' } },
    };
    const refineSpeech = (message: string) =>
      refineState({ state: speech, message, correction: false, taxonomy, findDataset: () => null });
    // "Read speech is better": speech is the request's kind already; no phrase is required.
    expect(refineSpeech('読み上げ音声がいいです。').required).toEqual([]);
    // "Only video": a kind the request did not hold is asked for.
    expect(refine('Solo video, non immagini statiche').focus.join(' ')).toMatch(/video/);
  });

  it('keeps the task when another language names none (dictionary words are not tasks)', () => {
    expect(refine('Het moet Nederlandstalig zijn').constraints).toMatchObject({
      task: { value: 'audio classification' },
      language: { value: 'Dutch', source: 'refinement' },
    });
  });

  it('keeps the named task when a refinement only implies another through a cue', () => {
    // "BLEU" is a cue for machine translation; the request named audio classification.
    expect(
      refine('only clips that were scored with BLEU-like agreement, real recordings').constraints,
    ).toMatchObject({ task: { value: 'audio classification', source: 'request' } });
  });

  it('lifts a domain when the word of the request that signalled it is lifted', () => {
    const tweets: DialogueState = {
      ...emptyDialogueState(),
      request: 'hate speech detection in tweets',
      constraints: {
        task: { value: 'hate speech detection', source: 'request' },
        domain: { value: 'Social media', source: 'request' },
      },
    };
    const widened = refine("it doesn't have to be tweets either", tweets);
    expect(widened.constraints.domain).toBeUndefined();
    expect(widened.constraints.task?.value).toBe('hate speech detection');
  });

  it('keeps the task when a refinement names what the data holds ("answers", "captions")', () => {
    const comprehension: DialogueState = {
      ...emptyDialogueState(),
      request: 'datasets for machine reading comprehension',
      constraints: { task: { value: 'machine reading comprehension', source: 'request' } },
    };
    const refineReading = (message: string) => refine(message, comprehension);
    const unanswerable = refineReading('only ones where answers can be unanswerable');
    expect(unanswerable.constraints.task?.value).toBe('machine reading comprehension');
    expect(unanswerable.focus).toEqual(['answers unanswerable']);
    // So does the annotation a refinement asks for.
    expect(
      refineReading('each passage needs per-token semantic labels').constraints.task?.value,
    ).toBe('machine reading comprehension');
    // A task word for what is done with the data still replaces it.
    expect(refineReading('summarization instead').constraints.task?.value).toBe('summarization');
  });

  it('takes back in a correction the task it contrasts and what the person says they wrote', () => {
    const correct = (message: string) =>
      refineState({ state, message, correction: true, taxonomy, findDataset: () => null });
    // The standing task is taken back, not ruled out: text datasets may well mention audio.
    const contrasted = correct(
      'sorry, I should have said text classification, not audio classification',
    );
    expect(contrasted.constraints.task?.value).toBe('text classification');
    expect(contrasted.excluded).toEqual([]);
    expect(contrasted.dropped).toContain('audio');
    // Outside a correction the same words rule the phrase out.
    expect(refine('text classification, not audio classification').excluded).toContain(
      'audio classification',
    );
    const rewritten = correct('I wrote audio but I meant text classification');
    expect(rewritten.dropped).toContain('audio');
    expect(rewritten.focus.join(' ')).not.toMatch(/wrote|meant/);
  });

  it('replaces the standing language named beside a new one, unless the two are offered together', () => {
    const inGerman = {
      ...state,
      constraints: {
        ...state.constraints,
        language: { value: 'German', source: 'request' as const },
      },
    };
    const refineGerman = (message: string) =>
      refineState({
        state: inGerman,
        message,
        correction: false,
        taxonomy,
        findDataset: () => null,
      });
    expect(
      refineGerman('I had German on the brain from another project, the language is Japanese')
        .constraints.language?.value,
    ).toBe('Japanese');
    expect(refineGerman('German or Japanese, either works').constraints.language?.value).toBe(
      'German, Japanese',
    );
    expect(refineGerman('in Japanese instead').constraints.language?.value).toBe('Japanese');
  });

  it('keeps searching for the kind of data a replaced task named', () => {
    const sounds: DialogueState = {
      ...emptyDialogueState(),
      request: 'environmental sound datasets for an audio classifier',
      constraints: {
        task: { value: 'audio classifier', source: 'request' },
        modality: { value: 'Audio', source: 'request' },
      },
    };
    const refined = refine('we do event detection over time', sounds);
    expect(refined.constraints.task?.value).toBe('event detection');
    expect(refined.dropped).toContain('classifier');
    expect(refined.dropped).not.toContain('audio');
  });

  it('lifts an earlier exclusion that a correction now asks for', () => {
    const ruledOut = { ...state, excluded: ['synthetic', 'news'] };
    const corrected = refineState({
      state: ruledOut,
      message: 'had that backwards: I want synthetic recordings',
      correction: true,
      taxonomy,
      findDataset: () => null,
    });
    expect(corrected.excluded).toEqual(['news']);
    expect(corrected.focus.join(' ')).toContain('synthetic');
    // Taken back in other words: what was said about it is ignored, or it is fine now.
    for (const message of [
      'ignore what I said about no synthetic data, I want the big pretraining sets first',
      'synthetic is fine after all',
    ]) {
      const allowed = refine(message, ruledOut);
      expect(allowed.excluded, message).toEqual(['news']);
    }
    // Allowing one thing lifts no other exclusion.
    expect(refine('English is fine', ruledOut).excluded).toEqual(['synthetic', 'news']);
  });

  it('reads a correction in the language of the whole message, and no task from a ruled-out phrase', () => {
    const graphs: DialogueState = {
      ...emptyDialogueState(),
      request: 'node classification benchmarks for GNNs',
      constraints: {
        task: { value: 'node classification', source: 'request' },
        modality: { value: 'Graph', source: 'request' },
      },
    };
    // What is left after "I wrote …, but I need" is too short to tell its language on its own.
    const corrected = refineState({
      state: graphs,
      message:
        'wait, I wrote node classification but I need graph classification (one label per graph)',
      correction: true,
      taxonomy: createTaskTaxonomy(['Graph Classification', 'Node Classification']),
      findDataset: () => null,
    });
    expect(corrected.constraints.task?.value).toBe('graph classification');
    expect(corrected.dropped).toContain('node');
    // "BLEU" would say machine translation; said as what is not wanted, it says no task.
    const code: DialogueState = {
      ...emptyDialogueState(),
      request: 'benchmarks to evaluate code generation models',
      constraints: { task: { value: 'code generation', source: 'request' } },
    };
    const refined = refineState({
      state: code,
      message: 'checked by running unit tests, not by BLEU against a reference',
      correction: false,
      taxonomy,
      findDataset: () => null,
    });
    expect(refined.constraints.task?.value).toBe('code generation');
  });

  it('keeps a standing task that a broader one or a bare verb would replace', () => {
    const segmentation: DialogueState = {
      ...state,
      request: 'semantic segmentation of indoor scenes',
      constraints: { task: { value: 'semantic segmentation', source: 'request' } },
    };
    const correct = (message: string) =>
      refineState({
        state: segmentation,
        message,
        correction: true,
        taxonomy: createTaskTaxonomy(['Semantic Segmentation', 'Object Detection']),
        findDataset: () => null,
      }).constraints.task?.value;
    expect(correct('outdoors off-road. So: segmentation of unstructured terrain')).toBe(
      'semantic segmentation',
    );
    expect(correct('given a review sentence, predict the polarity toward an aspect')).toBe(
      'semantic segmentation',
    );
    expect(correct('only ones where answering needs reasoning over 2 documents')).toBe(
      'semantic segmentation',
    );
    expect(correct('object detection rather than segmentation')).toBe('object detection');
    // One word the request already said refers back to it ("the dialogues need to be …").
    const recommendation: DialogueState = {
      ...state,
      request:
        'conversational recommendation datasets: dialogues where one person recommends movies',
      constraints: { task: { value: 'conversational recommendation', source: 'request' } },
    };
    const refined = refineState({
      state: recommendation,
      message: 'small fix: the dialogues need to be in Chinese',
      correction: true,
      taxonomy: createTaskTaxonomy(['Conversational Recommendation', 'Dialogue Generation']),
      findDataset: () => null,
    });
    expect(refined.constraints.task?.value).toBe('conversational recommendation');
    expect(refined.constraints.language?.value).toBe('Chinese');
  });

  it('rules out no kind of data that the request stands on, when a description was cut short', () => {
    const images: DialogueState = {
      ...state,
      request: 'semantic segmentation datasets for urban driving scenes',
      constraints: {
        task: { value: 'semantic segmentation', source: 'request' },
        modality: { value: 'Image', source: 'request' },
      },
    };
    const refined = refineState({
      state: images,
      message: 'real photos please, not clear images with fog rendered on top',
      correction: false,
      taxonomy,
      findDataset: () => null,
    });
    expect(refined.excluded).not.toContain('images');
  });

  it("leaves the person's circumstances out of what a refinement asks for", () => {
    const refined = refine(
      'environmental sounds. my collaborator is in Hanoi, and we are building this for a mobile app',
    );
    expect(refined.focus.join(' ')).toMatch(/environmental sounds/);
    expect(refined.focus.join(' ')).not.toMatch(/Hanoi|collaborator|mobile|app/);
  });
});

describe('a sensor named in a refinement', () => {
  const hyperspectral: DialogueState = {
    ...emptyDialogueState(),
    request: 'hyperspectral aerial images for land cover classification',
    constraints: {
      task: { value: 'land cover classification', source: 'request' },
      modality: { value: 'Image', source: 'request' },
    },
  };

  it('keeps the images asked for when the sensor is what takes them', () => {
    const refined = refine('only ones captured by the ROSIS sensor please', hyperspectral);
    expect(refined.constraints.modality?.value).toBe('Image');
    expect(refined.dropped).not.toContain('images');
  });

  it('turns to sensor readings when the refinement asks for the readings', () => {
    const refined = refine('actually I need the raw accelerometer signals from the sensor', {
      ...hyperspectral,
      constraints: { modality: { value: 'Image', source: 'request' } },
    });
    expect(refined.constraints.modality?.value).toBe('Time series');
  });
});

describe('a widening said in the words of the slots', () => {
  const sarcasm: DialogueState = {
    ...emptyDialogueState(),
    request: 'datasets for detecting sarcasm in tweets',
    constraints: {
      task: { value: 'sarcasm detection', source: 'request' },
      domain: { value: 'Social media', source: 'request' },
    },
  };

  it('takes back what it lifts and puts nothing first by the wider scope', () => {
    const refined = refine(
      "actually it doesn't have to be twitter, any short social media posts work",
      sarcasm,
    );
    expect(refined.dropped).toContain('twitter');
    expect(refined.focus).toEqual([]);
    expect(refined.required).toEqual([]);
    expect(refined.constraints.task?.value).toBe('sarcasm detection');
  });

  it('keeps a phrase that asks for more than the slots say', () => {
    const refined = refine(
      "it doesn't have to be twitter, any posts with emoji annotations work",
      sarcasm,
    );
    expect(refined.focus.join(' ')).toContain('emoji');
  });
});
