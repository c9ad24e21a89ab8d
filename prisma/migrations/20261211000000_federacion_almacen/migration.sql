-- What the fediverse's library (Fedify) keeps between requests, in PostgreSQL so that every
-- instance shares it: its key-value store (remote actors' keys and documents, idempotence marks)
-- and its queue of deliveries and received activities (lib/federacion/).

CREATE TABLE federacion_kv (
  -- The key's parts as a JSON array, as Fedify gives them (["_fedify","publicKey","https://…"]):
  -- a prefix's keys are the one equal to it and those that begin with it and a comma.
  clave text PRIMARY KEY,
  valor jsonb NOT NULL,
  -- Gone after this instant (Fedify's ttl); NULL, kept until deleted.
  caduca timestamptz(3)
);
CREATE INDEX federacion_kv_caduca_idx ON federacion_kv (caduca) WHERE caduca IS NOT NULL;

CREATE TABLE federacion_cola (
  id bigserial PRIMARY KEY,
  -- Which queue: Fedify's is "fedify"; each queue hands out only its own messages.
  canal text NOT NULL DEFAULT 'fedify',
  mensaje jsonb NOT NULL,
  -- Messages of one ordering key are handled one at a time, in the order they were queued.
  orden text,
  -- Not handed out before this instant (a delayed message, a retry).
  disponible timestamptz(3) NOT NULL DEFAULT now(),
  -- Handed to a worker until this instant: past it, a worker that died is taken for gone.
  tomado_hasta timestamptz(3),
  creado timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX federacion_cola_disponible_idx ON federacion_cola (canal, disponible, id);
CREATE INDEX federacion_cola_orden_idx ON federacion_cola (canal, orden, id) WHERE orden IS NOT NULL;
