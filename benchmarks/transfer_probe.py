"""Transfer probe speed: a linear probe on 2,000 labelled examples with the default model (target < 60 s).

A model folder is written for the default configuration (``RunConfig()``: modern, 2 layers,
d 256, WordPiece 4k trained on the pydoc sample; weights as initialised, since the speed does
not depend on what the model learned) and loaded back as a run is. The task is 2,000 sentences
of the pydoc sample, original or word-shuffled (``corpus_tasks.shuffled_task``). Timed, as
medians of ``--repeats``, with ``--threads`` torch threads (default 1: the CPU time is then an
idle core's, however busy the machine is):

- the probe: the texts tokenized, the mean-pooled last layer read (``features.pooled_features``)
  and the logistic regression fitted and scored for 3 seeds (``probe.fit_probe``);
- the baseline, in the same run: one plain forward pass of the model over the same batches
  (its full output, the vocabulary logits included), which is what reading the features would
  cost without the hook that stops at the last layer.

With ``--run DIR`` (a trained run folder) it also evaluates the run on the shipped demo task
(``sample:kinds``) against its random twin and prints the gap (run minus twin): docs/PERFORMANCE.md,
"Transfer probe".

    python benchmarks/transfer_probe.py [--repeats 3] [--threads 1] [--run DIR] [--seeds 3] [--smoke]
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import _common as common

TARGET_SECONDS = 60.0
EXAMPLES = 2000


def timed_median(fn, repeats: int) -> tuple[float, float]:
    wall, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return common.median(wall), common.median(cpu)


def speed(args) -> None:
    import torch

    from mlmstudio.config import TokenizerConfig
    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.evaluate.corpus_tasks import shuffled_task
    from mlmstudio.engine.evaluate.features import batches, encode_texts, pooled_features
    from mlmstudio.engine.evaluate.probe import accuracy, fit_probe, split_examples
    from mlmstudio.engine.samples import sample_text
    from mlmstudio.engine.tokenization import MLMTokenizer

    text = sample_text("pydoc")
    examples = 200 if args.smoke else EXAMPLES
    tokenizer = MLMTokenizer.train(
        [text[:200_000] if args.smoke else text], TokenizerConfig(vocab_size=600 if args.smoke else 4000)
    )
    task = shuffled_task(text, source="sample:pydoc", limit=examples)
    repeats = 1 if args.smoke else args.repeats
    with tempfile.TemporaryDirectory() as tmp:
        loaded = load_model_dir(_write_model(Path(tmp), tokenizer, tiny=args.smoke))
        model = loaded.model
        labels = torch.tensor(task.labels)
        splits = [split_examples(task.labels, seed) for seed in range(3)]
        tokens = sum(len(ids) for ids in encode_texts(tokenizer, task.texts, model.max_len).ids)
        common.section(f"{len(task)} examples ({tokens:,} tokens, {task.classes}), {repeats} repeats")

        def features():
            return pooled_features(model, tokenizer, encode_texts(tokenizer, task.texts, model.max_len))

        def probe() -> list[float]:
            read = features()
            found = []
            for seed, split in enumerate(splits):
                train, test = list(split.train), list(split.test)
                fitted = fit_probe(read[train], labels[train], len(task.classes), seed=seed)
                found.append(accuracy(fitted.predict(read[test].double()), labels[test]))
            return found

        @torch.inference_mode()
        def plain_forward() -> None:
            encoded = encode_texts(tokenizer, task.texts, model.max_len)
            for _, input_ids, mask in batches(encoded.ids, tokenizer.pad_token_id):
                model(input_ids, attention_mask=mask)

        probe()  # warm-up (the first L-BFGS call and the kernels' first use)
        probe_wall, probe_cpu = timed_median(probe, repeats)
        features_wall, features_cpu = timed_median(features, repeats)
        plain_wall, plain_cpu = timed_median(plain_forward, repeats)
    common.table(
        [
            ("the probe: features + 3 seeds' fits", probe_wall, probe_cpu),
            ("  of which the features", features_wall, features_cpu),
            ("plain forward (baseline)", plain_wall, plain_cpu),
        ],
        ["step", "median wall seconds", "median CPU seconds"],
    )
    print(f"model: {'tiny' if args.smoke else 'default'}; {common.machine_summary()}")
    common.ratio_line(
        f"transfer_probe_{len(task)}_examples_median_seconds",
        probe_wall,
        f"< {TARGET_SECONDS:g}",
        probe_wall < TARGET_SECONDS,
    )
    common.ratio_line(
        f"transfer_probe_{len(task)}_examples_median_cpu_seconds",
        probe_cpu,
        f"< {TARGET_SECONDS:g}",
        probe_cpu < TARGET_SECONDS,
    )
    common.ratio_line(
        "transfer_probe_features_over_plain_forward_cpu",
        features_cpu / plain_cpu,
        "< 1",
        features_cpu < plain_cpu,
    )


def _write_model(out: Path, tokenizer, tiny: bool) -> Path:
    """The default configuration's model (the tiny preset for --smoke), seeded and untrained."""
    import torch

    from mlmstudio.config import RunConfig
    from mlmstudio.engine.artifacts import save_model_dir
    from mlmstudio.engine.model_factory import build_model

    config = RunConfig().with_preset("tiny") if tiny else RunConfig()
    torch.manual_seed(0)
    model = build_model(config.model, tokenizer.vocab_size, tokenizer.pad_token_id)
    return save_model_dir(out / "model", model, tokenizer, config, {})


def gap(run_dir: Path, seeds: int) -> None:
    from mlmstudio.engine.artifacts import load_model_dir
    from mlmstudio.engine.evaluate.demo_task import kinds_task
    from mlmstudio.engine.evaluate.transfer import Subject, evaluate_transfer

    loaded = load_model_dir(run_dir)
    report = evaluate_transfer(
        kinds_task(), loaded, [Subject("run", "this run", lambda: loaded)], seeds=seeds
    )
    common.section(
        f"sample:kinds on {run_dir.name}: {report.examples} examples, {seeds} seeds (mean, std, per seed)"
    )
    common.table(
        [(r.label, r.mean, r.spread, " ".join(f"{v:.3f}" for v in r.per_seed)) for r in report.results],
        ["subject", "mean accuracy", "std", "per seed"],
    )
    run, twin = report.result("run"), report.result("twin")
    common.ratio_line(
        "transfer_gap_run_minus_twin_kinds", run.mean - twin.mean, "> 0.25", run.mean - twin.mean > 0.25
    )


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--repeats", type=int, default=3, help="timed repeats (default 3)")
    p.add_argument(
        "--threads", type=int, default=1, help="torch threads (default 1: CPU time = an idle core's)"
    )
    p.add_argument(
        "--run",
        type=Path,
        default=None,
        help="a trained run folder: also its gap to its twin on sample:kinds",
    )
    p.add_argument("--seeds", type=int, default=3, help="with --run: seeds (default 3)")
    args = p.parse_args()
    import torch

    torch.set_num_threads(max(1, args.threads))
    print("transfer_probe:", common.machine_summary())
    speed(args)
    if args.run is not None:
        gap(args.run, args.seeds)


if __name__ == "__main__":
    main()
