"""Fill-mask latency: one sentence through our Predictor, tiny and small presets.

For each preset a model folder is written (weights as initialised: latency does
not depend on what the model learned) with a WordPiece tokenizer trained on
the pydoc sample, and loaded back the way the app loads a run. Timed, after a
warm-up, as the median of many calls:

- ``Predictor.fill_mask`` on one sentence with one [MASK] (the Explore page's
  question) for the default ``modern`` architecture and for ``seed``;
- ``Predictor.fill_iteratively`` on a sentence with three [MASK]s (three
  forward passes, most confident first);
- the baseline: Hugging Face's ``pipeline("fill-mask")`` on the ``seed`` model
  of the same size exported with ``mlmstudio.engine.export.export_hf`` (when
  transformers is installed), on the same sentences.

    python benchmarks/fill_latency.py [--calls 50] [--smoke]
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import _common as common

ONE_MASK = "A [MASK] statement leaves the innermost enclosing loop early."
THREE_MASKS = "The [MASK] function returns the [MASK] of the given [MASK]."
TARGET_ONE_MS = 20.0
TARGET_THREE_MS = 60.0


def median_ms(fn: Callable[[], object], calls: int, warmup: int = 3) -> float:
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        fn()
        times.append(1000 * (time.perf_counter() - start))
    return common.median(times)


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--calls", type=int, default=50, help="timed calls per figure (default 50)")
    p.add_argument("--no-hf", action="store_true", help="skip the Hugging Face pipeline")
    args = p.parse_args()
    calls = 5 if args.smoke else args.calls

    from mlmstudio.config import TokenizerConfig
    from mlmstudio.engine.predict import Predictor
    from mlmstudio.engine.samples import sample_text
    from mlmstudio.engine.tokenization import MLMTokenizer

    print("fill_latency:", common.machine_summary())
    text = sample_text("pydoc")
    if args.smoke:
        text = text[:60_000]
    tokenizer = MLMTokenizer.train([text], TokenizerConfig(vocab_size=600 if args.smoke else 4000))
    print(f"tokenizer: WordPiece, {tokenizer.vocab_size} tokens; {calls} timed calls per figure")
    has_hf = common.transformers_version() is not None and not args.no_hf
    presets = ["tiny"] if args.smoke else ["tiny", "small"]

    rows, results = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for preset in presets:
            modern = Predictor.from_dir(common.write_model(Path(tmp), preset, "modern", tokenizer))
            seed_dir = common.write_model(Path(tmp), preset, "seed", tokenizer)
            seed = Predictor.from_dir(seed_dir)
            figures = {
                "ours modern fill_mask": median_ms(partial(modern.fill_mask, ONE_MASK), calls),
                "ours modern fill_iteratively x3": median_ms(
                    partial(modern.fill_iteratively, THREE_MASKS), calls
                ),
                "ours seed fill_mask": median_ms(partial(seed.fill_mask, ONE_MASK), calls),
                "ours seed fill_iteratively x3": median_ms(
                    partial(seed.fill_iteratively, THREE_MASKS), calls
                ),
            }
            if has_hf:
                from transformers import pipeline
                from transformers.utils import logging as hf_logging

                hf_logging.disable_progress_bar()

                from mlmstudio.engine.export import export_hf

                hf_dir = export_hf(seed_dir, Path(tmp) / f"{preset}-hf")
                fill = pipeline("fill-mask", model=str(hf_dir), device="cpu")
                figures["HF pipeline fill-mask (seed)"] = median_ms(partial(fill, ONE_MASK), calls)
                figures["HF pipeline 3 masks, independent (seed)"] = median_ms(
                    partial(fill, THREE_MASKS), calls
                )
            results[preset] = figures
            params = sum(p.numel() for p in modern.model.parameters())
            for name, ms in figures.items():
                rows.append([preset, f"{params / 1e6:.2f}M", name, ms])

    common.section("median latency per call")
    common.table(rows, ["preset", "params", "what", "ms"])
    if has_hf:
        print(
            "HF's 3-mask call guesses each mask independently in one pass; ours fills them one "
            "at a time (three passes), which is what the Explore page offers."
        )

    for preset in presets:
        figures = results[preset]
        one, three = figures["ours modern fill_mask"], figures["ours modern fill_iteratively x3"]
        common.ratio_line(
            f"fill_latency_{preset}_one_mask_median_ms", one, f"< {TARGET_ONE_MS:g}", one < TARGET_ONE_MS
        )
        common.ratio_line(
            f"fill_latency_{preset}_iterative_3_masks_median_ms",
            three,
            f"< {TARGET_THREE_MS:g}",
            three < TARGET_THREE_MS,
        )
        if has_hf:
            speedup = figures["HF pipeline fill-mask (seed)"] / figures["ours seed fill_mask"]
            common.ratio_line(
                f"fill_latency_{preset}_hf_pipeline_over_ours_same_seed_model",
                speedup,
                ">= 1",
                speedup >= 1.0,
            )


if __name__ == "__main__":
    main()
