import type { FormEvent } from 'react';

/**
 * The fields a submit sends, with the pressed button's name and value, as the browser's own post has them. Set
 * by hand: FormData's `submitter` argument is missing from Safari before 16.4.
 */
export function submittedForm(event: FormEvent<HTMLFormElement>): FormData {
  const form = new FormData(event.currentTarget);
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  if ((submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.name) {
    form.set(submitter.name, submitter.value);
  }
  return form;
}
