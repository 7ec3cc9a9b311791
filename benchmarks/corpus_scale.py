"""Corpus scale: load, split, tokenize and batch 1, 10 and 100 MB corpora.

Each corpus is generated deterministically (a Zipf-distributed vocabulary of
made-up words in sentences, lines and paragraphs, like prose), written to a
.txt file, then processed in a fresh subprocess the way the trainer does it:

1. ``load_corpus(path, progress=...)`` - read, decode, check, statistics;
2. ``split_spans`` - 5% held out in blocks (offsets into the text, as the trainer splits);
3. ``MLMTokenizer.train`` - WordPiece 4k on the engine's even sample of the
   training text (``memory.tokenizer_sample``: at most 20 MB, or
   ``--tokenizer-cap-mb``), so this stage stops growing with the corpus;
4. ``encode_stream`` (training and validation text) with progress callbacks;
5. ``TrainBatches`` - one epoch of masked batches of 32 x 128, and the fixed
   validation batches.

Reported per size: seconds per stage, seconds per MB (without the capped
tokenizer stage), peak memory above the process' memory before loading
(peak RSS, reset before each stage) and its ratio to the corpus size, the
stage where memory peaked, and the number of progress callbacks.

    python benchmarks/corpus_scale.py [--sizes 1,10,100] [--smoke]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from functools import partial
from pathlib import Path

import _common as common

SCRIPT = Path(__file__).resolve()
MB = 1_000_000
TARGET_MEMORY_RATIO = 3.0  # peak memory growth / corpus size
TARGET_LINEARITY = 1.5  # per-MB time of the largest corpus / of the smallest


# --------------------------------------------------------------------------- the generator


def generate_corpus(path: Path, size_bytes: int, seed: int = 0) -> int:
    """Write about ``size_bytes`` of prose-like ASCII text to ``path``; the same seed, the same text."""
    import numpy as np

    rng = np.random.default_rng(seed)
    syllables = [c + v for c in "bcdfghjklmnprstvwz" for v in ("a", "e", "i", "o", "u", "ai", "ou")]
    vocab_size = 30_000
    shapes = rng.integers(1, 4, size=vocab_size)  # syllables per word
    parts = rng.integers(0, len(syllables), size=(vocab_size, 3))
    words = np.array(
        ["".join(syllables[p] for p in parts[i, : shapes[i]]) for i in range(vocab_size)], dtype=object
    )
    ranks = np.arange(1, vocab_size + 1)
    probs = 1.0 / (ranks + 2.7)  # Zipf-Mandelbrot, like real text
    probs /= probs.sum()

    written = 0
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        while written < size_bytes:
            lengths = rng.integers(6, 22, size=2000)  # words per sentence
            picks = words[rng.choice(vocab_size, size=int(lengths.sum()), p=probs)]
            sentences, at = [], 0
            for n in lengths.tolist():
                sentence = " ".join(picks[at : at + n])
                sentences.append(sentence[0].upper() + sentence[1:] + ".")
                at += n
            lines, i = [], 0
            for per_line in rng.integers(1, 5, size=len(sentences)).tolist():
                if i >= len(sentences):
                    break
                lines.append(" ".join(sentences[i : i + per_line]))
                i += per_line
                if rng.random() < 0.2:
                    lines.append("")  # paragraph break
            block = "\n".join(lines) + "\n"
            block = block[: size_bytes - written] if written + len(block) > size_bytes else block
            f.write(block)
            written += len(block)
    return written


# --------------------------------------------------------------------------- one size (child)


class Stages:
    """Times each stage and its peak memory above a fixed baseline."""

    def __init__(self) -> None:
        self.baseline = common.current_rss()
        self.exact = common.reset_peak_rss()
        self.rows: list[dict] = []

    def run(self, name: str, fn):
        common.reset_peak_rss()
        start = time.perf_counter()
        result = fn()
        seconds = time.perf_counter() - start
        self.rows.append(
            {
                "stage": name,
                "seconds": seconds,
                "peak_growth": max(0, common.peak_rss() - self.baseline),
                "after_growth": max(0, common.current_rss() - self.baseline),
            }
        )
        return result


def process(path: Path, tokenizer_cap: int, batch_size: int, seq_len: int) -> dict:
    from mlmstudio.config import MaskingConfig, TokenizerConfig
    from mlmstudio.engine.corpus import load_corpus, split_spans
    from mlmstudio.engine.data import TrainBatches, encode_stream, validation_batches
    from mlmstudio.engine.memory import release_free_memory, tokenizer_sample
    from mlmstudio.engine.tokenization import MLMTokenizer

    calls = {"load": 0, "encode": 0}

    def counter(stage: str):
        def progress(done: int, total: int) -> None:
            calls[stage] += 1

        return progress

    stages = Stages()
    corpus = stages.run("load", lambda: load_corpus(path, progress=counter("load")))
    text = corpus.text
    train, val = stages.run("split", lambda: split_spans(text, 0.05, 0))

    # As the Trainer does: an even sample of the training split (0: the engine's own limit),
    # dropped once the tokenizer is trained,
    # then the freed heap is handed back.
    def train_tokenizer():
        sample = tokenizer_sample(train, limit=tokenizer_cap) if tokenizer_cap else tokenizer_sample(train)
        tokenizer = MLMTokenizer.train([sample], TokenizerConfig(vocab_size=4000))
        del sample
        release_free_memory()
        return tokenizer

    tokenizer = stages.run("tokenizer", train_tokenizer)

    def encode():
        return (encode_stream(train, tokenizer, progress=counter("encode")), encode_stream(val, tokenizer))

    train_stream, val_stream = stages.run("encode", encode)

    def batch():
        batches = TrainBatches(train_stream, tokenizer, seq_len, batch_size, MaskingConfig(), seed=0)
        epoch = max(1, len(train_stream) // (seq_len - 2) // batch_size)
        for _ in range(epoch):
            next(batches)
        validation_batches(val_stream, tokenizer, seq_len, batch_size, 8)
        return epoch

    epoch_batches = stages.run("batch", batch)
    return {
        "bytes": path.stat().st_size,
        "stages": stages.rows,
        "exact_peak": stages.exact,
        "progress_calls": calls,
        "tokens": len(train_stream) + len(val_stream),
        "stream_bytes": int(
            train_stream.ids.nbytes
            + train_stream.word_starts.nbytes
            + val_stream.ids.nbytes
            + val_stream.word_starts.nbytes
        ),
        "batches": epoch_batches,
    }


# --------------------------------------------------------------------------- the benchmark


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--sizes", default="1,10,100", help="corpus sizes in MB (default 1,10,100)")
    p.add_argument(
        "--tokenizer-cap-mb",
        type=float,
        default=0.0,
        help="MB of training text the tokenizer learns from (default 0: the engine's own "
        "20 MB sample, as the Trainer does)",
    )
    p.add_argument("--keep-dir", help="write the corpora here and keep them (default: a temp folder)")
    p.add_argument("--child", help=argparse.SUPPRESS)  # internal: process one corpus file
    args = p.parse_args()
    batch_size, seq_len = (8, 64) if args.smoke else (32, 128)
    cap = int(args.tokenizer_cap_mb * MB)
    if args.child:
        common.child_result(process(Path(args.child), cap, batch_size, seq_len))
        return
    sizes = [0.05, 0.1] if args.smoke else [float(s) for s in args.sizes.split(",")]

    print("corpus_scale:", common.machine_summary())
    learns_from = (
        f"an even {args.tokenizer_cap_mb:g} MB sample" if cap else "the engine's even sample (at most 20 MB)"
    )
    print(
        f"tokenizer: WordPiece 4k on {learns_from}; "
        f"batches {batch_size} x {seq_len}, one epoch; each size in a fresh process"
    )
    tmp = tempfile.TemporaryDirectory()
    folder = Path(args.keep_dir or tmp.name)
    folder.mkdir(parents=True, exist_ok=True)
    results = []
    for size in sizes:
        path = folder / f"corpus-{size:g}MB.txt"
        if not path.exists() or path.stat().st_size != int(size * MB):
            seconds, _ = common.timed(partial(generate_corpus, path, int(size * MB)))
            print(f"generated {path.name} in {seconds:.1f} s")
        child = ["--child", str(path), "--tokenizer-cap-mb", str(args.tokenizer_cap_mb)]
        results.append(common.run_child(SCRIPT, child + (["--smoke"] if args.smoke else [])))
        r = results[-1]
        print(f"{size:g} MB: " + ", ".join(f"{s['stage']} {s['seconds']:.2f} s" for s in r["stages"]))
    tmp.cleanup()

    common.section("per size")
    rows = []
    per_mb = []
    memory_ratios = []
    for r in results:
        mb = r["bytes"] / MB
        # The tokenizer's sample is capped, so its stage is a fixed cost, not a per-MB one.
        scaled = sum(s["seconds"] for s in r["stages"] if s["stage"] != "tokenizer")
        per_mb.append(scaled / mb)
        peak = max(r["stages"], key=lambda s: s["peak_growth"])
        memory_ratios.append(peak["peak_growth"] / r["bytes"])
        rows.append(
            [
                f"{mb:g}",
                f"{r['tokens']:,}",
                *(s["seconds"] for s in r["stages"]),
                scaled / mb,
                common.mib(peak["peak_growth"]),
                memory_ratios[-1],
                peak["stage"],
                r["stream_bytes"] / r["bytes"],
                f"{r['progress_calls']['load']}/{r['progress_calls']['encode']}",
            ]
        )
    stage_names = [s["stage"] for s in results[0]["stages"]]
    common.table(
        rows,
        [
            "MB",
            "tokens",
            *(f"{n} s" for n in stage_names),
            "s/MB*",
            "peak MiB",
            "peak/size",
            "peak at",
            "ids/size",
            "progress load/encode",
        ],
    )
    print(
        "s/MB*: all stages but the tokenizer training (a capped sample, a fixed cost). "
        "peak MiB: the highest peak RSS of any stage above the RSS before loading. "
        "ids/size: bytes of the token arrays per corpus byte."
    )
    common.section("memory by stage, largest corpus (MiB above the start: peak during / held after)")
    for s in results[-1]["stages"]:
        print(f"  {s['stage']:<10} {common.mib(s['peak_growth']):8.0f} {common.mib(s['after_growth']):8.0f}")

    linearity = per_mb[-1] / per_mb[0]
    common.ratio_line(
        "corpus_scale_time_per_mb_largest_over_smallest",
        linearity,
        f"<= {TARGET_LINEARITY:g}",
        linearity <= TARGET_LINEARITY,
    )
    # At the largest size: for small corpora the fixed cost (tokenizer, torch's first
    # allocations, about 20-30 MiB) dominates and says nothing about scaling.
    largest = memory_ratios[-1]
    common.ratio_line(
        "corpus_scale_peak_memory_over_corpus_size_largest",
        largest,
        f"<= {TARGET_MEMORY_RATIO:g}",
        largest <= TARGET_MEMORY_RATIO,
    )
    reported = all(r["progress_calls"]["load"] > 0 and r["progress_calls"]["encode"] > 0 for r in results)
    print(
        f"progress reported while working: {'yes' if reported else 'NO'} "
        f"(callbacks at every size for loading and tokenizing)"
    )


if __name__ == "__main__":
    main()
