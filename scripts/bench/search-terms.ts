/**
 * What buyers type into the item search, at least 200 terms, the same on every run: product words
 * from the catalogue's families (single words, two-word phrases in either order, variants), short
 * prefixes typed while the list updates, brand names, common misspellings (the typo path of the
 * search) and, added at run time, a few real DINs of the signed-in locations.
 */
import { FAMILIES } from '../../packages/db/seed/catalog-data';
import { createRandom } from '../../packages/db/seed/random';

export const TYPOS = [
  'chiken',
  'brocoli',
  'mozarella',
  'tomatoe',
  'letuce',
  'parmesean',
  'jalepeno',
  'cilantor',
  'zuchini',
  'avacado',
  'yoghurt',
  'sausge',
  'bacn',
  'oinon',
  'potatos',
  'cheder',
  'spinich',
  'romane',
  'tumeric',
  'salmom',
];

const PREFIXES = [
  'moz',
  'parm',
  'shri',
  'chick',
  'brisk',
  'tom',
  'let',
  'oni',
  'bac',
  'sau',
  'but',
  'cre',
  'flo',
  'ric',
  'past',
  'bre',
];

/** The fixed list of terms (DINs are added by the harness). */
export function buildSearchTerms(count = 220): string[] {
  const random = createRandom(20240601, 'bench/search-terms');
  const bases = [...new Set(FAMILIES.map((f) => f.base.toLowerCase()).filter((b) => b !== ''))];
  const variants = [...new Set(FAMILIES.flatMap((f) => f.variants.map((v) => v.toLowerCase())))];
  const phrases = FAMILIES.filter((f) => f.base !== '').flatMap((f) =>
    f.variants.map((v) => {
      const word = v.split(' ')[0].toLowerCase();
      // Half "roma tomato" (how people say it), half "tomato roma" (how the catalogue writes it).
      return random.chance(0.5) ? `${word} ${f.base.toLowerCase()}` : `${f.base.toLowerCase()} ${word}`;
    }),
  );
  const makers = [...new Set(FAMILIES.flatMap((f) => f.makers))].map((m) => m.toLowerCase().split(' ').slice(0, 2).join(' '));
  const fixed = [...bases, ...TYPOS, ...PREFIXES, ...random.sample(makers, 12)];
  const rest = random.shuffle([...new Set([...random.sample(variants, 120), ...random.sample(phrases, 120)])]);
  const terms = [...new Set([...fixed, ...rest])];
  // Interleave so a short run still sees every kind of term.
  return random.shuffle(terms).slice(0, Math.max(count, fixed.length));
}
