"use client";

import { useState } from "react";
import { preload } from "react-dom";

/** A poster that hides itself when it fails to load (spec §2). Decorative: the title says what it is. */
export function PosterImage({
  src,
  width,
  height,
  className,
  priority,
}: {
  src: string;
  width: number;
  height: number;
  className?: string;
  priority?: boolean;
}) {
  const [roto, setRoto] = useState(false);
  // In the head, so the browser asks for the first screen's poster before it parses down to the card.
  if (priority) preload(src, { as: "image", fetchPriority: "high" });
  if (roto) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- already resized variants, served with long cache headers
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      className={className}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      onError={() => setRoto(true)}
    />
  );
}
