"""The local Hugging Face cache, read as a folder of models: nothing is ever downloaded.

Where it is, as huggingface_hub decides it: ``HF_HUB_CACHE``, else ``HF_HOME/hub``, else
``~/.cache/huggingface/hub``. Each model is ``models--ORG--NAME/snapshots/REVISION/`` whose files
are links into ``blobs/``; the revision ``refs/main`` names is the one used, else the newest
snapshot. A snapshot whose link points at a deleted blob is incomplete, and is named as such
rather than failing later inside a weights reader. huggingface_hub itself is not asked: its
lookups are made for downloads, and this module must work with the network switched off.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from mlmstudio.engine.hf_import.errors import ModelImportError
from mlmstudio.engine.hf_import.folder import CONFIG, link_problem, read_config, shown_name


@dataclass(frozen=True)
class CachedModel:
    """One model in the cache: its hub name, the snapshot folder, and whether it can be opened."""

    repo_id: str  # "org/name"
    snapshot: Path | None
    family: str  # "" when it cannot be opened
    problem: str  # "" when it can


def hub_cache_dir(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    if env.get("HF_HUB_CACHE"):
        return Path(env["HF_HUB_CACHE"]).expanduser()
    if env.get("HF_HOME"):
        return Path(env["HF_HOME"]).expanduser() / "hub"
    return Path.home() / ".cache" / "huggingface" / "hub"


def repo_folder_name(repo_id: str) -> str:
    return "models--" + repo_id.replace("/", "--")


def looks_like_repo_id(text: str) -> bool:
    """ORG/NAME or NAME as the hub spells it (not a path that exists).

    A Windows path (``C:\\models\\bert``, ``models\\bert``) has a backslash or a drive's colon,
    which no hub name has: it stays a path, so a missing folder is said to be missing.
    """
    if "\\" in text or ":" in text:
        return False
    parts = text.split("/")
    return (
        1 <= len(parts) <= 2 and all(p and not p.startswith(".") for p in parts) and not Path(text).exists()
    )


def snapshot_of(repo_id: str, cache: Path | None = None) -> Path:
    """The snapshot folder of a cached model, checked for deleted blobs; a sentence if it is not there."""
    cache = hub_cache_dir() if cache is None else cache
    repo = cache / repo_folder_name(repo_id)
    snapshots = repo / "snapshots"
    if repo.is_dir() and not snapshots.is_dir():  # its folder is there, its files never came
        raise ModelImportError(
            f"The cache's copy of {repo_id} has no snapshot (a download cut short). Download it again "
            "(or delete its cache folder)."
        )
    if not snapshots.is_dir():
        raise ModelImportError(
            f"{repo_id} is not in the local Hugging Face cache ({cache}). MLM Studio never downloads: "
            "download it with transformers or huggingface-cli first, or give its folder."
        )
    chosen = None
    ref = repo / "refs" / "main"
    if ref.is_file():
        revision = ref.read_text(encoding="utf-8", errors="replace").strip()
        if revision:
            # The revision huggingface_hub would use, or none: not a stale snapshot beside it, and not
            # a "revision" that climbs out of the cache (../../somewhere).
            named = snapshots / revision
            if "/" in revision or "\\" in revision or revision.startswith(".") or not named.is_dir():
                raise ModelImportError(
                    f"The cache's copy of {repo_id} is incomplete: its refs/main names the revision "
                    f"{revision[:60]!r}, which has no snapshot. Download the model again (or delete its "
                    "cache folder)."
                )
            chosen = named
    if chosen is None:
        candidates = sorted((p for p in snapshots.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime)
        if not candidates:
            raise ModelImportError(f"The cache's copy of {repo_id} has no snapshot. Download it again.")
        chosen = candidates[-1]
    _check_links(chosen, repo_id)
    return chosen


def _check_links(snapshot: Path, repo_id: str) -> None:
    for entry in sorted(snapshot.iterdir()):
        problem = link_problem(entry)
        if problem == "loop":
            raise ModelImportError(
                f"The cache's copy of {repo_id} is damaged: its {shown_name(entry.name)} is a link that leads "
                "back to itself. Download the model again (or delete its cache folder)."
            )
        if problem is not None:
            raise ModelImportError(
                f"The cache's copy of {repo_id} is incomplete: its {shown_name(entry.name)} is a link to a "
                "file that was deleted. Download the model again (or delete its cache folder)."
            )


def list_cached_models(cache: Path | None = None) -> list[CachedModel]:
    """Every model in the cache with a config.json, and for each whether it can be opened."""
    cache = hub_cache_dir() if cache is None else cache
    if not cache.is_dir():
        return []
    found = []
    for repo in sorted(cache.glob("models--*")):
        repo_id = repo.name[len("models--") :].replace("--", "/")
        try:
            snapshot = snapshot_of(repo_id, cache)
            if not (snapshot / CONFIG).is_file():
                continue  # not a model (a dataset or a tokenizer only)
            checked = read_config(snapshot)
            found.append(CachedModel(repo_id, snapshot, checked.family.name, ""))
        except ModelImportError as exc:
            found.append(CachedModel(repo_id, None, "", str(exc)))
    return found


__all__ = ["CachedModel", "hub_cache_dir", "list_cached_models", "looks_like_repo_id", "snapshot_of"]
