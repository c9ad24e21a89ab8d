-- The fediverse's other servers as the team sees and governs them (lib/federacion/servidores.ts):
-- which a follower is on, the ones blocked, how many deliveries each got this minute, what failed;
-- the handles our actors answered to, so that a renamed one's old handle still resolves; and the
-- accounts of other servers our site follows, with what they sent it.

ALTER TABLE federacion_seguidor ADD COLUMN dominio text;
UPDATE federacion_seguidor SET dominio = lower(substring(seguidor FROM '^[A-Za-z]+://([^/:?#]+)'));
ALTER TABLE federacion_seguidor ALTER COLUMN dominio SET NOT NULL;
CREATE INDEX federacion_seguidor_dominio_idx ON federacion_seguidor (dominio);

-- A server nothing is sent to nor taken from (its subdomains too).
CREATE TABLE federacion_bloqueo (
  dominio text PRIMARY KEY,
  creado timestamptz(3) NOT NULL DEFAULT now()
);

-- Deliveries to a server in the current minute: past the cap, the rest wait for the next one.
CREATE TABLE federacion_ritmo (
  dominio text PRIMARY KEY,
  minuto timestamptz(0) NOT NULL,
  enviados integer NOT NULL
);

-- Deliveries that failed (each attempt), kept for a week for the back-office.
CREATE TABLE federacion_fallo (
  id bigserial PRIMARY KEY,
  dominio text NOT NULL,
  bandeja text NOT NULL,
  actividad text,
  error text NOT NULL,
  creado timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX federacion_fallo_creado_idx ON federacion_fallo (creado);

-- Every handle an organization's actor was shown with: its current one (retirado NULL) and
-- those it had, which keep resolving for a while after a rename.
CREATE TABLE federacion_nombre (
  nombre text PRIMARY KEY,
  actor text NOT NULL,
  retirado timestamptz(3)
);

-- Accounts of other servers the site's actor follows (pending until they accept).
CREATE TABLE federacion_seguido (
  cuenta text PRIMARY KEY,
  actor text NOT NULL UNIQUE,
  -- The actor's host, to drop the follow when its server is blocked.
  dominio text NOT NULL,
  bandeja text NOT NULL,
  aceptado timestamptz(3),
  creado timestamptz(3) NOT NULL DEFAULT now()
);

-- What the followed accounts sent: their Events created, changed or deleted, kept for 30 days.
CREATE TABLE federacion_recibida (
  id text PRIMARY KEY,
  tipo text NOT NULL,
  actor text NOT NULL,
  objeto text,
  actividad jsonb NOT NULL,
  recibida timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX federacion_recibida_recibida_idx ON federacion_recibida (recibida);

-- A follower's kind of actor (Person, Group, Application…): other servers' instance actors
-- (how Mobilizon subscribes, as relay@) also get every plan as the site actor's Announce.
ALTER TABLE federacion_seguidor ADD COLUMN tipo text;
