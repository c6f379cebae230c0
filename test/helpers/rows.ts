/** A fund row of category 1 with only the columns that must be filled, for tests that insert prices. */
export const fundRow = (id: number) => ({
  id,
  code: `F${id}`,
  category_id: 1,
  name_en: `F${id}`,
  name_th: 'ฟ',
  name_th_short: null,
  link_en: '',
  link_th: '',
  factsheet_url: '',
  display_order: id,
});
