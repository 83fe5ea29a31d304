import { useText } from '../../lib/locale/use-text.ts';

// Size guidance by size label: snowshoe lengths by the wearer's loaded weight, apparel by chest.
const GUIDE: Record<string, string> = {
  '17 in': 'up to 36 kg (80 lb)',
  '19 in': '30–55 kg (65–120 lb)',
  '21 in': '40–70 kg (90–155 lb)',
  '22 in': '40–80 kg (90–175 lb)',
  '25 in': '70–100 kg (155–220 lb)',
  '30 in': '90–135 kg (200–300 lb)',
  '36 in': '110–160 kg (240–350 lb)',
  XS: 'chest 82–87 cm',
  S: 'chest 88–94 cm',
  M: 'chest 95–101 cm',
  L: 'chest 102–109 cm',
  XL: 'chest 110–118 cm',
};

/** The size chart for the product's sizes, in a disclosure. */
export function SizeChart({ sizes }: { sizes: readonly string[] }) {
  const t = useText();
  const rows = sizes.filter((size) => GUIDE[size]);
  if (rows.length === 0) return null;
  return (
    <details className="size-chart">
      <summary>{t('size chart')}</summary>
      <table className="specs">
        <thead>
          <tr>
            <th scope="col">{t('size')}</th>
            <th scope="col">{t('fits')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((size) => (
            <tr key={size}>
              <th scope="row">{size}</th>
              <td>{GUIDE[size]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
