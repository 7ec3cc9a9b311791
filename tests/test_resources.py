"""The shipped files: icons of the right sizes, a desktop entry and metainfo that validate.

desktop-file-validate (Debian: desktop-file-utils) and appstreamcli (Debian: appstream)
are what distributions and software centres run on these files; the tests run them when
they are installed (scripts/setup.sh installs them for the test flavour) and skip otherwise.
"""

from __future__ import annotations

import configparser
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mlmstudio import __version__, resource_paths
from mlmstudio.resource_paths import APP_ID, ICON_SIZES, PAGE_NAMES

REPO = Path(__file__).resolve().parents[1]


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (no imaging library needed)."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def test_resources_are_the_top_level_folder_mapped_into_the_package():
    found = resource_paths.resources_dir()
    assert (found / "__init__.py").is_file()
    if "site-packages" not in found.parts:  # an editable install reads the source tree's folder
        assert found.resolve() == (REPO / "resources").resolve()


@pytest.mark.parametrize("size", ICON_SIZES)
def test_each_app_icon_png_is_the_size_its_folder_says(size):
    path = resource_paths.app_icon_png(size)
    assert path.parent.parent.name == f"{size}x{size}"
    assert png_size(path) == (size, size)


def test_the_icon_folder_holds_exactly_the_listed_sizes():
    hicolor = resource_paths.resources_dir() / "icons" / "hicolor"
    folders = {p.name for p in hicolor.iterdir() if p.is_dir()}
    assert folders == {f"{s}x{s}" for s in ICON_SIZES} | {"scalable"}


def test_svg_icons_are_well_formed_svg():
    svgs = [resource_paths.app_icon_svg()] + [resource_paths.page_icon(p) for p in PAGE_NAMES]
    for svg in svgs:
        root = ET.parse(svg).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg", svg
        assert root.get("viewBox"), f"{svg} needs a viewBox to scale"


def test_unknown_icon_requests_say_what_exists():
    with pytest.raises(ValueError, match="16, 24"):
        resource_paths.app_icon_png(20)
    with pytest.raises(ValueError, match="corpus"):
        resource_paths.page_icon("settings")


def test_desktop_entry_names_the_icon_and_the_command():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive in desktop entries
    entry.read(resource_paths.desktop_entry(), encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Icon"] == APP_ID
    assert section["Exec"].split()[0] == "mlmstudio"
    assert section["Type"] == "Application"
    # X11 names the window's class after the executable; desktops match it to this entry by it.
    assert section["StartupWMClass"] == "mlmstudio"


def test_metainfo_matches_the_desktop_entry_and_the_version():
    root = ET.parse(resource_paths.metainfo()).getroot()
    assert root.findtext("id") == APP_ID
    assert root.find("launchable").text == f"{APP_ID}.desktop"
    assert __version__ in [r.get("version") for r in root.iter("release")], (
        "add a <release> for the current version to the metainfo"
    )


@pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None,
    reason="desktop-file-validate is not installed (apt-get install desktop-file-utils)",
)
def test_desktop_file_validate_passes():
    result = subprocess.run(
        ["desktop-file-validate", str(resource_paths.desktop_entry())],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and "error" not in result.stdout, result.stdout + result.stderr


@pytest.mark.skipif(
    shutil.which("appstreamcli") is None, reason="appstreamcli is not installed (apt-get install appstream)"
)
def test_appstreamcli_validate_passes():
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(resource_paths.metainfo())],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(
    shutil.which("rsvg-convert") is None,
    reason="rsvg-convert is not installed (apt-get install librsvg2-bin)",
)
def test_render_script_reproduces_the_committed_sizes(tmp_path):
    # Render into a copy so the committed PNGs are untouched; the sizes must come out the same.
    copy = tmp_path / "resources"
    shutil.copytree(
        resource_paths.resources_dir(), copy, ignore=shutil.ignore_patterns("__pycache__", "*.png")
    )
    subprocess.run(["bash", str(copy / "render_icons.sh")], check=True, capture_output=True, timeout=120)
    for size in ICON_SIZES:
        assert png_size(copy / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png") == (
            size,
            size,
        )
