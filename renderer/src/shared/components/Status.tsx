import type { ReactNode } from 'react';
import type { ApiError } from '../api/client.ts';
import { useFocusOnMount } from '../hooks/useFocusOnMount.ts';
import { t } from '../i18n/index.ts';
import { describeRefusal } from '../i18n/refusals.ts';
import { ErrorIcon } from './Icons.tsx';

export function Loading() {
  return (
    <p className="loading" role="status">
      {t.app.loading}
    </p>
  );
}

/** A page that could not be shown: what went wrong and the way out. */
export function Problem({ message, children }: { message: string; children?: ReactNode }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="problem" role="alert">
      <ErrorIcon size={56} />
      <h1 ref={heading} tabIndex={-1}>
        {message}
      </h1>
      <div className="actions">{children}</div>
    </section>
  );
}

/** The words for a failed request: the server's message in the language on screen, or ours when it was away. */
export function describeFailure(error: ApiError): string {
  if (error.isNetworkFailure) return t.app.unreachable;
  return describeRefusal(error);
}
