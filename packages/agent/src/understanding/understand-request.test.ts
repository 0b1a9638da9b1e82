import { describe, expect, it } from 'vitest';
import { extractConstraints } from '../constraint-extraction.js';
import { createTaskTaxonomy } from '../task-taxonomy.js';
import { detectMessageLanguage } from './message-language.js';
import { understandRequest } from './understand-request.js';

/** Requests written for this test, one per language: the task, and the data language where stated. */
const requests = [
  {
    language: 'es',
    text: 'Quiero hacer reconocimiento de entidades nombradas en textos en español',
    task: 'named entity recognition',
    data: 'Spanish',
  },
  {
    language: 'fr',
    text: "Je cherche des données pour la classification d'images médicales",
    task: 'image classification',
    data: null,
  },
  {
    language: 'de',
    text: 'Ich brauche Daten für die maschinelle Übersetzung von Englisch nach Deutsch',
    task: 'machine translation',
    // A language pair: both languages will do.
    data: 'English, German',
  },
  {
    language: 'pt',
    text: 'Preciso de dados para análise de sentimento em tweets',
    task: 'sentiment analysis',
    data: null,
  },
  {
    language: 'it',
    text: 'Vorrei dei dati per il riconoscimento vocale in italiano',
    task: 'speech recognition',
    data: 'Italian',
  },
  {
    language: 'es',
    // "automático" between the words of the phrase.
    text: 'Hola, busco datasets de reconocimiento automático de voz',
    task: 'speech recognition',
    data: null,
  },
  {
    language: 'tr',
    text: 'Türkçe metinler için duygu analizi verisi istiyorum',
    task: 'sentiment analysis',
    data: 'Turkish',
  },
  {
    language: 'zh',
    text: '我想做中文的命名实体识别',
    task: 'named entity recognition',
    data: 'Chinese',
  },
  {
    language: 'ja',
    text: '英語の質問応答のデータセットを探しています',
    task: 'question answering',
    data: 'English',
  },
  {
    language: 'ko',
    text: '한국어 텍스트 분류 데이터가 필요합니다',
    task: 'text classification',
    data: 'Korean',
  },
  {
    language: 'ar',
    text: 'أبحث عن بيانات لتحليل المشاعر في التغريدات العربية',
    task: 'sentiment analysis',
    data: 'Arabic',
  },
  {
    language: 'ru',
    text: 'Нужны данные для распознавания речи на русском языке',
    task: 'speech recognition',
    data: 'Russian',
  },
  {
    language: 'hi',
    text: 'मुझे हिंदी में मशीनी अनुवाद के लिए डेटा चाहिए',
    task: 'machine translation',
    data: 'Hindi',
  },
] as const;

/** Catalog-style task names, as the agent's taxonomy gets them from the catalog. */
const taxonomy = createTaskTaxonomy(['Sentiment Analysis', 'Named Entity Recognition']);

describe('understanding a request in any of twelve languages', () => {
  it.each(requests)(
    '$language: detects the language, the task and only a stated data language',
    (request) => {
      expect(detectMessageLanguage(request.text)).toBe(request.language);
      const understood = understandRequest(request.text);
      expect(understood.concepts.find((concept) => concept.kind === 'task')?.english).toBe(
        request.task,
      );
      const constraints = extractConstraints(understood.text, { taxonomy });
      expect(constraints.task).toBeDefined();
      if (request.data === null) expect(constraints.language).toBeUndefined();
      else expect(constraints.language?.value).toBe(request.data);
    },
  );

  it("reads a Latin-script message by its own language's terms, language names by any", () => {
    const kinds = (message: string) =>
      understandRequest(message).concepts.map((concept) => concept.english);
    // Portuguese "vocês" is no Italian "voce"; Italian "a parole" is "in words", not speech.
    expect(kinds('Que bases públicas de imagens de dermatoscopia vocês indicam?')).not.toContain(
      'speech audio',
    );
    expect(
      kinds('Voglio valutare un modello linguistico su problemi matematici a parole'),
    ).not.toContain('speech audio');
    expect(kinds('Je cherche des enregistrements de parole')).toContain('speech audio');
    // A short message names its data's language in any language's word.
    expect(understandRequest("Il faut qu'il soit en français").concepts).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'language' })]),
    );
  });

  it('reads the word for datasets as a whole, never word by word', () => {
    // "jeux" alone is "games".
    expect(understandRequest('je cherche des jeux de données de résumé').english).not.toContain(
      'game',
    );
    expect(understandRequest('je cherche des jeux vidéo').english).toContain('game');
  });

  it('reads satellite imagery and speaker verification in other languages', () => {
    expect(understandRequest('Necesito imágenes satelitales de ciudades').english).toContain(
      'satellite',
    );
    expect(
      understandRequest('Procuro dados para verificação de locutor em entrevistas').english,
    ).toContain('speaker verification');
  });

  it('keeps the language a person writes in apart from the language of the data', () => {
    const french = extractConstraints(
      understandRequest('Je veux faire de la segmentation sémantique de scènes urbaines').text,
    );
    expect(french.language).toBeUndefined();
    const spanish = extractConstraints(
      understandRequest('análisis de sentimiento de reseñas en inglés').text,
    );
    expect(spanish.language?.value).toBe('English');
  });

  it('leaves an English request as it is unless a cue names the task', () => {
    // "audio", "video" and "sentiment" are words of other languages too, but English here.
    for (const english of [
      'speech recognition from audio recordings',
      'sentiment of video reviews',
    ]) {
      expect(understandRequest(english).text).toBe(english);
    }
    // A word inside a phrase already read is not glossed again ("reconnaissance": exploration).
    const entities = understandRequest(
      "Je cherche des données pour la reconnaissance d'entités nommées",
    );
    expect(entities.english).toEqual(['named entity recognition']);
    // A domain read in another language is searched for in any of its words.
    expect(
      understandRequest('Je cherche des jeux de données juridiques en français.').text,
    ).toMatch(/\blegal law court\b/);
    const plain = 'object detection in aerial images';
    expect(understandRequest(plain).text).toBe(plain);
    expect(detectMessageLanguage(plain)).toBe('en');
    // A message with no word that tells is in the conversation's language when one is given.
    expect(detectMessageLanguage('prefiero grabaciones telefónicas')).toBe('en');
    expect(detectMessageLanguage('prefiero grabaciones telefónicas', 'es')).toBe('es');
    expect(detectMessageLanguage('larger ones please', 'es')).toBe('en');
    // A part of a hyphenated word is no function word: "per-pixel" is not Italian "per".
    expect(detectMessageLanguage('One hard requirement though: per-pixel masks')).toBe('en');
    expect(detectMessageLanguage('maschere per pixel, per favore')).toBe('it');
    // Dutch and Polish name data languages; other languages name domains.
    expect(understandRequest('Het moet Vlaams of Nederlands zijn').concepts).toContainEqual({
      english: 'Dutch',
      kind: 'language',
    });
    expect(
      understandRequest('Potrzebuję nagrań po polsku, w języku polskim').concepts,
    ).toContainEqual({
      english: 'Polish',
      kind: 'language',
    });
    expect(understandRequest('Datos clínicos de hospitales, por favor').concepts).toContainEqual({
      english: 'medical',
      kind: 'domain',
    });
    // Specific tasks and kinds of data, Turkish dotless "ı" folded.
    expect(
      understandRequest('Kalabalık görüntülerde yüz tespiti yapmak istiyorum').concepts[0],
    ).toEqual({
      english: 'face detection',
      kind: 'task',
    });
    expect(understandRequest('Ik zoek tijdreeksen van sensoren').concepts).toContainEqual({
      english: 'time series',
      kind: 'modality',
    });
    expect(understandRequest('Cerco dati tabellari per la regressione').concepts).toEqual([
      { english: 'regression', kind: 'task' },
      { english: 'tabular', kind: 'modality' },
    ]);
    // In English the need lexicon reads domains: a stem of another language adds nothing.
    expect(understandRequest('clinical notes for coding').concepts).toEqual([]);
    // A short Italian follow-up without the request's function words is still Italian.
    expect(detectMessageLanguage('Va bene anche uno più piccolo, non importa')).toBe('it');
  });

  it('reads settings, metrics and benchmarks as tasks, and "hate speech" as text', () => {
    expect(understandRequest('the standard 5-way 1-shot benchmarks').cue?.task).toBe(
      'Few-Shot Learning',
    );
    expect(understandRequest('we report BLEU on news').cue?.task).toBe('Machine Translation');
    expect(understandRequest('ICU mortality from vital signs').cue?.task).toBe(
      'Mortality Prediction',
    );
    const hate = understandRequest('hate speech in Arabic tweets');
    const constraints = extractConstraints(hate.text, { cue: hate.cue });
    expect(constraints.modality?.value).toBe('Texts');
    expect(constraints.language?.value).toBe('Arabic');
  });

  it('reads learning settings, game playing and 3D objects as tasks, not as an open task', () => {
    const taskOf = (message: string) => understandRequest(message).cue?.task;
    expect(taskOf('an agent that learns to play video games from pixels')).toBe('Game Playing');
    expect(taskOf('a meta-learning method that adapts to a new task quickly')).toBe(
      'Meta-Learning',
    );
    expect(taskOf('robots that learn from demonstrations')).toBe('Imitation Learning');
    expect(taskOf('avoiding catastrophic forgetting across tasks')).toBe('Continual Learning');
    expect(taskOf('recovering 3D face shape from one photo')).toBe('3D Reconstruction');
    // Words near these cues that do not name a setting leave the task open.
    expect(taskOf('a model that plays a role in ranking')).toBeUndefined();
    expect(taskOf('deep learning on images')).toBeUndefined();
  });

  it('does not read "de" or "en" inside a sentence as a language code', () => {
    const constraints = extractConstraints(
      understandRequest('analyse de sentiments de tweets en français').text,
    );
    expect(constraints.language?.value).toBe('French');
  });
});
