/**
 * @module The multilingual vocabulary's kinds of data (images, texts, speech audio, videos …), as people
 * write them in twelve languages.
 */
import type { Concept } from './multilingual-vocabulary.js';

export const dataKindConcepts: readonly Concept[] = [
  {
    english: 'images',
    kind: 'modality',
    terms: {
      es: ['fotos'],
      fr: ['images', 'photos'],
      de: ['fotos'],
      pt: ['fotos'],
      it: ['foto'],
      tr: ['goruntu', 'resim', 'fotograf'],
      zh: ['图像', '图片', '照片'],
      ja: ['写真'],
      ko: ['이미지', '사진'],
      ar: ['صور', 'صورة'],
      ru: ['изображени', 'фотографи', 'снимк'],
      hi: ['छवि', 'चित्र', 'तस्वीर'],
    },
  },
  {
    english: 'texts',
    kind: 'modality',
    terms: {
      de: ['text'],
      it: ['testo', 'testi'],
      tr: ['metin', 'metinler'],
      zh: ['文本', '文字'],
      ja: ['文章'],
      ko: ['텍스트', '문장'],
      ar: ['نصوص', 'نص'],
      ru: ['текст'],
      hi: ['पाठ', 'टेक्स्ट'],
    },
  },
  {
    english: 'tweets',
    kind: 'modality',
    terms: {
      es: ['tuits', 'tweets'],
      fr: ['tweets', 'gazouillis'],
      de: ['tweets'],
      pt: ['tweets', 'tuites'],
      it: ['tweet'],
      tr: ['tweet', 'tweetler'],
      zh: ['推文', '推特'],
      ko: ['트윗'],
      ar: ['تغريدات', 'التغريدات', 'تويتر'],
      ru: ['твит'],
      hi: ['ट्वीट'],
    },
  },
  {
    english: 'speech audio',
    kind: 'modality',
    terms: {
      es: ['audio', 'voz', 'habla'],
      fr: ['audio', 'parole', 'voix'],
      de: ['audio', 'sprachaufnahmen'],
      pt: ['audio', 'fala', 'voz'],
      it: ['audio', 'parlato', 'voce'],
      tr: ['ses', 'konusma'],
      zh: ['音频', '语音'],
      ja: ['音声', 'オーディオ'],
      ko: ['음성', '오디오'],
      ar: ['الصوت', 'صوت', 'الكلام'],
      ru: ['аудио', 'речь', 'речи'],
      hi: ['ऑडियो', 'आवाज़', 'आवाज'],
    },
  },
  {
    english: 'videos',
    kind: 'modality',
    terms: {
      es: ['video', 'videos'],
      fr: ['video', 'videos'],
      de: ['video', 'videos'],
      pt: ['video', 'videos'],
      it: ['video'],
      tr: ['video'],
      zh: ['视频'],
      ko: ['비디오', '동영상'],
      ar: ['فيديو'],
      ru: ['видео'],
      hi: ['वीडियो'],
    },
  },
];
