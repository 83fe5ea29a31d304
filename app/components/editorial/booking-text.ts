/**
 * English defaults of the demo-day booking strings that display text (SPEC §3) does not carry yet. The page
 * reads each through display text first, so a content entry with the same key (lower-cased title) wins.
 */
export const BOOKING_TEXT = {
  'booking consent':
    'I agree that Ridgeline and the hosting dealer may email me about this booking (nothing else).',
  'places left': '{count} places left',
  'event full': 'Fully booked',
  'booking error event': 'Choose a demo day.',
  'booking error name': 'Enter your name.',
  'booking error email': 'Enter a valid email address.',
  'booking error party': 'Choose how many people are coming (1 to 6).',
  'booking error consent': 'Tick the box so that we may email you about your booking.',
  'booking error full': 'Sorry, {title} is fully booked. Please choose another demo day.',
  'booking error few':
    'Sorry, {title} has only {count} places left. Book fewer places or choose another day.',
  'booking error already': 'This email address already has a place at {title}.',
  'booking error past': '{title} has already taken place. Please choose another demo day.',
  'booking mail subject': 'Your place at {title}',
  'booking mail body':
    'Hello {name},\n\nYour place at {title} is booked.\nWhen: {date}, {time}\nWhere: {meeting}\nPlaces: {party}\n\nSee you on the snow,\nRidgeline',
} as const;

export type BookingTextKey = keyof typeof BOOKING_TEXT;

/** A booking string from display text when the content has it, else the English default above. */
export function bookingText(
  text: Readonly<Record<string, string>>,
  key: BookingTextKey,
  values: Record<string, string | number> = {},
): string {
  const template = text[key] ?? BOOKING_TEXT[key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match));
}
