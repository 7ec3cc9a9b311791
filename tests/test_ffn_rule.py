"""The feed-forward width follows 4 x width unless it is set: config, presets, old JSON, CLI."""

import argparse
import json

from mlmstudio.cli import main
from mlmstudio.cli.options import add_config_flags, config_from_args
from mlmstudio.config import ModelConfig, RunConfig
from mlmstudio.engine.estimates import estimate_parameters


def test_zero_means_four_times_the_width_and_a_number_is_kept():
    assert ModelConfig().ffn_dim == 0
    assert ModelConfig(d_model=128).ffn_width == 512
    assert ModelConfig(d_model=200, num_heads=4).ffn_width == 800
    assert ModelConfig(d_model=128, ffn_dim=300).ffn_width == 300


def test_presets_follow_the_width_and_keep_their_old_sizes():
    for preset, width in (("tiny", 512), ("small", 1024), ("base", 2048)):
        assert RunConfig().with_preset(preset).model.ffn_width == width


def test_json_round_trip_keeps_auto_and_an_old_explicit_ffn_loads_as_it_was():
    auto = RunConfig()
    assert RunConfig.from_json(auto.to_json()) == auto
    old = auto.to_dict()
    old["model"].update(d_model=128, ffn_dim=1024)  # a run saved before the rule: explicit 1024
    loaded = RunConfig.from_dict(old)
    assert loaded.model.ffn_width == 1024


def _parse(*argv: str) -> RunConfig:
    parser = argparse.ArgumentParser()
    add_config_flags(parser, ("model",))
    return config_from_args(parser.parse_args(list(argv)))


def test_cli_width_flag_brings_the_ffn_along_unless_ffn_is_given():
    assert _parse("--d-model", "128").model.ffn_width == 512
    assert _parse("--preset", "base", "--d-model", "64", "--heads", "4").model.ffn_width == 256
    assert _parse("--d-model", "128", "--ffn", "300").model.ffn_width == 300


def test_cli_params_shows_the_ffn_of_the_width(capsys):
    assert main(["params", "--d-model", "128", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["ffn_width"] == 512
    expected = estimate_parameters(ModelConfig(d_model=128), result["vocab_size"])
    assert result["params"] == expected
    assert main(["params", "--d-model", "128"]) == 0
    assert "feed-forward 512" in capsys.readouterr().out


def test_models_are_built_with_the_resolved_width():
    from mlmstudio.engine.model import count_parameters
    from mlmstudio.engine.model_factory import build_model

    for arch in ("modern", "seed"):
        cfg = ModelConfig(arch=arch, d_model=32, num_heads=4, num_layers=1, max_len=16)
        model = build_model(cfg, 50)
        widths = {m.out_features for name, m in model.named_modules() if name.endswith(("fc1", "linear1"))}
        assert widths == {128}
        assert count_parameters(model) == estimate_parameters(cfg, 50)
