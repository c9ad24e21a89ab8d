-- Who follows each of our actors from another server: their actor's id and where to deliver
-- (their inbox, and their server's shared inbox when it has one). Personal data: a follower's
-- Undo or their actor's Delete removes their row.
CREATE TABLE federacion_seguidor (
  actor text NOT NULL,
  seguidor text NOT NULL,
  bandeja text NOT NULL,
  bandeja_compartida text,
  creado timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (actor, seguidor)
);
CREATE INDEX federacion_seguidor_seguidor_idx ON federacion_seguidor (seguidor);
