import { recordIdOf } from './record-id.server.ts';

/** The customer id of a back-office path, or a 404 that carries no back-office data. */
export const customerIdOf = (params: { customerId?: string }) =>
  recordIdOf(params.customerId, 'No such customer.');
