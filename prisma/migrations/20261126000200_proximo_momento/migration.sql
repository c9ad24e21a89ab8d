-- The date order of the search (orden=fecha): the next moment a plan can be attended from an
-- instant `desde` (now rounded down to the quarter hour, or the date window's start when later).
-- An event: its start, or `desde` once it has begun. An experience: from the later of `desde`
-- and its own start, its next slot (weekday and hours, Madrid time) that has not ended, at the
-- slot's start or at that instant when it is open then; NULL for one without slots. The search
-- index computes the same (lib/busqueda/indice.ts momento); lib/busqueda/indice.test.ts compares.
CREATE FUNCTION planazo_proximo_momento(plan_id uuid, tipo tipo_plan, fecha_inicio timestamptz, desde timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN tipo = 'evento' THEN greatest(desde, fecha_inicio) ELSE (
    SELECT min(greatest(b.t, (d.dia + h.hora_inicio::time) AT TIME ZONE 'Europe/Madrid'))
    FROM (SELECT greatest(desde, coalesce(fecha_inicio, desde)) AS t) b
    CROSS JOIN LATERAL (
      SELECT (b.t AT TIME ZONE 'Europe/Madrid')::date + k AS dia FROM generate_series(0, 7) k) d
    JOIN horario_disponible h ON h.plan_id = planazo_proximo_momento.plan_id
      AND h.dia_semana = extract(dow FROM d.dia)
    WHERE (d.dia + h.hora_fin::time) AT TIME ZONE 'Europe/Madrid' > b.t)
  END
$$;
