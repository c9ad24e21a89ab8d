"use client";

import { Component } from "react";

/**
 * A map that fails (a script that does not load, a Leaflet error) leaves the rest of the page
 * alone, showing `alternativa` (if any) in its place.
 */
export class SinMapaSiFalla extends Component<
  { children: React.ReactNode; alternativa?: React.ReactNode },
  { fallo: boolean }
> {
  state = { fallo: false };

  static getDerivedStateFromError() {
    return { fallo: true };
  }

  render() {
    return this.state.fallo ? (this.props.alternativa ?? null) : this.props.children;
  }
}
