-- A device belongs to the session that subscribed it: when the session ends (logout, a password
-- changed or reset, the account deleted, expiry swept) its devices go with it. Devices kept from
-- before are given their person's newest live session; those of a person with none go.
ALTER TABLE push_suscripcion
  ADD COLUMN sesion_id text REFERENCES sesion (id) ON DELETE CASCADE,
  -- What the profile shows of a device: the User-Agent given when subscribing, the last delivery.
  ADD COLUMN agente text,
  ADD COLUMN ultima_entrega_en timestamptz(3);

UPDATE push_suscripcion d SET sesion_id = (
  SELECT s.id FROM sesion s WHERE s.user_id = d.usuario_id AND s.expires_at > now()
  ORDER BY s.updated_at DESC, s.id LIMIT 1);
DELETE FROM push_suscripcion WHERE sesion_id IS NULL;
ALTER TABLE push_suscripcion ALTER COLUMN sesion_id SET NOT NULL;
CREATE INDEX push_suscripcion_sesion_idx ON push_suscripcion (sesion_id);

-- The devices that may be sent to: their session has not expired (an ended one took them already).
CREATE VIEW push_dispositivo AS
  SELECT d.* FROM push_suscripcion d JOIN sesion s ON s.id = d.sesion_id WHERE s.expires_at > now();
