/** View props for the footer, from brand settings (SPEC §3). */
export interface FooterView {
  displayName: string;
  phone: string | null;
  email: string | null;
  address: string[];
  hours: Array<{ days: string; hours: string }>;
  social: Array<{ network: string; url: string }>;
}

type Raw = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const record = (value: unknown): Raw => (value && typeof value === 'object' ? (value as Raw) : {});

export function footerView(brand: Raw): FooterView {
  const contact = record(brand.contact);
  const address = record(contact.address);
  const cityLine = [
    text(address.city),
    [text(address.state), text(address.postal_code)].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return {
    displayName: text(brand.display_name) || 'Ridgeline Snowshoe Co.',
    phone: text(contact.phone) || null,
    email: text(contact.email) || null,
    address: [text(address.street_address), cityLine, text(address.country)].filter(Boolean),
    hours: (Array.isArray(contact.hours_of_operation) ? contact.hours_of_operation : []).map((entry) => {
      const row = record(entry);
      const open = text(row.opening_time);
      const close = text(row.closing_time);
      return { days: text(row.days_of_week), hours: open === close ? open : `${open}–${close}` };
    }),
    social: (Array.isArray(brand.social_media) ? brand.social_media : [])
      .map(record)
      .filter((entry) => /^https:\/\//.test(text(entry.url)))
      .map((entry) => ({ network: text(entry.network), url: text(entry.url) })),
  };
}
