// The level builder's paint tools, no DOM: what a tap and a drag do to the painting.
import { UNPAINTED } from "./paint.js";

export const TOOLS = {
  paint: { tap: (p, i, brush) => p.paint(i, brush), drag: (p, i, brush) => p.paint(i, brush) },
  // A fill floods the tapped region; dragging with it paints like the brush.
  fill: { tap: (p, i, brush) => p.fill(i, brush), drag: (p, i, brush) => p.paint(i, brush) },
  erase: { tap: (p, i) => p.paint(i, UNPAINTED), drag: (p, i) => p.paint(i, UNPAINTED) },
};
