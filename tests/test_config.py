"""RunConfig: defaults, validation messages, presets and JSON round trips."""

import json
from dataclasses import replace

import pytest

from mlmstudio.config import MODEL_PRESETS, ConfigError, MaskingConfig, ModelConfig, RunConfig, TrainingConfig


def test_default_config_is_valid_and_round_trips_through_json():
    config = RunConfig().validate()
    assert RunConfig.from_json(config.to_json()) == config


def test_older_json_loads_with_missing_keys_defaulted():
    old = {"model": {"arch": "seed", "d_model": 64}, "training": {"steps": 10}}
    config = RunConfig.from_dict(old)
    assert config.model.arch == "seed" and config.model.d_model == 64
    assert config.model.num_heads == ModelConfig().num_heads
    assert config.masking == MaskingConfig()


@pytest.mark.parametrize(
    "data, fragment",
    [
        ({"model": {"d_model": 130, "num_heads": 4}}, "divisible by the number of heads"),
        ({"masking": {"mask_replace_prob": 0.8, "random_replace_prob": 0.3}}, "add up to more than 1"),
        ({"training": {"seq_len": 512}, "model": {"max_len": 128}}, "longer than the model's maximum"),
        ({"tokenizer": {"kind": "sentencepiece"}}, "Choose one of: char, word, wordpiece, bpe"),
        ({"training": {"lr": 0}}, "learning rate"),
    ],
)
def test_invalid_settings_give_a_sentence_naming_the_problem(data, fragment):
    with pytest.raises(ConfigError, match=fragment):
        RunConfig.from_dict(data).validate()


def test_errors_lists_every_problem():
    config = RunConfig(model=ModelConfig(d_model=130), training=TrainingConfig(lr=-1))
    problems = config.errors()
    assert len(problems) == 2
    assert any("divisible" in p for p in problems) and any("learning rate" in p for p in problems)


def test_wrong_types_and_unknown_keys_are_refused():
    with pytest.raises(ConfigError, match="training.steps must be a whole number"):
        RunConfig.from_dict({"training": {"steps": "many"}})
    with pytest.raises(ConfigError, match="Unknown setting"):
        RunConfig.from_dict({"training": {"stepz": 3}})
    with pytest.raises(ConfigError, match="not valid JSON"):
        RunConfig.from_json("{nope")


def test_presets_set_the_model_shape_only():
    base = replace(RunConfig(), training=replace(TrainingConfig(), steps=7))
    tiny = base.with_preset("tiny")
    assert tiny.model.d_model == MODEL_PRESETS["tiny"]["d_model"]
    assert tiny.training.steps == 7
    for name in MODEL_PRESETS:
        base.with_preset(name).validate()


def test_seed_zero_is_a_seed():
    config = RunConfig.from_dict({"training": {"seed": 0}})
    assert json.loads(config.to_json())["training"]["seed"] == 0


def test_saved_configs_carry_their_version_and_old_ones_keep_the_model_they_trained():
    import json

    import pytest

    from mlmstudio.config import CONFIG_VERSION, ConfigError, RunConfig

    new = json.loads(RunConfig().to_json())
    assert new["config_version"] == CONFIG_VERSION == 2
    assert RunConfig.from_json(RunConfig().to_json()) == RunConfig()
    # Version 1 (no key): written when learned positions and the distance bias were the defaults.
    old = {k: v for k, v in new.items() if k != "config_version"}
    old["model"] = {k: v for k, v in old["model"].items() if k not in ("positions", "distance_bias")}
    model = RunConfig.from_dict(old).model
    assert (model.positions, model.distance_bias) == ("learned", True)
    assert RunConfig().model.positions == "rotary" and not RunConfig().model.distance_bias
    # What an old file said explicitly stays as it was.
    old["model"]["distance_bias"] = False
    assert RunConfig.from_dict(old).model.distance_bias is False
    for bad in (3, 0, "2", True, None):
        with pytest.raises(ConfigError, match="version"):
            RunConfig.from_dict({**new, "config_version": bad})
