"""What the desktop bundle leaves out, as data: read by packaging/mlmstudio.spec and by the tests.

Kept apart from the spec (which only PyInstaller can run) so that a fast test can check
that every rule still names something that exists in the installed torch and PySide6,
and docs/PACKAGING.md can name each rule with what it saved (the build writes the bytes
each rule removed to exclusions.json).
"""

from __future__ import annotations

import fnmatch
import os
import posixpath
import sys
import sysconfig
from pathlib import Path

# Python packages the app never imports. Not among them: the torch.compile stack
# (torch._dynamo, torch._inductor, sympy, mpmath, torch.onnx), which looks unused but is
# imported when the first optimizer is built (torch/_compile.py); the bundle failed to train
# without it. networkx and jinja2 serve only compilation, which the app never asks for.
EXCLUDED_MODULES = [
    "networkx",
    "jinja2",
    "functorch",
    "torch.utils.tensorboard",
    "tensorboard",
    "tkinter",
    "_tkinter",
    "IPython",
    "matplotlib",
    "pytest",
    "transformers",
]

# The languages the app is translated into: Qt's translation of its own strings is kept for them.
APP_LANGUAGES = ["de"]
QT_TRANSLATIONS_KEPT = [f"PySide6/Qt/translations/qtbase_{language}.qm" for language in APP_LANGUAGES]

# Files dropped after analysis, by their path inside the bundle (fnmatch patterns).
# Each rule is (name used in docs/PACKAGING.md, patterns, patterns kept despite the first).
FILE_RULES = [
    (
        "torch C++ test programs (torch/test, torch/bin)",
        ["torch/test/*", "torch/bin/*"],
        ["torch/bin/torch_shm_manager"],
    ),
    (
        "torch C++ headers and CMake files (torch/include, torch/share)",
        ["torch/include/*", "torch/share/*"],
        [],
    ),
    (
        "torch test libraries (torch/lib/*test*.so and friends)",
        [
            "torch/lib/libjitbackend_test.so",
            "torch/lib/libtorchbind_test.so",
            "torch/lib/libbackend_with_compiler.so",
            "torch/lib/libaoti_custom_ops.so",
        ],
        [],
    ),
    # Qt's own strings (OK, Cancel, a text field's menu) are kept for the languages the app
    # ships a translation of (mlmstudio/gui/translations/mlmstudio_*.qm, gui/i18n.py).
    (
        "Qt translations (but those of the app's languages)",
        ["PySide6/Qt/translations/*"],
        QT_TRANSLATIONS_KEPT,
    ),
    (
        "Qt plugins a desktop window does not use (eglfs, vnc, evdev, network, TLS, SQL, QML, designer, print)",
        [
            "PySide6/Qt/plugins/egldeviceintegrations/*",
            "PySide6/Qt/plugins/generic/*",
            "PySide6/Qt/plugins/networkinformation/*",
            "PySide6/Qt/plugins/tls/*",
            "PySide6/Qt/plugins/sqldrivers/*",
            "PySide6/Qt/plugins/qmltooling/*",
            "PySide6/Qt/plugins/qmllint/*",
            "PySide6/Qt/plugins/designer/*",
            "PySide6/Qt/plugins/printsupport/*",
            "PySide6/Qt/plugins/platforms/libqeglfs.so",
            "PySide6/Qt/plugins/platforms/libqlinuxfb.so",
            "PySide6/Qt/plugins/platforms/libqminimalegl.so",
            "PySide6/Qt/plugins/platforms/libqvnc.so",
            "PySide6/Qt/plugins/platforms/libqvkkhrdisplay.so",
            "PySide6/Qt/plugins/platforminputcontexts/libqtvirtualkeyboardplugin.so",
            "PySide6/Qt/lib/libQt6EglFSDeviceIntegration.so.6",
            "PySide6/Qt/lib/libQt6EglFsKmsSupport.so.6",
        ],
        [],
    ),
    (
        "CUDA libraries (none in a CPU torch; the rule guards against a CUDA build slipping in)",
        [
            "nvidia/*",
            "*libcudart*",
            "*libcublas*",
            "*libcudnn*",
            "*libnccl*",
            "*libcusparse*",
            "*libcufft*",
            "*libcurand*",
            "*libcusolver*",
            "*libnvrtc*",
            "*libnvJitLink*",
            "triton/*",
        ],
        [],
    ),
]


def stdlib_sources():
    """The standard library's top-level .py files, where sysconfig says they are in the bundle.

    The ``sample:pydoc`` corpus reads their docstrings as text (engine/samples.py); a frozen
    app otherwise has them only as bytecode. sysconfig's stdlib path in the bundle is
    <bundle>/_internal/lib/pythonX.Y, the same relative place as in a Python install.
    """
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    target = f"lib/python{sys.version_info.major}.{sys.version_info.minor}"
    return [(str(path), target) for path in sorted(stdlib.glob("*.py"))]


def _rule_of(dest):
    """The name of the FILE_RULES rule that drops the bundle path ``dest``, or None."""
    for name, patterns, keep in FILE_RULES:
        if any(fnmatch.fnmatch(dest, p) for p in patterns) and not any(
            fnmatch.fnmatch(dest, p) for p in keep
        ):
            return name
    return None


def drop_files(toc, removed, dropped=None):
    """``toc`` without the entries a FILE_RULES rule matches; adds the dropped bytes to ``removed``.

    The dropped bundle paths are added to ``dropped`` too: PyInstaller links a library it
    collected under a package (PySide6/Qt/lib/libQt6EglFsKmsSupport.so.6) from the top of
    _internal/, and keeps those SYMLINK entries in the *datas* list while the library is
    in *binaries*, so the spec drops links with ``without_links_to`` once both lists are done.
    """
    dropped = set() if dropped is None else dropped
    kept = []
    for entry in toc:
        dest = entry[0].replace(os.sep, "/")
        name = _rule_of(dest)
        if name is None:
            kept.append(entry)
            continue
        dropped.add(dest)
        try:
            removed[name] = removed.get(name, 0) + os.path.getsize(entry[1])
        except OSError:
            pass
    return without_links_to(kept, dropped)


def without_links_to(toc, dropped):
    """``toc`` without SYMLINK entries whose target is a dropped path: kept, they would dangle."""
    return [entry for entry in toc if not (_is_link(entry) and _link_target(entry) in dropped)]


def _is_link(entry):
    return len(entry) > 2 and entry[2] == "SYMLINK"


def _link_target(entry):
    """A SYMLINK entry's target as a bundle path (its source is relative to the link's folder)."""
    dest = entry[0].replace(os.sep, "/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(dest), entry[1].replace(os.sep, "/")))
