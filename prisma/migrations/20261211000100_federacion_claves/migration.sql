-- Each actor's key pairs (a town, an organization, the site): RSA for the HTTP signatures every
-- server reads (draft-cavage), Ed25519 for the newer proofs (FEP-8b32). Made on first need, the
-- same for every instance; the private halves never leave the server.

CREATE TABLE federacion_clave (
  -- The actor's kind and identifier ("municipio:42208", "organizacion:<uuid>", "sitio").
  actor text PRIMARY KEY,
  -- Each pair as JWKs: { "privada": {…}, "publica": {…} }.
  rsa jsonb NOT NULL,
  ed25519 jsonb NOT NULL,
  creada timestamptz(3) NOT NULL DEFAULT now()
);
