/** One of the venue's servers, as `GET /venue/servers` lists it and a replica keeps its hub's list. */
export interface VenueServer {
  /** The hub, or a kiosk paired with it (a replica). */
  role: 'hub' | 'kiosk';
  /** A kiosk's device UUID on its hub; null for the hub. */
  device_id: string | null;
  name: string;
  /** Where it serves the screens and the API, best first (`http://192.168.1.31:8787`, and `https://…` with TLS). */
  origins: string[];
  /** The events it serves (a kiosk); null for every event of its organizations (the hub). */
  events: string[] | null;
  /** When the hub last heard from this kiosk; null for the hub itself. */
  last_seen_at: string | null;
}
