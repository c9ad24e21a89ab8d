-- Bulk writes cost in proportion to the rows they change.
--
-- The slots' statement trigger recomputes the weekdays of the plans a statement touched from
-- those plans' slots (grouped once, not a subquery per plan), and updates only the plans whose
-- weekdays change: a plan written with its weekdays already right (lib/plans/queries.ts writes
-- them with the plan) is not written again, so it moves neither the search index's change log
-- nor the cache's purges a second time.
CREATE OR REPLACE FUNCTION planazo_recalcula_dias_semana() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE plan p SET dias_semana = s.mascara
  FROM (
    SELECT c.plan_id, coalesce(bit_or(1 << h.dia_semana), 0)::smallint AS mascara
    FROM (SELECT DISTINCT plan_id FROM cambiados) c
    LEFT JOIN horario_disponible h ON h.plan_id = c.plan_id
    GROUP BY c.plan_id
  ) s
  WHERE p.id = s.plan_id AND p.dias_semana IS DISTINCT FROM s.mascara;
  RETURN NULL;
END $$;
