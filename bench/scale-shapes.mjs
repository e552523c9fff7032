// The query mix of the scale bench (bench/scale.bench.mjs), also planned by the EXPLAIN test
// (test/sql/layout/explain.test.ts): each shape as catq's `q` and as hand-written SQL over the
// bench's typed table `hand`.
// `where` is the hand-written condition with $1.. parameters; `params` their values.

export const tok = (words) => `{${words.join(',')}}`;
export const SHAPES = [
  { name: 'no q', q: undefined, where: 'TRUE', params: [] },
  { name: 'brand = "Acme"', q: [['brand', 'Acme']], where: 'brand = $1', params: ['Acme'] },
  { name: 'price < 20', q: [[['<', 'price'], 20]], where: 'price < $1', params: [20] },
  { name: '100 <= price < 120', q: [[['>=', 'price'], 100], [['<', 'price'], 120]], where: 'price >= $1 AND price < $2', params: [100, 120] },
  { name: 'category one-of [Tents, Socks] (One)', q: [[['one-of', 'category'], ['Tents', 'Socks']]], where: 'category = ANY($1)', params: [['Tents', 'Socks']] },
  { name: 'tags one-of [limited, gift] (Many)', q: [[['one-of', 'tags'], ['limited', 'gift']]], where: 'tags && $1', params: [['limited', 'gift']] },
  { name: 'in_stock = false', q: [['in_stock', false]], where: 'in_stock = $1', params: [false] },
  { name: 'in_stock = true and price < 50', q: [['in_stock', true], [['<', 'price'], 50]], where: 'in_stock = $1 AND price < $2', params: [true, 50] },
  { name: 'brand_id = 2103 (Referenced)', q: [['brand_id', 2103]], where: 'brand_id = $1', params: ['2103'] },
  { name: 'Category.Id = 310 (alias path)', q: [['Category.Id', 310]], where: 'category_id = $1', params: ['310'] },
  { name: 'category_path one-of [300] (Referenced Many)', q: [[['one-of', 'category_path'], [300]]], where: 'category_path && $1', params: [['300']] },
  { name: 'sale_price present? true', q: [[['present?', 'sale_price'], true]], where: 'sale_price_present', params: [] },
  { name: 'rating present? false', q: [[['present?', 'rating'], false]], where: 'NOT rating_present', params: [] },
  { name: 'title matches "waterproof"', q: [[['matches', 'title'], 'waterproof']], where: 'title_tokens @> $1', params: [tok(['waterproof'])] },
  { name: 'title matches "waterproof&tent"', q: [[['matches', 'title'], 'waterproof&tent']], where: 'title_tokens @> $1', params: [tok(['waterproof', 'tent'])] },
  { name: 'description matches "rugged pot seams"', q: [[['matches', 'description'], 'rugged pot seams']], where: 'description_tokens @> $1', params: [tok(['rugged', 'pot', 'seams'])] },
  { name: 'description matches "fluorocarbons"', q: [[['matches', 'description'], 'fluorocarbons']], where: 'description_tokens @> $1', params: [tok(['fluorocarbons'])] },
  {
    name: 'title matches-phrase "waterproof tent"',
    q: [[['matches-phrase', 'title'], 'waterproof tent']],
    where: "title_tokens @> $1 AND title_text LIKE $2",
    params: [tok(['waterproof', 'tent']), '% waterproof tent %'],
  },
  {
    name: 'description matches-phrase "with taped seams"',
    q: [[['matches-phrase', 'description'], 'with taped seams']],
    where: "description_tokens @> $1 AND description_text LIKE $2",
    params: [tok(['with', 'taped', 'seams']), '% with taped seams %'],
  },
  {
    name: 'brand + in_stock + price range + colors one-of',
    q: [['brand', 'Kestrel'], ['in_stock', true], [['>=', 'price'], 30], [['<', 'price'], 300], [['one-of', 'colors'], ['red', 'navy']]],
    where: 'brand = $1 AND in_stock = $2 AND price >= $3 AND price < $4 AND colors && $5',
    params: ['Kestrel', true, 30, 300, ['red', 'navy']],
  },
  {
    name: 'rating >= 4.5 and review_count > 1500',
    q: [[['>=', 'rating'], 4.5], [['>', 'review_count'], 1500]],
    where: 'rating >= $1 AND review_count > $2',
    params: [4.5, 1500],
  },
  {
    name: 'Brand.Name = "Lumen" and title matches "lantern"',
    q: [['Brand.Name', 'Lumen'], [['matches', 'title'], 'lantern']],
    where: 'brand = $1 AND title_tokens @> $2',
    params: ['Lumen', tok(['lantern'])],
  },
];

/** The worst queries within the default limits (measured over HTTP only). */
export const PHRASE_WORDS = 'the tent is made for people who spend whole weekends outdoors and want gear that simply works every seam is waterproof and checked by hand before it leaves our workshop in the valley pack it down to the size of a water bottle then set it up in minutes even in failing light care wash cold hang to dry and store it loose so the fabric keeps its loft for years our testers carried the tent across three mountain ranges in wind snow and summer heat'.split(' ');
export const WORST = [
  { name: 'worst: matches-phrase of 100 words (description)', q: [[['matches-phrase', 'description'], PHRASE_WORDS.slice(0, 100).join(' ')]] },
  { name: 'worst: 20 matches words of 100 letters', q: Array.from({ length: 20 }, (_, i) => [['matches', 'description'], 'x'.repeat(99) + String.fromCharCode(97 + i)]) },
  // The list limit (1,000 values; about 15 KB of URL), every tag the items have among them.
  { name: 'worst: one-of of 1,000 values on tags (Many)', q: [[['one-of', 'tags'], ['sale', 'new', 'bestseller', 'eco', 'limited', 'clearance', 'gift', 'staff-pick', ...Array.from({ length: 992 }, (_, i) => `tag${i}`)]]] },
];

