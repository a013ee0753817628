// The people who may sign in to the studio on the server, kept under DATA_DIR by the site owner
// (`npm run editors`). An editor saves; a publisher also publishes and rolls back.
export type Role = 'editor' | 'publisher';

export interface Editor {
  email: string;
  role: Role;
  /** When the owner added them (ISO 8601). */
  added: string;
}
