import { t, wordsOf } from '../../shared/i18n/index.ts';
import type { WebhookEndpoint } from '../api/developers.ts';
import { Pill } from '../shell/controls.tsx';

const words = wordsOf(() => t.dashboard.developers.webhooks);

/** Enabled or disabled, and why, in words (the colour only repeats them). */
export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const text = endpoint.enabled
    ? words.enabled
    : endpoint.disabled_reason === 'gone'
      ? words.disabledGone
      : words.disabledManual;
  return <Pill tone={endpoint.enabled ? 'good' : undefined}>{text}</Pill>;
}
