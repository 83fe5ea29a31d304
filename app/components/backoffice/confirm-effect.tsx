import { Form } from 'react-router';
import { asksConfirmation } from '../../lib/backoffice/confirmation.ts';
import { CsrfField } from './csrf-field.tsx';

/**
 * The effect the money guard asks to confirm (attemptGuarded's 409), with a button that posts the same fields
 * again with `confirmed=1`: a form of its own, so what is typed meanwhile is not what gets confirmed.
 */
export function ConfirmEffect({
  answer,
  title = 'Confirm a large price drop.',
  button,
  small = false,
}: {
  answer: unknown;
  title?: string;
  button: string;
  small?: boolean;
}) {
  if (!asksConfirmation(answer)) return null;
  return (
    <div className="admin-notice admin-notice--error" role="alert">
      <p>
        <strong>{title}</strong> {answer.confirm} Nothing is saved until you confirm.
      </p>
      <Form method="post" className="admin-actions">
        <CsrfField />
        {answer.fields.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit" className={small ? 'admin-button admin-button--small' : 'admin-button'}>
          {button}
        </button>
      </Form>
    </div>
  );
}
