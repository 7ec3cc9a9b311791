#!/usr/bin/env bash
# Render the app icon's PNGs (hicolor sizes 16-512 px) from its SVG. The PNGs are committed;
# run this again after changing icons/hicolor/scalable/apps/*.svg.
# Needs rsvg-convert (Debian: apt-get install librsvg2-bin).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
app_id="io.github.mlmstudio.MLMStudio"
svg="$here/icons/hicolor/scalable/apps/$app_id.svg"
command -v rsvg-convert >/dev/null || { echo "render_icons: needs rsvg-convert: apt-get install librsvg2-bin" >&2; exit 1; }
for size in 16 24 32 48 64 128 256 512; do
  out="$here/icons/hicolor/${size}x${size}/apps/$app_id.png"
  mkdir -p "$(dirname "$out")"
  rsvg-convert --width "$size" --height "$size" --keep-aspect-ratio "$svg" --output "$out"
  echo "render_icons: $out"
done
