"""The packaging scripts, checked fast: they parse, their rules name real things, the desktop
entry installer works for a user without root.

The PyInstaller build itself takes minutes and is not run here (packaging/build.sh, then
packaging/smoke.sh on its archive; docs/PACKAGING.md).
"""

from __future__ import annotations

import glob
import importlib.util
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import mlmstudio
from mlmstudio.resource_paths import APP_ID, ICON_SIZES, resources_dir

REPO = Path(__file__).resolve().parents[2]
PACKAGING = REPO / "packaging"
SCRIPTS = sorted(PACKAGING.glob("*.sh")) + [
    REPO / "scripts" / "install_torch.sh",
    REPO / "scripts" / "setup.sh",
    REPO / "resources" / "render_icons.sh",
]


def load_bundle_rules():
    spec = importlib.util.spec_from_file_location("bundle_rules", PACKAGING / "bundle_rules.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def site_packages() -> Path:
    """Where torch and PySide6 are installed (found without importing torch)."""
    torch_dir = importlib.util.find_spec("torch").submodule_search_locations[0]
    return Path(torch_dir).parent


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_shell_scripts_parse(script):
    assert script.is_file(), f"{script} is missing"
    result = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr


def test_the_bundle_is_built_from_the_files_the_spec_names():
    spec = (PACKAGING / "mlmstudio.spec").read_text(encoding="utf-8")
    assert '"launcher.py"' in spec and (PACKAGING / "launcher.py").is_file()
    assert "from mlmstudio.launcher import main" in (PACKAGING / "launcher.py").read_text(encoding="utf-8")
    # build.sh copies these into the archive beside the launcher.
    build = (PACKAGING / "build.sh").read_text(encoding="utf-8")
    for copied in ("install-desktop-entry.sh", "icons/hicolor", "$app_id.desktop", "$app_id.metainfo.xml"):
        assert copied in build
    assert f'app_id="{APP_ID}"' in build
    assert (PACKAGING / "install-desktop-entry.sh").is_file()


def test_the_archive_version_is_the_package_version():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == mlmstudio.__version__


def test_every_file_rule_still_names_something_installed():
    rules = load_bundle_rules()
    site = site_packages()
    for name, patterns, keep in rules.FILE_RULES:
        if name.startswith("CUDA"):  # a guard: a CPU torch must match nothing
            matches = [p for p in patterns if glob.glob(str(site / p))]
            assert not matches, f"CUDA files are installed: {matches}"
            continue
        for pattern in patterns + keep:
            assert glob.glob(str(site / pattern)), f"rule {name!r}: {pattern} matches nothing installed"


def test_drop_files_counts_what_each_rule_removes(tmp_path):
    rules = load_bundle_rules()
    header = tmp_path / "a.h"
    header.write_bytes(b"x" * 100)
    manager = tmp_path / "manager"
    manager.write_bytes(b"y" * 7)
    toc = [
        ("torch/include/a.h", str(header), "DATA"),
        ("torch/bin/torch_shm_manager", str(manager), "BINARY"),
        ("torch/bin/test_api", str(manager), "BINARY"),
        ("mlmstudio/resources/x.svg", str(header), "DATA"),
    ]
    removed = {}
    kept = rules.drop_files(toc, removed)
    assert [entry[0] for entry in kept] == ["torch/bin/torch_shm_manager", "mlmstudio/resources/x.svg"]
    assert sorted(removed.values()) == [7, 100]


def test_a_link_to_a_dropped_library_is_dropped_with_it(tmp_path):
    """PyInstaller links Qt's libraries from the top of _internal/; a link to a dropped one would dangle.

    As in a real build's TOCs, the libraries are in binaries and their links in datas.
    """
    rules = load_bundle_rules()
    lib = tmp_path / "lib.so"
    lib.write_bytes(b"z" * 10)
    binaries = [
        ("PySide6/Qt/lib/libQt6EglFsKmsSupport.so.6", str(lib), "BINARY"),
        ("PySide6/Qt/lib/libQt6Core.so.6", str(lib), "BINARY"),
        ("PySide6/Qt/lib/libQt6XcbQpa.so.6", str(lib), "BINARY"),
        ("PySide6/Qt/plugins/platforms/libQt6XcbQpa.so.6", "../../lib/libQt6XcbQpa.so.6", "SYMLINK"),
    ]
    datas = [
        ("libQt6EglFsKmsSupport.so.6", "PySide6/Qt/lib/libQt6EglFsKmsSupport.so.6", "SYMLINK"),
        ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
    ]
    removed, dropped = {}, set()
    binaries = rules.drop_files(binaries, removed, dropped)
    datas = rules.drop_files(datas, removed, dropped)
    binaries, datas = rules.without_links_to(binaries, dropped), rules.without_links_to(datas, dropped)
    assert [entry[0] for entry in binaries] == [
        "PySide6/Qt/lib/libQt6Core.so.6",
        "PySide6/Qt/lib/libQt6XcbQpa.so.6",
        "PySide6/Qt/plugins/platforms/libQt6XcbQpa.so.6",
    ]
    assert [entry[0] for entry in datas] == ["libQt6Core.so.6"]
    assert sum(removed.values()) == 10
    spec = (PACKAGING / "mlmstudio.spec").read_text(encoding="utf-8")
    assert "a.datas = without_links_to(a.datas, dropped)" in spec


def test_excluded_modules_are_not_imported_by_the_app():
    rules = load_bundle_rules()
    source = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "mlmstudio").rglob("*.py"))
    for module in rules.EXCLUDED_MODULES:
        pattern = rf"^\s*(import|from)\s+{re.escape(module)}\b"
        assert not re.search(pattern, source, re.MULTILINE), (
            f"mlmstudio imports {module}, which the bundle drops"
        )
    # torch.compile's stack is imported when an optimizer is built: it must stay in the bundle.
    for needed in ("torch._dynamo", "torch._inductor", "sympy"):
        assert needed not in rules.EXCLUDED_MODULES


def test_the_pydoc_sample_sources_go_where_sysconfig_looks_in_the_bundle():
    rules = load_bundle_rules()
    sources = rules.stdlib_sources()
    assert len(sources) > 100
    assert {target for _, target in sources} == {
        f"lib/python{sys.version_info.major}.{sys.version_info.minor}"
    }
    assert all(Path(src).suffix == ".py" for src, _ in sources)


def fake_bundle(folder: Path) -> Path:
    """The layout build.sh gives the archive, with a stand-in launcher."""
    (folder / "share").mkdir(parents=True)
    shutil.copy(PACKAGING / "install-desktop-entry.sh", folder)
    (folder / "mlmstudio").write_text("#!/bin/sh\necho mlmstudio\n")
    (folder / "mlmstudio").chmod(0o755)
    shutil.copytree(resources_dir() / "icons" / "hicolor", folder / "share" / "icons")
    for suffix in (".desktop", ".metainfo.xml"):
        shutil.copy(resources_dir() / f"{APP_ID}{suffix}", folder / "share")
    return folder


def test_install_desktop_entry_registers_the_app_for_the_user_and_uninstalls(tmp_path):
    bundle = fake_bundle(tmp_path / 'MLM Studio "test" $HOME')
    home = tmp_path / "home"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home)}
    subprocess.run(
        ["bash", str(bundle / "install-desktop-entry.sh")],
        check=True,
        env=env,
        capture_output=True,
        timeout=60,
    )
    data = home / ".local" / "share"
    entry = data / "applications" / f"{APP_ID}.desktop"
    text = entry.read_text(encoding="utf-8")
    # Quoted and escaped as the desktop entry spec asks: \" and \$ inside quotes, then \\ for each \.
    assert 'Exec="' + str(bundle / "mlmstudio").replace('"', '\\\\"').replace("$", "\\\\$") + '"' in text
    for size in ICON_SIZES:
        assert (data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    assert (data / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout
    subprocess.run(
        ["bash", str(bundle / "install-desktop-entry.sh"), "--uninstall"],
        check=True,
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert not entry.exists()
    assert not list((data / "icons").rglob(f"{APP_ID}.*"))


def test_install_desktop_entry_refuses_an_unknown_option(tmp_path):
    bundle = fake_bundle(tmp_path / "bundle")
    result = subprocess.run(
        ["bash", str(bundle / "install-desktop-entry.sh"), "--system"],
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "unknown option" in result.stderr and "Traceback" not in result.stderr


def test_the_constraints_pin_every_runtime_requirement_and_the_builds_use_them():
    lines = [
        line
        for line in (PACKAGING / "constraints.txt").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    pins = {}
    for line in lines:
        name, sep, version = line.partition("==")
        assert sep and re.fullmatch(r"[0-9][0-9A-Za-z.+!-]*", version), f"not an exact pin: {line}"
        pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    assert pins["torch"].endswith("+cpu")
    assert "pyinstaller" in pins and "mlmstudio" not in pins
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for requirement in project["dependencies"]:
        name = re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0]
        assert re.sub(r"[-_.]+", "-", name).lower() in pins, f"{name} has no exact version in constraints.txt"
    build = (PACKAGING / "build.sh").read_text(encoding="utf-8")
    assert 'constraints="$root/packaging/constraints.txt"' in build and 'pin=(-c "$constraints")' in build
    assert 'cp "$build_dir/constraints.txt" "$stage/constraints.txt"' in build
    wheelhouse = (PACKAGING / "wheelhouse.sh").read_text(encoding="utf-8")
    assert "$root/packaging/constraints.txt" in wheelhouse and '--constraint "$constraints"' in wheelhouse
