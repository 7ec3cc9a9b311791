"""Can a window open here? Asked before Qt is, so a missing display is a sentence, not an abort.

Qt cannot report a platform it fails to start: ``QGuiApplication`` calls
``qFatal`` and the process dies with SIGABRT (exit 134) after "Reinstalling
the application may fix this problem". So the launcher checks, without
creating any Qt object, the three things that make Qt give up:

1. a display to talk to: ``DISPLAY`` for X11 (``xcb``), ``WAYLAND_DISPLAY``
   for Wayland, or ``QT_QPA_PLATFORM`` naming a platform that needs none
   (``offscreen``, ``minimal``, ``vnc``);
2. the platform plugin's system libraries: the plugin in PySide6's
   ``plugins/platforms`` folder is loaded with ``dlopen``, which names the
   first missing library; ``ldd`` then lists all of them, and each is mapped
   to its Debian package for one ``apt-get install`` line;
3. for X11, a real connection to the server through ``libxcb`` (the same
   call Qt makes, with the same ``XAUTHORITY``), retried for a few seconds.
   An X server without ``-noreset`` (Xvfb as ``xvfb-run`` starts it) resets
   when its last client disconnects, and refuses connections while it does:
   a window opened right after another one closed failed to connect, and Qt
   aborted (docs/PERFORMANCE.md, "Start-up under Xvfb"). The launcher
   therefore keeps this connection open until Qt has its own
   (``release_held_connection``), so the server cannot reset in between.

Nothing here imports Qt: the checks are ``ctypes``, ``os`` and one ``ldd``
call when a library is missing. ``mlmstudio doctor`` reports the same facts.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from mlmstudio import command_hint

EXIT_NO_DISPLAY = 2

# What Qt needs on Debian/Ubuntu; the set-up (scripts/dev.py, run by scripts/setup.sh) installs
# this list, and the app's message names it.
QT_SYSTEM_PACKAGES = (
    "libglib2.0-0",
    "libgl1",
    "libegl1",
    "libfontconfig1",
    "fonts-dejavu-core",
    "libxkbcommon0",
    "libdbus-1-3",
    "libxcb-cursor0",
    "libxcb-icccm4",
    "libxcb-keysyms1",
    "libxcb-render-util0",
    "libxcb-shape0",
    "libxkbcommon-x11-0",
)

# Shared libraries the Qt platform plugins load, by the Debian package that ships them.
LIBRARY_PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
}

# Platforms that need no display server.
HEADLESS_PLATFORMS = {"offscreen", "minimal", "minimalegl", "vnc", "linuxfb", "eglfs", "vkkhrdisplay"}

CONNECT_RETRY_S = 3.0  # how long an X server that does not answer yet gets
CONNECT_RETRY_STEP_S = 0.1

# The launcher's X connection, held until Qt has connected (see the module docstring).
_held_connections: list[tuple[ctypes.CDLL, int]] = []

_MISSING_LIBRARY = re.compile(r"(lib[^\s:/]+\.so[.\d]*): cannot open shared object file")


@dataclass(frozen=True)
class DisplayProblem:
    """Why a window cannot open, and what the user can do about it."""

    what: str  # one sentence: what is missing
    missing_libraries: tuple[str, ...] = ()
    packages: tuple[str, ...] = ()  # the apt-get install line's packages, if any

    def message(self, program: str | None = None) -> str:
        program = program or command_hint.program()
        lines = [f"{program}: the window cannot open: {self.what}"]
        if self.packages:
            lines.append("  Install the missing system libraries (as root), then start it again:")
            lines.append(f"    {apt_line(self.packages)}")
        lines.append("  On a computer without a screen, use a virtual display:")
        lines.append(f"    xvfb-run -a {program}")
        lines.append("  Everything also works from the command line, which needs no display:")
        lines.append(f"    {program} --help")
        return "\n".join(lines)


@dataclass
class PluginStatus:
    """One Qt platform plugin in PySide6's plugins folder, and whether it loads."""

    name: str
    path: str
    loads: bool
    missing_libraries: list[str] = field(default_factory=list)
    error: str = ""


def apt_line(packages: tuple[str, ...] | list[str]) -> str:
    return "apt-get install -y --no-install-recommends " + " ".join(packages)


def packages_for(libraries: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Debian packages for missing libraries; Qt's whole list when one is not known."""
    packages = []
    for library in libraries:
        package = LIBRARY_PACKAGES.get(library)
        if package is None:
            return QT_SYSTEM_PACKAGES
        if package not in packages:
            packages.append(package)
    return tuple(packages)


# Which platform Qt will use ----------------------------------------------------------
def requested_platforms(env: Mapping[str, str]) -> list[str]:
    """The platform plugins Qt will try, in order (QT_QPA_PLATFORM may list fallbacks with ';')."""
    explicit = env.get("QT_QPA_PLATFORM", "").strip()
    if explicit:
        return [p.split(":", 1)[0].strip() for p in explicit.split(";") if p.strip()]
    if env.get("WAYLAND_DISPLAY") or env.get("XDG_SESSION_TYPE") == "wayland":
        return ["wayland", "xcb"]
    return ["xcb"]


def plugins_dir() -> Path | None:
    """PySide6's ``Qt/plugins/platforms`` folder, found without importing Qt."""
    try:
        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):  # a broken or blocked install: no plugins to be found
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for root in spec.submodule_search_locations:
        for candidate in (Path(root) / "Qt" / "plugins" / "platforms", Path(root) / "plugins" / "platforms"):
            if candidate.is_dir():
                return candidate
    return None


def plugin_path(name: str, directory: Path | None = None) -> Path | None:
    directory = directory if directory is not None else plugins_dir()
    if directory is None:
        return None
    path = directory / f"libq{name}.so"
    return path if path.exists() else None


def installed_plugins(directory: Path | None = None) -> list[str]:
    directory = directory if directory is not None else plugins_dir()
    if directory is None:
        return []
    return sorted(p.name[len("libq") : -len(".so")] for p in directory.glob("libq*.so"))


# Can the plugin load? -------------------------------------------------------------------
def probe_plugin(path: Path) -> PluginStatus:
    """dlopen the plugin (which loads its libraries); on failure, ldd lists every missing one."""
    name = path.name[len("libq") : -len(".so")] if path.name.startswith("libq") else path.name
    try:
        ctypes.CDLL(str(path), mode=os.RTLD_LAZY | os.RTLD_LOCAL)
    except OSError as exc:
        missing = missing_libraries(path) or _MISSING_LIBRARY.findall(str(exc))
        return PluginStatus(name, str(path), False, sorted(set(missing)), str(exc))
    return PluginStatus(name, str(path), True)


def missing_libraries(path: Path) -> list[str]:
    """Every library of ``path`` that the dynamic loader cannot find (``ldd``'s "not found")."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return []
    try:
        out = subprocess.run([ldd, str(path)], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [line.split("=>", 1)[0].strip() for line in out.splitlines() if "not found" in line]


# Can we talk to the display server? ----------------------------------------------------
XCB_ERRORS = {
    1: "the connection failed or was refused (no X server on that display, or this user may not "
    "connect to it: check DISPLAY and XAUTHORITY)",
    2: "the X server lacks an extension Qt needs",
    3: "out of memory",
    4: "a request was too long",
    5: "the DISPLAY value could not be understood",
    6: "the DISPLAY names a screen the X server does not have",
}


def xcb_connect_error(display: str, *, hold: bool = False) -> int | None:
    """0 when an X connection to ``display`` works, an XCB error code when not, None without libxcb.

    With ``hold``, a working connection stays open until ``release_held_connection()``.
    """
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return None
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]
    xcb.xcb_connection_has_error.restype = ctypes.c_int
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_get_setup.restype = ctypes.c_void_p
    xcb.xcb_get_setup.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(display.encode(), None)
    error = int(xcb.xcb_connection_has_error(connection))
    if error == 0 and not xcb.xcb_get_setup(connection):
        error = 1
    if error == 0 and hold:
        _held_connections.append((xcb, connection))
    else:
        xcb.xcb_disconnect(connection)  # also frees the error object xcb returns on failure
    return error


def wait_for_x_server(display: str, retry_s: float = CONNECT_RETRY_S, *, hold: bool = False) -> int | None:
    """Connect to ``display``, retrying a refused connection for ``retry_s`` (a server resetting)."""
    deadline = time.monotonic() + retry_s
    while True:
        error = xcb_connect_error(display, hold=hold)
        if error in (0, None) or error != 1 or time.monotonic() >= deadline:
            return error
        time.sleep(CONNECT_RETRY_STEP_S)


def release_held_connection() -> None:
    """Close the X connection the check kept open; call once Qt has connected to the display."""
    while _held_connections:
        xcb, connection = _held_connections.pop()
        xcb.xcb_disconnect(connection)


def wayland_socket(env: Mapping[str, str]) -> Path | None:
    name = env.get("WAYLAND_DISPLAY", "")
    if not name:
        return None
    path = Path(name)
    if not path.is_absolute():
        runtime = env.get("XDG_RUNTIME_DIR")
        if not runtime:
            if not hasattr(os, "getuid"):  # Windows: no Wayland, and no user id to find it by
                return None
            runtime = f"/run/user/{os.getuid()}"
        path = Path(runtime) / name
    return path


# The whole check ----------------------------------------------------------------------
def find_display_problem(
    env: Mapping[str, str] | None = None,
    *,
    directory: Path | None = None,
    retry_s: float = CONNECT_RETRY_S,
    hold_connection: bool = False,
) -> DisplayProblem | None:
    """None when Qt can open a window here; else what stands in the way.

    Every platform Qt would try is checked; the first that works ends the check,
    and when none does, the problem of the first one is the one reported. With
    ``hold_connection``, the X connection that proved the display works stays
    open until ``release_held_connection()``.
    """
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None  # Windows and macOS have one platform plugin and always a screen to use
    env = os.environ if env is None else env
    # Not found (a bundle that lays Qt out its own way): the plugins go unchecked, the display not.
    directory = directory if directory is not None else plugins_dir()
    problems = []
    for name in requested_platforms(env):
        problem = _platform_problem(name, env, directory, retry_s, hold_connection)
        if problem is None:
            return None
        problems.append(problem)
    return problems[0]


def _platform_problem(
    name: str, env: Mapping[str, str], directory: Path | None, retry_s: float, hold_connection: bool
) -> DisplayProblem | None:
    if name in ("xcb", "") and not env.get("DISPLAY"):
        return DisplayProblem(
            "there is no display (DISPLAY is not set, so there is no X11 server to show the window on)."
        )
    if name == "wayland":
        socket_path = wayland_socket(env)
        if socket_path is None or not socket_path.exists():
            return DisplayProblem(
                "there is no Wayland display (WAYLAND_DISPLAY is not set, or its socket does not exist)."
            )
    path = plugin_path(name, directory) if directory is not None else None
    if directory is not None and path is None:
        known = ", ".join(installed_plugins(directory)) or "none"
        return DisplayProblem(
            f'QT_QPA_PLATFORM asks for the Qt platform "{name}", which is not installed (installed: {known}).'
        )
    status = probe_plugin(path) if path is not None else PluginStatus(name, "", True)
    if not status.loads:
        libraries = tuple(status.missing_libraries)
        if libraries:
            what = (
                f'Qt\'s "{name}" platform plugin needs system libraries that are missing: '
                f"{', '.join(libraries)}."
            )
        else:
            what = f'Qt\'s "{name}" platform plugin cannot be loaded ({status.error}).'
        return DisplayProblem(what, libraries, packages_for(libraries) if libraries else QT_SYSTEM_PACKAGES)
    if name in ("xcb", ""):
        error = wait_for_x_server(env["DISPLAY"], retry_s, hold=hold_connection)
        if error:
            reason = XCB_ERRORS.get(error, f"XCB error {error}")
            return DisplayProblem(f'the X display "{env["DISPLAY"]}" cannot be reached: {reason}.')
    return None
