import { afterEach, describe, expect, it, vi } from "vitest";
import { lecturaCompartida, Memo } from "./cache";

describe("Memo", () => {
  afterEach(() => vi.useRealTimers());

  it("computes once for callers asking at the same time, and again after the time to live", async () => {
    vi.useFakeTimers();
    const memo = new Memo<number>(10, 1_000);
    let calls = 0;
    const compute = async () => ++calls;
    const [a, b] = await Promise.all([memo.get("k", compute), memo.get("k", compute)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(999);
    expect(await memo.get("k", compute)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await memo.get("k", compute)).toBe(2);
  });

  it("forgets a failed computation so the next caller tries again", async () => {
    const memo = new Memo<string>(10, 60_000);
    await expect(memo.get("k", () => Promise.reject(new Error("caída")))).rejects.toThrow("caída");
    expect(await memo.get("k", async () => "bien")).toBe("bien");
  });

  it("drops the least recently used entry beyond its size", async () => {
    const memo = new Memo<string>(2, 60_000);
    await memo.get("a", async () => "a1");
    await memo.get("b", async () => "b1");
    await memo.get("a", async () => "a2"); // a is now the most recent
    await memo.get("c", async () => "c1"); // so b goes
    expect(memo.size).toBe(2);
    expect(await memo.get("a", async () => "a3")).toBe("a1");
    expect(await memo.get("b", async () => "b2")).toBe("b2");
  });

  it("keeps the values within a budget of weights, least recently used out first", async () => {
    const memo = new Memo<string>(100, 60_000, { de: (v) => v.length, maximo: 10 });
    await memo.get("a", async () => "aaaa");
    await memo.get("b", async () => "bbbb");
    expect(memo.pesoRetenido).toBe(8);
    await memo.get("a", async () => "otra"); // a is now the most recent
    await memo.get("c", async () => "cccc"); // 12 > 10, so b goes
    expect([memo.size, memo.pesoRetenido]).toEqual([2, 8]);
    expect(await memo.get("a", async () => "nueva")).toBe("aaaa");
    expect(await memo.get("b", async () => "bbb2")).toBe("bbb2");
    expect(memo.pesoRetenido).toBeLessThanOrEqual(10);
  });

  it("takes a time to live per call", async () => {
    vi.useFakeTimers();
    const memo = new Memo<number>(10, 60_000);
    let calls = 0;
    const compute = async () => ++calls;
    await memo.get("k", compute, 100);
    vi.advanceTimersByTime(101);
    expect(await memo.get("k", compute)).toBe(2);
  });

  it("counts its time to live from the start of the computation", async () => {
    vi.useFakeTimers();
    const memo = new Memo<number>(10, 1_000);
    let calls = 0;
    const lento = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 600));
    const primera = memo.get("k", lento);
    await vi.advanceTimersByTimeAsync(600);
    expect(await primera).toBe(1);
    vi.advanceTimersByTime(399);
    expect(await memo.get("k", lento)).toBe(1);
    vi.advanceTimersByTime(2);
    const segunda = memo.get("k", lento);
    await vi.advanceTimersByTimeAsync(600);
    expect(await segunda).toBe(2);
  });

  it("forgets a key on borrar, also while it computes, and still answers who was waiting for it", async () => {
    const memo = new Memo<string>(10, 60_000);
    await memo.get("a", async () => "a1");
    memo.borrar("a");
    expect(memo.size).toBe(0);
    expect(await memo.get("a", async () => "a2")).toBe("a2");

    let soltar!: (v: string) => void;
    const esperando = memo.get("k", () => new Promise<string>((resolve) => (soltar = resolve)));
    memo.borrar("k");
    const despues = memo.get("k", async () => "nueva");
    soltar("vieja");
    expect(await esperando).toBe("vieja");
    expect(await despues).toBe("nueva");
    expect(await memo.get("k", async () => "otra")).toBe("nueva");
  });

  it("answers the callers of an entry pushed out while it computes", async () => {
    const memo = new Memo<string>(1, 60_000);
    let soltar!: (v: string) => void;
    const esperando = memo.get("a", () => new Promise<string>((resolve) => (soltar = resolve)));
    expect(await memo.get("b", async () => "b1")).toBe("b1");
    soltar("a1");
    expect(await esperando).toBe("a1");
    expect(memo.size).toBe(1);
    expect(await memo.get("b", async () => "b2")).toBe("b1");
  });

  it("returns a value heavier than the whole budget without keeping it or dropping the others", async () => {
    const memo = new Memo<string>(100, 60_000, { de: (v) => v.length, maximo: 10 });
    await memo.get("a", async () => "aaaa");
    expect(await memo.get("grande", async () => "x".repeat(11))).toBe("x".repeat(11));
    expect([memo.size, memo.pesoRetenido]).toEqual([1, 4]);
    expect(await memo.get("a", async () => "otra")).toBe("aaaa");
  });

  it("keeps null as an answer like any other", async () => {
    const memo = new Memo<string | null>(10, 60_000);
    expect(await memo.get("k", async () => null)).toBeNull();
    expect(await memo.get("k", async () => "otra")).toBeNull();
  });

  it("holds no more than the bound of the budget when told MAX_SAFE_INTEGER entries", async () => {
    const memo = new Memo<string>(Number.MAX_SAFE_INTEGER, 60_000, { de: (v) => v.length, maximo: 8 });
    for (const k of ["a", "b", "c"]) await memo.get(k, async () => k.repeat(4));
    expect([memo.size, memo.pesoRetenido]).toEqual([2, 8]);
  });
});

describe("lecturaCompartida", () => {
  /** A read whose answers the test hands out one by one: each read answers the writes made before it began. */
  function lecturas() {
    let escritas = 0;
    const pendientes: (() => void)[] = [];
    let empezadas = 0;
    const leer = () => {
      empezadas++;
      const vistas = escritas;
      return new Promise<number>((resolve) => pendientes.push(() => resolve(vistas)));
    };
    return {
      leer,
      escribir: () => escritas++,
      empezadas: () => empezadas,
      soltar: async () => {
        pendientes.shift()!();
        await new Promise((r) => setTimeout(r, 0));
      },
    };
  }

  it("shares one read among callers that ask while one is on its way, each seeing what was written before it asked", async () => {
    const l = lecturas();
    const leer = lecturaCompartida(l.leer);
    const primera = leer();
    l.escribir();
    // Asked after a write: they must not get the read that began before it.
    const [b, c, d] = [leer(), leer(), leer()];
    expect(l.empezadas()).toBe(1);
    await l.soltar();
    expect(await primera).toBe(0);
    expect(l.empezadas()).toBe(2);
    await l.soltar();
    expect(await Promise.all([b, c, d])).toEqual([1, 1, 1]);
    // Nothing on its way: the next caller starts its own read.
    l.escribir();
    const e = leer();
    expect(l.empezadas()).toBe(3);
    await l.soltar();
    expect(await e).toBe(2);
  });

  it("fails only the callers of a failed read", async () => {
    let n = 0;
    let fallar!: (e: Error) => void;
    const leer = lecturaCompartida(() =>
      ++n === 1 ? new Promise<number>((_, reject) => (fallar = reject)) : Promise.resolve(n),
    );
    const primera = leer();
    const despues = leer();
    fallar(new Error("caída"));
    await expect(primera).rejects.toThrow("caída");
    expect(await despues).toBe(2);
    expect(await leer()).toBe(3);
  });
});
