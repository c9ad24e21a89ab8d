// The module types of imported images (*.png, *.jpg…), which Next also writes into the generated
// next-env.d.ts; referenced here so type-checking a fresh clone works before any build.
/// <reference types="next/image-types/global" />
