"""Write THIRD_PARTY_NOTICES.md: every installed runtime dependency of MLM Studio, with its licence.

The wheel, the bundle and any package built from them redistribute these components,
and most of their licences ask for a notice; Qt and PySide6 (LGPL-3.0) also ask that a
user can replace them. The list is read from the installed distributions
(``importlib.metadata``), walking MLM Studio's requirements without extras, so the file
matches whatever environment built the bundle.

    python packaging/third_party_notices.py [--output FILE] [--check-bundle DIR/_internal]

``--check-bundle`` fails (exit 1) when a top-level package in a bundle's ``_internal/``
folder is not covered by the notices; packaging/build.sh runs it on every build.
"""

from __future__ import annotations

import argparse
import importlib.metadata as metadata
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

PROJECT = "mlmstudio"
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "THIRD_PARTY_NOTICES.md"

# What PyInstaller puts in _internal/ that is not a distribution: Python itself and its own files.
# lib/ holds the standard library's sources that sample:pydoc reads (docs/PACKAGING.md).
PYTHON_ITSELF = {
    "base_library.zip",
    "lib",
    "lib-dynload",
    "pydoc_data",
    "python3",
    "_tcl_data",
    "_tk_data",
    "tcl8",
    "tk8",
}
LGPL_QT = {"pyside6", "pyside6-essentials", "pyside6-addons", "shiboken6"}


@dataclass(frozen=True)
class Component:
    name: str
    version: str
    licence: str
    homepage: str
    import_names: tuple[str, ...]


def runtime_distributions(project: str = PROJECT) -> list[metadata.Distribution]:
    """The project's installed requirements (no extras), and theirs, each once, sorted by name."""
    seen: dict[str, metadata.Distribution] = {}
    pending = list(_requirements(metadata.distribution(project)))
    while pending:
        requirement = pending.pop()
        key = canonicalize_name(requirement.name)
        if key in seen:
            continue
        try:
            dist = metadata.distribution(requirement.name)
        except metadata.PackageNotFoundError:
            continue  # an optional platform dependency that this machine does not install
        seen[key] = dist
        pending.extend(_requirements(dist))
    return sorted(seen.values(), key=lambda d: canonicalize_name(d.metadata["Name"]))


def _requirements(dist: metadata.Distribution) -> Iterable[Requirement]:
    for line in dist.requires or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
            yield requirement


def licence_of(dist: metadata.Distribution) -> str:
    """The SPDX expression if declared, else a short License field, else the trove classifiers."""
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return expression.strip()
    text = (meta.get("License") or "").strip()
    if text and "\n" not in text and len(text) <= 80 and text.upper() != "UNKNOWN":
        return text
    classifiers = [
        c.split("::")[-1].strip() for c in meta.get_all("Classifier") or [] if c.startswith("License ::")
    ]
    if classifiers:
        return " / ".join(classifiers)
    return "see the licence files of the distribution"


def homepage_of(dist: metadata.Distribution) -> str:
    meta = dist.metadata
    urls = {}
    for entry in meta.get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        urls[label.strip().lower()] = url.strip()
    for label in ("homepage", "home", "source", "repository", "source code"):
        if urls.get(label):
            return urls[label]
    return meta.get("Home-page") or next(iter(urls.values()), "")


def import_names(dist: metadata.Distribution) -> tuple[str, ...]:
    """The top-level names the distribution installs (packages, modules, their ``.libs`` folders)."""
    names = set()
    top_level = dist.read_text("top_level.txt")
    if top_level:
        names.update(line.strip() for line in top_level.splitlines() if line.strip())
    for file in dist.files or []:
        first = file.parts[0]
        if first.endswith((".dist-info", ".data")) or first in ("..", "__pycache__"):
            continue
        if len(file.parts) > 1:
            names.add(first)
        elif first.endswith((".py", ".so", ".pyd")):  # a top-level module: its name before the first dot
            names.add(first.split(".")[0])
    return tuple(sorted(names))


def components(project: str = PROJECT) -> list[Component]:
    return [
        Component(
            name=dist.metadata["Name"],
            version=dist.version,
            licence=licence_of(dist),
            homepage=homepage_of(dist),
            import_names=import_names(dist),
        )
        for dist in runtime_distributions(project)
    ]


QT_SECTION = """\
## Qt and PySide6 (LGPL-3.0)

PySide6 and shiboken6 are used under the GNU Lesser General Public License version 3
(<https://www.gnu.org/licenses/lgpl-3.0.html>), and so are the Qt libraries they bring.
Their sources are at <https://code.qt.io/cgit/pyside/pyside-setup.git/> and
<https://code.qt.io/>, for the versions listed above. MLM Studio does not modify them.

How to relink or replace them:
- **Installed with pip**: `pip install "PySide6-Essentials==<version>"` (or your own build of
  PySide6 and Qt) into the same environment replaces them; MLM Studio loads whichever is installed.
- **In the desktop bundle** they are ordinary shared libraries, never linked statically:
  `_internal/PySide6/` (the Python modules and `Qt/lib/libQt6*.so*`, `Qt/plugins/`) and
  `_internal/shiboken6/`. Replace those files with your own build of the same Qt and PySide6
  version (for another version, rebuild the bundle with packaging/build.sh from the source of
  MLM Studio, which is under the MIT licence) and the bundle runs with them.
"""


def render(items: list[Component]) -> str:
    rows = [
        f"| {c.name} | {c.version} | {c.licence} | {', '.join(c.import_names)} | {c.homepage} |"
        for c in items
    ]
    return "\n".join(
        [
            "# Third-party notices",
            "",
            "MLM Studio itself is under the MIT licence (see LICENSE). It uses, and its desktop bundle",
            "redistributes, the components below, each under its own licence; the licence texts ship",
            "with each component (its `*.dist-info/licenses/` folder) and at its homepage. Python itself",
            "(in the bundle: `libpython3*`, `base_library.zip`, `lib-dynload/`) is under the PSF-2.0 licence.",
            "",
            "Generated by packaging/third_party_notices.py from the installed distributions; do not edit.",
            "",
            "| Component | Version | Licence | Top-level names | Homepage |",
            "|---|---|---|---|---|",
            *rows,
            "",
            QT_SECTION,
        ]
    )


def covered_names(notices: str) -> set[str]:
    """The component names and top-level names a rendered notices file covers, canonicalized."""
    names = set()
    for line in notices.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("Component", "---"):
            continue
        names.add(canonicalize_name(cells[0]))
        names.update(canonicalize_name(n.strip()) for n in cells[3].split(",") if n.strip())
    return names


def uncovered_requirements(notices: str, project: str = PROJECT) -> list[str]:
    """The project's top-level runtime requirements that the notices do not name."""
    covered = covered_names(notices)
    return sorted(
        r.name
        for r in _requirements(metadata.distribution(project))
        if canonicalize_name(r.name) not in covered
    )


def uncovered_bundle_packages(internal: Path, notices: str, project: str = PROJECT) -> list[str]:
    """Top-level packages in a bundle's ``_internal/`` that the notices do not cover.

    A package is a folder (``torch``, ``numpy.libs``, ``PySide6``) or a ``*.dist-info`` folder;
    loose files are shared libraries and Python's own modules. Python itself and the project
    are not third parties.
    """
    covered = covered_names(notices) | {canonicalize_name(project)}
    missing = []
    for entry in sorted(internal.iterdir()):
        if not entry.is_dir() or entry.name in PYTHON_ITSELF or entry.name.startswith("python3"):
            continue
        name = entry.name
        if name.endswith(".dist-info"):
            name = re.sub(r"-[^-]+\.dist-info$", "", name)
        name = name.removesuffix(".libs")
        if canonicalize_name(name) not in covered:
            missing.append(entry.name)
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--check-bundle", type=Path, metavar="INTERNAL_DIR")
    args = parser.parse_args(argv)
    text = render(components())
    args.output.write_text(text, encoding="utf-8")
    print(f"third-party notices: {args.output}")
    if args.check_bundle is not None:
        missing = uncovered_bundle_packages(args.check_bundle, text)
        if missing:
            print(
                f"third-party notices: {args.check_bundle} holds packages the notices do not cover: "
                f"{', '.join(missing)}; add their distributions to the requirements or drop them from the bundle.",
                file=sys.stderr,
            )
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
