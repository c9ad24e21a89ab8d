import { describe, expect, it } from "vitest";
import { parseCsv, parseCsvRecords } from "./csv";

describe("parseCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    expect(parseCsv('a,"b, c","say ""hi""","x\ny"\r\n1,2,3,4\n')).toEqual([
      ["a", "b, c", 'say "hi"', "x\ny"],
      ["1", "2", "3", "4"],
    ]);
  });

  it("keeps empty fields, including a trailing one", () => {
    expect(parseCsv("a,,c,\n")).toEqual([["a", "", "c", ""]]);
  });

  it("rejects an unterminated quote", () => {
    expect(() => parseCsv('a,"b\n')).toThrow(/unterminated/);
  });

  it("names the line whose field count is wrong", () => {
    expect(() => parseCsvRecords("x,y\n1,2\n3\n")).toThrow(/line 3/);
  });

  it("names the line in the file, counting the line breaks inside quoted fields", () => {
    expect(() => parseCsvRecords('x,y\n1,"a\nb"\n3\n')).toThrow(/line 4/);
  });

  it("reads records keyed by the header, without a byte-order mark and with any line end", () => {
    expect(parseCsvRecords('\uFEFFine,nombre\r\n01001,"Alegría, Dulantzi"\n01002,Amurrio\r')).toEqual([
      { ine: "01001", nombre: "Alegría, Dulantzi" },
      { ine: "01002", nombre: "Amurrio" },
    ]);
  });

  it("rejects a stray quote instead of guessing what the field meant", () => {
    expect(() => parseCsv('a"b,c\n')).toThrow(/quote/i);
    expect(() => parseCsv('"ab"c,d\n')).toThrow(/quote/i);
  });
});
