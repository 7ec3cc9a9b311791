"""The config's field metadata is the one place its bounds live, and validate() enforces all of it."""

import json
import math
from dataclasses import fields, replace

import pytest

from mlmstudio import bounded_json
from mlmstudio.config import SECTION_NAMES, ConfigError, ModelConfig, RunConfig, check_value, field_problem

NUMBER_FIELDS = [
    (section, f)
    for cls, section in SECTION_NAMES.items()
    for f in fields(cls)
    if type(f.default) in (int, float)
]
FLOAT_FIELDS = [(section, f) for section, f in NUMBER_FIELDS if type(f.default) is float]
CHOICE_FIELDS = [
    (section, f) for cls, section in SECTION_NAMES.items() for f in fields(cls) if "choices" in f.metadata
]


def _with(section: str, name: str, value) -> RunConfig:
    config = RunConfig()
    return replace(config, **{section: replace(getattr(config, section), **{name: value})})


def test_every_number_field_declares_both_bounds():
    assert NUMBER_FIELDS
    for section, f in NUMBER_FIELDS:
        assert "min" in f.metadata and "max" in f.metadata, f"{section}.{f.name}"


@pytest.mark.parametrize("section, f", NUMBER_FIELDS, ids=lambda p: getattr(p, "name", p))
def test_each_number_is_refused_just_outside_its_metadata_bounds(section, f):
    low, high = f.metadata["min"], f.metadata["max"]
    step = 1 if type(f.default) is int else max(abs(low), abs(high), 1) * 1e-6
    for value in (low - step, high + step, high * 1000 + 1):
        value = type(f.default)(value)
        with pytest.raises(ConfigError, match=rf"{section}\.{f.name}"):
            _with(section, f.name, value).validate()
    assert field_problem(f, low, "x") is None and field_problem(f, high, "x") is None


@pytest.mark.parametrize("section, f", FLOAT_FIELDS, ids=lambda p: getattr(p, "name", p))
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_every_float_must_be_finite(section, f, value):
    with pytest.raises(ConfigError, match="finite"):
        _with(section, f.name, value).validate()


@pytest.mark.parametrize("section, f", CHOICE_FIELDS, ids=lambda p: getattr(p, "name", p))
def test_every_choice_is_checked(section, f):
    with pytest.raises(ConfigError, match="Choose one of"):
        _with(section, f.name, "nonsense").validate()


def test_the_drift_of_issue_13_is_gone():
    """d_model had min 8 in the metadata while validate() accepted 1."""
    assert ModelConfig.__dataclass_fields__["d_model"].metadata["min"] == 8
    with pytest.raises(ConfigError, match="model.d_model"):
        RunConfig.from_dict({"model": {"d_model": 1, "num_heads": 1}}).validate()


@pytest.mark.parametrize(
    "data, fragment",
    [
        ({"model": {"num_layers": True}}, "whole number"),  # a bool is not an int
        ({"model": {"d_model": 256.0 + 0.5}}, "whole number"),
        ({"training": {"steps": 1e300}}, "training.steps"),  # an int far out of range
        ({"training": {"steps": "inf"}}, "whole number"),  # int(float('inf')) overflows
        ({"training": {"seed": 2**63}}, "training.seed"),
        ({"training": {"weight_decay": "nan"}}, "finite"),
        ({"training": {"time_budget": 1e400}}, "finite"),  # JSON's 1e400 is inf
        ({"model": {"distance_bias": "maybe"}}, "on or off"),
        ({"corpus": {"source": 3}}, "must be text"),
    ],
)
def test_values_from_json_are_typed_and_bounded(data, fragment):
    with pytest.raises(ConfigError, match=fragment):
        RunConfig.from_dict(data).validate()


def test_nan_literals_in_a_json_file_are_refused():
    with pytest.raises(ConfigError, match="finite"):
        RunConfig.from_json('{"training": {"lr": NaN}}').validate()
    with pytest.raises(ConfigError, match="finite"):
        RunConfig.from_json('{"training": {"grad_clip": Infinity}}').validate()


def test_check_value_bounds_a_lone_flag_by_the_same_metadata():
    from mlmstudio.config import TrainingConfig

    assert check_value(TrainingConfig, "seq_len", 64) == 64
    with pytest.raises(ConfigError, match="training.seq_len"):
        check_value(TrainingConfig, "seq_len", 10**12)


# --- JSON size and depth -----------------------------------------------------------------------


def test_deeply_nested_json_is_refused_without_recursion_error():
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000):
        with pytest.raises(ConfigError, match="nested"):
            RunConfig.from_json(text)


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert (
        bounded_json.nesting_depth('{"corpus": {"source": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}}') == 2
    )
    assert bounded_json.nesting_depth(r'["\"[[[[", [1]]') == 2


def test_a_huge_config_is_refused_by_size(tmp_path):
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"corpus": {"source": "x" * 2_000_000}}))
    with pytest.raises(ConfigError, match="larger than 1 MB"):
        RunConfig.from_file(big)
    with pytest.raises(ConfigError, match="larger than 1 MB"):
        RunConfig.from_json(big.read_text())


def test_an_endless_device_is_read_only_up_to_the_limit():
    with pytest.raises(ConfigError, match="larger than 1 MB"):
        RunConfig.from_file("/dev/zero")


def test_a_number_of_thousands_of_digits_is_a_config_error():
    with pytest.raises(ConfigError, match="not usable JSON"):
        RunConfig.from_json('{"training": {"steps": ' + "9" * 5000 + "}}")


def test_a_config_file_that_is_not_text_or_missing_says_so(tmp_path):
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ConfigError, match="not UTF-8"):
        RunConfig.from_file(binary)
    with pytest.raises(ConfigError, match="Cannot read"):
        RunConfig.from_file(tmp_path / "missing.json")
    with pytest.raises(ConfigError, match="Cannot read"):
        RunConfig.from_file(tmp_path)
