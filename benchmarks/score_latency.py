"""Sentence-scoring latency: the pseudo-log-likelihood of a 30-token sentence, small preset.

A model folder is written for the ``small`` preset (weights as initialised:
latency does not depend on what the model learned) with a WordPiece tokenizer
trained on the pydoc sample, and loaded back the way the app loads a run.
Timed, after a warm-up, as the median of many calls:

- ``engine.inspect.scoring.score_sentence``: every masked copy of the sentence in one
  batched pass (both the token-level and the word-level PLL), for the default
  ``modern`` architecture (head only at the scored positions) and for ``seed``,
  in fp32 (the default) and under bf16 autocast (``precision="bf16"``);
- the baseline, in the same run: the same PLL one masked copy at a time (one
  forward pass per token, full logits), as a notebook would write it.

    python benchmarks/score_latency.py [--calls 30] [--smoke]
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import _common as common

TARGET_TOKENS = 30
TARGET_MS = 50.0


def median_ms(fn: Callable[[], object], calls: int, warmup: int = 3) -> tuple[float, float]:
    """Median wall-clock and median process CPU milliseconds per call.

    On a shared machine the wall time grows with the load; with one torch
    thread the CPU time is what the call costs on a core of its own.
    """
    for _ in range(warmup):
        fn()
    wall, cpu = [], []
    for _ in range(calls):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(1000 * (time.perf_counter() - start))
        cpu.append(1000 * (time.process_time() - start_cpu))
    return common.median(wall), common.median(cpu)


def sentence_of(tokenizer, text: str, tokens: int) -> str:
    """Consecutive words from ``text`` that encode to exactly ``tokens`` tokens (else the closest below)."""
    words = text.split()
    best = ""
    for start in range(200, min(len(words), 2000), 7):
        candidate = ""
        for n in range(1, 60):
            longer = " ".join(words[start : start + n])
            count = len(tokenizer.encode(longer))
            if count > tokens:
                break
            candidate = longer
            if count == tokens:
                return candidate
        if len(tokenizer.encode(candidate)) > len(tokenizer.encode(best)):
            best = candidate
    return best


def one_at_a_time(predictor, ids: list[int]) -> float:
    """The baseline PLL: one forward pass per masked token."""
    import torch

    tok = predictor.tokenizer
    total = 0.0
    with torch.inference_mode():
        for i in range(len(ids)):
            row = [tok.cls_token_id, *ids, tok.sep_token_id]
            row[i + 1] = tok.mask_token_id
            logits = predictor.model(torch.tensor([row])).logits[0, i + 1]
            total += float(torch.log_softmax(logits.float(), -1)[ids[i]])
    return total


def main() -> None:
    p = common.parser(__doc__.splitlines()[0])
    p.add_argument("--calls", type=int, default=30, help="timed calls per figure (default 30)")
    p.add_argument(
        "--threads",
        type=int,
        default=1,
        help="torch threads (default 1: then CPU time per call is the time on an idle core)",
    )
    args = p.parse_args()
    calls = 3 if args.smoke else args.calls

    import torch

    torch.set_num_threads(max(1, args.threads))

    from mlmstudio.config import TokenizerConfig
    from mlmstudio.engine.inspect.scoring import score_sentence
    from mlmstudio.engine.predict import Predictor
    from mlmstudio.engine.samples import sample_text
    from mlmstudio.engine.tokenization import MLMTokenizer

    print("score_latency:", common.machine_summary())
    text = sample_text("pydoc")
    if args.smoke:
        text = text[:60_000]
    tokenizer = MLMTokenizer.train([text], TokenizerConfig(vocab_size=600 if args.smoke else 4000))
    sentence = sentence_of(tokenizer, text, TARGET_TOKENS)
    ids = tokenizer.encode(sentence)
    print(
        f"tokenizer: WordPiece, {tokenizer.vocab_size} tokens; sentence of {len(ids)} tokens "
        f"({len(set(tokenizer.encode_with_words(sentence)[1].tolist()))} words); {calls} timed calls"
    )
    preset = "tiny" if args.smoke else "small"

    rows, figures = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        for arch in ("modern", "seed"):
            predictor = Predictor.from_dir(common.write_model(Path(tmp), preset, arch, tokenizer))
            batched = median_ms(lambda p=predictor: score_sentence(p, sentence), calls)
            bf16 = median_ms(lambda p=predictor: score_sentence(p, sentence, precision="bf16"), calls)
            drift = abs(
                score_sentence(predictor, sentence, precision="bf16").score
                - score_sentence(predictor, sentence).score
            )
            loop = median_ms(lambda p=predictor: one_at_a_time(p, ids), max(3, calls // 3))
            check = score_sentence(predictor, sentence, metric="token").score - one_at_a_time(predictor, ids)
            params = sum(t.numel() for t in predictor.model.parameters())
            rows.append([preset, arch, f"{params / 1e6:.2f}M", "batched (score_sentence)", *batched])
            rows.append([preset, arch, f"{params / 1e6:.2f}M", "batched, bf16 autocast", *bf16])
            rows.append([preset, arch, f"{params / 1e6:.2f}M", "one masked copy at a time", *loop])
            print(
                f"{arch}: batched PLL - one-at-a-time PLL = {check:.2e} nats; "
                f"bf16 PLL differs from fp32 by {drift:.3f} nats"
            )
            figures[arch] = (batched, loop, bf16)

    common.section(f"median latency of one sentence's PLL ({len(ids)} tokens)")
    common.table(rows, ["preset", "arch", "params", "what", "wall ms", "CPU ms"])
    (batched, batched_cpu), (loop, _), (bf16, bf16_cpu) = figures["modern"]
    common.ratio_line(
        f"score_latency_{preset}_pll_{TARGET_TOKENS}_tokens_median_ms",
        batched,
        f"< {TARGET_MS:g}",
        batched < TARGET_MS,
    )
    common.ratio_line(
        f"score_latency_{preset}_pll_{TARGET_TOKENS}_tokens_median_cpu_ms",
        batched_cpu,
        f"< {TARGET_MS:g}",
        batched_cpu < TARGET_MS,
    )
    common.ratio_line(
        f"score_latency_{preset}_pll_{TARGET_TOKENS}_tokens_bf16_median_cpu_ms",
        bf16_cpu,
        f"< {TARGET_MS:g}",
        bf16_cpu < TARGET_MS,
    )
    common.ratio_line(
        f"score_latency_{preset}_one_at_a_time_over_batched", loop / batched, ">= 1", loop >= batched
    )


if __name__ == "__main__":
    main()
