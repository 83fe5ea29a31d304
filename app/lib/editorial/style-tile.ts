/** What the style tile shows: token names from app/styles/tokens.css (values come from the CSS itself). */
export const STYLE_TILE = {
  colours: [
    { name: 'Ink', token: '--color-ink', use: 'Text, footer' },
    { name: 'Ink soft', token: '--color-ink-soft', use: 'Secondary text' },
    { name: 'Snow', token: '--color-snow', use: 'Page background' },
    { name: 'Frost', token: '--color-frost', use: 'Panels, hovers' },
    { name: 'Mist', token: '--color-mist', use: 'Borders, dividers' },
    { name: 'Pine', token: '--color-pine', use: 'Primary actions, links' },
    { name: 'Pine deep', token: '--color-pine-deep', use: 'Hover of primary' },
    { name: 'Ember', token: '--color-ember', use: 'Sale, alerts' },
    { name: 'Glacier', token: '--color-glacier', use: 'Information' },
    { name: 'Focus', token: '--color-focus', use: 'Focus rings' },
  ],
  type: [
    { token: '--text-2xl', sample: 'Break your own trail' },
    { token: '--text-xl', sample: 'Backcountry snowshoes' },
    { token: '--text-lg', sample: 'Built in Vermont since 1994' },
    { token: '--text-md', sample: 'Body copy for product stories and guides.' },
    { token: '--text-sm', sample: 'Labels, navigation and buttons' },
    { token: '--text-xs', sample: 'Fine print and captions' },
  ],
  spacing: [
    '--space-1',
    '--space-2',
    '--space-3',
    '--space-4',
    '--space-6',
    '--space-8',
    '--space-12',
    '--space-16',
  ],
  radii: ['--radius-sm', '--radius-md', '--radius-pill'],
} as const;
