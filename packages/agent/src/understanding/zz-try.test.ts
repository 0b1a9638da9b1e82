import { it } from 'vitest';
import { translateToEnglish } from './bilingual-lexicon.js';
const cases: [string, string][] = [
  ['es', 'detección de objetos en vídeos'],
  ['es', 'Busco un conjunto de datos de imágenes médicas con preguntas y respuestas'],
  ['es', 'reconocimiento de voz en español'],
  ['fr', 'reconnaissance de la parole'],
  ['fr', 'je cherche des images de visages et des voitures pour la traduction'],
  ['de', 'Spracherkennung'],
  ['de', 'Datensätze für Objekterkennung in Videos und Bildklassifikation'],
  ['de', 'Ich suche Bilder von Gesichtern für Gesichtserkennung'],
  ['ja', '音声認識のデータセット'],
  ['ja', '画像分類と物体検出のためのデータ'],
  ['ja', '機械翻訳のコーパスが欲しい'],
  ['pt', 'reconhecimento de fala com imagens e textos'],
  ['pt', 'tradução automática de perguntas e respostas'],
  ['it', 'immagini di volti e traduzione di domande'],
  ['nl', 'spraakherkenning en afbeeldingen van gezichten'],
  ['nl', 'vertaling van vragen en antwoorden'],
  ['pl', 'rozpoznawanie mowy i obrazy twarzy'],
  ['pl', 'tłumaczenie maszynowe pytań i odpowiedzi'],
  ['tr', 'ses tanıma ve yüz resimleri için veri'],
  ['tr', 'soru cevap verileri'],
  ['ar', 'بيانات الصور والترجمة الآلية'],
  ['ar', 'التعرف على الكلام وصور الوجوه'],
];
it('prints', () => {
  for (const [language, text] of cases) console.log(language, text, JSON.stringify(translateToEnglish({ text, language: language as 'es' })));
  for (const language of ['es','fr','de','pt','it','nl','pl','tr'] as const) for (const text of ['object detection datasets with images and videos', 'speech recognition corpus for machine translation', 'I need a dataset of medical images for segmentation', 'question answering over tables and text']) console.log('EN', language, text, JSON.stringify(translateToEnglish({ text, language })));
});
