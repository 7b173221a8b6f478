/** The item rules in SQL live with the read model that stores their results (packages/db/src/read-model). */
export {
  effectivePriceSql,
  isDinMatchSql,
  isPhraseMatchSql,
  itemCalcLateral,
  matchSummaryCtes,
  prefixQuerySql,
  TYPO_SIMILARITY,
} from '@stockpot/db';
