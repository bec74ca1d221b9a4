import type { Migration } from '../migrations';

/** Version 4: the 3DS Method and the EMV result of authentications. */
export const threeDsMethod: Migration = {
  version: 4,
  name: 'the 3DS Method and the EMV result of authentications',
  up: (db) => {
    for (const sql of [
      'ALTER TABLE authentications ADD COLUMN method_mode TEXT',
      'ALTER TABLE authentications ADD COLUMN method_state TEXT',
      'ALTER TABLE authentications ADD COLUMN method_fingerprint TEXT',
      'ALTER TABLE authentications ADD COLUMN three_ds_server_trans_id TEXT',
      'ALTER TABLE authentications ADD COLUMN after_method TEXT',
      'ALTER TABLE authentications ADD COLUMN method_completion TEXT',
      'ALTER TABLE authentications ADD COLUMN challenge_window_size TEXT',
      'ALTER TABLE authentications ADD COLUMN authentication_value TEXT',
      'ALTER TABLE authentications ADD COLUMN browser_accept_header TEXT',
      'ALTER TABLE authentications ADD COLUMN browser_ip TEXT',
      'CREATE UNIQUE INDEX IF NOT EXISTS authentications_trans_id ON authentications (three_ds_server_trans_id)',
    ])
      db.exec(sql);
  },
};
