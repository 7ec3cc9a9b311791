#!/usr/bin/env bash
# Add MLM Studio to this user's applications menu, from the unpacked bundle; no root needed.
# Usage: ./install-desktop-entry.sh [--uninstall]
#
# Writes the desktop entry to ~/.local/share/applications, the icons to
# ~/.local/share/icons/hicolor/<size>/apps and the metainfo to ~/.local/share/metainfo
# (under $XDG_DATA_HOME when it is set). The entry starts the `mlmstudio` launcher beside
# this script by its absolute path, so move the folder first and run this afterwards.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
app_id="io.github.mlmstudio.MLMStudio"
data_home="${XDG_DATA_HOME:-$HOME/.local/share}"
applications="$data_home/applications"
icons="$data_home/icons/hicolor"
metainfo="$data_home/metainfo"

refresh_caches() {
  # Desktops notice new entries by themselves; these only speed that up where installed.
  command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$applications" 2>/dev/null || true
  command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$icons/index.theme" ] \
    && gtk-update-icon-cache -q -t "$icons" 2>/dev/null || true
}

if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$applications/$app_id.desktop" "$metainfo/$app_id.metainfo.xml"
  find "$icons" -path "*/apps/$app_id.*" -delete 2>/dev/null || true
  refresh_caches
  echo "MLM Studio removed from the applications menu (the bundle folder itself is untouched)."
  exit 0
elif [ $# -gt 0 ]; then
  echo "install-desktop-entry: unknown option '$1'. Run it with no option to install, or --uninstall." >&2
  exit 2
fi

launcher="$here/mlmstudio"
for needed in "$launcher" "$here/share/$app_id.desktop" "$here/share/icons"; do
  if [ ! -e "$needed" ]; then
    echo "install-desktop-entry: $needed is missing; run this script from the unpacked MLM Studio folder." >&2
    exit 1
  fi
done

mkdir -p "$applications" "$metainfo"
# Exec: the launcher's absolute path, quoted and escaped as the desktop entry format asks (a
# folder name may hold spaces, quotes or dollars); then the string escape of every value (\\).
arg="$launcher"
arg="${arg//\\/\\\\}"; arg="${arg//\"/\\\"}"; arg="${arg//\`/\\\`}"; arg="${arg//\$/\\\$}"; arg="${arg//%/%%}"
exec_value="\"$arg\""
exec_value="${exec_value//\\/\\\\}"
try_value="${launcher//\\/\\\\}"
tmp="$applications/.$app_id.desktop.tmp"
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in
    Exec=*) printf 'Exec=%s\n' "$exec_value" ;;
    TryExec=*) printf 'TryExec=%s\n' "$try_value" ;;
    *) printf '%s\n' "$line" ;;
  esac
done < "$here/share/$app_id.desktop" > "$tmp"
mv "$tmp" "$applications/$app_id.desktop"

(cd "$here/share/icons" && find . -type f -name "$app_id.*") | while read -r icon; do
  mkdir -p "$icons/$(dirname "$icon")"
  cp "$here/share/icons/$icon" "$icons/$icon"
done
cp "$here/share/$app_id.metainfo.xml" "$metainfo/"
refresh_caches
echo "MLM Studio is in the applications menu now ($applications/$app_id.desktop)."
echo "To remove it again: $0 --uninstall"
