/**
 * A copy of `text` that keeps no larger text alive. V8 makes a substring of 13 characters or more (split,
 * slice) as a view into the text it was cut from, so one document id, title or lexeme cut from a batch's packed
 * text (memory-index.ts: ~5 MB per 4,000 documents) kept the whole batch in memory for as long as the index
 * lived: at 10,000 products 90 MB of the server's 180 MB heap, marked again by every full garbage collection
 * (issue 22: 100–140 ms pauses under load). A round trip through bytes makes a string of its own.
 */
export function ownCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
