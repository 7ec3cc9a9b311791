#!/usr/bin/env bash
# Build the self-contained Linux desktop bundle of MLM Studio with PyInstaller.
# Usage: bash packaging/build.sh            -> dist/MLM-Studio-<version>-linux-x86_64.tar.gz
#        bash packaging/build.sh --repack   (only pack the last PyInstaller output again)
#        bash packaging/build.sh --update-constraints   (record new versions in packaging/constraints.txt)
#
# The build gets its own virtual environment (build/bundle/venv: CPU torch, the project as a
# normal install without extras, PyInstaller), never the project's .venv, so a developer's
# editable install and test tools stay out of the bundle. What is left out of the bundle, and
# why, is in packaging/mlmstudio.spec; the measured sizes are in docs/PACKAGING.md.
#
# Reproducible: every distribution in the build environment is installed at the exact version
# packaging/constraints.txt records (pip install -c), and the build stops when the environment
# holds anything else; the bundle carries that file as constraints.txt, and MANIFEST.tsv, its
# sorted file list with sizes and SHA-256 (packaging/bundle_manifest.py compares two builds).
# PYTHONHASHSEED and SOURCE_DATE_EPOCH (the commit's time) are fixed for PyInstaller and tar.
# Environment: MLMSTUDIO_BUILD_DIR (default build/bundle), MLMSTUDIO_DIST_DIR (default dist),
# PYTHON (default python3, >= 3.11), MLMSTUDIO_BUNDLE_KEEP_ALL=1 (no exclusions, to measure them).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python="${PYTHON:-python3}"
build_dir="${MLMSTUDIO_BUILD_DIR:-$root/build/bundle}"
venv="$build_dir/venv"
app_id="io.github.mlmstudio.MLMStudio"
pyinstaller_req="pyinstaller>=6.10,<7"
constraints="$root/packaging/constraints.txt"
dist_dir="${MLMSTUDIO_DIST_DIR:-$root/dist}"
mode="${1:-}"
case "$mode" in "" | --repack | --update-constraints) ;; *) echo "build: unknown option $mode (see the top of $0)" >&2; exit 2 ;; esac
# Python's hash seed orders sets and dicts that end up in bytecode and in PyInstaller's tables.
export PYTHONHASHSEED="${PYTHONHASHSEED:-0}"
# The archive's time stamps: the commit's time (a clean export has no git: the newest file's).
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH="$(git -C "$root" log -1 --format=%ct 2>/dev/null || find "$root/mlmstudio" -type f -printf '%T@\n' | sort -n | tail -n 1 | cut -d. -f1)"
fi
export SOURCE_DATE_EPOCH

say() { echo "build: $*"; }
fail() { echo "build: $*" >&2; exit 1; }

[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || fail "this script builds the Linux x86_64 bundle; this machine is $(uname -s)-$(uname -m)."
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
  || fail "needs Python 3.11 or newer as '$python' (set PYTHON=/path/to/python3.11)."
version="$("$python" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
code_version="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' mlmstudio/__init__.py)"
[ "$version" = "$code_version" ] \
  || fail "pyproject.toml says version $version but mlmstudio/__init__.py says $code_version; make them agree."
name="MLM-Studio-$version-linux-x86_64"

say "MLM Studio $version -> dist/$name.tar.gz (work in $build_dir)"
py="$venv/bin/python"
if [ "$mode" = --repack ]; then
  # Pack the last PyInstaller output again (after a change to resources/ or to this script).
  [ -d "$build_dir/dist/mlmstudio" ] || fail "nothing to repack in $build_dir/dist; run a full build first."
else
  mkdir -p "$build_dir"
  if [ ! -x "$venv/bin/python" ]; then
    say "creating the build environment $venv"
    "$python" -m venv "$venv"
  fi
  bash "$root/scripts/install_torch.sh" "$py"
  pin=()
  if [ "$mode" != --update-constraints ] && [ -f "$constraints" ]; then
    pin=(-c "$constraints")
    say "installing PyInstaller and MLM Studio (not editable, no extras) at the versions of packaging/constraints.txt"
  else
    say "installing PyInstaller and MLM Studio (not editable, no extras); the versions go to packaging/constraints.txt"
  fi
  "$py" -m pip install -q --disable-pip-version-check "${pin[@]}" "$pyinstaller_req"
  # --force-reinstall --no-deps: the bundle must hold this tree's code even when the version is unchanged.
  "$py" -m pip install -q --disable-pip-version-check "${pin[@]}" "$root"
  "$py" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$root"
  "$py" -c "import torch, sys; sys.exit('a CUDA torch is in the build environment' if torch.version.cuda else 0)"
  # What the environment holds now, exactly: the lock this build used (or records, the first time).
  frozen="$build_dir/constraints.txt"
  {
    echo "# Exact versions in MLM Studio's bundle build environment (made by packaging/build.sh;"
    echo "# used by build.sh and wheelhouse.sh as pip constraints; --update-constraints records new ones)."
    "$py" -m pip freeze --disable-pip-version-check --exclude mlmstudio | LC_ALL=C sort -f
  } > "$frozen"
  if [ "${#pin[@]}" = 0 ]; then
    cp "$frozen" "$constraints"
    say "recorded $(grep -vc '^#' "$constraints") exact versions in packaging/constraints.txt (commit it)"
  elif ! diff -u "$constraints" "$frozen" > "$build_dir/constraints.diff"; then
    cat "$build_dir/constraints.diff" >&2
    fail "the build environment differs from packaging/constraints.txt (above: a new or dropped dependency, or a venv left from another build; delete $venv, or run build.sh --update-constraints to record the new versions)."
  fi

  say "running PyInstaller (several minutes)"
  rm -rf "$build_dir/dist"
  # From the build folder, not the source tree: run from the tree, Python finds the source
  # folder mlmstudio/ first, which lacks resources/ (mapped in only by an install).
  (cd "$build_dir" && "$py" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$build_dir/dist" --workpath "$build_dir/work" "$root/packaging/mlmstudio.spec")
fi

say "assembling $name"
stage="$build_dir/stage/$name"
rm -rf "$build_dir/stage"
mkdir -p "$stage"
cp -a "$build_dir/dist/mlmstudio/." "$stage/"
# libtorch's symbol tables (about 90 MB) serve only a debugger; the dynamic linker reads
# .dynsym, which --strip-unneeded keeps. Only torch's own libraries: stripping the ones that
# auditwheel patched (numpy.libs/*, *.libs/*) breaks them ("ELF load command ... not page-aligned").
if [ "${MLMSTUDIO_BUNDLE_KEEP_ALL:-0}" != 1 ] && command -v strip >/dev/null; then
  before=$(du -sb "$stage" | cut -f1)
  for lib in "$stage"/_internal/torch/lib/libtorch*.so "$stage"/_internal/torch/lib/libc10.so; do
    [ -f "$lib" ] && strip --strip-unneeded "$lib"
  done
  after=$(du -sb "$stage" | cut -f1)
  say "strip --strip-unneeded on libtorch saved $(((before - after) / 1048576)) MiB"
  echo "$((before - after))" > "$build_dir/strip_saved_bytes"
fi
# The build Python's own folder (pyenv's RUNPATH in libpython and lib-dynload) must not be
# searched on a user's computer; $ORIGIN entries stay (packaging/runpaths.py).
if command -v chrpath >/dev/null; then
  "$py" "$root/packaging/runpaths.py" fix "$stage/_internal"
else
  say "chrpath is missing (apt-get install chrpath): the build machine's library folders stay in RUNPATHs"
fi
resources="$root/resources"
mkdir -p "$stage/share"
cp -a "$resources/icons/hicolor" "$stage/share/icons"
cp "$resources/$app_id.desktop" "$resources/$app_id.metainfo.xml" "$stage/share/"
cp "$root/packaging/install-desktop-entry.sh" "$stage/"
cp "$resources/icons/hicolor/256x256/apps/$app_id.png" "$stage/mlmstudio.png"
# The licence, and the notices of every bundled component generated from the build environment;
# the build fails when a top-level package in _internal/ has no notice.
cp "$root/LICENSE" "$stage/LICENSE"
"$py" "$root/packaging/third_party_notices.py" --output "$stage/THIRD_PARTY_NOTICES.md" --check-bundle "$stage/_internal" \
  || fail "the third-party notices do not cover the bundle (see above)."
cat > "$stage/README.txt" <<EOF
MLM Studio $version for Linux x86_64 (CPU)

  ./mlmstudio                  open the desktop app
  ./mlmstudio --help           the command line (train, fill, runs, export-hf, ...)
  ./install-desktop-entry.sh   add MLM Studio to your applications menu (no root needed;
                               --uninstall removes it again)

Runs are kept in your user data folder (~/.local/share/mlmstudio), or in MLMSTUDIO_HOME.
Nothing here needs the network.

MLM Studio is under the MIT licence (LICENSE); the components it bundles, Qt and PySide6
(LGPL-3.0) among them, and how to replace those, are listed in THIRD_PARTY_NOTICES.md.
EOF
cp "$build_dir/work/mlmstudio/exclusions.json" "$build_dir/exclusions.json"
# The exact versions the bundle was built from (pip install -c constraints.txt reproduces them).
cp "$build_dir/constraints.txt" "$stage/constraints.txt"
# A link whose target an exclusion removed would ship dangling (bundle_rules.drop_files drops
# them with their target; this catches any other).
"$py" "$root/packaging/bundle_manifest.py" dangling "$stage" >&2 \
  || fail "the bundle holds dangling links (above); drop them with their target in packaging/bundle_rules.py."
# The file list with sizes and SHA-256, last, so that it covers everything above.
"$py" "$root/packaging/bundle_manifest.py" write "$stage" "$build_dir/manifest.tsv"
cp "$build_dir/manifest.tsv" "$stage/MANIFEST.tsv"

mkdir -p "$dist_dir"
archive="$dist_dir/$name.tar.gz"
rm -f "$archive"
# Sorted names, the commit's time, no owner names and no gzip time stamp: the same folder
# packs into the same bytes.
tar -C "$build_dir/stage" --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
  -cf - "$name" | gzip -n > "$archive"

unpacked=$(du -sb "$stage" | cut -f1)
packed=$(stat -c %s "$archive")
say "archive  $archive: $((packed / 1048576)) MiB ($packed bytes)"
say "unpacked $((unpacked / 1048576)) MiB ($unpacked bytes)"
say "exclusions measured in $build_dir/exclusions.json"
say "done; test it with: bash packaging/smoke.sh $archive"
