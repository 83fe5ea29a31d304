import type { FitRange } from '#core/fit-finder.ts';

/**
 * The demo store's fit charts (issue 45, decision 0040): load ranges per size in kg, as makers publish them, each
 * ending at the load the series' products name in their specs ("Recommended load: up to 136 kg"). Each size starts
 * where the previous one ends. Kids' and running snowshoes have no chart yet: their pages say so.
 */
export interface DemoFitSeries {
  name: string;
  ranges: FitRange[];
  products: string[];
}

const inches = (entries: [number, number, number][]): FitRange[] =>
  entries.map(([size, minKg, maxKg]) => ({ size: `${size} in`, minKg, maxKg }));

export const DEMO_FIT_SERIES: DemoFitSeries[] = [
  {
    name: "Men's trail, up to 100 kg",
    ranges: inches([
      [22, 35, 64],
      [25, 64, 82],
      [30, 82, 100],
    ]),
    products: ['ridgeline-timberline-mens', 'ridgeline-cascade-mens', 'ridgeline-pathfinder-mens'],
  },
  {
    name: "Men's all-mountain, up to 113 kg",
    ranges: inches([
      [22, 40, 70],
      [25, 70, 91],
      [30, 91, 113],
    ]),
    products: ['ridgeline-summit-trail-mens'],
  },
  {
    name: "Men's climbing, up to 127 kg",
    ranges: inches([
      [22, 45, 75],
      [25, 75, 100],
      [30, 100, 127],
    ]),
    products: ['ridgeline-summit-ascent-mens'],
  },
  {
    name: 'Mountain, up to 136 kg',
    ranges: inches([
      [22, 45, 77],
      [25, 77, 104],
      [30, 104, 136],
    ]),
    products: [
      'ridgeline-granite-peak-mens',
      'ridgeline-backcountry-couloir',
      'ridgeline-backcountry-ridgewalker',
      'ridgeline-backcountry-nordic-classic',
    ],
  },
  {
    name: 'Deep snow, up to 150 kg',
    ranges: inches([
      [22, 45, 79],
      [25, 79, 109],
      [30, 109, 150],
    ]),
    products: ['ridgeline-backcountry-alpine-guide'],
  },
  {
    name: 'Deep snow, up to 159 kg',
    ranges: inches([
      [22, 45, 80],
      [25, 80, 113],
      [30, 113, 159],
    ]),
    products: ['ridgeline-frontier-mens', 'ridgeline-backcountry-whiteout'],
  },
  {
    name: 'Basecamp, up to 150 kg',
    ranges: inches([
      [25, 55, 100],
      [30, 100, 150],
    ]),
    products: ['ridgeline-backcountry-basecamp'],
  },
  {
    name: 'Expedition, up to 181 kg',
    ranges: inches([
      [25, 55, 90],
      [30, 90, 125],
      [36, 125, 181],
    ]),
    products: ['ridgeline-backcountry-expedition'],
  },
  {
    name: 'Open powder, up to 181 kg',
    ranges: inches([
      [30, 68, 125],
      [36, 125, 181],
    ]),
    products: ['ridgeline-backcountry-tundra'],
  },
  {
    name: "Women's trail, up to 91 kg",
    ranges: inches([
      [21, 30, 64],
      [25, 64, 91],
    ]),
    products: [
      'ridgeline-timberline-womens',
      'ridgeline-cascade-womens',
      'ridgeline-aspen-womens',
      'ridgeline-meadow-womens',
    ],
  },
  {
    name: "Women's all-mountain, up to 100 kg",
    ranges: inches([
      [21, 30, 68],
      [25, 68, 100],
    ]),
    products: ['ridgeline-summit-trail-womens'],
  },
  {
    name: "Women's mountain, up to 113 kg",
    ranges: inches([
      [21, 35, 72],
      [25, 72, 113],
    ]),
    products: ['ridgeline-summit-ascent-womens', 'ridgeline-granite-peak-womens'],
  },
];
