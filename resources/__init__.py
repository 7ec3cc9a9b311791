"""MLM Studio's icons, desktop entry and AppStream metainfo, installed as ``mlmstudio.resources``.

The files live in ``resources/`` at the top of the repository (beside
``pyproject.toml``, where desktop tooling expects them) and setuptools maps the
folder into the package (``setup.py``), so a wheel, an editable install and the
PyInstaller bundle all carry them. Code finds them through
:mod:`mlmstudio.resource_paths`, never by a path relative to the source tree.
"""
