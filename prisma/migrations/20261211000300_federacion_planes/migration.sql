-- Plans to send to the fediverse: every write to a plan (its own columns, and what moves its
-- row: dates, hours, poster, organization) notes its id while anyone follows one of our actors;
-- lib/federacion/difusion.ts sends a Create, Update or Delete for each and forgets the note.
-- With no follower nothing is noted.
CREATE TABLE federacion_plan_pendiente (
  plan_id uuid PRIMARY KEY,
  creado timestamptz(3) NOT NULL DEFAULT now()
);

-- What was sent of each plan: to whom (our actors that sent or announced it), so an edit goes to
-- them as an Update and a plan gone as a Delete.
CREATE TABLE federacion_plan_enviado (
  plan_id uuid PRIMARY KEY,
  actores text[] NOT NULL,
  enviado timestamptz(3) NOT NULL DEFAULT now()
);

CREATE FUNCTION planazo_federar_plan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM federacion_seguidor) THEN
    INSERT INTO federacion_plan_pendiente (plan_id)
      VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)
      ON CONFLICT (plan_id) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER plan_federar AFTER INSERT OR UPDATE OR DELETE ON plan
  FOR EACH ROW EXECUTE FUNCTION planazo_federar_plan();
