/** A media request that cannot be served, answered as `{ status, title, detail }` JSON at the edge. */
export class MediaError extends Error {
  constructor(
    readonly status: 400 | 404 | 406 | 413 | 415 | 422 | 503,
    readonly title: string,
    readonly detail: string,
  ) {
    super(`${status} ${title}: ${detail}`);
    this.name = 'MediaError';
  }

  toJSON(): { status: number; title: string; detail: string } {
    return { status: this.status, title: this.title, detail: this.detail };
  }
}

export const badRequest = (detail: string) => new MediaError(400, 'Bad Request', detail);
export const notFound = (detail: string) => new MediaError(404, 'Not Found', detail);
