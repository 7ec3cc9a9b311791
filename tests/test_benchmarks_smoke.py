"""The benchmark scripts still run: each one, with --smoke (tiny sizes), prints its ratio lines.

These are not measurements and assert nothing about speed (timings on a shared
machine mean nothing in a test); they keep the scripts from rotting as the
engine, the store and the GUI change under them. Marked ``bench``: scripts/test.sh
runs them as their own step, one script per worker (each takes seconds of its own
and mostly waits on its child processes).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
RATIO_LINE = re.compile(r"^RATIO (\w+): (-?[0-9.]+|inf|nan) \(target [<>]=? ?[0-9.]+\)$", re.MULTILINE)

# script -> ratio names (regular expressions) it must print in smoke mode; those that need
# transformers are added below
EXPECTED = {
    "train_throughput.py": [],
    "quality_per_time.py": ["quality_per_time_sweep_default_over_best_accuracy"],
    "gui_overhead.py": ["gui_overhead_app_over_headless_tokens_per_s", "gui_overhead_gui_tick_p99_delay_ms"],
    "gui_responsiveness.py": ["gui_responsiveness_model_load_p99_delay_ms"],
    "fill_latency.py": [
        "fill_latency_tiny_one_mask_median_ms",
        "fill_latency_tiny_iterative_3_masks_median_ms",
    ],
    "score_latency.py": [
        "score_latency_tiny_pll_30_tokens_median_ms",
        "score_latency_tiny_one_at_a_time_over_batched",
    ],
    "token_loss_speed.py": [
        "token_loss_tiny_50k_tokens_median_seconds",
        "token_loss_tiny_over_trainer_evaluate",
    ],
    "attention_latency.py": [
        "attention_latency_tiny_modern_64_tokens_median_ms",
        "attention_latency_tiny_seed_over_plain_forward",
    ],
    "temperature_redraw.py": ["temperature_redraw_default_p99_ms", "temperature_redraw_bert_base_p99_ms"],
    "corpus_scale.py": [
        "corpus_scale_time_per_mb_largest_over_smallest",
        "corpus_scale_peak_memory_over_corpus_size_largest",
    ],
    "history_scale.py": ["history_open_30_runs_seconds", "curve_redraw_5000_points_ms"],
    "cold_start.py": ["cold_start_app_shown_median_seconds", "cold_start_app_over_bare_window_median"],
    "masking_speed.py": ["masking_span_over_token"],
    "grammar_speed.py": [
        r"grammar_speed_\d+_pairs_median_seconds",
        r"grammar_speed_\d+_pairs_median_cpu_seconds",
        "grammar_speed_one_by_one_over_together",
    ],
    "electra_vs_mlm.py": ["electra_over_mlm_seed_detection_auc_facts"],
    "electra_defaults.py": ["electra_defaults_best_over_first_flagged"],
    "quick_start.py": ["quick_start_facts_probes_answered_median", "quick_start_probes_over_previous_recipe"],
    "forecast_error.py": ["forecast_error_25_median_abs_nats", "forecast_error_50_over_last_value"],
    "queue_overhead.py": [
        "queue_overhead_added_seconds_median",
        "queue_overhead_own_calls_seconds_median",
        "queue_overhead_queued_over_direct_gap_median",
    ],
    "probe_cost.py": [
        "probe_cost_with_over_without_wall_median",
        "probe_cost_with_over_without_cpu_median",
        "probe_cost_share_by_parts",
        "probe_cost_steps_after_a_pass_over_after_none",
    ],
    "contention.py": [
        "contention_policy_at_cores_over_fair_share",
        "contention_policy_over_one_thread_at_cores",
    ],
    "vocab_extension.py": [
        "vocab_extension_mean_over_random_new_word_loss",
        "vocab_extension_mean_over_random_held_out_loss",
    ],
    "starting_point.py": ["starting_point_continued_over_scratch_held_out_loss"],
    "continued_speed.py": [],  # transformers' BertForMaskedLM on both sides: only with it
    "open_model.py": [],
    "transfer_probe.py": [
        r"transfer_probe_\d+_examples_median_seconds",
        r"transfer_probe_\d+_examples_median_cpu_seconds",
        "transfer_probe_features_over_plain_forward_cpu",
    ],
}
WITH_TRANSFORMERS = {
    # bf16 or fp32: whichever precision the app picks on this machine
    "train_throughput.py": [r"train_throughput_(bf16|fp32)_default_vs_hf", "train_throughput_fp32_vs_hf"],
    "quality_per_time.py": ["quality_per_time_time_to_hf_final_accuracy_over_budget"],
    "fill_latency.py": ["fill_latency_tiny_hf_pipeline_over_ours_same_seed_model"],
    "continued_speed.py": ["continued_speed_engine_over_hf_tokens_per_s"],
    "open_model.py": ["open_model_open_p99_delay_ms", "open_model_first_prediction_p99_delay_ms"],
}


def _has_transformers() -> bool:
    try:
        import transformers  # noqa: F401
    except ImportError:
        return False
    return True


def test_every_benchmark_script_is_covered():
    scripts = {p.name for p in BENCHMARKS.glob("*.py") if not p.name.startswith("_")}
    assert scripts == set(EXPECTED)


@pytest.mark.slow
@pytest.mark.bench
@pytest.mark.timeout(600)  # seconds alone, but minutes on a machine that is busy with other work
@pytest.mark.parametrize("script", sorted(EXPECTED))
def test_benchmark_runs_in_smoke_mode(script, tmp_path):
    scratch = tmp_path / "tmp"  # the script's temporary files: none may stay behind
    scratch.mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "MLMSTUDIO_HOME": str(tmp_path / "home")}
    env["TMPDIR"] = str(scratch)
    proc = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "--smoke"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=540,  # before pytest's own timeout, so that the script's output is shown
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    printed = {m.group(1) for m in RATIO_LINE.finditer(proc.stdout)}
    expected = EXPECTED[script] + (WITH_TRANSFORMERS.get(script, []) if _has_transformers() else [])
    if script == "train_throughput.py" and not _has_transformers():
        expected = ["train_throughput_ours_bf16_vs_ours_fp32"]
    if not expected and script in WITH_TRANSFORMERS:
        pytest.skip(f"{script} measures transformers' own models: it needs transformers")
    assert expected, script
    missing = [name for name in expected if not any(re.fullmatch(name, p) for p in printed)]
    assert not missing, f"{script} did not print {missing}:\n{proc.stdout[-3000:]}"
    # torch keeps its compiled kernels in TMPDIR/torchinductor_USER on purpose: a cache, not a leak
    left = sorted(p.name for p in scratch.iterdir() if not p.name.startswith("torchinductor_"))
    assert not left, f"{script} left temporary files behind: {left}"
