#!/usr/bin/env bash
# Wrap the desktop bundle (packaging/build.sh's archive) into a Debian package with dpkg-deb.
# Usage: bash packaging/build-deb.sh [ARCHIVE.tar.gz | BUNDLE_FOLDER]
#          default: dist/MLM-Studio-<version>-linux-x86_64.tar.gz -> dist/mlmstudio_<version>-1_amd64.deb
#        MLMSTUDIO_DEB_LINTIAN=0 skips lintian (it runs when installed, and an error fails the build);
#        MLMSTUDIO_DEB_COMPRESSION=xz for a smaller file that takes longer (default gzip).
#
# What goes where (docs/PACKAGING.md, "The .deb"):
#   /opt/mlmstudio/                       the bundle as it is (launcher, _internal/, licence, notices,
#                                         constraints.txt); the tarball's desktop installer, icons and
#                                         README are replaced by the system-wide files below
#   /usr/bin/mlmstudio                    a link to /opt/mlmstudio/mlmstudio
#   /usr/share/applications/, /usr/share/icons/hicolor/, /usr/share/metainfo/
#                                         the desktop entry (Exec=mlmstudio), icons, AppStream metainfo
#   /usr/share/doc/mlmstudio/             copyright (DEP-5, one paragraph per bundled component, from
#                                         THIRD_PARTY_NOTICES.md) and changelog.Debian.gz
# Depends: the system libraries the bundle's ELF files need and do not carry (glibc, libGL,
# libEGL, libxcb, Wayland's client libraries, fontconfig's configuration and a font), found
# by packaging/debian_package.py from the bundle itself; Recommends: GTK 3 for Qt's GTK theme.
# Environment: MLMSTUDIO_DEB_MAINTAINER ('Name <email>'; else pyproject's first maintainer or
# author), MLMSTUDIO_DEB_DIR (work folder, default build/deb), MLMSTUDIO_DIST_DIR (default dist).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python3}"
app_id="io.github.mlmstudio.MLMStudio"
package=mlmstudio
say() { echo "build-deb: $*"; }
fail() { echo "build-deb: $*" >&2; exit 1; }

command -v dpkg-deb >/dev/null || fail "dpkg-deb is missing: run this on Debian or Ubuntu (apt-get install dpkg)."
command -v readelf >/dev/null || fail "readelf is missing: apt-get install binutils."
version="$("$python" -c 'import tomllib, sys; print(tomllib.load(open(sys.argv[1], "rb"))["project"]["version"])' "$root/pyproject.toml")"
deb_version="$version-1"
dist_dir="${MLMSTUDIO_DIST_DIR:-$root/dist}"
source="${1:-$dist_dir/MLM-Studio-$version-linux-x86_64.tar.gz}"
[ -e "$source" ] || fail "no bundle at $source: build it first (bash packaging/build.sh)."
maintainer="${MLMSTUDIO_DEB_MAINTAINER:-$("$python" - "$root/pyproject.toml" <<'EOF'
import sys, tomllib
project = tomllib.load(open(sys.argv[1], "rb"))["project"]
for person in project.get("maintainers", []) + project.get("authors", []):
    if person.get("name") and person.get("email"):
        print(f"{person['name']} <{person['email']}>")
        break
EOF
)}"
[ -n "$maintainer" ] || fail "no maintainer: set MLMSTUDIO_DEB_MAINTAINER='Name <email>' (pyproject.toml names none)."
homepage="$("$python" -c 'import tomllib, sys; u = tomllib.load(open(sys.argv[1], "rb"))["project"].get("urls", {}); print(u.get("Homepage") or u.get("homepage") or "")' "$root/pyproject.toml")"

work="${MLMSTUDIO_DEB_DIR:-$root/build/deb}"
rm -rf "$work"
mkdir -p "$work/unpacked"
if [ -d "$source" ]; then
  bundle="$(cd "$source" && pwd)"
  epoch="${SOURCE_DATE_EPOCH:-$(stat -c %Y "$bundle/mlmstudio")}"
else
  say "unpacking $(basename "$source")"
  tar -xzf "$source" -C "$work/unpacked"
  bundle="$(find "$work/unpacked" -mindepth 1 -maxdepth 1 -type d -name 'MLM-Studio-*' | head -n 1)"
  [ -n "$bundle" ] || fail "$source holds no MLM-Studio-* folder."
  epoch="${SOURCE_DATE_EPOCH:-$(stat -c %Y "$bundle/mlmstudio")}"  # build.sh packs with the commit's time
fi
[ -x "$bundle/mlmstudio" ] && [ -d "$bundle/_internal" ] || fail "$bundle is not an MLM Studio bundle (no launcher or _internal/)."
export SOURCE_DATE_EPOCH="$epoch"

pkg="$work/root"
opt="$pkg/opt/$package"
say "laying out $pkg"
mkdir -p "$opt" "$pkg/usr/bin" "$pkg/usr/share/applications" "$pkg/usr/share/metainfo" \
  "$pkg/usr/share/doc/$package" "$pkg/DEBIAN"
cp -a "$bundle/mlmstudio" "$bundle/_internal" "$opt/"
for file in LICENSE THIRD_PARTY_NOTICES.md constraints.txt; do
  [ -f "$bundle/$file" ] && cp -a "$bundle/$file" "$opt/"
done
ln -s "/opt/$package/mlmstudio" "$pkg/usr/bin/mlmstudio"  # absolute: it crosses top-level folders
# A bundle built before build.sh did this still searches the build Python's folder first.
"$python" "$root/packaging/runpaths.py" fix "$opt"
cp "$bundle/share/$app_id.desktop" "$pkg/usr/share/applications/"
cp "$bundle/share/$app_id.metainfo.xml" "$pkg/usr/share/metainfo/"
mkdir -p "$pkg/usr/share/icons"
cp -a "$bundle/share/icons" "$pkg/usr/share/icons/hicolor"

"$python" "$root/packaging/debian_package.py" copyright "$bundle/THIRD_PARTY_NOTICES.md" \
  "$pkg/usr/share/doc/$package/copyright" --homepage "$homepage" --bundle "$bundle"
{
  echo "$package ($deb_version) unstable; urgency=medium"
  echo
  echo "  * MLM Studio $version, the desktop bundle (CPU) for Debian 12 and newer:"
  echo "    /opt/$package with a desktop entry, icons and AppStream metainfo."
  echo
  echo " -- $maintainer  $(LC_ALL=C date -u -R -d "@$epoch")"
} | gzip -9n > "$pkg/usr/share/doc/$package/changelog.Debian.gz"
if [ -f "$root/CHANGELOG.md" ]; then
  gzip -9n < "$root/CHANGELOG.md" > "$pkg/usr/share/doc/$package/changelog.gz"
fi

say "finding the system libraries the bundle needs (readelf over its ELF files)"
relations="$("$python" "$root/packaging/debian_package.py" depends "$opt")" \
  || fail "the bundle's dependencies could not be named (above)."
summary="$(sed -n 's:.*<summary>\(.*\)</summary>.*:\1:p' "$pkg/usr/share/metainfo/$app_id.metainfo.xml" | head -n 1)"
installed_kib=$(du -sk --apparent-size "$pkg" | cut -f1)
{
  echo "Package: $package"
  echo "Version: $deb_version"
  echo "Architecture: amd64"
  echo "Maintainer: $maintainer"
  echo "Installed-Size: $installed_kib"
  echo "$relations"
  echo "Section: science"
  echo "Priority: optional"
  [ -n "$homepage" ] && echo "Homepage: $homepage"
  echo "Description: $summary"
  echo " MLM Studio trains small BERT-style masked language models on a text you"
  echo " choose, shows them learn while they train, and lets you ask them to fill in"
  echo " hidden words. Everything runs on your own computer, on the CPU, without an"
  echo " internet connection. Runs, comparisons and exports for Hugging Face"
  echo " transformers are kept in a history; the mlmstudio command does the same from"
  echo " a terminal."
  echo " ."
  echo " This package holds the self-contained desktop bundle (its own Python,"
  echo " PyTorch for the CPU and Qt 6 through PySide6) in /opt/mlmstudio."
} > "$pkg/DEBIAN/control"
# What lintian may say of a self-contained bundle, and why it is so (docs/PACKAGING.md).
mkdir -p "$pkg/usr/share/lintian/overrides"
cp "$root/packaging/debian/lintian-overrides" "$pkg/usr/share/lintian/overrides/$package"

# Debian's modes whatever the umask: folders 0755, files 0644 (shared libraries too, and the
# standard library's modules that start with #!: nothing runs them as scripts), and 0755 only
# for the programs: the launcher and the ELF executables under a bin/ folder (torch_shm_manager).
find "$pkg" -type d -exec chmod 0755 {} +
find "$pkg" -type f -exec chmod 0644 {} +
chmod 0755 "$opt/mlmstudio"
find "$opt/_internal" -type f -path '*/bin/*' -exec sh -c \
  'for f; do [ "$(head -c 4 "$f" | od -An -c | tr -d " ")" = 177ELF ] && chmod 0755 "$f"; done' _ {} +
( cd "$pkg" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum ) > "$pkg/DEBIAN/md5sums"
chmod 0644 "$pkg/DEBIAN/md5sums" "$pkg/DEBIAN/control"
# Every file's time is the bundle's, so the same bundle makes the same .deb.
find "$pkg" -exec touch -h -d "@$epoch" {} +

mkdir -p "$dist_dir"
deb="$dist_dir/${package}_${deb_version}_amd64.deb"
rm -f "$deb"
say "dpkg-deb --build (${MLMSTUDIO_DEB_COMPRESSION:-gzip}; a few minutes)"
nice -n 5 dpkg-deb --root-owner-group "-Z${MLMSTUDIO_DEB_COMPRESSION:-gzip}" --build "$pkg" "$deb" >/dev/null
say "$deb: $(($(stat -c %s "$deb") / 1048576)) MiB, installs $((installed_kib / 1024)) MiB"
sed -n 's/^\(Depends\|Recommends\): /build-deb:   \1: /p' "$pkg/DEBIAN/control"

if [ "${MLMSTUDIO_DEB_LINTIAN:-1}" != 0 ] && command -v lintian >/dev/null; then
  say "lintian (several minutes on a package this size)"
  lintian_log="$work/lintian.log"
  code=0
  nice -n 5 lintian --fail-on error --tag-display-limit 0 --display-info "$deb" > "$lintian_log" 2>&1 || code=$?
  tags() { sed -n "s/^$1: [^:]*: \([^ ]*\).*/\1/p" "$lintian_log" | sort | uniq -c | sort -rn; }
  say "lintian: $(grep -c '^E: ' "$lintian_log" || true) error(s), $(grep -c '^W: ' "$lintian_log" || true) warning(s), $(grep -c '^I: ' "$lintian_log" || true) note(s) (overridden ones not shown: packaging/debian/lintian-overrides; full log: $lintian_log)"
  tags W | sed 's/^/build-deb:   W /'
  if grep -q '^E: ' "$lintian_log"; then
    grep '^E: ' "$lintian_log" | head -n 40 >&2
    fail "lintian found errors (above)."
  fi
  # 2: a condition of --fail-on (an error not overridden, caught above; --show-overrides would
  # count the overridden ones too); 1: lintian itself failed.
  [ "$code" = 0 ] || { tail -n 20 "$lintian_log" >&2; fail "lintian exited $code without naming an error."; }
elif [ "${MLMSTUDIO_DEB_LINTIAN:-1}" != 0 ]; then
  say "lintian is not installed (apt-get install lintian); the package was not checked."
fi
say "done; test it as root with: bash packaging/smoke-deb.sh $deb"
