export interface Organization {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  createdAt: string;
}
