"use client";

import { Component } from "react";

/** A map that fails (a script that does not load, a Leaflet error) leaves the rest of the page alone. */
export class SinMapaSiFalla extends Component<{ children: React.ReactNode }, { fallo: boolean }> {
  state = { fallo: false };

  static getDerivedStateFromError() {
    return { fallo: true };
  }

  render() {
    return this.state.fallo ? null : this.props.children;
  }
}
