/**
 * A cheap language guess: writing system first (kana → 'ja', Han without kana → 'zh', Hangul → 'ko'), then
 * counts of frequent function words that belong to only one of English, Portuguese, Spanish, French and German.
 * 'und' when nothing stands out.
 */
const STOPWORDS: Record<string, readonly string[]> = {
  en: [
    'the', 'and', 'is', 'to', 'of', 'that', 'it', 'you', 'i', 'we', 'was', 'what', 'this', 'in', 'for', 'have',
    'but', 'so', 'not', 'with', 'are', 'be', 'just', 'like', 'think', 'know', 'yeah', 'they', 'would', 'about',
    'if', 'or', 'my', 'at', 'there', 'because',
  ],
  pt: [
    'não', 'que', 'é', 'eu', 'você', 'isso', 'uma', 'um', 'para', 'com', 'está', 'aqui', 'então', 'mas', 'os', 'do',
    'da', 'no', 'na', 'em', 'tem', 'vou', 'foi', 'ele', 'ela', 'também', 'muito', 'porque', 'quando', 'mais', 'já',
    'né', 'acho', 'isso', 'seria', 'pra', 'gente', 'esse', 'essa',
  ],
  es: [
    'que', 'el', 'la', 'y', 'en', 'es', 'los', 'las', 'por', 'con', 'para', 'una', 'un', 'pero', 'está', 'yo',
    'muy', 'lo', 'se', 'del', 'al', 'como', 'más', 'porque', 'también', 'sí', 'eso', 'esto', 'hay', 'tengo', 'creo',
    'pues', 'bueno', 'entonces', 'cuando',
  ],
  fr: [
    'le', 'la', 'les', 'de', 'des', 'et', 'est', 'un', 'une', 'je', 'vous', 'nous', 'il', 'elle', 'pas', 'que',
    'qui', 'dans', 'pour', 'sur', 'avec', 'ce', "c'est", 'mais', 'ou', 'très', 'oui', 'non', 'du', 'au', 'on', 'ça',
    'alors', 'donc', 'voilà',
  ],
  de: [
    'der', 'die', 'das', 'und', 'ist', 'nicht', 'ich', 'sie', 'wir', 'es', 'ein', 'eine', 'zu', 'mit', 'auf', 'für',
    'den', 'dem', 'auch', 'aber', 'wie', 'was', 'sehr', 'ja', 'nein', 'haben', 'bin', 'sind', 'oder', 'also',
    'dann', 'wenn', 'genau', 'schon',
  ],
};

/** Each function word mapped to its language, leaving out words several languages share ("de", "que", "la"…). */
const WORD_LANGUAGE: ReadonlyMap<string, string> = (() => {
  const seen = new Map<string, string | null>();
  for (const [language, words] of Object.entries(STOPWORDS)) {
    for (const word of new Set(words)) seen.set(word, seen.has(word) && seen.get(word) !== language ? null : language);
  }
  const unique = new Map<string, string>();
  for (const [word, language] of seen) if (language) unique.set(word, language);
  return unique;
})();

const SAMPLE_CHARS = 50_000;

export function guessLanguage(text: string): string {
  const sample = text.slice(0, SAMPLE_CHARS);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return 'und';
  const kana = sample.match(/[\u3040-\u30ff\uff66-\uff9f]/g)?.length ?? 0;
  const han = sample.match(/[\u3400-\u4dbf\u4e00-\u9fff]/g)?.length ?? 0;
  const hangul = sample.match(/[\uac00-\ud7af]/g)?.length ?? 0;
  if (kana > letters * 0.05) return 'ja';
  if (han > letters * 0.2) return 'zh';
  if (hangul > letters * 0.2) return 'ko';

  const scores = new Map<string, number>();
  for (const token of sample.toLowerCase().split(/[^\p{L}']+/u)) {
    const language = WORD_LANGUAGE.get(token);
    if (language) scores.set(language, (scores.get(language) ?? 0) + 1);
  }
  const ranked = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length === 0) return 'und';
  const [best, second] = ranked;
  if (best[1] < 3) return 'und';
  if (second && best[1] < second[1] * 1.5) return 'und';
  return best[0];
}
