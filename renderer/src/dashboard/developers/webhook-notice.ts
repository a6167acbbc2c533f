/**
 * What the webhooks list says after an endpoint's page deleted the endpoint and sent the browser back to the list:
 * the list is a new page, so the notice waits here for it (read when the list mounts, cleared once it has).
 */
export const noticeForWebhooks: { text: string | null } = { text: null };
