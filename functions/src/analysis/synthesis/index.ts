/** Project synthesis across interviews. Pure and deterministic. */
export {
  MAX_CONSOLIDATED_INSIGHTS,
  MAX_QUOTES_PER_INSIGHT,
  NO_INTERVIEWS_SUMMARY,
  SAME_CLAIM,
  SAME_MEANING,
  SAME_WORDS,
  SIMILAR_TAGS,
  synthesiseProject,
  type SynthesisInterview,
  type SynthesisOptions,
} from './synthesise-project';
export { stableHash } from './stable-id';
export { tagSimilarity } from './tag-similarity';
