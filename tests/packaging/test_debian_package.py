"""The .deb's dependencies and copyright file (packaging/debian_package.py), checked fast.

Building the .deb needs a built bundle (minutes); packaging/build-deb.sh and smoke-deb.sh do
that, and docs/PACKAGING.md ("The .deb") has their output.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "packaging" / "debian_package.py"


def load():
    spec = importlib.util.spec_from_file_location("debian_package", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_the_libraries_the_bundle_lacks_become_depends_and_the_gtk_themes_a_recommendation():
    deb = load()
    needs = deb.SystemNeeds(
        users={
            "libc.so.6": ["mlmstudio", "_internal/libpython3.11.so.1.0"],
            "libGL.so.1": ["_internal/PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so"],
            "libgtk-3.so.0": ["_internal/PySide6/Qt/plugins/platformthemes/libqgtk3.so"],
            "libwayland-egl.so.1": ["_internal/PySide6/Qt/lib/libQt6WaylandEglClientHwIntegration.so.6"],
            "libmystery.so.9": ["_internal/something.so"],
        },
        glibc=(2, 36),
    )
    installed = {"libc.so.6": "libc6", "libGL.so.1": "libgl1"}  # what dpkg -S knows here
    depends, recommends, unknown = deb.relations(needs, installed.get)
    assert depends[0] == "libc6 (>= 2.36)"
    assert depends[1:] == sorted(["fontconfig-config", "fonts-dejavu-core", "libgl1", "libwayland-egl1"])
    assert recommends == ["libgtk-3-0"]
    assert unknown == ["libmystery.so.9"]


@pytest.mark.skipif(shutil.which("readelf") is None, reason="needs readelf (binutils)")
def test_a_real_elf_file_is_read_for_its_libraries_and_glibc_version(tmp_path):
    deb = load()
    folder = tmp_path / "bundle"
    folder.mkdir()
    shutil.copy(shutil.which("env"), folder / "env")  # an ELF program that needs libc
    (folder / "libown.so.1").write_bytes(b"not needed by anyone")
    (folder / "notes.txt").write_text("not an ELF file")
    needs = deb.system_needs(folder)
    assert needs.users["libc.so.6"] == ["env"]
    assert needs.glibc >= (2, 2)
    assert deb.elf_files(folder) == [folder / "env"]


def test_licence_expressions_become_dep5_names():
    deb = load()
    assert deb.dep5_licence("MIT License") == "Expat"
    assert deb.dep5_licence("Apache-2.0 OR BSD-2-Clause") == "Apache-2.0 or BSD-2-clause"
    assert (
        deb.dep5_licence("Apache-2.0 WITH LLVM-exception AND MIT")
        == "Apache-2.0 with LLVM exception and Expat"
    )
    assert deb.licence_names("Apache-2.0 WITH LLVM-exception AND MIT") == ["Apache-2.0", "Expat"]
    assert deb.dep5_licence("LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only") == "LGPL-3 or GPL-2 or GPL-3"


def test_the_copyright_file_covers_each_notice_and_defines_every_licence_it_uses(tmp_path):
    deb = load()
    components = deb.read_notices((REPO / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8"))
    names = {c.name.lower() for c in components}
    assert {"torch", "pyside6_essentials", "numpy"} <= names
    bundle = tmp_path / "bundle"
    (bundle / "_internal" / "mlmstudio" / "resources" / "grammar").mkdir(parents=True)
    (bundle / "_internal" / "mlmstudio" / "resources" / "grammar" / "LICENSE").write_text("CC BY 4.0\n")
    text = deb.copyright_text(components, "", bundle)
    paragraphs = text.strip().split("\n\n")
    assert paragraphs[0].startswith(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    )
    assert "Source:" not in paragraphs[0]  # no homepage given: no made-up one
    files = [p for p in paragraphs if p.startswith("Files: ")]
    assert files[0].startswith("Files: *\n") and "License: Expat" in files[0]
    torch = next(p for p in files if "opt/mlmstudio/_internal/torch/*" in p)
    assert re.search(r"^License: .*BSD-3-clause", torch, re.MULTILINE) and "Comment: torch 2." in torch
    assert any("resources/grammar/*" in p and "License: CC-BY-4.0" in p for p in files)
    used = set()
    for paragraph in files:
        expression = re.search(r"^License: (.*)$", paragraph, re.MULTILINE).group(1)
        used.update(re.sub(r" with \S+ exception", "", expression).replace(" or ", " and ").split(" and "))
    standalone = {
        p.split("\n", 1)[0].removeprefix("License: ") for p in paragraphs if p.startswith("License: ")
    }
    assert used <= standalone, f"licences without their own paragraph: {sorted(used - standalone)}"
    expat = next(p for p in paragraphs if p.startswith("License: Expat\n"))
    assert "Permission is hereby granted" in expat
    lgpl = next(p for p in paragraphs if p.startswith("License: LGPL-3\n"))
    assert "/usr/share/common-licenses/LGPL-3" in lgpl
