-- Web Push: the server's VAPID keys when the environment gives none (one row, shared by every
-- instance), and each person's devices (a push service's endpoint and the device's keys).
CREATE TABLE push_clave (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  publica text NOT NULL,
  privada text NOT NULL,
  creada_en timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE push_suscripcion (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  usuario_id text NOT NULL REFERENCES usuario (id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  p256dh text NOT NULL,
  auth text NOT NULL,
  creada_en timestamptz(3) NOT NULL DEFAULT now(),
  actualizada_en timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT push_suscripcion_endpoint_key UNIQUE (endpoint)
);

CREATE INDEX push_suscripcion_usuario_idx ON push_suscripcion (usuario_id, actualizada_en);
