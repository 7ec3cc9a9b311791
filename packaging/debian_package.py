"""What the .deb needs that the bundle cannot say by itself: its dependencies and its copyright file.

``depends FOLDER`` reads every ELF file of a built bundle (``readelf -d``: the libraries
each one needs, ``readelf -V``: the glibc versions it asks for), takes away the libraries
the bundle carries itself, and names the Debian packages of the rest (``dpkg -S``; a few
that the build machine may not have installed are named from a table). What only Qt's
GTK theme plugin needs is recommended, not required: without it Qt draws its own style.
The bundled libfontconfig reads the system's configuration and fonts, so those are
required too. Prints the ``Depends:`` and ``Recommends:`` lines for DEBIAN/control.

``copyright NOTICES OUT`` writes ``/usr/share/doc/mlmstudio/copyright`` in the
machine-readable format (DEP-5) from the bundle's THIRD_PARTY_NOTICES.md: MLM Studio
under MIT, then one paragraph per bundled component (its files under /opt/mlmstudio,
version, licence and homepage), and the licence texts (MIT in full; the others by
their name in /usr/share/common-licenses or in the component's own files).

Run by packaging/build-deb.sh with any Python 3.11; only the standard library.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

PREFIX = "opt/mlmstudio"  # where the bundle goes, as the copyright file names paths

# Libraries whose package the build machine may not have installed (dpkg -S cannot name it).
KNOWN_PACKAGES = {
    "libgtk-3.so.0": "libgtk-3-0",
    "libgdk-3.so.0": "libgtk-3-0",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libxcb.so.1": "libxcb1",
}
# Only these plugins need the library: the app works without them, so they are recommended.
OPTIONAL_USERS = ("PySide6/Qt/plugins/platformthemes/",)
# The bundled libfontconfig reads /etc/fonts (fontconfig-config) and needs one font to draw text.
ALWAYS = ("fontconfig-config", "fonts-dejavu-core")
GLIBC = "libc6"


def is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(4) == b"\x7fELF"
    except OSError:
        return False


def elf_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink() and is_elf(p))


def readelf(args: list[str], path: Path) -> str:
    result = subprocess.run(["readelf", *args, str(path)], capture_output=True, text=True, check=False)
    return result.stdout


def needed_of(path: Path) -> list[str]:
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", readelf(["-d", "-W"], path))


def glibc_versions_of(path: Path) -> list[tuple[int, ...]]:
    return [
        tuple(int(x) for x in v.split("."))
        for v in re.findall(r"Name: GLIBC_([0-9.]+)\b", readelf(["-V", "-W"], path))
    ]


@dataclass(frozen=True)
class SystemNeeds:
    """The libraries the bundle needs from the system, and who needs them."""

    users: dict[str, list[str]]  # soname -> the bundle paths that need it
    glibc: tuple[int, ...]  # the newest GLIBC_x.y any file asks for


def system_needs(folder: Path) -> SystemNeeds:
    carried = {p.name for p in folder.rglob("*") if p.is_file() or p.is_symlink()}
    users: dict[str, list[str]] = {}
    newest: tuple[int, ...] = (2, 17)
    for path in elf_files(folder):
        relative = path.relative_to(folder).as_posix()
        for soname in needed_of(path):
            if soname not in carried:
                users.setdefault(soname, []).append(relative)
        newest = max([newest, *glibc_versions_of(path)])
    return SystemNeeds(users, newest)


def dpkg_package_of(soname: str) -> str | None:
    """The installed Debian package that ships ``soname``, by ``dpkg -S``."""
    result = subprocess.run(["dpkg", "-S", f"*/{soname}"], capture_output=True, text=True, check=False)
    for line in result.stdout.splitlines():
        package = line.split(":", 1)[0].split(",")[0].strip()
        if package and not package.endswith("-dev"):
            return package
    return None


def relations(
    needs: SystemNeeds, package_of: Callable[[str], str | None] = dpkg_package_of
) -> tuple[list[str], list[str], list[str]]:
    """(Depends, Recommends, libraries no package was found for), each sorted."""
    depends: set[str] = set(ALWAYS)
    recommends: set[str] = set()
    unknown = []
    for soname, users in sorted(needs.users.items()):
        package = package_of(soname) or KNOWN_PACKAGES.get(soname)
        if package is None:
            unknown.append(soname)
            continue
        optional = all(
            any(user.startswith(f"_internal/{o}") or user.startswith(o) for o in OPTIONAL_USERS)
            for user in users
        )
        (recommends if optional else depends).add(package)
    recommends -= depends
    glibc = ".".join(str(x) for x in needs.glibc)
    depends.discard(GLIBC)
    return [f"{GLIBC} (>= {glibc})", *sorted(depends)], sorted(recommends), unknown


# --- the copyright file -------------------------------------------------------------------------


@dataclass(frozen=True)
class Component:
    name: str
    version: str
    licence: str
    top_level: tuple[str, ...]
    homepage: str


def read_notices(text: str) -> list[Component]:
    """The component table of THIRD_PARTY_NOTICES.md (packaging/third_party_notices.py renders it)."""
    components = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("Component", "---") or not line.startswith("|"):
            continue
        names = tuple(n.strip() for n in cells[3].split(",") if n.strip())
        components.append(Component(cells[0], cells[1], cells[2], names, cells[4]))
    return components


# Licence names as the notices carry them (SPDX or a Trove classifier) -> DEP-5 short names.
LICENCE_NAMES = {
    "MIT License": "Expat",
    "MIT": "Expat",
    "BSD License": "BSD-3-clause",
    "BSD": "BSD-3-clause",
    "BSD-3-Clause": "BSD-3-clause",
    "BSD-2-Clause": "BSD-2-clause",
    "Apache Software License": "Apache-2.0",
    "Apache-2.0": "Apache-2.0",
    "LGPL-3.0-only": "LGPL-3",
    "GPL-2.0-only": "GPL-2",
    "GPL-3.0-only": "GPL-3",
    "PSF-2.0": "PSF-2.0",
    "Python Software Foundation License": "PSF-2.0",
}
# Licences Debian ships in /usr/share/common-licenses (the copyright file may point there).
COMMON_LICENCES = {
    "Apache-2.0": "Apache-2.0",
    "GPL-2": "GPL-2",
    "GPL-3": "GPL-3",
    "LGPL-3": "LGPL-3",
}  # not BSD: Debian's BSD file is the Regents' text, deprecated for other BSD licences
EXPAT = """\
 Permission is hereby granted, free of charge, to any person obtaining a copy of
 this software and associated documentation files (the "Software"), to deal in
 the Software without restriction, including without limitation the rights to
 use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of
 the Software, and to permit persons to whom the Software is furnished to do so,
 subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in all
 copies or substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS
 FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
 COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN
 AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION
 WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE."""


def _short_name(part: str) -> str:
    return LICENCE_NAMES.get(part, re.sub(r"[^A-Za-z0-9.+-]+", "-", part).strip("-"))


def _terms(expression: str) -> list[str]:
    """The licences and operators of an expression: ['Apache-2.0 WITH LLVM-exception', 'AND', 'MIT']."""
    return re.split(r"\s+(AND|OR)\s+", expression.strip().strip("()"))


def dep5_licence(expression: str) -> str:
    """An SPDX expression or classifier as a DEP-5 licence: 'Apache-2.0 with LLVM exception and Expat'."""
    out = []
    for term in _terms(expression):
        if term in ("AND", "OR"):
            out.append(term.lower())
            continue
        base, _, exception = term.partition(" WITH ")
        named = _short_name(base.strip())
        if exception:
            named += f" with {exception.strip().removesuffix('-exception')} exception"
        out.append(named)
    return " ".join(out)


def licence_names(expression: str) -> list[str]:
    """The licences an expression names (an exception's base licence among them)."""
    return [
        _short_name(t.partition(" WITH ")[0].strip()) for t in _terms(expression) if t not in ("AND", "OR")
    ]


def _files_of(component: Component) -> str:
    paths = []
    for name in component.top_level:
        paths.append(f"{PREFIX}/_internal/{name}/*")
    dist = re.sub(r"[-.]+", "_", component.name)
    paths.append(f"{PREFIX}/_internal/{dist}-*.dist-info/*")
    return "\n ".join(paths)


# Data files of MLM Studio itself under another licence: (files, licence, the licence file's folder).
OWN_DATA = [
    ("_internal/mlmstudio/resources/grammar", "CC-BY-4.0", "BLiMP's grammar pairs (Warstadt et al. 2020)"),
]


def copyright_text(components: Iterable[Component], homepage: str = "", bundle: Path | None = None) -> str:
    components = list(components)
    used = {"Expat", "PSF-2.0"}
    source = f"Source: {homepage}\n" if homepage else ""
    paragraphs = [
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: MLM Studio\n"
        f"{source}"
        "Comment: The desktop bundle under /opt/mlmstudio carries Python, PyTorch, Qt (through\n"
        " PySide6) and the other components below, each under its own licence; its licence\n"
        " texts ship with the component (its *.dist-info folder) and at its homepage.\n"
        " /opt/mlmstudio/THIRD_PARTY_NOTICES.md has the same list and says how to replace\n"
        " Qt and PySide6 (LGPL-3.0) with your own build.",
        "Files: *\nCopyright: 2026 The MLM Studio authors\nLicense: Expat",
        f"Files: {PREFIX}/_internal/libpython3* {PREFIX}/_internal/base_library.zip\n"
        f" {PREFIX}/_internal/lib-dynload/* {PREFIX}/_internal/lib/*\n"
        "Copyright: 2001-2026 Python Software Foundation\nLicense: PSF-2.0",
    ]
    for folder, licence, what in OWN_DATA:
        if bundle is not None and (bundle / folder / "LICENSE").is_file():
            used.add(licence)
            paragraphs.append(
                f"Files: {PREFIX}/{folder}/*\nCopyright: its authors, named in {PREFIX}/{folder}/LICENSE\n"
                f"License: {licence}\nComment: {what}; {PREFIX}/{folder}/README.md says what was changed."
            )
    for component in sorted(components, key=lambda c: c.name.lower()):
        licence = dep5_licence(component.licence)
        used.update(licence_names(component.licence))
        paragraphs.append(
            f"Files: {_files_of(component)}\n"
            f"Copyright: the {component.name} authors (see {component.homepage})\n"
            f"License: {licence}\n"
            f"Comment: {component.name} {component.version}, {component.homepage}"
        )
    for name in sorted(used):
        if name == "Expat":
            paragraphs.append(f"License: Expat\n{EXPAT}")
        elif name in COMMON_LICENCES:
            paragraphs.append(
                f"License: {name}\n On Debian systems, the complete text of this licence is in\n"
                f" /usr/share/common-licenses/{COMMON_LICENCES[name]}."
            )
        else:
            paragraphs.append(
                f"License: {name}\n The complete text ships with each component under this licence (its\n"
                " *.dist-info/licenses folder under /opt/mlmstudio/_internal) and at its homepage."
            )
    return "\n\n".join(paragraphs) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    dep = commands.add_parser("depends", help="print Depends: and Recommends: for the bundle FOLDER")
    dep.add_argument("folder", type=Path)
    cop = commands.add_parser("copyright", help="write the DEP-5 copyright file OUT from NOTICES")
    cop.add_argument("notices", type=Path)
    cop.add_argument("out", type=Path)
    cop.add_argument(
        "--homepage", default="", help="the project's homepage (the Source: field), if it has one"
    )
    cop.add_argument("--bundle", type=Path, help="the bundle folder, to name its own data files' licences")
    args = parser.parse_args(argv)
    if args.command == "depends":
        if not args.folder.is_dir():
            print(f"debian_package: {args.folder} is not a folder.", file=sys.stderr)
            return 2
        depends, recommends, unknown = relations(system_needs(args.folder))
        if unknown:
            print(
                f"debian_package: no Debian package found for {', '.join(unknown)}; install the package that "
                "ships it on the build machine, or name it in KNOWN_PACKAGES.",
                file=sys.stderr,
            )
            return 1
        print("Depends: " + ", ".join(depends))
        if recommends:
            print("Recommends: " + ", ".join(recommends))
        return 0
    if not args.notices.is_file():
        print(f"debian_package: no notices file {args.notices}.", file=sys.stderr)
        return 2
    components = read_notices(args.notices.read_text(encoding="utf-8"))
    if not components:
        print(f"debian_package: {args.notices} lists no components.", file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(copyright_text(components, args.homepage, args.bundle), encoding="utf-8")
    os.chmod(args.out, 0o644)
    return 0


if __name__ == "__main__":
    sys.exit(main())
