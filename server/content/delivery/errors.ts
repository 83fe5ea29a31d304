/**
 * How the delivery protocol fails: a status and the body `{ error_message, error_code, errors }` clients read.
 */
export interface DeliveryErrorBody {
  error_message: string;
  error_code: number;
  errors: Record<string, string[]>;
}

export class DeliveryError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 412 | 422,
    readonly body: DeliveryErrorBody,
  ) {
    super(body.error_message);
    this.name = 'DeliveryError';
  }
}

export const badQuery = (message: string, field = 'query') =>
  new DeliveryError(400, { error_message: message, error_code: 141, errors: { [field]: [message] } });
