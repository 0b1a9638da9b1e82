import { describe, expect, it } from 'vitest';
import { readRefinement } from './read-refinement.js';

describe('reading a refinement', () => {
  it('reads year bounds and their widening', () => {
    expect(readRefinement('only ones released after 2018')).toMatchObject({
      yearMin: 2019,
      focus: '',
    });
    expect(readRefinement('2020 or later please').yearMin).toBe(2020);
    expect(readRefinement('from 2019 onwards').yearMin).toBe(2019);
    expect(readRefinement('only ones from before 2015').yearMax).toBe(2014);
    expect(readRefinement('up to 2012').yearMax).toBe(2012);
    expect(readRefinement('older ones are fine too')).toMatchObject({ yearMin: null });
    expect(readRefinement('any year is fine')).toMatchObject({ yearMin: null, yearMax: null });
  });

  it('takes back what a "forget the X part" names, and rules out "no X"', () => {
    const forget = readRefinement('forget the Dutch part, any language is fine');
    expect(forget.dropped).toEqual(['dutch']);
    expect(forget.droppedSlots).toEqual(['language']);
    expect(forget.focus).toBe('');
    expect(readRefinement('no synthetic data please').excluded).toEqual(['synthetic']);
    // Captured data only rules synthetic data out and asks for no words.
    for (const message of [
      'no synthetic ones, real photos only',
      'only real-world footage please',
      'it has to be real data',
    ]) {
      const refinement = readRefinement(message);
      expect(refinement.excluded, message).toEqual(['synthetic']);
      expect(refinement.focus, message).toBe('');
    }
    // Real what the request asks for is a wish ("real clinical text": notes, not abstracts).
    expect(readRefinement('it has to be real clinical text, not abstracts').excluded).toEqual([
      'abstracts',
    ]);
    // Without "only", real-world images are a wish.
    expect(readRefinement('real-world images would be good').focus).toBe('real-world images');
    // What was said before about a phrase, taken back, rules nothing out and asks for nothing.
    const recalled = readRefinement(
      'ignore what I said about no synthetic data. it is for pretraining',
    );
    expect(recalled.excluded).toEqual([]);
    expect(recalled.lifted).toEqual(['synthetic']);
    expect(recalled.focus).toBe('pretraining');
    // "other sources" beside a ruled-out phrase asks for nothing more.
    expect(readRefinement('not Wikipedia again, I want other sources').focus).toBe('');
  });

  it('reads a size with its unit, and limited compute as smaller, leaving the focus empty', () => {
    expect(readRefinement('under 20k rows please')).toMatchObject({
      size: { order: null, min: null, max: 20000 },
      focus: '',
    });
    // Laptops as what the data is about are no compute limit.
    expect(readRefinement('restaurant reviews only, not laptops.').excluded).toEqual(['laptops']);
    expect(readRefinement('it must run on my laptop')).toMatchObject({
      size: { order: 'smaller' },
      focus: 'run',
    });
    expect(readRefinement('smaller ones, it should train in an hour on a CPU')).toMatchObject({
      size: { order: 'smaller' },
      focus: '',
    });
    expect(readRefinement('my machine is old, sepsis records only').size?.order).toBe('smaller');
    // GPUs counted are not a limit.
    expect(readRefinement('we have 8 GPUs, bird audio only').size).toBeUndefined();
  });

  it('keeps apology, typo and intensifier words out of the focus', () => {
    expect(readRefinement('oops, typo: the classics please').focus).toBe('');
    expect(readRefinement('way smaller, with bird calls').focus).toBe('bird calls');
    expect(readRefinement('any corpus, as long as it is sung').focus).toBe('sung');
    // Words about the conversation, not the data.
    expect(
      readRefinement('the year restriction was dumb, reviewers will want the classics anyway')
        .focus,
    ).toBe('');
    expect(
      readRefinement(
        'Sorry, I pasted that from a previous proposal. Important detail: retinal photos',
      ).focus,
    ).toBe('retinal photos');
  });

  it('reads year bounds and "any language" in other languages', () => {
    expect(readRefinement('solo los posteriores a 2018').yearMin).toBe(2018);
    expect(readRefinement('nur Datensätze nach 2019').yearMin).toBe(2019);
    expect(readRefinement('2018年以降のデータ').yearMin).toBe(2018);
    expect(readRefinement('2015년 이전').yearMax).toBe(2014);
    expect(readRefinement('فقط بعد عام 2019').yearMin).toBe(2019);
    expect(readRefinement('только после 2017 года').yearMin).toBe(2017);
    expect(readRefinement('только до 2012 года').yearMax).toBe(2011);
    expect(readRefinement('cualquier idioma está bien').droppedSlots).toEqual(['language']);
    expect(readRefinement('任何语言都可以').droppedSlots).toEqual(['language']);
  });

  it('keeps what is asked for as the focus, hyphens included, and says when it is all', () => {
    expect(readRefinement('only MRI please')).toMatchObject({ focus: 'MRI', strict: true });
    expect(readRefinement('actually i need multi-agent').focus).toBe('multi-agent');
    expect(readRefinement('online simulators are fine too').strict).toBe(false);
    // A wish is preferred, not required.
    expect(readRefinement('with depth if possible')).toMatchObject({
      focus: 'depth',
      strict: false,
    });
    expect(readRefinement('in-the-wild recordings are a plus').strict).toBe(false);
    expect(readRefinement('preferably with captions').strict).toBe(false);
    expect(readRefinement('highway work, so mostly lane boundaries').strict).toBe(false);
    expect(readRefinement('translated from English is acceptable')).toMatchObject({
      focus: 'translated English',
      strict: false,
    });
    // Consent asks for nothing.
    expect(readRefinement('sure, go ahead').focus).toBe('');
  });

  it('reads ruled-out, taken-back and dropped slots', () => {
    const ruled = readRefinement('blood vessels in retinal images, not roads');
    expect(ruled.excluded).toEqual(['roads']);
    expect(ruled.focus).toBe('blood vessels retinal images');
    expect(readRefinement('swap movies for books please')).toMatchObject({
      excluded: ['movies'],
      focus: 'books',
    });
    const widened = readRefinement("doesn't have to be medical, any language is fine");
    expect(widened.dropped).toEqual(['medical']);
    expect(widened.droppedSlots).toEqual(['language']);
    expect(widened.strict).toBe(false);
    // The qualifier is taken back; the head noun is still what the person works on.
    expect(readRefinement("doesn't need to be Brazilian food, any cuisine is ok").dropped).toEqual([
      'brazilian',
    ]);
    expect(readRefinement("if there's nothing in Spanish, any language is fine").focus).toBe('');
  });

  it('reads bigger, smaller and size bounds, never a year as a size', () => {
    expect(readRefinement('something bigger please').size).toEqual({
      order: 'larger',
      min: null,
      max: null,
    });
    expect(readRefinement('smaller ones').size?.order).toBe('smaller');
    expect(readRefinement('needs at least 100k images').size).toEqual({
      order: null,
      min: 100_000,
      max: null,
    });
    expect(readRefinement('under 1.5 million sentences').size?.max).toBe(1_500_000);
    expect(readRefinement('up to 2012').size).toBeUndefined();
    expect(readRefinement('any size is fine').size).toBeNull();
    // A size allowed lifts the size wish; a size asked for is one.
    expect(readRefinement('eh, bigger is fine too actually')).toMatchObject({
      size: null,
      focus: '',
    });
    expect(readRefinement('smaller ones would also be ok').size).toBeNull();
    expect(readRefinement('bigger please').size?.order).toBe('larger');
  });

  it('drops the year bounds with a recency requirement taken back', () => {
    const widened = readRefinement('Drop the egocentric and recency requirements, any video works');
    expect(widened.yearMin).toBeNull();
    expect(widened.dropped).toEqual(['egocentric', 'recency']);
    expect(readRefinement('drop the egocentric part').yearMin).toBeUndefined();
  });

  it('rules out what a dataset is built from or holds, however the exclusion is said', () => {
    const ruled = (message: string) => readRefinement(message).excluded;
    expect(ruled('not the one with handwritten labels')).toEqual(['handwritten labels']);
    expect(ruled('none of those built from forum posts')).toEqual(['forum posts']);
    expect(ruled('nothing from Mastodon please')).toEqual(['mastodon']);
    expect(ruled('anything but lyrics')).toEqual(['lyrics']);
    expect(ruled('skip anything rendered')).toEqual(['rendered']);
    expect(ruled('avoid synthesized data')).toEqual(['synthesized']);
    expect(ruled('not based on encyclopedia pages')).toEqual(['encyclopedia pages']);
    expect(ruled('leave out the ones scraped off forums')).toEqual(['forums']);
    expect(ruled('third-person clips are out')).toEqual(['third person clips']);
    expect(ruled("Python generation sets like HumanEval aren't what I'm after")).toEqual([
      'humaneval',
      'python generation',
    ]);
    expect(ruled("datasets like MovieLens won't help")).toEqual(['movielens']);
    expect(ruled("Vessel segmentation isn't the task either.")).toEqual(['vessel segmentation']);
    expect(ruled("Twitter data only; Reddit or YouTube comments don't fit")).toEqual([
      'reddit',
      'youtube comments',
    ]);
    // The end of a hyphenated word is no "swap Y" or "no Y".
    expect(ruled('detecting face-swap deepfake videos')).toEqual([]);
    expect(ruled('yes-no questions over images')).toEqual([]);
    expect(ruled('X-ray-only collections are useless to us')).toEqual(['x ray collections']);
    expect(ruled('nothing ImageNet-scale')).toEqual(['imagenet']);
    expect(ruled('no large-scale web crawls')).toEqual(['web crawls']);
    // Not enough by itself is not ruled out.
    expect(ruled("3D boxes alone don't help")).toEqual([]);
    expect(readRefinement("3D boxes alone don't help").dropped).toEqual([]);
    // What is ruled out is not asked for.
    expect(readRefinement('not that one with emojis').focus).toBe('');
    expect(readRefinement('not the one about boats, something with trains').focus).toBe('trains');
    // A phrase ruled out after a dash leaves what comes before it asked for.
    const rotated = readRefinement(
      "with oriented (rotated) bounding boxes - horizontal box-only datasets like xView or VisDrone won't work",
    );
    expect(rotated.focus).toBe('oriented rotated bounding boxes');
    expect(rotated.excluded).toEqual(expect.arrayContaining(['xview', 'visdrone']));
  });

  it('rules out "without" only for a kind of data', () => {
    expect(readRefinement('without video').excluded).toEqual(['video']);
    // "X of Y" is ruled out as "Y X": the words that qualify come first.
    expect(readRefinement('not over paragraphs of text').excluded).toEqual(['text paragraphs']);
    expect(readRefinement('without test leakage').excluded).toEqual([]);
  });

  it('ends a ruled-out phrase at a dash of any width', () => {
    for (const dash of ['-', '\u2013', '\u2014']) {
      const refinement = readRefinement(`not NER ${dash} relation extraction`);
      expect(refinement.excluded, dash).toEqual(['ner']);
      expect(refinement.focus, dash).toBe('relation extraction');
    }
  });

  it('keeps a slash between alternatives in the focus', () => {
    expect(
      readRefinement('only the ones with curved / arbitrary-shaped text, polygon annotations')
        .focus,
    ).toBe('curved / arbitrary-shaped text polygon');
    // Labels of some kind are said by the words before them.
    expect(readRefinement('I need aspect-level labels').focus).toBe('aspect-level');
    expect(readRefinement('only social/collaboration networks / please').focus).toBe(
      'social/collaboration networks',
    );
  });

  it('searches for no licence terms, which the catalog does not record', () => {
    expect(readRefinement("I'd prefer ones with a permissive licence such as CC-BY").focus).toBe(
      '',
    );
    expect(readRefinement('only CC-BY licensed ones with audio').focus).toBe('audio');
    // Ruled out, a licence still leaves out the datasets whose descriptions say it.
    expect(readRefinement('nothing with a non-commercial licence').excluded.length).toBeGreaterThan(
      0,
    );
  });

  it('asks for nothing with the words of "narrow it down to"', () => {
    expect(readRefinement('narrow it down to indoor scenes with depth').focus).toBe(
      'indoor scenes depth',
    );
  });

  it('reads an opening "ok" or "thanks" as an acknowledgement, not as a widening', () => {
    expect(readRefinement('ok and is there anything like that for video?').strict).toBe(true);
    expect(readRefinement('cool, thanks. only MRI').strict).toBe(true);
    expect(readRefinement('ok, older ones are fine too').strict).toBe(false);
    expect(readRefinement('video is ok').strict).toBe(false);
  });

  it('leaves what the data will train out of the focus ("to train a translation system")', () => {
    expect(
      readRefinement('I need sentence-aligned patent text to train a translation system.').focus,
    ).toBe('sentence-aligned patent text');
    expect(readRefinement('only clean vocals to train our separation model').focus).toBe(
      'clean vocals',
    );
  });

  it('reads "or" before a shared head word of a short focus as alternatives', () => {
    expect(readRefinement('only aerial or drone imagery').focus).toBe('aerial / drone imagery');
    // "or" between two tasks offers each as a whole, however long the focus.
    expect(
      readRefinement(
        'And for audio? Domain adaptation for speech recognition or sound event detection.',
      ).focus,
    ).toBe('audio adaptation speech recognition | sound event detection');
    expect(
      readRefinement('speech recordings or sound event detection in rooms').focus,
    ).not.toContain('|');
    expect(
      readRefinement('a mask of what was built or demolished between the two dates, in pairs')
        .focus,
    ).toBe('mask built demolished two pairs');
  });

  it('asks for nothing in a clause said to be of no interest or already covered', () => {
    const curved = readRefinement(
      "curved text only. horizontal-text sets aren't interesting for our method",
    );
    expect(curved.focus).toBe('curved text');
    expect(curved.excluded).toEqual(['horizontal text']);
    const social = readRefinement(
      'Restrict it to social networks. Molecules and proteins are already covered by another paper.',
    );
    expect(social.focus).toBe('social networks');
    expect(social.excluded).toEqual(['molecules proteins']);
    // Too long to rule out, still not asked for.
    expect(
      readRefinement(
        "grounded boxes. plain image-caption pairs from the web with no boxes won't help",
      ).focus,
    ).toBe('grounded boxes');
  });

  it('does not ask for how datasets were made ("built from"), only for what they hold', () => {
    expect(
      readRefinement('Only the ones built from scientific / research papers, please.').focus,
    ).toBe('scientific / research papers');
    expect(readRefinement('a mask of what was built or demolished').focus).toBe(
      'mask built demolished',
    );
  });

  it('drops a filler that ends a compound ("legal-domain")', () => {
    expect(readRefinement('just the legal-domain ones').focus).toBe('legal');
    // Words about releases and the person's related work ask for nothing.
    const recent = readRefinement(
      'And only recent releases please, 2020 onwards. The older ones are already in our related work.',
    );
    expect(recent.focus).toBe('');
    expect(recent.yearMin).toBe(2020);
    // "point" asks for nothing alone, but point clouds are a kind of data.
    expect(readRefinement('same kind of thing for point clouds').focus).toBe('point-clouds');
    expect(readRefinement('only state-of-the-art news-style data').focus).toBe(
      'state-of-the-art news-style',
    );
  });

  it('asks for nothing in what the work is for, the own method, or a long negated description', () => {
    expect(readRefinement("indoor scenes only please, it's for a home robot").focus).toBe(
      'indoor scenes',
    );
    expect(
      readRefinement("Context: we're building background replacement for video calls.").focus,
    ).toBe('');
    expect(readRefinement("we're prototyping a sorting robot, indoor scenes only").focus).toBe(
      'indoor scenes',
    );
    // What the person will do with the data says why too.
    expect(
      readRefinement('We want to redistribute some clips in a public demo, so only outdoor ones')
        .focus,
    ).toBe('outdoor');
    expect(readRefinement('our method targets real-world degradations').focus).toBe(
      'targets real-world degradations',
    );
    const long = readRefinement(
      'genuinely captured images, not synthetic bicubic downsampling of HR images',
    );
    expect(long.focus).toBe('genuinely captured images');
    expect(long.excluded).toEqual([]);
    const music = readRefinement(
      "E-commerce only. Music streaming sessions don't match our product.",
    );
    expect(music.focus).toBe('E-commerce');
    expect(music.excluded).toEqual(['music streaming sessions']);
  });
});
