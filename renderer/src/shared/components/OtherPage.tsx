import { useEffect } from 'react';
import { Loading } from './Status.tsx';

/**
 * An address another of the renderer's pages answers: the kiosk's (index.html) or the staff dashboard's
 * (dashboard.html), each its own script. Reached by an in-app link or Back, the address has already changed, so
 * loading it again gets that page from the server.
 */
export function OtherPage() {
  useEffect(() => window.location.reload(), []);
  return <Loading />;
}
