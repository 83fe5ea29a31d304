import { describe, expect, it } from 'vitest';
import { toCustomer } from './customer.ts';

describe('§3 customer fields in either spelling', () => {
  it('reads camelCase fields', () => {
    const customer = toCustomer({ id: 7, email: 'a@b.c', firstName: 'Ada', lastName: 'Lane', groupId: 2 });
    expect(customer).toMatchObject({ id: 7, email: 'a@b.c', firstName: 'Ada', lastName: 'Lane', groupId: 2 });
    expect(customer.isPro).toBe(false);
    expect(customer.proCodeInfo).toBeNull();
  });

  it('reads first_name, last_name and customer_group_id', () => {
    const customer = toCustomer({ id: '8', first_name: 'Bo', last_name: 'Ek', customer_group_id: '3' });
    expect(customer).toMatchObject({ firstName: 'Bo', lastName: 'Ek', groupId: 3, email: '', notes: '' });
  });

  it('leaves a missing or malformed group id empty', () => {
    expect(toCustomer({ id: 1, customer_group_id: '' }).groupId).toBeNull();
    expect(toCustomer({ id: 1, groupId: 'abc' }).groupId).toBeNull();
    expect(toCustomer({ id: 1, groupId: null }).groupId).toBeNull();
  });

  it('marks a customer pro from the pro code in notes (§4)', () => {
    const customer = toCustomer({ id: 1, notes: '{"region":"pro_ca"}' });
    expect(customer.isPro).toBe(true);
    expect(customer.proCodeInfo).toEqual({ region: 'pro_ca' });
  });
});
