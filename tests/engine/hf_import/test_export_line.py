"""The end-of-training line names the class export-hf really writes for a continued model."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mlmstudio.cli.progress import export_line
from mlmstudio.config import RunConfig
from mlmstudio.engine.hf_import.export_back import original_class_name


@pytest.mark.parametrize(
    "family, expected",
    [
        ("bert", "BertForMaskedLM"),
        ("roberta", "RobertaForMaskedLM"),
        ("xlm-roberta", "XLMRobertaForMaskedLM"),
    ],
)
def test_a_continued_run_exports_as_its_base_models_class(opened_folders, family, expected):
    if family not in opened_folders:
        pytest.skip(f"no tiny {family} folder")
    _origin, folder = opened_folders[family]
    base = RunConfig.from_json((folder / "config.json").read_text(encoding="utf-8"))
    config = replace(base, training=replace(base.training, start_from=str(folder)))
    assert original_class_name(config) == expected
    assert f"to Hugging Face {expected} with" in export_line(config, "abc123")


def test_a_run_trained_here_keeps_its_engine_class():
    assert original_class_name(RunConfig()) is None
