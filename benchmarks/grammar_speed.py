"""Grammar check-up speed: 500 BLiMP minimal pairs scored with the default model (target < 30 s).

A model folder is written for the default configuration (``RunConfig()``: modern,
2 layers, d 256, WordPiece 4k trained on the pydoc sample; weights as initialised,
since speed does not depend on what the model learned) and loaded back as the app
loads a run, with one torch thread by default (``--threads``). The suite is the shipped BLiMP file, the first pairs of each of its
six paradigms up to 500 pairs (1,000 sentences). Timed, as medians of ``--repeats``:

- ``engine.inspect.grammar.check_grammar``: every sentence's masked copies scored
  together, grouped by length (``pair_scoring.score_many``);
- the baseline, in the same run: ``scoring.score_sentence`` one sentence at a
  time (each sentence's copies in one pass: what Explore's Score sentences does).

With ``--run DIR`` (a trained run folder) it also prints the run's accuracy and
its random twin's on the shipped BLiMP paradigms and on pairs generated from the
run's vocabulary, and the gap (run minus twin) per paradigm: docs/PERFORMANCE.md,
"Grammar check-ups".

    python benchmarks/grammar_speed.py [--repeats 3] [--baseline-repeats 3] [--threads 1] [--run DIR] [--smoke]
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import _common as common

TARGET_SECONDS = 30.0
PAIRS = 500


def timed_median(fn, repeats: int) -> tuple[float, float]:
    """Median wall-clock and median process CPU seconds per call (with one torch thread the CPU
    time is what a call costs on a core of its own, however busy the machine is)."""
    wall, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return common.median(wall), common.median(cpu)


def first_pairs(suite, total: int):
    from mlmstudio.engine.inspect.grammar_suites import Suite

    per = -(-total // len(suite.paradigms()))  # ceil
    return Suite(suite.name, suite.limited(per).pairs[:total])


def speed(args) -> None:
    from mlmstudio.config import TokenizerConfig
    from mlmstudio.engine.inspect.grammar import check_grammar
    from mlmstudio.engine.inspect.grammar_suites import shipped_blimp
    from mlmstudio.engine.inspect.scoring import score_sentence
    from mlmstudio.engine.predict import Predictor
    from mlmstudio.engine.samples import sample_text
    from mlmstudio.engine.tokenization import MLMTokenizer

    text = sample_text("pydoc")
    if args.smoke:
        text = text[:60_000]
    tokenizer = MLMTokenizer.train([text], TokenizerConfig(vocab_size=600 if args.smoke else 4000))
    total = 20 if args.smoke else PAIRS
    suite = first_pairs(shipped_blimp(), total)
    sentences = [s for p in suite.pairs for s in (p.good, p.bad)]
    tokens = sum(len(tokenizer.encode(s)) for s in sentences)
    repeats = 1 if args.smoke else args.repeats
    common.section(
        f"{len(suite.pairs)} pairs ({len(sentences)} sentences, {tokens} tokens), {repeats} repeats"
    )
    with tempfile.TemporaryDirectory() as tmp:
        preset = "tiny" if args.smoke else "default"
        predictor = Predictor.from_dir(_write_default(Path(tmp), tokenizer, tiny=args.smoke))
        check_grammar(predictor, first_pairs(suite, 6))  # warm-up
        batched, batched_cpu = timed_median(lambda: check_grammar(predictor, suite), repeats)
        alone, alone_cpu = timed_median(
            lambda: [score_sentence(predictor, s) for s in sentences],
            1 if args.smoke else args.baseline_repeats,
        )
    common.table(
        [
            ("check_grammar (all together)", batched, batched_cpu),
            ("score_sentence one by one", alone, alone_cpu),
        ],
        ["scoring", "median wall seconds", "median CPU seconds"],
    )
    print(f"model: {preset}; {common.machine_summary()}")
    common.ratio_line(
        f"grammar_speed_{len(suite.pairs)}_pairs_median_seconds",
        batched,
        f"< {TARGET_SECONDS:g}",
        batched < TARGET_SECONDS,
    )
    common.ratio_line(
        f"grammar_speed_{len(suite.pairs)}_pairs_median_cpu_seconds",
        batched_cpu,
        f"< {TARGET_SECONDS:g}",
        batched_cpu < TARGET_SECONDS,
    )
    common.ratio_line(
        "grammar_speed_one_by_one_over_together", alone_cpu / batched_cpu, "> 1", alone_cpu > batched_cpu
    )


def _write_default(out: Path, tokenizer, tiny: bool) -> Path:
    import torch

    from mlmstudio.config import RunConfig
    from mlmstudio.engine.artifacts import save_model_dir
    from mlmstudio.engine.model_factory import build_model

    config = RunConfig().with_preset("tiny") if tiny else RunConfig()
    torch.manual_seed(0)
    model = build_model(config.model, tokenizer.vocab_size, tokenizer.pad_token_id)
    return save_model_dir(out / "model", model, tokenizer, config, {})


def quality(run_dir: Path, pairs: int) -> None:
    from mlmstudio.engine.inspect.grammar import check_grammar, random_twin, resolve_suite
    from mlmstudio.engine.predict import Predictor

    run = Predictor.from_dir(run_dir)
    twin = random_twin(run_dir, seed=0)
    for spec in ("blimp", "generated"):
        suite = resolve_suite(spec, run_dir, per_paradigm=pairs, seed=0)
        common.section(f"{spec}: {len(suite.pairs)} pairs; the run against its random twin (seed 0)")
        ours, theirs = check_grammar(run, suite), check_grammar(twin, suite)
        rows = [
            (a.paradigm, a.pairs, a.accuracy, b.accuracy, a.accuracy - b.accuracy, a.unknown_pairs)
            for a, b in zip(ours, theirs, strict=True)
        ]
        mean_run = sum(r[2] for r in rows) / len(rows)
        mean_twin = sum(r[3] for r in rows) / len(rows)
        rows.append(("mean", len(suite.pairs), mean_run, mean_twin, mean_run - mean_twin, 0))
        common.table(rows, ["paradigm", "pairs", "run", "twin", "gap", "pairs with [UNK]"])
        common.ratio_line(
            f"grammar_gap_run_minus_twin_{spec}_mean", mean_run - mean_twin, "> 0", mean_run > mean_twin
        )


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--repeats", type=int, default=3, help="timed repeats of the suite (default 3)")
    p.add_argument(
        "--baseline-repeats", type=int, default=3, help="timed repeats of the baseline (default 3)"
    )
    p.add_argument(
        "--threads", type=int, default=1, help="torch threads (default 1: CPU time = an idle core's)"
    )
    p.add_argument("--run", type=Path, default=None, help="a trained run folder: also its gap to its twin")
    p.add_argument("--pairs", type=int, default=500, help="with --run: pairs per paradigm (default 500)")
    args = p.parse_args()
    import torch

    torch.set_num_threads(max(1, args.threads))
    print("grammar_speed:", common.machine_summary())
    speed(args)
    if args.run is not None:
        quality(args.run, args.pairs)


if __name__ == "__main__":
    main()
