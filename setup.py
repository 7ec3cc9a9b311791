"""Package layout that pyproject.toml cannot express: ``resources/`` installed as ``mlmstudio.resources``.

Everything else about the project (metadata, dependencies, package data) is in
pyproject.toml. The icons, desktop entry and metainfo live in ``resources/`` at
the top of the repository, where desktop tooling and packagers look for them;
mapping that folder into the package makes every install (wheel, editable,
PyInstaller bundle) carry them. ``packages.find`` in pyproject.toml only finds
folders under their own name, hence this file.
"""

from setuptools import find_namespace_packages, setup

setup(
    packages=find_namespace_packages(include=["mlmstudio", "mlmstudio.*"]) + ["mlmstudio.resources"],
    package_dir={"mlmstudio.resources": "resources"},
)
