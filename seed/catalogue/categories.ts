/** The commerce category tree of the demo store (SPEC §9: snowshoes and accessories). Ids are stable. */
export interface CatalogueCategory {
  id: number;
  parentId: number | null;
  path: string;
  name: string;
  description: string;
}

export const CATALOGUE_CATEGORIES: readonly CatalogueCategory[] = [
  {
    id: 20,
    parentId: null,
    path: 'snowshoes',
    name: 'Snowshoes',
    description: 'Snowshoes for every trail, runner and summit.',
  },
  {
    id: 21,
    parentId: 20,
    path: 'snowshoes/mens',
    name: "Men's Snowshoes",
    description: "Men's frames for trails and mountains.",
  },
  {
    id: 22,
    parentId: 20,
    path: 'snowshoes/womens',
    name: "Women's Snowshoes",
    description: "Women's-specific frames with tapered tails.",
  },
  {
    id: 23,
    parentId: 20,
    path: 'snowshoes/kids',
    name: "Kids' Snowshoes",
    description: 'Light, simple shoes for young adventurers.',
  },
  {
    id: 24,
    parentId: 20,
    path: 'snowshoes/running',
    name: 'Running Snowshoes',
    description: 'Asymmetric, light frames for winter running and racing.',
  },
  {
    id: 25,
    parentId: 20,
    path: 'snowshoes/backcountry',
    name: 'Backcountry Snowshoes',
    description: 'Float and traction for deep snow and heavy packs.',
  },
  {
    id: 30,
    parentId: null,
    path: 'accessories',
    name: 'Accessories',
    description: 'Poles, bindings, gaiters, traction, bags and apparel.',
  },
  {
    id: 31,
    parentId: 30,
    path: 'accessories/poles',
    name: 'Poles',
    description: 'Trekking, running and probe poles.',
  },
  {
    id: 32,
    parentId: 30,
    path: 'accessories/bindings',
    name: 'Bindings',
    description: 'Replacement and upgrade binding kits.',
  },
  {
    id: 33,
    parentId: 30,
    path: 'accessories/gaiters',
    name: 'Gaiters',
    description: 'Keep the snow out of your boots.',
  },
  {
    id: 34,
    parentId: 30,
    path: 'accessories/traction',
    name: 'Traction',
    description: 'Spikes, studs and crampons for ice.',
  },
  { id: 35, parentId: 30, path: 'accessories/bags', name: 'Bags', description: 'Totes, daypacks and vests.' },
  {
    id: 36,
    parentId: 30,
    path: 'accessories/apparel',
    name: 'Apparel',
    description: 'Layers, beanies and gloves.',
  },
];
