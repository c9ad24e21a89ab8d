import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUploadThing, type FakeUploadThing } from "@/test-support/uploadthing";
import { uploadThingStorage } from "./uploadthing-storage";

const token = Buffer.from(
  JSON.stringify({ apiKey: "sk_live_prueba", appId: "planazoapp", regions: ["fra1"] }),
).toString("base64");

describe("UploadThing storage", () => {
  let fake: FakeUploadThing;
  const previo = { ...process.env };

  beforeAll(async () => {
    fake = await startFakeUploadThing();
    Object.assign(process.env, {
      UPLOADTHING_INGEST_URL: fake.url,
      UPLOADTHING_API_URL: fake.url,
      UPLOADTHING_UFS_HOST: fake.host,
      UPLOADTHING_UFS_APP_ID_LOCATION: "path",
    });
  });
  afterAll(async () => {
    for (const k of [
      "UPLOADTHING_INGEST_URL",
      "UPLOADTHING_API_URL",
      "UPLOADTHING_UFS_HOST",
      "UPLOADTHING_UFS_APP_ID_LOCATION",
    ]) {
      if (previo[k] === undefined) delete process.env[k];
      else process.env[k] = previo[k];
    }
    await fake.close();
  });

  it("uploads under our key, reads it back from the file host and deletes it by key", async () => {
    const storage = uploadThingStorage(token);
    const body = Buffer.from("contenido de la imagen");
    const { url } = await storage.put("planes/abc/tarjeta.webp", body, "image/webp");
    expect(url).toBe(`${fake.url}/a/planazoapp/planes~abc~tarjeta.webp`);
    expect(fake.files.get("planes~abc~tarjeta.webp")).toMatchObject({ type: "image/webp", name: "tarjeta.webp" });
    expect(await storage.get("planes/abc/tarjeta.webp")).toEqual(body);

    await storage.remove(["planes/abc/tarjeta.webp"]);
    expect(fake.apiKeysSeen).toContain("sk_live_prueba");
    expect(fake.files.size).toBe(0);
    expect(await storage.get("planes/abc/tarjeta.webp")).toBeNull();
  });

  it("fails loudly when the upload fails, so the caller cleans up and writes no row", async () => {
    const storage = uploadThingStorage(token);
    fake.failUploads = true;
    try {
      await expect(storage.put("planes/abc/detalle.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
        /UploadThing/,
      );
    } finally {
      fake.failUploads = false;
    }
  });

  it("refuses unsafe keys and tokens that are not UploadThing tokens", async () => {
    await expect(uploadThingStorage(token).put("../fuera.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      /unsafe/,
    );
    expect(() => uploadThingStorage("no-es-un-token")).toThrow(/UPLOADTHING_TOKEN/);
  });
});
