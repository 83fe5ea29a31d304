/**
 * A category tile's "Compare" box (decision 0049): a checkbox of the page's GET form `compare` (its `form`
 * attribute), so ticking needs no JavaScript and the box may sit in the tile, outside the form. Its name says which
 * product it picks; the value is the product's slug, as the compare page reads it.
 */
export function CompareBox({ slug, title, label }: { slug: string; title: string; label: string }) {
  return (
    <label className="tile__compare">
      <input type="checkbox" name="p" value={slug} form="compare" />
      {label}
      <span className="visually-hidden">: {title}</span>
    </label>
  );
}
