// Placeholder until the adapters land.
import type { Adaptador } from "../tipos";

export const ADAPTADORES: readonly Adaptador[] = [];
