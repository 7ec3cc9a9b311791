"""Take the build machine's library folders out of the bundle's ELF search paths.

PyInstaller copies the build Python's ``libpython3.11.so`` and its ``lib-dynload``
modules as they are, and a Python built by pyenv carries ``RUNPATH
/root/.pyenv/versions/3.11.7/lib``: on a user's computer the loader would look
there first for libraries the bundle carries itself (lintian: custom-library-search-path).
``fix FOLDER`` keeps each search path's ``$ORIGIN`` entries, which point inside the
bundle, and drops every absolute one (``chrpath``: with none left the entry is
deleted, else replaced by the shorter list). ``check FOLDER`` lists them, exit 1 if any.

Run by packaging/build.sh on the bundle and by build-deb.sh on what it installs.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path


def is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(4) == b"\x7fELF"
    except OSError:
        return False


def search_path(path: Path) -> str | None:
    """The file's RUNPATH (or RPATH), or None."""
    out = subprocess.run(
        ["readelf", "-d", "-W", str(path)], capture_output=True, text=True, check=False
    ).stdout
    match = re.search(r"\((?:RUNPATH|RPATH)\)\s+Library (?:runpath|rpath): \[([^\]]*)\]", out)
    return match.group(1) if match else None


def kept_entries(value: str) -> str:
    """The entries of a search path that stay: those relative to the file ($ORIGIN)."""
    return ":".join(e for e in value.split(":") if e.startswith(("$ORIGIN", "${ORIGIN}")))


def foreign(folder: Path) -> dict[Path, str]:
    """Every ELF file under ``folder`` whose search path names a folder outside the bundle."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink() and is_elf(path):
            value = search_path(path)
            if value is not None and kept_entries(value) != value:
                found[path] = value
    return found


def fix(folder: Path) -> list[str]:
    if shutil.which("chrpath") is None:
        raise SystemExit("runpaths: chrpath is missing: apt-get install chrpath.")
    changed = []
    for path, value in foreign(folder).items():
        keep = kept_entries(value)
        args = ["chrpath", "-r", keep, str(path)] if keep else ["chrpath", "-d", str(path)]
        subprocess.run(args, check=True, capture_output=True)
        changed.append(f"{path.relative_to(folder)}: {value} -> {keep or '(none)'}")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("check", "fix"))
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"runpaths: {args.folder} is not a folder.", file=sys.stderr)
        return 2
    if args.action == "check":
        found = foreign(args.folder)
        for path, value in found.items():
            print(f"{path.relative_to(args.folder)}: {value}")
        return 1 if found else 0
    changed = fix(args.folder)
    print(f"runpaths: {len(changed)} file(s) no longer search the build machine's folders")
    return 0


if __name__ == "__main__":
    sys.exit(main())
