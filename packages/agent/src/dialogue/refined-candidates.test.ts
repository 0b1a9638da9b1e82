import { describe, expect, it } from 'vitest';
import { datasetWithDefaults } from '@quarry/core';
import { emptyDialogueState } from '../dialogue-state.js';
import {
  createCatalogTerms,
  kindFamily,
  orderByRefinements,
  phraseSaid,
} from './refined-candidates.js';

const catalog = new Map(
  [
    ['tagger-news', 'Entity tags on newswire articles.'],
    ['tagger-disease', 'Entity tags of disease mentions in abstracts.'],
    ['tagger-clinical', 'Entity tags in clinical notes.'],
  ].map(([id, description]) => [
    id ?? '',
    datasetWithDefaults({ id: id ?? '', description: description ?? '', source: 'pwc' }),
  ]),
);

/** The catalog and the agent's ordering settings every case here orders with. */
const orderingOver = {
  catalog,
  terms: createCatalogTerms(catalog),
  focusShare: 0.5,
  strictFocusShare: 0.6,
  requiredFillShare: 0.4,
  requiredMinimum: 5,
  focusPool: 20,
  sizeWindow: 10,
};

/** A catalog of datasets by id, each with its description and catalog size (or none). */
function sizedCatalog(rows: [string, string, string | null][]) {
  return new Map(
    rows.map(([id, description, size]) => [
      id,
      datasetWithDefaults({ id, description, size, source: 'pwc' }),
    ]),
  );
}

describe('ordering by refinements', () => {
  it('keeps, for a phrase of alternatives, every dataset saying one of them', () => {
    const ordered = orderByRefinements({
      ranked: [...catalog.keys()].map((datasetId) => ({ datasetId })),
      state: {
        ...emptyDialogueState(),
        focus: ['medical/clinical/disease'],
        required: ['medical/clinical/disease'],
      },
      ...orderingOver,
    });
    expect(ordered.map((item) => item.datasetId).sort()).toEqual([
      'tagger-clinical',
      'tagger-disease',
    ]);
  });

  it('rules out a phrase of alternatives by any of them', () => {
    const ordered = orderByRefinements({
      // Ranked with the news tagger last: what is ruled out goes after it.
      ranked: [...catalog.keys()].reverse().map((datasetId) => ({ datasetId })),
      state: { ...emptyDialogueState(), excluded: ['medical/clinical/disease'] },
      ...orderingOver,
    });
    expect(ordered.map((item) => item.datasetId)[0]).toBe('tagger-news');
  });

  it('moves up, beside those saying the focus, a dataset close to it in meaning', () => {
    const ranked = ['tagger-news', 'tagger-clinical', 'tagger-disease'].map((datasetId) => ({
      datasetId,
    }));
    const state = { ...emptyDialogueState(), focus: ['patient records'] };
    // Nobody says "patient records": by the words alone the recommender's order stands.
    expect(
      orderByRefinements({ ranked, state, ...orderingOver }).map((item) => item.datasetId),
    ).toEqual(['tagger-news', 'tagger-clinical', 'tagger-disease']);
    const meaning = new Map([
      [
        'patient records',
        new Map([
          ['tagger-news', 0.1],
          ['tagger-clinical', 0.6],
          ['tagger-disease', 0.2],
        ]),
      ],
    ]);
    const byMeaning = orderByRefinements({
      ranked,
      state,
      meaning,
      meaningWeight: 1,
      ...orderingOver,
    });
    expect(byMeaning.map((item) => item.datasetId)).toEqual([
      'tagger-clinical',
      'tagger-news',
      'tagger-disease',
    ]);
    // At weight 0 the closeness is not read.
    expect(
      orderByRefinements({ ranked, state, meaning, meaningWeight: 0, ...orderingOver }).map(
        (item) => item.datasetId,
      ),
    ).toEqual(['tagger-news', 'tagger-clinical', 'tagger-disease']);
  });

  it('puts kinds of data in families by their label or a word of it', () => {
    expect(kindFamily('Speech')).toBe('audio');
    expect(kindFamily('speech audio')).toBe('audio');
    expect(kindFamily('Images')).toBe('image');
    expect(kindFamily('Tabular')).toBe('tabular');
  });

  it('rules out a kind of data by the kinds declared, not by a word in the description', () => {
    const kinds = new Map(
      [
        ['talk-moods', 'Spoken dialogues with text transcripts, labelled with moods.', ['Audio']],
        ['post-moods', 'Forum posts labelled with moods.', ['Text']],
        ['rendered-moods', 'Rendered speech clips of moods.', ['Audio']],
      ].map(([id, description, modalities]) => [
        String(id),
        datasetWithDefaults({
          id: String(id),
          description: String(description),
          modalities: [...(modalities ?? [])],
          source: 'pwc',
        }),
      ]),
    );
    const order = (excluded: string[]) =>
      orderByRefinements({
        ranked: [...kinds.keys()].map((datasetId) => ({ datasetId })),
        state: { ...emptyDialogueState(), excluded },
        catalog: kinds,
        terms: createCatalogTerms(kinds),
        focusShare: 0.5,
        strictFocusShare: 0.6,
        requiredFillShare: 0.4,
        requiredMinimum: 5,
        focusPool: 20,
        sizeWindow: 10,
      }).map((item) => item.datasetId);
    // "not text": the text dataset goes last, not the audio one whose description says "text".
    expect(order(['text'])).toEqual(['talk-moods', 'rendered-moods', 'post-moods']);
    // A phrase with other words is said in words ("text transcripts") or by the kinds alone.
    expect(order(['text transcripts'])).toEqual(['rendered-moods', 'talk-moods', 'post-moods']);
    // A kind qualified by the words before it ("rendered speech") rules out that sort of it only.
    expect(order(['rendered speech'])).toEqual(['talk-moods', 'post-moods', 'rendered-moods']);
    // …and only where its words stand together: talk-moods says "Spoken" and "text" apart.
    expect(order(['spoken text'])).toEqual(['talk-moods', 'post-moods', 'rendered-moods']);
  });

  it("reads a dataset's terms from the title of the paper that introduced it too", () => {
    const texts = new Map([
      [
        'curves',
        datasetWithDefaults({
          id: 'curves',
          description: 'Images with horizontal and curved text instances.',
          paperTitle: 'A Comprehensive Dataset for Scene Text Detection',
          source: 'pwc',
        }),
      ],
    ]);
    const own = createCatalogTerms(texts).termsOf('curves');
    expect(['scene', 'scene_text'].every((term) => own.has(term))).toBe(true);
  });

  it('rules out synthetic data by any word descriptions use for it', () => {
    const flows = new Map(
      [
        ['street-flow', 'Optical flow from a car driving through a city.'],
        ['movie-flow', 'Optical flow on synthesized frames of an animated film.'],
        ['drone-flow', 'Optical flow from a simulated drone flying over terrain.'],
        ['chair-flow', 'Optical flow of flying chairs.'],
        ['robot-flow', 'Optical flow recorded in a robot simulator.'],
        ['phone-flow', 'Real-world optical flow from phones, harder than the synthetic sets.'],
        [
          'game-flow',
          'Synthetic optical flow from a game engine; a real-world part is sold apart.',
        ],
      ].map(([id, description]) => [
        String(id),
        datasetWithDefaults({ id: String(id), description: String(description), source: 'pwc' }),
      ]),
    );
    const order = (excluded: string[]) =>
      orderByRefinements({
        ranked: [...flows.keys()].reverse().map((datasetId) => ({ datasetId })),
        state: { ...emptyDialogueState(), excluded },
        ...orderingOver,
        catalog: flows,
        terms: createCatalogTerms(flows),
      }).map((item) => item.datasetId);
    // A dataset that calls its data real first is not ruled out for naming synthetic data after.
    expect(order(['synthetic renderings'])).toEqual([
      'phone-flow',
      'chair-flow',
      'street-flow',
      'game-flow',
      'robot-flow',
      'drone-flow',
      'movie-flow',
    ]);
    // "not simulator benchmarks": a simulator is synthetic data too.
    expect(order(['simulator benchmarks']).slice(0, 3)).toEqual([
      'phone-flow',
      'chair-flow',
      'street-flow',
    ]);
    // A phrase saying more than the property is ruled out by its own words.
    expect(order(['synthetic chairs'])).toEqual([
      'game-flow',
      'phone-flow',
      'robot-flow',
      'chair-flow',
      'drone-flow',
      'movie-flow',
      'street-flow',
    ]);
  });

  it('keeps, for a required phrase, a dataset holding all its words apart as well as together', () => {
    const lines = new Map(
      [
        ['pen-strokes', 'Handwritten text as pen strokes.'],
        ['line-scans', 'Scans of handwritten lines of text by many writers.'],
        ['receipts', 'Scanned receipts with printed text.'],
      ].map(([id, description]) => [
        String(id),
        datasetWithDefaults({ id: String(id), description: String(description), source: 'pwc' }),
      ]),
    );
    const kept = orderByRefinements({
      ranked: [...lines.keys()].map((datasetId) => ({ datasetId })),
      state: {
        ...emptyDialogueState(),
        focus: ['handwritten text'],
        required: ['handwritten text'],
      },
      catalog: lines,
      terms: createCatalogTerms(lines),
      focusShare: 0.5,
      strictFocusShare: 0.6,
      requiredFillShare: 0.4,
      requiredMinimum: 5,
      focusPool: 20,
      sizeWindow: 10,
    }).map((item) => item.datasetId);
    expect(kept).toEqual(['pen-strokes', 'line-scans']);
  });

  it('fills a reply, after a long required phrase few say, with those saying a good part of it', () => {
    const sets = new Map(
      [
        [
          'piano-notes',
          'Piano recordings aligned with note events for automatic music transcription.',
        ],
        ['guitar-notes', 'Guitar recordings with note events for automatic transcription.'],
        ['drum-hits', 'Drum performances with onset annotations.'],
        ['genres', 'Songs labelled with their genre.'],
      ].map(([id, description]) => [
        String(id),
        datasetWithDefaults({ id: String(id), description: String(description), source: 'pwc' }),
      ]),
    );
    const phrase = 'automatic music transcription audio note events piano instruments';
    const order = (requiredMinimum: number) =>
      orderByRefinements({
        ranked: [...sets.keys()].map((datasetId) => ({ datasetId })),
        state: { ...emptyDialogueState(), focus: [phrase], required: [phrase] },
        catalog: sets,
        terms: createCatalogTerms(sets),
        focusShare: 0.5,
        strictFocusShare: 0.6,
        requiredFillShare: 0.2,
        requiredMinimum,
        focusPool: 20,
        sizeWindow: 10,
      }).map((item) => item.datasetId);
    expect(order(1)).toEqual(['piano-notes']);
    // The guitar set says part of it and fills the reply; the genre set says none of it.
    expect(order(5)).toEqual(['piano-notes', 'guitar-notes']);
  });

  it('keeps, for a required phrase, a dataset as close in meaning as the closest one', () => {
    const papers = new Map(
      [
        ['articles', 'Summaries of scientific articles.'],
        ['papers', 'Short summaries of research papers.'],
        ['news', 'Summaries of news stories.'],
      ].map(([id, description]) => [
        String(id),
        datasetWithDefaults({ id: String(id), description: String(description), source: 'pwc' }),
      ]),
    );
    const phrase = 'scientific articles';
    // The closeness in meaning an encoder would measure: the research papers close, news far.
    const meaning = new Map([
      [
        phrase,
        new Map([
          ['articles', 0.8],
          ['papers', 0.76],
          ['news', 0.4],
        ]),
      ],
    ]);
    const order = (requiredMeaningShare: number) =>
      orderByRefinements({
        ranked: [...papers.keys()].map((datasetId) => ({ datasetId })),
        state: { ...emptyDialogueState(), focus: [phrase], required: [phrase] },
        ...orderingOver,
        catalog: papers,
        terms: createCatalogTerms(papers),
        requiredMinimum: 1,
        meaning,
        requiredMeaningShare,
      }).map((item) => item.datasetId);
    expect(order(0.9)).toEqual(['articles', 'papers']);
    // Words only: the research papers say neither word.
    expect(order(2)).toEqual(['articles']);
  });

  it('leaves out datasets of a known size out of bounds and keeps the rest in their order', () => {
    const sized = sizedCatalog([
      ['birds-a', 'Photos of bird species.', null],
      ['generic-big', 'Photos of everyday objects.', '1,000,000 images'],
      ['birds-small', 'Photos of rare bird species.', '500 images'],
      ['birds-b', 'Photos of bird species from citizen scientists.', null],
      ['birds-big', 'Photos of North American bird species.', '48,000 images'],
    ]);
    const order = orderByRefinements({
      ranked: [...sized.keys()].map((datasetId) => ({ datasetId })),
      state: { ...emptyDialogueState(), size: { order: null, min: 11_789, max: null } },
      ...orderingOver,
      catalog: sized,
      terms: createCatalogTerms(sized),
    }).map((item) => item.datasetId);
    // The small one goes; a known size puts no dataset before a more relevant one of unknown size.
    expect(order).toEqual(['birds-a', 'generic-big', 'birds-b', 'birds-big']);
  });

  it('orders bigger first only among the places of datasets of a known size', () => {
    const sized = sizedCatalog([
      ['galaxies-a', 'Images of galaxies labelled by shape.', null],
      ['objects-small', 'Photos of everyday objects.', '60,000 images'],
      ['galaxies-b', 'Galaxy images from a sky survey.', null],
      ['objects-big', 'Photos of everyday objects in scenes.', '1,000,000 images'],
    ]);
    const order = orderByRefinements({
      ranked: [...sized.keys()].map((datasetId) => ({ datasetId })),
      state: { ...emptyDialogueState(), size: { order: 'larger', min: null, max: null } },
      ...orderingOver,
      catalog: sized,
      terms: createCatalogTerms(sized),
    }).map((item) => item.datasetId);
    // The galaxy sets of unknown size keep their places; the two known sizes swap.
    expect(order).toEqual(['galaxies-a', 'objects-big', 'galaxies-b', 'objects-small']);
  });

  it('counts a hyphenated word once: its parts and their pair, or its joined form', () => {
    const terms = { termsOf: () => new Set<string>(), rarity: () => 1 };
    const said = (phrase: string, own: string[]) =>
      phraseSaid({ phrase, own: new Set(own), terms });
    expect(said('code-switched', ['code', 'switch', 'code_switch', 'codeswitch'])).toBe(3);
    expect(said('code-switched', ['codeswitch'])).toBe(1);
    // The catalog pairs the joined form with the next word; each term counts once.
    expect(said('code-switched tweets tweets', ['codeswitch', 'codeswitch_tweet', 'tweet'])).toBe(
      3,
    );
  });

  it('weighs alternatives alike: a short one said whole keeps up with a long one said whole', () => {
    const shots = new Map(
      [
        ['drone', 'Drone footage of crossings.'],
        ['birdseye', "Bird's-eye footage of roundabouts."],
        ['dashcam', 'Street footage from a car.'],
      ].map(([id, description]) => [
        id ?? '',
        datasetWithDefaults({ id: id ?? '', description: description ?? '', source: 'pwc' }),
      ]),
    );
    const ordered = orderByRefinements({
      ranked: [...shots.keys()].map((datasetId) => ({ datasetId })),
      state: {
        ...emptyDialogueState(),
        focus: ["drone / bird's-eye footage sites"],
        required: ["drone / bird's-eye footage sites"],
      },
      ...orderingOver,
      catalog: shots,
      terms: createCatalogTerms(shots),
    });
    expect(ordered.map((item) => item.datasetId).sort()).toEqual(['birdseye', 'drone']);
  });
});
